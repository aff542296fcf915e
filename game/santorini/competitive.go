package santorini

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"time"
)

// Competitive is the competitive player's search: iterative deepening with
// aspiration windows around a principal variation search (negamax), a
// transposition table of four-entry buckets, null-move pruning, reverse
// futility pruning, singular extensions, late-move reductions and late-move
// pruning, and move ordering by the table's move, threats, killers,
// counter-moves, history and continuation history.
// Santorini's tactics are searched exactly: a win in one is taken at once,
// a node whose side faces one threat (an opponent worker on level 2 next to
// a free level-3 cell) searches only the domes on it, a ply deeper (the
// check extension of chess), two threats lose at once, and a double threat
// of the side to move wins. Its evaluation is the learned network, or the
// hand-made evaluation (Classic). It is single-threaded and keeps its table
// between searches; one value must not search two positions at once.
type Competitive struct {
	p        pos
	w        weights
	net      *network // nil: the hand-made evaluation
	acc      [maxPly + 1]accumulator
	params   searchParams
	endCheck bool
	tt       *table

	killers   [maxPly][2]move
	excluded  [maxPly]move                    // the turn a singular search at that ply leaves out (noMove: none)
	rootDepth int                             // the depth of the root's iteration under way
	counter   [2][cellCount * cellCount]move  // the reply that refuted a move (by its TO and BUILD)
	hist      [2][cellCount * cellCount]int32 // by the side, TO and BUILD
	histFT    [2][cellCount * cellCount]int32 // by the side, FROM and TO
	cont      *contHistory
	stack     [maxPly + 1]frame

	moves  [maxPly][maxMoves]move
	scores [maxPly][maxMoves]int32
	pv     [maxPly][maxPly]move
	pvLen  [maxPly]int

	nodes     int
	score     int32 // the best turn's score in the last search
	completed int   // the last depth completed by the last search
	maxNodes  int   // stop after about this many nodes (0: no bound), for self-play
	deadline  time.Time
	ctx       context.Context
	stopped   bool
	tick      func() // when not nil, called at every check of the time (every 256 nodes): the analysis's hook
}

// contHistory is the continuation history: a quiet turn's score after
// each turn one ply before it (the opponent's reply it answers) and two
// plies before it (the side's own turn it follows), both by TO and BUILD.
type contHistory [2][cellCount * cellCount][cellCount * cellCount]int16

// noCont is the continuation row of a turn after a pass or the root: all
// zero, never written.
var noCont [cellCount * cellCount]int16

// turnIndex is a turn's place in the history tables: its TO and BUILD.
func turnIndex(m move) int { return int(m.to())*cellCount + int(m.build()) }

// contRows are the continuation rows of the node at ply (noCont where the
// turn before is a pass or before the root).
func (c *Competitive) contRows(ply int) (one, two *[cellCount * cellCount]int16) {
	one, two = &noCont, &noCont
	if ply >= 1 && c.stack[ply-1].move != noMove {
		one = &c.cont[0][turnIndex(c.stack[ply-1].move)]
	}
	if ply >= 2 && c.stack[ply-2].move != noMove {
		two = &c.cont[1][turnIndex(c.stack[ply-2].move)]
	}
	return one, two
}

// clearHistory forgets the move-ordering tables learnt: the history, the
// continuation history and the counter-moves.
func (c *Competitive) clearHistory() {
	c.hist, c.histFT = [2][cellCount * cellCount]int32{}, [2][cellCount * cellCount]int32{}
	c.counter = [2][cellCount * cellCount]move{}
	*c.cont = contHistory{}
}

// frame is what the search keeps of one ply of the line it is on.
type frame struct {
	eval int32 // the static evaluation, noEval where none was made
	move move  // the move that left this ply (noMove for a null move)
}

// searchParams are the competitive search's tuning: the margins and limits
// of its pruning and reductions.
type searchParams struct {
	aspiration  int32 // the first half-width of the root window
	rfpDepth    int   // reverse futility pruning up to this depth
	seDepth     int   // singular extensions from this depth
	seMargin    int32 // their margin below the table's score, per ply of depth
	rfpMargin   int32 // per ply of depth
	nmpDepth    int   // null-move pruning from this depth
	nmpBase     int   // its reduction: base + depth/nmpDiv
	nmpDiv      int
	lmpDepth    int     // late-move pruning up to this depth:
	lmpBase     int     // quiet turns beyond base + depth² (half when not improving) are skipped
	lmrBase     float64 // reduction = base + ln(depth)·ln(moves)/div
	lmrDiv      float64
	sortedMoves int // moves brought forward by score; the rest keep generation order
}

// defaultParams are the tuned search parameters.
var defaultParams = searchParams{
	aspiration:  60,
	rfpDepth:    6,
	seDepth:     6,
	seMargin:    2,
	rfpMargin:   90,
	nmpDepth:    3,
	nmpBase:     3,
	nmpDiv:      4,
	lmpDepth:    4,
	lmpBase:     6,
	lmrBase:     0.5,
	lmrDiv:      2.2,
	sortedMoves: 12,
}

// Scores of the competitive search, for the side to move. Wins are
// ±(winValue − ply) as in R16; evaluations stay far below mateBound.
const (
	infScore  int32 = winValue + 1
	mateBound int32 = winValue - 1000
	noEval    int32 = math.MinInt32
)

// Move ordering classes, from the first tried.
const (
	orderTT      int32 = 1 << 30
	orderThreat  int32 = 1 << 26 // the turn threatens to win next turn
	orderKiller  int32 = 1 << 22
	orderCounter int32 = 1 << 21
	orderQuiet   int32 = 1 << 20  // quiet turns score below this
	orderSuicide int32 = -1 << 28 // the turn lets the opponent win at once
	historyMax   int32 = 1 << 14
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

// NewCompetitive makes a competitive search with the learned evaluation and
// an empty table. It writes the table's memory at once, so that no timed
// search pays for its first use.
func NewCompetitive() *Competitive { return newSearcher(ttBucketBits, defaultNet()) }

// NewClassic makes a competitive search with the hand-made evaluation, the
// competitive player's evaluation before the learned one.
func NewClassic() *Competitive { return newSearcher(ttBucketBits, nil) }

// newSearcher makes a competitive search with a table of 1<<bits buckets
// and the evaluation net (nil: the hand-made one).
func newSearcher(bits int, net *network) *Competitive {
	c := &Competitive{w: defaultWeights, params: defaultParams, tt: newTableBits(bits), cont: new(contHistory)}
	c.setNetwork(net)
	return c
}

// setNetwork makes the search evaluate with net (nil: the hand-made
// evaluation).
func (c *Competitive) setNetwork(net *network) {
	c.net = net
	if net == nil {
		return
	}
	mem := make([]int16, 2*(maxPly+1)*net.hidden)
	for i := range c.acc {
		for v := range 2 {
			k := (2*i + v) * net.hidden
			c.acc[i][v] = mem[k : k+net.hidden : k+net.hidden]
		}
	}
}

// fitTable sizes the table for searches of time d (tableBits); a search
// without a time keeps the table it has. A new size starts an empty table.
func (c *Competitive) fitTable(d time.Duration) {
	if bits := tableBits(d); d > 0 && bits != c.tt.bits {
		c.tt = newTableBits(bits)
	}
}

// rootMove is one turn of the root with what the last iteration that
// reached it found.
type rootMove struct {
	m     move
	score int32
	nodes int
}

// Search finds a turn for the side to move in a play position within limit,
// calling info (when not nil) after every completed depth. When the time runs
// out or ctx ends it returns the best turn of the last completed depth, or of
// the unfinished one when that already proved a better turn (reported to info
// too). It returns an error only for a position that is not in play. Values
// holds every root candidate: the best is exact, the others are bounds
// (alpha-beta proves only that they are not better), of the deepest search
// that reached them. With a time limit it deepens until the limit less a
// sixteenth (at most 20 ms: room for the answer on a busy machine), or
// until 5 ms before ctx's deadline, and returns.
func (c *Competitive) Search(ctx context.Context, b *Board, limit Limit, info func(Info)) (SearchResult, error) {
	if b.Phase != Play {
		return SearchResult{}, fmt.Errorf("competitive search: the game is in phase %s, not play", b.Phase)
	}
	start := time.Now()
	c.fitTable(limit.Time)
	c.begin(ctx, b)
	maxDepth := limit.Depth
	if maxDepth <= 0 || maxDepth >= maxPly-8 {
		maxDepth = maxPly - 8
		if limit.Time <= 0 {
			maxDepth = 8
		}
	}
	c.deadline = time.Time{}
	if limit.Time > 0 {
		margin := min(limit.Time/16, 20*time.Millisecond)
		c.deadline = start.Add(limit.Time - margin)
	}
	if d, ok := ctx.Deadline(); ok && (c.deadline.IsZero() || d.Add(-5*time.Millisecond).Before(c.deadline)) {
		c.deadline = d.Add(-5 * time.Millisecond)
	}

	n := c.p.gen(&c.moves[0])
	if n == 0 {
		return SearchResult{}, fmt.Errorf("competitive search: P%d has no legal move", b.Side+1)
	}
	root := make([]rootMove, n)
	for i, m := range c.moves[0][:n] {
		root[i] = rootMove{m: m, score: -infScore}
		if m.build() < 0 { // a win in one: nothing to search
			t := c.p.turn(m, b.Rules)
			c.completed, c.score = 1, winValue-1
			if info != nil {
				info(Info{Depth: 1, Score: winValue - 1, Nodes: 1, Elapsed: time.Since(start), PV: []Turn{t}})
			}
			return SearchResult{Best: t, Value: winValue - 1, Depth: 1, Nodes: 1, Values: map[string]float64{t.String(): winValue - 1}}, nil
		}
	}
	c.orderRoot(root)

	var res SearchResult
	last := int32(0)
	for depth := 1; depth <= maxDepth; depth++ {
		delta := c.params.aspiration
		alpha, beta := -infScore, infScore
		if depth >= 4 && last > -mateBound && last < mateBound {
			alpha, beta = last-delta, last+delta
		}
		var v int32
		improved := false // the unfinished iteration proved a new best turn
		for {
			var better bool
			v, better = c.searchRoot(root, depth, alpha, beta)
			improved = improved || better
			if c.stopped {
				break
			}
			if v <= alpha && alpha > -infScore {
				beta = (alpha + beta) / 2
				alpha = max(v-delta, -infScore)
			} else if v >= beta && beta < infScore {
				beta = min(v+delta, infScore)
			} else {
				break
			}
			delta += delta
		}
		if c.stopped && (!improved || res.Depth == 0) {
			break
		}
		best := root[0]
		if !c.stopped {
			last = v
			c.completed = depth
		}
		c.score = best.score
		res = SearchResult{Best: c.p.turn(best.m, b.Rules), Value: scoreValue(best.score), Depth: depth, Nodes: c.nodes}
		if info != nil {
			info(Info{Depth: depth, Score: scoreValue(best.score), Nodes: c.nodes, Elapsed: time.Since(start), PV: c.pvTurns(b.Rules)})
		}
		if c.stopped || best.score >= mateBound || best.score <= -mateBound || n == 1 {
			break // out of time, a forced result that deeper search keeps, or no choice
		}
		c.orderRoot(root)
	}
	if res.Depth == 0 { // not even depth 1 finished: the first turn
		res = SearchResult{Best: c.p.turn(root[0].m, b.Rules)}
	}
	res.Nodes = c.nodes
	res.Values = make(map[string]float64, len(root))
	for _, rm := range root {
		if rm.score > -infScore {
			res.Values[c.p.turn(rm.m, b.Rules).String()] = scoreValue(rm.score)
		}
	}
	return res, nil
}

// begin readies the search for a search of b under ctx: the position and
// the network's view of it, the counts, the table's age, the killers, and
// the history, halved.
func (c *Competitive) begin(ctx context.Context, b *Board) {
	c.p, c.endCheck, c.ctx, c.nodes, c.stopped, c.completed = newPos(b), b.Rules.KandicEndCheck, ctx, 0, false, 0
	c.tt.newSearch()
	c.killers = [maxPly][2]move{}
	for s := range c.hist {
		for i := range c.hist[s] {
			c.hist[s][i] /= 2
			c.histFT[s][i] /= 2
		}
	}
	c.stack[0] = frame{eval: noEval}
	if c.net != nil {
		c.net.refresh(&c.acc[0], &c.p)
	}
}

// orderRoot puts the best root turn first and the others by the nodes their
// search took, most first (the hardest to refute are the likeliest to be
// good), and clears their node counts.
func (c *Competitive) orderRoot(root []rootMove) {
	for i := 2; i < len(root); i++ {
		for j := i; j > 1 && root[j].nodes > root[j-1].nodes; j-- {
			root[j], root[j-1] = root[j-1], root[j]
		}
	}
	for i := range root {
		root[i].nodes = 0
	}
}

// searchRoot searches the root turns to depth within (alpha, beta) and
// returns the best score. A turn that proves better than the first moves to
// the front at once (better reports that one did), so that the first turn
// is always the best found so far.
func (c *Competitive) searchRoot(root []rootMove, depth int, alpha, beta int32) (int32, bool) {
	c.rootDepth = depth
	best := -infScore
	better := false
	for i := range root {
		m := root[i].m
		before := c.nodes
		c.doMove(m, 0, depth-1)
		var v int32
		if i == 0 {
			v = -c.negamax(depth-1, 1, -beta, -alpha, false)
		} else {
			v = -c.negamax(depth-1, 1, -alpha-1, -alpha, true)
			if v > alpha && v < beta && !c.stopped {
				v = -c.negamax(depth-1, 1, -beta, -alpha, false)
			}
		}
		c.undoMove(m, 0)
		root[i].nodes += c.nodes - before
		if c.stopped {
			break
		}
		root[i].score = v
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
			c.pv[0][0] = m
			copy(c.pv[0][1:], c.pv[1][:c.pvLen[1]])
			c.pvLen[0] = c.pvLen[1] + 1
			if i > 0 {
				rm := root[i]
				copy(root[1:i+1], root[:i])
				root[0] = rm
				better = true
			}
			if v >= beta {
				break
			}
		}
	}
	return best, better
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
		if m.build() < 0 {
			break
		}
		p.do(m)
	}
	return out
}

// doMove plays m, which is not a winning move, at ply, for a search of
// depth after it: a child that will probe the table has its bucket
// prefetched while the network is updated.
func (c *Competitive) doMove(m move, ply, depth int) {
	if depth > 0 {
		c.tt.prefetch(c.p.keyAfter(m))
	}
	if c.net != nil {
		c.net.update(&c.acc[ply+1], &c.acc[ply], &c.p, m)
	}
	c.p.do(m)
	c.stack[ply].move = m
}

// undoMove takes back the move doMove played at ply.
func (c *Competitive) undoMove(m move, _ int) {
	c.p.undo(m)
}

// doNull passes the turn at ply, for the null-move search.
func (c *Competitive) doNull(ply int) {
	if c.net != nil {
		for v := range 2 {
			copy(c.acc[ply+1][v], c.acc[ply][v])
		}
	}
	c.p.doNull()
	c.stack[ply].move = noMove
}

// evaluate is the static evaluation of the node at ply for its side to move.
func (c *Competitive) evaluate(ply int) int32 {
	if c.net != nil {
		return c.net.evaluate(&c.acc[ply], c.p.side)
	}
	return classicEval(&c.p, &c.w)
}

// negamax is the score of the current node for its side to move. cutNode
// says an ancestor expects it to fail high (a null-window search of a turn
// that is not the first).
func (c *Competitive) negamax(depth, ply int, alpha, beta int32, cutNode bool) int32 {
	pvNode := beta-alpha > 1
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
	excluded := c.excluded[ply] // a singular search: the node again, without the table's turn
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
		return c.evaluate(ply)
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
		return c.evaluate(ply)
	case depth <= 0:
		depth = 1
	case forced:
		ext = 1
	}
	// Mate distance: no line from here wins sooner than the next turn.
	alpha = max(alpha, -(winValue - int32(ply)))
	beta = min(beta, winValue-int32(ply+1))
	if alpha >= beta {
		return alpha
	}

	// At depth 1 the table rarely knows the node (about one probe in twenty
	// hits) and a probe waits on memory, so the static evaluation comes
	// first: a node that reverse futility cuts returns without a probe.
	staticEval := noEval
	if depth == 1 && !forced {
		staticEval = c.evaluate(ply)
		if !pvNode && beta > -mateBound && beta < mateBound &&
			staticEval-c.params.rfpMargin*int32(1-b2i(c.improving(ply, staticEval))) >= beta {
			return staticEval
		}
	}

	e, hit := c.tt.probe(p.key)
	ttMove := noMove
	if hit {
		ttMove = e.best
		if !pvNode && excluded == noMove && int(e.depth) >= depth {
			s := fromTT(e.score, ply)
			switch bound := e.flags & 3; {
			case bound == boundExact,
				bound == boundLower && s >= beta,
				bound == boundUpper && s <= alpha:
				return s
			}
		}
	}

	// Internal iterative reduction: a node the table knows no move of is
	// searched a ply shallower.
	if ttMove == noMove && depth >= 4 && !forced && excluded == noMove {
		depth--
	}

	// The static evaluation, sharpened by the table's bound.
	eval := noEval
	if !forced {
		switch {
		case staticEval != noEval:
		case hit && e.eval != ttNoEval:
			staticEval = int32(e.eval)
		default:
			staticEval = c.evaluate(ply)
		}
		eval = staticEval
		if hit {
			s := fromTT(e.score, ply)
			if bound := e.flags & 3; bound == boundExact || bound == boundLower && s > eval || bound == boundUpper && s < eval {
				eval = s
			}
		}
	}
	c.stack[ply].eval = staticEval
	improving := c.improving(ply, staticEval)
	pr := &c.params

	if !pvNode && !forced && excluded == noMove && beta > -mateBound && beta < mateBound {
		// Reverse futility: far above beta, a shallow search will not fall.
		if depth <= pr.rfpDepth && eval-pr.rfpMargin*int32(depth-b2i(improving)) >= beta {
			return eval
		}
		// Null move: passing still holds beta, so a turn will too.
		if depth >= pr.nmpDepth && eval >= beta && ply > 0 && c.stack[ply-1].move != noMove {
			r := pr.nmpBase + depth/pr.nmpDiv
			c.doNull(ply)
			v := -c.negamax(depth-1-r, ply+1, -beta, -beta+1, !cutNode)
			p.doNull()
			if c.stopped {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta
				}
				return v
			}
		}
	}

	// The table's move is searched before the others are generated: when
	// it refutes the node, they never are.
	threat := int8(bits.TrailingZeros32(threats))
	ttFirst := ttMove != noMove && ttMove != excluded && p.isMove(ttMove) && (!forced || ttMove.build() == threat)
	n := 0
	prev := noMove
	if ply > 0 {
		prev = c.stack[ply-1].move
	}
	lmpLimit := pr.lmpBase + depth*depth
	if !improving {
		lmpLimit /= 2
	}

	// Singular extension: the table's turn is searched a ply deeper when a
	// shallower search of the other turns shows them all well below its
	// score. When they reach beta instead, two turns hold it and the node
	// is cut (multi-cut).
	singular := false
	if ttFirst && depth >= pr.seDepth && excluded == noMove && !forced && ply < 2*c.rootDepth &&
		e.flags&3 != boundUpper && int(e.depth) >= depth-3 {
		if s := fromTT(e.score, ply); s > -mateBound && s < mateBound {
			sBeta := s - pr.seMargin*int32(depth)
			c.excluded[ply] = ttMove
			v := c.negamax((depth-1)/2, ply, sBeta-1, sBeta, cutNode)
			c.excluded[ply] = noMove
			if c.stopped {
				return 0
			}
			switch {
			case v < sBeta:
				singular = true
			case sBeta >= beta:
				return sBeta
			}
		}
	}

	origAlpha := alpha
	best := -infScore
	bestMove := noMove
	var quiets [maxMoves]move
	nQuiets := 0
	skipQuiets := false // late-move pruning: no quiet turn is searched any more
	for i := 0; ; i++ {
		m, score := ttMove, orderTT
		if i > 0 || !ttFirst {
			if i == b2i(ttFirst) { // generate the others
				n = c.generate(ply, forced, threat, ttMove, ttFirst, prev)
				if n == 0 && i == 0 {
					return -(winValue - int32(ply+2)) // threatened, and no dome
				}
			}
			k := i - b2i(ttFirst)
			if skipQuiets {
				k = c.nextLoud(ply, k, n)
				i = k + b2i(ttFirst)
			}
			if k >= n {
				break
			}
			m, score = c.pick(ply, k, n), c.scores[ply][k]
			if m == excluded {
				continue
			}
		}
		quiet := score < orderQuiet      // pruned late, reduced by history
		reducible := score < orderThreat // quiet, a killer or the counter-move
		if i > 0 && quiet && !pvNode && !forced && best > -mateBound && depth <= pr.lmpDepth && i >= lmpLimit {
			skipQuiets = true
			continue
		}
		newDepth := depth - 1 + ext + b2i(singular && i == 0)
		r := 0
		if i > 0 && depth >= 3 && reducible && !forced {
			r = lmrTable[min(depth, 63)][min(i, 63)]
			if pvNode {
				r--
			}
			if cutNode {
				r++
			}
			if !improving {
				r++
			}
			if quiet {
				r -= int(score / historyMax)
			} else {
				r--
			}
			r = max(0, min(r, newDepth-1))
		}
		c.doMove(m, ply, newDepth-r)
		var v int32
		if i == 0 {
			v = -c.negamax(newDepth, ply+1, -beta, -alpha, !pvNode && !cutNode)
		} else {
			v = -c.negamax(newDepth-r, ply+1, -alpha-1, -alpha, true)
			if v > alpha && r > 0 && !c.stopped {
				v = -c.negamax(newDepth, ply+1, -alpha-1, -alpha, !cutNode)
			}
			if v > alpha && v < beta && !c.stopped {
				v = -c.negamax(newDepth, ply+1, -beta, -alpha, false)
			}
		}
		c.undoMove(m, ply)
		if c.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if pvNode {
					c.pv[ply][0] = m
					copy(c.pv[ply][1:], c.pv[ply+1][:c.pvLen[ply+1]])
					c.pvLen[ply] = c.pvLen[ply+1] + 1
				}
				if alpha >= beta {
					if reducible || score == orderTT {
						c.reward(ply, depth, m, prev, quiets[:nQuiets])
					}
					break
				}
			}
		}
		if quiet {
			quiets[nQuiets] = m
			nQuiets++
		}
	}
	if excluded != noMove {
		if best == -infScore { // the table's turn was the only one
			return alpha
		}
		return best
	}
	bound := boundExact
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	c.tt.store(p.key, toTT(best, ply), staticEval, bestMove, depth, bound)
	return best
}

// improving reports whether the static evaluation at ply, eval, is better
// than at the side's previous turn (or either is unknown).
func (c *Competitive) improving(ply int, eval int32) bool {
	return ply < 2 || c.stack[ply-2].eval == noEval || eval > c.stack[ply-2].eval
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lmrTable[depth][moves] is the late-move reduction of defaultParams.
var lmrTable [64][64]int

func init() { setLMR(&defaultParams) }

// setLMR fills lmrTable from the parameters.
func setLMR(pr *searchParams) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmrTable[d][i] = int(pr.lmrBase + math.Log(float64(d))*math.Log(float64(i))/pr.lmrDiv)
		}
	}
}

// reward updates the move-ordering tables after m, a quiet turn, refuted
// the node at ply: m becomes a killer and the counter-move of prev, and its
// history rises while that of the quiet turns tried before it falls.
func (c *Competitive) reward(ply, depth int, m, prev move, tried []move) {
	side := c.p.side
	if c.killers[ply][0] != m {
		c.killers[ply][1] = c.killers[ply][0]
		c.killers[ply][0] = m
	}
	if prev != noMove {
		c.counter[side][turnIndex(prev)] = m
	}
	bonus := int32(min(depth*depth*8, 1600))
	one, two := c.contRows(ply)
	c.addHistory(side, m, bonus, one, two)
	for _, q := range tried {
		c.addHistory(side, q, -bonus, one, two)
	}
}

// addHistory moves a turn's history scores, and its continuation scores in
// the rows one and two (noCont: none), by bonus, less as they near
// ±historyMax.
func (c *Competitive) addHistory(side int, m move, bonus int32, one, two *[cellCount * cellCount]int16) {
	k := turnIndex(m)
	h := &c.hist[side][k]
	*h += bonus - *h*abs32(bonus)/historyMax
	g := &c.histFT[side][int(m.from())*cellCount+int(m.to())]
	*g += bonus - *g*abs32(bonus)/historyMax
	for _, row := range [2]*[cellCount * cellCount]int16{one, two} {
		if row != &noCont {
			v := int32(row[k])
			row[k] = int16(v + bonus - v*abs32(bonus)/historyMax)
		}
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// timeUp reports whether the deadline passed, ctx ended or the node bound
// was reached.
func (c *Competitive) timeUp() bool {
	if c.tick != nil {
		c.tick()
	}
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

// generate writes the turns of the node at ply, which has no winning turn
// (in a forced node, only the domes on the threatened cell), with their
// move-ordering scores, leaving out the table's move when it was searched
// first; it returns how many. Turns come in canonical order (worker, TO,
// BUILD) and are scored as they are made: turns that threaten to win next
// turn first, then killers, the counter-move of prev, and the quiet turns
// by history and climbing; turns that let the opponent win at once come
// last. A turn threatens when it leaves a worker of the side to move on
// level 2 next to a free level-3 cell.
func (c *Competitive) generate(ply int, forced bool, threat int8, ttMove move, ttFirst bool, prev move) int {
	p := &c.p
	side := p.side
	buildable := ^uint32(0)
	if forced {
		buildable = 1 << uint(threat)
	}
	lvl3 := p.ge[3] &^ p.ge[4]
	var oppOn2 uint32 // cells next to an opponent worker on level 2
	for _, o := range p.w[side^1] {
		if p.h[o] == 2 {
			oppOn2 |= adjMask[o]
		}
	}
	suicide := p.ge[2] &^ p.ge[3] & oppOn2 // a build there lets the opponent step up and win
	var otherNear [2]uint32                // by the moving worker: the cells next to the other one, when on level 2
	for w, o := range p.w[side] {
		if p.h[o] == 2 {
			otherNear[w^1] = adjMask[o]
		}
	}
	counter := noMove
	if prev != noMove {
		counter = c.counter[side][turnIndex(prev)]
	}
	k0, k1 := c.killers[ply][0], c.killers[ply][1]
	hist, histFT := &c.hist[side], &c.histFT[side]
	one, two := c.contRows(ply)
	mv, sc := &c.moves[ply], &c.scores[ply]
	n, skipped := 0, -1
	for wi, from := range p.w[side] {
		tos := p.targets(from)
		free := ^(p.occ &^ (1 << uint(from))) &^ p.ge[4] & buildable
		for tos != 0 {
			to := int8(bits.TrailingZeros32(tos))
			tos &= tos - 1
			near := otherNear[wi]
			if p.h[to] == 2 {
				near |= adjMask[to]
			}
			quiet := histFT[int(from)*cellCount+int(to)] + 256*(int32(p.h[to])-int32(p.h[from]))
			row := hist[int(to)*cellCount : int(to)*cellCount+cellCount]
			row1 := one[int(to)*cellCount : int(to)*cellCount+cellCount]
			row2 := two[int(to)*cellCount : int(to)*cellCount+cellCount]
			for builds := adjMask[to] & free; builds != 0; builds &= builds - 1 {
				bc := int8(bits.TrailingZeros32(builds))
				m := mkMove(int8(wi), from, to, bc)
				var s int32
				switch {
				case suicide&(1<<uint(bc)) != 0:
					s = orderSuicide
				case near != 0 && threatens(p, m, near, lvl3):
					s = orderThreat + int32(p.h[to])
				case m == k0:
					s = orderKiller + 1
				case m == k1:
					s = orderKiller
				case m == counter:
					s = orderCounter
				default:
					s = row[bc] + int32(row1[bc]) + int32(row2[bc]) + quiet
				}
				if ttFirst && m == ttMove {
					skipped = n
				}
				mv[n], sc[n] = m, s
				n++
			}
		}
	}
	if skipped >= 0 { // the last turn takes the table's move's place
		n--
		mv[skipped], sc[skipped] = mv[n], sc[n]
	}
	return n
}

// threatens reports whether turn m leaves a free level-3 cell among near,
// the cells next to the side's workers on level 2 after it (lvl3 is the
// level-3 cells before it).
func threatens(p *pos, m move, near, lvl3 uint32) bool {
	bb := uint32(1) << uint(m.build())
	switch p.h[m.build()] {
	case 2:
		lvl3 |= bb
	case 3:
		lvl3 &^= bb
	}
	return near&lvl3&^(p.occ^(1<<uint(m.from())|1<<uint(m.to()))) != 0
}

// nextLoud moves the first turn from k on at ply that is not quiet (a
// threat, killer or counter-move) to place k and returns k, or n when there
// is none.
func (c *Competitive) nextLoud(ply, k, n int) int {
	sc, mv := &c.scores[ply], &c.moves[ply]
	for j := k; j < n; j++ {
		if sc[j] >= orderQuiet {
			sc[k], sc[j] = sc[j], sc[k]
			mv[k], mv[j] = mv[j], mv[k]
			return k
		}
	}
	return n
}

// pick moves the best-scored of the turns i..n-1 at ply to place i (for the
// first params.sortedMoves places) and returns it.
func (c *Competitive) pick(ply, i, n int) move {
	sc, mv := &c.scores[ply], &c.moves[ply]
	if i >= c.params.sortedMoves {
		return mv[i]
	}
	best, bs := i, sc[i]
	for j := i + 1; j < n; j++ {
		if s := sc[j]; s > bs {
			best, bs = j, s
		}
	}
	sc[i], sc[best] = sc[best], sc[i]
	mv[i], mv[best] = mv[best], mv[i]
	return mv[i]
}
