package rendertest

import (
	"image"
	"image/color"
	"math"
)

// Extent is the width and height, in pixels, of the box around the pixels
// of img within r of (cx, cy) that are colour c (each channel within 40):
// how big a marker of that colour is drawn there.
func Extent(img *image.RGBA, cx, cy, r float64, c color.NRGBA) (w, h float64) {
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	near := func(a, b uint8) bool { return math.Abs(float64(a)-float64(b)) <= 40 }
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if !image.Pt(x, y).In(img.Bounds()) {
				continue
			}
			p := img.RGBAAt(x, y)
			if near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
			}
		}
	}
	if x1 < x0 {
		return 0, 0
	}
	return float64(x1 - x0 + 1), float64(y1 - y0 + 1)
}
