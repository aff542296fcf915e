package guardains

import (
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// A bot's marks are at the protocol's "(x, y)": x the column (rightwards),
// y the row (downwards); off the maze they are dropped; a circle is drawn
// round its cell in its colour, whatever the zoom.
func TestDebugMarksAtTheProtocolsCells(t *testing.T) {
	v := newView()
	f := botGame(t, 2)[2]
	probe := color.RGBA{0xff, 0, 0xff, 0xff}
	draw(v, &render.Moment{Prev: f, Cur: f, T: 1}) // the camera set on the maze
	// The cell in the middle of the screen.
	wx, wy := v.cam.ToWorld(viewW/2, viewH/2)
	c := [2]int{int(wx / unit), int(wy / unit)}
	m := &render.Moment{Prev: f, Cur: f, T: 1, Marks: []render.SeatMarks{{Seat: 1, Color: v.SeatColor(1),
		Marks: []game.Mark{{Kind: "circle", At: &c, Radius: 1, Color: "#ff00ff"}}}}}
	for _, zoom := range []float64{1, 0.05} {
		v.cam.Zoom(zoom, viewW/2, viewH/2)
		v.cam.Snap()
		img := draw(v, m)
		at := func(x, y int) render.MarkCell {
			p, ok := v.MarkCell([2]int{x, y}, 0, 0)
			require.True(t, ok)
			return p
		}
		p := at(c[0], c[1])
		require.Greater(t, at(c[0]+1, c[1]).X, p.X, "x rightwards")
		require.Greater(t, at(c[0], c[1]+1).Y, p.Y, "y downwards")
		r := math.Max(p.Size, 8) // a cell is drawn 8 px at least
		require.Equal(t, probe, img.RGBAAt(int(p.X+r), int(p.Y)), "zoom %g: the circle, a cell from the middle of its cell", zoom)
	}
	_, ok := v.MarkCell([2]int{200, 0}, 0, 0)
	require.False(t, ok, "off the maze")
	m.Marks = nil
	p, _ := v.MarkCell(c, 0, 0)
	require.NotEqual(t, probe, draw(v, m).RGBAAt(int(p.X+math.Max(p.Size, 8)), int(p.Y)), "no marks, no circle")
}
