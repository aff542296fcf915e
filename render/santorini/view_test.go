package santorini

import (
	"context"
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

func TestMain(m *testing.M) { rendertest.Main(m) }

// play returns the frames of a game of the given lines.
func play(t testing.TB, lines ...string) []game.Frame {
	t.Helper()
	eng, err := santorini.Title{}.New(game.Config{Seats: 2})
	require.NoError(t, err)
	frames := []game.Frame{eng.Frame()}
	for _, l := range lines {
		require.NoError(t, eng.Step(map[game.Seat]string{eng.ToMove()[0]: l}))
		frames = append(frames, eng.Frame())
	}
	return frames
}

// fixtureGame is the shared fixture game.txt, a win of player 1 on line 16.
var fixtureGame = []string{"D1 C4", "E2 A3", "D1 D2 D3", "E2 E1 D1", "D2 D1 C1", "E1 D2 D3", "D1 C1 C2",
	"D2 D1 E1", "C4 C3 C2", "D1 E1 D2", "C1 C2 B2", "E1 D1 D2", "C2 D2 D3", "A3 B2 C2", "D2 D3 D4"}

func click(t *testing.T, v *View, f game.Frame, c string) (string, bool) {
	t.Helper()
	cell, ok := santorini.ParseCell(c)
	require.True(t, ok)
	b := f.State.(*santorini.Board)
	x, y := v.Geometry().Center(cell, float64(min(b.Height[cell], 3)))
	return v.Input(f, 0, render.Pointer{X: x, Y: y, Click: true})
}

func newView() *View {
	v := New()
	v.Layout(image.Rect(0, 0, 960, 600), 1)
	return v
}

func TestPlacementByClicks(t *testing.T) {
	v := newView()
	f := play(t)[0]
	mv, ok := click(t, v, f, "C3")
	require.False(t, ok)
	require.Equal(t, "Player 1: worker 1 on C3; click a cell for worker 2", v.Status(f))
	_, ok = click(t, v, f, "C3")
	require.False(t, ok, "clicking the first cell again takes it back")
	require.Equal(t, "Player 1: click a free cell for worker 1", v.Status(f))
	click(t, v, f, "C3")
	mv, ok = click(t, v, f, "B2")
	require.True(t, ok)
	require.Equal(t, "C3 B2", mv)

	f = play(t, "C3 B2")[1]
	_, ok = click(t, v, f, "B2")
	require.False(t, ok, "an occupied cell cannot take a worker")
	require.Equal(t, "Player 2: click a free cell for worker 1", v.Status(f))
}

func TestMoveAndBuildByClicks(t *testing.T) {
	v := newView()
	f := play(t, "C3 B2", "C2 D2")[2]
	_, ok := click(t, v, f, "C2")
	require.False(t, ok, "the rival's worker cannot be selected")
	require.Equal(t, "Player 1: click one of your workers", v.Status(f))
	click(t, v, f, "C3")
	require.Equal(t, "Player 1: move C3 to a green cell", v.Status(f))
	_, ok = click(t, v, f, "E5")
	require.False(t, ok, "not a destination")
	click(t, v, f, "B3")
	require.Equal(t, "Player 1: C3 → B3, now build on a blue cell", v.Status(f))
	require.True(t, v.Reset(), "Esc takes back the half-entered move")
	click(t, v, f, "C3")
	click(t, v, f, "B3")
	v.Input(f, 0, render.Pointer{Cancel: true})
	require.Equal(t, "Player 1: move C3 to a green cell", v.Status(f), "right click goes back one step")
	click(t, v, f, "B3")
	mv, ok := click(t, v, f, "C3")
	require.True(t, ok, "the cell just left is a legal build")
	require.Equal(t, "C3 B3 C3", mv)
}

func TestWinningMoveNeedsNoBuild(t *testing.T) {
	v := newView()
	b, err := santorini.ParsePosition("0000000000000300002000000/1/D2,A1/E5,A5")
	require.NoError(t, err)
	f := game.Frame{State: &b, ToMove: []game.Seat{0}}
	click(t, v, f, "D2")
	mv, ok := click(t, v, f, "D3")
	require.True(t, ok)
	require.Equal(t, "D2 D3", mv)
}

// draw renders a moment of the view into a fresh image.
func draw(v *View, m *render.Moment) *image.RGBA {
	dst := ebiten.NewImage(960, 600)
	defer dst.Deallocate()
	dst.Fill(render.Night)
	v.Update(m)
	v.Draw(dst, m)
	return rendertest.Pixels(dst)
}

func near(t *testing.T, img *image.RGBA, x, y float64, want color.NRGBA) {
	t.Helper()
	c := img.RGBAAt(int(x), int(y))
	d := abs(int(c.R)-int(want.R)) + abs(int(c.G)-int(want.G)) + abs(int(c.B)-int(want.B))
	require.Less(t, d, 150, "pixel at %.0f,%.0f is %v, expected near %v", x, y, c, want)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestBoardPixels(t *testing.T) {
	v := newView()
	frames := play(t, fixtureGame...)
	f := frames[len(frames)-1]
	img := draw(v, &render.Moment{Prev: frames[len(frames)-2], Cur: f, T: 1, Clock: 1})
	b := f.State.(*santorini.Board)
	g := v.Geometry()
	// Player 2's worker on D1 (red) and on B2 (level 1), a grass cell (E5).
	for _, w := range b.Workers[1] {
		x, y := g.Center(w, float64(b.Height[w]))
		near(t, img, x, y-0.42*g.CellW(), seatColors[1])
	}
	e5, _ := santorini.ParseCell("E5")
	x, y := g.Center(e5, 0)
	near(t, img, x, y, color.NRGBA{0x70, 0xa8, 0x50, 0xff})
	rendertest.Golden(t, img, "fixture-end.png")
}

func TestNotesOnTheBoard(t *testing.T) {
	v := newView()
	frames := play(t, fixtureGame[:8]...)
	cur := frames[len(frames)-1]
	bot, err := santorini.Title{}.NewBot("alphabeta", "2", 0, nil)
	require.NoError(t, err)
	ans, err := bot.Play(context.Background(), cur.State)
	require.NoError(t, err)
	next := game.Frame{Moves: map[game.Seat]string{cur.ToMove[0]: ans.Move}, Notes: map[game.Seat]game.Notes{cur.ToMove[0]: *ans.Notes}}
	img := draw(v, &render.Moment{Prev: frames[len(frames)-2], Cur: cur, T: 1, Clock: 1, Next: &next})
	rendertest.Golden(t, img, "notes.png")
}

func TestAnimationMidStep(t *testing.T) {
	v := newView()
	frames := play(t, fixtureGame[:6]...)
	a, b := frames[len(frames)-2], frames[len(frames)-1]
	settled := draw(v, &render.Moment{Prev: a, Cur: b, T: 1, Clock: 1})
	moving := draw(v, &render.Moment{Prev: a, Cur: b, T: 0.3, Clock: 1})
	mean, _ := rendertest.Compare(settled, moving)
	require.Greater(t, mean, 0.05, "a step in motion looks different from the settled board")
}

func BenchmarkDraw(b *testing.B) {
	v := newView()
	frames := play(b, fixtureGame...)
	dst := ebiten.NewImage(960, 600)
	m := &render.Moment{Prev: frames[9], Cur: frames[10], Clock: 1}
	rendertest.BenchFrames(b, dst, func(i int) {
		m.T = float64(i%60) / 60
		v.Update(m)
		v.Draw(dst, m)
	})
}

// The view draws every frame of the fixture game, to its win, with a
// computer's notes on each move, within its area, and without allocating
// once a frame has been drawn once, at every window size.
func TestConform(t *testing.T) {
	frames := play(t, fixtureGame...)
	for i, line := range fixtureGame {
		seat := frames[i].ToMove[0]
		bot, err := santorini.Title{}.NewBot("alphabeta", "2", seat, nil)
		require.NoError(t, err)
		ans, err := bot.Play(context.Background(), frames[i].State)
		require.NoError(t, err)
		frames[i+1].Moves = map[game.Seat]string{seat: line}
		if ans.Notes != nil {
			frames[i+1].Notes = map[game.Seat]game.Notes{seat: *ans.Notes}
		}
	}
	rendertest.Conform(t, New(), frames)
}
