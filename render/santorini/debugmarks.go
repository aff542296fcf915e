package santorini

import (
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// MarkCell places a bot's debug mark: c is [column, row], column 0..4 for
// the letters A..E and row 0..4 for the digits 1..5 (C3 is [2, 2]), on the
// top of the cell's tower in the frame drawn.
func (v *View) MarkCell(c [2]int, _, _ float64) (render.MarkCell, bool) {
	if c[0] < 0 || c[0] > 4 || c[1] < 0 || c[1] > 4 {
		return render.MarkCell{}, false
	}
	cell := santorini.Cell(c[0]*5 + c[1])
	h := 0.0
	if v.drawn != nil {
		h = float64(min(v.drawn.Height[cell], 3))
	}
	x, y := v.geo.Center(cell, h)
	return render.SquareCell(x, y, v.geo.CellW(), sprites.Squash), true
}
