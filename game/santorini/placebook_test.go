package santorini

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The placement book is written by
//
//	go test ./game/santorini -run TestPlacementBook -placebook -timeout 0 -v
//
// which searches each entry with a new competitive search (NewCompetitive)
// to a fixed depth, so the same code and network write the same book. It
// must be written again when the search or the network changes.
var placeBookFlag = flag.Bool("placebook", false, "TestPlacementBook: search the placement book again and write placebook.txt")

// The depths of the book's searches: the last round's leaf search depth
// (a 300 ms placement search completes 5 to 7 for P1, 7 to 9 for P2).
const (
	bookDepthP1 = 13
	bookDepthP2 = 12
)

// TestPlacementBook checks the embedded placement book, or with -placebook
// writes it: P1's placement on the empty board and P2's after each kind of
// P1 placement, each legal; every symmetric image of a position finds its
// answer, turned as the position is; other rules than the standard ones
// find none.
func TestPlacementBook(t *testing.T) {
	empty := NewBoard()
	positions := []Board{empty}
	for _, c := range placements(&empty) {
		positions = append(positions, empty.after(placement(c.cells[0], c.cells[1])))
	}
	book := placeBook()
	if *placeBookFlag {
		writePlaceBook(t, positions)
		return // the test binary embeds the old book: run the test again to check the new one
	}
	require.Len(t, book, len(positions), "the empty board and the 49 kinds of P1 placement")
	for i, b := range positions {
		e, ok := bookPlacement(&b, book)
		require.True(t, ok, b.Position())
		require.Equal(t, b.Position(), book[i].board.Position(), "in the order written")
		_, err := b.Apply(e.best)
		require.NoError(t, err, b.Position())
	}
	// Every image of P1's placement finds P2's answer, turned.
	b := play(t, empty, "B2 C4")
	base, ok := bookPlacement(&b, book)
	require.True(t, ok)
	for s := range 8 {
		a, c := symmetric(cell("B2"), s), symmetric(cell("C4"), s)
		turned := empty.after(placement(a, c))
		res, ok := BookPlacement(&turned)
		require.True(t, ok)
		x, y := symmetric(base.best.Cells[0], s), symmetric(base.best.Cells[1], s)
		require.Equal(t, placement(min(x, y), max(x, y)), res.Best, "symmetry %d", s)
		require.Equal(t, base.depth, res.Depth)
	}
	b.Rules.KandicEndCheck = true
	_, ok = BookPlacement(&b)
	require.False(t, ok, "the book is the standard rules'")

	_, err := parsePlaceBook("0000000000000000000000000/1// B3 C2 depth 9\n")
	require.ErrorContains(t, err, "line 1: ")
	_, err = parsePlaceBook("# comment\n0000000000000000000000000/1/C3,B2/B3,D2 B3 C2 depth 9 value 0.2\n")
	require.ErrorContains(t, err, "line 2: position 0000000000000000000000000/1/C3,B2/B3,D2 is not in the placement")
	_, err = parsePlaceBook("0000000000000000000000000/2/C3,B2/ C3 C2 depth 9 value 0.2\n")
	require.ErrorContains(t, err, "E_OCCUPIED")
}

// writePlaceBook searches the book's positions and writes placebook.txt.
func writePlaceBook(t *testing.T, positions []Board) {
	var out strings.Builder
	fmt.Fprintf(&out, "# The competitive engine's placement book (placebook.go): P1's placement on the\n")
	fmt.Fprintf(&out, "# empty board searched to depth %d, P2's after each kind of P1 placement to depth %d.\n", bookDepthP1, bookDepthP2)
	fmt.Fprintf(&out, "# Written by: go test ./game/santorini -run TestPlacementBook -placebook -timeout 0 -v\n")
	fmt.Fprintf(&out, "# POSITION PLACEMENT depth D value V (for the side to place)\n")
	for i, b := range positions {
		depth := bookDepthP2
		if b.Phase == Place1 {
			depth = bookDepthP1
		}
		start := time.Now()
		res, err := NewCompetitive().Place(t.Context(), &b, Limit{Depth: depth}, nil)
		require.NoError(t, err)
		value := strings.Replace(fmt.Sprintf("%.2f", res.Value), "-0.00", "0.00", 1)
		line := fmt.Sprintf("%s %s depth %d value %s", b.Position(), res.Best, res.Depth, value)
		t.Logf("%d/%d %s (%v, %s nodes)", i+1, len(positions), line, time.Since(start).Round(time.Millisecond), groupDigits(res.Nodes))
		out.WriteString(line + "\n")
	}
	_, err := parsePlaceBook(out.String())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile("placebook.txt", []byte(out.String()), 0o644))
}
