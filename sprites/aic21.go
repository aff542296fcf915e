package sprites

import (
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"
)

// AICCell is the size of a map cell in AIC21's atlas; the ground is drawn
// at this size and smaller.
const AICCell = 64

// AICUnit is the size of an ant's or a scorpion's sprite in the atlas.
const AICUnit = 96

// AIC21 is the atlas of AIC21's torus: soil, rocks, swamps and antlion
// pits; bread and grass in three sizes of pile; each colony's anthill,
// ants and scorpions, in two steps of their walk; and the effects.
type AIC21 struct {
	Atlas    *ebiten.Image
	Pixel    *ebiten.Image
	Soil     [4]*ebiten.Image // ground tiles, a little different each
	Rock     [3]*ebiten.Image // a wall's boulders, drawn over soil
	RockJoin *ebiten.Image    // a boulder on the edge between two walls
	Swamp    [2]*ebiten.Image
	Pit      *ebiten.Image // a trap: an antlion's pit, drawn over soil
	Clearing *ebiten.Image // trodden ground under an anthill
	Bread    [3]*ebiten.Image
	Grass    [3]*ebiten.Image
	Anthill  [2]*ebiten.Image // by colony; two cells wide
	// Ant and Scorpion are by colony, then by step of the walk; they face
	// up.
	Ant      [2][2]*ebiten.Image
	Scorpion [2][2]*ebiten.Image
	Glow     *ebiten.Image
	Ring     *ebiten.Image
	Disc     *ebiten.Image
	Square   *ebiten.Image // colony 1's badge, where colony 0's is a disc
	Spark    *ebiten.Image
	Bolt     *ebiten.Image // a shot, bright at its head (right)
	Arrow    *ebiten.Image // an order, pointing right
	Bubble   *ebiten.Image // a speech bubble
	Digits   map[rune]*ebiten.Image
}

// AICSheet returns the AIC21 atlas, painting it on first use.
var AICSheet = sync.OnceValue(paintAIC21)

// The colonies' colours: colony 0 azure, colony 1 fire-ant red.
var (
	AICBlue = Hex(0x4aa8ff)
	AICRed  = Hex(0xff5a3c)
)

// The resources' colours.
var (
	BreadGold  = Hex(0xf2b552)
	GrassGreen = Hex(0x78d957)
)

func paintAIC21() *AIC21 {
	white := Hex(0xffffff)
	pixel := NewCanvas(4, 4)
	Rect(pixel.Path(), 0, 0, 4, 4)
	pixel.Fill(Solid(white))
	cs := []*Canvas{pixel}
	for i := range 4 {
		cs = append(cs, paintSoil(uint32(i)))
	}
	for i := range 3 {
		cs = append(cs, paintRock(uint32(i)))
	}
	cs = append(cs, paintRockJoin(), paintSwamp(0), paintSwamp(1), paintPit(), paintClearing())
	for size := range 3 {
		cs = append(cs, paintBread(size))
	}
	for size := range 3 {
		cs = append(cs, paintGrass(size))
	}
	teams := [2]RGBA{AICBlue, AICRed}
	for _, col := range teams {
		cs = append(cs, paintAnthill(col))
	}
	for _, col := range teams {
		cs = append(cs, paintAnt(col, 0), paintAnt(col, 1))
	}
	for _, col := range teams {
		cs = append(cs, paintScorpion(col, 0), paintScorpion(col, 1))
	}
	glow, ring, disc := paintLights(8)
	cs = append(cs, glow, ring, disc, paintSquare(), paintSpark(), paintBoltShot(), paintOrderArrow(), paintBubble())
	const glyphs = "0123456789+-"
	cs = append(cs, paintGlyphs(glyphs)...)
	atlas, p := PackAtlas(images(cs)...)
	a := &AIC21{Atlas: atlas, Pixel: sub(p[0], 1, 1, 3, 3), Digits: map[rune]*ebiten.Image{}}
	i := 1
	next := func() *ebiten.Image { i++; return p[i-1] }
	for k := range a.Soil {
		a.Soil[k] = next()
	}
	for k := range a.Rock {
		a.Rock[k] = next()
	}
	a.RockJoin, a.Swamp[0], a.Swamp[1], a.Pit, a.Clearing = next(), next(), next(), next(), next()
	for k := range a.Bread {
		a.Bread[k] = next()
	}
	for k := range a.Grass {
		a.Grass[k] = next()
	}
	a.Anthill[0], a.Anthill[1] = next(), next()
	for c := range 2 {
		a.Ant[c][0], a.Ant[c][1] = next(), next()
	}
	for c := range 2 {
		a.Scorpion[c][0], a.Scorpion[c][1] = next(), next()
	}
	a.Glow, a.Ring, a.Disc, a.Square = next(), next(), next(), next()
	a.Spark, a.Bolt, a.Arrow, a.Bubble = next(), next(), next(), next()
	for _, r := range glyphs {
		a.Digits[r] = next()
	}
	return a
}

// scatter is a deterministic pseudo-random number in 0..1 for the k-th
// thing of a sprite painted with seed.
func scatter(k int, seed uint32) float64 { return noise(k, int(seed)*7+3, seed+11) }

// paintSoil paints a ground tile: dark loam with grain, a few pebbles and
// a soft bevel, so that cells read as cells.
func paintSoil(seed uint32) *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	Rect(c.Path(), 0, 0, s, s)
	c.Fill(Grain(Linear(0, 0, s, s, Hex(0x4a4030), Hex(0x3a3224)), 0.045, 40+seed))
	// Darker and lighter blotches of earth.
	for k := range 5 {
		x, y := scatter(k, seed)*s, scatter(k+20, seed)*s
		r := 6 + scatter(k+40, seed)*10
		Ellipse(c.Path(), x, y, r, r*0.7)
		tone := Hex(0x2a2418)
		if k%2 == 0 {
			tone = Hex(0x463c2a)
		}
		c.Fill(Radial(x, y, r, tone.Alpha(0.5), tone.Alpha(0)))
	}
	for k := range 4 {
		x, y := 6+scatter(k+60, seed)*(s-12), 6+scatter(k+80, seed)*(s-12)
		r := 1.2 + scatter(k+100, seed)*1.8
		Ellipse(c.Path(), x+0.6, y+0.8, r, r*0.8)
		c.Fill(Solid(Hex(0x1c170f).Alpha(0.6)))
		Ellipse(c.Path(), x, y, r, r*0.8)
		c.Fill(Radial(x-r/2, y-r/2, r*1.6, Hex(0x7a6e58), Hex(0x4a4234)))
	}
	// The bevel: light along the top and left, dark along the bottom and right.
	Rect(c.Path(), 0, 0, s, s)
	c.Fill(func(x, y float64) RGBA {
		lt := clamp01(1 - math.Min(x, y)/3)
		dk := clamp01(1 - math.Min(s-x, s-y)/3)
		if dk > lt {
			return Hex(0x0e0b06).Alpha(0.45 * dk)
		}
		return Hex(0x8a7a5a).Alpha(0.12 * lt)
	})
	return c
}

// rockShape adds a lumpy boulder of radius r around (x, y).
func rockShape(z *vector.Rasterizer, x, y, r float64, seed uint32) {
	const n = 9
	pts := make([]float64, 0, 2*n)
	for k := range n {
		a := 2 * math.Pi * float64(k) / n
		rr := r * (0.82 + 0.3*scatter(k, seed))
		pts = append(pts, x+rr*math.Cos(a), y+rr*0.86*math.Sin(a))
	}
	// Round the polygon's corners with quadratic curves through the
	// midpoints of its sides.
	mid := func(i int) (float32, float32) {
		j := (i + 1) % n
		return float32((pts[2*i] + pts[2*j]) / 2), float32((pts[2*i+1] + pts[2*j+1]) / 2)
	}
	x0, y0 := mid(n - 1)
	z.MoveTo(x0, y0)
	for k := range n {
		mx, my := mid(k)
		z.QuadTo(float32(pts[2*k]), float32(pts[2*k+1]), mx, my)
	}
	z.ClosePath()
}

// boulder paints one rock with its shadow, a lit top and a little moss.
func boulder(c *Canvas, x, y, r float64, seed uint32) {
	rockShape(c.Path(), x+r*0.18, y+r*0.28, r, seed)
	c.Fill(Solid(Hex(0x000000).Alpha(0.45)))
	rockShape(c.Path(), x, y, r, seed)
	c.Fill(Grain(Radial(x-r*0.45, y-r*0.55, r*1.9, Hex(0xb4ab98), Hex(0x3e3830)), 0.06, seed+5))
	rockShape(c.Path(), x-r*0.12, y-r*0.16, r*0.62, seed+1)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.08)))
	// Moss on the shaded side.
	for k := range 3 {
		mx := x + (scatter(k+7, seed)-0.3)*r
		my := y + (0.25+0.4*scatter(k+9, seed))*r
		Ellipse(c.Path(), mx, my, r*0.24, r*0.14)
		c.Fill(Solid(Hex(0x5f8a3a).Alpha(0.55)))
	}
}

// paintRock paints a wall: two or three boulders filling most of a cell.
func paintRock(seed uint32) *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	switch seed % 3 {
	case 0:
		boulder(c, m-4, m-3, 22, seed)
		boulder(c, m+13, m+12, 13, seed+3)
	case 1:
		boulder(c, m+5, m-6, 19, seed)
		boulder(c, m-12, m+9, 15, seed+4)
		boulder(c, m+12, m+15, 9, seed+8)
	default:
		boulder(c, m, m, 25, seed)
	}
	return c
}

// paintRockJoin paints a boulder that bridges two neighbouring walls.
func paintRockJoin() *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	boulder(c, s/2, s/2, 17, 77)
	return c
}

// paintSwamp paints a swamp tile: murky water to the tile's edges (so that
// swamps run together), ripples, and a lily pad or reeds.
func paintSwamp(seed uint32) *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	Rect(c.Path(), 0, 0, s, s)
	c.Fill(Grain(Radial(s*0.4, s*0.35, s*0.9, Hex(0x36604f), Hex(0x1b3530)), 0.03, 90+seed))
	for k := range 3 {
		x, y := 10+scatter(k, seed+50)*(s-20), 10+scatter(k+5, seed+50)*(s-20)
		r := 5 + 5*scatter(k+9, seed+50)
		z := c.Path()
		Ellipse(z, x, y, r, r*0.5)
		c.Fill(func(px, py float64) RGBA {
			d := math.Hypot((px-x)/r, (py-y)/(r*0.5))
			return Hex(0x9ad0b0).Alpha(0.35 * clamp01(1-math.Abs(d-0.85)*6))
		})
	}
	if seed%2 == 0 {
		// A lily pad with its notch, and a flower.
		x, y := s*0.66, s*0.64
		z := c.Path()
		z.MoveTo(float32(x), float32(y))
		for k := 0; k <= 20; k++ {
			a := 0.35 + (2*math.Pi-0.7)*float64(k)/20
			z.LineTo(float32(x+9*math.Cos(a)), float32(y+7*math.Sin(a)))
		}
		z.ClosePath()
		c.Fill(Radial(x-3, y-3, 12, Hex(0x8fd06a), Hex(0x3f7a34)))
		Ellipse(c.Path(), x-2, y-1, 2.5, 2.2)
		c.Fill(Solid(Hex(0xf4b8d8)))
	} else {
		// Reeds.
		for k := range 4 {
			bx := s*0.25 + float64(k)*4
			h := 16 + 6*scatter(k, seed)
			z := c.Path()
			Polygon(z, bx-1, s*0.42, bx+1, s*0.42, bx+2+float64(k%2)*2, s*0.42-h, bx+float64(k%2)*2, s*0.42-h)
			c.Fill(Solid(Hex(0x7a9a4a)))
			RoundRect(c.Path(), bx-1.5+float64(k%2)*2, s*0.42-h-2, 4, 8, 2)
			c.Fill(Solid(Hex(0x6a4a2a)))
		}
	}
	// Dark rim, so the swamp's edge against the soil reads.
	Rect(c.Path(), 0, 0, s, s)
	c.Fill(func(x, y float64) RGBA {
		d := math.Min(math.Min(x, s-x), math.Min(y, s-y))
		return Hex(0x0c1a16).Alpha(0.35 * clamp01(1-d/4))
	})
	return c
}

// paintPit paints a trap: an antlion's sand funnel with the antlion's jaws
// waiting at the bottom.
func paintPit() *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	Ellipse(c.Path(), m, m+1, 27, 25)
	c.Fill(func(x, y float64) RGBA {
		r := math.Hypot((x-m)/27, (y-m-1)/25)
		a := math.Atan2(y-m, x-m)
		swirl := 0.5 + 0.5*math.Sin(a*3+r*14)
		sand := Hex(0xb89a62).Mix(Hex(0x2a1c10), clamp01(1.15-r))
		sand = sand.Mix(Hex(0x5a4020), 0.18*swirl*(1-r))
		return sand.Alpha(clamp01((1 - r) * 6))
	})
	// A red warning rim.
	Ellipse(c.Path(), m, m+1, 28, 26)
	c.Fill(func(x, y float64) RGBA {
		r := math.Hypot((x-m)/28, (y-m-1)/26)
		return Hex(0xff4a3a).Alpha(0.45 * clamp01(1-math.Abs(r-0.95)*12))
	})
	// The jaws.
	for _, side := range []float64{-1, 1} {
		z := c.Path()
		z.MoveTo(float32(m+side*2), float32(m+4))
		z.QuadTo(float32(m+side*11), float32(m+2), float32(m+side*5), float32(m-7))
		z.QuadTo(float32(m+side*8), float32(m+1), float32(m+side*1), float32(m+2))
		z.ClosePath()
		c.Fill(Solid(Hex(0x6a2a1a)))
	}
	Ellipse(c.Path(), m, m+5, 4, 3)
	c.Fill(Solid(Hex(0x1a0e08)))
	return c
}

// paintClearing paints the trodden ground around an anthill.
func paintClearing() *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	Rect(c.Path(), 0, 0, s, s)
	c.Fill(Grain(func(x, y float64) RGBA {
		r := math.Hypot(x-m, y-m) / m
		return Hex(0x6a5a3e).Alpha(0.55 * clamp01(1.1-r))
	}, 0.05, 3))
	return c
}

// loaf paints a loaf of bread of half-length r at (x, y), tilted by a.
func loaf(c *Canvas, x, y, r, a float64) {
	rot := func(px, py float64) (float32, float32) {
		return float32(x + px*math.Cos(a) - py*math.Sin(a)), float32(y + px*math.Sin(a) + py*math.Cos(a))
	}
	oval := func(rx, ry, dy float64) {
		z := c.Path()
		for k := 0; k <= 24; k++ {
			t := 2 * math.Pi * float64(k) / 24
			px, py := rot(rx*math.Cos(t), dy+ry*math.Sin(t))
			if k == 0 {
				z.MoveTo(px, py)
			} else {
				z.LineTo(px, py)
			}
		}
		z.ClosePath()
	}
	oval(r*1.02, r*0.62, r*0.18)
	c.Fill(Solid(Hex(0x000000).Alpha(0.35)))
	oval(r, r*0.6, 0)
	lx, ly := rot(-r*0.3, -r*0.35)
	c.Fill(Radial(float64(lx), float64(ly), r*1.5, Hex(0xffd98a), Hex(0xa8601e)))
	// The scores on the crust.
	for k := -1; k <= 1; k++ {
		z := c.Path()
		cx := float64(k) * r * 0.45
		x0, y0 := rot(cx-r*0.12, -r*0.32)
		x1, y1 := rot(cx+r*0.16, r*0.3)
		x2, y2 := rot(cx+r*0.05, r*0.32)
		x3, y3 := rot(cx-r*0.2, -r*0.28)
		z.MoveTo(x0, y0)
		z.LineTo(x1, y1)
		z.LineTo(x2, y2)
		z.LineTo(x3, y3)
		z.ClosePath()
		c.Fill(Solid(Hex(0xfff0c8).Alpha(0.8)))
	}
}

// paintBread paints a pile of bread: one bun, two loaves, or a heap.
func paintBread(size int) *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	switch size {
	case 0:
		loaf(c, m, m+2, 11, -0.3)
	case 1:
		loaf(c, m-6, m+6, 13, 0.4)
		loaf(c, m+6, m-3, 14, -0.35)
	default:
		loaf(c, m-10, m+10, 13, 0.5)
		loaf(c, m+11, m+9, 13, -0.4)
		loaf(c, m+2, m-8, 15, 0.1)
		loaf(c, m-9, m-2, 11, -0.8)
	}
	return c
}

// blades paints a tuft of n grass blades from (x, y), h tall.
func blades(c *Canvas, x, y, h float64, n int, seed uint32) {
	for k := range n {
		t := (float64(k)+0.5)/float64(n) - 0.5
		lean := t*1.6 + (scatter(k, seed)-0.5)*0.5
		hh := h * (0.7 + 0.4*scatter(k+30, seed))
		tx, ty := x+math.Sin(lean)*hh, y-math.Cos(lean)*hh
		bx := x + t*h*0.35
		w := 2.2 + scatter(k+60, seed)*1.5
		z := c.Path()
		z.MoveTo(float32(bx-w), float32(y))
		z.QuadTo(float32(bx-w*0.5+(tx-bx)*0.2), float32(y-hh*0.55), float32(tx), float32(ty))
		z.QuadTo(float32(bx+w*0.5+(tx-bx)*0.3), float32(y-hh*0.5), float32(bx+w), float32(y))
		z.ClosePath()
		c.Fill(Linear(0, y, 0, ty, Hex(0x2f7a2a), Hex(0xb8f27a)))
	}
}

// paintGrass paints grass: a few blades, a tuft, or a thick patch.
func paintGrass(size int) *Canvas {
	const s = AICCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	shadow := func(x, y, r float64) {
		Ellipse(c.Path(), x, y, r, r*0.35)
		c.Fill(Radial(x, y, r, Hex(0x000000).Alpha(0.4), Hex(0x000000).Alpha(0)))
	}
	switch size {
	case 0:
		shadow(m, m+10, 12)
		blades(c, m, m+10, 20, 4, 1)
	case 1:
		shadow(m, m+13, 20)
		blades(c, m-7, m+12, 24, 5, 2)
		blades(c, m+7, m+14, 26, 6, 3)
	default:
		shadow(m, m+14, 28)
		blades(c, m-13, m+8, 24, 6, 4)
		blades(c, m+12, m+9, 25, 6, 5)
		blades(c, m-4, m+17, 30, 8, 6)
		blades(c, m+6, m+20, 22, 5, 7)
	}
	return c
}

// paintAnthill paints a colony's base, two cells wide: an earthen mound
// with its dark entrance, rings of dug soil, pebbles, and the colony's
// pennant.
func paintAnthill(team RGBA) *Canvas {
	const s = 2 * AICCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	Ellipse(c.Path(), m+6, m+12, 50, 34)
	c.Fill(Radial(m+6, m+12, 50, Hex(0x000000).Alpha(0.5), Hex(0x000000).Alpha(0)))
	Ellipse(c.Path(), m, m+4, 46, 38)
	c.Fill(Grain(Radial(m-14, m-12, 62, Hex(0xb08a58), Hex(0x4a3620)), 0.07, 21))
	// Rings of dug soil around the top.
	for k, r := range []float64{34, 24} {
		Ellipse(c.Path(), m, m+4-float64(k)*3, r, r*0.78)
		c.Fill(func(x, y float64) RGBA {
			d := math.Hypot((x-m)/r, (y-m-4+float64(k)*3)/(r*0.78))
			return Hex(0x2a1e12).Alpha(0.35 * clamp01(1-math.Abs(d-0.92)*9))
		})
	}
	// Pebbles.
	for k := range 14 {
		a := scatter(k, 8) * 2 * math.Pi
		r := 18 + scatter(k+20, 8)*24
		x, y := m+r*math.Cos(a), m+4+r*0.8*math.Sin(a)
		pr := 1.5 + scatter(k+40, 8)*2
		Ellipse(c.Path(), x, y, pr, pr*0.8)
		c.Fill(Radial(x-pr/2, y-pr/2, pr*1.5, Hex(0xd8c8a8), Hex(0x6a5a40)))
	}
	// The entrance.
	Ellipse(c.Path(), m, m-2, 12, 9)
	c.Fill(Solid(Hex(0x3a2a18)))
	Ellipse(c.Path(), m, m-1, 9, 6.5)
	c.Fill(Radial(m, m+1, 9, Hex(0x000000), Hex(0x1a120a)))
	// The pennant on its stick.
	px, py := m+26, m-18
	RoundRect(c.Path(), px-1.5, py-34, 3, 38, 1.5)
	c.Fill(Solid(Hex(0x4a3a2a)))
	z := c.Path()
	z.MoveTo(float32(px+1), float32(py-34))
	z.QuadTo(float32(px+14), float32(py-32), float32(px+24), float32(py-26))
	z.QuadTo(float32(px+14), float32(py-22), float32(px+1), float32(py-18))
	z.ClosePath()
	c.Fill(Linear(px, 0, px+24, 0, team.Mix(Hex(0xffffff), 0.25), team.Scale(0.75)))
	Ellipse(c.Path(), px, py-35, 2.5, 2.5)
	c.Fill(Solid(Hex(0xf0e0b0)))
	return c
}

// limb adds a jointed leg or feeler through the points x0,y0,x1,y1,...,
// w wide, rounded at its joints.
func limb(c *Canvas, w float64, col RGBA, pts ...float64) {
	for i := 0; i+3 < len(pts); i += 2 {
		x0, y0, x1, y1 := pts[i], pts[i+1], pts[i+2], pts[i+3]
		l := math.Hypot(x1-x0, y1-y0)
		if l == 0 {
			continue
		}
		nx, ny := -(y1-y0)/l*w/2, (x1-x0)/l*w/2
		Polygon(c.Path(), x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny)
		c.Fill(Solid(col))
		if i > 0 {
			Ellipse(c.Path(), x0, y0, w/2, w/2)
			c.Fill(Solid(col))
		}
	}
}

// shine paints a shaded ellipse of the body colour with a highlight.
func shine(c *Canvas, x, y, rx, ry float64, body RGBA) {
	Ellipse(c.Path(), x, y, rx, ry)
	c.Fill(Radial(x-rx*0.35, y-ry*0.45, math.Max(rx, ry)*1.7, body.Mix(Hex(0xffffff), 0.22), body.Scale(0.36)))
	Ellipse(c.Path(), x-rx*0.3, y-ry*0.4, rx*0.32, ry*0.22)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.35)))
}

// paintAnt paints a worker ant of a colony, seen from above and facing up,
// at one of the two steps of its tripod walk.
func paintAnt(team RGBA, step int) *Canvas {
	const s = AICUnit
	c := NewCanvas(s, s)
	m := float64(s) / 2
	leg := team.Mix(Hex(0x000000), 0.6)
	Ellipse(c.Path(), m+3, m+8, 20, 32)
	c.Fill(Radial(m+3, m+8, 32, Hex(0x000000).Alpha(0.35), Hex(0x000000).Alpha(0)))
	// Six legs from the thorax; the tripods swap between the steps.
	swing := 5.0
	if step == 1 {
		swing = -5
	}
	for _, side := range []float64{-1, 1} {
		for k, base := range [3][2]float64{{-7, -6}, {0, -2}, {7, 2}} {
			sw := swing
			if (k%2 == 0) != (side > 0) {
				sw = -swing
			}
			hx, hy := m+side*5, m-6+base[1]
			kx, ky := m+side*17, m-8+base[0]*1.6+sw*0.4
			fx, fy := m+side*23, m-8+base[0]*3.2+sw
			limb(c, 2.6, leg, hx, hy, kx, ky, fx, fy)
		}
	}
	// Feelers, elbowed.
	for _, side := range []float64{-1, 1} {
		limb(c, 1.8, leg, m+side*3, m-27, m+side*9, m-35, m+side*16, m-40-float64(step)*1.5)
	}
	body := team
	shine(c, m, m+19, 13, 17, body)
	// Bands across the gaster.
	for k := range 2 {
		y := m + 16 + float64(k)*8
		Ellipse(c.Path(), m, y, 12.5-float64(k)*2, 2)
		c.Fill(Solid(body.Scale(0.35).Alpha(0.55)))
	}
	shine(c, m, m+1, 3.5, 3.5, body.Scale(0.8))
	shine(c, m, m-9, 7, 9, body)
	// Mandibles.
	for _, side := range []float64{-1, 1} {
		z := c.Path()
		z.MoveTo(float32(m+side*2), float32(m-30))
		z.QuadTo(float32(m+side*9), float32(m-34), float32(m+side*4), float32(m-38))
		z.QuadTo(float32(m+side*5), float32(m-33), float32(m+side*1), float32(m-31))
		z.ClosePath()
		c.Fill(Solid(leg))
	}
	shine(c, m, m-24, 9, 8, body)
	for _, side := range []float64{-1, 1} {
		Ellipse(c.Path(), m+side*6, m-26, 2.4, 3)
		c.Fill(Solid(Hex(0x0a0a10)))
		Ellipse(c.Path(), m+side*6-0.6, m-27, 0.9, 0.9)
		c.Fill(Solid(Hex(0xffffff)))
	}
	return c
}

// oval adds an ellipse of radii rx, ry around (x, y), turned by a.
func oval(z *vector.Rasterizer, x, y, rx, ry, a float64) {
	for k := 0; k < 28; k++ {
		t := 2 * math.Pi * float64(k) / 28
		px, py := rx*math.Cos(t), ry*math.Sin(t)
		fx, fy := float32(x+px*math.Cos(a)-py*math.Sin(a)), float32(y+px*math.Sin(a)+py*math.Cos(a))
		if k == 0 {
			z.MoveTo(fx, fy)
		} else {
			z.LineTo(fx, fy)
		}
	}
	z.ClosePath()
}

// paintScorpion paints a soldier scorpion of a colony, seen from above and
// facing up: pincers held forward, armoured plates, and a tail curled over
// to one side with a pale sting, at one of two steps of its walk.
func paintScorpion(team RGBA, step int) *Canvas {
	const s = AICUnit
	c := NewCanvas(s, s)
	m := float64(s) / 2
	armour := team.Scale(0.8)
	dark := team.Mix(Hex(0x000000), 0.62)
	Ellipse(c.Path(), m+4, m+6, 28, 38)
	c.Fill(Radial(m+4, m+6, 38, Hex(0x000000).Alpha(0.35), Hex(0x000000).Alpha(0)))
	// Eight legs.
	swing := 3.5
	if step == 1 {
		swing = -3.5
	}
	for _, side := range []float64{-1, 1} {
		for k := range 4 {
			sw := swing
			if (k%2 == 0) != (side > 0) {
				sw = -swing
			}
			y := m - 3 + float64(k)*5.5
			limb(c, 2.4, dark, m+side*8, y, m+side*18, y-4+sw*0.4, m+side*25, y+2+float64(k)*2+sw)
		}
	}
	// The pincers: arms bent outwards, then the claws, open or closing.
	open := 0.32
	if step == 1 {
		open = 0.12
	}
	for _, side := range []float64{-1, 1} {
		limb(c, 4.5, armour.Scale(0.85), m+side*7, m-14, m+side*20, m-19, m+side*17, m-29)
		hx, hy := m+side*15.5, m-33
		a := side * 0.25
		oval(c.Path(), hx, hy, 6.5, 8.5, a)
		c.Fill(Radial(hx-side*2, hy-3, 11, team.Mix(Hex(0xffffff), 0.35), armour.Scale(0.55)))
		// Two fingers from the hand's tip: the outer one fixed, the inner one
		// opening towards the middle.
		for f, turn := range [2]float64{side * 0.05, -side * open} {
			bx := hx + side*(2.5-5*float64(f))
			by := hy - 6
			ang := -math.Pi/2 + a + turn
			tx, ty := bx+math.Cos(ang)*12, by+math.Sin(ang)*12
			nx, ny := -math.Sin(ang)*3, math.Cos(ang)*3
			z := c.Path()
			z.MoveTo(float32(bx+nx), float32(by+ny))
			z.QuadTo(float32((bx+tx)/2+nx*1.1), float32((by+ty)/2+ny*1.1), float32(tx), float32(ty))
			z.QuadTo(float32((bx+tx)/2-nx*0.6), float32((by+ty)/2-ny*0.6), float32(bx-nx), float32(by-ny))
			z.ClosePath()
			c.Fill(Solid(armour.Mix(Hex(0xffffff), 0.15*float64(1-f)).Scale(0.9)))
		}
	}
	// The body: armoured plates and the head shield.
	oval(c.Path(), m, m+4, 12.5, 19, 0)
	c.Fill(Radial(m-4, m-4, 26, team.Mix(Hex(0xffffff), 0.3), armour.Scale(0.45)))
	for k := range 5 {
		y := m - 3 + float64(k)*5
		RoundRect(c.Path(), m-10.5+float64(k)*0.8, y, 21-float64(k)*1.6, 1.5, 0.75)
		c.Fill(Solid(dark.Alpha(0.75)))
	}
	shine(c, m, m-13, 10.5, 8, team)
	for _, side := range []float64{-1, 1} {
		Ellipse(c.Path(), m+side*2.6, m-16, 1.9, 1.9)
		c.Fill(Solid(Hex(0x0a0a10)))
	}
	// The tail: segments from the back, curling round to the right and up
	// over the body's flank, ending in the sting.
	tail := [][4]float64{{m, m + 24, 5.8, 0}, {m + 2.5, m + 32, 5.6, 0.35}, {m + 9, m + 38, 5.6, 1.1}, {m + 17.5, m + 38.5, 5.8, 1.9},
		{m + 23.5, m + 32, 6, 2.6}}
	for _, t := range tail {
		oval(c.Path(), t[0], t[1], t[2], t[2]*1.3, t[3])
		c.Fill(Radial(t[0]-2, t[1]-2, t[2]*2.2, team.Mix(Hex(0xffffff), 0.3), armour.Scale(0.5)))
	}
	// The telson: a bulb and a hooked barb pointing forward.
	oval(c.Path(), m+25, m+23, 5.5, 7, 2.9)
	c.Fill(Radial(m+23, m+21, 9, Hex(0xfff0e0), team.Scale(0.7)))
	z := c.Path()
	z.MoveTo(float32(m+22), float32(m+19))
	z.QuadTo(float32(m+22), float32(m+12), float32(m+15), float32(m+9))
	z.QuadTo(float32(m+25), float32(m+12), float32(m+28), float32(m+19))
	z.ClosePath()
	c.Fill(Solid(Hex(0xfff4e0)))
	return c
}

// paintOrderArrow paints an order's arrow pointing right: a shaft and a
// head, white to be tinted.
func paintOrderArrow() *Canvas {
	c := NewCanvas(64, 40)
	Polygon(c.Path(), 4, 15, 36, 15, 36, 5, 60, 20, 36, 35, 36, 25, 4, 25)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// paintBubble paints a speech bubble with its tail at the bottom left.
func paintBubble() *Canvas {
	c := NewCanvas(56, 44)
	RoundRect(c.Path(), 2, 2, 52, 30, 12)
	c.Fill(Solid(Hex(0xffffff)))
	Polygon(c.Path(), 12, 28, 24, 28, 8, 42)
	c.Fill(Solid(Hex(0xffffff)))
	for k := range 3 {
		Ellipse(c.Path(), 17+float64(k)*11, 17, 3, 3)
		c.Fill(Solid(Hex(0x606878)))
	}
	return c
}
