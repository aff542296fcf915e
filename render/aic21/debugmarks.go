package aic21

import (
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
)

// MarkCell places a bot's debug mark: c is (x, y), x the column
// (rightwards) and y the row (downwards), the protocol's "col" and "row";
// the torus wraps them, and of the copies of the cell on screen it is the
// one nearest the screen point (nearX, nearY), so that a line takes the
// short way round.
func (v *View) MarkCell(c [2]int, nearX, nearY float64) (render.MarkCell, bool) {
	s := v.drawn
	if s == nil || s.W <= 0 || s.H <= 0 {
		return render.MarkCell{}, false
	}
	cell := aic21.Cell{X: ((c[0] % s.W) + s.W) % s.W, Y: ((c[1] % s.H) + s.H) % s.H}
	wx, wy := center(cell)
	rx, ry := v.cam.ToWorld(nearX, nearY)
	x, y := v.cam.ToScreen(near(wx, wy, rx, ry, s))
	return render.SquareCell(x, y, unit*v.cam.Scale(), 1), true
}
