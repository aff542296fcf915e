package aic21

import "math/rand/v2"

// forager is the simple agent: a worker fetches the nearest resource it
// has seen and brings it home, exploring while it knows none; a scorpion
// guards the base. It never chats.
type forager struct {
	rng *rand.Rand
	m   mind
}

// guardRadius is how far from the base a forager's scorpion patrols.
const guardRadius = 3

func (f *forager) Init(in *Init) { f.m.init(in, f.rng) }

func (f *forager) Turn(st *Status) UnitMove {
	m := &f.m
	m.see(st)
	if m.soldier {
		return UnitMove{Move: true, Dir: f.guard()}
	}
	if m.carry != NoRes {
		return UnitMove{Move: true, Dir: m.toward(m.base, false)}
	}
	if m.known[Bread]+m.known[Grass] > 0 {
		if dir, ok := m.pursue(m.food, false); ok {
			return UnitMove{Move: true, Dir: dir}
		}
	}
	if dir, ok := m.explore(false); ok {
		return UnitMove{Move: true, Dir: dir}
	}
	return UnitMove{Move: true, Dir: m.wander()}
}

// guard walks around the base, within guardRadius.
func (f *forager) guard() int {
	m := &f.m
	if m.distance(m.here, m.base) > guardRadius {
		return m.toward(m.base, false)
	}
	d := m.wander()
	if m.distance(Step(m.w, m.h, m.here, d), m.base) > guardRadius {
		return Center
	}
	return d
}
