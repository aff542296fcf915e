package aic21

import (
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
)

// A bot's marks are at (x, y), the protocol's (col, row): x rightwards, y
// downwards, wrapped round the torus; a line takes the short way round; a
// circle is drawn round its cell in its colour.
func TestDebugMarksAtTheProtocolsCells(t *testing.T) {
	v := newView()
	f := botGame(t, "", 2)[2]
	s := f.State.(*aic21.State)
	probe := color.RGBA{0xff, 0, 0xff, 0xff}
	draw(v, &render.Moment{Prev: f, Cur: f, T: 1}) // the camera set on the map
	mx, my := float64(v.board.Min.X+v.board.Max.X)/2, float64(v.board.Min.Y+v.board.Max.Y)/2
	wx, wy := v.cam.ToWorld(mx, my)
	c := [2]int{int(wx / unit), int(wy / unit)}
	m := &render.Moment{Prev: f, Cur: f, T: 1, Marks: []render.SeatMarks{{Seat: 0, Color: v.SeatColor(0),
		Marks: []game.Mark{{Kind: "circle", At: &c, Radius: 1, Color: "#ff00ff"}}}}}
	img := draw(v, m)
	at := func(x, y int, nx, ny float64) render.MarkCell {
		p, ok := v.MarkCell([2]int{x, y}, nx, ny)
		require.True(t, ok)
		return p
	}
	p := at(c[0], c[1], mx, my)
	require.Greater(t, at(c[0]+1, c[1], p.X, p.Y).X, p.X, "x rightwards")
	require.Greater(t, at(c[0], c[1]+1, p.X, p.Y).Y, p.Y, "y downwards")
	require.Equal(t, [2]float64{p.X, p.Y}, [2]float64{at(c[0]+s.W, c[1]-s.H, mx, my).X, at(c[0]+s.W, c[1]-s.H, mx, my).Y}, "wrapped")
	left := at(c[0]-1+s.W, c[1], p.X, p.Y) // the cell to the left, named the long way round
	require.InDelta(t, p.X-p.Size, left.X, 0.01, "the short way round")
	r := math.Max(p.Size, 8)
	require.Equal(t, probe, img.RGBAAt(int(p.X+r), int(p.Y)), "the circle, a cell from the middle of its cell")
	m.Marks = nil
	require.NotEqual(t, probe, draw(v, m).RGBAAt(int(p.X+r), int(p.Y)), "no marks, no circle")
}
