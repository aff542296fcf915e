package santorini

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/render"
)

// A bot's marks are at [column, row]: column 0..4 the letters A..E
// (rightwards), row 0..4 the digits 1..5 (upwards), on top of the cell's
// tower; off the board they are dropped; a circle is drawn round its cell
// in its colour.
func TestDebugMarksAtTheProtocolsCells(t *testing.T) {
	v := newView()
	f := play(t, fixtureGame[:6]...)[6]
	b := f.State.(*santorini.Board)
	probe := color.RGBA{0xff, 0, 0xff, 0xff}
	c := [2]int{2, 2}
	m := &render.Moment{Prev: f, Cur: f, T: 1, Marks: []render.SeatMarks{{Seat: 0, Color: v.SeatColor(0),
		Marks: []game.Mark{{Kind: "circle", At: &c, Radius: 0.5, Color: "#ff00ff"}}}}}
	img := draw(v, m)
	at := func(col, row int) render.MarkCell {
		c, ok := v.MarkCell([2]int{col, row}, 0, 0)
		require.True(t, ok)
		return c
	}
	c3, _ := santorini.ParseCell("C3")
	x, y := v.Geometry().Center(c3, float64(min(b.Height[c3], 3)))
	require.Equal(t, [2]float64{x, y}, [2]float64{at(2, 2).X, at(2, 2).Y}, "C3 is [2, 2], on its tower")
	require.Greater(t, at(4, 0).X, at(0, 0).X, "E1 right of A1")
	require.Less(t, at(0, 4).Y, at(0, 0).Y, "A5 above A1")
	_, ok := v.MarkCell([2]int{5, 0}, 0, 0)
	require.False(t, ok, "off the board")

	p := at(2, 2)
	require.Equal(t, probe, img.RGBAAt(int(p.X+p.Size/2), int(p.Y)), "the circle, half a cell from the middle of C3")
	m.Marks = nil
	require.NotEqual(t, probe, draw(v, m).RGBAAt(int(p.X+p.Size/2), int(p.Y)), "no marks, no circle")
}
