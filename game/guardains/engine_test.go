package guardains

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

func TestRulesOptions(t *testing.T) {
	t.Parallel()
	r, err := ParseRules(game.Config{Seed: 9})
	require.NoError(t, err)
	require.Equal(t, &Rules{Rounds: DefaultRounds, Seed: 9}, r)
	r, err = ParseRules(game.Config{Options: map[string]string{OptCompat: CompatOriginal, "swap_xy": "false", OptTurns: "40"}})
	require.NoError(t, err)
	want := OriginalRules()
	want.SwapXY, want.Rounds = false, 40
	require.Equal(t, want, r)
	r, err = ParseRules(game.Config{Options: map[string]string{"stone_first_arrival": "1", OptRounds: "12", OptBeasts: "7"}})
	require.NoError(t, err)
	require.Equal(t, &Rules{Rounds: 12, StoneFirstArrival: true}, r)
	for _, bad := range []map[string]string{
		{"compat": "original2021"}, {"nonsense": "1"}, {"swap_xy": "maybe"}, {OptRounds: "0"}, {OptTurns: "x"}, {OptClues: "-1"},
	} {
		_, err := ParseRules(game.Config{Options: bad})
		require.Error(t, err, "%v", bad)
	}
	_, err = Title{}.New(game.Config{Seats: 3})
	require.Error(t, err)
}

func TestEngine(t *testing.T) {
	t.Parallel()
	eng, err := Arena.New(game.Config{Seed: 3, Map: "open10", Options: map[string]string{OptRounds: "3"}})
	require.NoError(t, err)
	e := eng.(*Engine)
	require.Equal(t, []game.Seat{0, 1}, e.ToMove())
	f := e.Frame()
	require.Equal(t, 0, f.Turn)
	s := f.State.(*State)
	require.Equal(t, 1.0, s.Score[0]) // before any round, the health part counts as full
	obs, ok := e.Observe(1).(*Observation)
	require.True(t, ok)
	require.Equal(t, 2, obs.Seat)
	require.Equal(t, Cell{9, 9}, obs.Movegen[Gamora].Current.At)
	require.Error(t, e.Check(0, ""))
	require.NoError(t, e.Check(0, s.Action(1, Move, Rocket, Cell{3, 0})))
	require.Error(t, e.Check(0, s.Action(1, Move, Rocket, Cell{4, 0})))
	require.Error(t, e.Step(map[game.Seat]string{2: "x"}))
	// A missing seat gives no answer: a timeout.
	require.NoError(t, e.Step(map[game.Seat]string{0: s.Action(1, Move, Rocket, Cell{3, 0})}))
	f = e.Frame()
	require.Equal(t, 1, f.Turn)
	require.Equal(t, map[game.Seat]string{0: s.Action(1, Move, Rocket, Cell{3, 0}), 1: ""}, f.Moves)
	require.Equal(t, 299, e.Current().Penalty[1])
	require.Equal(t, []string{EventPenalty, EventMoved}, []string{f.Events[0].Kind, f.Events[1].Kind})
	require.Equal(t, "P1 Rocket moves (0, 0) → (3, 0)", f.Events[1].Text)
	require.Equal(t, game.Seat(1), f.Events[0].Seat)
	key, err := e.State()
	require.NoError(t, err)
	require.True(t, json.Valid(key))
	require.Contains(t, string(key), `"maze":"10x10:`)
	for !e.Over() {
		require.NoError(t, e.Step(map[game.Seat]string{0: stay(e.Current(), 1), 1: ""}))
	}
	require.Equal(t, game.Result{Winner: 1, Ranking: []int{1, 2}, Reason: "rounds"}, e.Result())
	require.Nil(t, e.ToMove())
	require.Error(t, e.Step(nil))
	require.Error(t, e.Current().Check(1, stay(e.Current(), 1)))
	require.Empty(t, e.Current().Moves(1, Rocket))
}

// TestFog: what a seat sees is its view's cells; what it has seen grows,
// and is shared between frames while it does not.
func TestFog(t *testing.T) {
	t.Parallel()
	s := start(level(t, mazeA), nil)
	o := s.Observe(1)
	for c := range o.cells {
		require.True(t, s.Visible[0].Has(c.At), "%s", c.At)
	}
	require.True(t, s.Visible[0].Has(Cell{0, 0}))
	require.False(t, s.Visible[0].Has(Cell{2, 2}))
	require.False(t, s.Visible[0].Has(Cell{-1, 0}))
	next, _ := step(t, s, "", "")
	require.Same(t, s.Seen[0], next.Seen[0], "nothing new seen: the set is shared")
	next, _ = step(t, s, act(Move, Rocket, Cell{2, 1}), "")
	require.NotSame(t, s.Seen[0], next.Seen[0])
	require.Greater(t, next.Seen[0].Count(), s.Seen[0].Count())
	require.True(t, next.Seen[0].Has(Cell{1, 1}))
	require.False(t, s.Seen[0].Has(Cell{1, 1}))
	require.Same(t, s.Maze, next.Maze)
}

func TestLevelFormat(t *testing.T) {
	t.Parallel()
	l := level(t, mazeA)
	require.Equal(t, mazeA, string(l.Text()))
	require.Equal(t, [2]Cell{{0, 0}, {4, 4}}, l.Bases)
	require.Equal(t, Cell{4, 0}, l.Stone)
	crlf, err := ParseLevel("crlf", []byte("\xef\xbb\xbf"+strings.ReplaceAll(mazeA, "\n", "\r\n")))
	require.NoError(t, err)
	require.Equal(t, l.Text(), crlf.Text())
	specials := "|-|-|-|\n|1TH  |\n| |-| |\n|CcBbS2|\n|-|-|-|\n"
	_, err = ParseLevel("x", []byte(specials))
	require.Error(t, err) // 6 letters on a row of 3 cells
	specials = "|-|-|-|-|-|-|-|\n|1 T H C c B b|\n| | | | | | | |\n|    S       2|\n|-|-|-|-|-|-|-|\n"
	l, err = ParseLevel("x", []byte(specials))
	require.NoError(t, err)
	require.Equal(t, map[Cell]Kind{{1, 0}: Teleporter, {2, 0}: HealPoint, {3, 0}: Clue, {4, 0}: Clue, {5, 0}: Beast, {6, 0}: Beast}, l.Kinds)
	require.Equal(t, map[Cell]bool{{3, 0}: false, {4, 0}: true, {5, 0}: false, {6, 0}: true}, l.Enemy)
	require.Equal(t, specials, string(l.Text()))
	for name, bad := range map[string]string{
		"short line":     "|-|-|\n|1 2|\n|-|\n",
		"even lines":     "|-|-|\n|1 2|\n",
		"open border":    "|-|-|\n 1 2|\n|-|-|\n",
		"broken post":    "|-|-|\n|1 2|\n|-- |\n|   |\n|-|-|\n",
		"bad letter":     "|-|-|\n|1 X|\n|-|-|\n",
		"two stones":     "|-|-|-|\n|S S 2|\n|-|-|-|\n",
		"base 1 inside":  "|-|-|-|\n|  1 2|\n|-|-|-|\n",
		"base 2 twice":   "|-|-|\n|2 2|\n|-|-|\n",
		"open top":       "|-| |\n|1 2|\n|-|-|\n",
		"wall character": "|-|-|\n|1x2|\n|-|-|\n",
		"one column":     "|-|\n|1|\n|-|\n",
		"empty":          "",
	} {
		_, err := ParseLevel(name, []byte(bad))
		require.Error(t, err, name)
	}
	// Text after the maze is named as such, however long it is.
	note := mazeA + strings.Repeat("this maze was drawn for the final\n", 3000)
	_, err = ParseLevel("noted", []byte(note))
	require.ErrorContains(t, err, "level noted: line 12: text after the maze, which ends at line 11 (a maze of 5 rows)")
	_, err = ParseLevel("ragged", []byte("|-|-|\n|1 2|\n|-|-|-|\n"))
	require.ErrorContains(t, err, "line 3 has 7 characters, want 5 like line 1")
	// A bare picture reads, without bases or stone; it cannot be played
	// until they are drawn (levels/guardains does).
	bare, err := ParseLevel("bare", []byte("|-|-|\n|   |\n|-|-|\n"))
	require.NoError(t, err)
	require.Equal(t, [2]Cell{Nowhere, Nowhere}, bare.Bases)
	require.Error(t, bare.Complete())
}

// TestCompat checks the compat flags that the scenarios leave out.
func TestCompat(t *testing.T) {
	t.Parallel()
	// heal_first_only: only the first guardian on a heal point counts, and
	// the feedback goes to the seat that triggered it.
	r := &Rules{Rounds: DefaultRounds, HealFirstOnly: true}
	s := start(o10(), r, kind(Cell{3, 3}, HealPoint, false), put(2, Groot, Cell{3, 3}), put(1, Gamora, Cell{3, 3}), health(1, Gamora, 50))
	for range 4 {
		s, _ = step(t, s, "", "")
	}
	require.Equal(t, 50, s.Guardian(1, Gamora).Health)
	require.Equal(t, []string{`HEALPOINT_USED {"guardian":"Groot"}`}, codes(s, 1))
	require.Equal(t, []string{`HEALPOINT_USED {"guardian":"Groot"}`}, codes(s, 2))
	// stone_drop_lag: a carried stone is where it was last reported, and is
	// dropped there.
	l := o10()
	l.Stone = Cell{5, 5}
	r = &Rules{Rounds: DefaultRounds, StoneDropLag: true}
	s = start(l, r, put(1, Rocket, Cell{5, 5}), put(2, Drax, Cell{6, 7}))
	s, _ = step(t, s, "", "")
	s.Guardian(1, Rocket).Health = 30
	s, _ = step(t, s, act(Move, Rocket, Cell{6, 6}), act(Attack, Drax, Cell{6, 6}))
	require.False(t, s.Guardian(1, Rocket).Alive)
	require.Equal(t, Cell{5, 5}, s.Stone)
	// swap_xy: the target bounds are transposed on a board that is not
	// square.
	l = open(12, 4, Cell{5, 1})
	s = start(l, &Rules{Rounds: DefaultRounds, SwapXY: true})
	require.Error(t, s.Check(1, act(Move, Rocket, Cell{5, 0})))
	require.NoError(t, s.Check(1, act(Move, Rocket, Cell{0, 3})))
	s = start(l, nil)
	require.NoError(t, s.Check(1, act(Move, Rocket, Cell{3, 0})))
}

// A seat not connected at the start loses at once (rules §1); both: no
// contest, a draw. Only the first round's move says so.
func TestAbsentSeatLosesAtOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		moves  [2]string
		winner int
	}{{[2]string{Absent, ""}, 2}, {[2]string{"", Absent}, 1}, {[2]string{Absent, Absent}, 0}} {
		e, err := Arena.New(game.Config{Seed: 3, Map: "open10"})
		require.NoError(t, err)
		require.NoError(t, e.Step(map[game.Seat]string{0: tc.moves[0], 1: tc.moves[1]}))
		require.True(t, e.Over())
		require.Equal(t, tc.winner, e.Result().Winner)
		require.Equal(t, "absent", e.Result().Reason)
	}
	e, err := Arena.New(game.Config{Seed: 3, Map: "open10"})
	require.NoError(t, err)
	require.NoError(t, e.Step(map[game.Seat]string{}))
	require.NoError(t, e.Step(map[game.Seat]string{0: Absent}))
	require.False(t, e.Over(), "later, absent is a malformed action like any other")
}
