package santorini

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/stretchr/testify/require"
)

// Scenario 18: the perft table of §8.
var perftTable = []struct {
	name, pos string
	counts    []uint64 // d1, d2, ...
}{
	{"F1", "0000000000000000000000000/1//", []uint64{300, 75_900, 4_313_232}},
	{"F2", "0000000000000000000000000/2/C3,B2/", []uint64{253, 19_404}},
	{"F3", "0000000000000000000000000/1/C3,B2/C2,D2", []uint64{62, 3_451, 241_902, 14_668_964, 957_924_658}},
	{"F4", "0000000000000000000000000/1/C3,B2/B3,D2", []uint64{59, 4_156, 279_954, 18_561_514, 1_180_104_529}},
	{"F5", "0000000000100010000000000/1/B3,B2/D3,D2", []uint64{68, 4_496, 297_568, 19_513_944}},
	{"F6", "0000000000000300132000111/1/D2,C3/D1,B2", []uint64{47, 1_826, 99_986, 3_536_189}},
	{"F7", "0000004300331230201000000/1/C3,E1/A5,D2", []uint64{38, 1_336, 50_582, 1_468_147, 48_895_874}},
	{"F8", "0002000042000004300004000/2/C3,C1/A1,E5", []uint64{0, 0}},
	{"F9", "0004000044000004400001000/1/B1,E5/C3,C4", []uint64{11, 547, 11_248}},
}

func TestScenario18Perft(t *testing.T) {
	t.Parallel()
	for _, row := range perftTable {
		b := position(t, row.pos)
		for d, want := range row.counts {
			if d+1 == 5 && testing.Short() {
				continue // about 2 s for the three d5 entries
			}
			require.Equal(t, want, Perft(b, d+1), "%s d%d", row.name, d+1)
		}
	}
	require.Equal(t, uint64(1), Perft(NewBoard(), 0))
}

// Perft agrees with counting Legal() by brute force, winning moves once.
func TestPerftMatchesLegal(t *testing.T) {
	t.Parallel()
	for _, b := range randomPositions(t, 20, 7) {
		var n uint64
		for _, tu := range b.Legal() {
			next, err := b.Apply(tu)
			require.NoError(t, err)
			if tu.Win {
				continue // a win ends the line before the last ply
			}
			n += uint64(len(next.Legal()))
		}
		require.Equal(t, n, Perft(b, 2), b.Position())
		require.Equal(t, uint64(len(b.Legal())), Perft(b, 1), b.Position())
	}
}

// randomPositions plays seeded random games and returns n play positions
// from them.
func randomPositions(t testing.TB, n int, seed int64) []Board {
	rng := game.NewRand(seed, 0)
	var out []Board
	for len(out) < n {
		b := NewBoard()
		plies := rng.IntN(40)
		for i := 0; b.Phase != Over && i < plies+2; i++ {
			legal := b.Legal()
			next, err := b.Apply(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
			b = next
		}
		if b.Phase == Play {
			out = append(out, b)
		}
	}
	return out
}

// Scenario 15: the evaluation f and the simple players' choices.
func TestScenario15Evaluation(t *testing.T) {
	t.Parallel()
	b := position(t, repaired)
	tu, err := ParseTurn(&b, "C3 B3 A3")
	require.NoError(t, err)
	require.InDelta(t, math.Sqrt(5)+math.Sqrt(10)-1-math.Sqrt(2), Evaluate(&b, tu, 0), 1e-12)
	require.InDelta(t, 2.984132, Evaluate(&b, tu, 0), 1e-6)
	for _, c := range []struct {
		depth int
		best  string
		value float64
	}{{1, "C3 B4 A5", 3.271701}, {2, "B2 C1 B1", -2.414214}, {3, "B2 B3 A4", 6.854811}} {
		for _, ab := range []bool{false, true} {
			res, err := Search(t.Context(), &b, c.depth, ab)
			require.NoError(t, err)
			require.Equal(t, c.best, res.Best.String(), "depth %d alphabeta %v", c.depth, ab)
			require.InDelta(t, c.value, res.Value, 1e-6)
			require.InDelta(t, c.value, res.Values[c.best], 1e-6)
			require.Len(t, res.Values, 62)
		}
	}
}

// Minimax and alpha-beta give the same move and the same root values.
func TestMinimaxEqualsAlphaBeta(t *testing.T) {
	t.Parallel()
	positions := randomPositions(t, 60, 1)
	for depth := 1; depth <= 3; depth++ {
		var mmNodes, abNodes int
		for _, b := range positions {
			mm, err := Search(t.Context(), &b, depth, false)
			require.NoError(t, err)
			ab, err := Search(t.Context(), &b, depth, true)
			require.NoError(t, err)
			require.Equal(t, mm.Best, ab.Best, "%s depth %d", b.Position(), depth)
			require.Equal(t, mm.Values, ab.Values, "%s depth %d", b.Position(), depth)
			require.Equal(t, mm.Value, ab.Value)
			mmNodes += mm.Nodes
			abNodes += ab.Nodes
		}
		require.LessOrEqual(t, abNodes, mmNodes)
		t.Logf("depth %d: minimax %d nodes, alphabeta %d nodes", depth, mmNodes, abNodes)
	}
}

func TestSearchTerminalsAndErrors(t *testing.T) {
	t.Parallel()
	// Scenario 12's position: the win scores 1 000 000 − 1.
	b := position(t, "0000000000000300002000000/1/D2,A1/E5,A5")
	res, err := Search(t.Context(), &b, 1, true)
	require.NoError(t, err)
	require.Equal(t, "D2 D3", res.Best.String())
	require.Equal(t, float64(winValue-1), res.Value)
	k := b
	k.Rules.KandicWinBuild = true
	res, err = Search(t.Context(), &k, 2, false)
	require.NoError(t, err)
	require.Equal(t, "D2 D3 C2", res.Best.String(), "kandic_win_build: the first legal build")

	// Scenario 14 at depth 2: P2's C3 C2 B1 leaves P1 without a move.
	b = position(t, "0004000044000004400001000/1/B1,E5/C3,C4")
	b = play(t, b, "B1 A1 B1")
	res, err = Search(t.Context(), &b, 1, false)
	require.NoError(t, err)
	require.Equal(t, float64(winValue-1), res.Value)
	require.Equal(t, float64(winValue-1), res.Values["C3 C2 B1"])

	nb := NewBoard()
	_, err = Search(t.Context(), &nb, 1, true)
	require.Error(t, err)
	_, err = Search(t.Context(), &b, 0, true)
	require.Error(t, err)

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	start := position(t, repaired)
	_, err = Search(ctx, &start, 6, false)
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
}

func TestCompetitiveSearch(t *testing.T) {
	c := NewCompetitive()
	// An immediate win is found at once.
	b := position(t, "0000000000000300002000000/1/D2,A1/E5,A5")
	res, err := c.Search(t.Context(), &b, Limit{Time: time.Second}, nil)
	require.NoError(t, err)
	require.Equal(t, "D2 D3", res.Best.String())
	// It must stop P2's win (P2 on D2 at level 2, D3 at level 3) with a dome.
	threat := func(p1 ...string) Board {
		b := NewBoard()
		b.Height[cell("D2")], b.Height[cell("D3")] = 2, 3
		b.Workers = [2][2]Cell{{cell(p1[0]), cell(p1[1])}, {cell("D2"), cell("A5")}}
		b.Phase = Play
		return b
	}
	b = threat("E4", "A1")
	res, err = c.Search(t.Context(), &b, Limit{Depth: 4}, nil)
	require.NoError(t, err)
	require.Equal(t, cell("D3"), res.Best.Build, res.Best.String())
	require.Greater(t, res.Value, -float64(mateBound))
	// Too far to block: lost at ply 2, and the deepening stops at once.
	b = threat("A1", "A2")
	var infos []Info
	res, err = c.Search(t.Context(), &b, Limit{Depth: 5}, func(i Info) { infos = append(infos, i) })
	require.NoError(t, err)
	require.Len(t, infos, 1, "a forced result ends the deepening")
	require.Equal(t, -float64(winValue-2), res.Value)

	// A time budget is kept, and the last completed depth is reported.
	b = position(t, repaired)
	start := time.Now()
	infos = nil
	res, err = c.Search(t.Context(), &b, Limit{Time: 150 * time.Millisecond}, func(i Info) { infos = append(infos, i) })
	require.NoError(t, err)
	require.Less(t, time.Since(start), 150*time.Millisecond+busy)
	require.NotEmpty(t, infos)
	require.Equal(t, infos[len(infos)-1].Depth, res.Depth)
	require.NotEmpty(t, infos[len(infos)-1].PV)
	require.Equal(t, res.Best, infos[len(infos)-1].PV[0])
	require.Len(t, res.Values, 62)
	_, err = b.Apply(res.Best)
	require.NoError(t, err)

	// A cancelled context ends the search with the best turn so far.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	res, err = c.Search(ctx, &b, Limit{Time: time.Minute}, nil)
	require.NoError(t, err)
	_, err = b.Apply(res.Best)
	require.NoError(t, err)
}
