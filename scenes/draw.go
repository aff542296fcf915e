package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/render"
)

var (
	whiteColor = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	toastBg    = color.NRGBA{0x27, 0x36, 0x55, 0xf4}
)

func rectXYWH(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
}

// backdrop paints the Aegean night behind every scene: a deep gradient
// with slow drifting lights.
func backdrop(dst *ebiten.Image, a *App) {
	w, h := float64(a.W), float64(a.H)
	render.FillRect(dst, 0, 0, w, h, render.Night)
	if a.Plain {
		return
	}
	render.Gradient(dst, 0, 0, w, h, color.NRGBA{0x18, 0x2c, 0x4a, 0xff})
	for i := 0; i < 5; i++ {
		fi := float64(i)
		x := w * (0.15 + 0.18*fi + 0.05*math.Sin(a.Clock*0.11+fi*1.7))
		y := h * (0.25 + 0.12*math.Sin(a.Clock*0.07+fi*2.3) + 0.1*fi)
		render.Glow(dst, x, y, (220+60*fi)*a.Scale, color.NRGBA{0x3a, 0x62, 0x9c, 0x26})
	}
}

// dim darkens the whole screen under an overlay.
func dim(dst *ebiten.Image, a *App, alpha float64) {
	render.FillRect(dst, 0, 0, float64(a.W), float64(a.H), color.NRGBA{4, 8, 16, uint8(alpha * 255)})
}

// card draws a raised panel with a shadow.
func card(dst *ebiten.Image, a *App, r image.Rectangle) {
	render.Shadow(dst, r.Add(image.Pt(0, int(8*a.Scale))), 18*a.Scale, 28*a.Scale, render.ShadowInk)
	render.Panel(dst, r, 18*a.Scale, render.Surface)
}

func sinTime(t float64) float64 { return math.Sin(t) }
