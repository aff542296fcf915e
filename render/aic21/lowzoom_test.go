package aic21

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// The whole map in view with the column hidden, at 1280x800 and
// 1920x1080: a worker and a scorpion show as their colonies' markers of
// at least the marker's size on screen, and the worker's bread sits on
// its shoulder.
func TestMarkersAtFitZoom(t *testing.T) {
	frames := botGame(t, "expanse", 2) // a big map, as the contest's were
	s := state(frames[2])
	var open []aic21.Cell
	for y := 0; y < s.H && len(open) < 2; y++ {
		for x := 0; x < s.W && len(open) < 2; x++ {
			if c := (aic21.Cell{X: x, Y: y}); s.Kinds[s.At(c)] != aic21.Wall && (len(open) == 0 || x > open[0].X+3) {
				open = append(open, c)
			}
		}
	}
	worker := aic21.Unit{ID: 0, Colony: 0, X: open[0].X, Y: open[0].Y, Health: 5, Carry: aic21.Bread, Amount: 1}
	scorpion := aic21.Unit{ID: 1, Colony: 1, Soldier: true, X: open[1].X, Y: open[1].Y, Health: 9, Carry: aic21.NoRes}
	f := frames[2]
	f.State = withUnits(s, worker, scorpion)
	for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
		scale := min(float64(size[0])/1280, float64(size[1])/800)
		v := New()
		v.Layout(image.Rect(0, 0, size[0], size[1]), scale)
		v.SetCompact(true)
		dst := ebiten.NewImage(size[0], size[1])
		m := &render.Moment{Prev: f, Cur: f, T: 1, Clock: 2}
		v.Update(m)
		v.Draw(dst, m)
		img := rendertest.Pixels(dst)
		dst.Deallocate()
		require.Equal(t, 1.0, v.markWeight(), "a cell of %.1f px shows markers", v.cellPx)
		k := render.MarkerSize * scale
		for _, u := range []aic21.Unit{worker, scorpion} {
			p := v.step.drawn[u.ID]
			require.True(t, p.on, "unit %d is drawn", u.ID)
			x, y := v.cam.ToScreen(p.x, p.y)
			w, h := rendertest.Extent(img, x, y, k, teamColors[u.Colony])
			require.GreaterOrEqual(t, min(w, h), k*0.6, "unit %d's marker at %dx%d", u.ID, size[0], size[1])
		}
		p := v.step.drawn[worker.ID]
		x, y := v.cam.ToScreen(p.x, p.y)
		w, h := rendertest.Extent(img, x+k*0.45, y-k*0.45, k*0.4, resColor(aic21.Bread))
		require.GreaterOrEqual(t, min(w, h), k*0.3, "the worker's bread at %dx%d", size[0], size[1])
	}
}
