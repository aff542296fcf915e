package sprites

import (
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// GuardCell is the size of a maze cell in GuardAIns' atlas; the maze's
// chunks are drawn at this size and smaller.
const GuardCell = 32

// HeroSize is the size of a hero's badge in the atlas.
const HeroSize = 96

// GuardAIns is the atlas of GuardAIns: the maze's floor, the special cells,
// the power stone, the bases, and the five heroes, each its own figure.
type GuardAIns struct {
	Atlas      *ebiten.Image
	Floor      *ebiten.Image
	Pixel      *ebiten.Image
	Teleporter *ebiten.Image
	HealPoint  *ebiten.Image
	Clue       *ebiten.Image
	Beast      *ebiten.Image
	Stone      *ebiten.Image
	Base       *ebiten.Image
	Badges     [2]*ebiten.Image // a hero's badge by seat, tinted by team: round, square
	Heroes     [5]*ebiten.Image // Gamora, Rocket, Groot, Drax, StarLord (the wire's order)
	Glow       *ebiten.Image
	Ring       *ebiten.Image
	Disc       *ebiten.Image
	Spark      *ebiten.Image
	Bolt       *ebiten.Image // a shot
}

// GuardSheet returns the GuardAIns atlas, painting it on first use.
var GuardSheet = sync.OnceValue(paintGuardAIns)

// The teams' colours: seat 1 is sky blue, seat 2 orange.
var (
	GuardBlue   = Hex(0x4fb3ff)
	GuardOrange = Hex(0xffa040)
)

func paintGuardAIns() *GuardAIns {
	white := Hex(0xffffff)
	cs := []*Canvas{paintFloor(), nil, paintTeleporter(), paintHealPoint(), paintClue(), paintBeast(), paintStone(), paintGuardBase(), paintBadge(false)}
	pixel := NewCanvas(4, 4)
	Rect(pixel.Path(), 0, 0, 4, 4)
	pixel.Fill(Solid(white))
	cs[1] = pixel
	cs = append(cs, paintGamora(), paintRocket(), paintGroot(), paintDrax(), paintStarLord())
	glow, ring, disc := paintLights(8)
	cs = append(cs, glow, ring, disc, paintSpark(), paintBoltShot(), paintBadge(true))
	atlas, p := PackAtlas(images(cs)...)
	return &GuardAIns{Atlas: atlas, Floor: p[0], Pixel: sub(p[1], 1, 1, 3, 3), Teleporter: p[2], HealPoint: p[3],
		Clue: p[4], Beast: p[5], Stone: p[6], Base: p[7], Badges: [2]*ebiten.Image{p[8], p[19]},
		Heroes: [5]*ebiten.Image{p[9], p[10], p[11], p[12], p[13]},
		Glow:   p[14], Ring: p[15], Disc: p[16], Spark: p[17], Bolt: p[18]}
}

// paintFloor paints a stone floor tile, a little worn.
func paintFloor() *Canvas {
	c := NewCanvas(GuardCell, GuardCell)
	Rect(c.Path(), 0, 0, GuardCell, GuardCell)
	c.Fill(Grain(Linear(0, 0, GuardCell, GuardCell, Hex(0x2c3446), Hex(0x232a3a)), 0.05, 17))
	RoundRect(c.Path(), 2, 2, GuardCell-4, GuardCell-4, 4)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.03)))
	return c
}

func paintTeleporter() *Canvas {
	s := GuardCell * 2
	c := NewCanvas(s, s)
	m := float64(s) / 2
	Rect(c.Path(), 0, 0, float64(s), float64(s))
	c.Fill(func(x, y float64) RGBA {
		dx, dy := x-m, y-m
		r := math.Hypot(dx, dy) / m
		if r > 1 {
			return RGBA{}
		}
		a := math.Atan2(dy, dx)
		swirl := 0.5 + 0.5*math.Sin(4*a+10*r)
		return Hex(0xc08aff).Mix(Hex(0x5a2aff), r).Alpha(clamp01((0.35 + 0.65*swirl) * (1 - r*r) * 1.3))
	})
	return c
}

func paintHealPoint() *Canvas {
	s := GuardCell * 2
	c := NewCanvas(s, s)
	m := float64(s) / 2
	Ellipse(c.Path(), m, m, m-2, m-2)
	c.Fill(Radial(m, m, m, Hex(0x7dffa0).Alpha(0.5), Hex(0x1a8a4a).Alpha(0.2)))
	z := c.Path()
	RoundRect(z, m-6, m-20, 12, 40, 4)
	RoundRect(z, m-20, m-6, 40, 12, 4)
	c.Fill(Solid(Hex(0xe8fff0)))
	return c
}

// paintClue paints a rolled scroll with a question mark.
func paintClue() *Canvas {
	s := GuardCell * 2
	c := NewCanvas(s, s)
	m := float64(s) / 2
	RoundRect(c.Path(), m-20, m-16, 40, 32, 6)
	c.Fill(Linear(0, m-16, 0, m+16, Hex(0xfff0c0), Hex(0xd8b060)))
	z := c.Path()
	Ellipse(z, m, m+9, 3, 3)
	z.MoveTo(float32(m-7), float32(m-6))
	z.CubeTo(float32(m-7), float32(m-14), float32(m+7), float32(m-14), float32(m+7), float32(m-6))
	z.CubeTo(float32(m+7), float32(m-1), float32(m+2), float32(m-1), float32(m+2), float32(m+4))
	z.LineTo(float32(m-2), float32(m+4))
	z.CubeTo(float32(m-2), float32(m-3), float32(m+3), float32(m-3), float32(m+3), float32(m-6))
	z.CubeTo(float32(m+3), float32(m-10), float32(m-3), float32(m-10), float32(m-3), float32(m-6))
	z.ClosePath()
	c.Fill(Solid(Hex(0x6a4a10)))
	return c
}

// paintBeast paints a beast's head: horns, eyes, fangs.
func paintBeast() *Canvas {
	s := GuardCell * 2
	c := NewCanvas(s, s)
	m := float64(s) / 2
	z := c.Path()
	Polygon(z, m-18, m-8, m-26, m-26, m-8, m-16)
	Polygon(z, m+18, m-8, m+26, m-26, m+8, m-16)
	c.Fill(Solid(Hex(0xe8dcc0)))
	Ellipse(c.Path(), m, m+2, 20, 18)
	c.Fill(Radial(m-6, m-6, 26, Hex(0xc0503a), Hex(0x5a1a10)))
	z = c.Path()
	Ellipse(z, m-8, m-2, 4, 3)
	Ellipse(z, m+8, m-2, 4, 3)
	c.Fill(Solid(Hex(0xffe040)))
	z = c.Path()
	Polygon(z, m-8, m+10, m-5, m+18, m-2, m+10)
	Polygon(z, m+2, m+10, m+5, m+18, m+8, m+10)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// paintStone paints the power stone: a faceted purple gem.
func paintStone() *Canvas {
	s := GuardCell * 2
	c := NewCanvas(s, s)
	m := float64(s) / 2
	pts := []float64{}
	for i := 0; i < 6; i++ {
		a := math.Pi/3*float64(i) + math.Pi/6
		pts = append(pts, m+18*math.Cos(a), m+18*math.Sin(a))
	}
	Polygon(c.Path(), pts...)
	c.Fill(Linear(m-18, m-18, m+18, m+18, Hex(0xf0c8ff), Hex(0x7a20d0)))
	Polygon(c.Path(), m, m-18, m+15.6, m-9, m, m, m-15.6, m-9)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.4)))
	return c
}

func paintGuardBase() *Canvas {
	s := GuardCell * 2
	c := NewCanvas(s, s)
	m := float64(s) / 2
	RoundRect(c.Path(), 4, 4, float64(s)-8, float64(s)-8, 10)
	c.Fill(func(x, y float64) RGBA {
		d := math.Min(math.Min(x-4, float64(s)-4-x), math.Min(y-4, float64(s)-4-y))
		return Hex(0xffffff).Alpha(0.25 + 0.6*clamp01(1-d/6))
	})
	starPath(c.Path(), m, m, 14, 6, 5)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// paintBadge paints a hero's badge: a ring, or a square one, that the
// team colour tints.
func paintBadge(square bool) *Canvas {
	c := NewCanvas(HeroSize, HeroSize)
	m := float64(HeroSize) / 2
	r := func(x, y float64) float64 { return math.Hypot(x-m, y-m) / m }
	if square {
		RoundRect(c.Path(), 2, 2, HeroSize-4, HeroSize-4, HeroSize*0.2)
		r = func(x, y float64) float64 { return max(math.Abs(x-m), math.Abs(y-m)) / (m - 2) }
	} else {
		Ellipse(c.Path(), m, m, m-1, m-1)
	}
	c.Fill(func(x, y float64) RGBA { return Hex(0xffffff).Alpha(clamp01((r(x, y)-0.78)*12) + 0.18) })
	return c
}

// figure starts a hero's canvas and returns its middle.
func figure() (*Canvas, float64) {
	return NewCanvas(HeroSize, HeroSize), float64(HeroSize) / 2
}

// paintGamora: a slim green warrior with dark hair and a sword.
func paintGamora() *Canvas {
	c, m := figure()
	skin := Hex(0x5fbf6a)
	z := c.Path()
	RoundRect(z, m+14, m-30, 5, 42, 2)
	c.Fill(Solid(Hex(0xd8e0f0)))
	Polygon(c.Path(), m-12, m+34, m-8, m+2, m+8, m+2, m+12, m+34)
	c.Fill(Linear(0, m, 0, m+34, Hex(0x3a3050), Hex(0x201830)))
	Ellipse(c.Path(), m, m-14, 13, 15)
	c.Fill(Radial(m-4, m-18, 16, skin.Mix(Hex(0xffffff), 0.3), skin.Scale(0.8)))
	z = c.Path()
	z.MoveTo(float32(m-14), float32(m-12))
	z.CubeTo(float32(m-16), float32(m-34), float32(m+16), float32(m-34), float32(m+14), float32(m-12))
	z.CubeTo(float32(m+18), float32(m+6), float32(m+10), float32(m+8), float32(m+10), float32(m+8))
	z.LineTo(float32(m+8), float32(m-16))
	z.CubeTo(float32(m+2), float32(m-24), float32(m-8), float32(m-22), float32(m-10), float32(m-14))
	z.LineTo(float32(m-10), float32(m+8))
	z.CubeTo(float32(m-18), float32(m+6), float32(m-14), float32(m-12), float32(m-14), float32(m-12))
	z.ClosePath()
	c.Fill(Solid(Hex(0x2a1a3a)))
	eyes(c, m, m-13, 4)
	return c
}

// paintRocket: a raccoon's face with a dark mask and big ears.
func paintRocket() *Canvas {
	c, m := figure()
	fur, dark := Hex(0x9a7a5a), Hex(0x3a2a1e)
	z := c.Path()
	Polygon(z, m-26, m-8, m-22, m-32, m-8, m-18)
	Polygon(z, m+26, m-8, m+22, m-32, m+8, m-18)
	c.Fill(Solid(fur.Scale(0.8)))
	Ellipse(c.Path(), m, m, 26, 22)
	c.Fill(Radial(m-6, m-8, 30, fur.Mix(Hex(0xffffff), 0.25), fur.Scale(0.7)))
	z = c.Path()
	z.MoveTo(float32(m-24), float32(m-2))
	z.CubeTo(float32(m-14), float32(m-14), float32(m+14), float32(m-14), float32(m+24), float32(m-2))
	z.CubeTo(float32(m+14), float32(m+6), float32(m-14), float32(m+6), float32(m-24), float32(m-2))
	z.ClosePath()
	c.Fill(Solid(dark))
	Ellipse(c.Path(), m, m+12, 12, 8)
	c.Fill(Solid(Hex(0xf0e0d0)))
	Ellipse(c.Path(), m, m+7, 4, 3)
	c.Fill(Solid(Hex(0x1a1010)))
	eyes(c, m, m-3, 7)
	return c
}

// paintGroot: a living tree trunk with leafy branches.
func paintGroot() *Canvas {
	c, m := figure()
	bark := Hex(0x8a5a32)
	z := c.Path()
	Polygon(z, m-8, m-10, m-24, m-30, m-20, m-32, m-2, m-16)
	Polygon(z, m+8, m-10, m+26, m-26, m+24, m-29, m+2, m-16)
	c.Fill(Solid(bark.Scale(0.8)))
	z = c.Path()
	Ellipse(z, m-22, m-30, 8, 6)
	Ellipse(z, m+25, m-28, 8, 6)
	Ellipse(z, m+4, m-32, 7, 5)
	c.Fill(Solid(Hex(0x5fcf5a)))
	RoundRect(c.Path(), m-13, m-20, 26, 54, 10)
	c.Fill(Grain(Linear(m-13, 0, m+13, 0, bark.Mix(Hex(0xffffff), 0.2), bark.Scale(0.6)), 0.1, 9))
	z = c.Path()
	for _, x := range []float64{-6, 1, 7} {
		RoundRect(z, m+x, m-10, 2, 38, 1)
	}
	c.Fill(Solid(bark.Scale(0.45)))
	eyes(c, m, m-8, 5)
	return c
}

// paintDrax: broad shoulders, grey-green skin, red tattoos.
func paintDrax() *Canvas {
	c, m := figure()
	skin := Hex(0x8a9a8a)
	Polygon(c.Path(), m-30, m+34, m-30, m+4, m-14, m-6, m+14, m-6, m+30, m+4, m+30, m+34)
	c.Fill(Radial(m-10, m, 44, skin.Mix(Hex(0xffffff), 0.2), skin.Scale(0.6)))
	z := c.Path()
	Polygon(z, m-24, m+8, m-18, m+6, m-10, m+26, m-15, m+28)
	Polygon(z, m+24, m+8, m+18, m+6, m+10, m+26, m+15, m+28)
	c.Fill(Solid(Hex(0xc83a2a)))
	RoundRect(c.Path(), m-12, m-32, 24, 28, 10)
	c.Fill(Radial(m-4, m-24, 22, skin.Mix(Hex(0xffffff), 0.25), skin.Scale(0.7)))
	Polygon(c.Path(), m-6, m-30, m-3, m-30, m+2, m-10, m-1, m-10)
	c.Fill(Solid(Hex(0xc83a2a)))
	eyes(c, m, m-19, 5)
	return c
}

// paintStarLord: a red-jacketed pilot in his masked helmet.
func paintStarLord() *Canvas {
	c, m := figure()
	Polygon(c.Path(), m-22, m+34, m-20, m+4, m+20, m+4, m+22, m+34)
	c.Fill(Linear(0, m, 0, m+34, Hex(0xb03a2a), Hex(0x6a1a12)))
	z := c.Path()
	Polygon(z, m-4, m+4, m+4, m+4, m+2, m+34, m-2, m+34)
	c.Fill(Solid(Hex(0x2a1a10)))
	Ellipse(c.Path(), m, m-14, 17, 18)
	c.Fill(Radial(m-6, m-20, 22, Hex(0x8a909a), Hex(0x30343c)))
	z = c.Path()
	Polygon(z, m-13, m-18, m-3, m-14, m-4, m-10, m-13, m-12)
	Polygon(z, m+13, m-18, m+3, m-14, m+4, m-10, m+13, m-12)
	c.Fill(Solid(Hex(0xff3a2a)))
	RoundRect(c.Path(), m-9, m-2, 18, 4, 2)
	c.Fill(Solid(Hex(0x1a1c22)))
	return c
}

// eyes paints two small eyes spaced gap apart at height y.
func eyes(c *Canvas, m, y, gap float64) {
	z := c.Path()
	Ellipse(z, m-gap, y, 2.6, 3)
	Ellipse(z, m+gap, y, 2.6, 3)
	c.Fill(Solid(Hex(0x14141c)))
}

// paintBoltShot paints a shot: a bright streak fading to its tail (left).
func paintBoltShot() *Canvas {
	c := NewCanvas(64, 16)
	Rect(c.Path(), 0, 0, 64, 16)
	c.Fill(func(x, y float64) RGBA {
		t := x / 64
		d := math.Abs(y-8) / (1.5 + 5*t)
		return Hex(0xffffff).Alpha(clamp01(t) * clamp01(1-d))
	})
	return c
}
