package aibg5

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/hex"
	"github.com/stretchr/testify/require"
)

// Arena is AIBG 5.0 made with Arena's maps, as internal/titles makes it:
// TestMain (main_test.go) makes it.
var Arena Title

// fixtureDir holds the original system's files, relative to this package.
const fixtureDir = "../../../shared/fixtures/aibg5"

// fixture reads a fixture file. It skips the test when the fixture is
// absent, except under CI=true, where that is a failure.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	return gametest.Fixture(t, filepath.Join(fixtureDir, name))
}

// fixtureMap loads one of the official maps: "test1.txt", "test2.txt",
// "JokNejeTest.txt".
func fixtureMap(t testing.TB, name string) *Map {
	t.Helper()
	m, err := ParseMap(name, fixture(t, filepath.Join("maps", name)))
	require.NoError(t, err)
	return m
}

// openMap is a map of empty cells around the boss, for tests that need no
// fixture.
func openMap() *Map {
	m := &Map{Name: "open", Tiles: make([]Tile, CellCount)}
	for _, h := range BossCells {
		m.Tiles[indexOf(h)] = Tile{Kind: Boss}
	}
	return m
}

// newGame starts a game on m with the given rule options.
func newGame(t testing.TB, m *Map, options map[string]string) *Engine {
	t.Helper()
	rules, err := ParseRules(options)
	require.NoError(t, err)
	return NewEngine(m, rules, 1)
}

// arrange changes the current state of e for a scenario: f edits a copy,
// which replaces the current state.
func arrange(e *Engine, f func(s *State)) {
	s := *e.state
	s.Tiles = slices.Clone(s.Tiles)
	f(&s)
	e.state = &s
}

// place puts player idx on cell h.
func place(s *State, idx int, h hex.Hex) {
	s.Players[idx-1].Pos = h
}

// clearItems empties the cells of the items.
func clearItems(s *State) {
	for i, t := range s.Tiles {
		if t.Kind == Health || t.Kind == Experience {
			s.Tiles[i] = Tile{}
		}
	}
}

// act plays the action of the player to act and returns the frame.
func act(t testing.TB, e *Engine, move string) game.Frame {
	t.Helper()
	require.False(t, e.Over())
	require.NoError(t, e.Step(map[game.Seat]string{e.ToMove()[0]: move}))
	return e.Frame()
}

// penalties are the penalty messages among a frame's events.
func penalties(f game.Frame) []string {
	var out []string
	for _, ev := range f.Events {
		if p, ok := ev.Data.(Penalty); ok {
			out = append(out, p.Message)
		}
	}
	return out
}

// eventsOf are the data of a frame's events of one kind.
func eventsOf[T any](f game.Frame) []T {
	var out []T
	for _, ev := range f.Events {
		if d, ok := ev.Data.(T); ok {
			out = append(out, d)
		}
	}
	return out
}

func h(q, r int) hex.Hex { return hex.Hex{Q: q, R: r} }
