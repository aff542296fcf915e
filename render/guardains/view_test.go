package guardains

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/guardains"
	levels "github.com/arena-games/arena/levels/guardains"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// title is GuardAIns with Arena's levels, as arena plays it.
var title = guardains.Title{Shelf: levels.Shelf}

// TestMain installs the title, which the recordings of the tests name.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{title}})
	rendertest.Main(m)
}

// botGame plays n rounds of hunter against explorer on the default 200x200
// maze of seed 3.
func botGame(t testing.TB, n int) []game.Frame {
	t.Helper()
	_, frames := gametest.Play(t, title, game.Config{Seed: 3}, gametest.Bots(t, title, []string{"hunter", "explorer"}, nil), n)
	return frames
}

const viewW, viewH = 1280, 800

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

// settle lets the camera reach where it was sent.
func settle(v *View) { v.cam.Update(100) }

func TestGoldenWholeMaze(t *testing.T) {
	frames := botGame(t, 40)
	v := newView()
	rendertest.Golden(t, draw(v, &render.Moment{Prev: frames[39], Cur: frames[40], T: 1, Clock: 2}), "whole.png")
}

func TestGoldenFogZoomed(t *testing.T) {
	frames := botGame(t, 40)
	v := newView()
	render.Watch(v, ebiten.KeyDigit1)
	m := &render.Moment{Prev: frames[39], Cur: frames[40], T: 1, Clock: 2}
	draw(v, m)
	g := frames[40].State.(*guardains.State).Guardian(1, guardains.Rocket)
	x, y := v.cam.ToScreen(center(g.Pos))
	v.cam.Zoom(8, x, y)
	settle(v)
	rendertest.Golden(t, draw(v, m), "fog1.png")
}

// The fog modes show different things: player 2's view hides player 1's
// side of the maze.
func TestFogModesDiffer(t *testing.T) {
	frames := botGame(t, 20)
	m := &render.Moment{Prev: frames[19], Cur: frames[20], T: 1, Clock: 2}
	shots := map[ebiten.Key]*image.RGBA{}
	for _, k := range []ebiten.Key{ebiten.KeyG, ebiten.KeyDigit1, ebiten.KeyDigit2} {
		v := newView()
		require.True(t, render.Watch(v, k))
		shots[k] = draw(v, m)
	}
	for _, pair := range [][2]ebiten.Key{{ebiten.KeyG, ebiten.KeyDigit1}, {ebiten.KeyG, ebiten.KeyDigit2}, {ebiten.KeyDigit1, ebiten.KeyDigit2}} {
		mean, _ := rendertest.Compare(shots[pair[0]], shots[pair[1]])
		require.Greater(t, mean, 0.01, "fog %v and %v look the same", pair[0], pair[1])
	}
}

func TestStepsAnimate(t *testing.T) {
	frames := botGame(t, 30)
	v := newView()
	moved := 0
	for i := 1; i < len(frames); i++ {
		settled := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 1, Clock: 2})
		moving := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 0.3, Clock: 2})
		if mean, _ := rendertest.Compare(settled, moving); mean > 0.0001 {
			moved++
		}
	}
	require.Greater(t, moved, len(frames)*3/4, "most rounds move someone, and the move shows mid-step")
}

// click clicks screen point (x, y) in the view's input.
func click(v *View, f game.Frame, seat game.Seat, x, y float64) (string, bool) {
	return v.Input(f, seat, render.Pointer{X: x, Y: y, Click: true})
}

func clickButton(v *View, f game.Frame, seat game.Seat, r image.Rectangle) (string, bool) {
	return click(v, f, seat, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
}

func clickCell(v *View, f game.Frame, seat game.Seat, c guardains.Cell) (string, bool) {
	x, y := v.cam.ToScreen(center(c))
	return click(v, f, seat, x, y)
}

// A person's order: pick a guardian and what it does, click a lit cell,
// Ready; then the board hides until the other player takes the controls.
func TestHotseatOrders(t *testing.T) {
	frames := botGame(t, 0)
	f := frames[0]
	s := f.State.(*guardains.State)
	v := newView()
	m := &render.Moment{Cur: f, Prev: f, T: 1, Hint: true}
	draw(v, m)
	v.Zoom(10, viewW/2, viewH/2)
	g := s.Guardian(1, guardains.Rocket)
	v.cam.Follow(center(g.Pos))
	settle(v)

	v.Input(f, 0, render.Pointer{})
	require.True(t, v.in.active)
	require.False(t, v.in.hand.Curtain, "the first person to enter orders sees the board")
	_, ok := clickButton(v, f, 0, v.in.heroes[guardains.Rocket].Rect())
	require.False(t, ok)
	require.Equal(t, guardains.Rocket, v.in.hero)
	_, ok = clickButton(v, f, 0, v.in.kinds[0].Rect())
	require.False(t, ok)
	moves := s.Moves(1, guardains.Rocket)
	require.NotEmpty(t, moves)
	var far guardains.Cell
	for _, c := range moves {
		if c != g.Pos {
			far = c
		}
	}
	// A cell that is not lit does nothing.
	_, ok = clickCell(v, f, 0, guardains.Cell{X: g.Pos.X + 40, Y: g.Pos.Y})
	require.False(t, ok)
	require.False(t, v.in.chosen)
	_, ok = clickCell(v, f, 0, far)
	require.False(t, ok, "a target waits for Ready")
	require.True(t, v.in.chosen)
	require.Contains(t, v.Status(f), "Ready")
	cmd, ok := clickButton(v, f, 0, v.in.ready.Rect())
	require.True(t, ok)
	require.NoError(t, s.Check(1, cmd))
	a, err := guardains.ParseAction(cmd, s.W(), s.H(), false, 1, s.Round)
	require.NoError(t, err)
	require.Equal(t, guardains.Move, a.Type)
	require.Equal(t, guardains.Rocket, a.Hero)
	require.Equal(t, far, a.Target)
	require.Equal(t, fmt.Sprintf("Rocket→%d,%d", far.X, far.Y), v.MoveLabel(0, cmd))

	// Player 2: the curtain first, and a click lifts it without acting.
	_, ok = click(v, f, 1, viewW/2, viewH/2)
	require.False(t, ok)
	require.False(t, v.in.hand.Curtain)
	require.Equal(t, 2, v.shownMode(s), "player 2 sees only their own fog")
	// Hold is an order like any other: it waits for Ready, so Enter sends
	// it and does not lift the next curtain.
	_, ok = clickButton(v, f, 1, v.in.hold.Rect())
	require.False(t, ok, "Hold waits for Ready")
	require.Contains(t, v.Status(f), "holds: Ready")
	cmd, ok = v.Input(f, 1, rendertest.Press(v, ebiten.KeyEnter))
	require.True(t, ok, "Enter sends the hold")
	require.NoError(t, s.Check(2, cmd))
	h, err := guardains.ParseAction(cmd, s.W(), s.H(), false, 2, s.Round)
	require.NoError(t, err)
	require.Equal(t, s.Guardian(2, h.Hero).Pos, h.Target, "a hold is a move to its own cell")
	_, ok = v.Input(f, 0, render.Pointer{})
	require.False(t, ok)
	require.True(t, v.in.hand.Curtain, "the next player's curtain is up, not dismissed")

	// Special is offered only to the heroes that have one.
	v.Input(f, 0, render.Pointer{Click: true})
	for _, h := range guardains.Heroes {
		clickButton(v, f, 0, v.in.heroes[h].Rect())
		v.layoutPanel(s)
		require.Equal(t, !h.Stats().Special, v.in.kinds[2].Disabled, "%s", h)
	}
}

// Between rounds, a person playing a bot sees the round in their own view;
// two people at one machine see a curtain, and then each sees the round
// that resolved play again in their own view.
func TestHotseatKeepsEachSideHidden(t *testing.T) {
	frames := botGame(t, 1)
	s1 := frames[1].State.(*guardains.State)
	v := newView()
	v.Input(frames[0], 0, render.Pointer{}) // lays the panel out
	clickButton(v, frames[0], 0, v.in.hold.Rect())
	_, ok := clickButton(v, frames[0], 0, v.in.ready.Rect())
	require.True(t, ok)
	resolving := &render.Moment{Prev: frames[0], Cur: frames[1], T: 0.5, Clock: 10}
	draw(v, resolving)
	require.Equal(t, 1, v.shownMode(s1), "against a bot, player 1 watches in their own view")
	require.False(t, v.private(s1))

	// Player 2 is a person too.
	v.Input(frames[0], 1, render.Pointer{Click: true}) // lifts the curtain
	v.Input(frames[0], 1, render.Pointer{})
	clickButton(v, frames[0], 1, v.in.hold.Rect())
	_, ok = clickButton(v, frames[0], 1, v.in.ready.Rect())
	require.True(t, ok)
	require.True(t, v.private(s1))
	hidden := draw(v, resolving)
	require.True(t, v.in.hand.Both())

	// Player 1 takes the controls: the round plays again for them.
	v.Input(frames[1], 0, render.Pointer{})
	require.True(t, v.in.hand.Curtain)
	v.Input(frames[1], 0, render.Pointer{Click: true})
	require.False(t, v.in.hand.Curtain)
	settled := &render.Moment{Prev: frames[0], Cur: frames[1], T: 1, Clock: 20, Hint: true}
	v.in.hand.Update(settled, v.in.active)
	require.Less(t, v.in.hand.Replay(settled).T, 0.01, "the replay starts")
	later := *settled
	later.Clock += render.ReplayTime / 2
	require.InDelta(t, 0.5, v.in.hand.Replay(&later).T, 0.01)
	later.Clock += render.ReplayTime
	require.Equal(t, 1.0, v.in.hand.Replay(&later).T)
	shown := draw(v, &later)
	mean, _ := rendertest.Compare(hidden, shown)
	require.Greater(t, mean, 0.02, "the curtain hides the board")
}

func TestMoveLabel(t *testing.T) {
	v := New()
	require.Equal(t, "Drax×3,4", v.MoveLabel(0, `{"action_type": "ATTACK", "troop": "Drax", "target": "(3, 4)", "player_id": "player1", "round_no": 2}`))
	require.Equal(t, "Groot»0,1", v.MoveLabel(1, "special groot 0 1"))
	require.Equal(t, "nonsense", v.MoveLabel(1, "nonsense"))
	require.Equal(t, "StarLord→-1,3", v.MoveLabel(0, `{"action_type": "MOVE", "troop": "StarLord", "target": "(-1, 3)", "player_id": "player1", "round_no": 149}`), "off the board")
}

// A chunk is drawn again when Drax breaks one of its walls.
func TestChunkRedrawsWhenWallsChange(t *testing.T) {
	s := botGame(t, 0)[0].State.(*guardains.State)
	var mp mazePicture
	mp.reset(s.Maze, New().sheet)
	before := rendertest.Pixels(mp.image(chart{maze: s.Maze}, 1, 0, 0, 32, 32))
	same := *s.Maze
	require.True(t, sameChunk(chart{maze: s.Maze}, chart{maze: &same}, 0, 0))

	// A copy with one more passage, as Drax leaves it.
	broken := guardains.NewMaze(s.W(), s.H())
	for y := 0; y < s.H(); y++ {
		for x := 0; x < s.W(); x++ {
			for dir := 0; dir < 4; dir++ {
				if c := (guardains.Cell{X: x, Y: y}); s.Maze.Open(c, dir) {
					broken.Carve(c, dir)
				}
			}
		}
	}
	c := guardains.Cell{X: 5, Y: 5}
	for dir := 0; dir < 4; dir++ {
		if !broken.Open(c, dir) {
			broken.Carve(c, dir)
			break
		}
	}
	require.False(t, sameChunk(chart{maze: s.Maze}, chart{maze: broken}, 0, 0))
	require.True(t, sameChunk(chart{maze: s.Maze}, chart{maze: broken}, 3, 3))
	after := rendertest.Pixels(mp.image(chart{maze: broken}, 1, 0, 0, 32, 32))
	mean, _ := rendertest.Compare(before, after)
	require.Greater(t, mean, 0.0)
}

// wholeMaze is a mid-game moment with the whole 200x200 maze on screen and
// all ten guardians alive.
func wholeMaze(t testing.TB) (*View, *ebiten.Image, func(i int)) {
	frames := botGame(t, 60)
	v := newView()
	dst := ebiten.NewImage(viewW, viewH)
	m := &render.Moment{Clock: 2}
	return v, dst, func(i int) {
		k := 1 + i%(len(frames)-1)
		m.Prev, m.Cur, m.T = frames[k-1], frames[k], float64(i%30)/30
		m.Clock += 1.0 / 60
		v.Update(m)
		v.Draw(dst, m)
	}
}

func TestDrawCommandsPerFrame(t *testing.T) {
	for _, c := range []struct {
		fog  ebiten.Key
		zoom float64
	}{{ebiten.KeyG, 1}, {ebiten.KeyDigit1, 1}, {ebiten.KeyG, 6}, {ebiten.KeyDigit2, 6}} {
		v, dst, frame := wholeMaze(t)
		render.Watch(v, c.fog)
		v.Zoom(c.zoom, viewW/2, viewH/2)
		frame(0)
		settle(v)
		frame(0)
		n, ok := rendertest.DrawCommands(dst, func() { frame(0) })
		if !ok {
			t.Skip("counting draw commands needs -tags ebitenginedebug")
		}
		t.Logf("fog %v, zoom %v: %d draw commands", c.fog, c.zoom, n)
		require.LessOrEqual(t, n, 20)
	}
}

func BenchmarkFrame(b *testing.B) {
	_, dst, frame := wholeMaze(b)
	rendertest.BenchFrames(b, dst, frame)
}

func BenchmarkFrameFog(b *testing.B) {
	v, dst, frame := wholeMaze(b)
	render.Watch(v, ebiten.KeyDigit1)
	rendertest.BenchFrames(b, dst, frame)
}

// A recorded player's transcript shows what that player saw.
func TestTranscriptShowsWhatThePlayerSaw(t *testing.T) {
	rec, err := game.OpenFile("../../../shared/fixtures/guardains/player1_transcript.jsonl.gz")
	require.NoError(t, err)
	f := rec.Timeline.Frame(150)
	s := f.State.(*guardains.State)
	v := newView()
	require.Equal(t, 1, v.shownMode(s))
	require.Contains(t, v.Status(f), "player 1's view")
	// The enemies the player never saw are nowhere on the board, and not drawn.
	img := draw(v, &render.Moment{Prev: rec.Timeline.Frame(149), Cur: f, T: 1, Clock: 1})
	x, y := v.cam.ToScreen(center(guardains.Cell{X: -1, Y: -1}))
	corner := img.RGBAAt(int(x), int(y))
	require.Less(t, int(corner.R)+int(corner.G), 60, "nothing drawn off the board: %v", corner)
}

// Pointing at a guardian shows a card with its name, health and special,
// and lights its cell; player 2's view does not tell of player 1's
// guardians it cannot see; off the maze there is no card.
func TestCardDescribesTheCellUnderThePointer(t *testing.T) {
	frames := botGame(t, 30)
	s := frames[30].State.(*guardains.State)
	m := &render.Moment{Prev: frames[30], Cur: frames[30], T: 1, Clock: 2}
	v := newView()
	g := s.Guardian(1, guardains.Gamora)
	x, y := v.cam.ToScreen(center(g.Pos))
	v.cam.Zoom(8, x, y)
	settle(v)
	before := draw(v, m)
	x, y = v.cam.ToScreen(center(g.Pos))
	v.Inspect(x, y, true)
	lines := v.cardLines(s, godView)
	require.Equal(t, fmt.Sprintf("cell %d, %d", g.Pos.X, g.Pos.Y), lines[0].Text)
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	require.Contains(t, strings.Join(texts, "\n"), fmt.Sprintf("Gamora · %d/%d", g.Health, g.MaxHealth))
	mean, _ := rendertest.Compare(before, draw(v, m))
	require.Greater(t, mean, 0.05, "the card and the lit cell show")

	require.False(t, visible(s, 2, g.Pos), "player 2 is across the maze")
	for _, l := range v.cardLines(s, 2) {
		require.NotContains(t, l.Text, "Gamora")
	}
	v.Inspect(x, y, false)
	mean, _ = rendertest.Compare(before, draw(v, m))
	require.Less(t, mean, 0.01, "no card when the pointer leaves")
	v.Inspect(-50, -50, true)
	require.False(t, v.look.On)
}

// Zoomed in, the maze and its guardians stay inside the view's area.
func TestZoomedInStaysInTheArea(t *testing.T) {
	frames := botGame(t, 20)
	area := image.Rect(200, 150, 900, 650)
	v := New()
	v.Layout(area, 1)
	m := &render.Moment{Prev: frames[19], Cur: frames[20], T: 1, Clock: 2}
	g := frames[20].State.(*guardains.State).Guardian(1, guardains.Gamora)
	draw(v, m)
	x, y := v.cam.ToScreen(center(g.Pos))
	v.cam.Zoom(10, x, y)
	settle(v)
	img := draw(v, m)
	require.Equal(t, 0, rendertest.PaintedOutside(img, area), "pixels painted outside the area")
}

// Guardians on the maze's edge are drawn inside the maze, however small
// the cells are: nothing is painted in the strip left of it.
func TestGuardiansOnTheEdgeStayInsideTheMaze(t *testing.T) {
	frames := botGame(t, 0)
	s := frames[0].State.(*guardains.State)
	require.Zero(t, s.Bases[0].X, "player 1's base is on the left edge")
	v := newView()
	img := draw(v, &render.Moment{Prev: frames[0], Cur: frames[0], T: 1, Clock: 2})
	left, _ := v.cam.ToScreen(0, 0)
	require.Greater(t, left, 20.0, "the fitted maze leaves a strip on its left")
	// The bases' faint glow may reach past the edge; nothing that shows.
	for y := 0; y < viewH; y++ {
		for x := 0; x < int(left)-1; x++ {
			require.Less(t, img.RGBAAt(x, y).A, uint8(32), "a guardian spills out of the maze at %d, %d", x, y)
		}
	}
}

// The view draws every frame of a game within its area, and without
// allocating once a frame has been drawn once, at every window size.
func TestConform(t *testing.T) {
	rendertest.Conform(t, New(), botGame(t, 40)[16:])
}
