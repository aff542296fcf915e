package guardains

import "fmt"

// explorer sends one guardian, its fastest alive, to explore: it goes for
// the stone when it sees it, else for clues and teleporters, else for the
// least explored parts of the maze near the clues' lines; it brings the
// stone home, keeps away from enemies, and fights only when one is in
// range of a guardian that cannot get away, or stands on the stone with
// it.
type explorer struct {
	region  int // the region explored towards, -1 none
	since   int // the round it was chosen
	used    map[Cell]bool
	visited map[int]bool // the regions the runner has been in
}

func (e *explorer) choose(m *memory) (*Action, string) {
	if m.carrier == 1 && m.alive(m.ours) {
		if a := m.toward(m.ours, m.base, m.avoid(m.base, true)); a != nil {
			return a, fmt.Sprintf("%s carries the stone home", m.ours)
		}
	}
	run, ok := m.runner(Rocket, StarLord, Gamora, Drax, Groot)
	if !ok {
		return nil, "no guardian left"
	}
	if m.carrier == 0 && m.stone == m.pos(run) && m.enemyOn(m.stone) {
		// An enemy stands on the stone too, so nobody picks it up: fight
		// for it rather than give it up.
		return &Action{Type: Attack, Hero: run, Target: m.stone}, fmt.Sprintf("%s fights for the stone", run)
	}
	if a, why := e.flee(m, run); a != nil {
		return a, why
	}
	return e.seek(m, run, m.towards)
}

// mover moves guardian h along its route to a goal (see memory.towards).
type mover func(h Hero, goal func(int) bool, heur, extra func(int) int32) *Action

// seek moves the runner towards the stone when it is seen, else to the
// nearest clue or teleporter not yet used, else into the region to explore
// next.
func (e *explorer) seek(m *memory, run Hero, move mover) (*Action, string) {
	if e.used == nil {
		e.used, e.region, e.visited = map[Cell]bool{}, -1, map[int]bool{}
	}
	if m.stone != Nowhere && m.carrier == 0 {
		goal, heur := m.cellGoal(m.stone)
		if a := move(run, goal, heur, m.avoid(m.stone, true)); a != nil {
			return a, fmt.Sprintf("%s goes for the stone on %s", run, m.stone)
		}
	}
	here := m.pos(run)
	e.used[here] = true
	for _, k := range []Kind{Clue, Teleporter} {
		if m.stone != Nowhere {
			break
		}
		t := m.nearestKind(here, k, func(c Cell) bool { return !e.used[c] })
		if t == Nowhere {
			continue
		}
		goal, heur := m.cellGoal(t)
		if a := move(run, goal, heur, m.avoid(t, true)); a != nil {
			return a, fmt.Sprintf("%s goes for the %s on %s", run, k, t)
		}
		e.used[t] = true
	}
	e.visited[m.regionOf(here)] = true
	if e.region < 0 || e.visited[e.region] || m.round-e.since > 40 {
		e.region, e.since = m.exploreRegion(here, e.visited), m.round
	}
	goal, heur := m.regionGoal(e.region)
	if a := move(run, goal, heur, m.avoid(Nowhere, true)); a != nil {
		return a, fmt.Sprintf("%s explores towards %s", run, m.regionCentre(e.region))
	}
	e.region = -1
	return nil, "nothing to do"
}

// flee moves a guardian that an enemy threatens (one seen this round
// within its reach) away from it; a guardian that cannot get away fights
// back. It leaves the guardians on the base alone unless they are
// attacked.
func (e *explorer) flee(m *memory, run Hero) (*Action, string) {
	enemies := m.enemyCells()
	if len(enemies) == 0 {
		return nil, ""
	}
	for _, h := range []Hero{run, Gamora, Rocket, Groot, Drax, StarLord} {
		if !m.alive(h) || (h != run && m.attacked[h] != m.round) {
			continue
		}
		p := m.pos(h)
		threat := 0
		for _, c := range enemies {
			threat = max(threat, 8-max(abs(c.at.X-p.X), abs(c.at.Y-p.Y)))
		}
		if threat <= 2 {
			continue
		}
		best, bestScore := p, m.danger(p, enemies)
		for _, c := range m.reachKnown(p, h.Stats().Speed) {
			if s := m.danger(c, enemies); s < bestScore && m.kind[m.index(c)] != Beast {
				best, bestScore = c, s
			}
		}
		if best != p {
			return &Action{Type: Move, Hero: h, Target: best}, fmt.Sprintf("%s keeps away from the enemy", h)
		}
		for _, a := range []Hero{h, Gamora, Drax, Rocket, StarLord, Groot} {
			for _, c := range enemies {
				if m.inRange(a, c.at) {
					return &Action{Type: Attack, Hero: a, Target: c.at}, fmt.Sprintf("%s, cornered, fights back", a)
				}
			}
		}
	}
	return nil, ""
}

// danger is how exposed cell c is to the enemies: the nearer, the worse.
func (m *memory) danger(c Cell, enemies []crowd) int {
	d := 0
	for _, e := range enemies {
		if dist := max(abs(c.X-e.at.X), abs(c.Y-e.at.Y)); dist <= 6 {
			d += (7 - dist) * (7 - dist)
		}
	}
	return d
}

// reachKnown are the cells within steps steps of c over passages known to
// be open.
func (m *memory) reachKnown(c Cell, steps int) []Cell {
	out := []Cell{c}
	for start, d := 0, 0; d < steps; d++ {
		end := len(out)
		for _, p := range out[start:end] {
			for dir := range 4 {
				n := p.Step(dir, 1)
				if !m.known(m.index(p), dir) || containsCell(out, n) {
					continue
				}
				out = append(out, n)
			}
		}
		start = end
	}
	return out
}

func containsCell(cs []Cell, c Cell) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// regionOf is the region of cell c.
func (m *memory) regionOf(c Cell) int { return (c.Y/m.side)*m.regionW + c.X/m.side }

// regionCentre is the centre cell of region r.
func (m *memory) regionCentre(r int) Cell {
	rx, ry := r%m.regionW, r/m.regionW
	return Cell{min(rx*m.side+m.side/2, m.w-1), min(ry*m.side+m.side/2, m.h-1)}
}

// regionGoal is the goal and heuristic of a route into region r.
func (m *memory) regionGoal(r int) (func(int) bool, func(int) int32) {
	x0, y0 := (r%m.regionW)*m.side, (r/m.regionW)*m.side
	x1, y1 := min(x0+m.side, m.w)-1, min(y0+m.side, m.h)-1
	goal := func(i int) bool {
		x, y := i%m.w, i/m.w
		return x >= x0 && x <= x1 && y >= y0 && y <= y1
	}
	heur := func(i int) int32 {
		x, y := i%m.w, i/m.w
		return int32(max(0, x0-x, x-x1) + max(0, y0-y, y-y1))
	}
	return goal, heur
}

// exploreRegion chooses the region to explore next from c: little seen,
// not too far, near the direction clues' lines and inside the teleports'
// boxes, the middle columns (where the stone lies more often) first.
func (m *memory) exploreRegion(c Cell, visited map[int]bool) int {
	best, bestScore := -1, 1e18
	for r := range m.region {
		if visited[r] {
			continue
		}
		t := m.regionCentre(r)
		rx, ry := r%m.regionW, r/m.regionW
		area := min(m.side, m.w-rx*m.side) * min(m.side, m.h-ry*m.side)
		seen := float64(m.region[r]) / float64(area)
		score := float64(abs(t.X-c.X)+abs(t.Y-c.Y)) + 150*seen + 4*m.onClueLines(t) + 0.6*float64(abs(t.X-m.w/2))
		if !m.inTeleportBoxes(t) {
			score += 200
		}
		if score < bestScore {
			best, bestScore = r, score
		}
	}
	if best < 0 && len(visited) > 1 {
		// Every region visited: the tour starts again.
		clear(visited)
		visited[m.regionOf(c)] = true
		return m.exploreRegion(c, visited)
	}
	return max(best, 0)
}
