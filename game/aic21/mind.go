package aic21

import (
	"math/rand/v2"
	"slices"
)

// mind is what one agent knows: the map as its unit has seen it (and, for
// the colony bot, as the chat told it), where its unit is, and how to get
// somewhere. Each agent has its own; they share nothing.
type mind struct {
	rng      *rand.Rand
	w, h     int
	soldier  bool
	base     Cell
	view     int
	fight    int    // a soldier's attack range
	kind     []int8 // -1 unknown, else a Kind
	res      []Res
	amt      []int32
	known    [2]int // cells away from the enemy base known to hold bread, grass
	unseen   int    // cells away from the enemy base never seen
	round    int    // GAME_STATUS messages received
	here     Cell
	carry    Res
	amount   int
	health   int
	lastHP   int
	enemy    Cell // the enemy base, once known
	hasEnemy bool
	risky    []bool // the cells near the enemy base, once it is known or guessed
	// the plan: the cells to walk, the next last, to goal (-1: none)
	plan []int32
	goal int
	// back is the way back from the last route's goal (backFrom) to where
	// it started, in the order of plan.
	back     []int32
	backFrom int
	slack    int32 // how much farther than the nearest a goal may be
	riskR    int   // the radius around the enemy base that routes avoid
	// routing scratch
	cand    []int32
	nodes   []node
	stamp   uint32
	buckets [maxStep + 1][]int32
}

// node is a cell in a route search: its cost from the start, where it was
// reached from, and the search that set them.
type node struct {
	dist, parent int32
	gen          uint32
}

// maxStep bounds the cost of entering one cell in routes.
const maxStep = 15

// swampGuess is the swamp hold an agent plans with: INIT does not say it.
const swampGuess = 3

func (m *mind) init(in *Init, rng *rand.Rand) {
	n := in.MapWidth * in.MapHeight
	*m = mind{rng: rng, w: in.MapWidth, h: in.MapHeight, soldier: in.AntType == 0, base: Cell{in.BaseX, in.BaseY},
		view: in.ViewDistance, fight: in.AttackDistance, kind: make([]int8, n), res: make([]Res, n), amt: make([]int32, n),
		nodes: make([]node, n), goal: -1, backFrom: -1}
	for i := range m.kind {
		m.kind[i], m.res[i] = -1, NoRes
	}
	m.unseen = n
	m.setKind(m.at(m.base), Base)
}

func (m *mind) at(c Cell) int { return wrap(c.Y, m.h)*m.w + wrap(c.X, m.w) }

func (m *mind) cell(i int) Cell { return Cell{i % m.w, i / m.w} }

func (m *mind) distance(a, b Cell) int { return Distance(m.w, m.h, a, b) }

// see takes in a GAME_STATUS: the unit's own state and the cells around.
func (m *mind) see(st *Status) {
	m.round++
	m.here, m.carry, m.amount = Cell{st.X, st.Y}, st.ResType, st.ResValue
	m.lastHP, m.health = m.health, st.Health
	if m.round == 1 {
		m.lastHP = st.Health
	}
	for i := range st.Around {
		a := &st.Around[i]
		at := a.Y*m.w + a.X
		m.setKind(at, a.Kind)
		m.setRes(at, a.ResType, a.ResValue)
		if a.Kind == Base && (a.X != m.base.X || a.Y != m.base.Y) {
			m.learnEnemy(Cell{a.X, a.Y})
		}
	}
}

// setKind records that cell i is of kind k.
func (m *mind) setKind(i int, k Kind) {
	if m.kind[i] < 0 && !m.isRisky(i) {
		m.unseen--
	}
	m.kind[i] = int8(k)
}

// setRes records that cell i holds amount of r.
func (m *mind) setRes(i int, r Res, amount int) {
	safe := !m.isRisky(i)
	if m.res[i] != NoRes && safe {
		m.known[m.res[i]]--
	}
	if r == NoRes {
		amount = 0
	} else if safe {
		m.known[r]++
	}
	m.res[i], m.amt[i] = r, int32(amount)
}

func (m *mind) isRisky(i int) bool { return m.risky != nil && m.risky[i] }

// recount counts the safe cells that are unseen or hold resources.
func (m *mind) recount() {
	m.known, m.unseen = [2]int{}, 0
	for i := range m.kind {
		switch {
		case m.isRisky(i):
		case m.kind[i] < 0:
			m.unseen++
		case m.res[i] != NoRes:
			m.known[m.res[i]]++
		}
	}
}

// forgetEnemy drops what it thought about the enemy base.
func (m *mind) forgetEnemy() {
	m.hasEnemy, m.risky = false, nil
	m.recount()
}

// cost is what entering cell i costs a route, 0 for never.
func (m *mind) cost(i int, avoid bool) int {
	c := 1
	switch Kind(m.kind[i]) {
	case Wall:
		return 0
	case Swamp:
		c += swampGuess
	case Trap:
		if m.carry != NoRes {
			c += 10
		}
	}
	if avoid && m.risky != nil && m.risky[i] {
		c += 8
	}
	return min(c, maxStep)
}

// learnEnemy records where the enemy base is, and the cells in its range.
func (m *mind) learnEnemy(c Cell) {
	if m.hasEnemy && m.enemy == c {
		return
	}
	m.enemy, m.hasEnemy = c, true
	if m.risky == nil {
		m.risky = make([]bool, len(m.kind))
	}
	// Bases close together leave the own one out of the zone.
	r := min(m.riskR, max(m.distance(m.base, c)-1, 6))
	for i := range m.risky {
		m.risky[i] = Distance(m.w, m.h, m.cell(i), c) <= r
	}
	m.recount()
}

// route plans the cheapest route from here to the nearest cell for which
// goal is true (or, with slack, one of those at most slack farther, drawn
// at random) and returns its first step and that cell; ok is false when
// there is none. Unknown cells count as open ground; avoid keeps away from
// the enemy base's range. The plan is kept for walk.
func (m *mind) route(goal func(i int) bool, avoid bool) (dir, target int, ok bool) {
	m.stamp++
	src := m.at(m.here)
	m.nodes[src] = node{dist: 0, parent: -1, gen: m.stamp}
	for k := range m.buckets {
		m.buckets[k] = m.buckets[k][:0]
	}
	m.buckets[0] = append(m.buckets[0], int32(src))
	pending := 1
	found, limit := -1, int32(0)
	for d := int32(0); pending > 0 && (found < 0 || d <= limit); d++ {
		b := &m.buckets[d%(maxStep+1)]
		for k := 0; k < len(*b); k++ {
			i := int((*b)[k])
			if m.nodes[i].dist != d {
				continue // stale
			}
			if found < 0 && goal(i) {
				found, limit = i, d+m.slack
				m.cand = append(m.cand[:0], int32(i))
			} else if found >= 0 && goal(i) {
				m.cand = append(m.cand, int32(i))
			}
			x, y := i%m.w, i/m.w
			for _, j := range [4]int{m.right(x, y), m.up(x, y), m.left(x, y), m.down(x, y)} {
				step := m.cost(j, avoid)
				if step == 0 {
					continue
				}
				nd := d + int32(step)
				if n := &m.nodes[j]; n.gen == m.stamp && n.dist <= nd {
					continue
				}
				m.nodes[j] = node{dist: nd, parent: int32(i), gen: m.stamp}
				m.buckets[nd%(maxStep+1)] = append(m.buckets[nd%(maxStep+1)], int32(j))
				pending++
			}
		}
		pending -= len(*b)
		*b = (*b)[:0]
	}
	if found < 0 {
		m.plan, m.goal = m.plan[:0], -1
		return Center, -1, false
	}
	if len(m.cand) > 1 {
		found = int(m.cand[m.rng.IntN(len(m.cand))])
	}
	m.plan, m.back = m.plan[:0], m.back[:0]
	for j := int32(found); j != int32(src); j = m.nodes[j].parent {
		m.plan = append(m.plan, j)
		m.back = append(m.back, m.nodes[j].parent)
	}
	slices.Reverse(m.back)
	m.goal, m.backFrom = found, found
	dir, _ = m.walk()
	return dir, found, true
}

func (m *mind) right(x, y int) int {
	if x++; x == m.w {
		x = 0
	}
	return y*m.w + x
}

func (m *mind) left(x, y int) int {
	if x == 0 {
		x = m.w
	}
	return y*m.w + x - 1
}

func (m *mind) up(x, y int) int {
	if y == 0 {
		y = m.h
	}
	return (y-1)*m.w + x
}

func (m *mind) down(x, y int) int {
	if y++; y == m.h {
		y = 0
	}
	return y*m.w + x
}

// walk is the next step of the plan to m.goal: Center once there; ok is
// false when there is no plan, or its next cell is no longer next to the
// unit or turned out to be a wall.
func (m *mind) walk() (int, bool) {
	here := m.at(m.here)
	for len(m.plan) > 0 && int(m.plan[len(m.plan)-1]) == here {
		m.plan = m.plan[:len(m.plan)-1]
	}
	if m.goal < 0 {
		return Center, false
	}
	if len(m.plan) == 0 {
		return Center, here == m.goal
	}
	next := int(m.plan[len(m.plan)-1])
	if Kind(m.kind[next]) == Wall {
		return Center, false
	}
	for dir := Right; dir <= Down; dir++ {
		if m.at(Step(m.w, m.h, m.here, dir)) == next {
			return dir, true
		}
	}
	return Center, false
}

// toward is the first step to cell c (Center when there or unreachable),
// along the plan when it still leads there.
func (m *mind) toward(c Cell, avoid bool) int {
	t := m.at(c)
	if m.goal != t && m.backFrom == m.at(m.here) && len(m.back) > 0 && int(m.back[0]) == t {
		// Back the way it came.
		m.plan, m.back, m.goal, m.backFrom = m.back, m.plan[:0], t, -1
	}
	if m.goal == t {
		if dir, ok := m.walk(); ok {
			return dir
		}
	}
	dir, _, _ := m.route(func(i int) bool { return i == t }, avoid)
	return dir
}

// pursue walks the plan while its goal stays valid; otherwise it plans
// anew to the nearest cell for which goal is true. ok is false when no
// such cell is known.
func (m *mind) pursue(goal func(i int) bool, avoid bool) (int, bool) {
	if m.goal >= 0 && goal(m.goal) {
		if dir, ok := m.walk(); ok {
			return dir, true
		}
	}
	dir, _, ok := m.route(goal, avoid)
	return dir, ok
}

// hurt reports whether the unit lost health since the last round.
func (m *mind) hurt() bool { return m.health < m.lastHP }

// wander is a random step that does not walk into a known wall.
func (m *mind) wander() int {
	for range 8 {
		d := 1 + m.rng.IntN(4)
		if Kind(m.kind[m.at(Step(m.w, m.h, m.here, d))]) != Wall {
			return d
		}
	}
	return Center
}

// unknown reports whether cell i was never seen.
func (m *mind) unknown(i int) bool { return m.kind[i] < 0 }

// food reports whether cell i is known to hold a resource.
func (m *mind) food(i int) bool { return m.res[i] != NoRes }

// explore is the step towards the nearest cell never seen; ok is false
// when the whole map has been seen.
func (m *mind) explore(avoid bool) (int, bool) {
	if m.unseen == 0 {
		return Center, false
	}
	return m.pursue(m.unknown, avoid)
}
