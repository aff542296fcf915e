package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

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
	White     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

// Fade returns c with its opacity multiplied by a.
func Fade(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(float64(c.A)*max(0, min(1, a)) + 0.5)
	return c
}

// scaleOf is the colour scale that tints a white sprite to c.
func scaleOf(c color.NRGBA) ebiten.ColorScale {
	var s ebiten.ColorScale
	a := float32(c.A) / 255
	s.Scale(float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a, a)
	return s
}

// SafePalette makes every seat's colour one of SafeColors, which people
// with any colour vision tell apart; the settings turn it on.
var SafePalette bool

// safeColors are the Okabe-Ito colours, bright enough for a dark screen.
var safeColors = [8]color.NRGBA{
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x00, 0xc0, 0x8a, 0xff}, // bluish green
	{0xf0, 0xe4, 0x42, 0xff}, // yellow
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0xd5, 0x5e, 0x00, 0xff}, // vermilion
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xff, 0xff, 0xff, 0xff},
}

// SafeColor is seat s's colour in the safe palette.
func SafeColor(s int) color.NRGBA { return safeColors[s&7] }

// SeatInk is a view's colour for seat s, or the safe palette's when it
// is on: views return it from SeatColor.
func SeatInk(own color.NRGBA, s int) color.NRGBA {
	if SafePalette {
		return safeColors[s&7]
	}
	return own
}
