package santorini

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"
)

// AnalysisLine is one of the best turns of an analysed position: the turn
// first, then the line the search expects, with its score.
type AnalysisLine struct {
	Depth int     // the depth this line was searched to
	Score float64 // for the side to move, as Info.Score: a win ±(1 000 000 − ply), else the evaluation divided by 100
	Win   float64 // the side to move's chance to win, 0..1
	Mate  int     // the side to move wins in Mate turns (> 0) or loses in −Mate turns (< 0); 0: no forced result found
	Moves []Turn
}

// ScoreText is the line's score as a person reads it: "win in 3",
// "loss in 2", or the win chance, "63%".
func (l AnalysisLine) ScoreText() string {
	switch {
	case l.Mate > 0:
		return fmt.Sprintf("win in %d", l.Mate)
	case l.Mate < 0:
		return fmt.Sprintf("loss in %d", -l.Mate)
	}
	return fmt.Sprintf("%.0f%%", 100*l.Win)
}

// Analysis is one report of an analysis: the best turns found so far, best
// first, and the search's progress.
type Analysis struct {
	Depth    int // the last depth completed for every line (0: none yet)
	Nodes    int
	Elapsed  time.Duration
	Complete bool // reported at the end of a depth (else on the clock, mid-depth)
	Done     bool // the last report: the depth bound, a forced result for every line, the time or ctx ended it
	Lines    []AnalysisLine
}

// NPS is the nodes searched per second.
func (a Analysis) NPS() int {
	if a.Elapsed <= 0 {
		return 0
	}
	return int(float64(a.Nodes) / a.Elapsed.Seconds())
}

// analysisEvery is how often an analysis reports between the ends of its
// depths.
const analysisEvery = 200 * time.Millisecond

// Analyse searches b for its best lines turns (MultiPV): at every depth the
// best turn, then the best of the others, and so on, each searched in full
// with the earlier lines' first turns left out. It reports after every
// completed depth and, mid-depth, at least every 200 ms with the newest
// lines; the last report is Done. It searches until limit (zero: until ctx
// ends, to the search's deepest depth) or ctx ends, and returns an error
// only for a position that is not in play. It uses the search's table and
// move ordering as Search does, so one Competitive must not run both at once.
func (c *Competitive) Analyse(ctx context.Context, b *Board, lines int, limit Limit, report func(Analysis)) error {
	if b.Phase != Play {
		return fmt.Errorf("analysis: the game is in phase %s, not play", b.Phase)
	}
	start := time.Now()
	c.startAnalysis(ctx, b, limit, start)
	n := c.p.gen(&c.moves[0])
	if n == 0 {
		return fmt.Errorf("analysis: P%d has no legal move", b.Side+1)
	}
	lines = max(1, min(lines, n))
	var out []AnalysisLine // the winning turns first: nothing to search
	root := make([]rootMove, 0, n)
	for _, m := range c.moves[0][:n] {
		switch {
		case m.build() >= 0:
			root = append(root, rootMove{m: m, score: -infScore})
		case len(out) < lines:
			out = append(out, c.line(winValue-1, []move{m}, 1, b.Rules))
		}
	}
	searched := lines - len(out) // lines that need a search
	c.orderRoot(root)
	maxDepth := limit.Depth
	if maxDepth <= 0 || maxDepth >= maxPly-8 {
		maxDepth = maxPly - 8
	}

	// full are the lines of the last depth completed (after the winning
	// turns), fresh those of the depth under way so far: a report shows
	// the fresh lines, then the full ones whose first turn they do not
	// have.
	var full, fresh []AnalysisLine
	done := 0 // the last depth that every line completed
	send := func(complete, final bool) {
		ls := append(append(make([]AnalysisLine, 0, lines), out...), fresh...)
		for _, l := range full {
			if len(ls) == lines {
				break
			}
			if !slices.ContainsFunc(fresh, func(f AnalysisLine) bool { return f.Moves[0] == l.Moves[0] }) {
				ls = append(ls, l)
			}
		}
		report(Analysis{Depth: done, Nodes: c.nodes, Elapsed: time.Since(start), Complete: complete, Done: final, Lines: ls})
	}
	last := start
	c.tick = func() {
		if now := time.Now(); now.Sub(last) >= analysisEvery {
			last = now
			send(false, false)
		}
		pauseForPage()
	}
	defer func() { c.tick = nil }()

	prev := make([]int32, searched) // each line's score at the last depth
	for depth := 1; depth <= maxDepth && searched > 0; depth++ {
		fresh = fresh[:0]
		k := 0
		for ; k < searched; k++ {
			v, ok := c.analyseLine(root[k:], depth, prev[k])
			if !ok {
				break
			}
			prev[k] = v
			pv := []move{root[k].m}
			if c.pvLen[0] > 0 && c.pv[0][0] == root[k].m {
				pv = c.pv[0][:c.pvLen[0]]
			}
			fresh = append(fresh, c.line(v, pv, depth, b.Rules))
		}
		if k < searched {
			break // stopped mid-depth
		}
		// Separate searches prune differently: a later line may score
		// above an earlier one, and then goes before it.
		for i := 1; i < searched; i++ {
			for j := i; j > 0 && prev[j] > prev[j-1]; j-- {
				prev[j], prev[j-1] = prev[j-1], prev[j]
				root[j], root[j-1] = root[j-1], root[j]
				fresh[j], fresh[j-1] = fresh[j-1], fresh[j]
			}
		}
		full, fresh = fresh, full[:0]
		done = depth
		last = time.Now()
		forced := true
		for _, v := range prev {
			forced = forced && (v >= mateBound || v <= -mateBound)
		}
		if forced || depth == maxDepth {
			send(true, true)
			return nil
		}
		send(true, false)
		c.orderRoot(root[searched-1:])
	}
	if searched == 0 {
		done = 1
	}
	send(false, true)
	return nil
}

// startAnalysis readies the search for an analysis of b as Search readies
// it for a search.
func (c *Competitive) startAnalysis(ctx context.Context, b *Board, limit Limit, start time.Time) {
	c.begin(ctx, b)
	c.deadline = time.Time{}
	if limit.Time > 0 {
		c.deadline = start.Add(limit.Time)
	}
}

// analyseLine searches the root turns root to depth in an aspiration window
// around guess, the score of the last depth, and returns the best score,
// with that turn moved to root[0]. ok is false when the search stopped.
func (c *Competitive) analyseLine(root []rootMove, depth int, guess int32) (v int32, ok bool) {
	delta := c.params.aspiration
	alpha, beta := -infScore, infScore
	if depth >= 4 && guess > -mateBound && guess < mateBound {
		alpha, beta = guess-delta, guess+delta
	}
	for {
		v, _ = c.searchRoot(root, depth, alpha, beta)
		if c.stopped {
			return 0, false
		}
		switch {
		case v <= alpha && alpha > -infScore:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -infScore)
		case v >= beta && beta < infScore:
			beta = min(v+delta, infScore)
		default:
			return v, true
		}
		delta += delta
	}
}

// line is the analysis line of the root turns pv with score s.
func (c *Competitive) line(s int32, pv []move, depth int, rules Rules) AnalysisLine {
	l := AnalysisLine{Depth: depth, Score: scoreValue(s), Win: c.winChance(s)}
	switch plies := int(winValue - abs32(s)); {
	case s >= mateBound:
		l.Mate = max(1, (plies+1)/2)
	case s <= -mateBound:
		l.Mate = -max(1, (plies+1)/2)
	}
	p := c.p
	for _, m := range pv {
		if m.build() >= 0 && !p.isMove(m) {
			break
		}
		l.Moves = append(l.Moves, p.turn(m, rules))
		if m.build() < 0 {
			break
		}
		p.do(m)
	}
	return l
}

// winChance is the side to move's chance to win at score s: σ(s/k), k
// the network's units per logit (its output is the logit of the win
// chance its training fitted); a forced result is 1 or 0.
func (c *Competitive) winChance(s int32) float64 {
	switch {
	case s >= mateBound:
		return 1
	case s <= -mateBound:
		return 0
	}
	net := c.net
	if net == nil {
		net = defaultNet()
	}
	return 1 / (1 + math.Exp(-float64(s)/float64(net.scale)))
}
