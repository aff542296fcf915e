package sprites

import (
	"image"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// Icon names a symbol of the user interface.
type Icon int

// The icons of the player controls and menus.
const (
	IconPlay Icon = iota
	IconPause
	IconStepBack
	IconStepForward
	IconFirst
	IconLast
	IconSlower
	IconFaster
	IconMenu
	IconHelp
	IconReverse
	IconCamera
	iconCount
)

// UI is the atlas of white shapes that the interface tints as it draws:
// rectangles, rounded panels and their shadows, discs, rings, glows, icons.
type UI struct {
	Pixel  *ebiten.Image // one white pixel, for rectangles and lines
	Panel  *ebiten.Image // a rounded square for nine-slice panels; PanelRadius
	Shadow *ebiten.Image // a soft shadow of Panel, ShadowBlur wider on each side
	Disc   *ebiten.Image // a filled circle of radius DiscRadius
	Ring   *ebiten.Image // a circle outline of radius DiscRadius
	Glow   *ebiten.Image // a radial glow fading to nothing, radius DiscRadius
	Fade   *ebiten.Image // white at the bottom fading to nothing at the top
	Icons  [iconCount]*ebiten.Image
	// Marks are the seats' shapes (MarkDisc...), MarkUnit wide in a
	// MarkCanvas square; MarkEdges the same grown by an edge.
	Marks, MarkEdges [markCount]*ebiten.Image
	// Atlas holds every sprite above, for a render.Batch of them.
	Atlas *ebiten.Image
}

// Sizes of the UI sprites, in atlas pixels.
const (
	PanelRadius = 16
	PanelSize   = 3 * PanelRadius
	ShadowBlur  = 16
	DiscRadius  = 64
	IconSize    = 64
)

// Interface returns the UI atlas, painting it on first use.
var Interface = sync.OnceValue(paintUI)

func paintUI() *UI {
	white := Hex(0xffffff)
	pixel := NewCanvas(4, 4)
	Rect(pixel.Path(), 0, 0, 4, 4)
	pixel.Fill(Solid(white))

	panel := NewCanvas(PanelSize, PanelSize)
	RoundRect(panel.Path(), 0, 0, PanelSize, PanelSize, PanelRadius)
	panel.Fill(Solid(white))

	s := PanelSize + 2*ShadowBlur
	shadow := NewCanvas(s, s)
	Rect(shadow.Path(), 0, 0, float64(s), float64(s))
	shadow.Fill(func(x, y float64) RGBA {
		// Distance outside the rounded square, faded over ShadowBlur pixels.
		lo, hi := float64(ShadowBlur+PanelRadius), float64(ShadowBlur+PanelSize-PanelRadius)
		dx := math.Max(0, math.Max(lo-x, x-hi))
		dy := math.Max(0, math.Max(lo-y, y-hi))
		d := math.Hypot(dx, dy) - PanelRadius
		t := clamp01(1 - d/ShadowBlur)
		return white.Alpha(t * t * (3 - 2*t))
	})

	glow, ring, disc := paintLights(9)

	fade := NewCanvas(4, 256)
	Rect(fade.Path(), 0, 0, 4, 256)
	fade.Fill(func(x, y float64) RGBA { return white.Alpha(y / 256) })

	imgs := []*Canvas{pixel, panel, shadow, disc, ring, glow, fade}
	for i := Icon(0); i < iconCount; i++ {
		imgs = append(imgs, paintIcon(i))
	}
	shapes, edges := paintMarks()
	imgs = append(append(imgs, shapes[:]...), edges[:]...)
	atlas, packed := PackAtlas(images(imgs)...)
	ui := &UI{Pixel: sub(packed[0], 1, 1, 2, 2), Panel: packed[1], Shadow: packed[2], Disc: packed[3], Ring: packed[4], Glow: packed[5],
		Fade: sub(packed[6], 1, 2, 3, 254), Atlas: atlas}
	n := copy(ui.Icons[:], packed[7:])
	n += copy(ui.Marks[:], packed[7+n:])
	copy(ui.MarkEdges[:], packed[7+n:])
	return ui
}

// paintIcon draws one icon in white on a square of IconSize.
func paintIcon(i Icon) *Canvas {
	c := NewCanvas(IconSize, IconSize)
	z := c.Path()
	tri := func(x0, x1 float64) { Polygon(z, x0, 14, x1, 32, x0, 50) }
	triBack := func(x0, x1 float64) { Polygon(z, x1, 14, x0, 32, x1, 50) }
	bar := func(x float64) { Rect(z, x, 14, 7, 36) }
	switch i {
	case IconPlay:
		Polygon(z, 18, 10, 52, 32, 18, 54)
	case IconPause:
		Rect(z, 16, 12, 11, 40)
		Rect(z, 37, 12, 11, 40)
	case IconStepForward:
		tri(16, 40)
		bar(42)
	case IconStepBack:
		triBack(24, 48)
		bar(15)
	case IconFirst:
		bar(8)
		triBack(16, 36)
		triBack(36, 56)
	case IconLast:
		tri(8, 28)
		tri(28, 48)
		bar(49)
	case IconSlower:
		triBack(8, 30)
		triBack(32, 54)
	case IconFaster:
		tri(10, 32)
		tri(34, 56)
	case IconMenu:
		for _, y := range []float64{14, 29, 44} {
			RoundRect(z, 10, y, 44, 7, 3)
		}
	case IconReverse:
		Polygon(z, 46, 10, 12, 32, 46, 54)
	case IconCamera:
		// A film camera: a body, a lens cone and two reels.
		RoundRect(z, 8, 26, 34, 24, 4)
		Polygon(z, 42, 33, 56, 25, 56, 51, 42, 43)
		Ellipse(z, 17, 17, 8, 8)
		Ellipse(z, 34, 17, 8, 8)
	case IconHelp:
		// A question mark: a hook and a dot.
		Ellipse(z, 32, 51, 5, 5)
		z.MoveTo(19, 22)
		z.CubeTo(19, 6, 45, 6, 45, 22)
		z.CubeTo(45, 32, 36, 33, 36, 42)
		z.LineTo(28, 42)
		z.CubeTo(28, 29, 37, 29, 37, 22)
		z.CubeTo(37, 14, 27, 14, 27, 22)
		z.ClosePath()
	}
	c.Fill(Solid(Hex(0xffffff)))
	return c
}

// sub cuts the rectangle (x0,y0)-(x1,y1) out of a sprite.
func sub(img *ebiten.Image, x0, y0, x1, y1 int) *ebiten.Image {
	m := img.Bounds().Min
	return img.SubImage(image.Rect(m.X+x0, m.Y+y0, m.X+x1, m.Y+y1)).(*ebiten.Image)
}

func images(cs []*Canvas) []image.Image {
	out := make([]image.Image, len(cs))
	for i, c := range cs {
		out[i] = c.RGBA
	}
	return out
}
