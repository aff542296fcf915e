package guardains

import (
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
)

// MarkCell places a bot's debug mark: c is (x, y) as the protocol's
// "coordinates" are, x the column (rightwards) and y the row (downwards),
// within the maze of the frame drawn.
func (v *View) MarkCell(c [2]int, _, _ float64) (render.MarkCell, bool) {
	s := v.drawn
	if s == nil || c[0] < 0 || c[1] < 0 || c[0] >= s.Maze.W || c[1] >= s.Maze.H {
		return render.MarkCell{}, false
	}
	x, y := v.cam.ToScreen(center(guardains.Cell{X: c[0], Y: c[1]}))
	return render.SquareCell(x, y, unit*v.cam.Scale(), 1), true
}
