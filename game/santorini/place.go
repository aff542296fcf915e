package santorini

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/arena-games/arena/game"
)

// The placement search of the competitive player. A placement is searched
// as two plies above the play search: P1's placement, P2's reply, and then
// the competitive search of the position after both (Search, to a fixed
// depth). Placements the board's symmetries make equal are searched once.
// The candidates are first ranked by the static evaluation of every
// position after both placements, then searched in rounds of growing depth,
// each round keeping the best of the one before and fewer of them: all of
// P2's replies at depth 1, half at depth 2, and so on, down to a few. P1's
// placement is the one whose worst searched reply is best, its candidates
// and their replies narrowed the same way; a candidate stops at the first
// reply that shows it no better than the best so far (alpha-beta at the
// placement plies).

// Narrowing of the rounds: round d (the leaf search depth, from 1) keeps
// max(placeMinWidth, n>>(d-1)) of n candidates, and for P1 each keeps
// max(placeMinReplies, placeReplies>>(d-1)) of its replies.
const (
	placeMinWidth   = 3
	placeReplies    = 32
	placeMinReplies = 4
)

// placeCand is one placement: its cells and the value of the last round
// that searched it, for the side that places it (P1's candidates) or for
// P1 (P2's replies to one of them).
type placeCand struct {
	cells   [2]Cell
	value   float64
	replies []placeCand // P1's candidates: P2's replies
}

// placer is one placement search.
type placer struct {
	c        *Competitive
	ctx      context.Context // ends at the deadline; its leaf searches stop there
	deadline time.Time
	start    time.Time
	nodes    int
	stopped  bool
}

// Place chooses a placement for the side to place by the search described
// above, within limit: Depth bounds the leaf search depth of the last round
// (with neither bound it is 6), Time the whole search, which ends as Search
// does (the limit less a sixteenth, at most 20 ms, or 5 ms before ctx's
// deadline). info (when not nil) is called after every completed round with
// the placement and, for P1, the reply it expects. The result's Value is for
// the side to place; Values holds the last completed round's candidates.
// It returns an error only for a position that is not in placement.
func (c *Competitive) Place(ctx context.Context, b *Board, limit Limit, info func(Info)) (SearchResult, error) {
	if b.Phase != Place1 && b.Phase != Place2 {
		return SearchResult{}, fmt.Errorf("placement search: the game is in phase %s, not placement", b.Phase)
	}
	pl := &placer{c: c, start: time.Now()}
	if limit.Time > 0 {
		pl.deadline = pl.start.Add(limit.Time - min(limit.Time/16, 20*time.Millisecond))
	}
	if d, ok := ctx.Deadline(); ok && (pl.deadline.IsZero() || d.Add(-5*time.Millisecond).Before(pl.deadline)) {
		pl.deadline = d.Add(-5 * time.Millisecond)
	}
	maxDepth := limit.Depth
	if maxDepth <= 0 || maxDepth >= maxPly-8 {
		maxDepth = maxPly - 8
		if limit.Time <= 0 {
			maxDepth = 6
		}
	}
	pl.ctx = ctx
	if !pl.deadline.IsZero() {
		// Search stops 5 ms before its context's deadline: at ours.
		var cancel context.CancelFunc
		pl.ctx, cancel = context.WithDeadline(ctx, pl.deadline.Add(5*time.Millisecond))
		defer cancel()
	}
	cands := placements(b)
	if len(cands) == 0 {
		return SearchResult{}, fmt.Errorf("placement search: no free pair of cells")
	}
	if b.Phase == Place1 {
		return pl.first(b, cands, maxDepth, info), nil
	}
	return pl.second(b, cands, maxDepth, info), nil
}

// placements are the side to place's placements, one of each set that the
// board's symmetries make equal, each with the lower cell first.
func placements(b *Board) []placeCand {
	syms := stabilizer(b)
	occ := b.occupied()
	var out []placeCand
	for c1 := Cell(0); c1 < cellCount; c1++ {
		for c2 := c1 + 1; c2 < cellCount; c2++ {
			if occ&(1<<uint(c1)|1<<uint(c2)) != 0 || !leastImage(c1, c2, syms) {
				continue
			}
			out = append(out, placeCand{cells: [2]Cell{c1, c2}})
		}
	}
	return out
}

// stabilizer lists the symmetries (see symmetric) that map the board onto
// itself: its heights, and each player's placed workers as a set.
func stabilizer(b *Board) []int {
	var out []int
	for s := range 8 {
		same := true
		for c := Cell(0); c < cellCount && same; c++ {
			same = b.Height[symmetric(c, s)] == b.Height[c]
		}
		for p := 0; p < 2 && same; p++ {
			w := b.Workers[p]
			if w[0] == NoCell {
				continue
			}
			a, c := symmetric(w[0], s), symmetric(w[1], s)
			same = a == w[0] && c == w[1] || a == w[1] && c == w[0]
		}
		if same {
			out = append(out, s)
		}
	}
	return out
}

// leastImage reports whether the pair c1 < c2 is the least of its images
// under syms, compared as ordered pairs.
func leastImage(c1, c2 Cell, syms []int) bool {
	for _, s := range syms {
		a, c := symmetric(c1, s), symmetric(c2, s)
		a, c = min(a, c), max(a, c)
		if a < c1 || a == c1 && c < c2 {
			return false
		}
	}
	return true
}

// SymmetricPlacement is placement t (on b, which is in placement) mapped by
// one of the symmetries of b, drawn by rng: an equally good placement.
func SymmetricPlacement(b *Board, t Turn, rng *game.Rand) Turn {
	syms := stabilizer(b)
	s := syms[rng.IntN(len(syms))]
	a, c := symmetric(t.Cells[0], s), symmetric(t.Cells[1], s)
	return placement(min(a, c), max(a, c))
}

// timeUp reports whether the deadline passed or ctx ended; it stays true.
func (pl *placer) timeUp() bool {
	if !pl.stopped {
		pl.stopped = pl.ctx.Err() != nil || !pl.deadline.IsZero() && !time.Now().Before(pl.deadline)
	}
	return pl.stopped
}

// leaf is the value for P1 of the play position b, searched to depth (0:
// the static evaluation); ok is false when the time ran out first.
func (pl *placer) leaf(b *Board, depth int) (float64, bool) {
	if b.Phase == Over {
		if b.Winner == 1 {
			return float64(winValue), true
		}
		return -float64(winValue), true
	}
	if depth == 0 {
		return scoreValue(pl.c.staticEval(b)), true
	}
	res, err := pl.c.Search(pl.ctx, b, Limit{Depth: depth}, nil)
	pl.nodes += res.Nodes
	if err != nil || pl.timeUp() {
		return 0, false
	}
	return res.Value, true
}

// staticEval is the evaluation of the play position b for its side to move.
func (c *Competitive) staticEval(b *Board) int32 {
	p := newPos(b)
	if c.net == nil {
		return classicEval(&p, &c.w)
	}
	c.net.refresh(&c.acc[0], &p)
	return c.net.evaluate(&c.acc[0], p.side)
}

// width is how many of n candidates round depth keeps.
func width(n, depth, least int) int {
	return min(n, max(least, n>>min(depth-1, 30)))
}

// second searches P2's placement among cands on b: the one whose position
// is worst for P1.
func (pl *placer) second(b *Board, cands []placeCand, maxDepth int, info func(Info)) SearchResult {
	for i := range cands {
		after := b.after(placement(cands[i].cells[0], cands[i].cells[1]))
		v, _ := pl.leaf(&after, 0)
		cands[i].value = 0 - v // not -v: -0 would read "-0"
	}
	byValue(cands)
	res := pl.result(cands, 0)
	for depth := 1; depth <= maxDepth && len(cands) > 1; depth++ {
		n := width(len(cands), depth, placeMinWidth)
		done := 0 // the candidates this round searched
		for ; done < n; done++ {
			after := b.after(placement(cands[done].cells[0], cands[done].cells[1]))
			v, ok := pl.leaf(&after, depth)
			if !ok {
				break
			}
			cands[done].value = 0 - v
		}
		if done == 0 {
			break
		}
		// A round cut short still searched the last round's choice first:
		// the best it searched is the better choice.
		byValue(cands[:done])
		res = pl.result(cands[:done], depth)
		if info != nil {
			info(pl.info(res, nil))
		}
		if done < n {
			break
		}
	}
	return res
}

// first searches P1's placement among cands on b: the one whose worst reply
// is best. The static ranking always completes (about 6 ms from the empty
// board), so that even a search stopped at once answers its best.
func (pl *placer) first(b *Board, cands []placeCand, maxDepth int, info func(Info)) SearchResult {
	for i := range cands {
		after := b.after(placement(cands[i].cells[0], cands[i].cells[1]))
		cands[i].replies = placements(&after)
		cands[i].value = float64(winValue)
		rs := cands[i].replies
		pl.replyValues(&after, rs)
		for _, r := range rs {
			cands[i].value = min(cands[i].value, r.value)
		}
		slices.SortStableFunc(rs, func(x, y placeCand) int { return cmp.Compare(x.value, y.value) })
	}
	byValue(cands)
	res := pl.result(cands, 0)
	for depth := 1; depth <= maxDepth && len(cands) > 1; depth++ {
		n := width(len(cands), depth, placeMinWidth)
		best := -float64(winValue) - 1
		done := 0
		for ; done < n; done++ {
			cand := &cands[done]
			after := b.after(placement(cand.cells[0], cand.cells[1]))
			rs := cand.replies
			v := float64(winValue)
			m := min(len(rs), max(placeMinReplies, placeReplies>>min(depth-1, 30)))
			searched := 0
			for ; searched < m; searched++ {
				r := &rs[searched]
				leaf := after.after(placement(r.cells[0], r.cells[1]))
				lv, ok := pl.leaf(&leaf, depth)
				if !ok {
					break
				}
				r.value = lv
				v = min(v, lv)
				if v <= best {
					searched++
					break // no better than the best so far
				}
			}
			if pl.stopped {
				break
			}
			slices.SortStableFunc(rs[:searched], func(x, y placeCand) int { return cmp.Compare(x.value, y.value) })
			cand.value = v
			best = max(best, v)
		}
		if done == 0 {
			break
		}
		byValue(cands[:done])
		res = pl.result(cands[:done], depth)
		if info != nil {
			info(pl.info(res, cands[0].replies))
		}
		if done < n {
			break
		}
	}
	return res
}

// replyValues sets the static value for P1 of each of P2's replies rs on
// after (P2 to place). With the learned evaluation the first layer's sums
// of the board without P2's workers are made once, and each reply adds
// its two workers' rows.
func (pl *placer) replyValues(after *Board, rs []placeCand) {
	n := pl.c.net
	if n == nil {
		for i := range rs {
			leaf := after.after(placement(rs[i].cells[0], rs[i].cells[1]))
			v, _ := pl.leaf(&leaf, 0)
			rs[i].value = v
		}
		return
	}
	var base, acc accumulator
	for v := range 2 {
		base[v] = make([]int16, n.hidden)
		acc[v] = make([]int16, n.hidden)
		copy(base[v], n.bias)
		for c := range cellCount {
			addRow(base[v], n.row(featHeights+c*5+int(after.Height[c])))
		}
		own := featOwn // P1's workers in view v
		if v != 0 {
			own = featOpp
		}
		for _, c := range after.Workers[0] {
			addRow(base[v], n.row(own+int(c)*3+int(min(after.Height[c], 2))))
		}
	}
	for i := range rs {
		leaf := after.after(placement(rs[i].cells[0], rs[i].cells[1]))
		if leaf.Phase == Over {
			rs[i].value, _ = pl.leaf(&leaf, 0)
			continue
		}
		for v := range 2 {
			copy(acc[v], base[v])
			opp := featOpp // P2's workers in view v
			if v != 0 {
				opp = featOwn
			}
			for _, c := range rs[i].cells {
				addRow(acc[v], n.row(opp+int(c)*3+int(min(after.Height[c], 2))))
			}
		}
		rs[i].value = scoreValue(n.evaluate(&acc, 0))
	}
}

func addRow(dst, row []int16) {
	row = row[:len(dst)]
	for i := range dst {
		dst[i] += row[i]
	}
}

// byValue sorts candidates by value, best first (stable: the earlier of
// equal ones first).
func byValue(cands []placeCand) {
	slices.SortStableFunc(cands, func(x, y placeCand) int { return cmp.Compare(y.value, x.value) })
}

// result is the search's answer after a round of depth that searched
// cands (sorted, best first).
func (pl *placer) result(cands []placeCand, depth int) SearchResult {
	best := cands[0]
	res := SearchResult{Best: placement(best.cells[0], best.cells[1]), Value: best.value, Depth: depth, Nodes: pl.nodes,
		Values: make(map[string]float64, len(cands))}
	for _, c := range cands {
		res.Values[placement(c.cells[0], c.cells[1]).String()] = c.value
	}
	return res
}

// info reports a completed round: its best placement and, for P1, the
// reply expected.
func (pl *placer) info(res SearchResult, replies []placeCand) Info {
	pv := []Turn{res.Best}
	if len(replies) > 0 {
		pv = append(pv, placement(replies[0].cells[0], replies[0].cells[1]))
	}
	return Info{Depth: res.Depth, Score: res.Value, Nodes: pl.nodes, Elapsed: time.Since(pl.start), PV: pv}
}
