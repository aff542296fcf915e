package scenes

import (
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
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

// hasChart reports whether there are numbers to chart: the title's, or
// the seats' thinking times.
func (v *Viewer) hasChart() bool {
	_, ok := v.rec.Title.(game.Charted)
	return ok || v.chron.Timed
}

// tookName is the heading of the chart of the seats' thinking times.
const tookName = "time per move"

// chartCount is how many quantities the chart shows in turn: the title's,
// then the thinking times where the record has them.
func (v *Viewer) chartCount() int {
	n := len(v.chron.Names)
	if v.chron.Timed {
		n++
	}
	return n
}

// nextChart shows the chart's next quantity.
func (v *Viewer) nextChart() { v.chart = (v.chart + 1) % max(1, v.chartCount()) }

// lateInk marks a move over its time limit, and a forfeit, on the chart
// and the timeline: white, which no seat wears.
var lateInk = render.White

// late reports whether seat s, asked in the step that made frame i, took
// its whole time per move or more.
func (v *Viewer) late(i int, s game.Seat) bool {
	took := v.chron.Took
	if i < 0 || i >= len(took) || int(s) < 0 || int(s) >= len(took[i]) {
		return false
	}
	lim := v.rec.Header.Limit(s)
	return lim > 0 && !math.IsNaN(took[i][s]) && took[i][s] >= float64(lim.Milliseconds())
}

// forfeit reports whether frame i ends the game by a forfeit.
func (v *Viewer) forfeit(i int) bool {
	tl := v.rec.Timeline
	if i != tl.Len()-1 {
		return false
	}
	f := tl.Frame(i)
	return f.Over && f.Result.Reason == "forfeit"
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
	count := v.chartCount()
	if count == 0 {
		return y
	}
	k := v.chart % count
	timed := k == len(c.Names) // the thinking times
	name := tookName
	if !timed {
		name = c.Names[k]
	}
	hdr := rectXYWH(x-4*s, y-4*s, w+8*s, 22*s)
	v.panel.chartHdr = hdr
	chart := lang.T("CHART")
	render.Text(dst, chart, render.Bold, 12*s, px(x, w), y, render.InkFaint, leftAlign())
	cw, _ := render.Measure(chart, render.Bold, 12*s)
	cw = max(50*s, cw+10*s)
	heading := v.panel.chartName.Get(string(lang.Current())+"\x00"+name, func(string) string { return "‹ " + lang.T(name) + " ›" })
	render.FitText(dst, heading, render.Bold, 13*s, px(x+cw, w-2*cw), y-1*s, w-cw, render.Ink, leftAlign())
	y += 22 * s
	plot := rectXYWH(x, y, w-34*s, h-30*s)
	v.panel.chartR = plot
	render.Panel(dst, plot.Inset(-int(2*s)), 4*s, render.Fade(render.Night, 0.6))
	pic := &v.panel.chart
	total := max(2, v.rec.Timeline.Len())
	var top float64
	var rows [][]float64 // each frame's values by seat
	format := formatValue
	if timed {
		top, rows, format = v.tookTop(), c.Took, formatMillis
	} else {
		top, rows = niceTop(c.Top[k]), c.Values[k]
	}
	n := len(rows)
	if pic.img == nil || pic.w != plot.Dx() || pic.h != plot.Dy() || pic.quantity != k || pic.frames != n || pic.top != top || pic.safe != render.SafePalette || pic.sight != c.as {
		if timed {
			v.paintTook(pic, plot.Dx(), plot.Dy(), s, top, total)
		} else {
			v.paintChart(pic, plot.Dx(), plot.Dy(), k, top, total)
		}
	}
	render.Sprite(dst, pic.img, float64(plot.Min.X), float64(plot.Min.Y), 1, 1, render.White)
	// The turn shown.
	cx := float64(plot.Min.X) + float64(plot.Dx())*float64(v.clock.Cursor)/float64(total-1)
	render.FillRect(dst, cx-0.6*s, float64(plot.Min.Y), 1.2*s, float64(plot.Dy()), render.Fade(render.Ink, 0.55))
	topLabel := formatValue(top)
	if timed {
		topLabel = formatMillis(math.Pow(10, top))
	}
	render.Text(dst, lang.Digits(topLabel), render.Regular, 10*s, float64(plot.Max.X)+5*s, float64(plot.Min.Y)-4*s, render.InkFaint, render.Left)
	// Each seat's value at the turn shown.
	if i := v.clock.Cursor; i < n {
		ly := float64(plot.Min.Y) + 12*s
		for seat, val := range rows[i] {
			if math.IsNaN(val) {
				continue
			}
			render.Text(dst, lang.Digits(format(val)), render.Bold, 11*s, float64(plot.Max.X)+5*s, ly, v.seatColor(game.Seat(seat)), render.Left)
			ly += 13 * s
		}
	}
	return y + h - 26*s
}

// tookTop is the top of the chart of thinking times: the power of ten
// (its exponent, in milliseconds) over the longest time and every limit.
// The chart is logarithmic, from 1 ms: a bot's quick moves and its
// limit of a minute read on one chart.
func (v *Viewer) tookTop() float64 {
	top := v.chron.TookTop
	for s := range v.rec.Title.Seats() {
		top = max(top, float64(v.rec.Header.Limit(game.Seat(s)).Milliseconds()))
	}
	return max(1, math.Ceil(math.Log10(max(1, top))-1e-9))
}

// paintTook draws the seats' thinking times into the chart's picture, w x
// h pixels at scale s, for total frames, up to 10^top milliseconds: a line
// a seat through the longest time of each two pixels, a dashed line at
// each time limit, and a white dot on each move over it.
func (v *Viewer) paintTook(pic *chartPicture, w, h int, s, top float64, total int) {
	if pic.img == nil || pic.img.Bounds().Dx() != w || pic.img.Bounds().Dy() != h {
		if pic.img != nil {
			pic.img.Deallocate()
		}
		pic.img = ebiten.NewImage(max(1, w), max(1, h))
	}
	c := v.chron
	pic.w, pic.h, pic.quantity, pic.frames, pic.top, pic.safe, pic.sight = w, h, len(c.Names), len(c.Took), top, render.SafePalette, c.as
	img := pic.img
	img.Clear()
	fw, fh := float64(w), float64(h)
	px := func(i int) float64 { return fw * float64(i) / float64(total-1) }
	py := func(ms float64) float64 { return fh - 2 - (fh-4)*math.Log10(max(1, ms))/top }
	// The limits, each time a seat has once, labelled on the left, where a
	// game's first moves are (the last are on the right).
	var drawn [8]time.Duration
	for seat := range min(len(drawn), v.rec.Title.Seats()) {
		lim := v.rec.Header.Limit(game.Seat(seat))
		if lim <= 0 || slices.Contains(drawn[:seat], lim) {
			continue
		}
		drawn[seat] = lim
		ly := py(float64(lim.Milliseconds()))
		for x := 0.0; x < fw; x += 8 * s {
			render.FillRect(img, x, ly-0.75*s, min(5*s, fw-x), 1.5*s, render.Fade(lateInk, 0.7))
		}
		render.Text(img, lang.T("limit")+" "+formatMillis(float64(lim.Milliseconds())), render.Bold, 9*s, 3*s, max(1, ly-12*s), lateInk, render.Left)
	}
	// A line at each power of ten, labelled where no limit's label is.
	for d := 0.0; d <= top; d++ {
		gy := py(math.Pow(10, d))
		render.FillRect(img, 0, gy, fw, 1, render.Fade(render.White, 0.06))
		clear := d < top
		for _, lim := range drawn {
			if lim > 0 && math.Abs(py(float64(lim.Milliseconds()))-gy) < 12*s {
				clear = false
			}
		}
		if clear {
			render.Text(img, lang.Digits(formatMillis(math.Pow(10, d))), render.Regular, 9*s, 3*s, gy-11*s, render.Fade(render.InkFaint, 0.8), render.Left)
		}
	}
	seats := v.rec.Title.Seats()
	for seat := range seats {
		ink := v.seatColor(game.Seat(seat))
		// The longest time of each two pixels, joined.
		lastX, lastY := -1.0, 0.0
		bucket, bx, most := -1, 0.0, 0.0
		flush := func() {
			if bucket < 0 {
				return
			}
			y := py(most)
			if lastX >= 0 {
				render.Line(img, lastX, lastY, bx, y, 1.5*s, ink)
			} else {
				render.Disc(img, bx, y, 1.5*s, ink)
			}
			lastX, lastY = bx, y
		}
		for i, row := range c.Took {
			if seat >= len(row) || math.IsNaN(row[seat]) {
				continue
			}
			x := px(i)
			if b := int(x / 2); b != bucket {
				flush()
				bucket, bx, most = b, x, row[seat]
			} else if row[seat] > most {
				bx, most = x, row[seat]
			}
		}
		flush()
	}
	for i, row := range c.Took {
		for seat := range row {
			if v.late(i, game.Seat(seat)) {
				render.Disc(img, px(i), py(row[seat]), 3.5*s, render.Night)
				render.Disc(img, px(i), py(row[seat]), 2.5*s, lateInk)
			}
		}
	}
}

// millis are the times formatMillis wrote.
var millis render.Cache[float64, string]

// formatMillis writes a time in milliseconds shortly: "0.4 ms", "12 ms",
// "1.25 s", "60 s"; each once.
func formatMillis(ms float64) string {
	return millis.Of(ms, func(ms float64) string {
		switch sec := ms / 1000; {
		case ms < 10 && ms != math.Trunc(ms):
			return strconv.FormatFloat(ms, 'f', 1, 64) + " ms"
		case ms < 1000:
			return strconv.FormatFloat(ms, 'f', 0, 64) + " ms"
		case sec == math.Trunc(sec) || sec >= 100:
			return strconv.FormatFloat(sec, 'f', 0, 64) + " s"
		case sec < 10:
			return strconv.FormatFloat(sec, 'f', 2, 64) + " s"
		default:
			return strconv.FormatFloat(sec, 'f', 1, 64) + " s"
		}
	})
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
