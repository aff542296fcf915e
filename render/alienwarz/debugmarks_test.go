package alienwarz

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/render"
)

// A bot's marks are at the cells of the protocol's "position": [X, Z], X
// the row (downwards), Z the column (rightwards); off the 10x10 field they
// are dropped; a circle is drawn round its cell in its colour.
func TestDebugMarksAtTheProtocolsCells(t *testing.T) {
	v := newView()
	f := botGame(t, 3)[3]
	at := func(x, z int) render.MarkCell {
		c, ok := v.MarkCell([2]int{x, z}, 0, 0)
		require.True(t, ok)
		return c
	}
	x, y := v.centerOf(alienwarz.Cell{X: 3, Z: 7})
	require.Equal(t, [2]float64{x, y}, [2]float64{at(3, 7).X, at(3, 7).Y})
	require.Greater(t, at(1, 0).Y, at(0, 0).Y, "X downwards")
	require.Greater(t, at(0, 1).X, at(0, 0).X, "Z rightwards")
	_, ok := v.MarkCell([2]int{10, 0}, 0, 0)
	require.False(t, ok, "off the field")

	c := [2]int{4, 4}
	probe := color.RGBA{0xff, 0, 0xff, 0xff}
	m := &render.Moment{Prev: f, Cur: f, T: 1, Marks: []render.SeatMarks{{Seat: 1, Color: v.SeatColor(1),
		Marks: []game.Mark{{Kind: "circle", At: &c, Radius: 1, Color: "#ff00ff"}}}}}
	p := at(4, 4)
	require.Equal(t, probe, draw(v, m).RGBAAt(int(p.X+p.Size), int(p.Y)), "the circle, a cell from the middle of its cell")
	m.Marks = nil
	require.NotEqual(t, probe, draw(v, m).RGBAAt(int(p.X+p.Size), int(p.Y)), "no marks, no circle")
}
