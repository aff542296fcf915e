package santorini

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The placement search, P1's on the empty board and P2's after P1's,
// answers legally within its time: the fastest of three answers within the
// time plus 20 ms (a search that overran its budget would overrun it every
// time), every one within the time plus what a busy machine may add.
func TestPlaceInTime(t *testing.T) {
	const budget = 300 * time.Millisecond
	empty := NewBoard()
	for _, b := range []Board{empty, play(t, empty, "C3 B2")} {
		fastest := time.Hour
		for range 3 {
			c := newSearcher(tableBits(budget), defaultNet()) // the player's
			start := time.Now()
			res, err := c.Place(t.Context(), &b, Limit{Time: budget}, nil)
			took := time.Since(start)
			require.NoError(t, err)
			fastest = min(fastest, took)
			require.Less(t, took, budget+busy, res.Best.String())
			_, err = b.Apply(res.Best)
			require.NoError(t, err)
			require.Positive(t, res.Depth, "at least one round")
			t.Logf("P%d places %s in %v: depth %d, %d nodes", b.Side+1, res.Best, took, res.Depth, res.Nodes)
		}
		require.LessOrEqual(t, fastest, budget+20*time.Millisecond)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	res, err := NewCompetitive().Place(ctx, &empty, Limit{Time: budget}, nil)
	require.NoError(t, err)
	require.Equal(t, 0, res.Depth)
	// A search stopped at once answers the static ranking's best: the
	// placement whose worst reply the evaluation of the whole position
	// rates best (the search adds only each reply's workers' rows).
	c := NewCompetitive()
	best, bestValue := Turn{}, -float64(winValue)
	for _, p1 := range placements(&empty) {
		after := empty.after(placement(p1.cells[0], p1.cells[1]))
		worst := float64(winValue)
		for _, p2 := range placements(&after) {
			leaf := after.after(placement(p2.cells[0], p2.cells[1]))
			worst = min(worst, scoreValue(c.staticEval(&leaf)))
		}
		if worst > bestValue {
			best, bestValue = placement(p1.cells[0], p1.cells[1]), worst
		}
	}
	require.Equal(t, best, res.Best)
	require.Equal(t, bestValue, res.Value)
}

// The competitive player places from the book under the standard rules,
// else by its search; its seed turns the placement.
func TestCompetitivePlaces(t *testing.T) {
	empty := NewBoard()
	for _, rules := range []Rules{{}, {KandicEndCheck: true}} {
		for _, b := range []Board{empty, play(t, empty, "C3 B2")} {
			b.Rules = rules
			p, err := Title{}.NewBot("competitive", "100ms", game.Seat(b.Side), game.NewRand(7, 1))
			require.NoError(t, err)
			start := time.Now()
			a, err := p.Play(t.Context(), &b)
			require.NoError(t, err)
			require.Less(t, time.Since(start), 100*time.Millisecond+busy)
			tu, err := ParseTurn(&b, a.Move)
			require.NoError(t, err)
			require.True(t, tu.Place)
			if rules == (Rules{}) {
				require.Regexp(t, `^placement from the book: depth \d+ · best [A-E][1-5] [A-E][1-5] (= -?\d+\.\d\d|wins|loses)`, a.Notes.Text)
				res, ok := BookPlacement(&b)
				require.True(t, ok)
				require.Equal(t, canonicalPair(res.Best), canonicalPair(tu), "the book's, turned")
			} else {
				require.Regexp(t, `^placement: depth \d+ · [\d ]+ nodes · best `, a.Notes.Text)
			}
		}
	}
	p, err := Title{}.NewBot("competitive", "300ms", 0, nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err = p.Play(ctx, &empty)
	require.ErrorIs(t, err, context.Canceled)
}

// The placements searched are one of each set the board's symmetries make
// equal: 49 kinds of placement on the empty board (of 300), and after P1's
// placement one of each kind its symmetries leave: after C3 B2 the mirror
// on the diagonal, 133 kinds of 253 ((253 + 13 pairs that are their own
// image) / 2), none after A1 B3.
func TestPlacementsUpToSymmetry(t *testing.T) {
	empty := NewBoard()
	for _, c := range []struct {
		b     Board
		kinds int
		syms  int
	}{
		{empty, 49, 8},
		{play(t, empty, "C3 B2"), 133, 2},
		{play(t, empty, "C3 B3"), 133, 2},
		{play(t, empty, "A1 B3"), 253, 1},
	} {
		cands := placements(&c.b)
		require.Len(t, stabilizer(&c.b), c.syms)
		// Every free pair is the image of exactly one candidate.
		covered := map[[2]Cell]int{}
		for _, pc := range cands {
			seen := map[[2]Cell]bool{}
			for _, s := range stabilizer(&c.b) {
				a, d := symmetric(pc.cells[0], s), symmetric(pc.cells[1], s)
				key := [2]Cell{min(a, d), max(a, d)}
				if !seen[key] {
					seen[key] = true
					covered[key]++
				}
			}
		}
		free := 0
		occ := c.b.occupied()
		for c1 := Cell(0); c1 < cellCount; c1++ {
			for c2 := c1 + 1; c2 < cellCount; c2++ {
				if occ&(1<<uint(c1)|1<<uint(c2)) == 0 {
					free++
					require.Equal(t, 1, covered[[2]Cell{c1, c2}], "%s %s", c1, c2)
				}
			}
		}
		require.Len(t, covered, free)
		require.Len(t, cands, c.kinds)
	}
}

// P1's placement is the same up to symmetry whatever the seed: the seed
// only turns it, by a symmetry of the board, and the search to a fixed
// depth answers the same on every run. P2's placement is the best value of
// the last round, for P2.
func TestPlacementSymmetricChoice(t *testing.T) {
	empty := NewBoard()
	res, err := NewCompetitive().Place(t.Context(), &empty, Limit{Depth: 3}, nil)
	require.NoError(t, err)
	again, err := NewCompetitive().Place(t.Context(), &empty, Limit{Depth: 3}, nil)
	require.NoError(t, err)
	require.Equal(t, res.Best, again.Best)
	require.Equal(t, 3, res.Depth)
	want := canonicalPair(res.Best)
	turned := map[string]bool{}
	for seed := range int64(24) {
		tu := SymmetricPlacement(&empty, res.Best, game.NewRand(seed, 1))
		_, err := empty.Apply(tu)
		require.NoError(t, err)
		require.Equal(t, want, canonicalPair(tu), tu.String())
		turned[tu.String()] = true
	}
	require.Greater(t, len(turned), 1, "the seeds turn the placement")

	b := play(t, empty, res.Best.String())
	var infos []Info
	p2, err := NewCompetitive().Place(t.Context(), &b, Limit{Depth: 4}, func(in Info) { infos = append(infos, in) })
	require.NoError(t, err)
	_, err = b.Apply(p2.Best)
	require.NoError(t, err)
	require.Len(t, infos, 4, "one info per round")
	require.Equal(t, p2.Best, infos[3].PV[0])
	best := -float64(winValue)
	for _, v := range p2.Values {
		best = max(best, v)
	}
	require.Equal(t, best, p2.Value)
	require.Equal(t, p2.Value, p2.Values[p2.Best.String()])

	_, err = NewCompetitive().Place(t.Context(), &b, Limit{Depth: 1}, nil)
	require.NoError(t, err)
	played := play(t, b, p2.Best.String())
	_, err = NewCompetitive().Place(t.Context(), &played, Limit{Depth: 1}, nil)
	require.Error(t, err, "not in placement")
}

// canonicalPair names a placement on the empty board the same way for all
// its symmetric images.
func canonicalPair(t Turn) [2]Cell {
	best := [2]Cell{cellCount, cellCount}
	for s := range 8 {
		a, c := symmetric(t.Cells[0], s), symmetric(t.Cells[1], s)
		k := [2]Cell{min(a, c), max(a, c)}
		if k[0] < best[0] || k[0] == best[0] && k[1] < best[1] {
			best = k
		}
	}
	return best
}
