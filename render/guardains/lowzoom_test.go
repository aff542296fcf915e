package guardains

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// withGuardian is frame f with guardian (seat, hero) moved to cell c,
// carrying the stone or not.
func withGuardian(f game.Frame, seat int, hero guardains.Hero, c guardains.Cell, carrying bool) game.Frame {
	s := *f.State.(*guardains.State)
	for i := range s.Guardians {
		for h := range s.Guardians[i] {
			s.Guardians[i][h].Carrying = false
		}
	}
	g := &s.Guardians[seat-1][hero]
	g.Pos, g.Carrying, g.Alive = c, carrying, true
	f.State = &s
	return f
}

// The whole 200x200 maze in view, at 1280x800 and 1920x1080: every
// guardian shows as its team's marker of at least the marker's size on
// screen, and the carrier has the stone on its shoulder.
func TestMarkersAtFitZoom(t *testing.T) {
	frames := botGame(t, 20)
	f := withGuardian(frames[20], 2, guardains.Gamora, guardains.Cell{X: 100, Y: 100}, true)
	s := f.State.(*guardains.State)
	for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
		scale := min(float64(size[0])/1280, float64(size[1])/800)
		v := New()
		v.Layout(image.Rect(0, 0, size[0], size[1]), scale)
		dst := ebiten.NewImage(size[0], size[1])
		defer dst.Deallocate()
		m := &render.Moment{Prev: f, Cur: f, T: 1, Clock: 2}
		v.Update(m)
		v.Draw(dst, m)
		img := rendertest.Pixels(dst)
		cell := v.cam.Scale() * unit
		require.Less(t, cell, 8.0, "the fitted maze's cells are small")
		want := render.MarkerSize * scale * 0.6 // the square's side is 0.72 of it
		for seat := range s.Guardians {
			for _, g := range s.Guardians[seat] {
				if !g.Alive || g.Pos != (guardains.Cell{X: 100, Y: 100}) {
					continue
				}
				x, y := v.cam.ToScreen(center(g.Pos))
				w, h := rendertest.Extent(img, x, y, render.MarkerSize*scale, teamColors[seat])
				require.GreaterOrEqual(t, w, want, "%v's marker at %dx%d", g.Hero, size[0], size[1])
				require.GreaterOrEqual(t, h, want, "%v's marker at %dx%d", g.Hero, size[0], size[1])
				k := render.MarkerSize * scale
				sw, sh := rendertest.Extent(img, x+k*0.45, y-k*0.45, k*0.4, stoneGlow)
				require.GreaterOrEqual(t, min(sw, sh), k*0.3, "the carrier's stone at %dx%d", size[0], size[1])
			}
		}
	}
}

// Zoomed in, the minimap stands off what is watched: a guardian that
// stands where the minimap stood, and the guardian the camera follows
// into the maze's top-right corner.
func TestMinimapStaysOffTheWatched(t *testing.T) {
	frames := botGame(t, 20)
	v := newView()
	m := &render.Moment{Prev: frames[20], Cur: frames[20], T: 1, Clock: 2}
	draw(v, m)
	v.cam.Zoom(6, viewW/2, viewH/2)
	settle(v)
	draw(v, m)
	r := v.mini.shown
	require.False(t, r.Empty(), "the minimap shows while zoomed in")
	wx, wy := v.cam.ToWorld(float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	under := guardains.Cell{X: int(wx / unit), Y: int(wy / unit)}
	for _, c := range []struct {
		cell   guardains.Cell
		follow bool
	}{{under, false}, {guardains.Cell{X: 199, Y: 0}, true}} {
		f := withGuardian(frames[20], 1, guardains.Drax, c.cell, false)
		m := &render.Moment{Prev: f, Cur: f, T: 1, Clock: 2}
		x, y := center(c.cell)
		if c.follow {
			v.cam.Follow(x, y)
			settle(v)
		}
		draw(v, m)
		mini := v.mini.shown
		require.False(t, mini.Empty(), "the minimap shows while zoomed in")
		sx, sy := v.cam.ToScreen(x, y)
		require.True(t, image.Pt(int(sx), int(sy)).In(v.area), "the guardian at %v is on screen", c.cell)
		require.False(t, image.Pt(int(sx), int(sy)).In(mini), "the minimap %v covers the guardian at %.0f,%.0f", mini, sx, sy)
		x0, y0, x1, y1 := v.cam.Target()
		mx, my := v.cam.ToScreen((x0+x1)/2, (y0+y1)/2)
		require.False(t, image.Pt(int(mx), int(my)).In(mini), "the minimap covers the camera's middle")
	}
}
