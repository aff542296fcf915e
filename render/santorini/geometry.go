// Package santorini draws Santorini: the island board in an oblique view,
// towers of white tiers and blue domes, the two players' workers, and a
// person's clicks turned into moves.
package santorini

import (
	"image"
	"math"

	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/sprites"
)

// Geometry places the board in a screen area: where each cell's top face is
// at each height, and which cell a point is on.
type Geometry struct {
	// K is screen pixels per sprite pixel.
	K float64
	// X, Y is the top-left of the island's top face.
	X, Y float64
}

// islandW and islandH are the island's top face in sprite pixels.
const (
	islandW = 5*sprites.CellPx + 2*sprites.RimPx
	islandH = islandW * sprites.Squash
	// headroom is what rises above the back row: a tower and a worker.
	headroom = 3*levelPx + 0.82*sprites.CellPx - 0.5*sprites.CellPx*sprites.Squash
	// levelPx is how high a tower level is drawn, in sprite pixels: its
	// front face is squeezed to half its painted height, so that a level-3
	// tower's top, and the feet of a worker on it, stay inside its own
	// cell's band of the screen instead of the row behind.
	levelPx = tierRise * sprites.TierPx
	// tierRise is the share of a tier sprite's front face that is drawn.
	tierRise = 0.5
)

// BoardGeometry is where the view draws the board in area at an interface
// scale: room for the row and column labels is kept on the left and below.
func BoardGeometry(area image.Rectangle, scale float64) Geometry {
	return NewGeometry(area, 34*scale)
}

// NewGeometry fits the board into area, leaving label room of margin pixels
// on the left and below.
func NewGeometry(area image.Rectangle, margin float64) Geometry {
	w := float64(area.Dx()) - margin
	h := float64(area.Dy()) - margin
	k := math.Min(w/islandW, h/(islandH+sprites.CliffPx+headroom))
	k = math.Max(k, 0.05)
	bw, bh := islandW*k, (islandH+sprites.CliffPx+headroom)*k
	x := float64(area.Min.X) + margin + (w-bw)/2
	y := float64(area.Min.Y) + (h-bh)/2 + headroom*k
	return Geometry{K: k, X: x, Y: y}
}

// CellW is the screen width of a cell; its top face is CellW*Squash deep.
func (g Geometry) CellW() float64 { return sprites.CellPx * g.K }

// Ground is the top-left corner of cell c's ground face.
func (g Geometry) Ground(c santorini.Cell) (x, y float64) {
	x = g.X + (sprites.RimPx+float64(c.Col())*sprites.CellPx)*g.K
	y = g.Y + (sprites.RimPx+float64(4-c.Row())*sprites.CellPx)*sprites.Squash*g.K
	return x, y
}

// Center is the middle of cell c's top face on a tower of the given height.
func (g Geometry) Center(c santorini.Cell, height float64) (x, y float64) {
	x, y = g.Ground(c)
	return x + g.CellW()/2, y + g.CellW()*sprites.Squash/2 - height*levelPx*g.K
}

// Pick returns the cell under the point (px, py) on a board with the given
// heights: the front-most cell whose column of blocks, from its ground face to
// its top face, covers the point.
func (g Geometry) Pick(px, py float64, heights *[25]uint8) (santorini.Cell, bool) {
	cw := g.CellW()
	for row := 0; row < 5; row++ {
		for col := 0; col < 5; col++ {
			c := santorini.Cell(col*5 + row)
			x, y := g.Ground(c)
			h := float64(min(heights[c], 3)) * levelPx * g.K
			if px >= x && px < x+cw && py >= y-h && py < y+cw*sprites.Squash {
				return c, true
			}
		}
	}
	return santorini.NoCell, false
}
