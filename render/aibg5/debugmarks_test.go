package aibg5

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/render"
)

// A bot's marks are at the hexes of the protocol's "move,q,r": q grows
// eastwards, r south-eastwards (downwards), off the map they are dropped;
// a circle is drawn round its hex in its colour.
func TestDebugMarksAtTheProtocolsHexes(t *testing.T) {
	v := newView()
	f := botGame(t, test1, 3)[3]
	at := func(q, r int) render.MarkCell {
		c, ok := v.MarkCell([2]int{q, r}, 0, 0)
		require.True(t, ok)
		return c
	}
	x, y := v.cam.ToScreen(center(hex.Hex{Q: 3, R: -2}))
	require.InDelta(t, x, at(3, -2).X, 0.01)
	require.InDelta(t, y, at(3, -2).Y, 0.01)
	require.Greater(t, at(1, 0).X, at(0, 0).X, "q eastwards")
	require.InDelta(t, at(1, 0).Y, at(0, 0).Y, 0.01)
	require.Greater(t, at(0, 1).Y, at(0, 0).Y, "r downwards")
	_, ok := v.MarkCell([2]int{15, 0}, 0, 0)
	require.False(t, ok, "off the map")

	c := [2]int{2, 1}
	m := &render.Moment{Prev: f, Cur: f, T: 1, Marks: []render.SeatMarks{{Seat: 0, Color: v.SeatColor(0),
		Marks: []game.Mark{{Kind: "circle", At: &c, Radius: 1, Color: "#ff00ff"}}}}}
	img := draw(v, m)
	p := at(2, 1)
	got := img.RGBAAt(int(p.X+p.Size), int(p.Y))
	require.Equal(t, color.RGBA{0xff, 0, 0xff, 0xff}, got, "the circle, one hex from the middle of its hex")
	m.Marks = nil
	got = draw(v, m).RGBAAt(int(p.X+p.Size), int(p.Y))
	require.NotEqual(t, color.RGBA{0xff, 0, 0xff, 0xff}, got, "no marks, no circle")
}
