package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Batch collects sprites of one atlas and draws them all with a single
// DrawTriangles call: the way to draw hundreds of tiles a frame cheaply. Its
// slices are reused from frame to frame.
type Batch struct {
	atlas *ebiten.Image
	vs    []ebiten.Vertex
	is    []uint16
	op    ebiten.DrawTrianglesOptions
}

// Begin starts a batch of sprites from atlas (every sprite added must be a
// sub-image of it).
func (b *Batch) Begin(atlas *ebiten.Image) {
	b.atlas = atlas
	b.vs, b.is = b.vs[:0], b.is[:0]
}

// Add queues sprite img transformed by geo (from the sprite's own pixels,
// with (0,0) at its top-left) and tinted by c.
func (b *Batch) Add(img *ebiten.Image, geo *ebiten.GeoM, c color.NRGBA) {
	if len(b.vs)+4 > 65536 {
		return // a uint16 index buffer holds no more
	}
	r := img.Bounds()
	a := float32(c.A) / 255
	cr, cg, cb := float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a
	w, h := float64(r.Dx()), float64(r.Dy())
	n := uint16(len(b.vs))
	for _, corner := range [4][2]float64{{0, 0}, {w, 0}, {0, h}, {w, h}} {
		x, y := geo.Apply(corner[0], corner[1])
		b.vs = append(b.vs, ebiten.Vertex{
			DstX: float32(x), DstY: float32(y),
			SrcX: float32(r.Min.X) + float32(corner[0]), SrcY: float32(r.Min.Y) + float32(corner[1]),
			ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a,
		})
	}
	b.is = append(b.is, n, n+1, n+2, n+1, n+3, n+2)
}

// AddRect queues sprite img stretched over the screen rectangle at (x, y)
// of size w x h, tinted by c: the cheapest way to draw an unturned sprite.
func (b *Batch) AddRect(img *ebiten.Image, x, y, w, h float64, c color.NRGBA) {
	if len(b.vs)+4 > 65536 {
		return
	}
	r := img.Bounds()
	a := float32(c.A) / 255
	cr, cg, cb := float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a
	sx0, sy0, sx1, sy1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	x0, y0, x1, y1 := float32(x), float32(y), float32(x+w), float32(y+h)
	n := uint16(len(b.vs))
	b.vs = append(b.vs,
		ebiten.Vertex{DstX: x0, DstY: y0, SrcX: sx0, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y0, SrcX: sx1, SrcY: sy0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
		ebiten.Vertex{DstX: x0, DstY: y1, SrcX: sx0, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y1, SrcX: sx1, SrcY: sy1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
	)
	b.is = append(b.is, n, n+1, n+2, n+1, n+3, n+2)
}

// AddQuad queues sprite img mapped onto the screen quadrilateral whose
// corners are top-left, top-right, bottom-left, bottom-right: for arcs and
// other shapes made of pieces.
func (b *Batch) AddQuad(img *ebiten.Image, q [4][2]float64, c color.NRGBA) {
	if len(b.vs)+4 > 65536 {
		return
	}
	r := img.Bounds()
	a := float32(c.A) / 255
	cr, cg, cb := float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a
	src := [4][2]float32{{float32(r.Min.X), float32(r.Min.Y)}, {float32(r.Max.X), float32(r.Min.Y)},
		{float32(r.Min.X), float32(r.Max.Y)}, {float32(r.Max.X), float32(r.Max.Y)}}
	n := uint16(len(b.vs))
	for i, p := range q {
		b.vs = append(b.vs, ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1]), SrcX: src[i][0], SrcY: src[i][1],
			ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a})
	}
	b.is = append(b.is, n, n+1, n+2, n+1, n+3, n+2)
}

// AddAt queues sprite img centred at (cx, cy), scaled by s and turned by
// angle radians.
func (b *Batch) AddAt(img *ebiten.Image, cx, cy, s, angle float64, c color.NRGBA) {
	var g ebiten.GeoM
	r := img.Bounds()
	g.Translate(-float64(r.Dx())/2, -float64(r.Dy())/2)
	g.Scale(s, s)
	if angle != 0 {
		g.Rotate(angle)
	}
	g.Translate(cx, cy)
	b.Add(img, &g, c)
}

// Len is the number of sprites queued.
func (b *Batch) Len() int { return len(b.vs) / 4 }

// Flush draws the queued sprites onto dst and empties the batch.
func (b *Batch) Flush(dst *ebiten.Image) {
	if len(b.is) > 0 {
		b.op.Filter = ebiten.FilterLinear
		b.op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
		dst.DrawTriangles(b.vs, b.is, b.atlas, &b.op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}
