package alienwarz

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// TestMain installs the title, which the replays of the tests' games name.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{Title{}}})
	os.Exit(m.Run())
}

// fixtureDir holds the original system's files, relative to this package.
const fixtureDir = "../../../shared/fixtures/alienwarz"

// fixture reads a fixture file. It skips the test when the fixture is
// absent, except under CI=true, where that is a failure.
func fixture(t testing.TB, name string) []byte {
	t.Helper()
	return gametest.Fixture(t, filepath.Join(fixtureDir, name))
}

const fixtureLog = "gameLog_2024-05-16_09-52-52.txt"

// originalLevels are the six levels of the fixture levels.json.
func originalLevels(t testing.TB) []Level {
	t.Helper()
	lvls, err := ParseLevels("levels.json", fixture(t, "levels.json"))
	require.NoError(t, err)
	require.Len(t, lvls, 6)
	return lvls
}

// empty is a state with no deposits and the default players, P1 to act at
// turn 0.
func empty(mods ...func(*State)) *State {
	r := defaultRules
	s := NewState(&r, Level{Name: "empty"}, -1, [2]string{"1", "2"})
	for _, m := range mods {
		m(s)
	}
	return s
}

// step plays line for the player to act and returns the new state and the
// step's events.
func step(t testing.TB, s *State, line string) (*State, []game.Event) {
	t.Helper()
	require.False(t, s.Over, "the game is over")
	next := s.clone()
	events := next.play(line)
	return next, events
}

// steps plays lines in turn.
func steps(t testing.TB, s *State, lines ...string) *State {
	t.Helper()
	for _, l := range lines {
		s, _ = step(t, s, l)
	}
	return s
}

// invalid checks that line is an invalid action from s: energy -250 (floored),
// the turn passes, nothing else changes.
func invalid(t testing.TB, s *State, line string) *State {
	t.Helper()
	p := s.ToAct
	next, events := step(t, s, line)
	require.NotEmpty(t, events)
	require.Equal(t, "invalid", events[0].Kind, "line %q from %s", line, s.Player(p).Pos)
	require.Equal(t, max(0, s.Player(p).Energy-250), next.Player(p).Energy)
	require.Equal(t, s.Turn+1, next.Turn)
	require.Equal(t, s.Player(p).Pos, next.Player(p).Pos)
	require.Equal(t, s.Player(p).Bag, next.Player(p).Bag)
	require.Equal(t, s.Player(p).Coins, next.Player(p).Coins)
	return next
}

// items makes a bag: "M" raw mineral, "m" processed, "D" raw diamond, "d"
// processed.
func items(spec string) []Item {
	var bag []Item
	for i, c := range spec {
		it := Item{Mined: i}
		switch c {
		case 'm':
			it.Processed = true
		case 'D':
			it.Kind = Diamond
		case 'd':
			it.Kind, it.Processed = Diamond, true
		}
		bag = append(bag, it)
	}
	return bag
}

// deposit puts a full deposit of kind k on c.
func deposit(k Kind, c Cell) func(*State) {
	return func(s *State) {
		r := s.Rules()
		s.Deposits = append(s.Deposits, Deposit{Kind: k, Pos: c, Remaining: r.MineHits[k], Max: r.MineHits[k], EmptiedTurn: -1, Replenish: r.Replenish[k]})
	}
}

// at puts player p on c.
func at(p int, c Cell) func(*State) { return func(s *State) { s.Player(p).Pos = c } }

// readFixture reads a fixture file, or fails quietly (for fuzz seeds).
func readFixture(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(fixtureDir, name))
}
