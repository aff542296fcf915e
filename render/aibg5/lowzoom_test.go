package aibg5

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// At 1280x800 and 1920x1080, the whole map in view shows each ship at
// least a readable figure, and zoomed out as far as the camera goes each
// ship is its player's marker of at least the marker's size on screen,
// with the black hole's mark on a trapped one.
func TestMarkersAtLowZoom(t *testing.T) {
	frames := botGame(t, test1, 20)
	f := frames[20]
	s := *f.State.(*aibg5.State)
	s.Players[1].Trapped = true
	f.State = &s
	m := &render.Moment{Prev: f, Cur: f, T: 1, Clock: 2}
	for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
		scale := min(float64(size[0])/1280, float64(size[1])/800)
		v := New()
		v.Layout(image.Rect(0, 0, size[0], size[1]), scale)
		dst := ebiten.NewImage(size[0], size[1])
		v.Update(m)
		v.Draw(dst, m)
		figure := 0.75 * v.CellSize() * v.cam.Scale()
		require.GreaterOrEqual(t, figure, render.MarkerSize*scale, "a ship at fit zoom is %.1f px", figure)

		v.Zoom(0.1, float64(size[0])/2, float64(size[1])/2)
		v.cam.Snap()
		v.Update(m)
		dst.Clear()
		v.Draw(dst, m)
		img := rendertest.Pixels(dst)
		dst.Deallocate()
		require.Equal(t, 1.0, v.markWeight(), "zoomed out, ships are markers")
		k := render.MarkerSize * scale
		for i := range s.Players {
			p := &s.Players[i]
			x, y := v.cam.ToScreen(center(p.Pos))
			w, h := rendertest.Extent(img, x, y, k, team(i))
			require.GreaterOrEqual(t, min(w, h), k*0.6, "player %d's marker at %dx%d", p.Idx, size[0], size[1])
			tw, th := rendertest.Extent(img, x+k*0.45, y-k*0.45, k*0.4, trapped)
			if p.Trapped {
				require.GreaterOrEqual(t, min(tw, th), k*0.3, "the trapped ship's mark at %dx%d", size[0], size[1])
			}
		}
	}
}
