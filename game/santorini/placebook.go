package santorini

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The placement book: the placement search's answers (Place), searched
// offline much deeper than a move's time allows, for every placement
// position of a game under the standard rules (blocks cannot stand before
// the placement ends): P1's on the empty board, and P2's after each of the
// 49 kinds of P1 placement. The competitive player and the engine's go
// movetime answer from it (BookPlacement); a search to a depth searches.
//
// placebook.txt holds one entry a line: the position (P1's placement the
// least of its symmetric images), the placement, the depth of the last
// round and its value for the side to place; # starts a comment. It is
// written by TestPlacementBook with -placebook (see there), which without
// the flag checks it.
//
//go:embed placebook.txt
var placeBookText string

// bookEntry is one answer of the placement book.
type bookEntry struct {
	board Board
	best  Turn
	depth int
	value float64
}

// placeBook is the embedded book, read once.
var placeBook = sync.OnceValue(func() []bookEntry {
	book, err := parsePlaceBook(placeBookText)
	if err != nil {
		panic(fmt.Sprintf("santorini: the embedded placement book placebook.txt: %v", err))
	}
	return book
})

// parsePlaceBook reads a placement book: lines "POSITION C1 C2 depth D
// value V", blank lines and # comments skipped.
func parsePlaceBook(text string) ([]bookEntry, error) {
	var out []bookEntry
	for n, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 7 || f[3] != "depth" || f[5] != "value" {
			return nil, fmt.Errorf("line %d: %q is not POSITION C1 C2 depth D value V", n+1, line)
		}
		b, err := ParsePosition(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		if b.Phase != Place1 && b.Phase != Place2 {
			return nil, fmt.Errorf("line %d: position %s is not in the placement", n+1, f[0])
		}
		t, err := ParseTurn(&b, f[1]+" "+f[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: placement %s %s: %w", n+1, f[1], f[2], err)
		}
		depth, errD := strconv.Atoi(f[4])
		value, errV := strconv.ParseFloat(f[6], 64)
		if errD != nil || errV != nil || depth < 0 || depth > maxPly {
			return nil, fmt.Errorf("line %d: depth %q or value %q is not a number", n+1, f[4], f[6])
		}
		out = append(out, bookEntry{board: b, best: t, depth: depth, value: value})
	}
	return out, nil
}

// BookPlacement is the placement book's answer for b, turned to b's
// orientation, when b is in the placement under the standard rules and the
// book has its position up to symmetry: the placement, its value for the
// side to place and the depth it was searched to.
func BookPlacement(b *Board) (SearchResult, bool) {
	if b.Rules != (Rules{}) {
		return SearchResult{}, false
	}
	e, ok := bookPlacement(b, placeBook())
	if !ok {
		return SearchResult{}, false
	}
	return SearchResult{Best: e.best, Value: e.value, Depth: e.depth, Values: map[string]float64{e.best.String(): e.value}}, true
}

// bookPlacement is book's placement for b, turned to b's orientation,
// when book has b's position up to symmetry.
func bookPlacement(b *Board, book []bookEntry) (bookEntry, bool) {
	for _, e := range book {
		if e.board.Phase != b.Phase {
			continue
		}
		for s := range 8 {
			if !sameImage(e.board.Workers[0], b.Workers[0], s) || !sameHeights(&e.board, b, s) {
				continue
			}
			a, c := symmetric(e.best.Cells[0], s), symmetric(e.best.Cells[1], s)
			e.best = placement(min(a, c), max(a, c))
			return e, true
		}
	}
	return bookEntry{}, false
}

// sameImage reports whether symmetry s maps the worker cells w onto v, as
// sets (both unplaced counts as the same).
func sameImage(w, v [2]Cell, s int) bool {
	if w[0] == NoCell || v[0] == NoCell {
		return w[0] == v[0]
	}
	a, c := symmetric(w[0], s), symmetric(w[1], s)
	return a == v[0] && c == v[1] || a == v[1] && c == v[0]
}

// sameHeights reports whether symmetry s maps a's heights onto b's.
func sameHeights(a, b *Board, s int) bool {
	for c := Cell(0); c < cellCount; c++ {
		if b.Height[symmetric(c, s)] != a.Height[c] {
			return false
		}
	}
	return true
}
