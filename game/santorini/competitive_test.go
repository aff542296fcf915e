package santorini

import (
	"testing"
	"time"
	"unsafe"

	"github.com/arena-games/arena/game"
	"github.com/stretchr/testify/require"
)

// forcedWin reports by brute force whether the side to move in p can force a
// win within n of its own turns (standard rules).
func forcedWin(p *pos, n int) bool {
	if !p.canMove(p.side) {
		return false
	}
	if p.winningTo(p.side) != 0 {
		return true
	}
	if n == 1 {
		return false
	}
	var buf [maxMoves]move
	k := p.gen(&buf)
	for _, m := range buf[:k] {
		p.do(m)
		won := !escapes(p, n-1)
		p.undo(m)
		if won {
			return true
		}
	}
	return false
}

// escapes reports whether the side to move in p survives the next n turns
// of its opponent: it has a turn after which the opponent cannot force a win
// within n turns (an immediate win of its own counts).
func escapes(p *pos, n int) bool {
	if !p.canMove(p.side) {
		return false
	}
	if p.winningTo(p.side) != 0 {
		return true
	}
	var buf [maxMoves]move
	k := p.gen(&buf)
	for _, m := range buf[:k] {
		p.do(m)
		lost := forcedWin(p, n)
		p.undo(m)
		if !lost {
			return true
		}
	}
	return false
}

// losesWithin2 reports whether turn m of the side to move lets the opponent
// force a win within its next two turns.
func losesWithin2(p *pos, m move) bool {
	if m.build() < 0 {
		return false
	}
	p.do(m)
	defer p.undo(m)
	return forcedWin(p, 2)
}

// tacticalPositions plays seeded random games that build high (of a few
// random turns, the one building on the highest cell) and keeps the play
// positions where the side to move can win at once, or where some of its
// turns lose within two opponent turns and others do not.
func tacticalPositions(t testing.TB, n int, seed int64) (wins, traps []Board) {
	rng := game.NewRand(seed, 0)
	var buf [maxMoves]move
	for len(wins) < n || len(traps) < n {
		b := NewBoard()
		b = b.after(placement(Cell(rng.IntN(12)), Cell(12+rng.IntN(13))))
		for {
			c1, c2 := Cell(rng.IntN(cellCount)), Cell(rng.IntN(cellCount))
			if c1 < c2 && b.occupied()&(1<<uint(c1)|1<<uint(c2)) == 0 {
				b = b.after(placement(c1, c2))
				break
			}
		}
		for plies := 4 + rng.IntN(30); b.Phase == Play && plies > 0; plies-- {
			legal := b.Legal()
			best := legal[rng.IntN(len(legal))]
			for range 3 {
				if tu := legal[rng.IntN(len(legal))]; !tu.Win && (best.Win || b.Height[tu.Build] > b.Height[best.Build]) {
					best = tu
				}
			}
			if best.Win {
				break
			}
			b = b.after(best)
		}
		if b.Phase != Play {
			continue
		}
		p := newPos(&b)
		if p.winningTo(b.Side) != 0 {
			if len(wins) < n {
				wins = append(wins, b)
			}
			continue
		}
		lose, safe := 0, 0
		for _, m := range buf[:p.gen(&buf)] {
			if losesWithin2(&p, m) {
				lose++
			} else {
				safe++
			}
		}
		if lose > 0 && safe > 0 && len(traps) < n {
			traps = append(traps, b)
		}
	}
	return wins, traps
}

// The competitive search never misses a win in one and never plays a turn
// that loses within two opponent turns when another turn does not, at a
// fixed depth and when a small node budget cuts it short (as time does, but
// the same on every machine).
func TestCompetitiveTactics(t *testing.T) {
	t.Parallel()
	count := 40
	if testing.Short() {
		count = 10
	}
	wins, traps := tacticalPositions(t, count, 3)
	c := NewCompetitive()
	for _, bound := range []struct {
		limit Limit
		nodes int
	}{{Limit{Depth: 4}, 0}, {Limit{Time: time.Hour}, 20_000}} {
		limit := bound.limit
		c.maxNodes = bound.nodes
		for _, b := range wins {
			res, err := c.Search(t.Context(), &b, limit, nil)
			require.NoError(t, err)
			require.True(t, res.Best.Win, "%s: %s misses the win", b.Position(), res.Best)
			require.Equal(t, float64(winValue-1), res.Value)
		}
		for _, b := range traps {
			res, err := c.Search(t.Context(), &b, limit, nil)
			require.NoError(t, err)
			p := newPos(&b)
			m := mkMove(int8(res.Best.Worker), int8(res.Best.From), int8(res.Best.To), int8(res.Best.Build))
			require.False(t, losesWithin2(&p, m), "%s: %s loses within two turns (%v)", b.Position(), res.Best, limit)
		}
	}
}

// Hand-built positions for the forced-loss rules: two threats lose without
// a search, one threat leaves only the domes on it.
func TestCompetitiveThreats(t *testing.T) {
	t.Parallel()
	c := NewCompetitive()
	// P2 on D2 (level 2) threatens D3 and E3 (level 3); P1 cannot win: lost
	// at ply 2 whatever it plays.
	b := position(t, "0000000000000330002000000/1/A1,B1/D2,A5")
	res, err := c.Search(t.Context(), &b, Limit{Depth: 3}, nil)
	require.NoError(t, err)
	require.Equal(t, -float64(winValue-2), res.Value)
	for turn, v := range res.Values {
		require.Equal(t, -float64(winValue-2), v, turn)
	}
	// The same threats, but P1 on C2 (level 2) wins first on level-3 D3.
	b = position(t, "0000000000000330022000000/1/C2,B1/D2,A5")
	res, err = c.Search(t.Context(), &b, Limit{Depth: 3}, nil)
	require.NoError(t, err)
	require.True(t, res.Best.Win)
	// One threat (D3) and P1 on C4 next to it: the dome is the only turn
	// that does not lose at ply 2.
	b = position(t, "0000000000000300002000000/1/C4,A1/D2,A5")
	res, err = c.Search(t.Context(), &b, Limit{Depth: 5}, nil)
	require.NoError(t, err)
	require.Equal(t, cell("D3"), res.Best.Build, res.Best.String())
	for turn, v := range res.Values {
		tu, err := ParseTurn(&b, turn)
		require.NoError(t, err)
		if tu.Build != cell("D3") {
			require.Equal(t, -float64(winValue-2), v, turn)
		}
	}
	// P1 (on B2, level 1) steps onto C3 (level 2) between two level-3
	// cells, C4 and D3: a double threat that P2 cannot stop.
	b = position(t, "0000000300002300100000000/1/B2,A1/E5,E1")
	res, err = c.Search(t.Context(), &b, Limit{Depth: 2}, nil)
	require.NoError(t, err)
	require.Equal(t, "B2 C3", res.Best.String()[:5], res.Best.String())
	require.Equal(t, float64(winValue-3), res.Value)
}

// doubleThreat is sound: where it fires, brute force finds a win within two
// turns of the side to move.
func TestDoubleThreatIsAWin(t *testing.T) {
	t.Parallel()
	wins, traps := tacticalPositions(t, 40, 5)
	found := 0
	for _, b := range append(append(wins, traps...), randomPositions(t, 200, 6)...) {
		p := newPos(&b)
		if p.winningTo(p.side) != 0 || p.winningTo(p.side^1) != 0 || !p.doubleThreat() {
			continue
		}
		found++
		require.True(t, forcedWin(&p, 2), b.Position())
	}
	t.Logf("%d positions with a double threat", found)
	require.NotZero(t, found)
}

// The table's buckets are one cache line each, and a timed search's table
// is sized by its time: 2 MiB at 300 ms, 8 MiB at 1 s, at most 64 MiB.
func TestTableSize(t *testing.T) {
	t.Parallel()
	require.EqualValues(t, 64, unsafe.Sizeof(ttBucket{}))
	for d, bits := range map[time.Duration]int{
		time.Millisecond: 15, 300 * time.Millisecond: 15, 600 * time.Millisecond: 16,
		time.Second: 17, 2 * time.Second: 18, time.Minute: 20,
	} {
		require.Equal(t, bits, tableBits(d), "%v", d)
	}
	c := NewCompetitive()
	b := position(t, f4)
	_, err := c.Search(t.Context(), &b, Limit{Time: 50 * time.Millisecond}, nil)
	require.NoError(t, err)
	require.Len(t, c.tt.buckets, 1<<15)
	_, err = c.Search(t.Context(), &b, Limit{Depth: 3}, nil)
	require.NoError(t, err)
	require.Len(t, c.tt.buckets, 1<<15, "a search without a time keeps the table")
}

// A quiet turn that refuted a node is ordered higher after the same two
// turns before it (the continuation history), by the bonus in each of the
// two rows, and not after other turns; clearHistory forgets it.
func TestContinuationHistory(t *testing.T) {
	t.Parallel()
	c := NewCompetitive()
	b := position(t, f4)
	c.begin(t.Context(), &b)
	var first [maxMoves]move
	c.p.gen(&first)
	m0 := first[0]
	c.doMove(m0, 0, 1)
	c.p.gen(&first)
	m1 := first[0]
	c.doMove(m1, 1, 1)
	scoreAt := func(q move) int32 {
		n := c.generate(2, false, 0, noMove, false, noMove)
		for i, m := range c.moves[2][:n] {
			if m == q {
				return c.scores[2][i]
			}
		}
		t.Fatalf("turn %v not generated", q)
		return 0
	}
	n := c.p.gen(&first)
	require.Greater(t, n, 1)
	q := first[n-1]
	before := scoreAt(q)
	c.reward(2, 6, q, noMove, nil)
	c.killers[2] = [2]move{}
	c.hist, c.histFT = [2][cellCount * cellCount]int32{}, [2][cellCount * cellCount]int32{}
	bonus := int32(6 * 6 * 8)
	require.Equal(t, before+2*bonus, scoreAt(q), "after the same two turns")
	other := first[0] // another turn two plies before: one row
	require.NotEqual(t, turnIndex(m0), turnIndex(other))
	c.stack[0].move = other
	require.Equal(t, before+bonus, scoreAt(q), "after the same reply only")
	c.stack[0].move = m0
	c.clearHistory()
	require.Equal(t, before, scoreAt(q), "forgotten")
}

// The singular search of a node (the node again without one turn, the
// table's) is the best of the other turns, and leaves no entry in the
// table: the node's entry stays that of its full search.
func TestExcludedSearch(t *testing.T) {
	t.Parallel()
	c := NewCompetitive()
	checked := 0
	for _, b := range randomPositions(t, 60, 6) {
		p := newPos(&b)
		if p.winningTo(p.side) != 0 || p.winningTo(p.side^1) != 0 || p.doubleThreat() {
			continue
		}
		c.tt.clear()
		c.begin(t.Context(), &b)
		var turns [maxMoves]move
		n := c.p.gen(&turns)
		if n < 2 {
			continue
		}
		want := -infScore
		for _, m := range turns[1:n] {
			c.doMove(m, 0, 0)
			want = max(want, -c.negamax(0, 1, -infScore, infScore, false))
			c.undoMove(m, 0)
		}
		c.excluded[0] = turns[0]
		got := c.negamax(1, 0, -infScore, infScore, false)
		c.excluded[0] = noMove
		require.Equal(t, want, got, b.Position())
		_, hit := c.tt.probe(c.p.key)
		require.False(t, hit, "the singular search stored its node")
		checked++
	}
	require.Greater(t, checked, 20)
}
