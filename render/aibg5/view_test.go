package aibg5

import (
	"fmt"
	"image"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

func TestMain(m *testing.M) { rendertest.Main(m) }

const test1 = "../../../shared/fixtures/aibg5/maps/test1.txt"

// botGame plays n steps of three greedy bots and a tactical one (seat 3)
// on a map and returns the frames.
func botGame(t testing.TB, mapName string, n int) []game.Frame {
	t.Helper()
	if mapName == test1 {
		gametest.Need(t, test1)
	}
	title := aibg5.Title{}
	bots := gametest.Bots(t, title, []string{"greedy", "greedy", "tactical", "greedy"}, func(seat int) *game.Rand { return game.NewRand(3, uint64(seat)) })
	_, frames := gametest.Play(t, title, game.Config{Seed: 3, Map: mapName}, bots, n)
	return frames
}

func newView() *View {
	v := New()
	v.Layout(image.Rect(0, 0, 960, 720), 1)
	v.cam.Update(10)
	return v
}

func draw(v *View, m *render.Moment) *image.RGBA {
	dst := ebiten.NewImage(960, 720)
	defer dst.Deallocate()
	v.Update(m)
	v.Draw(dst, m)
	return rendertest.Pixels(dst)
}

func TestGoldenMidGame(t *testing.T) {
	frames := botGame(t, test1, 60)
	v := newView()
	img := draw(v, &render.Moment{Prev: frames[59], Cur: frames[60], T: 1, Clock: 2})
	rendertest.Golden(t, img, "test1-turn60.png")
}

func TestStepsAnimate(t *testing.T) {
	frames := botGame(t, test1, 40)
	v := newView()
	for i := 1; i < len(frames); i++ {
		if len(frames[i].Events) == 0 {
			continue
		}
		settled := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 1, Clock: 2})
		moving := draw(v, &render.Moment{Prev: frames[i-1], Cur: frames[i], T: 0.3, Clock: 2})
		mean, _ := rendertest.Compare(settled, moving)
		require.Greater(t, mean, 0.001, "step %d (%v) looks the same mid-animation", i, frames[i].Events[0].Kind)
	}
}

// humanFrame is a frame where player 1 stands at its spawn on test1 and is
// to act.
func humanFrame(t *testing.T) game.Frame {
	frames := botGame(t, test1, 0)
	return frames[0]
}

func TestClicksAndKeysMakeActions(t *testing.T) {
	f := humanFrame(t)
	s := f.State.(*aibg5.State)
	require.Equal(t, 1, s.ToMove)
	v := newView()
	me := s.Player(1).Pos
	legal := map[string]bool{}
	for _, a := range s.Legal(1) {
		legal[a] = true
	}
	// A click on a lit neighbour moves there.
	for d := 0; d < 6; d++ {
		n := me.Neighbour(d)
		if !legal[aibg5.Move(n)] {
			continue
		}
		x, y := v.cam.ToScreen(center(n))
		mv, ok := v.Input(f, 0, render.Pointer{X: x, Y: y, Click: true})
		require.True(t, ok)
		require.Equal(t, aibg5.Move(n), mv)
		break
	}
	// A key moves in its direction when that move is legal.
	for k, d := range map[ebiten.Key]int{ebiten.KeyD: 0, ebiten.KeyX: 1, ebiten.KeyZ: 2, ebiten.KeyA: 3, ebiten.KeyW: 4, ebiten.KeyE: 5} {
		n := me.Neighbour(d)
		mv, ok := v.Input(f, 0, rendertest.Press(v, k))
		require.Equal(t, legal[aibg5.Move(n)], ok, "key %v", k)
		if ok {
			require.Equal(t, aibg5.Move(n), mv)
		}
	}
	// A click on a cell that is neither lit for a move nor a target does
	// nothing.
	far := hex.Hex{Q: 14, R: 0}
	x, y := v.cam.ToScreen(center(far))
	_, ok := v.Input(f, 0, render.Pointer{X: x, Y: y, Click: true})
	require.False(t, ok)
}

func TestAttackByTabAndEnter(t *testing.T) {
	frames := botGame(t, test1, 200)
	v := newView()
	for _, f := range frames {
		s := f.State.(*aibg5.State)
		if s.ToMove == 0 {
			continue
		}
		var attack string
		for _, a := range s.Legal(s.ToMove) {
			if act, err := aibg5.ParseAction(a); err == nil && act.Attack {
				attack = a
				break
			}
		}
		if attack == "" {
			continue
		}
		v.Reset()
		v.in.active = false
		_, ok := v.Input(f, 0, rendertest.Press(v, ebiten.KeyTab))
		require.False(t, ok)
		mv, ok := v.Input(f, 0, rendertest.Press(v, ebiten.KeyEnter))
		require.True(t, ok)
		require.Equal(t, attack, mv, "Tab picks the first target in range, Enter fires")
		return
	}
	t.Skip("no attack came up in 200 steps")
}

func TestDrawCommandsPerFrame(t *testing.T) {
	frames := botGame(t, test1, 80)
	v := newView()
	dst := ebiten.NewImage(960, 720)
	m := &render.Moment{Prev: frames[70], Cur: frames[71], T: 0.5, Clock: 2}
	v.Update(m)
	v.Draw(dst, m) // the first frame creates the glyph images
	n, ok := rendertest.DrawCommands(dst, func() { v.Draw(dst, m) })
	if !ok {
		t.Skip("counting draw commands needs -tags ebitenginedebug")
	}
	t.Logf("%d draw commands", n)
	require.LessOrEqual(t, n, 20)
}

func BenchmarkFrame(b *testing.B) {
	rendertest.BenchGame(b, newView(), botGame(b, test1, 120))
}

// Pointing at a ship shows a card with its player, health and level;
// pointing at a wormhole tells where it leads, also while a person
// chooses a move; off the map there is no card.
func TestCardDescribesTheHexUnderThePointer(t *testing.T) {
	frames := botGame(t, test1, 20)
	s := frames[20].State.(*aibg5.State)
	m := &render.Moment{Prev: frames[20], Cur: frames[20], T: 1, Clock: 2}
	v := newView()
	before := draw(v, m)
	p := s.Player(2)
	x, y := v.cam.ToScreen(center(p.Pos))
	v.Inspect(x, y, true)
	lines := v.cardLines(s)
	require.GreaterOrEqual(t, len(lines), 3)
	require.Equal(t, fmt.Sprintf("Player 2 · %s", p.Name), lines[1].Text)
	require.Contains(t, lines[2].Text, fmt.Sprintf("health %d/%d · level %d", p.Health, p.MaxHealth, p.Level))
	mean, _ := rendertest.Compare(before, draw(v, m))
	require.Greater(t, mean, 0.05, "the card shows")
	hint := *m
	hint.Hint = true
	withHint := draw(v, &hint)
	v.Inspect(x, y, false)
	mean, _ = rendertest.Compare(withHint, draw(v, &hint))
	require.Greater(t, mean, 0.05, "the card shows while a person chooses a move too: an enemy's health matters then")

	i := slices.IndexFunc(s.Tiles, func(t aibg5.Tile) bool { return t.Kind == aibg5.Wormhole })
	require.GreaterOrEqual(t, i, 0, "the map has wormholes")
	x, y = v.cam.ToScreen(center(s.Cells[i]))
	v.Inspect(x, y, true)
	require.Contains(t, v.cardLines(s)[1].Text, fmt.Sprintf("wormhole %d: leads to", s.Tiles[i].Wormhole))
	v.Inspect(1, 1, true)
	require.Nil(t, v.cardLines(s), "the corner of the view is off the map")
}

// Zoomed in, the map and its ships stay inside the view's area.
func TestZoomedInStaysInTheArea(t *testing.T) {
	frames := botGame(t, test1, 20)
	area := image.Rect(100, 100, 700, 560)
	v := New()
	v.Layout(area, 1)
	m := &render.Moment{Prev: frames[20], Cur: frames[20], T: 1, Clock: 2}
	draw(v, m)
	v.Zoom(6, 400, 330)
	v.cam.Update(10)
	require.Equal(t, 0, rendertest.PaintedOutside(draw(v, m), area), "pixels painted outside the area")
}

// The view draws every frame of a game within its area, and without
// allocating once a frame has been drawn once, at every window size.
func TestConform(t *testing.T) {
	rendertest.Conform(t, New(), botGame(t, test1, 60)[36:])
}

// The move list shows an action beside its words.
func TestMoveLabelSaysTheMove(t *testing.T) {
	v := New()
	require.Equal(t, "move,-6,-7 · move to (-6,-7)", v.MoveLabel(0, "move,-6,-7"))
	require.Equal(t, "attack,2,3 · attack (2,3)", v.MoveLabel(1, "attack,2,3"))
	require.Equal(t, "", v.MoveLabel(2, ""), "the viewer says a missing answer")
}
