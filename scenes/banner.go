package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// verdict is how the shown frame stands for a banner: who won and why, a
// draw, or a record that stops before the end; "" while a game runs.
func (v *Viewer) verdict(f game.Frame) (string, bool) {
	if !f.Over {
		if end, ok := v.unfinished(); ok && v.clock.Cursor == v.rec.Timeline.Len()-1 {
			return end, true
		}
		return "", false
	}
	why := ""
	if j, ok := v.rec.Title.(game.Judged); ok {
		why = j.Why(f)
	}
	return v.named(game.Verdict(f, why)), true
}

// drawBanner names the winner over the board once the last step has
// settled: in the winner's colour, neutral for a draw, muted for a record
// that stops before the game ends.
func (v *Viewer) drawBanner(dst *ebiten.Image, a *App) {
	f := v.moment.Cur
	if !v.atEnd {
		return
	}
	text, ok := v.verdict(f)
	if !ok {
		return
	}
	s := a.Scale
	head, tail := text, ""
	for i := 0; i+1 < len(text); i++ {
		if text[i] == ':' && text[i+1] == ' ' {
			head, tail = text[:i], text[i+2:]
			break
		}
	}
	bg, ink := color.NRGBA{0x2a, 0x35, 0x4d, 0xf0}, render.Ink
	switch {
	case f.Over && f.Result.Winner > 0:
		bg, ink = render.Fade(v.seatColor(game.Seat(f.Result.Winner-1)), 0.95), render.AccentInk
	case f.Over:
		bg, ink = render.Fade(render.Accent, 0.95), render.AccentInk
	}
	area := v.area
	w := math.Min(float64(area.Dx())-40*s, 720*s)
	size := render.Shrink(head, render.Bold, 34*s, 20*s, w-60*s)
	lines := render.Wrap(tail, render.Regular, 16*s, w-60*s)
	lines = lines[:min(len(lines), 3)]
	// After a while the banner folds to a strip, to leave the board to be
	// looked at; the side panel keeps the whole verdict.
	if a.Clock-v.endAt > bannerTime {
		size = render.Shrink(head, render.Bold, 20*s, 14*s, w-60*s)
		tw, _ := render.Measure(head, render.Bold, size)
		w, lines = math.Min(w, tw+80*s), nil
	}
	h := size*1.5 + float64(len(lines))*16*s*1.35 + 18*s
	cx := float64(area.Min.X+area.Max.X) / 2
	r := rectXYWH(cx-w/2, float64(area.Min.Y)+14*s, w, h)
	render.Shadow(dst, r, 16*s, 18*s, render.ShadowInk)
	render.Panel(dst, r, 16*s, bg)
	y := float64(r.Min.Y) + 10*s
	if f.Over && f.Result.Winner > 0 {
		drawSeatMark(dst, game.Seat(f.Result.Winner-1), float64(r.Min.X)+28*s, y+size*0.62, size*0.7, ink)
	}
	render.Text(dst, head, render.Bold, size, cx, y, ink, render.Center)
	y += size * 1.4
	for _, l := range lines {
		render.Text(dst, l, render.Regular, 16*s, cx, y, render.Fade(ink, 0.85), render.Center)
		y += 16 * s * 1.35
	}
}

// bannerTime is how long the banner shows whole, in seconds.
const bannerTime = 6

// feedTurns is how many turns back the event feed reaches.
const feedTurns = 12

// drawFeed lists the latest events of note up to the shown turn in the
// board's corner, fading as they grow old.
func (v *Viewer) drawFeed(dst *ebiten.Image, a *App) {
	s := a.Scale
	c := v.chron
	cur := v.clock.Cursor
	const most = 5
	var shown [most]struct {
		m   game.Marker
		age int
	}
	n := 0
	for i := min(cur, len(c.Markers)-1); i >= 0 && i > cur-feedTurns && n < most; i-- {
		ms := c.Markers[i]
		for k := len(ms) - 1; k >= 0 && n < most; k-- {
			if ms[k].Kind == game.MarkEnd {
				continue
			}
			shown[n].m, shown[n].age = ms[k], cur-i
			n++
		}
	}
	if n == 0 {
		return
	}
	x := float64(v.area.Min.X) + 12*s
	y := float64(v.area.Max.Y) - 12*s
	size := 14 * s
	w := math.Min(380*s, float64(v.area.Dx())*0.45)
	for i := 0; i < n; i++ {
		m := shown[i].m
		alpha := 1 - float64(shown[i].age)/feedTurns
		y -= size * 1.7
		r := rectXYWH(x, y-3*s, w, size*1.5)
		render.Panel(dst, r, 6*s, render.Fade(render.Night, 0.72*alpha))
		glyph := markGlyphs[m.Kind]
		render.Text(dst, glyph, render.Bold, size, x+12*s, y, render.Fade(v.markColor(m), alpha), render.Center)
		render.Text(dst, render.Clip(v.named(m.Text), render.Regular, size, w-34*s), render.Regular, size, x+24*s, y, render.Fade(render.Ink, alpha), render.Left)
	}
}

// drawStandingsTable draws standings as a table in r: the headings, then a
// row a seat with its name, the deciding column marked. It returns the y
// under it.
func (v *Viewer) drawStandingsTable(dst *ebiten.Image, st game.Standings, r image.Rectangle, s float64) float64 {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	cols := len(st.Heads)
	col := math.Min(70*s, w*0.6/float64(max(1, cols)))
	for i, h := range st.Heads {
		ink := render.InkFaint
		if i == st.Decides {
			ink = render.Accent
		}
		render.FitText(dst, h, render.Bold, 11*s, x+w-float64(cols-1-i)*col, y, col-4*s, ink, render.Right)
	}
	y += 18 * s
	for place, row := range st.Rows {
		v.seatGlyph(dst, row.Seat, x+8*s, y+11*s, 16*s)
		name := v.playerName(row.Seat, false) + " · " + v.seatName(int(row.Seat))
		render.FitText(dst, itoaPlace(place)+"  "+name, render.Bold, 16*s, x+22*s, y, w-22*s-float64(cols)*col-8*s, render.Ink, render.Left)
		for k, c := range row.Cells {
			ink := render.Ink
			if k == st.Decides && place == 0 {
				ink = render.Accent
			}
			render.FitText(dst, c, render.Bold, 16*s, x+w-float64(cols-1-k)*col, y, col-4*s, ink, render.Right)
		}
		y += 28 * s
	}
	return y
}

func itoaPlace(i int) string { return string(rune('1'+i)) + "." }
