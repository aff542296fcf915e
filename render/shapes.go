package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/sprites"
)

// op is reused by every draw of this package: no allocation per frame.
var op ebiten.DrawImageOptions

// Sprite draws img scaled by sx, sy with its top-left at x, y, tinted by c.
func Sprite(dst, img *ebiten.Image, x, y, sx, sy float64, c color.NRGBA) {
	op.GeoM.Reset()
	op.GeoM.Scale(sx, sy)
	op.GeoM.Translate(x, y)
	op.ColorScale = scaleOf(c)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
}

// SpriteAt draws img centred at cx, cy, scaled to width w (keeping its shape),
// turned by angle radians, tinted by c.
func SpriteAt(dst, img *ebiten.Image, cx, cy, w, angle float64, c color.NRGBA) {
	b := img.Bounds()
	s := w / float64(b.Dx())
	op.GeoM.Reset()
	op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
	op.GeoM.Scale(s, s)
	op.GeoM.Rotate(angle)
	op.GeoM.Translate(cx, cy)
	op.ColorScale = scaleOf(c)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
}

// FillRect fills a rectangle.
func FillRect(dst *ebiten.Image, x, y, w, h float64, c color.NRGBA) {
	px := sprites.Interface().Pixel
	Sprite(dst, px, x, y, w/float64(px.Bounds().Dx()), h/float64(px.Bounds().Dy()), c)
}

// Gradient fills a rectangle with c at its bottom fading to nothing at its top.
func Gradient(dst *ebiten.Image, x, y, w, h float64, c color.NRGBA) {
	f := sprites.Interface().Fade
	Sprite(dst, f, x, y, w/float64(f.Bounds().Dx()), h/float64(f.Bounds().Dy()), c)
}

// Line draws a line of width w from x0,y0 to x1,y1.
func Line(dst *ebiten.Image, x0, y0, x1, y1, w float64, c color.NRGBA) {
	px := sprites.Interface().Pixel
	l := math.Hypot(x1-x0, y1-y0)
	op.GeoM.Reset()
	op.GeoM.Translate(0, -0.5*float64(px.Bounds().Dy()))
	op.GeoM.Scale(l/float64(px.Bounds().Dx()), w/float64(px.Bounds().Dy()))
	op.GeoM.Rotate(math.Atan2(y1-y0, x1-x0))
	op.GeoM.Translate(x0, y0)
	op.ColorScale = scaleOf(c)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(px, &op)
}

// Disc fills a circle.
func Disc(dst *ebiten.Image, cx, cy, r float64, c color.NRGBA) {
	SpriteAt(dst, sprites.Interface().Disc, cx, cy, 2*r, 0, c)
}

// Ring draws a circle outline; its width grows with r.
func Ring(dst *ebiten.Image, cx, cy, r float64, c color.NRGBA) {
	SpriteAt(dst, sprites.Interface().Ring, cx, cy, 2*r, 0, c)
}

// Glow draws a soft light of radius r.
func Glow(dst *ebiten.Image, cx, cy, r float64, c color.NRGBA) {
	SpriteAt(dst, sprites.Interface().Glow, cx, cy, 2*r, 0, c)
}

// Icon draws an interface icon of size s centred at cx, cy.
func Icon(dst *ebiten.Image, i sprites.Icon, cx, cy, s float64, c color.NRGBA) {
	SpriteAt(dst, sprites.Interface().Icons[i], cx, cy, s, 0, c)
}

// Panel fills a rounded rectangle with corner radius r, drawn as nine
// slices of the atlas's rounded square.
func Panel(dst *ebiten.Image, rect image.Rectangle, r float64, c color.NRGBA) {
	x0, y0, x1, y1 := rectF(rect)
	nineSlice(dst, sprites.Interface().Panel, sprites.PanelRadius, x0, y0, x1, y1, r, c)
}

// Shadow draws a soft shadow under a panel of corner radius r, spreading
// blur pixels outside it.
func Shadow(dst *ebiten.Image, rect image.Rectangle, r, blur float64, c color.NRGBA) {
	x0, y0, x1, y1 := rectF(rect)
	nineSlice(dst, sprites.Interface().Shadow, sprites.ShadowBlur+sprites.PanelRadius, x0-blur, y0-blur, x1+blur, y1+blur, blur+r, c)
}

func rectF(r image.Rectangle) (x0, y0, x1, y1 float64) {
	return float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
}

// slices caches the nine parts of each sliced sprite.
var slices = map[*ebiten.Image]*[9]*ebiten.Image{}

// nineSlice stretches img (whose corners are src pixels square) over the
// rectangle x0,y0-x1,y1 with corners of r pixels.
func nineSlice(dst, img *ebiten.Image, src int, x0, y0, x1, y1, r float64, c color.NRGBA) {
	b := img.Bounds()
	sx := [4]int{b.Min.X, b.Min.X + src, b.Max.X - src, b.Max.X}
	sy := [4]int{b.Min.Y, b.Min.Y + src, b.Max.Y - src, b.Max.Y}
	parts, ok := slices[img]
	if !ok {
		parts = new([9]*ebiten.Image)
		for j := 0; j < 3; j++ {
			for i := 0; i < 3; i++ {
				parts[j*3+i] = img.SubImage(image.Rect(sx[i], sy[j], sx[i+1], sy[j+1])).(*ebiten.Image)
			}
		}
		slices[img] = parts
	}
	r = math.Min(r, math.Min(x1-x0, y1-y0)/2)
	dx := [4]float64{x0, x0 + r, x1 - r, x1}
	dy := [4]float64{y0, y0 + r, y1 - r, y1}
	for j := 0; j < 3; j++ {
		for i := 0; i < 3; i++ {
			w, h := dx[i+1]-dx[i], dy[j+1]-dy[j]
			if w <= 0 || h <= 0 {
				continue
			}
			Sprite(dst, parts[j*3+i], dx[i], dy[j], w/float64(sx[i+1]-sx[i]), h/float64(sy[j+1]-sy[j]), c)
		}
	}
}
