package alienwarz

import (
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/render"
)

// MarkCell places a bot's debug mark: c is [X, Z] as the protocol's
// "position" is, X the row (downwards) and Z the column (rightwards).
func (v *View) MarkCell(c [2]int, _, _ float64) (render.MarkCell, bool) {
	cell := alienwarz.Cell{X: c[0], Z: c[1]}
	if !cell.On() {
		return render.MarkCell{}, false
	}
	x, y := v.centerOf(cell)
	return render.SquareCell(x, y, v.cell, 1), true
}
