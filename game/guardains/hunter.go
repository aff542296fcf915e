package guardains

import (
	"fmt"
)

// hunter plays as a team within the one action a round. Gamora is the
// striker: she crosses the maze by jumps (walls do not stop them) towards
// the enemy, searches the enemy's base column for the guardians waiting
// there (a blind attack probes a cell she cannot see), and fights; whoever
// is in range of an enemy fires on the cell where the most damage lands,
// the carrier first (focused fire). The stone goes home with its carrier,
// the others firing on whoever threatens it (escort); Gamora jumps with it,
// Drax breaks the walls in his way. When the enemy carries the stone,
// Gamora and Rocket wait for its carrier on its way home and fire where it
// will be. A wounded Gamora heals on a heal point she knows, and while she
// waits, or when she has nothing to do, the scouts (Rocket and StarLord in
// turn on a big board, Rocket alone on a smaller one) search for the stone.
// On a small board, where the enemy soon finds the stone, Gamora races for
// it first, sweeping each region she enters (her sight is short).
type hunter struct {
	scout   explorer      // the scouts' exploration
	seeker  explorer      // Gamora's search for the stone on a small board
	swept   int           // the region Gamora sweeps, -1 none
	entered int           // the round she entered it
	sweep   int           // the direction of the search along the enemy column: -1 up, 1 down
	empty   map[Cell]bool // cells found empty of enemies
	blind   Cell          // the cell of last round's blind attack, Nowhere for none
	aimed   Cell          // the cell of last round's fire on the enemy's carrier, Nowhere for none
	probed  map[int]bool  // rows of the enemy's column probed by a blind attack
	later   map[int]int   // rows of the enemy's column out of reach, to search again from a round
	front   int           // the row the search has come to, -1 before it starts
	healing bool          // Gamora is on her way to a heal point, or on it
}

// smallBoard is the width up to which Gamora searches for the stone before
// she strikes.
const smallBoard = 40

// bigBoard is the width from which Rocket and StarLord both scout.
const bigBoard = 100

// choose is the round's action of the team, in order of urgency.
func (hu *hunter) choose(m *memory) (*Action, string) {
	if hu.empty == nil {
		hu.empty, hu.blind, hu.probed, hu.later, hu.aimed = map[Cell]bool{}, Nowhere, map[int]bool{}, map[int]int{}, Nowhere
		hu.sweep, hu.front, hu.swept = 1, -1, -1
	}
	hu.forget(m)
	if m.carrier != 2 {
		hu.aimed = Nowhere
	} else if a, why := hu.fireOnCarrier(m); a != nil {
		return a, why
	}
	attack, value, why := hu.bestAttack(m)
	if m.carrier == 1 && m.alive(m.ours) && value < 100 {
		if a := hu.carry(m); a != nil {
			return a, fmt.Sprintf("%s carries the stone home", m.ours)
		}
	}
	if attack != nil && value >= 25 {
		return attack, why
	}
	if m.carrier == 2 && m.enemyBase != Nowhere {
		return hu.guard(m)
	}
	if m.stone != Nowhere && m.carrier == 0 {
		if a, why := hu.fetch(m); a != nil {
			return a, why
		}
	}
	if a, why := hu.heal(m); a != nil {
		return a, why
	}
	if !hu.healing && m.w <= smallBoard && m.round < m.w+m.h && m.carrier == 0 && m.alive(Gamora) {
		// On a small board the enemy's runner may soon find the stone:
		// Gamora races it there first, by clues and teleporters, jumping,
		// for about as long as the runner takes (then she strikes).
		goTo := func(h Hero, goal func(int) bool, heur, extra func(int) int32) *Action {
			return hu.goTo(m, h, goal, heur, extra)
		}
		if a, why := hu.sweepRegion(m); a != nil {
			return a, why
		}
		if a, why := hu.seeker.seek(m, Gamora, goTo); a != nil {
			return a, why
		}
	}
	if !hu.healing {
		if a, why := hu.strike(m); a != nil {
			return a, why
		}
	}
	if attack != nil {
		return attack, why
	}
	return hu.scoutMove(m)
}

// forget drops the sightings of enemies on cells seen empty since, and on
// the cell of a blind attack that hit nobody.
func (hu *hunter) forget(m *memory) {
	for h := range m.enemies {
		e := &m.enemies[h]
		if e.round < 0 || e.round == m.round {
			continue
		}
		if m.seen[m.index(e.at)] == int32(m.round) || (e.at == hu.blind && m.hits == 0) {
			hu.empty[e.at] = true
			e.round = -1
		}
	}
	if b := m.enemyBase; b != Nowhere && ((m.seen[m.index(b)] == int32(m.round) && !m.enemyOn(b)) || (b == hu.blind && m.hits == 0)) {
		hu.empty[b] = true
	}
	hu.blind = Nowhere
}

// bestAttack is the attack that does the most good now: the damage it is
// sure to do (Rocket's lock-on cannot miss; a lone enemy may step away from
// the others), kills, and the enemy carrier first.
func (hu *hunter) bestAttack(m *memory) (*Action, int, string) {
	var best *Action
	bestValue, why := 0, ""
	for _, crowd := range m.enemyCells() {
		c, es := crowd.at, crowd.heroes
		carried := m.carrier == 2 && m.stone == c
		for _, a := range []Hero{Rocket, Gamora, Drax, StarLord, Groot} {
			if !m.inRange(a, c) {
				continue
			}
			power := a.Stats().Attack
			value := 0
			for _, e := range es {
				dmg := min(power, max(m.enemies[e].health, 1))
				v := dmg
				if dmg >= m.enemies[e].health {
					v += 60
				}
				if carried {
					v += 80
				}
				if a != Rocket && len(es) == 1 {
					v = v * 2 / 3 // it may step away
				}
				value += v
			}
			if m.carrier == 1 {
				if p := m.pos(m.ours); max(abs(p.X-c.X), abs(p.Y-c.Y)) <= 3 {
					value += 40 // the escort fires on who threatens the carrier
				}
			}
			if value > bestValue || (value == bestValue && best != nil && a == Rocket) {
				best, bestValue = &Action{Type: Attack, Hero: a, Target: c}, value
				why = fmt.Sprintf("%s fires on %d on %s", a, len(es), c)
			}
		}
	}
	return best, bestValue, why
}

// fireOnCarrier fires on the enemy's carrier on its way home, in sight or
// hit last round: where it will be after its move (Rocket's lock-on: where
// it is), a kill first, else the most damage, Rocket's sure hit counting
// double.
func (hu *hunter) fireOnCarrier(m *memory) (*Action, string) {
	s, aimed := m.stone, hu.aimed
	hu.aimed = Nowhere
	if m.hits > 0 && aimed != Nowhere {
		s = aimed // last round's fire hit the carrier there
	} else if s == Nowhere || m.seen[m.index(s)] != int32(m.round) {
		return nil, ""
	}
	speed, health := 1, 0
	for h, e := range m.enemies {
		if !e.dead && e.round == m.round && e.at == s {
			speed, health = max(speed, Hero(h).Stats().Speed), max(health, e.health)
		}
	}
	goal := func(i int) bool { return i%m.w == m.enemyX } // home: the enemy's column
	heur := func(i int) int32 { return int32(abs(i%m.w - m.enemyX)) }
	if m.enemyBase != Nowhere {
		goal, heur = m.cellGoal(m.enemyBase)
	}
	next := m.walkAny(s, m.route(s, goal, heur, m.fear()), speed)
	var best *Action
	bestDmg := 0
	for _, a := range []Hero{Rocket, Drax, Gamora, StarLord, Groot} {
		at := next
		if a == Rocket {
			at = s
		}
		if !m.inRange(a, at) {
			continue
		}
		dmg := a.Stats().Attack
		if a == Rocket {
			dmg *= 2 // a sure hit: the carrier's move is but a guess
		}
		if a.Stats().Attack >= health {
			dmg += 200
		}
		if dmg > bestDmg {
			best, bestDmg = &Action{Type: Attack, Hero: a, Target: at}, dmg
		}
	}
	if best == nil {
		return nil, ""
	}
	if best.Hero != Rocket { // the lock-on hits before the carrier moves on
		hu.aimed = best.Target
	}
	return best, fmt.Sprintf("%s fires on the enemy's carrier on its way to %s", best.Hero, best.Target)
}

// guard sends Gamora and Rocket to wait for the enemy's carrier on its
// way, a few steps out of the enemy's base (next to it, it is too late):
// on the way from the base to where the stone was last seen.
func (hu *hunter) guard(m *memory) (*Action, string) {
	from := m.stone
	if from == Nowhere {
		from = Cell{m.w / 2, m.h / 2}
	}
	goal, heur := m.cellGoal(from)
	way := m.route(m.enemyBase, goal, heur, nil)
	post := m.enemyBase
	if len(way) > 0 {
		i := way[min(guardPost, len(way))-1]
		post = Cell{i % m.w, i / m.w}
	}
	for _, g := range []Hero{Gamora, Rocket} {
		if !m.alive(g) {
			continue
		}
		goal, heur := m.rangeGoal(post, g.Stats().Vision/2)
		if a := hu.goTo(m, g, goal, heur, nil); a != nil {
			return a, fmt.Sprintf("%s guards the way of the enemy's carrier at %s", g, a.Target)
		}
	}
	return m.stay(), "the guards wait for the enemy's carrier"
}

// guardPost is how many steps out of the enemy's base the guards wait
// for its carrier: more than a carrier's move.
const guardPost = 5

// fear is the extra cost of the cells that the enemy's carrier keeps out
// of, as it sees them (explorer's avoid): near our guardians, and known
// beasts.
func (m *memory) fear() func(int) int32 {
	var ours []Cell
	for _, h := range Heroes {
		if m.alive(h) {
			ours = append(ours, m.pos(h))
		}
	}
	return func(i int) int32 {
		if m.kind[i] == Beast {
			return 60
		}
		for _, c := range ours {
			if d := abs(i%m.w-c.X) + abs(i/m.w-c.Y); d <= 5 {
				return int32(3 * (6 - d))
			}
		}
		return 0
	}
}

// walkAny is the cell a guardian on from reaches along path in speed
// steps, passages not known to be walls taken as open.
func (m *memory) walkAny(from Cell, path []int, speed int) Cell {
	if len(path) == 0 {
		return from
	}
	i := path[min(speed, len(path))-1]
	return Cell{i % m.w, i / m.w}
}

// carry brings the stone home.
func (hu *hunter) carry(m *memory) *Action {
	goal, heur := m.cellGoal(m.base)
	return hu.goTo(m, m.ours, goal, heur, m.avoid(m.base, true))
}

// goTo moves guardian h towards a goal: Gamora jumps when it pays, Drax
// breaks a wall when it pays, the others (and they, else) walk.
func (hu *hunter) goTo(m *memory, h Hero, goal func(int) bool, heur, extra func(int) int32) *Action {
	switch h {
	case Gamora:
		if a := hu.jump(m, heur, 3); a != nil {
			return a
		}
	case Drax:
		if a := hu.breakThrough(m, goal, heur); a != nil {
			return a
		}
	}
	return m.towards(h, goal, heur, extra)
}

// fetch sends the guardian that gets there first for the stone.
func (hu *hunter) fetch(m *memory) (*Action, string) {
	best, bestT := Hero(0), 1e9
	for _, h := range Heroes {
		if !m.alive(h) {
			continue
		}
		p := m.pos(h)
		d := float64(abs(p.X-m.stone.X) + abs(p.Y-m.stone.Y))
		pace := map[Hero]float64{Gamora: 2.3, Rocket: 1.5, StarLord: 1, Drax: 0.5, Groot: 0.5}[h]
		if t := d / pace; t < bestT {
			best, bestT = h, t
		}
	}
	if bestT == 1e9 {
		return nil, ""
	}
	if m.pos(best) == m.stone {
		return &Action{Type: Move, Hero: best, Target: m.stone}, fmt.Sprintf("%s stays on the stone to pick it up", best)
	}
	goal, heur := m.cellGoal(m.stone)
	if a := hu.goTo(m, best, goal, heur, m.avoid(m.stone, false)); a != nil {
		return a, fmt.Sprintf("%s goes for the stone on %s", best, m.stone)
	}
	return nil, ""
}

// heal sends a badly wounded Gamora to the nearest heal point she knows,
// and keeps her there until she is healed.
func (hu *hunter) heal(m *memory) (*Action, string) {
	g := m.me[Gamora]
	if !m.alive(Gamora) || g.Health*2 >= Gamora.Stats().MaxHealth {
		hu.healing = false
		return nil, ""
	}
	at := m.pos(Gamora)
	if m.kind[m.index(at)] == HealPoint {
		hu.healing = true
		return nil, "" // she stays; the others act
	}
	hp := m.nearestKind(at, HealPoint, func(c Cell) bool { return abs(c.X-at.X)+abs(c.Y-at.Y) <= 40 })
	if hp == Nowhere {
		hu.healing = false
		return nil, ""
	}
	hu.healing = true
	goal, heur := m.cellGoal(hp)
	if a := hu.goTo(m, Gamora, goal, heur, m.avoid(hp, true)); a != nil {
		return a, fmt.Sprintf("wounded Gamora goes to the heal point on %s", hp)
	}
	return nil, ""
}

// strike moves the striker, Gamora (Rocket when she is dead), towards the
// enemy: the last place enemies were seen, the enemy's base, or else along
// the enemy's base column where it is not yet seen. In range of where the
// enemy is believed to be but not seeing it, she fires blind.
func (hu *hunter) strike(m *memory) (*Action, string) {
	s, ok := m.runner(Gamora, Rocket, StarLord, Drax, Groot)
	if m.alive(Gamora) {
		s, ok = Gamora, true
	}
	if !ok {
		return nil, ""
	}
	target, believed := hu.target(m)
	at := m.pos(s)
	if target != Nowhere {
		if believed && m.inRange(s, target) && m.seen[m.index(target)] != int32(m.round) {
			hu.blind = target
			return &Action{Type: Attack, Hero: s, Target: target}, fmt.Sprintf("%s fires blind on %s", s, target)
		}
		goal, heur := m.rangeGoal(target, s.Stats().Vision)
		if a := hu.goTo(m, s, goal, heur, m.avoid(target, false)); a != nil {
			return a, fmt.Sprintf("%s closes in on the enemy on %s", s, target)
		}
		return nil, ""
	}
	// Search the enemy's base column: first get near it, then walk it
	// where it has not been seen.
	x := m.enemyX
	if abs(at.X-x) > 2 {
		heur := func(i int) int32 { // the columns count three times the rows towards the middle
			return int32(3*max(0, abs(i%m.w-x)-2) + abs(i/m.w-m.h/2))
		}
		goal := func(i int) bool { return abs(i%m.w-x) <= 2 }
		if a := hu.goTo(m, s, goal, heur, m.avoid(Nowhere, false)); a != nil {
			return a, fmt.Sprintf("%s heads for the enemy's side", s)
		}
		return nil, ""
	}
	row := hu.unseenRow(m, at.Y)
	if row < 0 {
		return nil, ""
	}
	t := Cell{x, row}
	near := max(abs(at.X-t.X), abs(at.Y-t.Y)) <= s.Stats().Vision
	if s == Gamora && !near {
		if a := hu.jump(m, func(i int) int32 {
			c := Cell{i % m.w, i / m.w}
			return int32(3*max(abs(c.X-t.X), abs(c.Y-t.Y)) + abs(c.X-t.X))
		}, 2); a != nil {
			return a, fmt.Sprintf("Gamora jumps along the enemy's column to %s", a.Target)
		}
	}
	// In range of the cell: a blind attack tells whether the enemy is there.
	if near {
		hu.probed[row], hu.blind = true, t
		return &Action{Type: Attack, Hero: s, Target: t}, fmt.Sprintf("%s probes %s with a blind attack", s, t)
	}
	goal, heur := m.rangeGoal(t, s.Stats().Vision)
	if a := m.towards(s, goal, heur, m.avoid(t, false)); a != nil {
		return a, fmt.Sprintf("%s searches the enemy's column at %s", s, t)
	}
	hu.later[row] = m.round + 20 // out of reach for now: search on
	return nil, ""
}

// target is where the enemy is: the cell where the most enemies were seen
// in the last rounds (believed: seen before this round), else the enemy's
// base while it is not found empty.
func (hu *hunter) target(m *memory) (Cell, bool) {
	count := map[Cell]int{}
	best, bestN := Nowhere, 0
	for _, e := range m.enemies {
		if e.dead || e.round < 0 || m.round-e.round > 12 {
			continue
		}
		count[e.at]++
		if n := count[e.at]; n > bestN || (n == bestN && e.at == m.enemyBase) {
			best, bestN = e.at, n
		}
	}
	if best != Nowhere {
		return best, true
	}
	if b := m.enemyBase; b != Nowhere && !hu.empty[b] {
		return b, true
	}
	return Nowhere, false
}

// unseenRow is the row of the enemy's base column to search next: the
// first one neither seen nor probed from the search's front in the sweep's
// direction, so that no row is left behind; when that side is done, the
// sweep turns. -1 when the whole column is done.
func (hu *hunter) unseenRow(m *memory, y int) int {
	if hu.front < 0 {
		hu.front = y
	}
	for range 2 {
		for r := hu.front; r >= 0 && r < m.h; r += hu.sweep {
			if m.seen[m.index(Cell{m.enemyX, r})] < 0 && !hu.probed[r] && hu.later[r] <= m.round {
				hu.front = r
				return r
			}
		}
		hu.sweep = -hu.sweep
	}
	return -1
}

// jump is Gamora's jump to the cell of her disc that heur likes best, when
// it is ready and worth it: heur falls by more than gain.
func (hu *hunter) jump(m *memory, heur func(int) int32, gain int32) *Action {
	if !m.ready(Gamora) {
		return nil
	}
	at := m.pos(Gamora)
	best, bestH := at, heur(m.index(at))
	for dy := -5; dy <= 5; dy++ {
		for dx := -5; dx <= 5; dx++ {
			c := Cell{at.X + dx, at.Y + dy}
			if dx*dx+dy*dy > JumpRadius2 || !m.in(c) {
				continue
			}
			if k := m.kind[m.index(c)]; k == Beast || k == Teleporter {
				continue
			}
			if h := heur(m.index(c)); h < bestH {
				best, bestH = c, h
			}
		}
	}
	if heur(m.index(at))-bestH <= gain {
		return nil
	}
	return &Action{Type: Special, Hero: Gamora, Target: best}
}

// breakThrough is Drax's wall break when the wall next to him stands on a
// much shorter way to the goal, or on the only one he knows.
func (hu *hunter) breakThrough(m *memory, goal func(int) bool, heur func(int) int32) *Action {
	if !m.ready(Drax) {
		return nil
	}
	at := m.pos(Drax)
	around := m.steps(at, goal, heur)
	for dir := range 4 {
		n := at.Step(dir, 1)
		if !m.in(n) || !m.blocked(at, dir) {
			continue
		}
		if through := 1 + m.steps(n, goal, heur); around-through >= 4 {
			return &Action{Type: Special, Hero: Drax, Target: n}
		}
	}
	return nil
}

// rangeGoal is the goal and heuristic of a route to within r cells of t
// along both axes (an attack's range).
func (m *memory) rangeGoal(t Cell, r int) (func(int) bool, func(int) int32) {
	dist := func(i int) int { return max(abs(i%m.w-t.X), abs(i/m.w-t.Y)) }
	return func(i int) bool { return dist(i) <= r }, func(i int) int32 { return int32(max(0, dist(i)-r)) }
}

// cellGoal is the goal and heuristic of a route to cell t.
func (m *memory) cellGoal(t Cell) (func(int) bool, func(int) int32) {
	ti := m.index(t)
	return func(i int) bool { return i == ti }, m.manhattan(t)
}

// sweepRegion moves Gamora, searching for the stone, to the cells not yet
// seen of the region she is in, for as long as crossing it takes her after
// she enters it (her sight is short: she may pass right by the stone).
func (hu *hunter) sweepRegion(m *memory) (*Action, string) {
	at := m.pos(Gamora)
	r := m.regionOf(at)
	if r != hu.swept {
		hu.swept, hu.entered = r, m.round
	}
	if m.round-hu.entered >= m.side/Gamora.Stats().Speed || m.explored(r) {
		return nil, ""
	}
	inside, heur := m.regionGoal(r)
	goal := func(i int) bool { return inside(i) && m.seen[i] < 0 }
	if a := m.towards(Gamora, goal, heur, m.avoid(Nowhere, true)); a != nil {
		return a, fmt.Sprintf("Gamora sweeps the region around %s", m.regionCentre(r))
	}
	return nil, ""
}

// explored reports whether most of region r's cells have been seen.
func (m *memory) explored(r int) bool {
	rx, ry := r%m.regionW, r/m.regionW
	area := min(m.side, m.w-rx*m.side) * min(m.side, m.h-ry*m.side)
	return 4*int(m.region[r]) >= 3*area
}

// scoutMove sends the scouts exploring for the stone: on a big board
// Rocket and StarLord in turn; on a smaller one Rocket alone (StarLord when
// he is dead), as one guardian moving every round finds the stone there
// sooner than two taking turns.
func (hu *hunter) scoutMove(m *memory) (*Action, string) {
	s, ok := m.runner(Rocket, StarLord)
	if m.w > bigBoard && m.round%2 == 1 && m.alive(StarLord) {
		s, ok = StarLord, true
	}
	if !ok {
		return nil, "nothing to do"
	}
	if a, why := hu.scout.seek(m, s, m.towards); a != nil {
		return a, why
	}
	return nil, "nothing to do"
}
