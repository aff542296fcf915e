package scenes

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render/ui"
)

// takeOverGames are a game of each title between its computer players, short.
var takeOverGames = []struct {
	id    string
	seats []string
	turns string
}{
	{"aibg5", []string{"greedy", "tactical", "training", "greedy"}, "12"},
	{"alienwarz", []string{"miner", "strategist"}, "40"},
	{"guardains", []string{"explorer", "hunter"}, "30"},
	{"aic21", []string{"forager", "colony"}, "30"},
	{"santorini", []string{"alphabeta:2", "minimax:1"}, ""},
}

// playReplay plays a game of title id between computer players and
// returns its replay, opened.
func playReplay(t *testing.T, id string, seats []string, turns string) *game.Recording {
	t.Helper()
	title, err := game.Lookup(id)
	require.NoError(t, err)
	st := game.Setup{Title: title, Seed: 7, Out: filepath.Join(t.TempDir(), id+".arena")}
	if turns != "" {
		st.Options = map[string]string{"turns": turns}
	}
	st.Seats, err = game.ParseSeats(title, strings.Join(seats, ","))
	require.NoError(t, err)
	m, closeFiles, err := st.Start()
	require.NoError(t, err)
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	rec, err := game.OpenFile(st.Out)
	require.NoError(t, err)
	return rec
}

// TestTakeOverFromTheViewer presses T at a turn of a replay of each game,
// chooses computer players for every seat, starts the match and checks
// its replay: it opens, names its origin, and its first steps are the
// original's.
func TestTakeOverFromTheViewer(t *testing.T) {
	for _, g := range takeOverGames {
		t.Run(g.id, func(t *testing.T) {
			orig := playReplay(t, g.id, g.seats, g.turns)
			n := orig.Timeline.Len() - 1
			turn := n / 2
			a := newTestApp(NewMenu())
			a.ReplayDir = t.TempDir()
			v, err := NewRecordingViewer(orig)
			require.NoError(t, err)
			a.Push(v)
			tick(t, a, 1)
			v.Seek(turn)
			press(t, a, ActTakeOver)
			to, ok := a.Top().(*TakeOver)
			require.True(t, ok, "T opens the choice of players")
			require.Equal(t, turn, to.turn)
			toMove := orig.Timeline.Frame(turn).ToMove
			require.NotEmpty(t, toMove)
			require.Equal(t, "Human", to.seats.kinds[toMove[0]].Value(), "a person takes the seat to move")
			for _, size := range screenSizes() {
				screen(t, a, size[0], size[1], "takeover-"+g.id)
				inside(t, widgetRects(to.form.Items), size[0], size[1], "the choice of players")
			}
			a.W, a.H, a.Scale = 1280, 800, 1

			// Every seat a computer player: the seat to move gets the
			// title's first; the match runs to the end.
			bot := orig.Title.Bots()[0]
			to.form.Focus = 2 * int(toMove[0])
			a.In.UI.Right = true
			tick(t, a, 1)
			require.Equal(t, bot.Kind, to.seats.kinds[toMove[0]].Value())
			to.seats.watch.Index = 1 // run to the end
			to.form.Focus = indexOf(to.form.Items, to.start)
			a.In.UI.Enter = true
			tick(t, a, 1)
			nv, ok := a.Top().(*Viewer)
			require.True(t, ok, "Start opens the match")
			require.NotSame(t, v, nv)
			require.NotNil(t, nv.match)
			require.Equal(t, bot.Kind, nv.match.Seats[toMove[0]].Spec.Kind)
			nv.match.Pace.SetDelay(0)
			waitFor(t, a, func() bool { return !nv.rec.Timeline.Live() })
			nv.Close()
			require.NoError(t, nv.runErr)

			rec, err := game.OpenFile(nv.ReplayPath())
			require.NoError(t, err)
			require.Equal(t, &game.Origin{Replay: orig.File, Turn: turn}, rec.Header.Origin)
			require.Equal(t, fmt.Sprintf("taken over from %s.arena, turn %d", g.id, turn), originLine(rec.Header))
			for i := 1; i <= turn; i++ {
				require.Equal(t, orig.Timeline.Frame(i).Moves, rec.Timeline.Frame(i).Moves, "step %d is the original's", i)
			}
			_, over := rec.Result()
			require.True(t, over, "the match played on to its end")
		})
	}
}

// TestTakeOverLeavesTheSeatToMoveToAPerson takes over a replay in the
// middle from the pause menu's button: the person's turn comes at once.
func TestTakeOverLeavesTheSeatToMoveToAPerson(t *testing.T) {
	orig := playReplay(t, "santorini", []string{"alphabeta:2", "minimax:1"}, "")
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	v, err := NewRecordingViewer(orig)
	require.NoError(t, err)
	a.Push(v)
	tick(t, a, 1)
	v.Seek(6)
	press(t, a, ActBack)
	p, ok := a.Top().(*Pause)
	require.True(t, ok)
	p.form.Focus = indexOf(p.form.Items, p.takeOver)
	screen(t, a, 1280, 800, "takeover-pause")
	a.W, a.H, a.Scale = 1280, 800, 1
	a.In.UI.Enter = true
	tick(t, a, 1)
	to, ok := a.Top().(*TakeOver)
	require.True(t, ok, "the pause menu's Play from here opens the choice")
	require.Equal(t, 6, to.turn)
	to.form.Focus = indexOf(to.form.Items, to.start)
	a.In.UI.Enter = true
	tick(t, a, 1)
	nv := a.Top().(*Viewer)
	require.Equal(t, 6, nv.Cursor(), "the match shows the turn taken over")
	mover := orig.Timeline.Frame(6).ToMove[0]
	waitFor(t, a, func() bool { h, _ := nv.waitingHuman(nv.rec.Timeline.Last()); return h != nil })
	require.Equal(t, 7, nv.rec.Timeline.Len(), "the six moves were played again")
	h, s := nv.waitingHuman(nv.rec.Timeline.Last())
	require.NotNil(t, h)
	require.Equal(t, mover, s)
	screen(t, a, 1280, 800, "takeover-played")
	a.W, a.H, a.Scale = 1280, 800, 1
	require.Contains(t, nv.source.Get(true, nil), "taken over from santorini.arena, turn 6", "the top bar names the origin")
	nv.Close()
	rec, err := game.OpenFile(nv.ReplayPath())
	require.NoError(t, err)
	require.Equal(t, 6, rec.Header.Origin.Turn)
	require.Equal(t, 6, rec.Timeline.Len()-1, "the replay holds the six moves taken over")
	e := &libEntry{path: nv.ReplayPath(), rec: rec}
	describe(e)
	require.Equal(t, "Unfinished · taken over from santorini.arena, turn 6", e.verdict, "the library names the origin")
}

// TestTakeOverRefusesAGameThatDoesNotReplay shows the reason when the
// game is an original system's log without its moves.
func TestTakeOverRefusesAGameThatDoesNotReplay(t *testing.T) {
	path := fixtureFiles["aic21"]
	if _, err := os.Stat(path); err != nil {
		t.Skipf("fixture missing: %v", err)
	}
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	v, err := NewRecordingViewer(rec)
	require.NoError(t, err)
	a.Push(v)
	tick(t, a, 1)
	v.Seek(3)
	press(t, a, ActTakeOver)
	to := a.Top().(*TakeOver)
	to.form.Focus = indexOf(to.form.Items, to.start)
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Same(t, to, a.Top(), "the choice stays open")
	require.Contains(t, a.toast, "holds no moves")
	entries, _ := os.ReadDir(a.ReplayDir)
	require.Empty(t, entries, "no replay is written")
}

func widgetRects(ws []ui.Widget) []image.Rectangle {
	var rs []image.Rectangle
	for _, w := range ws {
		rs = append(rs, w.Rect())
	}
	return rs
}

func indexOf(items []ui.Widget, w ui.Widget) int {
	for i, it := range items {
		if it == w {
			return i
		}
	}
	return -1
}

// TestTakeOverOffersPrograms: a seat may go to a program, with its
// settings typed as at the set-up.
func TestTakeOverOffersPrograms(t *testing.T) {
	orig := playReplay(t, "santorini", []string{"alphabeta:1", "minimax:1"}, "")
	a := newTestApp(NewMenu())
	v, err := NewRecordingViewer(orig)
	require.NoError(t, err)
	a.Push(v)
	tick(t, a, 1)
	v.Seek(4)
	press(t, a, ActTakeOver)
	to := a.Top().(*TakeOver)
	to.form.Focus = 2
	for to.seats.kinds[1].Value() != "outsider" {
		a.In.UI.Right = true
		tick(t, a, 1)
	}
	field, ok := to.form.Items[3].(*ui.Field)
	require.True(t, ok, "a program's seat takes its settings as text")
	to.form.Focus = 3
	a.In.UI.Chars = []rune("300ms:./engine")
	tick(t, a, 1)
	require.Equal(t, "300ms:./engine", field.Text)
	st, _, err := to.Game()
	require.NoError(t, err)
	require.Equal(t, game.SeatSpec{Kind: "outsider", Strength: "300ms:./engine"}, st.Seats[1])
	require.Equal(t, 4, *st.FromTurn)
	require.Same(t, orig, st.FromRecording)
}

// TestTakeOverALiveMatch takes over a match being played, from its newest
// turn: the origin is the match's own replay.
func TestTakeOverALiveMatch(t *testing.T) {
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: title, Seats: []game.SeatSpec{{Kind: "alphabeta", Strength: "1"}, {Kind: "alphabeta", Strength: "1"}}, Seed: 5}
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	a.Push(v)
	tl := v.rec.Timeline
	for step := 1; step <= 4; step++ {
		waitFor(t, a, func() bool { _, ok := tl.Next(step - 1); return ok && v.Cursor() == step-1 })
		press(t, a, ActStepForward)
		waitFor(t, a, func() bool { return tl.Len() == step+1 })
	}
	waitFor(t, a, func() bool { return v.Cursor() == 4 })
	press(t, a, ActTakeOver)
	to := a.Top().(*TakeOver)
	require.Equal(t, v.ReplayPath(), to.from)
	to.form.Focus = indexOf(to.form.Items, to.start)
	a.In.UI.Enter = true
	tick(t, a, 1)
	nv := a.Top().(*Viewer)
	require.NotSame(t, v, nv)
	waitFor(t, a, func() bool { h, _ := nv.waitingHuman(nv.rec.Timeline.Last()); return h != nil })
	require.Equal(t, &game.Origin{Replay: v.ReplayPath(), Turn: 4}, nv.rec.Header.Origin)
	nv.Close()
	v.Close()
	rec, err := game.OpenFile(nv.ReplayPath())
	require.NoError(t, err)
	for i := 1; i <= 4; i++ {
		require.Equal(t, tl.Frame(i).Moves, rec.Timeline.Frame(i).Moves)
	}
}

// TestReplayPathsOfOneSecond: matches started in the same second keep
// their replays apart, also while one is written under its temporary name.
func TestReplayPathsOfOneSecond(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	first := unusedReplayPath(dir, "aic21", now)
	require.Equal(t, filepath.Join(dir, "aic21-20261127-120000.arena"), first)
	require.NoError(t, os.WriteFile(first+".123.part", nil, 0o644))
	second := unusedReplayPath(dir, "aic21", now)
	require.Equal(t, filepath.Join(dir, "aic21-20261127-120000-2.arena"), second)
	require.NoError(t, os.WriteFile(second, nil, 0o644))
	require.Equal(t, filepath.Join(dir, "aic21-20261127-120000-3.arena"), unusedReplayPath(dir, "aic21", now))
}
