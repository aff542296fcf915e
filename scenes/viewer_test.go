package scenes

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/sprites"
)

// viewerOf opens a viewer on rec in a test app and draws it once.
func viewerOf(t testing.TB, rec *game.Recording) (*Viewer, *App) {
	t.Helper()
	view, err := render.NewView(rec.Title.ID())
	require.NoError(t, err)
	v := NewViewer(rec, view)
	a := newTestApp(v)
	v.clock.Playing = false
	drawApp(a)
	return v, a
}

// drawApp draws the app's scenes once, as a frame of the window would.
func drawApp(a *App) {
	dst := ebiten.NewImage(a.W, a.H)
	defer dst.Deallocate()
	a.Draw(dst)
}

// guardainsGame plays n rounds of GuardAIns between hunter and explorer on
// the default 200x200 maze.
func guardainsGame(t testing.TB, n int) *game.Recording {
	t.Helper()
	return botMatch(t, "guardains", []string{"hunter", "explorer"}, map[string]string{"turns": render.Itoa(n)})
}

// A replay of the 200x200 maze opens at a readable zoom on the units, not
// on the whole maze with guardians a few pixels wide.
func TestAReplayOpensAtAReadableZoom(t *testing.T) {
	rec := guardainsGame(t, 20)
	v, a := viewerOf(t, rec)
	mp := v.view.(render.Mapped)
	drawApp(a)
	cell := mp.Camera().Scale() * mp.CellSize()
	require.GreaterOrEqual(t, cell, readablePx*a.Scale-0.5, "a cell is %.1f px", cell)
	x0, y0, x1, y1 := mp.Camera().Visible()
	seen := 0
	for _, u := range units(v, rec.Timeline.Frame(0), 0) {
		x, y := mp.Spot(u.Cell)
		if x >= x0 && x <= x1 && y >= y0 && y <= y1 {
			seen++
		}
	}
	require.Positive(t, seen, "the units are in the shot")
}

// Tab follows a unit at a readable zoom; a drag stops following it.
func TestTabFollowsAUnit(t *testing.T) {
	rec := guardainsGame(t, 30)
	v, a := viewerOf(t, rec)
	// The pointer rests in the middle: at the window's edge it would pan.
	c := v.area.Min.Add(v.area.Size().Div(2))
	at := func() { a.In.UI.X, a.In.UI.Y = float64(c.X), float64(c.Y) }
	at()
	a.In.UI.Tab = true
	tick(t, a, 1)
	require.Equal(t, "P1 Gamora", v.Following())
	for range 30 {
		at()
		a.In.pressed[ActStepForward] = true
		tick(t, a, 1)
		for range 60 {
			at()
			tick(t, a, 1)
		}
		drawApp(a)
	}
	mp := v.view.(render.Mapped)
	mp.Camera().Update(100)
	var g game.Unit
	for _, u := range units(v, v.moment.Cur, 0) {
		if u.ID == "P1 Gamora" {
			g = u
		}
	}
	x, y := mp.Camera().ToScreen(mp.Spot(g.Cell))
	require.InDelta(t, float64(c.X), x, 3)
	require.InDelta(t, float64(c.Y), y, 3)
	require.GreaterOrEqual(t, mp.Camera().Scale()*mp.CellSize(), readablePx*a.Scale-0.5)
	mp.Pan(10, 0)
	v.dir.panned(a.Clock)
	require.Empty(t, v.Following())
}

// N and P go to the next and previous event; the marks are on the scrub
// bar, and a click on a mark goes to its turn.
func TestEventsOnTheTimeline(t *testing.T) {
	rec := aic21Game(t, 80)
	v, a := viewerOf(t, rec)
	for !v.chron.Done() {
		tick(t, a, 1)
	}
	first := v.chron.Next(0)
	require.Positive(t, first, "the game has events")
	press(t, a, ActNextEvent)
	require.Equal(t, first, v.clock.Cursor)
	second := v.chron.Next(first)
	press(t, a, ActNextEvent)
	require.Equal(t, second, v.clock.Cursor)
	press(t, a, ActPrevEvent)
	require.Equal(t, first, v.clock.Cursor)
	// A click on the mark of the second event goes there.
	press(t, a, ActFirst)
	a.In.UI = uiAt(v.xOf(second), float64(v.scrub.Min.Y)-6*a.Scale)
	tick(t, a, 1)
	require.Equal(t, second, v.clock.Cursor)
	// The feed lists the events up to the turn shown.
	require.NotEmpty(t, v.chron.Markers[second])
}

// A row of the move list goes to its turn; the chart's heading shows the
// next quantity and a click in the chart goes to the turn under it.
func TestMoveListAndChartClicks(t *testing.T) {
	rec := aic21Game(t, 60)
	v, a := viewerOf(t, rec)
	for !v.chron.Done() {
		tick(t, a, 1)
	}
	v.Seek(30)
	drawApp(a)
	require.NotEmpty(t, v.panel.rows)
	row := v.panel.rows[2]
	a.In.UI = uiAt(float64(row.r.Min.X+20), float64(row.r.Min.Y+row.r.Max.Y)/2)
	tick(t, a, 1)
	require.Equal(t, row.frame, v.clock.Cursor)
	drawApp(a)
	require.False(t, v.panel.chartR.Empty(), "AIC21 has its charts")
	k := v.chart
	h := v.panel.chartHdr
	a.In.UI = uiAt(float64(h.Min.X+h.Max.X)/2, float64(h.Min.Y+h.Max.Y)/2)
	tick(t, a, 1)
	require.Equal(t, (k+1)%len(v.chron.Names), v.chart)
	drawApp(a)
	r := v.panel.chartR
	a.In.UI = uiAt(float64(r.Min.X)+float64(r.Dx())*0.75, float64(r.Min.Y+r.Max.Y)/2)
	tick(t, a, 1)
	require.InDelta(t, 45, v.clock.Cursor, 1)
}

// R plays backwards; H hides the side panel so that the map fills the
// window; D turns the director on.
func TestReverseHideAndDirector(t *testing.T) {
	rec := aic21Game(t, 40)
	v, a := viewerOf(t, rec)
	v.Seek(20)
	press(t, a, ActReverse)
	require.True(t, v.clock.Playing && v.clock.Reverse)
	tick(t, a, 60*4)
	require.Less(t, v.clock.Cursor, 20)
	before := v.area
	press(t, a, ActPanels)
	require.True(t, v.mapFirst)
	require.Greater(t, v.area.Dx(), before.Dx()+300, "the side panel's room goes to the map")
	drawApp(a)
	press(t, a, ActPanels)
	require.False(t, v.mapFirst)
	press(t, a, ActDirector)
	require.True(t, v.dir.on)
	a.Speed = 0
	press(t, a, ActFaster)
	require.Equal(t, v.clock.Rate(), a.Speed, "the speed chosen is the app's, for the next games of a show")
}

// The lit transport button is the direction of play: ◀ while the frames go
// backwards, ▶ (or ⏸ while it plays) forwards.
func TestTheLitButtonIsTheDirection(t *testing.T) {
	v, a := viewerOf(t, aic21Game(t, 40))
	v.Seek(20)
	require.True(t, v.play.Primary)
	require.False(t, v.reverse.Primary)
	press(t, a, ActReverse)
	drawApp(a)
	require.True(t, v.reverse.Primary, "◀ lit while reversing")
	require.False(t, v.play.Primary)
	require.Equal(t, sprites.IconReverse, v.reverse.Icon)
	require.Equal(t, sprites.IconPause, v.play.Icon, "play pauses")
	press(t, a, ActReverse)
	drawApp(a)
	require.True(t, v.play.Primary, "forwards again")
	require.False(t, v.reverse.Primary)
}

// The director goes where the events are: on a frame with a kill, the
// camera's shot frames the kill's cell.
func TestDirectorFramesTheAction(t *testing.T) {
	rec := aic21Game(t, 150)
	v, a := viewerOf(t, rec)
	for !v.chron.Done() {
		tick(t, a, 1)
	}
	kill := -1
	for i, ms := range v.chron.Markers {
		for _, m := range ms {
			if m.Kind == game.MarkKill && kill < 0 {
				kill = i
			}
		}
	}
	require.Positive(t, kill, "the game has a kill")
	v.SetDirector(true)
	v.Seek(kill)
	a.Clock += 60
	tick(t, a, 1)
	mp := v.view.(render.Mapped)
	x0, y0, x1, y1 := mp.Camera().Target()
	var m game.Marker
	for _, mk := range v.chron.Markers[kill] {
		if mk.Kind == game.MarkKill {
			m = mk
		}
	}
	x, y := mp.Spot(m.Cell)
	w, h := float64(rec.Timeline.Frame(0).State.(*aic21.State).W)*mp.CellSize(), float64(rec.Timeline.Frame(0).State.(*aic21.State).H)*mp.CellSize()
	// On a torus the cell may be framed a whole turn away.
	inside := false
	for _, dx := range []float64{-w, 0, w} {
		for _, dy := range []float64{-h, 0, h} {
			inside = inside || (x+dx >= x0 && x+dx <= x1 && y+dy >= y0 && y+dy <= y1)
		}
	}
	require.True(t, inside, "the kill at %v is in the shot %v", m.Cell, [4]float64{x0, y0, x1, y1})
	require.GreaterOrEqual(t, mp.Camera().Scale()*mp.CellSize(), readablePx*a.Scale-0.5)
}

// guardainsHotseat starts a GuardAIns match on open10 between a person and
// the other seat's player, and waits for the person's first order.
func guardainsHotseat(t *testing.T, other string) (*Viewer, *App, *game.Human) {
	t.Helper()
	title, err := game.Lookup("guardains")
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: title, Seats: []game.SeatSpec{{Kind: "human"}, {Kind: other}}, Map: "open10", Seed: 3}
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	t.Cleanup(v.Close)
	a.Push(v)
	h, _ := v.match.IsHuman(0)
	waitFor(t, a, h.Waiting)
	return v, a, h
}

// At a hotseat of a game with hidden information, the screen shows only
// what the person to move may know: the bot's orders, numbers and notes
// stay hidden until the game ends.
func TestHotseatShowsOnlyWhatThePersonKnows(t *testing.T) {
	v, a, h := guardainsHotseat(t, "hunter")
	tick(t, a, 2)
	drawApp(a)
	require.Equal(t, game.Seat(0), v.sight(), "player 1's view")
	stand, _ := v.standings(v.rec.Timeline.Last(), v.sight())
	for _, row := range stand.Rows {
		if row.Seat == 1 {
			require.Equal(t, game.Unknown, row.Cells[0], "the bot's score is not shown")
		}
	}
	// Player 1 holds; the round resolves; the bot's order stays hidden in
	// the move list.
	gs := v.rec.Timeline.Last().State.(*guardains.State)
	g := gs.Guardian(1, guardains.Gamora)
	h.Submit(gs.Action(1, guardains.Move, guardains.Gamora, g.Pos))
	waitFor(t, a, func() bool { return v.rec.Timeline.Len() > 1 })
	waitFor(t, a, func() bool { return v.clock.Cursor == 1 && v.clock.Settled() })
	drawApp(a)
	require.NotEqual(t, game.AllSeats, v.sight())
	f := v.rec.Timeline.Frame(1)
	require.Contains(t, f.Moves, game.Seat(1), "the bot moved")
	require.False(t, game.Knows(v.sight(), 1), "its order is not for player 1's eyes")
	require.Empty(t, thinking(game.Frame{Notes: map[game.Seat]game.Notes{1: {Text: "going for the stone"}}}, v.sight(), v.say))
	for _, s := range v.chron.Values[0][len(v.chron.Values[0])-1][1:] {
		require.True(t, math.IsNaN(s), "the bot's score is not charted")
	}
}

// The banner and the results say what the title's result says: a draw is
// a draw, a record that stops early is unfinished, one state is a
// position.
func TestVerdicts(t *testing.T) {
	rec := openFixture(t)
	v, _ := viewerOf(t, rec)
	text, ok := v.verdict(rec.Timeline.Last())
	require.True(t, ok)
	require.Equal(t, "Player 1 wins: a worker climbed to level 3", text)

	cut, err := game.OpenFile(fixture)
	require.NoError(t, err)
	short := game.NewTimeline(cut.Timeline.Frame(0), true)
	for i := 1; i < 6; i++ {
		short.Append(cut.Timeline.Frame(i))
	}
	short.Finish()
	v2, _ := viewerOf(t, &game.Recording{Title: cut.Title, Header: cut.Header, Timeline: short})
	v2.Seek(5)
	text, ok = v2.verdict(short.Last())
	require.True(t, ok)
	require.Equal(t, "Unfinished: the record stops after turn 5", text)
	require.True(t, strings.HasPrefix(v2.status(short.Last()), "Unfinished"))

	one := game.NewTimeline(cut.Timeline.Frame(0), false)
	v3, _ := viewerOf(t, &game.Recording{Title: cut.Title, Header: cut.Header, Timeline: one})
	text, _ = v3.verdict(one.Last())
	require.Contains(t, text, "A position, not a game")

	draw := cut.Timeline.Last()
	draw.Result.Winner = 0
	text, _ = v.verdict(draw)
	require.True(t, strings.HasPrefix(text, "A draw"), text)
}

// The main menu's cards fit their text, the AIC21 line too, at every size.
func TestMenuTextFits(t *testing.T) {
	m := NewMenu()
	for _, size := range [][3]float64{{800, 600, 1}, {1280, 800, 1}, {3840, 2160, 1}, {1280, 720, 1}, {1280, 720, 1.5}, {1920, 1080, 1.5}, {1280, 720, 2}} {
		a := newTestApp(m)
		a.W, a.H = int(size[0]), int(size[1])
		a.Scale = fitScale(a.W, a.H, size[2])
		m.layout(a)
		drawApp(a)
		window := image.Rect(0, 0, a.W, a.H)
		buttonSize := 0.0
		for i, it := range m.form.Items {
			b := it.(*ui.Button)
			label, detail, ls, ds := b.Fitted()
			require.Equal(t, b.Label, label, "%v: the label whole", size)
			require.True(t, it.Rect().In(window), "%v: %s on the window", size, label)
			w := float64(it.Rect().Dx())
			lw, _ := render.Measure(label, render.Bold, ls)
			require.LessOrEqual(t, lw, w, "%v: %s", size, label)
			for _, l := range detail {
				dw, _ := render.Measure(l, render.Regular, ds)
				require.LessOrEqual(t, dw, w, "%v: %s", size, l)
			}
			if i >= len(m.titles) {
				if buttonSize == 0 {
					buttonSize = ls
				}
				require.Equal(t, buttonSize, ls, "%v: %s in the buttons' one size", size, label)
			}
		}
	}
}

// The library lists a folder's replays, every format, with the game,
// players, verdict and turns; a file Arena cannot read says why; the
// filter narrows the list; a click opens the viewer.
func TestLibrary(t *testing.T) {
	openFixture(t)
	dir := t.TempDir()
	data, err := os.ReadFile(fixture)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.txt"), data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "junk.bin"), []byte("not a replay"), 0o644))
	rec := aic21Game(t, 20)
	require.NoError(t, game.Save(rec, filepath.Join(dir, "ants.arena")))
	l := NewLibrary(dir)
	a := newTestApp(l)
	defer l.Close()
	waitFor(t, a, func() bool { return l.pending == 0 })
	tick(t, a, 1)
	require.Len(t, l.shown, 3)
	byName := map[string]*libEntry{}
	for _, e := range l.entries {
		byName[filepath.Base(e.path)] = e
	}
	require.Equal(t, "Santorini", byName["game.txt"].title)
	require.Equal(t, "Player 1 wins: a worker climbed to level 3", byName["game.txt"].verdict)
	require.Equal(t, 15, byName["game.txt"].turns)
	require.Equal(t, "AIC21", byName["ants.arena"].title)
	require.Equal(t, "colony · forager", byName["ants.arena"].players)
	require.Error(t, byName["junk.bin"].err)
	drawApp(a)
	require.NotNil(t, byName["game.txt"].thumb, "a picture of the end")
	l.filter.Text = "colony"
	tick(t, a, 1)
	require.Len(t, l.shown, 1)
	a.In.UI = uiAt(float64(l.list.Min.X+40), float64(l.list.Min.Y+10))
	tick(t, a, 1)
	opened, ok := a.Top().(*Viewer)
	require.True(t, ok, "a click opens the replay")
	require.Equal(t, "aic21", opened.rec.Title.ID())
}

// The kiosk plays a folder's replays with title and result cards; an
// unreadable file is skipped with a note, and the show goes on.
func TestKioskSkipsWhatItCannotRead(t *testing.T) {
	openFixture(t)
	dir := t.TempDir()
	data, err := os.ReadFile(fixture)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a-junk.arena"), []byte{0x1f, 0x8b, 1, 2, 3}, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b-game.txt"), data, 0o644))
	show := NewKiosk(dir, false, 64, 1)
	a := newTestApp(show)
	defer show.Close()
	waitFor(t, a, func() bool { return show.phase == showNote })
	require.Contains(t, show.note, "a-junk.arena")
	show.since -= noteTime
	waitFor(t, a, func() bool { return show.phase == showTitle })
	require.Equal(t, "santorini", show.Viewer().rec.Title.ID())
	require.True(t, show.Viewer().dir.on, "the director films the kiosk")
	require.Equal(t, 64.0, show.Viewer().clock.Rate(), "--speed 64")
	drawApp(a)
	show.since -= titleTime
	waitFor(t, a, func() bool { return show.phase == showResult })
	drawApp(a)
	show.since -= resultTime
	waitFor(t, a, func() bool { return show.Games == 1 })
	waitFor(t, a, func() bool { return show.phase == showNote }) // the next pass starts with the junk again
}

// botMatch plays a game of title id between its bots, headless.
func botMatch(t testing.TB, id string, seats []string, opts map[string]string) *game.Recording {
	t.Helper()
	return botMatchOn(t, id, "", seats, opts)
}

// botMatchOn plays a game of title id on a map between its bots.
func botMatchOn(t testing.TB, id, mapName string, seats []string, opts map[string]string) *game.Recording {
	t.Helper()
	title, err := game.Lookup(id)
	require.NoError(t, err)
	st := game.Setup{Title: title, Seed: 7, Map: mapName, Options: opts}
	for _, k := range seats {
		st.Seats = append(st.Seats, game.SeatSpec{Kind: k})
	}
	m, closeFiles, err := st.Start()
	require.NoError(t, err)
	_, err = m.Run(t.Context())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	return m.Recording()
}

// BenchmarkViewerFrameOf is the whole viewer's CPU time per frame for each
// game (the board, the side panel with its chart, the marks on the scrub
// bar, the event feed, the director camera), playing at 4x at 1280x800.
func BenchmarkViewerFrameOf(b *testing.B) {
	games := map[string]func() *game.Recording{
		"aic21":     func() *game.Recording { return aic21Game(b, 150) },
		"guardains": func() *game.Recording { return guardainsGame(b, 150) },
		"aibg5": func() *game.Recording {
			return botMatch(b, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "60"})
		},
		"alienwarz": func() *game.Recording { return botMatch(b, "alienwarz", []string{"strategist", "miner"}, nil) },
		"santorini": func() *game.Recording { return openFixture(b) },
	}
	for _, id := range []string{"aibg5", "aic21", "alienwarz", "guardains", "santorini"} {
		b.Run(id, func(b *testing.B) {
			rec := games[id]()
			view, err := render.NewView(rec.Title.ID())
			require.NoError(b, err)
			v := NewViewer(rec, view)
			a := newTestApp(v)
			v.SetDirector(true)
			v.SetSpeed(4)
			for !v.chron.Done() {
				v.chron.Update(v.sight())
			}
			dst := ebiten.NewImage(1280, 800)
			v.Draw(dst, a)
			rendertest.BenchFrames(b, dst, func(int) {
				if v.clock.Cursor == rec.Timeline.Len()-1 {
					v.Seek(0)
					v.clock.Playing = true
				}
				a.Clock += 1.0 / 60
				v.Update(a)
				v.Draw(dst, a)
			})
		})
	}
}

// Over the viewer, the pause menu darkens everything to under a third:
// the winner's banner and the tower's lights do not stay bright on top.
func TestOverlaysDimTheBoard(t *testing.T) {
	rec := openFixture(t)
	v, a := viewerOf(t, rec)
	v.Seek(rec.Timeline.Len() - 1)
	tick(t, a, 1)
	brightest := func() int {
		dst := ebiten.NewImage(a.W, a.H)
		defer dst.Deallocate()
		a.Draw(dst)
		img := rendertest.Pixels(dst)
		most := 0
		for y := v.area.Min.Y; y < v.area.Max.Y; y += 2 {
			for x := v.area.Min.X; x < v.area.Max.X; x += 2 {
				if p, ok := a.Top().(*Pause); ok && (image.Point{x, y}).In(p.place(a).Inset(-40)) {
					continue // the menu's own card
				}
				c := img.RGBAAt(x, y)
				most = max(most, int(c.R)+int(c.G)+int(c.B))
			}
		}
		return most
	}
	before := brightest()
	a.Push(NewPause(v))
	after := brightest()
	require.Greater(t, before, 600, "the banner is bright")
	require.Less(t, float64(after), 0.31*float64(before), "under the menu it is dimmed")
}

// The pause menu takes the arrows at a GuardAIns hotseat too.
func TestPauseMenuTakesTheArrowsAtAHotseat(t *testing.T) {
	_, a, _ := guardainsHotseat(t, "human")
	tick(t, a, 5)
	press(t, a, ActBack)
	p, ok := a.Top().(*Pause)
	require.True(t, ok)
	f := p.form.Focus
	a.In.UI.Down = true
	tick(t, a, 1)
	require.Equal(t, f+1, p.form.Focus, "↓ moves to the next button")
}

// A step of an original log without moves says what happened in it.
func TestLogStepsWithoutMovesSayWhatHappened(t *testing.T) {
	path := "../../shared/fixtures/aic21/replays/map1_template_log.json.gz"
	if _, err := os.Stat(path); err != nil {
		t.Skip("fixture missing")
	}
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	v, a := viewerOf(t, rec)
	for !v.chron.Done() {
		tick(t, a, 1)
	}
	for i := 1; i < rec.Timeline.Len(); i++ {
		require.Empty(t, rec.Timeline.Frame(i).Moves)
		require.NotEmpty(t, v.summary(i), "turn %d", i)
	}
	require.Equal(t, "templateB wins", v.summary(rec.Timeline.Len()-1), "the colony by its team's name")
}

// The results of a game that ranks its players show the standings that
// decided it, the deciding column marked, with the verdict.
func TestResultsShowTheDecidingNumbers(t *testing.T) {
	rec := aic21Game(t, 40)
	v, a := viewerOf(t, rec)
	r := NewResults(v)
	require.True(t, r.ranked)
	require.Len(t, r.standings.Rows, 2)
	require.Equal(t, game.Seat(rec.Timeline.Last().Result.Winner-1), r.standings.Rows[0].Seat, "the winner first")
	require.Contains(t, r.text, "wins")
	a.Push(r)
	drawApp(a)
	place := r.place(a)
	require.True(t, place.In(image.Rect(0, 0, a.W, a.H)), "the dialog fits the window")
}

// The rules dialog is opaque: what is behind it (the set-up's title) does
// not show through.
func TestRulesDialogIsOpaque(t *testing.T) {
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	r := NewRules(NewSetup(title))
	a := newTestApp(r)
	x, y, _, h := r.layout(a)
	var seen [2]color.RGBA
	for i, behind := range []color.Color{color.White, color.Black} {
		dst := ebiten.NewImage(a.W, a.H)
		dst.Fill(behind)
		r.Draw(dst, a)
		seen[i] = dst.At(int(x+12*a.Scale), int(y+h/2)).(color.RGBA)
		dst.Deallocate()
	}
	require.Equal(t, seen[0], seen[1], "the dialog's panel whatever is behind it")
}

// A show plays each game at the speed at which it lasts about two
// minutes: a 301-round GuardAIns game at 4x, a short one at 1x; a live
// match by the turns its title allows.
func TestShowSpeeds(t *testing.T) {
	rec := openFixture(t)
	long := game.NewTimeline(rec.Timeline.Frame(0), true)
	for range 301 {
		long.Append(rec.Timeline.Frame(1))
	}
	long.Finish()
	view := mustView(t)
	require.Equal(t, 4.0, fitSpeed(NewViewer(&game.Recording{Title: rec.Title, Timeline: long}, view)))
	require.Equal(t, 1.0, fitSpeed(NewViewer(rec, view)), "15 turns: 1x")
	title, err := game.Lookup("aibg5")
	require.NoError(t, err)
	live := game.NewTimeline(rec.Timeline.Frame(0), true)
	require.Equal(t, 8.0, fitSpeed(NewViewer(&game.Recording{Title: title, Timeline: live}, view)), "600 turns of AIBG 5.0")
}

// The rules dialog of the set-up: a changed option reaches the match, a
// value the title refuses is said and kept from it; AlienWarz's levels are
// offered with the maps.
func TestSetupRules(t *testing.T) {
	title, err := game.Lookup("alienwarz")
	require.NoError(t, err)
	s := NewSetup(title)
	a := newTestApp(s)
	tick(t, a, 1)
	require.NotNil(t, s.maps)
	require.Contains(t, s.maps.Options, "random")
	require.Contains(t, s.maps.Options, "canyon")
	require.NotNil(t, s.rules)
	s.form.Focus = slicesIndex(s.form.Items, s.rules)
	a.In.UI.Enter = true
	tick(t, a, 1)
	r, ok := a.Top().(*Rules)
	require.True(t, ok, "the rules button opens the dialog")
	tick(t, a, 1) // lays the dialog out
	turns := r.widgets[0].(*ui.Field)
	turns.Text = "-4"
	a.In.UI.X, a.In.UI.Y = centre(r.done.Rect())
	a.In.UI.Pressed = true
	tick(t, a, 1)
	require.Contains(t, r.err, "turns", "the title refuses a negative turn limit")
	require.Equal(t, Scene(r), a.Top())
	turns.Text = "40"
	a.In.UI.X, a.In.UI.Y = centre(r.done.Rect())
	a.In.UI.Pressed = true
	tick(t, a, 1)
	require.Equal(t, Scene(s), a.Top())
	st, _, err := s.Game()
	require.NoError(t, err)
	require.Equal(t, map[string]string{"turns": "40"}, st.Options)
	require.Contains(t, s.rules.Label, "1 option changed")
}

// The settings change the interface at once and are kept in their file.
func TestSettingsAreKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arena", "settings.json")
	a := newTestApp(NewMenu())
	d := NewSettings(a, path)
	a.Push(d)
	d.scale.Select("150%")
	d.colors.Index = 1
	d.layout.Index = 1
	tick(t, a, 1)
	require.Equal(t, 1.5, a.UIScale)
	require.True(t, render.SafePalette)
	press(t, a, ActBack)
	render.SafePalette, openMapFirst = false, false
	b := newTestApp(NewMenu())
	require.NoError(t, LoadSettings(b, path))
	require.Equal(t, 1.5, b.UIScale)
	require.True(t, render.SafePalette)
	require.True(t, NewViewer(openFixture(t), mustView(t)).mapFirst, "a match opens with the map first")
	render.SafePalette, openMapFirst = false, false
	require.NoError(t, os.WriteFile(path, []byte("{"), 0o644))
	require.ErrorContains(t, LoadSettings(b, path), "delete it to start afresh")
}

func centre(r image.Rectangle) (float64, float64) {
	return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
}

func slicesIndex(items []ui.Widget, w ui.Widget) int {
	for i, it := range items {
		if it == w {
			return i
		}
	}
	return -1
}

// The panels call a seat's player by its name where the replay knows one
// (a tournament's entrant, a team), else "Player N"; out of the game, the
// name says so.
func TestPlayersByName(t *testing.T) {
	rec := botMatch(t, "aic21", []string{"colony", "forager"}, map[string]string{"turns": "3"})
	view, err := render.NewView(rec.Title.ID())
	require.NoError(t, err)
	v := NewViewer(rec, view)
	require.Equal(t, "Player 1", v.playerName(0, false))
	rec.Header.Players = []string{"Quiffs", rec.Header.Seats[1]}
	require.Equal(t, "Quiffs", v.playerName(0, false))
	require.Equal(t, "Quiffs · out", v.playerName(0, true))
	require.Equal(t, "Player 2", v.playerName(1, false), "a seat without a name of its own")
	require.Equal(t, "Player 2 · out", v.playerName(1, true))
	// The banner names the winner so too.
	rec.Header.Players = []string{"Quiffs", "Glarbs"}
	last := rec.Timeline.Last()
	require.True(t, last.Over)
	text, ok := v.verdict(last)
	require.True(t, ok)
	want := map[int]string{0: "A draw", 1: "Quiffs wins", 2: "Glarbs wins"}[last.Result.Winner]
	require.True(t, strings.HasPrefix(text, want), "%q starts with %q", text, want)
}
