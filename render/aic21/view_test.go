package aic21

import (
	"fmt"
	"image"
	"image/color"
	imgdraw "image/draw"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/gametest"
	levels "github.com/arena-games/arena/levels/aic21"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// title is AIC21 with Arena's maps, as arena plays it.
var title = aic21.Title{Shelf: levels.Shelf}

// TestMain installs the title, which the recordings of the tests name.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{title}})
	rendertest.Main(m)
}

// botGame plays n turns of colony against forager on one of Arena's maps.
func botGame(t testing.TB, mapName string, n int) []game.Frame {
	t.Helper()
	bots := gametest.Bots(t, title, []string{"colony", "forager"}, func(seat int) *game.Rand { return game.NewRand(3, uint64(seat)) })
	_, frames := gametest.Play(t, title, game.Config{Seed: 3, Map: mapName}, bots, n)
	return frames
}

// logPath is the official log.json of the fixtures.
const logPath = "../../../shared/fixtures/aic21/replays/map1_template_log.json.gz"

// fixtureLog is the official log.json of the original server, imported.
func fixtureLog(t testing.TB) []game.Frame {
	t.Helper()
	gametest.Need(t, logPath)
	rec, err := game.OpenFile(logPath)
	require.NoError(t, err)
	frames := make([]game.Frame, rec.Timeline.Len())
	for i := range frames {
		frames[i] = rec.Timeline.Frame(i)
	}
	return frames
}

const viewW, viewH = 960, 640

func newView() *View {
	v := New()
	v.Layout(image.Rect(0, 0, viewW, viewH), 1)
	return v
}

func draw(v *View, m *render.Moment) *image.RGBA {
	dst := ebiten.NewImage(viewW, viewH)
	defer dst.Deallocate()
	v.Update(m)
	v.Draw(dst, m)
	return rendertest.Pixels(dst)
}

// settle draws the moment until the camera has eased to where it was sent.
func settle(v *View, m *render.Moment) {
	dst := ebiten.NewImage(viewW, viewH)
	defer dst.Deallocate()
	clock := m.Clock
	for range 40 {
		m.Clock += 1.0 / 30
		v.Update(m)
		v.Draw(dst, m)
	}
	m.Clock = clock
}

// play draws every frame in turn, as the viewer does while a game plays,
// so that the charts know the turns.
func play(v *View, frames []game.Frame) {
	dst := ebiten.NewImage(8, 8)
	defer dst.Deallocate()
	for i, f := range frames {
		v.Update(&render.Moment{Prev: frames[max(0, i-1)], Cur: f, T: 1})
		v.Draw(dst, &render.Moment{Prev: frames[max(0, i-1)], Cur: f, T: 1})
	}
}

// look points the camera at the middle of cell (x, y) with a cell px
// pixels wide.
func look(v *View, m *render.Moment, x, y, px float64) {
	v.Update(m)
	v.Draw(ebiten.NewImage(8, 8), m)
	v.cam.Follow(x*unit, y*unit)
	bx, by := float64(v.board.Min.X+v.board.Max.X)/2, float64(v.board.Min.Y+v.board.Max.Y)/2
	v.Zoom(px/(v.cam.Scale()*unit), bx, by)
	v.cam.Follow(x*unit, y*unit)
	settle(v, m)
}

func TestGoldenFight(t *testing.T) {
	frames := botGame(t, "meadow", 129)
	v := newView()
	play(v, frames)
	// Blue scorpions at the red anthill: stings in the air, 12 hits, 4
	// deaths.
	m := &render.Moment{Prev: frames[128], Cur: frames[129], T: 0.34, Clock: 2}
	look(v, m, 17.5, 14, 64)
	rendertest.Golden(t, draw(v, m), "meadow-fight.png")
}

func TestGoldenWholeMap(t *testing.T) {
	frames := fixtureLog(t)
	v := newView()
	play(v, frames[:61])
	m := &render.Moment{Prev: frames[59], Cur: frames[60], T: 1, Clock: 2}
	settle(v, m)
	rendertest.Golden(t, draw(v, m), "fixture-turn60.png")
}

// boardAlpha counts the pixels of the board that nothing was drawn on.
func boardEmpty(v *View, img *image.RGBA) int {
	n := 0
	for y := v.board.Min.Y; y < v.board.Max.Y; y++ {
		for x := v.board.Min.X; x < v.board.Max.X; x++ {
			if img.RGBAAt(x, y).A < 250 {
				n++
			}
		}
	}
	return n
}

func TestPanningPastAnEdgeWraps(t *testing.T) {
	frames := botGame(t, "crossing", 10)
	v := newView()
	m := &render.Moment{Prev: frames[9], Cur: frames[10], T: 1}
	settle(v, m)
	s := state(frames[10])
	require.Zero(t, boardEmpty(v, draw(v, m)), "the whole map fits, the rest shows its neighbours")
	w := float64(v.board.Dx())
	for _, drag := range [][2]float64{{w * 0.8, 0}, {w * 0.8, 0}, {0, w}, {-w * 2.5, -w * 0.3}} {
		bx, by, _, _ := v.cam.Visible()
		v.Pan(drag[0], drag[1])
		settle(v, m)
		ax, ay, _, _ := v.cam.Visible()
		require.NotEqual(t, [2]float64{bx, by}, [2]float64{ax, ay})
		require.Zero(t, boardEmpty(v, draw(v, m)), "after a drag of %v the board has gaps", drag)
	}
	// Dragging on for two map widths leaves the map where it was.
	v.Fit()
	settle(v, m)
	x0, _, _, _ := v.cam.Visible()
	k := v.cam.Scale()
	for range 4 {
		v.Pan(-float64(s.W*unit)*k/2, 0)
		settle(v, m)
	}
	x1, _, _, _ := v.cam.Visible()
	require.InDelta(t, x0, x1, 0.5)
	// Zoomed out, the map is shown again around itself.
	v.Zoom(0.1, w/2, float64(viewH)/2)
	settle(v, m)
	require.Zero(t, boardEmpty(v, draw(v, m)))
	x0, y0, x1, y1 := v.cam.Visible()
	require.Greater(t, x1-x0, float64(s.W*unit))
	require.Greater(t, y1-y0, float64(s.H*unit))
}

// withUnits is s with other units.
func withUnits(s *aic21.State, units ...aic21.Unit) *aic21.State {
	c := *s
	c.Units = units
	slices.SortFunc(c.Units, func(a, b aic21.Unit) int { return a.ID - b.ID })
	return &c
}

// differs is the mean difference of two pictures around screen point (x, y).
func differs(a, b *image.RGBA, x, y, r float64) float64 {
	rect := image.Rect(int(x-r), int(y-r), int(x+r), int(y+r))
	crop := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	imgdraw.Draw(crop, crop.Bounds(), a, rect.Min, imgdraw.Src)
	mean, _ := rendertest.Compare(crop, b.SubImage(rect))
	return mean
}

func TestUnitOnAnEdgeIsSeenAcrossIt(t *testing.T) {
	frames := botGame(t, "crossing", 0)
	s := state(frames[0])
	// A scorpion on column 0, in an open row away from the bases.
	row := -1
	for y := 0; y < s.H && row < 0; y++ {
		if s.Kinds[s.At(aic21.Cell{X: 0, Y: y})] == aic21.Empty && s.Kinds[s.At(aic21.Cell{X: s.W - 1, Y: y})] == aic21.Empty {
			row = y
		}
	}
	require.GreaterOrEqual(t, row, 0)
	scorpion := aic21.Unit{ID: 50, Colony: 1, Soldier: true, X: 0, Y: row, Health: 8, Carry: aic21.NoRes}
	with, without := withUnits(s, scorpion), withUnits(s)
	v := newView()
	m := &render.Moment{Prev: game.Frame{State: with}, Cur: game.Frame{State: with}, T: 1}
	// The seam between column W-1 and column W (which is column 0 again)
	// in the middle of the board, a cell 60 pixels wide.
	look(v, m, float64(s.W), float64(row)+0.5, 60)
	a := draw(v, m)
	b := draw(v, &render.Moment{Prev: game.Frame{State: without}, Cur: game.Frame{State: without}, T: 1})
	x, y := onScreen(v, s, (float64(s.W)+0.5)*unit, (float64(row)+0.5)*unit)
	lx, _ := onScreen(v, s, (float64(s.W)-0.5)*unit, (float64(row)+0.5)*unit)
	require.Less(t, lx, x, "column W-1 is left of the seam, column W right of it")
	require.Greater(t, differs(a, b, x, y, 20), 5.0, "the scorpion is drawn at column W, right of the seam")
	require.Less(t, differs(a, b, lx, y, 20), 1.0)
	// Zoomed out, the map is shown twice across: the scorpion is drawn at
	// each turn of column 0 on the board.
	v.Zoom(0.1, float64(v.board.Dx())/2, float64(viewH)/2)
	v.cam.Follow(float64(s.W)/2*unit, float64(row)*unit)
	settle(v, m)
	a = draw(v, m)
	b = draw(v, &render.Moment{Prev: game.Frame{State: without}, Cur: game.Frame{State: without}, T: 1})
	seen := 0
	for k := -3; k <= 3; k++ {
		x, y := v.cam.ToScreen((float64(k*s.W)+0.5)*unit, (float64(row)+0.5)*unit)
		if !image.Pt(int(x), int(y)).In(v.board.Inset(6)) {
			continue
		}
		require.Greater(t, differs(a, b, x, y, 5), 3.0, "the scorpion is drawn at column %d", k*s.W)
		seen++
	}
	require.GreaterOrEqual(t, seen, 2)
}

// onScreen is where world point (x, y) is on screen, in the turn of the
// torus nearest the board's middle.
func onScreen(v *View, s *aic21.State, x, y float64) (float64, float64) {
	cx, cy := v.cam.ToWorld(float64(v.board.Min.X+v.board.Max.X)/2, float64(v.board.Min.Y+v.board.Max.Y)/2)
	x, y = near(x, y, cx, cy, s)
	return v.cam.ToScreen(x, y)
}

func TestStepsAnimate(t *testing.T) {
	frames := botGame(t, "meadow", 60)
	v := newView()
	moved := 0
	for i := 1; i < len(frames); i++ {
		walks := false
		for _, e := range frames[i].Events {
			walks = walks || e.Kind == "moved"
		}
		if !walks {
			continue
		}
		moved++
		settled := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 1, Clock: 2})
		moving := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 0.5, Clock: 2})
		mean, _ := rendertest.Compare(settled, moving)
		require.Greater(t, mean, 0.001, "step %d looks the same mid-animation", i)
	}
	require.Greater(t, moved, 30)
}

func TestAStepOverTheEdgeGoesTheShortWay(t *testing.T) {
	frames := botGame(t, "crossing", 0)
	s := state(frames[0])
	row := 7
	for y := 0; y < s.H; y++ {
		if s.Kinds[s.At(aic21.Cell{X: 0, Y: y})] == aic21.Empty && s.Kinds[s.At(aic21.Cell{X: s.W - 1, Y: y})] == aic21.Empty {
			row = y
			break
		}
	}
	ant := aic21.Unit{ID: 50, Colony: 0, X: s.W - 1, Y: row, Health: 6, Carry: aic21.NoRes}
	prev := withUnits(s, ant)
	ant.X = 0
	cur := withUnits(s, ant)
	prevF := game.Frame{State: prev}
	curF := game.Frame{State: cur, Events: []game.Event{{Kind: "moved", Data: aic21.Moved{Unit: 50, From: aic21.Cell{X: s.W - 1, Y: row}, To: aic21.Cell{X: 0, Y: row}}}}}
	v := newView()
	m := &render.Moment{Prev: prevF, Cur: curF, T: 0.5}
	look(v, m, float64(s.W), float64(row)+0.5, 60)
	mid := draw(v, m)
	sp := v.step.drawn[50]
	require.True(t, sp.on)
	// Part way, it is past column W-1's middle towards the seam by as much
	// as the walk has gone: the short way, not back across the map.
	ww := float64(s.W * unit)
	walked := v.step.walkT(0.5)
	require.Greater(t, walked, 0.3)
	want := (float64(s.W) - 0.5 + walked) * unit
	got := sp.x - ww*math.Round((sp.x-want)/ww)
	require.InDelta(t, want, got, 0.01, "at x %v", sp.x)
	// On screen the ant is near the seam.
	empty := draw(v, &render.Moment{Prev: game.Frame{State: withUnits(s)}, Cur: game.Frame{State: withUnits(s)}, T: 0.5})
	x, y := onScreen(v, s, want, (float64(row)+0.5)*unit)
	require.Greater(t, differs(mid, empty, x, y, 16), 5.0)
	// Settled, it is on column 0 (drawn right of the seam).
	m.T = 1
	end := draw(v, m)
	x, y = onScreen(v, s, ww+unit/2, (float64(row)+0.5)*unit)
	require.Greater(t, differs(end, empty, x, y, 16), 5.0)
	require.Greater(t, differs(mid, end, x, y, 30), 1.0, "mid-step differs from settled")
}

// orderAt clicks the board's cell c (its middle).
func clickAt(v *View, f game.Frame, seat game.Seat, x, y float64) (string, bool) {
	return v.Input(f, seat, render.Pointer{X: x, Y: y, Click: true})
}

// unitScreen is where unit id is drawn on screen.
func unitScreen(t *testing.T, v *View, id int) (float64, float64) {
	sp := v.step.drawn[id]
	require.True(t, sp.on, "unit %d is drawn", id)
	return v.cam.ToScreen(sp.x, sp.y)
}

// cellScreen is the middle of cell c on screen, in the turn of the torus
// nearest the board's middle.
func cellScreen(v *View, s *aic21.State, c aic21.Cell) (float64, float64) {
	x, y := center(c)
	cx, cy := v.cam.ToWorld(float64(v.board.Min.X+v.board.Max.X)/2, float64(v.board.Min.Y+v.board.Max.Y)/2)
	x, y = near(x, y, cx, cy, s)
	return v.cam.ToScreen(x, y)
}

func keys(v *View, f game.Frame, seat game.Seat, ks ...ebiten.Key) (string, bool) {
	p := rendertest.Press(v, ks...)
	p.X, p.Y = -1, -1
	return v.Input(f, seat, p)
}

// typeText types s as if from the keyboard, in one tick.
func typeText(v *View, f game.Frame, seat game.Seat, s string) {
	v.Input(f, seat, render.Pointer{X: -1, Y: -1, Chars: []rune(s)})
}

// hotseat is a frame where colony seat is to move, drawn with the hint
// and the camera on its base.
func hotseat(t *testing.T, frames []game.Frame, i int, seat game.Seat) (*View, game.Frame, *render.Moment) {
	t.Helper()
	v := newView()
	f := frames[i]
	m := &render.Moment{Prev: frames[max(0, i-1)], Cur: f, T: 1, Hint: true, Seat: seat}
	v.Input(f, seat, render.Pointer{X: -1, Y: -1})
	s := state(f)
	b := s.Colonies[seat].Base
	look(v, m, float64(b.X)+0.5, float64(b.Y)+0.5, 90)
	v.Input(f, seat, render.Pointer{X: -1, Y: -1})
	v.Update(m)
	v.Draw(ebiten.NewImage(viewW, viewH), m)
	return v, f, m
}

func TestHotseatOrders(t *testing.T) {
	frames := botGame(t, "meadow", 40)
	const seat = 0
	v, f, m := hotseat(t, frames, 40, seat)
	s := state(f)
	// A worker of the colony out in the open, and one with walls round it
	// if there is one.
	var walker *aic21.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Colony == seat && u.Cell() != s.Colonies[seat].Base && u.Stuck == 0 &&
			legal(s, u, aic21.Right) && legal(s, u, aic21.Up) && int(v.step.is.count[s.At(u.Cell())]) == 1 {
			walker = u
			break
		}
	}
	require.NotNil(t, walker)
	look(v, m, float64(walker.X)+0.5, float64(walker.Y)+0.5, 90)
	v.Update(m)
	v.Draw(ebiten.NewImage(viewW, viewH), m)

	// Click it: it is selected.
	x, y := unitScreen(t, v, walker.ID)
	_, ok := clickAt(v, f, seat, x, y)
	require.False(t, ok)
	require.Equal(t, walker.ID, v.in.sel)
	// Click the cell to its right: it goes right.
	cx, cy := cellScreen(v, s, aic21.Step(s.W, s.H, walker.Cell(), aic21.Right))
	clickAt(v, f, seat, cx, cy)
	require.Equal(t, aic21.Right, v.in.dirs[walker.ID])
	// The up arrow changes its mind.
	keys(v, f, seat, ebiten.KeyArrowUp)
	require.Equal(t, aic21.Up, v.in.dirs[walker.ID])
	// A message with a value: click the message box, type, then the value.
	tr := v.in.text.Rect()
	clickAt(v, f, seat, float64(tr.Min.X+5), float64(tr.Min.Y+5))
	require.Equal(t, 1, v.in.focus)
	typeText(v, f, seat, `bread at "3,4"`)
	keys(v, f, seat, ebiten.KeyBackspace)
	vr := v.in.value.Rect()
	clickAt(v, f, seat, float64(vr.Min.X+5), float64(vr.Min.Y+5))
	typeText(v, f, seat, "-7x")
	require.Equal(t, 2, v.in.focus)
	// Space in a field is typing, not an order to hold.
	keys(v, f, seat, ebiten.KeySpace)
	require.Equal(t, aic21.Up, v.in.dirs[walker.ID])

	// Another unit: Tab selects the next one, Space holds it.
	v.Input(f, seat, render.Pointer{X: -1, Y: -1, Cancel: true}) // leaves the field
	keys(v, f, seat, ebiten.KeyTab)
	other := v.in.sel
	require.NotEqual(t, walker.ID, other)
	require.NotEqual(t, -1, other)
	keys(v, f, seat, ebiten.KeySpace)
	require.Equal(t, aic21.Center, v.in.dirs[other])
	require.Contains(t, v.Status(f), "Enter ends the turn")
	settle(v, m)
	rendertest.Golden(t, draw(v, m), "orders.png")

	// Enter ends the turn with exactly those orders.
	move, ok := keys(v, f, seat, ebiten.KeyEnter)
	require.True(t, ok)
	got, err := aic21.ParseUnitMoves(move)
	require.NoError(t, err, move)
	want := []aic21.UnitMove{
		{Unit: walker.ID, Move: true, Dir: aic21.Up, Chat: true, Text: `bread at "3,4`, Value: -7},
		{Unit: other, Move: true, Dir: aic21.Center},
	}
	slices.SortFunc(want, func(a, b aic21.UnitMove) int { return a.Unit - b.Unit })
	require.Equal(t, want, got)
	require.False(t, v.in.active, "the orders are sent")
}

func TestHotseatClicksCycleACrowdAndKeepOffRocks(t *testing.T) {
	frames := botGame(t, "meadow", 0)
	const seat = 1
	v, f, _ := hotseat(t, frames, 0, seat)
	s := state(f)
	base := s.Colonies[seat].Base
	ids := v.ownOn(s, base, seat)
	require.Len(t, ids, 4, "the first workers wait on their anthill")
	x, y := cellScreen(v, s, base)
	// Clicking the crowd's cell away from any unit steps through them.
	var picked []int
	for range ids {
		clickAt(v, f, seat, x+unit*v.cam.Scale()*0.49, y+unit*v.cam.Scale()*0.49)
		picked = append(picked, v.in.sel)
	}
	require.ElementsMatch(t, ids, picked)
	// Into a rock is no order at all; Backspace drops an order.
	u, _ := s.Unit(v.in.sel)
	for d := aic21.Right; d <= aic21.Down; d++ {
		v.order(s, d)
		if !legal(s, u, d) {
			require.NotEqual(t, d, v.in.dirs[u.ID])
		}
	}
	_, ordered := v.in.dirs[u.ID]
	require.True(t, ordered)
	keys(v, f, seat, ebiten.KeyBackspace)
	_, ordered = v.in.dirs[u.ID]
	require.False(t, ordered)
	// Reset drops the orders and the selection.
	v.order(s, aic21.Center)
	require.True(t, v.Reset())
	require.Empty(t, v.in.dirs)
	require.Equal(t, -1, v.in.sel)
	require.False(t, v.Reset())
	// No orders: an empty move, every unit follows the bot.
	move, ok := keys(v, f, seat, ebiten.KeyEnter)
	require.True(t, ok)
	require.Equal(t, "", move)
}

func TestOrdersMoveTheUnits(t *testing.T) {
	eng, err := title.New(game.Config{Seed: 3, Seats: 2, Map: "meadow"})
	require.NoError(t, err)
	frames := []game.Frame{eng.Frame()}
	const seat = 0
	v, f, _ := hotseat(t, frames, 0, seat)
	s := state(f)
	keys(v, f, seat, ebiten.KeyTab)
	u, _ := s.Unit(v.in.sel)
	dir := aic21.Right
	for !legal(s, u, dir) {
		dir++
	}
	move, ok := keys(v, f, seat, []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowLeft, ebiten.KeyArrowDown}[dir-1], ebiten.KeyEnter)
	require.True(t, ok)
	require.NoError(t, eng.(game.Checker).Check(seat, move))
	require.NoError(t, eng.Step(map[game.Seat]string{seat: move, 1: ""}))
	moved, ok := state(eng.Frame()).Unit(u.ID)
	require.True(t, ok)
	require.Equal(t, aic21.Step(s.W, s.H, u.Cell(), dir), moved.Cell(), "%s moved the unit", move)
}

func TestStatusAndLabels(t *testing.T) {
	frames := fixtureLog(t)
	v := newView()
	play(v, frames)
	last := frames[len(frames)-1]
	require.Equal(t, "Colony 2 · templateB wins: a coin toss (level on every count), after 100 turns", v.Status(last))
	require.Equal(t, "Turn 50 of 100 · tied on every count so far (a full tie at the end is a coin toss)", v.Status(frames[50]))

	game := botGame(t, "meadow", 130)
	st := v.Status(game[130])
	require.True(t, strings.HasPrefix(st, "Turn 130 of 200 · Colony "), st)
	require.Contains(t, st, " leads on base health, 20 to ")

	require.Equal(t, "3 units · 2 msgs", v.MoveLabel(0, `2:1 3:4:7:"bread 12 30" 5:-:1:"hi" 7:0`))
	require.Equal(t, "1 unit", v.MoveLabel(0, `2:1`))
	require.Equal(t, "oops", v.MoveLabel(0, "oops"))
	require.Equal(t, "all hold", v.MoveLabel(0, ""), "every unit stays silent")
}

func TestTeamViewHidesWhatAColonyDoesNotSee(t *testing.T) {
	frames := botGame(t, "meadow", 30)
	v := newView()
	m := &render.Moment{Prev: frames[30], Cur: frames[30], T: 1}
	settle(v, m)
	all := draw(v, m)
	require.True(t, render.Watch(v, ebiten.KeyDigit1))
	one := draw(v, m)
	mean, _ := rendertest.Compare(all, one)
	require.Greater(t, mean, 2.0, "the fog darkens what colony 1 does not see")
	require.True(t, render.Watch(v, ebiten.KeyG))
	again := draw(v, m)
	mean, _ = rendertest.Compare(all, again)
	require.Less(t, mean, 0.01)
	require.False(t, render.Watch(v, ebiten.KeyQ))
}

func TestDrawsTheWholeFixtureLog(t *testing.T) {
	frames := fixtureLog(t)
	v := newView()
	dst := ebiten.NewImage(viewW, viewH)
	defer dst.Deallocate()
	for i := 1; i < len(frames); i++ {
		for _, tt := range []float64{0, 0.5, 1} {
			v.Update(&render.Moment{Prev: frames[i-1], Cur: frames[i], T: tt, Clock: float64(i)})
			v.Draw(dst, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: tt, Clock: float64(i)})
		}
	}
	// The teams' colours are on screen.
	img := rendertest.Pixels(dst)
	require.True(t, hasColor(img, v.board, teamColors[0]) && hasColor(img, v.board, teamColors[1]))
}

// hasColor reports whether some pixel of r is close to c.
func hasColor(img *image.RGBA, r image.Rectangle, c color.NRGBA) bool {
	d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if d(p.R, c.R)+d(p.G, c.G)+d(p.B, c.B) < 60 {
				return true
			}
		}
	}
	return false
}

func TestDrawCommandsPerFrame(t *testing.T) {
	frames := botGame(t, "meadow", 129)
	v := newView()
	play(v, frames)
	dst := ebiten.NewImage(viewW, viewH)
	for _, px := range []float64{26, 64} {
		m := &render.Moment{Prev: frames[128], Cur: frames[129], T: 0.34, Clock: 2}
		look(v, m, 17.5, 14, px)
		v.Update(m)
		v.Draw(dst, m)
		n, ok := rendertest.DrawCommands(dst, func() { v.Draw(dst, m) })
		if !ok {
			t.Skip("counting draw commands needs -tags ebitenginedebug")
		}
		t.Logf("%d draw commands with cells of %v pixels", n, px)
		require.LessOrEqual(t, n, 20)
	}
	hv, _, hm := hotseat(t, frames, 129, 0)
	hv.Update(hm)
	hv.Draw(dst, hm)
	n, _ := rendertest.DrawCommands(dst, func() { hv.Draw(dst, hm) })
	t.Logf("%d draw commands while a person gives orders", n)
	require.LessOrEqual(t, n, 20)
}

// crowd adds n units to a step from a to b: each walks one cell right.
func crowd(a, b game.Frame, n int) (game.Frame, game.Frame) {
	sa, sb := state(a), state(b)
	next := 0
	for _, u := range sb.Units {
		next = max(next, u.ID+1)
	}
	ua, ub := slices.Clone(sa.Units), slices.Clone(sb.Units)
	for i := 0; len(ub) < n; i++ {
		c := aic21.Cell{X: (i * 7) % sa.W, Y: (i * 11) % sa.H}
		if sa.Kinds[sa.At(c)] == aic21.Wall {
			continue
		}
		u := aic21.Unit{ID: next, Colony: i % 2, Soldier: i%3 == 0, X: c.X, Y: c.Y, Health: 5, Carry: aic21.Res(i % 3)}
		ua = append(ua, u)
		u.X = (u.X + 1) % sa.W
		ub = append(ub, u)
		next++
	}
	a.State, b.State = withUnits(sa, ua...), withUnits(sb, ub...)
	return a, b
}

func BenchmarkFrame(b *testing.B) {
	b.Run("fixture", func(b *testing.B) {
		frames := fixtureLog(b)
		busiest := 1
		for i := range frames {
			if len(frames[i].Events) > len(frames[busiest].Events) {
				busiest = i
			}
		}
		benchStep(b, frames[busiest-1], frames[busiest], 0)
	})
	b.Run("expanse-100-units", func(b *testing.B) {
		frames := botGame(b, "expanse", 120)
		prev, cur := crowd(frames[119], frames[120], 100)
		require.Len(b, state(cur).Units, 100)
		benchStep(b, prev, cur, 0)
	})
	b.Run("expanse-100-units-zoomed-out", func(b *testing.B) {
		frames := botGame(b, "expanse", 120)
		prev, cur := crowd(frames[119], frames[120], 100)
		benchStep(b, prev, cur, 0.3)
	})
}

// benchStep times frames animating the step from prev to cur in a
// 1280x800 window's board, the camera zoomed by zoom (0: fitted).
func benchStep(b *testing.B, prev, cur game.Frame, zoom float64) {
	v := New()
	v.Layout(image.Rect(16, 72, 888, 696), 1)
	dst := ebiten.NewImage(1280, 800)
	m := &render.Moment{Prev: prev, Cur: cur, Clock: 2}
	v.Update(m)
	v.Draw(dst, m)
	if zoom > 0 {
		v.Zoom(zoom, 450, 380)
		for range 200 {
			v.Update(m)
			v.Draw(dst, m)
		}
	}
	rendertest.BenchFrames(b, dst, func(i int) {
		m.T = float64(i%40) / 40
		m.Clock += 1.0 / 60
		v.Update(m)
		v.Draw(dst, m)
	})
}

// Pointing at a cell shows a card with its units, ids and health, and
// lights the cell; a colony's team view does not tell what it cannot see,
// and the pointer off the board shows nothing.
func TestCardDescribesTheCellUnderThePointer(t *testing.T) {
	frames := botGame(t, "meadow", 30)
	s := state(frames[30])
	v := newView()
	m := &render.Moment{Prev: frames[30], Cur: frames[30], T: 1}
	u := s.Units[len(s.Units)-1]
	look(v, m, float64(u.X)+0.5, float64(u.Y)+0.5, 40)
	before := draw(v, m)
	bx, by := float64(v.board.Min.X+v.board.Max.X)/2, float64(v.board.Min.Y+v.board.Max.Y)/2
	v.Inspect(bx, by, true)
	lines := v.cardLines(s, 0)
	require.NotEmpty(t, lines)
	require.Equal(t, fmt.Sprintf("cell %d, %d", u.X, u.Y), lines[0].Text)
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	kind, full := "worker", s.FullHealth.Worker
	if u.Soldier {
		kind, full = "scorpion", s.FullHealth.Soldier
	}
	require.Contains(t, strings.Join(texts, "\n"), fmt.Sprintf("%s %d · %d/%d", kind, u.ID, u.Health, full))
	after := draw(v, m)
	mean, _ := rendertest.Compare(before, after)
	require.Greater(t, mean, 0.05, "the card and the lit cell show")
	v.Inspect(bx, by, false)
	off := draw(v, m)
	mean, _ = rendertest.Compare(before, off)
	require.Less(t, mean, 0.01, "no card off the board")

	// Colony 1's view: a colony-2 unit that it does not see is not told.
	v.mode = 1
	draw(v, m)
	found := false
	for _, e := range s.Units {
		if e.Colony == 1 && v.hidden(1, -1, e.Cell()) {
			look(v, m, float64(e.X)+0.5, float64(e.Y)+0.5, 40)
			seen := v.cardLines(s, 1)
			require.Equal(t, "not seen by this colony", seen[len(seen)-1].Text)
			for _, l := range seen {
				require.NotContains(t, l.Text, fmt.Sprintf(" %d · ", e.ID))
			}
			found = true
			break
		}
	}
	require.True(t, found, "some unit of colony 2 is out of colony 1's sight")
}

// Between turns, a person playing a bot watches in their colony's view;
// two people at one machine pass the controls behind a curtain (a click
// lifts it without giving an order), the turn resolves hidden, and each
// then sees it play again in their own view.
func TestHotseatKeepsEachColonyHidden(t *testing.T) {
	frames := botGame(t, "meadow", 2)
	s1 := state(frames[1])
	v := newView()
	_, ok := keys(v, frames[0], 0, ebiten.KeyEnter)
	require.True(t, ok, "colony 1's person ends the turn")
	resolving := &render.Moment{Prev: frames[0], Cur: frames[1], T: 0.5, Clock: 10}
	open := draw(v, resolving)
	require.Equal(t, 1, v.shownMode(s1), "against a bot, colony 1's person watches in their view")

	// Colony 2 is a person too: the curtain first; a click only lifts it.
	v.Input(frames[0], 1, render.Pointer{X: -1, Y: -1})
	require.True(t, v.in.hand.Curtain)
	require.Contains(t, v.Status(frames[0]), "Colony 2: click to take the controls")
	curtain := draw(v, &render.Moment{Prev: frames[0], Cur: frames[0], T: 1, Clock: 11, Hint: true, Seat: 1})
	_, ok = v.Input(frames[0], 1, render.Pointer{X: 400, Y: 300, Click: true})
	require.False(t, ok)
	require.False(t, v.in.hand.Curtain)
	_, ok = keys(v, frames[0], 1, ebiten.KeyEnter)
	require.True(t, ok)
	require.True(t, v.in.hand.Both())
	hidden := draw(v, resolving)
	mean, _ := rendertest.Compare(open, hidden)
	require.Greater(t, mean, 5.0, "the turn resolves behind the curtain")
	mean, _ = rendertest.Compare(curtain, hidden)
	require.Less(t, mean, 1.0, "the same curtain")

	// Colony 1's person takes the controls: the turn plays again for them.
	v.Input(frames[1], 0, render.Pointer{X: -1, Y: -1})
	require.True(t, v.in.hand.Curtain)
	v.Input(frames[1], 0, render.Pointer{X: -1, Y: -1, AnyKey: true})
	require.False(t, v.in.hand.Curtain)
	settled := &render.Moment{Prev: frames[0], Cur: frames[1], T: 1, Clock: 20, Hint: true}
	v.in.hand.Update(settled, v.in.active)
	require.Less(t, v.in.hand.Replay(settled).T, 0.01, "the replay starts")
	later := *settled
	later.Clock += render.ReplayTime * 2
	require.Equal(t, 1.0, v.in.hand.Replay(&later).T)
	require.Equal(t, 1, v.shownMode(s1))

	// A key that picks a team view shows what it picks, curtain or not.
	v.in.active = false
	require.True(t, render.Watch(v, ebiten.KeyG))
	require.Equal(t, 0, v.shownMode(s1))
}

// The view draws the frames of the original server's log within its area,
// and without allocating once a frame has been drawn once, at every window
// size.
func TestConform(t *testing.T) {
	rendertest.Conform(t, New(), fixtureLog(t)[84:])
}
