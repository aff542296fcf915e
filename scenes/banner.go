package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// verdict is how the shown frame stands for a banner: who won and why, a
// draw, or a record that stops before the end; "" while a game runs.
func (v *Viewer) verdict(f game.Frame) (string, bool) {
	head, tail, ok := v.verdictParts(f)
	if tail != "" {
		return head + ": " + tail, ok
	}
	return head, ok
}

// verdictParts is verdict in two parts, each said in the screens'
// language: who won (a draw, what the record is), and why ("" for no
// reason).
func (v *Viewer) verdictParts(f game.Frame) (head, tail string, ok bool) {
	if !f.Over {
		if v.clock.Cursor == v.rec.Timeline.Len()-1 {
			return v.unfinishedParts()
		}
		return "", "", false
	}
	var why game.Words
	if j, ok := v.rec.Title.(game.Judged); ok {
		why = j.Why(f)
	}
	head = v.say(game.Verdict(f, game.Words{}))
	if why.Format != "" {
		tail = v.say(why)
	}
	return head, tail, true
}

// band is the top bar's room between the game's name and its buttons:
// the board and the side panels leave it free, so the banner and the event
// feed go there and hide none of what they describe. With the map first
// (H) it is the scoreboard's room right of the turn.
func (v *Viewer) band(a *App) image.Rectangle {
	s := a.Scale
	w, _ := render.Measure(lang.T(v.rec.Title.Name()), render.Bold, 26*s)
	x0, x1 := 36*s+w, float64(v.help.Rect().Min.X)-16*s
	y1 := (topBarH - 6) * s
	if v.mapFirst {
		x0, y1 = v.score.bandX, (scoreH-6)*s
	}
	if lang.RTL() { // right to left: between the buttons on the left and the name
		x0, x1 = float64(v.help.Rect().Max.X)+16*s, float64(a.W)-x0
	}
	return image.Rect(int(x0), int(6*s), int(math.Max(x0, x1)), int(y1))
}

// bannerRect is where the banner stands, and false when it does not show:
// before the last step settles and while the kiosk's result card tells
// the result (quiet).
func (v *Viewer) bannerRect(a *App) (image.Rectangle, string, bool) {
	if !v.atEnd || v.quiet {
		return image.Rectangle{}, "", false
	}
	text, ok := v.verdict(v.moment.Cur)
	if !ok {
		return image.Rectangle{}, "", false
	}
	b := v.band(a)
	if v.mapFirst && b.Dx() < int(300*a.Scale) {
		if lang.RTL() {
			b.Max.X = a.W - int(v.score.cardsX)
		} else {
			b.Min.X = int(v.score.cardsX) // the players' cards give way to the result
		}
	}
	if b.Dx() < int(120*a.Scale) {
		return image.Rectangle{}, "", false
	}
	return b, text, true
}

// drawBanner names the winner in the top bar once the last step has
// settled: in the winner's colour, neutral for a draw, muted for a record
// that stops before the game ends. It stands over the line about the
// game's source, never over the board or a panel.
func (v *Viewer) drawBanner(dst *ebiten.Image, a *App) {
	r, _, ok := v.bannerRect(a)
	if !ok {
		return
	}
	f := v.moment.Cur
	s := a.Scale
	head, tail, _ := v.verdictParts(f)
	bg, ink := color.NRGBA{0x2a, 0x35, 0x4d, 0xff}, render.Ink
	switch {
	case f.Over && f.Result.Winner > 0:
		bg, ink = render.Fade(v.seatColor(game.Seat(f.Result.Winner-1)), 1), render.AccentInk
	case f.Over:
		bg, ink = render.Fade(render.Accent, 1), render.AccentInk
	}
	room := float64(r.Dx()) - 64*s
	size := render.Shrink(head, render.Bold, 22*s, 14*s, room)
	tw, _ := render.Measure(head, render.Bold, size)
	if tail != "" {
		tail = render.Clip(tail, render.Regular, 13*s, room)
		w2, _ := render.Measure(tail, render.Regular, 13*s)
		tw = math.Max(tw, w2)
	}
	w := math.Min(float64(r.Dx()), tw+80*s)
	x := float64(r.Min.X) // from the name's side of the band
	if lang.RTL() {
		x = float64(r.Max.X) - w
	}
	cx := x + w/2
	r = rectXYWH(x, float64(r.Min.Y), w, float64(r.Dy()))
	render.Shadow(dst, r, 12*s, 10*s, render.ShadowInk)
	render.Panel(dst, r, 12*s, bg)
	y := float64(r.Min.Y) + 5*s
	if tail == "" {
		y = float64(r.Min.Y) + (float64(r.Dy())-size*1.2)/2
	}
	if f.Over && f.Result.Winner > 0 {
		mx := float64(r.Min.X) + 22*s
		if lang.RTL() {
			mx = float64(r.Max.X) - 22*s
		}
		drawSeatMark(dst, game.Seat(f.Result.Winner-1), mx, float64(r.Min.Y+r.Max.Y)/2, size*0.7, ink)
	}
	render.Text(dst, head, render.Bold, size, cx, y, ink, render.Center)
	if tail != "" {
		render.Text(dst, tail, render.Regular, 13*s, cx, y+size*1.15, render.Fade(ink, 0.85), render.Center)
	}
}

// feedTurns is how many turns back the event feed reaches.
const feedTurns = 12

// feedMost is how many events the feed lists.
const feedMost = 2

// feedEvent is an event the feed lists, and how many turns old it is.
type feedEvent struct {
	m   game.Marker
	age int
}

// feed lists the latest events of note up to the shown turn, newest
// first, and the rectangle they take: the right of the band, where they
// hide nothing of the board. It lists none while the banner stands there
// or a show's result card tells the result (quiet).
func (v *Viewer) feed(a *App) (shown [feedMost]feedEvent, n int, r image.Rectangle) {
	if v.quiet || v.chron == nil {
		return
	}
	if _, _, ok := v.bannerRect(a); ok {
		return
	}
	c := v.chron
	cur := v.clock.Cursor
	for i := min(cur, len(c.Markers)-1); i >= 0 && i > cur-feedTurns && n < feedMost; i-- {
		ms := c.Markers[i]
		for k := len(ms) - 1; k >= 0 && n < feedMost; k-- {
			if ms[k].Kind == game.MarkEnd {
				continue
			}
			shown[n] = feedEvent{ms[k], cur - i}
			n++
		}
	}
	if n == 0 {
		return
	}
	s := a.Scale
	b := v.band(a)
	room := float64(b.Dx()) * 0.6 // the source line's, left of it
	if v.mapFirst {
		room = float64(b.Dx())
	}
	w := math.Min(420*s, room)
	r = image.Rect(b.Max.X-int(w), b.Min.Y, b.Max.X, b.Max.Y)
	if lang.RTL() { // right to left: at the band's left, by the buttons
		r = image.Rect(b.Min.X, b.Min.Y, b.Min.X+int(w), b.Max.Y)
	}
	return
}

// drawFeed lists the latest events of note up to the shown turn in the
// top bar, the newest on top, fading as they grow old.
func (v *Viewer) drawFeed(dst *ebiten.Image, a *App) {
	shown, n, r := v.feed(a)
	if n == 0 {
		return
	}
	s := a.Scale
	size := 13 * s
	rowH := float64(r.Dy()) / feedMost
	x, w := float64(r.Min.X), float64(r.Dx())
	for i := 0; i < n; i++ {
		m := shown[i].m
		alpha := 1 - float64(shown[i].age)/feedTurns
		y := float64(r.Min.Y) + (float64(feedMost-n)/2+float64(i))*rowH
		render.Panel(dst, rectXYWH(x, y+1*s, w, rowH-2*s), 6*s, render.Fade(render.Night, 0.9*alpha))
		ty := y + (rowH-size*1.2)/2
		glyph := markGlyphs[m.Kind]
		gx, tx, align := lineRow(x, w, 12*s, 24*s)
		render.Text(dst, glyph, render.Bold, size, gx, ty, render.Fade(v.markColor(m), alpha), render.Center)
		render.Text(dst, render.Clip(v.say(m.Text), render.Regular, size, w-34*s), render.Regular, size, tx, ty, render.Fade(render.Ink, alpha), align)
	}
}

// drawStandingsTable draws standings as a table in r: the headings, then a
// row a seat with its name, the deciding column marked. It returns the y
// under it.
func (v *Viewer) drawStandingsTable(dst *ebiten.Image, st game.Standings, r image.Rectangle, s float64) float64 {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	cols := len(st.Heads)
	col := math.Min(70*s, w*0.6/float64(max(1, cols)))
	// colX is the right edge of column i: the columns at the right, or in
	// a language written right to left at the left, the first by the names.
	colX := func(i int) float64 {
		if lang.RTL() {
			return x + float64(cols-i)*col
		}
		return x + w - float64(cols-1-i)*col
	}
	gx, tx, align := cardRow(r, 8*s, 22*s)
	for i, h := range st.Heads {
		ink := render.InkFaint
		if i == st.Decides {
			ink = render.Accent
		}
		render.FitText(dst, lang.T(h), render.Bold, 11*s, colX(i), y, col-4*s, ink, render.Right)
	}
	y += 18 * s
	for place, row := range st.Rows {
		v.seatGlyph(dst, row.Seat, gx, y+11*s, 16*s)
		name := v.playerName(row.Seat, false) + " · " + v.seatName(int(row.Seat))
		render.FitText(dst, itoaPlace(place)+"  "+name, render.Bold, 16*s, tx, y, w-22*s-float64(cols)*col-8*s, render.Ink, align)
		for k, c := range row.Cells {
			ink := render.Ink
			if k == st.Decides && place == 0 {
				ink = render.Accent
			}
			render.FitText(dst, lang.Digits(lang.T(c)), render.Bold, 16*s, colX(k), y, col-4*s, ink, render.Right)
		}
		y += 28 * s
	}
	return y
}

func itoaPlace(i int) string { return lang.Digits(string(rune('1'+i)) + ".") }
