package guardains

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// run plays up to rounds rounds from s: seat 1 is the bot kind, seat 2
// stays put. It fails on any penalty of the bot and returns the last state
// and every event of seat 1.
func run(t *testing.T, s *State, kind string, rounds int) (*State, []game.Event) {
	t.Helper()
	p, err := Title{}.NewBot(kind, "", 0, nil)
	require.NoError(t, err)
	e := NewEngine(s)
	var events []game.Event
	for range rounds {
		if e.Over() {
			break
		}
		a, err := p.Play(context.Background(), e.Observe(0))
		require.NoError(t, err)
		require.NoError(t, e.Step(map[game.Seat]string{0: a.Move, 1: stay(e.Current(), 2)}))
		for _, ev := range e.Frame().Events {
			require.NotEqual(t, EventPenalty, ev.Kind, "%s", ev.Text)
			if ev.Seat == 0 {
				events = append(events, ev)
			}
		}
	}
	return e.Current(), events
}

// kinds are the kinds of the events.
func kinds(events []game.Event) map[string]int {
	out := map[string]int{}
	for _, ev := range events {
		out[ev.Kind]++
	}
	return out
}

// TestBotsPlayEverywhere plays the bots against each other on Arena's
// mazes: never an invalid action or a missed round (playGame fails on any
// penalty).
func TestBotsPlayEverywhere(t *testing.T) {
	t.Parallel()
	for i, m := range []string{"original", "mirror", "open10", "scenario-a", "maze:30x12", "maze"} {
		for _, pair := range [][2]string{{"hunter", "explorer"}, {"explorer", "hunter"}, {"hunter", "hunter"}, {"explorer", "explorer"}} {
			if m == "maze" && pair[0] == pair[1] {
				continue
			}
			s := playGame(t, game.Config{Seed: int64(i + 1), Map: m}, pair)
			require.True(t, s.Over)
		}
	}
	// Under the original's rules too.
	s := playGame(t, game.Config{Seed: 3, Map: "original", Options: map[string]string{OptCompat: CompatOriginal}}, [2]string{"hunter", "explorer"})
	require.True(t, s.Over)
	// On the open board the stone is in sight at once: someone brings it
	// home.
	s = playGame(t, game.Config{Seed: 1, Map: "open10"}, [2]string{"explorer", "explorer"})
	require.Equal(t, "stone", s.Reason)
}

// TestBotsSeeOnlyTheirView: a bot takes its seat's Observation and nothing
// else.
func TestBotsSeeOnlyTheirView(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil)
	for _, kind := range []string{"explorer", "hunter"} {
		p, err := Title{}.NewBot(kind, "", 1, nil)
		require.NoError(t, err)
		_, err = p.Play(context.Background(), s)
		require.Error(t, err)
		_, err = p.Play(context.Background(), s.Observe(1))
		require.Error(t, err)
		a, err := p.Play(context.Background(), s.Observe(2))
		require.NoError(t, err)
		require.NoError(t, s.Check(2, a.Move))
	}
	_, err := Title{}.NewBot("hunter", "3", 0, nil)
	require.Error(t, err)
	_, err = Title{}.NewBot("nobody", "", 0, nil)
	require.Error(t, err)
}

// TestHunterFocusesFire: in range of a lone enemy and of three on one
// cell, the hunter fires on the three, with Rocket's lock-on.
func TestHunterFocusesFire(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, put(1, Rocket, Cell{4, 5}),
		put(2, Groot, Cell{6, 5}), put(2, Drax, Cell{6, 5}), put(2, Gamora, Cell{6, 5}), put(2, StarLord, Cell{7, 5}))
	_, events := run(t, s, "hunter", 1)
	require.Equal(t, EventAttacked, events[0].Kind)
	a := events[0].Data.(Attacked)
	require.Equal(t, Rocket, a.Hero)
	require.Equal(t, Cell{6, 5}, a.Target)
	require.Len(t, a.Victims, 3)
}

// TestHunterCarriesHome: Gamora picks the stone up and jumps home with it.
func TestHunterCarriesHome(t *testing.T) {
	t.Parallel()
	l := o10()
	l.Stone = Cell{8, 7}
	s := start(l, nil, put(1, Gamora, Cell{8, 7}))
	s, events := run(t, s, "hunter", 40)
	require.True(t, s.Over)
	require.Equal(t, 1, s.Winner)
	require.Equal(t, "stone", s.Reason)
	got := kinds(events)
	require.Positive(t, got[EventStonePicked])
	require.Positive(t, got[EventJumped])
}

// TestHunterBreaksWalls: Drax carries the stone, and a wall from border to
// border stands between him and the base: he breaks through.
func TestHunterBreaksWalls(t *testing.T) {
	t.Parallel()
	m := NewMaze(8, 2)
	for y := range 2 {
		for x := range 8 {
			if x != 1 {
				m.Carve(Cell{x, y}, Right)
			}
			m.Carve(Cell{x, y}, Down)
		}
	}
	l := &Level{Maze: m, Bases: [2]Cell{{0, 0}, {7, 1}}, Stone: Cell{3, 0}}
	s := start(l, nil, put(1, Drax, Cell{3, 0}))
	s, events := run(t, s, "hunter", 60)
	require.Positive(t, kinds(events)[EventWallBroken])
	require.Equal(t, "stone", s.Reason)
	require.Equal(t, 1, s.Winner)
}

// TestHunterHeals: a badly wounded Gamora goes to the heal point in sight
// and stays there until she is healed; meanwhile the scouts move.
func TestHunterHeals(t *testing.T) {
	t.Parallel()
	l := open(40, 40, Cell{30, 30})
	l.Kinds = map[Cell]Kind{{3, 0}: HealPoint}
	s := start(l, nil, health(1, Gamora, 40))
	s, events := run(t, s, "hunter", 12)
	require.Equal(t, 125, s.Guardian(1, Gamora).Health)
	got := kinds(events)
	require.Positive(t, got[EventHealed])
	scouted := false
	for _, ev := range events {
		if m, ok := ev.Data.(Moved); ok && (m.Hero == Rocket || m.Hero == StarLord) {
			scouted = true
		}
	}
	require.True(t, scouted, "the scouts move while Gamora heals")
}

// TestExplorerKeepsAway: the explorer's runner steps away from an enemy in
// sight rather than fight.
func TestExplorerKeepsAway(t *testing.T) {
	t.Parallel()
	s := start(o10(), nil, put(1, Rocket, Cell{5, 5}), put(2, Drax, Cell{5, 7}))
	_, events := run(t, s, "explorer", 1)
	require.Equal(t, EventMoved, events[0].Kind)
	m := events[0].Data.(Moved)
	require.Equal(t, Rocket, m.Hero)
	d := func(c Cell) int { return max(abs(c.X-5), abs(c.Y-7)) }
	require.Greater(t, d(m.To), d(m.From))
}
