package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// chartPicture is a chart's lines drawn once into an image, drawn again
// only when the numbers, the quantity or the size change.
type chartPicture struct {
	img              *ebiten.Image
	quantity, frames int
	w, h             int
	sight            game.Seat
	top              float64
	safe             bool
}

// hasChart reports whether the title gives numbers to chart.
func (v *Viewer) hasChart() bool {
	_, ok := v.rec.Title.(game.Charted)
	return ok
}

// niceTop rounds a chart's top up to 1, 2 or 5 times a power of ten.
func niceTop(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, f := range [4]float64{1, 2, 5, 10} {
		if f*p >= x {
			return f * p
		}
	}
	return 10 * p
}

// drawChart draws the chosen quantity over the game, h high, one line a
// seat and a mark at the turn shown, and returns the y under it.
func (v *Viewer) drawChart(dst *ebiten.Image, a *App, x, y, w, h float64) float64 {
	s := a.Scale
	c := v.chron
	if len(c.Names) == 0 {
		return y
	}
	k := v.chart % len(c.Names)
	hdr := rectXYWH(x-4*s, y-4*s, w+8*s, 22*s)
	v.panel.chartHdr = hdr
	render.Text(dst, "CHART", render.Bold, 12*s, x, y, render.InkFaint, render.Left)
	heading := v.panel.chartName.Get(c.Names[k], func(name string) string { return "‹ " + name + " ›" })
	render.FitText(dst, heading, render.Bold, 13*s, x+50*s, y-1*s, w-50*s, render.Ink, render.Left)
	y += 22 * s
	top := niceTop(c.Top[k])
	plot := rectXYWH(x, y, w-34*s, h-30*s)
	v.panel.chartR = plot
	render.Panel(dst, plot.Inset(-int(2*s)), 4*s, render.Fade(render.Night, 0.6))
	pic := &v.panel.chart
	n := len(c.Values[k])
	total := max(2, v.rec.Timeline.Len())
	if pic.img == nil || pic.w != plot.Dx() || pic.h != plot.Dy() || pic.quantity != k || pic.frames != n || pic.top != top || pic.safe != render.SafePalette || pic.sight != c.as {
		v.paintChart(pic, plot.Dx(), plot.Dy(), k, top, total)
	}
	render.Sprite(dst, pic.img, float64(plot.Min.X), float64(plot.Min.Y), 1, 1, render.White)
	// The turn shown.
	cx := float64(plot.Min.X) + float64(plot.Dx())*float64(v.clock.Cursor)/float64(total-1)
	render.FillRect(dst, cx-0.6*s, float64(plot.Min.Y), 1.2*s, float64(plot.Dy()), render.Fade(render.Ink, 0.55))
	render.Text(dst, formatValue(top), render.Regular, 10*s, float64(plot.Max.X)+5*s, float64(plot.Min.Y)-4*s, render.InkFaint, render.Left)
	// Each seat's value at the turn shown.
	if i := v.clock.Cursor; i < n {
		vals := c.Values[k][i]
		ly := float64(plot.Min.Y) + 12*s
		for seat, val := range vals {
			if math.IsNaN(val) {
				continue
			}
			render.Text(dst, formatValue(val), render.Bold, 11*s, float64(plot.Max.X)+5*s, ly, v.seatColor(game.Seat(seat)), render.Left)
			ly += 13 * s
		}
	}
	return y + h - 26*s
}

// paintChart draws quantity k's lines into the chart's picture, w x h
// pixels, for total frames with the top value top.
func (v *Viewer) paintChart(pic *chartPicture, w, h, k int, top float64, total int) {
	if pic.img == nil || pic.img.Bounds().Dx() != w || pic.img.Bounds().Dy() != h {
		if pic.img != nil {
			pic.img.Deallocate()
		}
		pic.img = ebiten.NewImage(max(1, w), max(1, h))
	}
	c := v.chron
	pic.w, pic.h, pic.quantity, pic.frames, pic.top, pic.safe, pic.sight = w, h, k, len(c.Values[k]), top, render.SafePalette, c.as
	img := pic.img
	img.Clear()
	for g := 1; g < 4; g++ {
		render.FillRect(img, 0, float64(h)*float64(g)/4, float64(w), 1, render.Fade(render.White, 0.06))
	}
	vals := c.Values[k]
	px := func(i int) float64 { return float64(w) * float64(i) / float64(total-1) }
	py := func(val float64) float64 { return float64(h) - 2 - (float64(h)-4)*val/top }
	// At most two points a pixel: a long game is drawn in steps.
	stride := max(1, len(vals)/max(1, w/2))
	seats := 0
	for _, row := range vals {
		seats = max(seats, len(row))
	}
	for seat := 0; seat < seats; seat++ {
		ink := v.seatColor(game.Seat(seat))
		last := -1
		for i := 0; i < len(vals); i += stride {
			if seat >= len(vals[i]) || math.IsNaN(vals[i][seat]) {
				last = -1
				continue
			}
			if last >= 0 {
				render.Line(img, px(last), py(vals[last][seat]), px(i), py(vals[i][seat]), 2, ink)
			}
			last = i
		}
		if end := len(vals) - 1; last >= 0 && end != last && seat < len(vals[end]) && !math.IsNaN(vals[end][seat]) {
			render.Line(img, px(last), py(vals[last][seat]), px(end), py(vals[end][seat]), 2, ink)
		}
	}
}

// values are the numbers formatValue wrote.
var values render.Cache[float64, string]

// formatValue writes a chart's number shortly: whole numbers as they are,
// others with up to three decimals, thousands with k; each once.
func formatValue(x float64) string { return values.Of(x, formatNumber) }

// formatNumber is formatValue, worked out.
func formatNumber(x float64) string {
	switch {
	case math.Abs(x) >= 10000:
		return strconv.FormatFloat(x/1000, 'f', 0, 64) + "k"
	case x == math.Trunc(x):
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}
