package alienwarz

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// testLevels writes a levels file of two small levels and returns its path.
func testLevels(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "levels.json")
	data := `{"levels":[{"cheap":[[7,0],[7,1],[5,5],[8,3]],"expensive":[[4,4],[6,2]]},{"cheap":[[3,3],[6,1]],"expensive":[[5,4]]}]}`
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	return path
}

// The move file beside a replay is a game log that reads back: each view
// it logged is the view of the game re-simulated from its actions, and it
// ends with the result. (Conform checks the game it opens.)
func TestMoveFileIsAGameLog(t *testing.T) {
	t.Parallel()
	cfg := game.Config{Seed: 3, Options: map[string]string{OptLevels: testLevels(t)}}
	rec := recordGame(t, cfg, [2]string{"miner", "strategist"})
	path := filepath.Join(t.TempDir(), "g.arena")
	require.NoError(t, game.Save(rec, path))
	data, err := os.ReadFile(game.TranscriptPath(path, ".txt"))
	require.NoError(t, err)
	g, err := ReadLog(data)
	require.NoError(t, err)
	rp, err := g.Replay(nil)
	require.NoError(t, err)
	require.Empty(t, rp.Diffs)
	require.Equal(t, rec.Timeline.Len()-1, rp.Compared, "every later view and the final state")
	require.Contains(t, string(data), "] Log: Game Over! ")
}

// recordGame plays a game of two bots through a game.Match.
func recordGame(t testing.TB, cfg game.Config, kinds [2]string) *game.Recording {
	t.Helper()
	var seats []game.Entrant
	for i, k := range kinds {
		p, err := Title{}.NewBot(k, "", game.Seat(i), nil)
		require.NoError(t, err)
		seats = append(seats, game.Entrant{Spec: game.SeatSpec{Kind: k}, Player: p})
	}
	m, err := game.NewMatch(Title{}, cfg, seats)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err = m.Run(ctx)
	require.NoError(t, err)
	return m.Recording()
}

func TestTranscriptLines(t *testing.T) {
	t.Parallel()
	e := NewEngine(empty(func(s *State) { s.Players[0].Coins = 10 }), nil)
	e.Clock = func() time.Time { return time.Date(2024, 5, 16, 21, 52, 57, 0, time.UTC) }
	step := func(line string) string {
		require.NoError(t, e.Step(map[game.Seat]string{game.Seat(e.Current().ToAct - 1): line}))
		return e.TranscriptLine()
	}
	stamp := "[5/16/2024 9:52:57 PM] Log: "
	view0 := string(e.Current().View(1))
	require.Equal(t, stamp+"Writing to process: "+view0+"\n"+stamp+"ACTION: REST", step("rest"))
	view1 := string(e.Current().View(2))
	require.Equal(t, stamp+"Writing to process: "+view1, step("jump"), "a line that does not parse logs no ACTION")
	require.Equal(t, stamp+"Writing to process: "+string(e.Current().View(1))+"\n"+stamp+"ACTION: BUILD 7 7\n"+
		stamp+"Can't execute ACTION. Reason: (7,7) is not next to (9,0)", step("build 7 7"))
	require.Equal(t, ".txt", e.TranscriptExt())
}

func TestCheckAndMoves(t *testing.T) {
	t.Parallel()
	s := empty(deposit(Mineral, Cell{9, 3}), deposit(Diamond, Cell{7, 0}))
	require.NoError(t, s.Check(1, "move 8 0"))
	require.NoError(t, s.Check(1, "move 9 2"))
	require.Error(t, s.Check(1, "move 9 3"))
	require.ErrorContains(t, s.Check(2, "rest"), "P1's turn")
	require.Error(t, s.Check(1, Forfeit))
	require.ElementsMatch(t, []Cell{{8, 0}, {9, 1}, {9, 2}}, s.Moves(1))
	require.Equal(t, "move 9 2", s.MoveCommand(1, Cell{9, 2}))
	require.Equal(t, 2, s.MoveCost(1, Cell{9, 2}))
	require.Empty(t, s.Targets(1, ActMine))
	s.Players[0].Pos = Cell{8, 0}
	require.Equal(t, []Cell{{7, 0}}, s.Targets(1, ActMine))
	require.ElementsMatch(t, []Cell{{8, 1}}, s.Targets(1, ActBuild))

	// Dazed: the cells the alien will stand on, and the mirrored command.
	d := empty(p2First, at(2, Cell{3, 5}), func(s *State) { s.Players[1].Daze = 2 })
	for _, c := range d.Moves(2) {
		cmd := d.MoveCommand(2, c)
		require.NoError(t, d.Check(2, cmd), "%v: %s", c, cmd)
		next, _ := step(t, d, cmd)
		require.Equal(t, c, next.Players[1].Pos, cmd)
		require.Equal(t, d.Players[1].Energy-d.MoveCost(2, c), next.Players[1].Energy)
	}
	require.Equal(t, "move 3 8", d.MoveCommand(2, Cell{3, 2}))

	// The engine lets people retry: Check is the same judgment as Step.
	e := NewEngine(s, nil)
	require.NoError(t, e.Check(0, "mine 7 0"))
	require.Error(t, e.Check(0, "mine 9 3"))
	require.Error(t, e.Check(1, "rest"))
}

func TestFreezeGivesSeveralTurnsInARow(t *testing.T) {
	t.Parallel()
	e := NewEngine(empty(func(s *State) { s.Players[0].Coins = 200 }), nil)
	var seats []game.Seat
	for i := 0; i < 6; i++ {
		seats = append(seats, e.ToMove()...)
		line := "rest"
		if i == 0 {
			line = "shop freeze"
		}
		require.NoError(t, e.Step(map[game.Seat]string{e.ToMove()[0]: line}))
	}
	require.Equal(t, []game.Seat{0, 0, 0, 0, 1, 0}, seats)
	require.Error(t, e.Step(map[game.Seat]string{0: "rest"}), "it is P2's turn")
}

func TestEventsText(t *testing.T) {
	t.Parallel()
	s := destroy(func(s *State) { s.Players[0].Bag = items("MD") })
	_, events := step(t, s, "attack 5 5")
	require.Equal(t, "attacked", events[0].Kind)
	require.Equal(t, game.Seat(0), events[0].Seat)
	require.Equal(t, "P1 attacks P2's factory on (5,5) (2 health left)", events[0].Text)
	require.False(t, strings.Contains(events[0].Text, "\n"))
	_, events = step(t, empty(func(s *State) { s.Players[0].Bag = items("MMMD") }),
		"conv 0 diamond 1 mineral to coins, 0 diamond 2 mineral to energy, 1 diamond 0 mineral to xp")
	require.Equal(t, Converted{Player: 1, Coins: 15, Energy: 0, XP: 25}, events[0].Data, "energy capped at 1000")
}

func TestFramesAreImmutable(t *testing.T) {
	t.Parallel()
	// Steps share what they do not change with the frames before them; no
	// step may change an earlier frame.
	eng, err := Title{}.New(game.Config{Options: map[string]string{OptLevels: testLevels(t), OptLevel: "0"}})
	require.NoError(t, err)
	e := eng.(*Engine)
	var players [2]game.Player
	for i, k := range []string{"strategist", "miner"} {
		players[i], err = Title{}.NewBot(k, "", game.Seat(i), nil)
		require.NoError(t, err)
	}
	var frames []*State
	var views, states []string
	for !e.Over() {
		s := e.Current()
		frames = append(frames, s)
		js, err := json.Marshal(s)
		require.NoError(t, err)
		views, states = append(views, string(s.View(1))), append(states, string(js))
		seat := e.ToMove()[0]
		a, err := players[seat].Play(context.Background(), s)
		require.NoError(t, err)
		require.NoError(t, e.Step(map[game.Seat]string{seat: a.Move}))
	}
	for i, s := range frames {
		js, _ := json.Marshal(s)
		require.Equal(t, views[i], string(s.View(1)), "frame %d", i)
		require.Equal(t, states[i], string(js), "frame %d", i)
	}
}
