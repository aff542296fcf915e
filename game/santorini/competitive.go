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
// immediate-win detection, a check-like extension when the opponent
// threatens to win, late-move reductions, and the evaluation of eval. It is
// single-threaded and keeps its table between searches; one value must not
// search two positions at once.
type Competitive struct {
	p        pos
	endCheck bool
	tt       []ttEntry
	killers  [maxPly][2]move
	history  [2][cellCount * cellCount]int32
	moves    [maxPly][maxMoves]move
	scores   [maxPly][maxMoves]int32
	pv       [maxPly][maxPly]move
	pvLen    [maxPly]int
	nodes    int
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

// Info reports one completed iteration of a competitive search.
type Info struct {
	Depth   int
	Score   float64 // for the side to move: a win ±(1 000 000 − ply), else the evaluation divided by 100
	Nodes   int
	Elapsed time.Duration
	PV      []Turn
}

// NewCompetitive makes a competitive search with an empty table.
func NewCompetitive() *Competitive { return &Competitive{} }

// Search finds a turn for the side to move in a play position within limit,
// calling info (when not nil) after every completed depth. It returns the best
// turn of the last completed depth when the time runs out or ctx ends; an
// error only for a position that is not in play. Values holds every root
// candidate of the last completed depth: the best is exact, the others are
// upper bounds (alpha-beta proves only that they are not better).
func (c *Competitive) Search(ctx context.Context, b *Board, limit Limit, info func(Info)) (SearchResult, error) {
	if b.Phase != Play {
		return SearchResult{}, fmt.Errorf("competitive search: the game is in phase %s, not play", b.Phase)
	}
	start := time.Now()
	if c.tt == nil {
		c.tt = make([]ttEntry, 1<<ttBits)
	}
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
		bestIdx := -1
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
			iter[i] = v
			if v > alpha {
				alpha, bestIdx = v, i
				c.pv[0][0] = m
				copy(c.pv[0][1:], c.pv[1][:c.pvLen[1]])
				c.pvLen[0] = c.pvLen[1] + 1
			}
		}
		if c.stopped || bestIdx < 0 {
			break
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
		if bv >= mateBound || bv <= -mateBound {
			break // a forced result: deeper search changes nothing
		}
		if !c.deadline.IsZero() && time.Since(start) > time.Until(c.deadline) {
			break // the next depth would not finish in time
		}
	}
	if res.Depth == 0 { // not even depth 1 finished: take the first turn
		res = SearchResult{Best: c.p.turn(root[0], b.Rules), Value: 0}
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
	if c.nodes&1023 == 0 && c.timeUp() {
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
	if depth <= 0 {
		if p.winningTo(side^1) == 0 || ply >= maxPly-2 {
			return c.eval()
		}
		depth = 1 // the opponent threatens to win: look at every answer
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

	n := p.gen(&c.moves[ply])
	c.order(ply, n, ttMove, hasTT)
	origAlpha := alpha
	best := -infScore
	var bestMove move
	for i := range n {
		m := c.pick(ply, i, n)
		var v int32
		switch {
		case i == 0:
			v = -c.child(m, depth, ply, -beta, -alpha)
		default:
			reduce := 0
			if depth >= 3 && i >= 6 && c.scores[ply][i] < 1<<20 {
				reduce = 1
			}
			v = -c.child(m, depth-reduce, ply, -alpha-1, -alpha)
			if v > alpha && reduce > 0 && !c.stopped {
				v = -c.child(m, depth, ply, -alpha-1, -alpha)
			}
			if v > alpha && v < beta && !c.stopped {
				v = -c.child(m, depth, ply, -beta, -alpha)
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

// timeUp reports whether the deadline passed or ctx ended.
func (c *Competitive) timeUp() bool {
	if c.ctx.Err() != nil {
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
// winning moves, domes that stop an opponent's win, killers, climbing and
// history.
func (c *Competitive) order(ply, n int, ttMove move, hasTT bool) {
	p := &c.p
	side := p.side
	threats := p.winningTo(side ^ 1)
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

// Weights of the competitive evaluation, in hundredths.
var (
	heightWeight = [4]int32{0, 120, 320, 0} // a worker standing on level h
	climbWeight  = [4]int32{0, 30, 60, 0}   // per reachable cell one level up
)

const (
	centreWeight   = 15  // per step towards C3
	mobilityWeight = 4   // per cell a worker can move to
	threatWeight   = 450 // per level-3 cell the player could step onto
	nearWeight     = 10  // per opponent worker within two steps
	tempoWeight    = 20  // being the side to move
)

// eval is the static evaluation for the side to move.
func (c *Competitive) eval() int32 {
	p := &c.p
	s := p.side
	return c.playerEval(s) - c.playerEval(s^1) + tempoWeight
}

// playerEval is how well player pl stands: worker heights, climbing options,
// centre, mobility, level-3 cells it threatens to step onto, and workers
// close to the opponent's (to block them).
func (c *Competitive) playerEval(pl int) int32 {
	p := &c.p
	var v int32
	var threats uint32
	for _, from := range p.w[pl] {
		h := p.h[from]
		tos := p.targets(from)
		v += heightWeight[h] + centreWeight*int32(centre[from]) + mobilityWeight*int32(bits.OnesCount32(tos))
		if h < 3 {
			up := tos & p.ge[h+1]
			v += climbWeight[h] * int32(bits.OnesCount32(up))
			if h == 2 {
				threats |= up
			}
		}
		for _, o := range p.w[pl^1] {
			if chebyshev(Cell(from), Cell(o)) <= 2 {
				v += nearWeight
			}
		}
	}
	return v + threatWeight*int32(bits.OnesCount32(threats))
}
