package aibg5

import (
	"math"

	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// MarkCell places a bot's debug mark: c is the hex (q, r) in the axial
// coordinates of the game's protocol (as in "move,q,r"), r growing
// downwards.
func (v *View) MarkCell(c [2]int, _, _ float64) (render.MarkCell, bool) {
	h := hex.Hex{Q: c[0], R: c[1]}
	if !aibg5.OnMap(h) {
		return render.MarkCell{}, false
	}
	x, y := center(h)
	out := render.MarkCell{N: 6, Size: math.Sqrt(3) * sprites.HexRadius * v.cam.Scale()}
	out.X, out.Y = v.cam.ToScreen(x, y)
	for i, p := range worldLayout.Corners(h) {
		out.Corners[i][0], out.Corners[i][1] = v.cam.ToScreen(p[0], p[1])
	}
	return out, true
}
