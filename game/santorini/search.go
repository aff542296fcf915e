package santorini

import (
	"context"
	"fmt"
	"math"
)

// winValue is the value of a won terminal node at ply 0; R16 scores a
// terminal node at ply p as ±(winValue − p).
const winValue = 1_000_000

// maxPly bounds the depth of any search.
const maxPly = 64

// Evaluate is the evaluation f of R15 for the play turn t on b, from the
// view of player root (0 or 1): f = m + l·k, where m is the height under the
// moved worker, l the level the build added, and k the sum of the Euclidean
// distances from the build to root's opponent's workers minus those to root's
// own workers, after the move. A winning move without a build scores m.
func Evaluate(b *Board, t Turn, root int) float64 {
	m := float64(b.Height[t.To])
	if t.Build == NoCell {
		return m
	}
	w := b.Workers
	w[b.Side][t.Worker] = t.To
	return m + float64(b.Height[t.Build]+1)*distanceDiff(t.Build, w, root)
}

// distanceDiff is k of R15: the distances from c to the opponent's workers
// minus those to root's workers.
func distanceDiff(c Cell, w [2][2]Cell, root int) float64 {
	o := 1 - root
	return euclid[c][w[o][0]] + euclid[c][w[o][1]] - euclid[c][w[root][0]] - euclid[c][w[root][1]]
}

// SearchResult is what a search found: the chosen turn, the value of every
// root candidate keyed by its Turn.String(), the value of the best, the depth
// reached and the nodes visited.
type SearchResult struct {
	Best   Turn
	Value  float64
	Values map[string]float64
	Depth  int
	Nodes  int
}

// Search is the search of the assignment's simple players (R16) on a play
// position: depth plies, leaves scored with f of the move that led to them
// from the view of the player to move at the root, moves in canonical order,
// terminal nodes ±(1 000 000 − ply), and the root's best replaced only by a
// strictly higher value. With alphaBeta it prunes, but every root candidate
// is still searched with a full window, so the values are exact and equal to
// minimax's. It returns ctx's error when ctx ends first.
func Search(ctx context.Context, b *Board, depth int, alphaBeta bool) (SearchResult, error) {
	if b.Phase != Play {
		return SearchResult{}, fmt.Errorf("search: the game is in phase %s, not play", b.Phase)
	}
	if depth < 1 || depth >= maxPly {
		return SearchResult{}, fmt.Errorf("search: depth %d is not in 1..%d", depth, maxPly-1)
	}
	s := &simpleSearch{p: newPos(b), root: b.Side, alphaBeta: alphaBeta, endCheck: b.Rules.KandicEndCheck, ctx: ctx}
	res := SearchResult{Value: math.Inf(-1), Values: map[string]float64{}, Depth: depth}
	n := s.p.gen(&s.moves[0])
	if n == 0 {
		return SearchResult{}, fmt.Errorf("search: P%d has no legal move", b.Side+1)
	}
	for _, m := range s.moves[0][:n] {
		v := s.child(m, depth, 0, math.Inf(-1), math.Inf(1))
		if s.err != nil {
			return SearchResult{}, s.err
		}
		t := s.p.turn(m, b.Rules)
		res.Values[t.String()] = v
		if v > res.Value {
			res.Value, res.Best = v, t
		}
	}
	res.Nodes = s.nodes
	return res, nil
}

// simpleSearch is one R16 search: minimax, or alpha-beta when alphaBeta.
type simpleSearch struct {
	p         pos
	root      int
	alphaBeta bool
	endCheck  bool
	ctx       context.Context
	err       error
	nodes     int
	moves     [maxPly][maxMoves]move
}

// child is the value of playing m at a node of the given depth and ply.
func (s *simpleSearch) child(m move, depth, ply int, alpha, beta float64) float64 {
	if m.build() < 0 {
		s.nodes++
		return s.terminal(s.p.side^1, ply+1)
	}
	s.p.do(m)
	v := s.value(m, depth-1, ply+1, alpha, beta)
	s.p.undo(m)
	return v
}

// terminal scores a node at ply where loser has lost.
func (s *simpleSearch) terminal(loser, ply int) float64 {
	if loser == s.root {
		return -float64(winValue - ply)
	}
	return float64(winValue - ply)
}

// value is the R16 value of the node reached by last, from the root's view.
func (s *simpleSearch) value(last move, depth, ply int, alpha, beta float64) float64 {
	s.nodes++
	if s.nodes&4095 == 0 && s.err == nil {
		if err := s.ctx.Err(); err != nil {
			s.err = fmt.Errorf("search: %w", err)
		}
	}
	if s.err != nil {
		return 0
	}
	if l := s.p.loser(s.endCheck); l >= 0 {
		return s.terminal(l, ply)
	}
	if depth == 0 {
		return s.f(last)
	}
	maximize := s.p.side == s.root
	best := math.Inf(1)
	if maximize {
		best = math.Inf(-1)
	}
	n := s.p.gen(&s.moves[ply])
	for _, m := range s.moves[ply][:n] {
		v := s.child(m, depth, ply, alpha, beta)
		if maximize {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if s.alphaBeta && alpha >= beta {
			break
		}
	}
	return best
}

// f is Evaluate for the move just played, from the root's view.
func (s *simpleSearch) f(last move) float64 {
	var w [2][2]Cell
	for pl := range 2 {
		w[pl] = [2]Cell{Cell(s.p.w[pl][0]), Cell(s.p.w[pl][1])}
	}
	return float64(s.p.h[last.to()]) + float64(s.p.h[last.build()])*distanceDiff(Cell(last.build()), w, s.root)
}
