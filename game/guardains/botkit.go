package guardains

import (
	"context"
	"fmt"

	"github.com/arena-games/arena/game"
)

// Bots lists the computer players, weakest first.
func (Title) Bots() []game.Bot {
	return []game.Bot{
		{Kind: "explorer", About: "sends its fastest guardian exploring: follows clues and teleporters, avoids fights, brings the stone home"},
		{Kind: "hunter", About: "a team: Gamora jumps across the maze, finds the enemy's base and strikes; focused fire on whatever is in range; the carrier escorted home, Drax breaking walls; the enemy's carrier waited for on its way home; the wounded heal while Rocket and StarLord scout for the stone"},
	}
}

// NewBot makes a computer player: explorer or hunter. They take no strength
// and use no randomness; each sees only its seat's views.
func (Title) NewBot(kind, strength string, seat game.Seat, _ *game.Rand) (game.Player, error) {
	if strength != "" {
		return nil, fmt.Errorf("guardains %s: takes no strength (got %q)", kind, strength)
	}
	if seat != 0 && seat != 1 {
		return nil, fmt.Errorf("guardains %s: seat %d: a game has seats 1 and 2", kind, seat.Number())
	}
	b := &bot{seat: int(seat) + 1, m: newMemory()}
	switch kind {
	case "explorer":
		b.brain = &explorer{}
	case "hunter":
		b.brain = &hunter{}
	default:
		return nil, fmt.Errorf("guardains: unknown computer player %q (known: explorer, hunter)", kind)
	}
	return b, nil
}

// brain chooses the round's action from what the seat knows, with a few
// words on why; nil stays put.
type brain interface {
	choose(m *memory) (*Action, string)
}

// bot is a computer player: its memory and its brain.
type bot struct {
	seat  int
	m     *memory
	brain brain
}

// Play answers the action for the observation, an *Observation.
func (b *bot) Play(ctx context.Context, obs any) (game.Answer, error) {
	o, ok := obs.(*Observation)
	if !ok {
		return game.Answer{}, fmt.Errorf("guardains bot: observation is %T, not a *guardains.Observation", obs)
	}
	if o.Seat != b.seat {
		return game.Answer{}, fmt.Errorf("guardains bot of seat %d: a view of seat %d", b.seat, o.Seat)
	}
	if o.W <= 0 || o.H <= 0 || o.W > MaxSide || o.H > MaxSide {
		return game.Answer{}, fmt.Errorf("guardains bot: a view of a %dx%d board", o.W, o.H)
	}
	if err := ctx.Err(); err != nil {
		return game.Answer{}, err
	}
	b.m.learn(o)
	a, why := b.brain.choose(b.m)
	if a == nil {
		a = b.m.stay()
	}
	b.m.sent = a
	return game.Answer{Move: ActionJSON(a.Type, a.Hero, a.Target, b.seat, o.Round), Notes: &game.Notes{Text: why}}, nil
}

// stay is a MOVE of the first alive guardian to its own cell: a legal
// no-op.
func (m *memory) stay() *Action {
	for _, h := range Heroes {
		if m.alive(h) {
			return &Action{Type: Move, Hero: h, Target: m.pos(h)}
		}
	}
	return &Action{Type: Move, Hero: Gamora, Target: m.pos(Gamora)}
}

func (m *memory) alive(h Hero) bool { return m.me[h].Health > 0 }

func (m *memory) pos(h Hero) Cell { return m.me[h].Current.At }

// ready reports whether h's SPECIAL is allowed this round.
func (m *memory) ready(h Hero) bool { return m.alive(h) && m.me[h].Cooldown <= m.round }

// planner searches the seat's known maze.
type planner struct {
	w, h   int
	gen    uint32
	mark   []uint32
	g      []int32
	parent []int32
	heap   []uint64
}

func (p *planner) size(w, h int) {
	p.w, p.h = w, h
	p.mark, p.g, p.parent = make([]uint32, w*h), make([]int32, w*h), make([]int32, w*h)
}

// search is a best-first search from cell index from. A passage may be
// taken unless it is known to be a wall (known: only when it is known to
// be open); a step into cell i costs 1 + extra(i). heur is an admissible
// estimate of the cost left (nil: 0, a breadth-first search). It returns
// the first cell taken off the queue for which goal is true, or -1 after
// limit cells, with the cell taken whose heur was the least.
func (p *planner) search(m *memory, from int, goal func(int) bool, heur, extra func(int) int32, known bool, limit int) (found, best int) {
	p.gen++
	p.heap = p.heap[:0]
	p.mark[from], p.g[from], p.parent[from] = p.gen, 0, -1
	h0 := int32(0)
	if heur != nil {
		h0 = heur(from)
	}
	p.push(h0, 0, from)
	best, bestH := from, h0
	closed := p.gen + 1<<31 // a cell is closed when its mark is gen|1<<31
	for n := 0; len(p.heap) > 0 && n < limit; n++ {
		i := p.pop()
		if p.mark[i] == closed {
			continue
		}
		p.mark[i] = closed
		if goal(i) {
			return i, i
		}
		if heur != nil {
			if h := heur(i); h < bestH {
				best, bestH = i, h
			}
		}
		c := Cell{i % p.w, i / p.w}
		for dir := range 4 {
			if known {
				if !m.known(i, dir) {
					continue
				}
			} else if m.blocked(c, dir) {
				continue
			}
			n := c.Step(dir, 1)
			j := n.Y*p.w + n.X
			cost := p.g[i] + 1
			if extra != nil {
				cost += extra(j)
			}
			if p.mark[j] == closed || (p.mark[j] == p.gen && p.g[j] <= cost) {
				continue
			}
			p.mark[j], p.g[j], p.parent[j] = p.gen, cost, int32(i)
			hj := int32(0)
			if heur != nil {
				hj = heur(j)
			}
			p.push(cost+hj, cost, j)
		}
	}
	return -1, best
}

// path is the cells from the search's start (left out) to i.
func (p *planner) path(i int) []int {
	var out []int
	for ; i >= 0 && p.parent[i] >= 0; i = int(p.parent[i]) {
		out = append(out, i)
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

// push queues cell i by f, the deeper first among equals.
func (p *planner) push(f, g int32, i int) {
	key := uint64(f)<<42 | uint64(1<<21-1-g)<<21 | uint64(i)
	p.heap = append(p.heap, key)
	for k := len(p.heap) - 1; k > 0; {
		up := (k - 1) / 2
		if p.heap[up] <= p.heap[k] {
			break
		}
		p.heap[up], p.heap[k] = p.heap[k], p.heap[up]
		k = up
	}
}

func (p *planner) pop() int {
	top := p.heap[0]
	last := len(p.heap) - 1
	p.heap[0] = p.heap[last]
	p.heap = p.heap[:last]
	for k := 0; ; {
		l, r, small := 2*k+1, 2*k+2, k
		if l < last && p.heap[l] < p.heap[small] {
			small = l
		}
		if r < last && p.heap[r] < p.heap[small] {
			small = r
		}
		if small == k {
			break
		}
		p.heap[k], p.heap[small] = p.heap[small], p.heap[k]
		k = small
	}
	return int(top & (1<<21 - 1))
}

// walk is the farthest cell along path that a guardian on from reaches
// this round: at most speed steps, over passages known to be open.
func (m *memory) walk(from Cell, path []int, speed int) Cell {
	at := from
	for k := 0; k < len(path) && k < speed; k++ {
		n := Cell{path[k] % m.w, path[k] / m.w}
		dir := dirTo(at, n)
		if dir < 0 || !m.known(m.index(at), dir) {
			break
		}
		at = n
	}
	return at
}

// dirTo is the direction from c to its neighbour n, -1 if not a neighbour.
func dirTo(c, n Cell) int {
	for dir := range 4 {
		if c.Step(dir, 1) == n {
			return dir
		}
	}
	return -1
}

// manhattan is the heuristic towards t.
func (m *memory) manhattan(t Cell) func(int) int32 {
	return func(i int) int32 { return int32(abs(i%m.w-t.X) + abs(i/m.w-t.Y)) }
}

// route is the path from c to the nearest cell that goal accepts over the
// known maze, unknown passages taken as open; heur estimates the steps
// left (admissible). When no goal is reached within the search's budget,
// the path goes to the cell searched with the least estimate.
func (m *memory) route(c Cell, goal func(int) bool, heur, extra func(int) int32) []int {
	found, best := m.plan.search(m, m.index(c), goal, heur, extra, false, routeBudget)
	if found < 0 {
		found = best
	}
	return m.plan.path(found)
}

// steps is the length of the route from c to a goal, or a large number
// when none is found.
func (m *memory) steps(c Cell, goal func(int) bool, heur func(int) int32) int {
	found, _ := m.plan.search(m, m.index(c), goal, heur, nil, false, routeBudget)
	if found < 0 {
		return 1 << 20
	}
	return len(m.plan.path(found))
}

// routeBudget is how many cells a route may search.
const routeBudget = 12000

// toward is the MOVE that brings guardian h nearer to t, or nil when it
// cannot move nearer.
func (m *memory) toward(h Hero, t Cell, extra func(int) int32) *Action {
	ti := m.index(t)
	return m.towards(h, func(i int) bool { return i == ti }, m.manhattan(t), extra)
}

// towards is the MOVE that brings guardian h along its route to a cell that
// goal accepts, or nil when it cannot move.
func (m *memory) towards(h Hero, goal func(int) bool, heur, extra func(int) int32) *Action {
	from := m.pos(h)
	if goal(m.index(from)) {
		return nil
	}
	to := m.walk(from, m.route(from, goal, heur, extra), h.Stats().Speed)
	if to == from {
		return nil
	}
	return &Action{Type: Move, Hero: h, Target: to}
}

// avoid is the extra cost of the cells that a moving guardian should keep
// out of: known beasts (but the goal) and, when fear is set, the cells near
// enemies seen in the last rounds.
func (m *memory) avoid(goal Cell, fear bool) func(int) int32 {
	gi := m.index(goal)
	var threats []Cell
	if fear {
		for _, e := range m.enemies {
			if !e.dead && e.round >= 0 && m.round-e.round <= 3 {
				threats = append(threats, e.at)
			}
		}
	}
	return func(i int) int32 {
		if i != gi && m.kind[i] == Beast {
			return 60
		}
		for _, t := range threats {
			if d := abs(i%m.w-t.X) + abs(i/m.w-t.Y); d <= 5 {
				return int32(3 * (6 - d))
			}
		}
		return 0
	}
}

// crowd is the alive enemies seen this round on one cell.
type crowd struct {
	at     Cell
	heroes []Hero
}

// enemyCells are the cells where enemy guardians stand this round (as seen
// in this round's view), in the order of their first guardian.
func (m *memory) enemyCells() []crowd {
	var out []crowd
	for h, e := range m.enemies {
		if e.dead || e.round != m.round {
			continue
		}
		found := false
		for i := range out {
			if out[i].at == e.at {
				out[i].heroes, found = append(out[i].heroes, Hero(h)), true
			}
		}
		if !found {
			out = append(out, crowd{at: e.at, heroes: []Hero{Hero(h)}})
		}
	}
	return out
}

// enemyOn reports whether an enemy is seen on c this round.
func (m *memory) enemyOn(c Cell) bool {
	for _, e := range m.enemies {
		if !e.dead && e.round == m.round && e.at == c {
			return true
		}
	}
	return false
}

// inRange reports whether h, alive, can attack cell c now.
func (m *memory) inRange(h Hero, c Cell) bool {
	p := m.pos(h)
	v := h.Stats().Vision
	return m.alive(h) && abs(c.X-p.X) <= v && abs(c.Y-p.Y) <= v
}

// nearestKind is the known cell of kind k nearest to c (as the crow
// flies) that ok accepts, or Nowhere.
func (m *memory) nearestKind(c Cell, k Kind, ok func(Cell) bool) Cell {
	best, bestD := Nowhere, 0
	for _, s := range m.specials {
		if d := abs(s.X-c.X) + abs(s.Y-c.Y); m.kind[m.index(s)] == k && ok(s) && (best == Nowhere || d < bestD) {
			best, bestD = s, d
		}
	}
	return best
}

// runner is the fastest alive guardian among hs (in order of preference
// among equals), or false when all are dead.
func (m *memory) runner(hs ...Hero) (Hero, bool) {
	best, ok := Hero(0), false
	for _, h := range hs {
		if m.alive(h) && (!ok || h.Stats().Speed > best.Stats().Speed) {
			best, ok = h, true
		}
	}
	return best, ok
}
