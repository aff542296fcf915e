package santorini

import (
	"context"
	"fmt"
	"math/bits"
	"time"
)

// Competitive is the competitive player's search: alpha-beta (principal
// variation search) with iterative deepening, a transposition table on
// Zobrist keys, move ordering by the table's move, killers and history,
// immediate-win detection, forced-loss detection when the opponent threatens
// to win (two threats lose at once; one leaves only the domes on it, searched
// a ply deeper), late-move reductions, and the evaluation of eval. It is
// single-threaded and keeps its table between searches; one value must not
// search two positions at once.
type Competitive struct {
	p        pos
	w        weights
	endCheck bool
	tt       []ttEntry
	killers  [maxPly][2]move
	history  [2][cellCount * cellCount]int32
	moves    [maxPly][maxMoves]move
	scores   [maxPly][maxMoves]int32
	pv       [maxPly][maxPly]move
	pvLen    [maxPly]int
	nodes    int
	maxNodes int // stop after about this many nodes (0: no bound), for self-play
	deadline time.Time
	ctx      context.Context
	stopped  bool
}

// ttBits sets the table size: 1<<ttBits entries of 24 bytes (12 MiB).
const ttBits = 19

// ttEntry is one transposition table slot.
type ttEntry struct {
	key   uint64
	best  move
	score int32
	depth int8
	bound uint8
}

// The kinds of bound a table entry holds.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// Scores of the competitive search, for the side to move. Wins are
// ±(winValue − ply) as in R16; evaluations stay far below mateBound.
const (
	infScore  int32 = winValue + 1
	mateBound int32 = winValue - 1000
)

// Limit bounds a competitive search: a depth in plies, a time, or both
// (zero means no bound of that kind; with neither, the depth is 8).
type Limit struct {
	Depth int
	Time  time.Duration
}

// Info reports one depth of a competitive search: a completed iteration, or
// one the time cut short after it proved a new best turn.
type Info struct {
	Depth   int
	Score   float64 // for the side to move: a win ±(1 000 000 − ply), else the evaluation divided by 100
	Nodes   int
	Elapsed time.Duration
	PV      []Turn
}

// NewCompetitive makes a competitive search with an empty table. It writes
// the table's memory at once, so that no timed search pays for its first use.
func NewCompetitive() *Competitive {
	c := &Competitive{w: defaultWeights, tt: make([]ttEntry, 1<<ttBits)}
	clear(c.tt)
	return c
}

// Search finds a turn for the side to move in a play position within limit,
// calling info (when not nil) after every completed depth. When the time runs
// out or ctx ends it returns the best turn of the last completed depth, or of
// the unfinished one when that already proved a better turn (reported to info
// too). It returns an error only for a position that is not in play. Values
// holds every root candidate: the best is exact, the others are upper bounds
// (alpha-beta proves only that they are not better), of the deepest search
// that reached them. With a time limit it deepens until the limit less a
// tenth (at most 50 ms), or until 5 ms before ctx's deadline, and returns.
func (c *Competitive) Search(ctx context.Context, b *Board, limit Limit, info func(Info)) (SearchResult, error) {
	if b.Phase != Play {
		return SearchResult{}, fmt.Errorf("competitive search: the game is in phase %s, not play", b.Phase)
	}
	start := time.Now()
	c.p, c.endCheck, c.ctx, c.nodes, c.stopped = newPos(b), b.Rules.KandicEndCheck, ctx, 0, false
	c.killers = [maxPly][2]move{}
	for s := range c.history {
		for i := range c.history[s] {
			c.history[s][i] /= 8
		}
	}
	maxDepth := limit.Depth
	if maxDepth <= 0 || maxDepth >= maxPly-8 {
		maxDepth = maxPly - 8
		if limit.Time <= 0 {
			maxDepth = 8
		}
	}
	c.deadline = time.Time{}
	if limit.Time > 0 {
		margin := min(limit.Time/10, 50*time.Millisecond)
		c.deadline = start.Add(limit.Time - margin)
	}
	if d, ok := ctx.Deadline(); ok && (c.deadline.IsZero() || d.Add(-5*time.Millisecond).Before(c.deadline)) {
		c.deadline = d.Add(-5 * time.Millisecond)
	}

	// The root's turns, ordered by the last completed depth.
	n := c.p.gen(&c.moves[0])
	if n == 0 {
		return SearchResult{}, fmt.Errorf("competitive search: P%d has no legal move", b.Side+1)
	}
	root := make([]move, n)
	copy(root, c.moves[0][:n])
	values := make([]int32, n)
	var res SearchResult
	for depth := 1; depth <= maxDepth; depth++ {
		iter := make([]int32, n)
		alpha := -infScore
		bestIdx, searched := -1, 0
		for i, m := range root {
			var v int32
			switch {
			case i == 0:
				v = -c.child(m, depth, 0, -infScore, -alpha)
			default:
				v = -c.child(m, depth, 0, -alpha-1, -alpha)
				if v > alpha && !c.stopped {
					v = -c.child(m, depth, 0, -infScore, -alpha)
				}
			}
			if c.stopped {
				break
			}
			iter[i], searched = v, i+1
			if v > alpha {
				alpha, bestIdx = v, i
				c.pv[0][0] = m
				copy(c.pv[0][1:], c.pv[1][:c.pvLen[1]])
				c.pvLen[0] = c.pvLen[1] + 1
			}
		}
		if c.stopped {
			// Cut short: a turn searched to this depth that beat the previous
			// best is better; the turns not reached keep their old values.
			if bestIdx <= 0 || res.Depth == 0 {
				break
			}
			copy(iter[searched:], values[searched:])
		}
		// Move the best to the front; keep the others in their order.
		best := root[bestIdx]
		copy(root[1:bestIdx+1], root[:bestIdx])
		root[0] = best
		bv := iter[bestIdx]
		copy(iter[1:bestIdx+1], iter[:bestIdx])
		iter[0] = bv
		copy(values, iter)
		res = SearchResult{Best: c.p.turn(best, b.Rules), Value: scoreValue(bv), Depth: depth, Nodes: c.nodes}
		if info != nil {
			info(Info{Depth: depth, Score: scoreValue(bv), Nodes: c.nodes, Elapsed: time.Since(start), PV: c.pvTurns(b.Rules)})
		}
		if c.stopped || bv >= mateBound || bv <= -mateBound {
			break // out of time, or a forced result that deeper search keeps
		}
	}
	if res.Depth == 0 { // not even depth 1 finished: a win, else the first turn
		res = SearchResult{Best: c.p.turn(root[0], b.Rules)}
		for _, m := range root {
			if m.build < 0 {
				res = SearchResult{Best: c.p.turn(m, b.Rules), Value: winValue - 1}
			}
		}
		values = values[:0]
	}
	res.Nodes = c.nodes
	res.Values = make(map[string]float64, len(values))
	for i, v := range values {
		res.Values[c.p.turn(root[i], b.Rules).String()] = scoreValue(v)
	}
	return res, nil
}

// scoreValue is a search score as the players report it: wins keep the
// R16 scale, evaluations are divided by 100.
func scoreValue(s int32) float64 {
	if s >= mateBound || s <= -mateBound {
		return float64(s)
	}
	return float64(s) / 100
}

// pvTurns is the principal variation of the last completed depth.
func (c *Competitive) pvTurns(rules Rules) []Turn {
	p := c.p
	out := make([]Turn, 0, c.pvLen[0])
	for _, m := range c.pv[0][:c.pvLen[0]] {
		out = append(out, p.turn(m, rules))
		if m.build < 0 {
			break
		}
		p.do(m)
	}
	return out
}

// child is the score, for the side to move at ply, of playing m there.
func (c *Competitive) child(m move, depth, ply int, alpha, beta int32) int32 {
	if m.build < 0 {
		c.pvLen[ply+1] = 0
		return -(winValue - int32(ply+1))
	}
	c.p.do(m)
	v := c.negamax(depth-1, ply+1, alpha, beta)
	c.p.undo(m)
	return v
}

// negamax is the score of the current node for its side to move.
func (c *Competitive) negamax(depth, ply int, alpha, beta int32) int32 {
	c.nodes++
	c.pvLen[ply] = 0
	if c.nodes&255 == 0 && c.timeUp() {
		c.stopped = true
	}
	if c.stopped {
		return 0
	}
	p := &c.p
	side := p.side
	if l := p.loser(c.endCheck); l >= 0 {
		if l == side {
			return -(winValue - int32(ply))
		}
		return winValue - int32(ply)
	}
	if p.winningTo(side) != 0 {
		return winValue - int32(ply+1)
	}
	if ply >= maxPly-2 {
		return c.eval()
	}
	// The opponent threatens to win: only a dome on the threatened cell
	// saves the side to move (it cannot step there without winning), so two
	// such cells lose and one leaves only the domes to search, one ply
	// deeper. Under kandic_end_check the side to move may also win by
	// leaving the opponent without a move, so there every turn is searched.
	threats := p.winningTo(side ^ 1)
	forced := threats != 0 && !c.endCheck
	if forced && threats&(threats-1) != 0 {
		return -(winValue - int32(ply+2))
	}
	// Not threatened, a double threat wins on the side's next turn.
	if threats == 0 && !c.endCheck && p.doubleThreat() {
		return winValue - int32(ply+3)
	}
	ext := 0
	switch {
	case depth <= 0 && threats == 0:
		return c.eval()
	case depth <= 0:
		depth = 1
	case forced:
		ext = 1
	}

	// Transposition table.
	e := &c.tt[p.key&(1<<ttBits-1)]
	var ttMove move
	hasTT := false
	if e.key == p.key {
		ttMove, hasTT = e.best, true
		if int(e.depth) >= depth && ply > 0 {
			s := fromTT(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && s >= beta,
				e.bound == boundUpper && s <= alpha:
				return s
			}
		}
	}

	var n int
	if forced {
		n = p.genDomes(&c.moves[ply], int8(bits.TrailingZeros32(threats)))
		if n == 0 {
			return -(winValue - int32(ply+2))
		}
	} else {
		n = p.gen(&c.moves[ply])
	}
	c.order(ply, n, threats, ttMove, hasTT)
	origAlpha := alpha
	best := -infScore
	var bestMove move
	for i := range n {
		m := c.pick(ply, i, n)
		var v int32
		switch {
		case i == 0:
			v = -c.child(m, depth+ext, ply, -beta, -alpha)
		default:
			reduce := 0
			if depth >= 3 && i >= 6 && c.scores[ply][i] < 1<<20 {
				reduce = 1
			}
			v = -c.child(m, depth+ext-reduce, ply, -alpha-1, -alpha)
			if v > alpha && reduce > 0 && !c.stopped {
				v = -c.child(m, depth+ext, ply, -alpha-1, -alpha)
			}
			if v > alpha && v < beta && !c.stopped {
				v = -c.child(m, depth+ext, ply, -beta, -alpha)
			}
		}
		if c.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
		}
		if v > alpha {
			alpha = v
			c.pv[ply][0] = m
			copy(c.pv[ply][1:], c.pv[ply+1][:c.pvLen[ply+1]])
			c.pvLen[ply] = c.pvLen[ply+1] + 1
		}
		if alpha >= beta {
			if m.build >= 0 {
				if c.killers[ply][0] != m {
					c.killers[ply][1] = c.killers[ply][0]
					c.killers[ply][0] = m
				}
				h := &c.history[side][int(m.to)*cellCount+int(m.build)]
				*h = min(*h+int32(depth*depth), 1<<18)
			}
			break
		}
	}
	bound := boundExact
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	*e = ttEntry{key: p.key, best: bestMove, score: toTT(best, ply), depth: int8(depth), bound: bound}
	return best
}

// timeUp reports whether the deadline passed, ctx ended or the node bound
// was reached.
func (c *Competitive) timeUp() bool {
	if c.ctx.Err() != nil || c.maxNodes > 0 && c.nodes >= c.maxNodes {
		return true
	}
	return !c.deadline.IsZero() && time.Now().After(c.deadline)
}

// toTT and fromTT make win scores relative to the node, so a table entry
// is right at any ply.
func toTT(s int32, ply int) int32 {
	switch {
	case s >= mateBound:
		return s + int32(ply)
	case s <= -mateBound:
		return s - int32(ply)
	}
	return s
}

func fromTT(s int32, ply int) int32 {
	switch {
	case s >= mateBound:
		return s - int32(ply)
	case s <= -mateBound:
		return s + int32(ply)
	}
	return s
}

// order scores the n turns at ply for move ordering: the table's move, then
// winning moves, turns onto or domes on the opponent's threats, killers, then
// climbing and history.
func (c *Competitive) order(ply, n int, threats uint32, ttMove move, hasTT bool) {
	p := &c.p
	side := p.side
	for i, m := range c.moves[ply][:n] {
		var s int32
		switch {
		case hasTT && m == ttMove:
			s = 1 << 30
		case m.build < 0:
			s = 1 << 29
		case threats&(1<<uint(m.build)) != 0 || threats&(1<<uint(m.to)) != 0:
			s = 1 << 28
		case m == c.killers[ply][0]:
			s = 1 << 21
		case m == c.killers[ply][1]:
			s = 1 << 20
		default:
			s = c.history[side][int(m.to)*cellCount+int(m.build)] + 2000*int32(p.h[m.to])
		}
		c.scores[ply][i] = s
	}
}

// sortedMoves is how many turns of a node pick brings forward by score; the
// rest are tried in the order they stand, as cut-offs mostly come early.
const sortedMoves = 8

// pick moves the best-scored of the turns i..n-1 at ply to place i (for the
// first sortedMoves places) and returns it.
func (c *Competitive) pick(ply, i, n int) move {
	sc, mv := &c.scores[ply], &c.moves[ply]
	if i >= sortedMoves {
		return mv[i]
	}
	best := i
	for j := i + 1; j < n; j++ {
		if sc[j] > sc[best] {
			best = j
		}
	}
	sc[i], sc[best] = sc[best], sc[i]
	mv[i], mv[best] = mv[best], mv[i]
	return mv[i]
}

// weights are the competitive evaluation's weights, in hundredths of a
// level; playerEval says what each counts.
type weights struct {
	height   [3]int32 // a worker standing on level 0, 1, 2
	climb    [2]int32 // per cell one level up that a worker on level 0, 1 can step onto
	ladder   [2]int32 // per level-3 cell a step onto level 2 would threaten: for the side to move, the other
	build    [2]int32 // per level-2 cell next to a level-2 cell it can step onto: side to move, other
	open     int32    // per such threat cell the opponent cannot reach to dome
	mobility int32    // per cell a worker can move to
	trapped  int32    // a worker with at most one move
	centre   int32    // per step from the edge towards C3
	apart    [4]int32 // the own workers 1, 2, 3, 4 steps apart
	near     [2]int32 // per opponent worker 1, 2 steps from an own worker
	tempo    int32    // being the side to move
}

// defaultWeights are the competitive player's weights.
var defaultWeights = weights{
	height:   [3]int32{0, 84, 223},
	climb:    [2]int32{20, 60},
	ladder:   [2]int32{222, 143},
	build:    [2]int32{126, 94},
	open:     52,
	mobility: 0,
	trapped:  -87,
	centre:   15,
	apart:    [4]int32{33, 13, 2, -18},
	near:     [2]int32{23, 14},
	tempo:    68,
}

// dist is the Chebyshev distance between two cells; within2 the cells at
// most two steps from a cell, where a worker can build after one move.
var (
	dist    [cellCount][cellCount]int8
	within2 [cellCount]uint32
)

func init() {
	for a := Cell(0); a < cellCount; a++ {
		for b := Cell(0); b < cellCount; b++ {
			dist[a][b] = int8(chebyshev(a, b))
			if dist[a][b] <= 2 {
				within2[a] |= 1 << uint(b)
			}
		}
	}
}

// eval is the static evaluation for the side to move. The search calls it
// only where neither side can win at once.
func (c *Competitive) eval() int32 {
	s := c.p.side
	return c.playerEval(s, 0) - c.playerEval(s^1, 1) + c.w.tempo
}

// playerEval is how well player pl stands; idx is 0 when pl is to move, else
// 1. It counts the workers' heights, their cells one level up (climbing),
// their moves (mobility, and a worker nearly trapped), the centre, the
// distance between the workers and to the opponent's, and the threats pl can
// make in one turn: level-3 cells next to a level-2 cell a worker can step
// onto (ladder), level-2 cells next to one it can build into a level-3 cell
// (build), and of those the ones no opponent worker can reach to dome (open).
func (c *Competitive) playerEval(pl, idx int) int32 {
	p, w := &c.p, &c.w
	free2 := p.ge[2] &^ p.ge[3] &^ p.occ
	free3 := p.ge[3] &^ p.ge[4] &^ p.occ
	var v int32
	var stand uint32
	for _, from := range p.w[pl] {
		h := p.h[from]
		tos := p.targets(from)
		n := bits.OnesCount32(tos)
		v += w.height[h] + w.centre*int32(centre[from]) + w.mobility*int32(n)
		if n <= 1 {
			v += w.trapped
		}
		if h < 2 {
			v += w.climb[h] * int32(bits.OnesCount32(tos&p.ge[h+1]))
		}
		stand |= tos & free2
		for _, o := range p.w[pl^1] {
			if d := dist[from][o]; d <= 2 {
				v += w.near[d-1]
			}
		}
	}
	var ladder, build uint32
	for s := stand; s != 0; s &= s - 1 {
		y := bits.TrailingZeros32(s)
		ladder |= adjMask[y] & free3
		build |= adjMask[y] & free2
	}
	o := p.w[pl^1]
	open := (ladder | build) &^ (within2[o[0]] | within2[o[1]])
	v += w.ladder[idx]*int32(bits.OnesCount32(ladder)) + w.build[idx]*int32(bits.OnesCount32(build)) + w.open*int32(bits.OnesCount32(open))
	return v + w.apart[dist[p.w[pl][0]][p.w[pl][1]]-1]
}
