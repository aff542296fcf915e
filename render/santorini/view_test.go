package santorini

import (
	"context"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
	"github.com/arena-games/arena/sprites"
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
	require.Equal(t, "Player 1: move C3 to a lit cell", v.Status(f))
	_, ok = click(t, v, f, "E5")
	require.False(t, ok, "not a destination")
	click(t, v, f, "B3")
	require.Equal(t, "Player 1: C3 → B3, now build on a blue cell", v.Status(f))
	require.True(t, v.Reset(), "Esc takes back the half-entered move")
	click(t, v, f, "C3")
	click(t, v, f, "B3")
	v.Input(f, 0, render.Pointer{Cancel: true})
	require.Equal(t, "Player 1: move C3 to a lit cell", v.Status(f), "right click goes back one step")
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

// position is a frame of the peer position s.
func position(t *testing.T, s string) game.Frame {
	t.Helper()
	b, err := santorini.ParsePosition(s)
	require.NoError(t, err)
	return game.Frame{State: &b, ToMove: []game.Seat{game.Seat(b.Side)}}
}

// differs is the share of the pixels of r where a and b differ clearly.
func differs(a, b *image.RGBA, r image.Rectangle) float64 {
	n, d := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ca, cb := a.RGBAAt(x, y), b.RGBAAt(x, y)
			n++
			if abs(int(ca.R)-int(cb.R))+abs(int(ca.G)-int(cb.G))+abs(int(ca.B)-int(cb.B)) > 60 {
				d++
			}
		}
	}
	return float64(d) / float64(n)
}

// A level-3 tower on D3 with a worker on it belongs to D3: the worker's
// feet and the tower's top stand in D3's band of the screen, and most of
// D4's top face, the cell behind, is still its own grass.
func TestTallStackStaysInItsCell(t *testing.T) {
	v := newView()
	g := v.Geometry()
	d3, _ := santorini.ParseCell("D3")
	d4, _ := santorini.ParseCell("D4")
	_, top := g.Ground(d3)
	depth := g.CellW() * sprites.Squash
	_, feet := g.Center(d3, 3)
	require.Greater(t, feet, top+0.1*depth, "a worker on level 3 of D3 stands in D3's band, not D4's")

	// Level 3 on D3 with a worker on it (a position that cannot arise
	// with player 1 to move, so it is made by hand).
	stack := position(t, "0000000000000000000000000/1/D3,A1/E5,A5")
	stack.State.(*santorini.Board).Height[d3] = 3
	bare := position(t, "0000000000000000000000000/1/B1,A1/E5,A5")
	withStack := draw(v, &render.Moment{Prev: stack, Cur: stack, T: 1, Clock: 1})
	without := draw(v, &render.Moment{Prev: bare, Cur: bare, T: 1, Clock: 1})
	x, y := g.Ground(d4)
	cell := image.Rect(int(x), int(y), int(x+g.CellW()), int(y+depth))
	covered := differs(withStack, without, cell)
	require.Less(t, covered, 0.35, "the stack on D3 covers %.0f%% of D4's top face", covered*100)
	// The front half of D4, left and right of the worker, is mostly its own
	// grass (the lip of the tower's first level rises into it a little).
	front := image.Rect(int(x), int(y+depth/2), int(x+g.CellW()*0.3), int(y+depth))
	require.Less(t, differs(withStack, without, front), 0.3, "D4's front left is D4's own")
	front = front.Add(image.Pt(int(g.CellW()*0.7), 0))
	require.Less(t, differs(withStack, without, front), 0.3, "D4's front right is D4's own")
	rendertest.Golden(t, withStack, "stack.png")
}

// The cells a selected worker may move to are lit so that they read on the
// grass, even at the dimmest of their pulse: the ring and the fill differ
// clearly from the unlit grass, and not only in their green.
func TestMoveHighlightsReadOnGrass(t *testing.T) {
	v := newView()
	g := v.Geometry()
	f := position(t, "0000000000000000000000000/1/C3,A1/E5,A5")
	dim := 3 * math.Pi / 8 // the pulse is at its lowest
	plain := draw(v, &render.Moment{Prev: f, Cur: f, T: 1, Clock: dim})
	click(t, v, f, "C3")
	lit := draw(v, &render.Moment{Prev: f, Cur: f, T: 1, Clock: dim, Hint: true})
	b4, _ := santorini.ParseCell("B4")
	cx, cy := g.Center(b4, 0)
	w := g.CellW() * 0.86
	contrast := func(px, py float64) int {
		a, b := lit.RGBAAt(int(px), int(py)), plain.RGBAAt(int(px), int(py))
		require.Greater(t, int(a.R)+int(a.B)-2*int(a.G), int(b.R)+int(b.B)-2*int(b.G),
			"the light at %.0f,%.0f is less green than the grass", px, py)
		return abs(int(a.R)-int(b.R)) + abs(int(a.G)-int(b.G)) + abs(int(a.B)-int(b.B))
	}
	require.Greater(t, contrast(cx-w/2+3, cy), 200, "the ring stands out on the grass")
	require.Greater(t, contrast(cx+w/2-3, cy), 200, "the ring stands out on the grass")
	require.Greater(t, contrast(cx-0.15*w, cy+0.1*w), 90, "the fill stands out on the grass")
	rendertest.Golden(t, lit, "highlights.png")
}
