// Package sprites is Arena's procedural art: shapes painted on the CPU once
// at start-up and packed into texture atlases, so frames only copy from them.
package sprites

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// RGBA is a colour with straight (not premultiplied) components in 0..1.
type RGBA struct{ R, G, B, A float64 }

// Hex makes a colour from 0xRRGGBB.
func Hex(v uint32) RGBA {
	return RGBA{float64(v>>16&255) / 255, float64(v>>8&255) / 255, float64(v&255) / 255, 1}
}

// Mix blends c towards d by t.
func (c RGBA) Mix(d RGBA, t float64) RGBA {
	return RGBA{c.R + (d.R-c.R)*t, c.G + (d.G-c.G)*t, c.B + (d.B-c.B)*t, c.A + (d.A-c.A)*t}
}

// Scale multiplies the colour's brightness by k.
func (c RGBA) Scale(k float64) RGBA { return RGBA{c.R * k, c.G * k, c.B * k, c.A} }

// Alpha returns the colour with opacity a.
func (c RGBA) Alpha(a float64) RGBA { c.A = a; return c }

// Color converts to a standard library colour.
func (c RGBA) Color() color.NRGBA {
	return color.NRGBA{u8(c.R), u8(c.G), u8(c.B), u8(c.A)}
}

func u8(v float64) uint8 { return uint8(math.Round(clamp01(v) * 255)) }

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// Paint gives the colour at a point of a canvas.
type Paint func(x, y float64) RGBA

// Solid paints one colour.
func Solid(c RGBA) Paint { return func(float64, float64) RGBA { return c } }

// Linear paints a gradient from a at (x0,y0) to b at (x1,y1).
func Linear(x0, y0, x1, y1 float64, a, b RGBA) Paint {
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	return func(x, y float64) RGBA {
		return a.Mix(b, clamp01(((x-x0)*dx+(y-y0)*dy)/l2))
	}
}

// Radial paints a gradient from a at the centre to b at radius r.
func Radial(cx, cy, r float64, a, b RGBA) Paint {
	return func(x, y float64) RGBA {
		return a.Mix(b, clamp01(math.Hypot(x-cx, y-cy)/r))
	}
}

// Grain adds a little deterministic noise to a paint, like stone.
func Grain(p Paint, amount float64, seed uint32) Paint {
	return func(x, y float64) RGBA {
		c := p(x, y)
		n := (noise(int(x), int(y), seed) - 0.5) * amount
		return RGBA{c.R + n, c.G + n, c.B + n, c.A}
	}
}

// noise is a hash of a pixel position in 0..1.
func noise(x, y int, seed uint32) float64 {
	h := uint32(x)*374761393 + uint32(y)*668265263 + seed*2246822519
	h = (h ^ h>>13) * 1274126177
	return float64(h^h>>16) / float64(math.MaxUint32)
}

// Canvas is an image painted with anti-aliased paths.
type Canvas struct {
	*image.RGBA
	z    *vector.Rasterizer
	mask *image.Alpha
}

// NewCanvas makes a transparent canvas.
func NewCanvas(w, h int) *Canvas {
	return &Canvas{RGBA: image.NewRGBA(image.Rect(0, 0, w, h)), z: vector.NewRasterizer(w, h), mask: image.NewAlpha(image.Rect(0, 0, w, h))}
}

// Path starts a new path and returns it for drawing.
func (c *Canvas) Path() *vector.Rasterizer {
	b := c.Bounds()
	c.z.Reset(b.Dx(), b.Dy())
	return c.z
}

// Fill paints the current path with p, blending over what is there.
func (c *Canvas) Fill(p Paint) {
	clear(c.mask.Pix)
	b := c.Bounds()
	c.z.Draw(c.mask, b, image.Opaque, image.Point{})
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			m := c.mask.Pix[y*c.mask.Stride+x]
			if m == 0 {
				continue
			}
			col := p(float64(x)+0.5, float64(y)+0.5)
			a := clamp01(col.A) * float64(m) / 255
			i := y*c.RGBA.Stride + x*4
			px := c.RGBA.Pix[i : i+4 : i+4]
			px[0] = blend(px[0], col.R, a)
			px[1] = blend(px[1], col.G, a)
			px[2] = blend(px[2], col.B, a)
			px[3] = uint8(math.Round(float64(px[3]) + (255-float64(px[3]))*a))
		}
	}
}

// blend composites a premultiplied destination channel with a straight
// source channel at coverage a.
func blend(dst uint8, src, a float64) uint8 {
	return uint8(math.Round(float64(dst)*(1-a) + clamp01(src)*255*a))
}

// Rect adds a rectangle to the path.
func Rect(z *vector.Rasterizer, x, y, w, h float64) {
	Polygon(z, x, y, x+w, y, x+w, y+h, x, y+h)
}

// RoundRect adds a rectangle with rounded corners of radius r to the path.
func RoundRect(z *vector.Rasterizer, x, y, w, h, r float64) {
	r = math.Min(r, math.Min(w, h)/2)
	const k = 0.5523 // cubic approximation of a quarter circle
	f := func(v float64) float32 { return float32(v) }
	z.MoveTo(f(x+r), f(y))
	z.LineTo(f(x+w-r), f(y))
	z.CubeTo(f(x+w-r+r*k), f(y), f(x+w), f(y+r-r*k), f(x+w), f(y+r))
	z.LineTo(f(x+w), f(y+h-r))
	z.CubeTo(f(x+w), f(y+h-r+r*k), f(x+w-r+r*k), f(y+h), f(x+w-r), f(y+h))
	z.LineTo(f(x+r), f(y+h))
	z.CubeTo(f(x+r-r*k), f(y+h), f(x), f(y+h-r+r*k), f(x), f(y+h-r))
	z.LineTo(f(x), f(y+r))
	z.CubeTo(f(x), f(y+r-r*k), f(x+r-r*k), f(y), f(x+r), f(y))
	z.ClosePath()
}

// Ellipse adds an ellipse to the path.
func Ellipse(z *vector.Rasterizer, cx, cy, rx, ry float64) {
	const k = 0.5523
	f := func(v float64) float32 { return float32(v) }
	z.MoveTo(f(cx+rx), f(cy))
	z.CubeTo(f(cx+rx), f(cy+ry*k), f(cx+rx*k), f(cy+ry), f(cx), f(cy+ry))
	z.CubeTo(f(cx-rx*k), f(cy+ry), f(cx-rx), f(cy+ry*k), f(cx-rx), f(cy))
	z.CubeTo(f(cx-rx), f(cy-ry*k), f(cx-rx*k), f(cy-ry), f(cx), f(cy-ry))
	z.CubeTo(f(cx+rx*k), f(cy-ry), f(cx+rx), f(cy-ry*k), f(cx+rx), f(cy))
	z.ClosePath()
}

// Polygon adds a closed polygon through the points x0,y0,x1,y1,... to the path.
func Polygon(z *vector.Rasterizer, pts ...float64) {
	z.MoveTo(float32(pts[0]), float32(pts[1]))
	for i := 2; i+1 < len(pts); i += 2 {
		z.LineTo(float32(pts[i]), float32(pts[i+1]))
	}
	z.ClosePath()
}

// Dot blends a small soft dot of radius r (in pixels, up to a few) at (x, y)
// straight into the pixels: for thousands of stars, where a path per dot
// would be slow.
func (c *Canvas) Dot(x, y, r float64, col RGBA) {
	b := c.Bounds()
	x0, x1 := max(b.Min.X, int(x-r-1)), min(b.Max.X, int(x+r+2))
	y0, y1 := max(b.Min.Y, int(y-r-1)), min(b.Max.Y, int(y+r+2))
	for py := y0; py < y1; py++ {
		for px := x0; px < x1; px++ {
			d := math.Hypot(float64(px)+0.5-x, float64(py)+0.5-y)
			a := clamp01(col.A) * clamp01(r+0.5-d)
			if a <= 0 {
				continue
			}
			i := py*c.RGBA.Stride + px*4
			p := c.RGBA.Pix[i : i+4 : i+4]
			p[0], p[1], p[2] = blend(p[0], col.R, a), blend(p[1], col.G, a), blend(p[2], col.B, a)
			p[3] = uint8(math.Round(float64(p[3]) + (255-float64(p[3]))*a))
		}
	}
}

// paintSquare paints a white rounded square as wide as a disc of
// paintLights: the second seat's mark where the first's is a disc, so that
// the teams differ in shape as well as in colour.
func paintSquare() *Canvas {
	d := 2 * DiscRadius
	c := NewCanvas(d, d)
	RoundRect(c.Path(), 2, 2, float64(d)-4, float64(d)-4, float64(d)*0.18)
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// paintLights paints the white shapes that views tint and scale, each
// DiscRadius in radius: a soft glow, a ring ringWidth pixels wide and a disc.
func paintLights(ringWidth float64) (glow, ring, disc *Canvas) {
	white := Hex(0xffffff)
	d := 2 * DiscRadius
	glow = NewCanvas(d, d)
	Rect(glow.Path(), 0, 0, float64(d), float64(d))
	glow.Fill(func(x, y float64) RGBA {
		t := clamp01(1 - math.Hypot(x-DiscRadius, y-DiscRadius)/DiscRadius)
		return white.Alpha(t * t)
	})
	ring = NewCanvas(d, d)
	Ellipse(ring.Path(), DiscRadius, DiscRadius, DiscRadius-1, DiscRadius-1)
	ring.Fill(func(x, y float64) RGBA {
		return white.Alpha(clamp01(math.Hypot(x-DiscRadius, y-DiscRadius) - (DiscRadius - ringWidth)))
	})
	disc = NewCanvas(d, d)
	Ellipse(disc.Path(), DiscRadius, DiscRadius, DiscRadius-1, DiscRadius-1)
	disc.Fill(Solid(white))
	return glow, ring, disc
}
