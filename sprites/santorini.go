package sprites

import (
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"
)

// Santorini's board is drawn in an oblique view: a cell's top face is CellPx
// wide and CellPx*Squash deep, and every level of a tower stands TierPx high.
const (
	CellPx = 160
	Squash = 0.74
	TierPx = 30
	// CliffPx is the height of the island's front face under the board.
	CliffPx = 44
	// RimPx is the island's border around the 5x5 cells.
	RimPx = 40
)

// TierWidth is the width of each tower level (1..3) relative to a cell.
var TierWidth = [4]float64{0, 0.90, 0.76, 0.62}

// Santorini is the atlas of the Santorini board.
type Santorini struct {
	Island *ebiten.Image    // the board's island: 5x5 cells plus rim and cliff
	Ground *ebiten.Image    // a cell's grass top face
	Tier   [4]*ebiten.Image // levels 1..3: top face over a front face TierPx high
	Dome   *ebiten.Image    // a dome; its base's centre is DomeBase from the top
	Worker [2]*ebiten.Image // player 1 and player 2; feet at the bottom centre
	Shadow *ebiten.Image    // a soft ellipse under a worker
	Cell   *ebiten.Image    // a white top-face outline, tinted for highlights
	Fill   *ebiten.Image    // a white top-face, tinted for highlights
}

// DomeBase is how far below the dome sprite's top the middle of its base is.
const DomeBase = 0.34 * CellPx

// SantoriniSheet returns the Santorini atlas, painting it on first use.
var SantoriniSheet = sync.OnceValue(paintSantorini)

var (
	stoneTop   = Hex(0xf6f2e9)
	stoneFront = Hex(0xd7d0c1)
	stoneShade = Hex(0xa9a08f)
	aegean     = Hex(0x1f5fc4)
	grass      = Hex(0x79b257)
	grassDark  = Hex(0x4f8a3c)
	sand       = Hex(0xd8c49e)
	cliff      = Hex(0x8a7356)
)

func paintSantorini() *Santorini {
	imgs := []*Canvas{paintIsland(), paintGround()}
	for l := 1; l <= 3; l++ {
		imgs = append(imgs, paintTier(l))
	}
	imgs = append(imgs, paintDome(), paintWorker(0), paintWorker(1), paintShadow(), paintCellOutline(), paintCellFill())
	p := Pack(images(imgs)...)
	s := &Santorini{Island: p[0], Ground: p[1], Dome: p[5], Worker: [2]*ebiten.Image{p[6], p[7]}, Shadow: p[8], Cell: p[9], Fill: p[10]}
	copy(s.Tier[1:], p[2:5])
	return s
}

// paintIsland paints the platform the cells sit on: sand with a rim, and a
// cliff below its front edge.
func paintIsland() *Canvas {
	w := 5*CellPx + 2*RimPx
	top := int(math.Ceil((5*CellPx + 2*RimPx) * Squash))
	c := NewCanvas(w, top+CliffPx)
	r := float64(RimPx) * 0.9
	// The cliff: the top face's outline pushed down, in rock.
	RoundRect(c.Path(), 0, CliffPx, float64(w), float64(top), r)
	c.Fill(Grain(Linear(0, float64(top), 0, float64(top+CliffPx), cliff, cliff.Scale(0.55)), 0.06, 7))
	RoundRect(c.Path(), 0, 0, float64(w), float64(top), r)
	c.Fill(Grain(Linear(0, 0, 0, float64(top), sand.Scale(1.05), sand.Scale(0.86)), 0.05, 3))
	// A dark inlay that the cells sit in.
	in := float64(RimPx) * 0.55
	RoundRect(c.Path(), in, in*Squash, float64(w)-2*in, float64(top)-2*in*Squash, r*0.6)
	c.Fill(Solid(Hex(0x3b2f22).Alpha(0.55)))
	return c
}

// paintGround paints a cell's grass top face.
func paintGround() *Canvas {
	h := CellPx * Squash
	c := NewCanvas(CellPx, int(math.Ceil(h)))
	in := 0.035 * CellPx
	RoundRect(c.Path(), in, in*Squash, CellPx-2*in, h-2*in*Squash, 10)
	c.Fill(Grain(Radial(CellPx*0.35, h*0.3, CellPx*0.9, grass.Scale(1.08), grassDark), 0.09, 11))
	// A lighter lip along the back edge, as if lit from behind.
	RoundRect(c.Path(), in, in*Squash, CellPx-2*in, 5, 3)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.16)))
	return c
}

// paintTier paints one level of a tower: a white top face over a front face
// with blue windows, smaller as the tower rises.
func paintTier(level int) *Canvas {
	w := TierWidth[level] * CellPx
	h := w * Squash
	c := NewCanvas(int(math.Ceil(w)), int(math.Ceil(h+TierPx)))
	r := 8.0 + 4*float64(level)
	// The front face: the top face's outline, pushed down TierPx.
	RoundRect(c.Path(), 0, TierPx, w, h, r)
	c.Fill(Grain(Linear(0, h, 0, h+TierPx, stoneFront, stoneShade), 0.05, uint32(level)))
	// Windows (level 1), arched doors (level 2), columns (level 3).
	z := c.Path()
	switch level {
	case 1:
		for i := 0; i < 4; i++ {
			x := w*0.15 + float64(i)*w*0.2
			RoundRect(z, x, h+10, w*0.09, TierPx-20, 3)
		}
	case 2:
		for _, x := range []float64{w * 0.22, w * 0.455, w * 0.69} {
			RoundRect(z, x, h+9, w*0.1, TierPx-9, w*0.05)
		}
	case 3:
		for i := 0; i < 5; i++ {
			x := w*0.13 + float64(i)*w*0.17
			Rect(z, x, h+5, w*0.06, TierPx-7)
		}
	}
	if level == 3 {
		c.Fill(Solid(stoneShade.Scale(0.8)))
	} else {
		c.Fill(Solid(aegean.Scale(0.85)))
	}
	// The top face, with a darker rim where it meets the front face.
	RoundRect(c.Path(), 0, 0, w, h+3, r)
	c.Fill(Solid(stoneShade.Scale(0.9)))
	RoundRect(c.Path(), 0, 0, w, h, r)
	c.Fill(Grain(Linear(0, 0, w, h, stoneTop, stoneTop.Scale(0.93)), 0.035, uint32(level)+20))
	in := 0.07 * w
	RoundRect(c.Path(), in, in*Squash, w-2*in, h-2*in*Squash, r*0.7)
	c.Fill(Solid(stoneShade.Alpha(0.16)))
	return c
}

// paintDome paints the blue dome that closes a tower.
func paintDome() *Canvas {
	w := 0.56 * CellPx
	rx, ry := w/2, DomeBase
	c := NewCanvas(int(math.Ceil(w))+2, int(math.Ceil(ry+rx*Squash*0.55))+2)
	cx := rx + 1
	base := ry + 1
	// The base ring seen from above, then the half sphere over it.
	Ellipse(c.Path(), cx, base, rx, rx*Squash*0.5)
	c.Fill(Solid(aegean.Scale(0.55)))
	z := c.Path()
	z.MoveTo(float32(cx-rx), float32(base))
	z.CubeTo(float32(cx-rx), float32(base-ry*1.33), float32(cx+rx), float32(base-ry*1.33), float32(cx+rx), float32(base))
	z.CubeTo(float32(cx+rx), float32(base+rx*Squash*0.55), float32(cx-rx), float32(base+rx*Squash*0.55), float32(cx-rx), float32(base))
	z.ClosePath()
	c.Fill(Radial(cx-rx*0.35, base-ry*0.7, rx*1.5, Hex(0x6fa4ff), aegean.Scale(0.6)))
	Ellipse(c.Path(), cx-rx*0.38, base-ry*0.62, rx*0.16, ry*0.12)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.55)))
	return c
}

// Worker colours: player 1 is sun gold, player 2 is terracotta red.
var (
	WorkerGold = Hex(0xf2b233)
	WorkerRed  = Hex(0xe0475b)
)

// paintWorker paints a worker: player 1 round like a pawn, player 2 angular
// with a crested helmet, so they differ in shape as well as colour.
func paintWorker(player int) *Canvas {
	w, h := 0.5*CellPx, 0.82*CellPx
	c := NewCanvas(int(w), int(h))
	cx := w / 2
	body := WorkerGold
	if player == 1 {
		body = WorkerRed
	}
	light := body.Mix(Hex(0xffffff), 0.45)
	dark := body.Scale(0.5)
	shade := func() Paint { return Linear(cx-w*0.35, 0, cx+w*0.4, h*0.3, light, body.Scale(0.78)) }
	outline := Solid(Hex(0x1b1410))
	if player == 0 {
		round := func(z *vector.Rasterizer, g float64) {
			Ellipse(z, cx, h-12, w*0.4+g, 10+g)
			f := func(v float64) float32 { return float32(v) }
			z.MoveTo(f(cx-w*0.33-g), f(h-13))
			z.CubeTo(f(cx-w*0.22-g), f(h*0.62), f(cx-w*0.1-g), f(h*0.45), f(cx-w*0.1-g), f(h*0.36))
			z.LineTo(f(cx+w*0.1+g), f(h*0.36))
			z.CubeTo(f(cx+w*0.1+g), f(h*0.45), f(cx+w*0.22+g), f(h*0.62), f(cx+w*0.33+g), f(h-13))
			z.ClosePath()
			Ellipse(z, cx, h*0.36, w*0.17+g, 5+g)
			Ellipse(z, cx, h*0.22, w*0.2+g, w*0.2+g)
		}
		round(c.Path(), 3)
		c.Fill(outline)
		round(c.Path(), 0)
		c.Fill(shade())
		Ellipse(c.Path(), cx, h-12, w*0.4, 10)
		c.Fill(Solid(dark))
	} else {
		angular := func(z *vector.Rasterizer, g float64) {
			Polygon(z, cx-w*0.4-g, h-4+g, cx+w*0.4+g, h-4+g, cx+w*0.36+g, h-20-g, cx-w*0.36-g, h-20-g)
			Polygon(z, cx-w*0.3-g, h-18, cx+w*0.3+g, h-18, cx+w*0.17+g, h*0.38-g, cx-w*0.17-g, h*0.38-g)
			// The helmet: a block with a crest on top.
			RoundRect(z, cx-w*0.18-g, h*0.13-g, w*0.36+2*g, w*0.38+2*g, 6)
			Polygon(z, cx-w*0.05-g, h*0.15, cx-w*0.28-g, h*0.02-g, cx+w*0.28+g, h*0.02-g, cx+w*0.05+g, h*0.15)
		}
		angular(c.Path(), 3)
		c.Fill(outline)
		angular(c.Path(), 0)
		c.Fill(shade())
		Polygon(c.Path(), cx-w*0.4, h-4, cx+w*0.4, h-4, cx+w*0.36, h-20, cx-w*0.36, h-20)
		c.Fill(Solid(dark))
		// The visor.
		Rect(c.Path(), cx-w*0.13, h*0.23, w*0.26, 5)
		c.Fill(Solid(Hex(0x1b1410)))
	}
	// A highlight on the head.
	Ellipse(c.Path(), cx-w*0.07, h*0.17, w*0.05, w*0.04)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.6)))
	return c
}

// paintShadow paints a soft dark ellipse.
func paintShadow() *Canvas {
	w, h := 0.5*CellPx, 0.5*CellPx*Squash
	c := NewCanvas(int(w), int(h))
	Rect(c.Path(), 0, 0, w, h)
	c.Fill(func(x, y float64) RGBA {
		d := math.Hypot((x-w/2)/(w/2), (y-h/2)/(h/2))
		return Hex(0).Alpha(0.55 * clamp01(1-d) * clamp01(1-d))
	})
	return c
}

// paintCellOutline paints a white ring the shape of a cell's top face.
func paintCellOutline() *Canvas {
	h := CellPx * Squash
	c := NewCanvas(CellPx, int(math.Ceil(h)))
	RoundRect(c.Path(), 0, 0, CellPx, h, 16)
	c.Fill(func(x, y float64) RGBA {
		// Brighter towards the edge: a glow inside the outline.
		d := math.Min(math.Min(x, CellPx-x), math.Min(y, h-y)/Squash)
		return Hex(0xffffff).Alpha(clamp01(1 - d/22))
	})
	return c
}

// paintCellFill paints a white top face with soft edges.
func paintCellFill() *Canvas {
	h := CellPx * Squash
	c := NewCanvas(CellPx, int(math.Ceil(h)))
	RoundRect(c.Path(), 6, 6*Squash, CellPx-12, h-12*Squash, 14)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}
