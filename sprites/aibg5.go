package sprites

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// HexRadius is the radius (centre to corner) of an AIBG 5.0 tile sprite, a
// pointy-top hexagon HexRadius*√3 wide and 2*HexRadius high.
const HexRadius = 48

// BossRadius is the radius of the boss sprite, which covers its seven cells.
const BossRadius = 3 * HexRadius

// AIBG is the atlas of AIBG 5.0's space battle: tiles, pickups, asteroids,
// the boss, ships, effects and digits, all in one texture so that a whole
// frame of the map draws in a few commands. The white parts are tinted as
// they are drawn.
type AIBG struct {
	Atlas     *ebiten.Image // the whole texture, for render.Batch
	Hex       *ebiten.Image // a glass tile: bright rim, dark middle
	HexFill   *ebiten.Image // a solid hexagon, for glows and flashes
	HexRim    *ebiten.Image // the rim alone, for highlights
	BlackHole *ebiten.Image // the swirl of a black hole, turned as it is drawn
	HoleCore  *ebiten.Image // the black centre over the swirl
	Wormhole  *ebiten.Image // a portal ring, tinted by its pair
	Health    *ebiten.Image
	XP        *ebiten.Image
	Asteroid  [3]*ebiten.Image // whole, cracked, breaking
	Boss      *ebiten.Image    // the mothership, BossRadius from centre to tip
	BossEye   *ebiten.Image
	Ship      *ebiten.Image // hull in white (tinted by team), nose to the right
	Cockpit   *ebiten.Image // the ship's untinted details
	Flame     *ebiten.Image
	Glow      *ebiten.Image // a soft light, DiscRadius
	Disc      *ebiten.Image
	Ring      *ebiten.Image
	Pixel     *ebiten.Image
	Spark     *ebiten.Image // a four-pointed glint
	Digits    map[rune]*ebiten.Image
}

// The characters AIBG's digit sprites cover.
const aibgGlyphs = "0123456789-+LvKO"

// DigitHeight is the height of the digit sprites.
const DigitHeight = 36

// AIBGSheet returns the AIBG 5.0 atlas, painting it on first use.
var AIBGSheet = sync.OnceValue(paintAIBG)

func paintAIBG() *AIBG {
	white := Hex(0xffffff)
	canvases := []*Canvas{
		paintHexTile(), paintHexFill(), paintHexRim(), paintSwirl(), paintHoleCore(), paintPortal(),
		paintHealth(), paintXP(), paintAsteroid(0), paintAsteroid(1), paintAsteroid(2),
		paintBoss(), paintBossEye(), paintShip(), paintCockpit(), paintFlame(),
	}
	glow, ring, disc := paintLights(8)
	pixel := NewCanvas(4, 4)
	Rect(pixel.Path(), 0, 0, 4, 4)
	pixel.Fill(Solid(white))
	canvases = append(canvases, glow, disc, ring, pixel, paintSpark())
	glyphs := paintGlyphs(aibgGlyphs)
	canvases = append(canvases, glyphs...)

	atlas, p := PackAtlas(images(canvases)...)
	a := &AIBG{Atlas: atlas, Hex: p[0], HexFill: p[1], HexRim: p[2], BlackHole: p[3], HoleCore: p[4], Wormhole: p[5],
		Health: p[6], XP: p[7], Asteroid: [3]*ebiten.Image{p[8], p[9], p[10]}, Boss: p[11], BossEye: p[12],
		Ship: p[13], Cockpit: p[14], Flame: p[15], Glow: p[16], Disc: p[17], Ring: p[18], Pixel: sub(p[19], 1, 1, 3, 3),
		Spark: p[20], Digits: map[rune]*ebiten.Image{}}
	for i, r := range aibgGlyphs {
		a.Digits[r] = p[21+i]
	}
	return a
}

// hexPath adds a pointy-top hexagon of radius r around (cx, cy).
func hexPath(z *vector.Rasterizer, cx, cy, r float64) {
	pts := make([]float64, 0, 12)
	for i := 0; i < 6; i++ {
		a := math.Pi / 180 * float64(60*i+30)
		pts = append(pts, cx+r*math.Cos(a), cy+r*math.Sin(a))
	}
	Polygon(z, pts...)
}

// hexCanvas is a canvas just large enough for a tile.
func hexCanvas() (*Canvas, float64, float64) {
	w, h := int(math.Ceil(math.Sqrt(3)*HexRadius)), 2*HexRadius
	return NewCanvas(w, h), float64(w) / 2, float64(h) / 2
}

// paintHexTile paints a glass tile: a bright bevelled rim around a darker
// middle, lit from the top left. It is grey so that zones can tint it.
func paintHexTile() *Canvas {
	c, cx, cy := hexCanvas()
	hexPath(c.Path(), cx, cy, HexRadius-1)
	c.Fill(Linear(cx-HexRadius, cy-HexRadius, cx+HexRadius, cy+HexRadius, Hex(0xb8c4e0), Hex(0x56607a)))
	hexPath(c.Path(), cx, cy, HexRadius-5)
	c.Fill(Grain(Radial(cx-10, cy-14, HexRadius*1.3, Hex(0x5a6684), Hex(0x2a3146)), 0.035, 41))
	hexPath(c.Path(), cx, cy, HexRadius*0.55)
	c.Fill(Radial(cx, cy, HexRadius*0.55, Hex(0xffffff).Alpha(0.05), Hex(0xffffff).Alpha(0)))
	return c
}

func paintHexFill() *Canvas {
	c, cx, cy := hexCanvas()
	hexPath(c.Path(), cx, cy, HexRadius-1)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// paintHexRim paints the outline of a tile, brightest at its edge.
func paintHexRim() *Canvas {
	c, cx, cy := hexCanvas()
	hexPath(c.Path(), cx, cy, HexRadius-1)
	inner := HexRadius * math.Sqrt(3) / 2 // the apothem
	c.Fill(func(x, y float64) RGBA {
		// Distance to the edge along the nearest of the six edge normals.
		dx, dy := x-cx, y-cy
		d := 0.0
		for i := 0; i < 6; i++ {
			a := math.Pi / 180 * float64(60*i)
			d = math.Max(d, dx*math.Cos(a)+dy*math.Sin(a))
		}
		t := clamp01((d - (inner - 10)) / 9)
		return Hex(0xffffff).Alpha(t * t)
	})
	return c
}

// paintSwirl paints the accretion disc of a black hole: spiral arms that
// fade outwards.
func paintSwirl() *Canvas {
	s := 2 * HexRadius
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Rect(c.Path(), 0, 0, float64(s), float64(s))
	c.Fill(func(x, y float64) RGBA {
		dx, dy := x-ctr, y-ctr
		r := math.Hypot(dx, dy) / ctr
		if r > 1 {
			return RGBA{}
		}
		a := math.Atan2(dy, dx)
		arm := 0.5 + 0.5*math.Cos(3*a+9*r)
		v := arm * (1 - r) * clamp01(r*3)
		return Hex(0xffffff).Alpha(clamp01(v*1.4 + 0.15*(1-r)))
	})
	return c
}

func paintHoleCore() *Canvas {
	s := HexRadius
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Rect(c.Path(), 0, 0, float64(s), float64(s))
	c.Fill(func(x, y float64) RGBA {
		r := math.Hypot(x-ctr, y-ctr) / ctr
		return Hex(0x000000).Alpha(clamp01(1.6 - 1.6*r*r))
	})
	return c
}

// paintPortal paints a wormhole: a bright ring with a glowing inside.
func paintPortal() *Canvas {
	s := 2 * HexRadius
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Rect(c.Path(), 0, 0, float64(s), float64(s))
	c.Fill(func(x, y float64) RGBA {
		r := math.Hypot(x-ctr, y-ctr) / ctr
		ring := math.Exp(-math.Pow((r-0.62)/0.07, 2))
		inside := 0.35 * clamp01(1-r/0.62)
		halo := 0.3 * math.Exp(-math.Pow((r-0.62)/0.22, 2))
		return Hex(0xffffff).Alpha(clamp01(ring + inside + halo))
	})
	return c
}

// paintHealth paints the health pickup: a green cross in a bubble.
func paintHealth() *Canvas {
	s := px(1.3 * HexRadius)
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Ellipse(c.Path(), ctr, ctr, ctr-2, ctr-2)
	c.Fill(Radial(ctr-8, ctr-8, ctr*1.2, Hex(0x9dffb8).Alpha(0.55), Hex(0x1c8a4a).Alpha(0.35)))
	arm, long := ctr*0.26, ctr*0.7
	z := c.Path()
	RoundRect(z, ctr-arm, ctr-long, 2*arm, 2*long, 5)
	RoundRect(z, ctr-long, ctr-arm, 2*long, 2*arm, 5)
	c.Fill(Linear(ctr, ctr-long, ctr, ctr+long, Hex(0xd8ffe2), Hex(0x41d77a)))
	Ellipse(c.Path(), ctr-ctr*0.35, ctr-ctr*0.45, ctr*0.22, ctr*0.12)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.7)))
	return c
}

// paintXP paints the experience pickup: a golden four-pointed crystal.
func paintXP() *Canvas {
	s := px(1.3 * HexRadius)
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Ellipse(c.Path(), ctr, ctr, ctr-2, ctr-2)
	c.Fill(Radial(ctr, ctr, ctr, Hex(0xffe08a).Alpha(0.35), Hex(0xff9d2e).Alpha(0)))
	o, i := ctr*0.85, ctr*0.26
	Polygon(c.Path(), ctr, ctr-o, ctr+i, ctr-i, ctr+o, ctr, ctr+i, ctr+i, ctr, ctr+o, ctr-i, ctr+i, ctr-o, ctr, ctr-i, ctr-i)
	c.Fill(Linear(ctr-o, ctr-o, ctr+o, ctr+o, Hex(0xfff5c2), Hex(0xf0a020)))
	Polygon(c.Path(), ctr, ctr-o, ctr+i, ctr-i, ctr, ctr)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.55)))
	return c
}

// paintAsteroid paints a rock; stage 1 and 2 add cracks as it is shot.
func paintAsteroid(stage int) *Canvas {
	s := px(1.7 * HexRadius)
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	// A lumpy outline from a few harmonics.
	pts := make([]float64, 0, 64)
	for i := 0; i < 32; i++ {
		a := 2 * math.Pi * float64(i) / 32
		r := ctr * (0.8 + 0.08*math.Sin(3*a+1) + 0.06*math.Cos(5*a+2) + 0.04*math.Sin(7*a))
		pts = append(pts, ctr+r*math.Cos(a), ctr+r*math.Sin(a))
	}
	Polygon(c.Path(), pts...)
	c.Fill(Grain(Radial(ctr-ctr*0.35, ctr-ctr*0.4, ctr*1.6, Hex(0xa08a76), Hex(0x3b3029)), 0.12, 77))
	// Craters.
	for i, cr := range [][3]float64{{-0.3, -0.1, 0.16}, {0.25, 0.25, 0.2}, {0.2, -0.35, 0.1}, {-0.15, 0.4, 0.09}} {
		x, y, r := ctr+cr[0]*ctr, ctr+cr[1]*ctr, cr[2]*ctr
		Ellipse(c.Path(), x, y, r, r)
		c.Fill(Radial(x+r*0.3, y+r*0.3, r*1.3, Hex(0x2a211c).Alpha(0.8), Hex(0x6a5a4c).Alpha(0.2)))
		_ = i
	}
	if stage > 0 {
		crack := func(z *vector.Rasterizer, pts ...float64) {
			for i := 0; i+3 < len(pts); i += 2 {
				x0, y0, x1, y1 := ctr+pts[i]*ctr, ctr+pts[i+1]*ctr, ctr+pts[i+2]*ctr, ctr+pts[i+3]*ctr
				nx, ny := -(y1 - y0), x1-x0
				l := math.Hypot(nx, ny) / 1.6
				Polygon(z, x0-nx/l, y0-ny/l, x1-nx/l, y1-ny/l, x1+nx/l, y1+ny/l, x0+nx/l, y0+ny/l)
			}
		}
		z := c.Path()
		crack(z, -0.1, -0.7, 0.0, -0.3, -0.15, 0.05, 0.05, 0.35)
		if stage > 1 {
			crack(z, 0.6, -0.2, 0.25, -0.05, 0.0, -0.3)
			crack(z, -0.65, 0.2, -0.3, 0.15, -0.15, 0.05, -0.2, 0.5)
		}
		c.Fill(Solid(Hex(0xffb070)))
	}
	return c
}

// paintBoss paints the mothership: six armoured lobes around a core, with
// spines, in the aliens' green.
func paintBoss() *Canvas {
	s := 2 * BossRadius
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	green, dark := Hex(0x3fd36b), Hex(0x0f3a24)
	// Spines between the lobes.
	z := c.Path()
	for i := 0; i < 6; i++ {
		a := math.Pi/3*float64(i) + math.Pi/6
		x, y := ctr+math.Cos(a)*BossRadius*0.98, ctr+math.Sin(a)*BossRadius*0.98
		nx, ny := -math.Sin(a)*10, math.Cos(a)*10
		bx, by := ctr+math.Cos(a)*BossRadius*0.55, ctr+math.Sin(a)*BossRadius*0.55
		Polygon(z, bx+nx, by+ny, x, y, bx-nx, by-ny)
	}
	c.Fill(Linear(0, 0, float64(s), float64(s), Hex(0x9dffb0), dark))
	// The lobes.
	for i := 0; i < 6; i++ {
		a := math.Pi / 3 * float64(i)
		x, y := ctr+math.Cos(a)*BossRadius*0.5, ctr+math.Sin(a)*BossRadius*0.5
		Ellipse(c.Path(), x, y, BossRadius*0.36, BossRadius*0.36)
		c.Fill(Grain(Radial(x-BossRadius*0.12, y-BossRadius*0.14, BossRadius*0.5, green.Mix(Hex(0xffffff), 0.25), dark), 0.05, uint32(i)))
		Ellipse(c.Path(), x, y, BossRadius*0.13, BossRadius*0.13)
		c.Fill(Radial(x, y, BossRadius*0.13, Hex(0xc8ff6a), green.Alpha(0.2)))
	}
	// The core shell.
	Ellipse(c.Path(), ctr, ctr, BossRadius*0.48, BossRadius*0.48)
	c.Fill(Grain(Radial(ctr-BossRadius*0.15, ctr-BossRadius*0.18, BossRadius*0.6, Hex(0x5fe08a), Hex(0x0b2617)), 0.05, 99))
	Ellipse(c.Path(), ctr, ctr, BossRadius*0.3, BossRadius*0.3)
	c.Fill(Solid(Hex(0x061a0e)))
	return c
}

// paintBossEye paints the core's eye, drawn over the boss and made to glow.
func paintBossEye() *Canvas {
	s := px(0.6 * BossRadius)
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Ellipse(c.Path(), ctr, ctr, ctr*0.95, ctr*0.62)
	c.Fill(Radial(ctr, ctr, ctr, Hex(0xfff1a8), Hex(0xff4d1f)))
	Ellipse(c.Path(), ctr, ctr, ctr*0.18, ctr*0.55)
	c.Fill(Solid(Hex(0x1a0500)))
	Ellipse(c.Path(), ctr-ctr*0.35, ctr-ctr*0.25, ctr*0.14, ctr*0.09)
	c.Fill(Solid(Hex(0xffffff).Alpha(0.8)))
	return c
}

// paintShip paints a fighter seen from above, nose to the right: white so
// that the team colour tints it, shaded for depth.
func paintShip() *Canvas {
	w, h := px(1.5*HexRadius), px(1.3*HexRadius)
	c := NewCanvas(w, h)
	fw, fh := float64(w), float64(h)
	cy := fh / 2
	shade := Linear(0, 0, 0, fh, Hex(0xffffff), Hex(0x8a8a8a))
	// Wings.
	Polygon(c.Path(), fw*0.18, cy-fh*0.48, fw*0.62, cy-fh*0.08, fw*0.62, cy+fh*0.08, fw*0.18, cy+fh*0.48, fw*0.3, cy)
	c.Fill(shade)
	// Hull.
	Polygon(c.Path(), fw*0.04, cy-fh*0.14, fw*0.5, cy-fh*0.17, fw*0.98, cy, fw*0.5, cy+fh*0.17, fw*0.04, cy+fh*0.14)
	c.Fill(Linear(0, cy-fh*0.17, 0, cy+fh*0.17, Hex(0xffffff), Hex(0xa0a0a0)))
	// Wing tips.
	z := c.Path()
	RoundRect(z, fw*0.14, cy-fh*0.49, fw*0.22, fh*0.08, 3)
	RoundRect(z, fw*0.14, cy+fh*0.41, fw*0.22, fh*0.08, 3)
	c.Fill(Solid(Hex(0xe8e8e8)))
	return c
}

// paintCockpit paints the ship's canopy and engine, which keep their colour.
func paintCockpit() *Canvas {
	w, h := px(1.5*HexRadius), px(1.3*HexRadius)
	c := NewCanvas(w, h)
	fw, fh := float64(w), float64(h)
	cy := fh / 2
	Ellipse(c.Path(), fw*0.62, cy, fw*0.13, fh*0.08)
	c.Fill(Linear(fw*0.5, cy-fh*0.08, fw*0.75, cy+fh*0.08, Hex(0xbff4ff), Hex(0x1b4a7a)))
	z := c.Path()
	RoundRect(z, fw*0.0, cy-fh*0.1, fw*0.08, fh*0.2, 3)
	c.Fill(Solid(Hex(0x2a2f3a)))
	return c
}

// paintFlame paints an engine's exhaust, pointing left.
func paintFlame() *Canvas {
	w, h := px(0.8*HexRadius), px(0.36*HexRadius)
	c := NewCanvas(w, h)
	fw, fh := float64(w), float64(h)
	Rect(c.Path(), 0, 0, fw, fh)
	c.Fill(func(x, y float64) RGBA {
		t := x / fw // 0 at the tail end, 1 at the engine
		half := fh / 2 * (0.15 + 0.85*t)
		d := math.Abs(y-fh/2) / half
		if d > 1 {
			return RGBA{}
		}
		core := Hex(0xfffbe0).Mix(Hex(0xff8a2a), clamp01(1.3-t))
		return core.Alpha(clamp01(t*1.2) * (1 - d*d))
	})
	return c
}

// paintSpark paints a four-pointed glint.
func paintSpark() *Canvas {
	s := 48
	c := NewCanvas(s, s)
	ctr := float64(s) / 2
	Rect(c.Path(), 0, 0, float64(s), float64(s))
	c.Fill(func(x, y float64) RGBA {
		dx, dy := math.Abs(x-ctr)/ctr, math.Abs(y-ctr)/ctr
		v := math.Max(clamp01(1-dx*6)*clamp01(1-dy), clamp01(1-dy*6)*clamp01(1-dx))
		v = math.Max(v, clamp01(1-math.Hypot(dx, dy)*2.5))
		return Hex(0xffffff).Alpha(v)
	})
	return c
}

// paintGlyphs renders characters of the bold Go font, white, one canvas each,
// DigitHeight high, so numbers on the map draw from the world's atlas.
func paintGlyphs(chars string) []*Canvas {
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic(err) // the embedded Go font always parses
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: DigitHeight * 0.95, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	defer face.Close()
	m := face.Metrics()
	out := make([]*Canvas, 0, len(chars))
	for _, r := range chars {
		adv, _ := face.GlyphAdvance(r)
		w := adv.Ceil() + 4
		c := NewCanvas(w, DigitHeight+4)
		d := font.Drawer{Dst: c.RGBA, Src: image.White, Face: face, Dot: fixed.P(2, 2+m.Ascent.Ceil())}
		d.DrawString(string(r))
		out = append(out, c)
	}
	return out
}

// px is a sprite size in whole pixels.
func px(v float64) int { return int(math.Ceil(v)) }
