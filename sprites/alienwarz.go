package sprites

import (
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"
)

// AlienCell is the size of a cell of AlienWarz's board in the atlas.
const AlienCell = 96

// AlienWarz is the atlas of AlienWarz's neon field: tiles, bases, the two
// aliens and their moods, deposits, factories, items and effects. White
// parts are tinted as they are drawn.
type AlienWarz struct {
	Atlas   *ebiten.Image
	Tile    *ebiten.Image // a dark glass square with a bright edge
	Grid    *ebiten.Image // the edge alone, for the neon grid and highlights
	Fill    *ebiten.Image // a soft-cornered white square
	Base    *ebiten.Image // a landing pad (white, tinted by owner)
	Alien   [2]*ebiten.Image
	Eyes    *ebiten.Image // open eyes, drawn over an alien; closed when blinking
	Shut    *ebiten.Image
	Ice     *ebiten.Image // the block a frozen alien is caught in
	Star    *ebiten.Image // a dizzy star
	Mineral *ebiten.Image // a cluster of green crystals
	Diamond *ebiten.Image // a big blue gem
	Factory *ebiten.Image // a refinery (white walls, tinted by owner)
	Roof    *ebiten.Image // its untinted roof and chimney
	Pick    *ebiten.Image // a pickaxe, swung when mining
	Coin    *ebiten.Image
	Bolt    *ebiten.Image // energy
	XPStar  *ebiten.Image
	Bag     *ebiten.Image // a backpack
	Snow    *ebiten.Image // the freeze icon
	Swirl   *ebiten.Image // the daze icon
	Glow    *ebiten.Image
	Ring    *ebiten.Image
	Disc    *ebiten.Image
	Pixel   *ebiten.Image
	Cross   *ebiten.Image // an invalid action's mark
	Digits  map[rune]*ebiten.Image
}

// AlienSheet returns the AlienWarz atlas, painting it on first use.
var AlienSheet = sync.OnceValue(paintAlienWarz)

// The aliens' colours: player 1 electric blue, player 2 hot red.
var (
	AlienBlue = Hex(0x3fa9ff)
	AlienRed  = Hex(0xff4f6d)
)

func paintAlienWarz() *AlienWarz {
	white := Hex(0xffffff)
	cs := []*Canvas{
		paintAlienTile(), paintAlienGrid(), paintAlienFill(), paintPad(),
		paintAlien(AlienBlue), paintAlien(AlienRed), paintEyes(false), paintEyes(true), paintIce(), paintDizzyStar(),
		paintMinerals(), paintDiamond(), paintFactory(), paintRoof(), paintPick(),
		paintCoin(), paintBolt(), paintXPStar(), paintBag(), paintSnow(), paintSwirlIcon(),
	}
	glow, ring, disc := paintLights(8)
	pixel := NewCanvas(4, 4)
	Rect(pixel.Path(), 0, 0, 4, 4)
	pixel.Fill(Solid(white))
	cs = append(cs, glow, ring, disc, pixel, paintCross())
	const glyphs = "0123456789-+/:AB"
	cs = append(cs, paintGlyphs(glyphs)...)
	atlas, p := PackAtlas(images(cs)...)
	a := &AlienWarz{Atlas: atlas, Tile: p[0], Grid: p[1], Fill: p[2], Base: p[3],
		Alien: [2]*ebiten.Image{p[4], p[5]}, Eyes: p[6], Shut: p[7], Ice: p[8], Star: p[9],
		Mineral: p[10], Diamond: p[11], Factory: p[12], Roof: p[13], Pick: p[14],
		Coin: p[15], Bolt: p[16], XPStar: p[17], Bag: p[18], Snow: p[19], Swirl: p[20],
		Glow: p[21], Ring: p[22], Disc: p[23], Pixel: sub(p[24], 1, 1, 3, 3), Cross: p[25],
		Digits: map[rune]*ebiten.Image{}}
	for i, r := range glyphs {
		a.Digits[r] = p[26+i]
	}
	return a
}

func paintAlienTile() *Canvas {
	c := NewCanvas(AlienCell, AlienCell)
	RoundRect(c.Path(), 2, 2, AlienCell-4, AlienCell-4, 12)
	c.Fill(Grain(Linear(0, 0, AlienCell, AlienCell, Hex(0x1c1f3c), Hex(0x0c0e20)), 0.03, 5))
	RoundRect(c.Path(), 6, 6, AlienCell-12, AlienCell-12, 9)
	c.Fill(Radial(AlienCell*0.3, AlienCell*0.25, AlienCell, Hex(0xffffff).Alpha(0.06), Hex(0xffffff).Alpha(0)))
	return c
}

// paintAlienGrid paints a square's neon edge: bright at the edge, fading in.
func paintAlienGrid() *Canvas {
	c := NewCanvas(AlienCell, AlienCell)
	RoundRect(c.Path(), 1, 1, AlienCell-2, AlienCell-2, 13)
	c.Fill(func(x, y float64) RGBA {
		d := math.Min(math.Min(x, AlienCell-x), math.Min(y, AlienCell-y))
		t := clamp01(1 - (d-1)/7)
		return Hex(0xffffff).Alpha(t * t)
	})
	return c
}

func paintAlienFill() *Canvas {
	c := NewCanvas(AlienCell, AlienCell)
	RoundRect(c.Path(), 4, 4, AlienCell-8, AlienCell-8, 12)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// paintPad paints a base: a landing pad of two rings and a cross hair.
func paintPad() *Canvas {
	c := NewCanvas(AlienCell, AlienCell)
	m := float64(AlienCell) / 2
	z := c.Path()
	Ellipse(z, m, m, m*0.86, m*0.86)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.25)))
	c.Fill(func(x, y float64) RGBA {
		r := math.Hypot(x-m, y-m) / m
		ring := math.Exp(-math.Pow((r-0.78)/0.05, 2)) + 0.8*math.Exp(-math.Pow((r-0.5)/0.04, 2))
		return Hex(0xffffff).Alpha(clamp01(ring))
	})
	return c
}

// paintAlien paints a round little alien: a body of the team's colour with a
// lighter belly, two antennae and feet; eyes are drawn over it.
func paintAlien(col RGBA) *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	light, dark := col.Mix(Hex(0xffffff), 0.45), col.Scale(0.45)
	// Antennae.
	z := c.Path()
	for _, side := range []float64{-1, 1} {
		x0, y0 := m+side*10, m-22
		x1, y1 := m+side*22, m-40
		nx, ny := 2.0, -side*0.0
		Polygon(z, x0-nx, y0, x1-nx, y1, x1+nx, y1+ny, x0+nx, y0)
		Ellipse(z, x1, y1, 6, 6)
	}
	c.Fill(Solid(light))
	// Feet.
	z = c.Path()
	Ellipse(z, m-14, m+33, 11, 6)
	Ellipse(z, m+14, m+33, 11, 6)
	c.Fill(Solid(dark))
	// Body.
	Ellipse(c.Path(), m, m+4, 31, 32)
	c.Fill(Radial(m-10, m-10, 46, light, col.Scale(0.75)))
	Ellipse(c.Path(), m, m+16, 18, 13)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.22)))
	return c
}

// paintEyes paints the alien's big eyes: open, or shut for a blink.
func paintEyes(shut bool) *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	for _, side := range []float64{-1, 1} {
		x, y := m+side*12, m-4
		if shut {
			RoundRect(c.Path(), x-9, y-1, 18, 4, 2)
			c.Fill(Solid(Hex(0x12102a)))
			continue
		}
		Ellipse(c.Path(), x, y, 10, 12)
		c.Fill(Solid(Hex(0xffffff)))
		Ellipse(c.Path(), x+side*1.5, y+2, 5.5, 7)
		c.Fill(Solid(Hex(0x12102a)))
		Ellipse(c.Path(), x-1, y-3, 2.2, 2.2)
		c.Fill(Solid(Hex(0xffffff)))
	}
	return c
}

// paintIce paints a translucent ice block with bright edges.
func paintIce() *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	RoundRect(c.Path(), 10, 8, float64(s)-20, float64(s)-12, 10)
	c.Fill(Linear(0, 0, float64(s), float64(s), Hex(0xd8f6ff).Alpha(0.55), Hex(0x5fb8e8).Alpha(0.45)))
	z := c.Path()
	Polygon(z, 18, 16, 40, 14, 22, 30)
	Polygon(z, float64(s)-30, float64(s)-22, float64(s)-16, float64(s)-34, float64(s)-18, float64(s)-18)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.7)))
	return c
}

func paintDizzyStar() *Canvas {
	c := NewCanvas(28, 28)
	starPath(c.Path(), 14, 14, 13, 5.5, 5)
	c.Fill(Solid(Hex(0xffe45c)))
	return c
}

// starPath adds a star of n points around (cx, cy).
func starPath(z *vector.Rasterizer, cx, cy, outer, inner float64, n int) {
	pts := make([]float64, 0, 4*n)
	for i := 0; i < 2*n; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := math.Pi*float64(i)/float64(n) - math.Pi/2
		pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	Polygon(z, pts...)
}

// paintMinerals paints a cluster of green crystals.
func paintMinerals() *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	for _, k := range [][4]float64{{-16, 8, 9, 30}, {14, 10, 8, 26}, {0, 2, 11, 38}, {-5, 20, 7, 18}, {9, 22, 6, 16}} {
		x, y, w, h := m+k[0], m+k[1], k[2], k[3]
		Polygon(c.Path(), x-w, y+h/2, x-w, y-h/3, x, y-h/2-6, x+w, y-h/3, x+w, y+h/2)
		c.Fill(Linear(x-w, y, x+w, y, Hex(0xa8ff9a), Hex(0x1f9a4a)))
		Polygon(c.Path(), x-w*0.3, y+h/2, x-w*0.3, y-h/3, x, y-h/2-4, x+w*0.2, y-h/3)
		c.Fill(Solid(Hex(0xffffff).Alpha(0.35)))
	}
	return c
}

// paintDiamond paints a big cut gem.
func paintDiamond() *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	m := float64(s) / 2
	top, mid, bot := m-26, m-10, m+30
	Polygon(c.Path(), m-30, mid, m-16, top, m+16, top, m+30, mid, m, bot)
	c.Fill(Linear(m-30, top, m+30, bot, Hex(0xe4fbff), Hex(0x2a8cff)))
	z := c.Path()
	Polygon(z, m-30, mid, m+30, mid, m+28, mid+3, m-28, mid+3)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.6)))
	Polygon(c.Path(), m-16, top, m, mid, m+16, top)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.45)))
	Polygon(c.Path(), m, mid, m+30, mid, m, bot)
	c.Fill(Solid(Hex(0x0a2a6a).Alpha(0.35)))
	return c
}

// paintFactory paints a refinery's walls: white, so the owner's colour tints
// them, with a door and windows.
func paintFactory() *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	RoundRect(c.Path(), 14, 34, float64(s)-28, float64(s)-44, 6)
	c.Fill(Linear(0, 34, 0, float64(s)-10, Hex(0xffffff), Hex(0x9a9a9a)))
	z := c.Path()
	RoundRect(z, float64(s)/2-9, float64(s)-34, 18, 24, 5)
	RoundRect(z, 22, 44, 14, 12, 3)
	RoundRect(z, float64(s)-36, 44, 14, 12, 3)
	c.Fill(Solid(Hex(0x202438)))
	return c
}

// paintRoof paints the refinery's roof and chimney, which keep their colour.
func paintRoof() *Canvas {
	s := AlienCell
	c := NewCanvas(s, s)
	RoundRect(c.Path(), float64(s)-34, 12, 12, 26, 3)
	c.Fill(Solid(Hex(0x5a5f7a)))
	Polygon(c.Path(), 8, 38, float64(s)/2, 16, float64(s)-8, 38)
	c.Fill(Linear(0, 16, 0, 38, Hex(0x9aa2c8), Hex(0x4a5070)))
	return c
}

func paintPick() *Canvas {
	c := NewCanvas(48, 48)
	z := c.Path()
	Polygon(z, 22, 12, 26, 12, 26, 46, 22, 46)
	c.Fill(Solid(Hex(0xa0703a)))
	z = c.Path()
	z.MoveTo(2, 14)
	z.QuadTo(24, 0, 46, 14)
	z.LineTo(44, 18)
	z.QuadTo(24, 6, 4, 18)
	z.ClosePath()
	c.Fill(Solid(Hex(0xc8d0e0)))
	return c
}

func paintCoin() *Canvas {
	c := NewCanvas(40, 40)
	Ellipse(c.Path(), 20, 20, 18, 18)
	c.Fill(Radial(14, 12, 26, Hex(0xfff3a0), Hex(0xd08a10)))
	Ellipse(c.Path(), 20, 20, 12, 12)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.25)))
	return c
}

func paintBolt() *Canvas {
	c := NewCanvas(40, 40)
	Polygon(c.Path(), 23, 2, 8, 23, 19, 23, 15, 38, 32, 15, 21, 15)
	c.Fill(Linear(10, 2, 30, 38, Hex(0xfff7a8), Hex(0xffb020)))
	return c
}

func paintXPStar() *Canvas {
	c := NewCanvas(40, 40)
	starPath(c.Path(), 20, 21, 19, 8, 5)
	c.Fill(Linear(0, 0, 40, 40, Hex(0xf0d0ff), Hex(0xa050ff)))
	return c
}

func paintBag() *Canvas {
	c := NewCanvas(40, 40)
	RoundRect(c.Path(), 6, 10, 28, 28, 7)
	c.Fill(Linear(0, 10, 0, 38, Hex(0xd8b080), Hex(0x8a5a2a)))
	z := c.Path()
	RoundRect(z, 12, 3, 16, 9, 4)
	c.Fill(Solid(Hex(0x6a4a2a)))
	RoundRect(c.Path(), 10, 20, 20, 10, 3)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.25)))
	return c
}

// paintSnow paints a six-armed snowflake, the freeze icon.
func paintSnow() *Canvas {
	c := NewCanvas(40, 40)
	z := c.Path()
	for i := 0; i < 6; i++ {
		a := math.Pi / 3 * float64(i)
		dx, dy := math.Cos(a), math.Sin(a)
		nx, ny := -dy*1.6, dx*1.6
		Polygon(z, 20+nx, 20+ny, 20+dx*18+nx, 20+dy*18+ny, 20+dx*18-nx, 20+dy*18-ny, 20-nx, 20-ny)
	}
	c.Fill(Solid(Hex(0xc8f4ff)))
	return c
}

// paintSwirlIcon paints a spiral, the daze icon.
func paintSwirlIcon() *Canvas {
	c := NewCanvas(40, 40)
	Rect(c.Path(), 0, 0, 40, 40)
	c.Fill(func(x, y float64) RGBA {
		dx, dy := x-20, y-20
		r := math.Hypot(dx, dy)
		if r > 18 {
			return RGBA{}
		}
		a := math.Atan2(dy, dx)
		v := math.Cos(a - r*0.45)
		return Hex(0xffb0f0).Alpha(clamp01(v*3 - 1.5))
	})
	return c
}

func paintCross() *Canvas {
	c := NewCanvas(48, 48)
	z := c.Path()
	Polygon(z, 8, 13, 13, 8, 40, 35, 35, 40)
	Polygon(z, 35, 8, 40, 13, 13, 40, 8, 35)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}
