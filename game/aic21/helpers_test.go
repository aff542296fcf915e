package aic21

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// Arena is AIC21 made with Arena's maps, as internal/titles makes it:
// TestMain (main_test.go) makes it.
var Arena Title

// fixtureDir holds the original system's files, relative to this package.
const fixtureDir = "../../../shared/fixtures/aic21"

// fixture reads a fixture file. It skips the test when the fixture is
// absent, except under CI=true, where that is a failure.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	return gametest.Fixture(t, filepath.Join(fixtureDir, name))
}

// fixtureMap reads an official map.
func fixtureMap(t testing.TB, name string) *Map {
	t.Helper()
	m, err := ReadMap(name, fixture(t, filepath.Join("maps", name+".json")))
	require.NoError(t, err)
	return m
}

// emptyMap is an all-empty w×h map with the bases at b0 and b1.
func emptyMap(w, h int, b0, b1 Cell) *Map {
	n := w * h
	m := &Map{Name: "empty", W: w, H: h, Kinds: make([]Kind, n), Codes: make([]int, n), ResType: make([]Res, n),
		ResAmount: make([]int, n), Bases: [2]Cell{b0, b1}}
	for i := range n {
		m.Kinds[i], m.Codes[i], m.ResType[i] = Empty, 2, NoRes
	}
	for _, b := range m.Bases {
		m.Kinds[b.Y*w+b.X], m.Codes[b.Y*w+b.X] = Base, 0
	}
	return m
}

// scen is a conformance scenario: an engine whose world the test sets up
// by hand.
type scen struct {
	t testing.TB
	e *Engine
}

// newScen starts the default setup of §8 (an all-empty 30×30 map, bases
// at (0,0) and (20,20), the rules' constants) with no units; opts change
// the map and the rules first.
func newScen(t testing.TB, opts ...func(*Map, *Rules)) *scen {
	t.Helper()
	m := emptyMap(30, 30, Cell{0, 0}, Cell{20, 20})
	r := DefaultRules()
	r.InitWorkers = 0
	for _, o := range opts {
		o(m, &r)
	}
	e, err := NewEngine(m, r, 1, [2]string{"a", "b"})
	require.NoError(t, err)
	return &scen{t: t, e: e}
}

// size makes the map w×h, keeping the bases that fit.
func size(w, h int, b0, b1 Cell) func(*Map, *Rules) {
	return func(m *Map, _ *Rules) { *m = *emptyMap(w, h, b0, b1) }
}

// kinds sets cells' kinds.
func kinds(k Kind, cells ...Cell) func(*Map, *Rules) {
	return func(m *Map, _ *Rules) {
		for _, c := range cells {
			m.Kinds[c.Y*m.W+c.X] = k
		}
	}
}

// compat sets rules' compat flags by option name.
func compat(names ...string) func(*Map, *Rules) {
	return func(_ *Map, r *Rules) {
		for _, n := range names {
			*compatFlags[n](&r.Compat) = true
		}
	}
}

func (s *scen) w() *world { return s.e.w }

// put adds a unit of colony c at cell at and returns its id.
func (s *scen) put(c int, soldier bool, at Cell, mods ...func(*Unit)) int {
	w := s.w()
	w.arrival++
	u := Unit{ID: w.nextID, Colony: c, Soldier: soldier, X: at.X, Y: at.Y, Health: w.r.WorkerHealth, Carry: NoRes, Arrival: w.arrival}
	if soldier {
		u.Health = w.r.SoldierHealth
		w.col[c].CreatedSoldiers++
	} else {
		w.col[c].CreatedWorkers++
	}
	for _, m := range mods {
		m(&u)
	}
	w.nextID++
	w.units = append(w.units, u)
	w.index = append(w.index, int32(len(w.units)-1))
	w.occ[w.at(at)] = append(w.occ[w.at(at)], int32(u.ID))
	return u.ID
}

func hp(h int) func(*Unit) { return func(u *Unit) { u.Health = h } }

func carrying(r Res, n int) func(*Unit) { return func(u *Unit) { u.Carry, u.Amount = r, n } }

// res puts a resource on a cell.
func (s *scen) res(at Cell, r Res, n int) {
	w := s.w()
	w.resType[w.at(at)], w.resAmt[w.at(at)] = r, n
	w.dirty = true
}

// step plays one turn with each colony's move.
func (s *scen) step(moves0, moves1 string) *State {
	s.t.Helper()
	require.NoError(s.t, s.e.Step(map[game.Seat]string{0: moves0, 1: moves1}))
	return s.e.Current()
}

// unit is a live unit now.
func (s *scen) unit(id int) Unit {
	s.t.Helper()
	u := s.w().unit(int32(id))
	require.NotNil(s.t, u, "unit %d is dead", id)
	return *u
}

func (s *scen) dead(id int) bool { return s.w().unit(int32(id)) == nil }

// at is a cell's resource.
func (s *scen) at(c Cell) (Res, int) {
	w := s.w()
	return w.resType[w.at(c)], w.resAmt[w.at(c)]
}

// eventsOf are the events of the last step of a kind.
func (s *scen) eventsOf(kind string) []game.Event {
	var out []game.Event
	for _, e := range s.e.Frame().Events {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}
