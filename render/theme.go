package render

import "image/color"

// The interface's colours.
var (
	Ink       = color.NRGBA{0xf4, 0xf1, 0xe8, 0xff} // text on dark
	InkDim    = color.NRGBA{0xa9, 0xb4, 0xc6, 0xff}
	InkFaint  = color.NRGBA{0x6c, 0x78, 0x8c, 0xff}
	Night     = color.NRGBA{0x0b, 0x12, 0x20, 0xff} // the deepest background
	Surface   = color.NRGBA{0x16, 0x21, 0x36, 0xee} // panels
	Raised    = color.NRGBA{0x22, 0x31, 0x4d, 0xff} // buttons
	Hover     = color.NRGBA{0x2f, 0x44, 0x6b, 0xff}
	Accent    = color.NRGBA{0xf2, 0xb2, 0x33, 0xff} // Aegean sun: focus and highlights
	AccentInk = color.NRGBA{0x1a, 0x12, 0x02, 0xff}
	Good      = color.NRGBA{0x5f, 0xd6, 0x8a, 0xff}
	Bad       = color.NRGBA{0xff, 0x6b, 0x6b, 0xff}
	ShadowInk = color.NRGBA{0, 0, 0, 0x90}
)

// Fade returns c with its opacity multiplied by a.
func Fade(c color.Color, a float64) color.Color {
	r, g, b, al := c.RGBA()
	k := max(0, min(1, a))
	return color.RGBA64{uint16(float64(r) * k), uint16(float64(g) * k), uint16(float64(b) * k), uint16(float64(al) * k)}
}
