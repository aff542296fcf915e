package scenes

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	gs "github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/internal/titles/views"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
	rs "github.com/arena-games/arena/render/santorini"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/scenes/playback"
)

// TestMain installs the games and their views, and the outside players of
// TestSetupOffersOutsidePlayers.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: titles.Games(), Connectors: []game.Connector{outsider}})
	render.Install(views.Drawn()...)
	rendertest.Main(m)
}

const fixture = "../../shared/fixtures/santorini/game.txt"

func openFixture(t testing.TB) *game.Recording {
	t.Helper()
	if _, err := os.Stat(fixture); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fixture missing: %v", err)
		}
		t.Skipf("fixture missing: %v", err)
	}
	rec, err := game.OpenFile(fixture)
	require.NoError(t, err)
	return rec
}

// newTestApp is an app of the window's default size that the test drives.
// fixtureFiles are a real record of each game: the originals' logs and
// Arena's replay of a Santorini game.
var fixtureFiles = map[string]string{
	"santorini": fixture,
	"aic21":     "../../shared/fixtures/aic21/replays/map1_template_log.json.gz",
	"guardains": "../../shared/fixtures/guardains/player1_transcript.jsonl.gz",
	"alienwarz": "../../shared/fixtures/alienwarz/gameLog_2024-05-16_09-52-52.txt",
	"aibg5":     "../../shared/fixtures/aibg5/states/initial_state.json",
}

// addFixtures opens the fixtures of the games named into games, under
// the names given (game: name); one that is missing is left out (a
// failure under CI=true).
func addFixtures(t testing.TB, games map[string]*game.Recording, names map[string]string) {
	t.Helper()
	for id, name := range names {
		path := fixtureFiles[id]
		if _, err := os.Stat(path); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("fixture missing: %v", err)
			}
			continue
		}
		rec, err := game.OpenFile(path)
		require.NoError(t, err, id)
		games[name] = rec
	}
}

func newTestApp(first Scene) *App {
	a := NewApp(first)
	a.W, a.H, a.Scale = 1280, 800, 1
	a.ReplayDir = os.TempDir()
	return a
}

// tick runs n updates of the top scene with the input left as it is, then
// clears the input.
func tick(t testing.TB, a *App, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		require.NoError(t, a.update())
		a.In = Input{}
	}
}

// press runs one update with an action's key pressed.
func press(t testing.TB, a *App, act Action) {
	t.Helper()
	a.In.pressed[act] = true
	tick(t, a, 1)
}

func TestSceneStack(t *testing.T) {
	menu := NewMenu()
	a := newTestApp(menu)
	setup := NewSetup(gs.Title{})
	a.Push(setup)
	require.Equal(t, Scene(setup), a.Top())
	help := NewHelp()
	a.Push(help)
	require.Equal(t, Scene(help), a.Top())
	press(t, a, ActBack)
	require.Equal(t, Scene(setup), a.Top(), "Esc closes the help overlay")
	press(t, a, ActBack)
	require.Equal(t, Scene(menu), a.Top(), "Esc leaves the set-up")
	a.Pop()
	require.Equal(t, Scene(menu), a.Top(), "the last scene stays")
}

func TestMenuOpensSetupWithKeys(t *testing.T) {
	a := newTestApp(NewMenu())
	for _, title := range MenuTitles() {
		if title.ID() == "santorini" {
			break
		}
		a.In.UI.Down = true
		tick(t, a, 1)
	}
	a.In.UI.Enter = true
	tick(t, a, 1)
	s, ok := a.Top().(*Setup)
	require.True(t, ok, "Enter on a game opens its set-up")
	require.Equal(t, "santorini", s.title.ID())
	st, pace, err := s.Game()
	require.NoError(t, err)
	require.Equal(t, []game.SeatSpec{{Kind: "human"}, {Kind: "alphabeta", Strength: "3"}}, st.Seats)
	require.Equal(t, game.PaceStep, pace)
	// Player 2's choice: Left steps from alphabeta back to minimax, whose
	// strengths replace alphabeta's.
	s.form.Focus = 2
	a.In.UI.Left = true
	tick(t, a, 1)
	st, _, _ = s.Game()
	require.Equal(t, game.SeatSpec{Kind: "minimax", Strength: "3"}, st.Seats[1])
	s.seed.Text = "12x"
	_, _, err = s.Game()
	require.ErrorContains(t, err, `seed "12x": expected a whole number`)
}

func TestSetupReportsABadStartingFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "input.txt")
	require.NoError(t, os.WriteFile(bad, []byte("C3 B2\nB2 D2\n"), 0o644))
	a := newTestApp(NewMenu())
	s := NewSetup(gs.Title{})
	a.Push(s)
	s.from.Text = bad
	s.form.Focus = len(s.form.Items) - 2 // Start
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Equal(t, Scene(s), a.Top(), "the window stays on the set-up")
	require.Contains(t, a.toast, "input.txt:2: E_OCCUPIED: cell B2 already holds P1 worker 2 (line 1)")
}

func TestReplayViewerControls(t *testing.T) {
	rec := openFixture(t)
	v, err := OpenReplay(fixture)
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.Push(v)
	require.True(t, v.clock.Playing, "a replay starts playing")
	press(t, a, ActPlayPause)
	require.False(t, v.clock.Playing)
	press(t, a, ActStepForward)
	require.Equal(t, 1, v.clock.Cursor)
	press(t, a, ActLast)
	require.Equal(t, rec.Timeline.Len()-1, v.clock.Cursor)
	press(t, a, ActStepBack)
	require.Equal(t, rec.Timeline.Len()-2, v.clock.Cursor)
	press(t, a, ActFirst)
	require.Equal(t, 0, v.clock.Cursor)
	press(t, a, ActFaster)
	press(t, a, ActFaster)
	require.Equal(t, 4.0, playback.Speeds[v.clock.Speed])
	press(t, a, ActPlayPause)
	tick(t, a, 60*20)
	require.Equal(t, rec.Timeline.Len()-1, v.clock.Cursor, "playing runs to the end")
	require.False(t, v.clock.Playing)
	// The scrub bar: a click at its middle shows the middle turn.
	v.layout(a)
	a.In.UI = uiAt(float64(v.scrub.Min.X+v.scrub.Max.X)/2, float64(v.scrub.Min.Y+v.scrub.Max.Y)/2)
	tick(t, a, 1)
	require.InDelta(t, (rec.Timeline.Len()-1)/2, v.clock.Cursor, 1)
	press(t, a, ActBack)
	_, paused := a.Top().(*Pause)
	require.True(t, paused, "Esc opens the pause menu")
}

func uiAt(x, y float64) ui.Input { return ui.Input{X: x, Y: y, Pressed: true, Held: true} }

// waitFor ticks the app until cond holds or a few seconds pass.
func waitFor(t testing.TB, a *App, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		tick(t, a, 1)
		time.Sleep(2 * time.Millisecond)
	}
}

func TestComputerMatchStepByStep(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: gs.Title{}, Seats: []game.SeatSpec{{Kind: "alphabeta", Strength: "1"}, {Kind: "minimax", Strength: "1"}}, Seed: 4}
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	a.Push(v)
	tl := v.rec.Timeline
	waitFor(t, a, func() bool { _, ok := tl.Next(0); return ok })
	require.Equal(t, 1, tl.Len(), "step mode waits for a press")
	for step := 1; step <= 2; step++ {
		press(t, a, ActStepForward)
		waitFor(t, a, func() bool { return tl.Len() == step+1 })
	}
	waitFor(t, a, func() bool { _, ok := tl.Next(2); return ok })
	next, _ := tl.Next(2)
	require.Equal(t, 3, tl.Len())
	require.NotEmpty(t, next.Notes[0].Values, "the next move's evaluations are known before it is played")
	press(t, a, ActPlayPause)
	require.Equal(t, game.PaceRun, v.match.Pace.Mode(), "Space runs to the end")
	press(t, a, ActFaster)
	press(t, a, ActFaster)
	press(t, a, ActFaster)
	v.match.Pace.SetDelay(0)
	waitFor(t, a, func() bool { return !tl.Live() })
	waitFor(t, a, func() bool { _, ok := a.Top().(*Results); return ok })
	r := a.Top().(*Results)
	require.Contains(t, r.text, "1. Player")
	a.Pop()
	v.Close()
	files, _ := filepath.Glob(filepath.Join(a.ReplayDir, "santorini-*"))
	require.Len(t, files, 2, "the replay and the move file")
	rec, err := game.OpenFile(v.ReplayPath())
	require.NoError(t, err)
	require.Equal(t, tl.Len(), rec.Timeline.Len())
}

func TestHumanPlaysByClicking(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: gs.Title{}, Seats: []game.SeatSpec{{Kind: "human"}, {Kind: "alphabeta", Strength: "1"}}, Seed: 9}
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	a.Push(v)
	h, _ := v.match.IsHuman(0)
	clickCell := func(c string) {
		cell, _ := gs.ParseCell(c)
		b := v.rec.Timeline.Last().State.(*gs.Board)
		x, y := v.view.(*rs.View).Geometry().Center(cell, float64(min(b.Height[cell], 3)))
		a.In.UI = uiAt(x, y)
		tick(t, a, 1)
	}
	waitFor(t, a, h.Waiting)
	tick(t, a, 1)
	clickCell("C3")
	clickCell("B2")
	waitFor(t, a, func() bool { return v.clock.Cursor == 2 && h.Waiting() && v.clock.Settled() })
	b := v.rec.Timeline.Last().State.(*gs.Board)
	turn := b.Legal()[0]
	tick(t, a, 1)
	clickCell(turn.From.String())
	clickCell(turn.To.String())
	if !turn.Win {
		clickCell(turn.Build.String())
	}
	waitFor(t, a, func() bool { return v.rec.Timeline.Len() >= 4 })
	require.Equal(t, turn.String(), v.rec.Timeline.Frame(3).Moves[0])
	v.Close()
	moves, err := os.ReadFile(game.TranscriptPath(v.ReplayPath(), ".txt"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(moves), "C3 B2\n"), string(moves))
}

func TestSaveAsRewritesTheReplay(t *testing.T) {
	rec := openFixture(t)
	out := filepath.Join(t.TempDir(), "copy.arena")
	require.NoError(t, game.Save(rec, out))
	again, err := game.OpenFile(out)
	require.NoError(t, err)
	require.Equal(t, rec.Summary().Winner, again.Summary().Winner)
	require.Equal(t, rec.Timeline.Len(), again.Timeline.Len())
	moves, err := os.ReadFile(filepath.Join(filepath.Dir(out), "copy.txt"))
	require.NoError(t, err)
	require.Equal(t, 129, len(moves), "the strict move file of the fixture (scenario 5)")

	var replay bytes.Buffer // the browser's download
	require.NoError(t, game.WriteReplay(rec, &replay))
	copied, err := os.ReadFile(out)
	require.NoError(t, err)
	fromBytes, err := game.Open("download.arena", replay.Bytes())
	require.NoError(t, err)
	fromFile, err := game.Open(out, copied)
	require.NoError(t, err)
	require.Equal(t, fromFile.Summary(), fromBytes.Summary())
	require.Equal(t, fromFile.Timeline.Len(), fromBytes.Timeline.Len())
}

func TestViewerGolden(t *testing.T) {
	rec := openFixture(t)
	img, err := Picture(rec, 9, 1280, 800)
	require.NoError(t, err)
	rendertest.Golden(t, img, "viewer-turn9.png")
}

func BenchmarkViewerFrame(b *testing.B) {
	rec := openFixture(b)
	v := NewViewer(rec, mustView(b))
	a := newTestApp(v)
	dst := ebiten.NewImage(1280, 800)
	rendertest.BenchFrames(b, dst, func(int) {
		if v.clock.Cursor == rec.Timeline.Len()-1 {
			v.Seek(0)
			v.clock.Playing = true
		}
		v.Update(a)
		v.Draw(dst, a)
	})
}

func mustView(t testing.TB) render.View {
	v, err := render.NewView("santorini")
	require.NoError(t, err)
	return v
}

func TestPauseHoldsAComputerMatch(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: gs.Title{}, Seats: []game.SeatSpec{{Kind: "alphabeta", Strength: "1"}, {Kind: "alphabeta", Strength: "1"}}, Seed: 2}
	v, err := StartMatch(a, st, game.PaceRun)
	require.NoError(t, err)
	a.Push(v)
	defer v.Close()
	press(t, a, ActBack)
	_, paused := a.Top().(*Pause)
	require.True(t, paused)
	require.Equal(t, game.PacePause, v.match.Pace.Mode(), "the pause menu holds the match")
	press(t, a, ActBack)
	require.Equal(t, Scene(v), a.Top())
	require.Equal(t, game.PaceRun, v.match.Pace.Mode(), "resuming lets it run on")
}

func TestDemoPlaysGameAfterGame(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: gs.Title{}, Seats: []game.SeatSpec{{Kind: "alphabeta", Strength: "1"}, {Kind: "minimax", Strength: "1"}}, Seed: 40}
	show := NewDemo(st)
	a.Push(show)
	defer show.Close()
	waitFor(t, a, func() bool { return show.Viewer() != nil })
	v := show.Viewer()
	require.Equal(t, showTitle, show.phase, "a title card before the game")
	require.True(t, v.dir.on, "the director films the demo")
	v.match.Pace.SetDelay(0)
	a.Speed = 64
	show.since -= titleTime
	waitFor(t, a, func() bool { return show.phase == showPlaying })
	v.setSpeed(len(playback.Speeds) - 1)
	v.match.Pace.SetDelay(0)
	waitFor(t, a, func() bool { return show.phase == showResult })
	require.Equal(t, Scene(show), a.Top(), "a finished demo game shows its result card, not the results dialog")
	show.since -= resultTime
	waitFor(t, a, func() bool { return show.Viewer() != nil && show.Viewer() != v })
	next := show.Viewer()
	require.EqualValues(t, 41, next.setup.Seed)
	require.True(t, next.show)
	require.Equal(t, 64.0, next.clock.Rate(), "the speed people chose is kept from game to game")
	require.NotEqual(t, a.ReplayDir, filepath.Dir(next.ReplayPath()), "demo games stay out of the replay folder")
}

func TestOpenReplayFromTheMenu(t *testing.T) {
	openFixture(t)
	a := newTestApp(NewMenu())
	o := NewOpen(t.TempDir())
	a.Push(o)
	o.path.Text = filepath.Join(t.TempDir(), "missing.arena")
	o.form.Focus = 0
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Equal(t, Scene(o), a.Top(), "a bad path keeps the dialog open")
	require.Contains(t, a.toast, "missing.arena")
	o.path.Text = fixture
	a.In.UI.Enter = true
	tick(t, a, 1)
	v, ok := a.Top().(*Viewer)
	require.True(t, ok, "the move file opens in the viewer")
	require.Equal(t, 16, v.rec.Timeline.Len())
	require.True(t, a.Open(fixture), "a dropped file opens the same way")
}

// outsider is a test connector: a program that plays Santorini.
var outsider = game.Connector{Kind: "outsider", About: "a test program", Usage: "outsider:TIME:COMMAND",
	Serves: func(t game.Title) bool { return t.ID() == "santorini" },
	New:    func(game.Title, string, game.Seat, string) (game.Player, error) { return nil, nil }}

func TestSetupOffersOutsidePlayers(t *testing.T) {
	a := newTestApp(NewMenu())
	s := NewSetup(gs.Title{})
	a.Push(s)
	s.form.Focus = 2
	for s.kinds[1].Value() != "outsider" {
		a.In.UI.Right = true
		tick(t, a, 1)
	}
	field, ok := s.form.Items[3].(*ui.Field)
	require.True(t, ok, "an outside player's seat takes its settings as text")
	require.Equal(t, "TIME:COMMAND", field.Placeholder)
	_, _, err := s.Game()
	require.ErrorContains(t, err, "player 2: outsider needs its settings")
	s.form.Focus = 3
	a.In.UI.Chars = []rune("300ms:./engine --fast")
	tick(t, a, 1)
	st, _, err := s.Game()
	require.NoError(t, err)
	require.Equal(t, game.SeatSpec{Kind: "outsider", Strength: "300ms:./engine --fast"}, st.Seats[1])
}

func TestSetupOfAFourSeatGameWithMaps(t *testing.T) {
	title, err := game.Lookup("aibg5")
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	s := NewSetup(title)
	a.Push(s)
	require.NotNil(t, s.maps, "AIBG 5.0 offers its maps")
	s.maps.Select("maze")
	s.limit.Select("3s")
	st, _, err := s.Game()
	require.NoError(t, err)
	require.Len(t, st.Seats, 4)
	require.Equal(t, game.SeatSpec{Kind: "human"}, st.Seats[0])
	require.Equal(t, "", st.Seats[1].Strength, "bots without strengths take none")
	require.Equal(t, "maze", st.Map)
	require.Equal(t, 3*time.Second, st.HumanLimit)
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	defer v.Close()
	require.Equal(t, "maze", v.rec.Header.Config.Map)
}

func TestPeopleRunOutOfTime(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: gs.Title{}, Seats: []game.SeatSpec{{Kind: "human"}, {Kind: "alphabeta", Strength: "1"}}, HumanLimit: 400 * time.Millisecond}
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	a.Push(v)
	defer v.Close()
	h, _ := v.match.IsHuman(0)
	waitFor(t, a, h.Waiting)
	due, ok := h.Deadline()
	require.True(t, ok, "the person's move has a deadline")
	require.WithinDuration(t, time.Now().Add(400*time.Millisecond), due, 200*time.Millisecond)
	tick(t, a, 1) // draws the clock
	v.Draw(ebiten.NewImage(1280, 800), a)
	waitFor(t, a, func() bool { return !v.rec.Timeline.Live() })
	res := v.rec.Timeline.Last().Result
	require.Equal(t, 2, res.Winner, "no move in time forfeits a Santorini game")
	require.Equal(t, "forfeit", res.Reason)
}

// keyTaker is a board whose bindings take the arrows while a person
// moves, and every key while the person types.
type keyTaker struct {
	render.View
	typing bool
}

func (k keyTaker) Bindings() []render.Binding {
	return []render.Binding{{Keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyArrowUp}, While: render.Moving, Names: "→ ↑", About: "aim"}}
}
func (k keyTaker) Typing() bool { return k.typing }

// A board that takes a key keeps the viewer from acting on it; a person
// typing keeps every action but Back from firing.
func TestBoardTakesItsKeys(t *testing.T) {
	in := Input{Keys: []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyHome}}
	in.pressed[ActStepForward], in.pressed[ActFirst] = true, true
	in.yield(keyTaker{})
	require.False(t, in.Just(ActStepForward), "the board's arrow")
	require.True(t, in.Just(ActFirst), "a key the board leaves")

	in = Input{Keys: []ebiten.Key{ebiten.KeyF, ebiten.KeyEscape}}
	in.pressed[ActFit], in.pressed[ActBack] = true, true
	in.yield(keyTaker{typing: true})
	require.False(t, in.Just(ActFit), "an f typed into a message")
	require.True(t, in.Just(ActBack), "Esc still leaves the field")
}

// inspected is a board that records what the viewer tells it of the
// pointer (render.Inspector).
type inspected struct {
	render.View
	x, y float64
	on   bool
}

func (v *inspected) Inspect(x, y float64, on bool) { v.x, v.y, v.on = x, y, on }

// The viewer tells a board that inspects where the pointer rests: on while
// it is over the board, off elsewhere and while the right button drags.
func TestViewerTellsTheBoardWhereThePointerRests(t *testing.T) {
	rec := openFixture(t)
	board := &inspected{View: mustView(t)}
	v := NewViewer(rec, board)
	a := newTestApp(v)
	tick(t, a, 1)
	mid := v.area.Min.Add(v.area.Size().Div(2))
	a.In.UI.X, a.In.UI.Y = float64(mid.X), float64(mid.Y)
	tick(t, a, 1)
	require.True(t, board.on)
	require.Equal(t, float64(mid.X), board.x)
	a.In.UI.X, a.In.UI.Y, a.In.Dragging = float64(mid.X), float64(mid.Y), true
	tick(t, a, 1)
	require.False(t, board.on, "dragging the map")
	a.In.UI.X, a.In.UI.Y = float64(v.area.Max.X+5), float64(mid.Y)
	tick(t, a, 1)
	require.False(t, board.on, "off the board")
}
