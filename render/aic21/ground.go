package aic21

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// ground is the map's terrain (soil, rocks, swamps, pits, the trodden
// ground of the anthills) painted once per map into images at three
// levels of detail, then drawn once for each turn of the torus on screen.
// The images wrap: what reaches over an edge is painted at the other one
// too, so the turns meet without a seam.
type ground struct {
	kinds  *aic21.Kind // the map painted (its Kinds, shared by all its frames)
	w, h   int
	levels [3]*ebiten.Image // 64, 32 and 16 pixels a cell
	batch  render.Batch
}

// groundPx are the levels' pixels per cell.
var groundPx = [3]float64{unit, unit / 2, unit / 4}

// paint paints the terrain of the map of s.
func (g *ground) paint(s *aic21.State, sh *sprites.AIC21) {
	for i, img := range g.levels {
		if img != nil {
			img.Deallocate()
			g.levels[i] = nil
		}
	}
	g.kinds, g.w, g.h = &s.Kinds[0], s.W, s.H
	near := ebiten.NewImage(s.W*unit, s.H*unit)
	b := &g.batch
	b.Begin(sh.Atlas)
	kind := func(x, y int) aic21.Kind { return s.Kinds[s.At(aic21.Cell{X: x, Y: y})] }
	hash := func(x, y int) int {
		h := uint32(((x%s.W)+s.W)%s.W)*73856093 ^ uint32(((y%s.H)+s.H)%s.H)*19349663
		return int((h ^ h>>13) * 1274126177 >> 16)
	}
	// One cell beyond each edge, so that what reaches over it wraps.
	each := func(fn func(x, y int, px, py float64)) {
		for y := -1; y <= s.H; y++ {
			for x := -1; x <= s.W; x++ {
				fn(x, y, float64(x*unit), float64(y*unit))
			}
		}
	}
	each(func(x, y int, px, py float64) {
		b.AddRect(sh.Soil[hash(x, y)%len(sh.Soil)], px, py, unit, unit, loam(s, x, y))
	})
	each(func(x, y int, px, py float64) {
		if kind(x, y) == aic21.Swamp {
			b.AddRect(sh.Swamp[hash(x, y)%2], px, py, unit, unit, white)
		}
	})
	for c, col := range s.Colonies {
		if !s.BaseKnown(c) {
			continue
		}
		for _, d := range [][2]int{{0, 0}, {s.W, 0}, {-s.W, 0}, {0, s.H}, {0, -s.H}} {
			x, y := float64((col.Base.X+d[0])*unit), float64((col.Base.Y+d[1])*unit)
			b.AddRect(sh.Clearing, x-1.5*unit, y-1.5*unit, 4*unit, 4*unit, white)
		}
	}
	each(func(x, y int, px, py float64) {
		if kind(x, y) == aic21.Trap {
			b.AddRect(sh.Pit, px, py, unit, unit, white)
		}
	})
	// Neighbouring walls are bridged by a boulder on their edge, so that
	// ridges read as ridges.
	each(func(x, y int, px, py float64) {
		if kind(x, y) != aic21.Wall {
			return
		}
		if kind(x+1, y) == aic21.Wall {
			b.AddRect(sh.RockJoin, px+unit/2, py, unit, unit, white)
		}
		if kind(x, y+1) == aic21.Wall {
			b.AddRect(sh.RockJoin, px, py+unit/2, unit, unit, white)
		}
	})
	each(func(x, y int, px, py float64) {
		if kind(x, y) == aic21.Wall {
			b.AddRect(sh.Rock[hash(x, y)%len(sh.Rock)], px, py, unit, unit, white)
		}
	})
	b.Flush(near)
	g.levels[0] = near
	// The smaller levels halve the one before, for clean minification.
	for i := 1; i < len(g.levels); i++ {
		prev := g.levels[i-1]
		img := ebiten.NewImage(prev.Bounds().Dx()/2, prev.Bounds().Dy()/2)
		var op ebiten.DrawImageOptions
		op.GeoM.Scale(0.5, 0.5)
		op.Filter = ebiten.FilterLinear
		img.DrawImage(prev, &op)
		g.levels[i] = img
	}
}

// loam is the tint of the soil at cell (x, y): broad patches of darker
// and lighter, mossier ground that wrap round the torus as the map does.
func loam(s *aic21.State, x, y int) color.NRGBA {
	u, w := 2*math.Pi*float64(x)/float64(s.W), 2*math.Pi*float64(y)/float64(s.H)
	n := 0.5 + 0.22*math.Sin(2*u+0.7)*math.Cos(w+0.3) + 0.16*math.Sin(u+3*w+1.9) + 0.12*math.Cos(3*u-2*w+0.4)
	n = render.Clamp01(n)
	k := 0.8 + 0.2*n
	moss := render.Clamp01((n - 0.55) * 2.5)
	return color.NRGBA{uint8(255 * k * (1 - 0.12*moss)), uint8(255 * k), uint8(255 * k * (1 - 0.2*moss)), 0xff}
}

// draw draws the terrain on screen at the level of detail that suits the
// zoom.
func (g *ground) draw(dst *ebiten.Image, v *View, s *aic21.State) {
	if len(s.Kinds) == 0 {
		return
	}
	if g.kinds != &s.Kinds[0] || g.w != s.W || g.h != s.H {
		g.paint(s, v.sheet)
	}
	level := 0
	for level < len(g.levels)-1 && v.cellPx < groundPx[level+1]*1.2 {
		level++
	}
	v.tile(dst, g.levels[level], groundPx[level]/unit)
}

// tile covers the board with img repeated without end, as the torus is:
// one quad whose texture wraps round, so that the map's turns meet
// without a seam even where the filter blends across them. px is the
// image's pixels per world unit.
func (v *View) tile(dst, img *ebiten.Image, px float64) {
	r := v.board
	o := img.Bounds().Min
	for i, c := range [4]image.Point{r.Min, {r.Max.X, r.Min.Y}, {r.Min.X, r.Max.Y}, r.Max} {
		wx, wy := v.cam.ToWorld(float64(c.X), float64(c.Y))
		v.quad[i] = ebiten.Vertex{DstX: float32(c.X), DstY: float32(c.Y),
			SrcX: float32(float64(o.X) + wx*px), SrcY: float32(float64(o.Y) + wy*px), ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
	}
	v.tileOp.Address = ebiten.AddressRepeat
	v.tileOp.Filter = ebiten.FilterLinear
	dst.DrawTriangles(v.quad[:], quadIndices[:], img, &v.tileOp)
}

var quadIndices = [6]uint16{0, 1, 2, 1, 3, 2}

// fog darkens what a colony's units do not see: a few pixels a cell,
// shaded smoothly between cells and round the torus's edges, drawn
// stretched over the map.
type fog struct {
	img    *ebiten.Image
	pix    []byte
	seen   []bool
	of     *aic21.State
	colony int
}

// fogPx is the fog's pixels per cell.
const fogPx = 4

// Darkness of the fog: over what a colony does not see now in the whole
// game; in a colony's own state, over the cells it saw before and over
// the cells it never saw.
const (
	unseenDark     = 0.66
	rememberedDark = 0.45
	unchartedDark  = 0.9
)

// paint works out what colony c's units see in s (rules §3: everything
// within the view distance, on the torus; in a colony's own state, the
// cells its last views showed).
func (f *fog) paint(s *aic21.State, c int) {
	n := s.W * s.H
	w, h := s.W*fogPx, s.H*fogPx
	if f.img == nil || f.img.Bounds().Dx() != w || f.img.Bounds().Dy() != h {
		if f.img != nil {
			f.img.Deallocate()
		}
		f.img = ebiten.NewImage(w, h)
		f.pix = make([]byte, 4*w*h)
		f.seen = make([]bool, n)
	}
	clear(f.seen)
	r := s.View
	switch {
	case s.Observer != 0:
		if c == s.Observer-1 && s.Sight != nil {
			copy(f.seen, s.Sight)
		}
	default:
		for i := range s.Units {
			u := &s.Units[i]
			if u.Colony != c {
				continue
			}
			for dy := -r; dy <= r; dy++ {
				for dx := -(r - abs(dy)); dx <= r-abs(dy); dx++ {
					f.seen[s.At(aic21.Cell{X: u.X + dx, Y: u.Y + dy})] = true
				}
			}
		}
	}
	dark := func(x, y int) float64 {
		i := s.At(aic21.Cell{X: x, Y: y})
		switch {
		case f.seen[i]:
			return 0
		case s.Seen == nil:
			return unseenDark
		case s.Seen[i]:
			return rememberedDark
		}
		return unchartedDark
	}
	for py := range h {
		cy := (float64(py)+0.5)/fogPx - 0.5
		y0 := int(math.Floor(cy))
		ty := cy - float64(y0)
		for px := range w {
			cx := (float64(px)+0.5)/fogPx - 0.5
			x0 := int(math.Floor(cx))
			tx := cx - float64(x0)
			top := dark(x0, y0)*(1-tx) + dark(x0+1, y0)*tx
			bottom := dark(x0, y0+1)*(1-tx) + dark(x0+1, y0+1)*tx
			a := byte(255 * (top*(1-ty) + bottom*ty))
			i := 4 * (py*w + px)
			f.pix[i], f.pix[i+1], f.pix[i+2], f.pix[i+3] = 0, 0, 0, a
		}
	}
	f.img.WritePixels(f.pix)
	f.of, f.colony = s, c
}

// sees reports whether cell i is in colony c's view in the fog painted
// last.
func (f *fog) sees(i int) bool { return f.seen[i] }

// draw draws colony c's fog over the map.
func (f *fog) draw(dst *ebiten.Image, v *View, s *aic21.State, c int) {
	if f.of != s || f.colony != c {
		f.paint(s, c)
	}
	v.tile(dst, f.img, fogPx/float64(unit))
}

// hidden reports whether a thing of colony c on cell is out of the team
// view shown (mode 1 or 2), by the fog painted for the frame.
func (v *View) hidden(mode, c int, cell aic21.Cell) bool {
	if mode == 0 || c == mode-1 || v.fog.of == nil {
		return false
	}
	return !v.fog.sees(v.fog.of.At(cell))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// drawSwamps ripples the swamps' water.
func (v *View) drawSwamps(s *aic21.State, m *render.Moment) {
	if v.cellPx < 16 {
		return
	}
	sh := v.sheet
	for i, k := range s.Kinds {
		if k != aic21.Swamp {
			continue
		}
		c := s.CellOf(i)
		x, y := center(c)
		p := math.Mod(m.Clock*0.4+float64(c.X*7+c.Y*3)*0.13, 1)
		x += (float64((c.X*5+c.Y*3)%7)/7 - 0.5) * unit * 0.5
		y += (float64((c.X*3+c.Y*5)%5)/5 - 0.5) * unit * 0.5
		v.sprite(sh.Ring, x, y, unit*(0.15+0.35*p), 0, render.Fade(mud, 0.35*(1-p)))
	}
}
