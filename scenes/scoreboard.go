package scenes

import (
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// The map first, for a projector and the kiosk: the map takes the window
// but for a strip across its top, the scoreboard, and the control bar.
// The scoreboard holds the game's name, each player's name with its first
// numbers, the turn, the banner or the event feed, and the menu's
// buttons. The side panel comes back on H.

// scoreH is the scoreboard's height, at scale 1.
const scoreH = 60

// scoreCols is how many of the standings' columns a player's card shows.
const scoreCols = 2

// scoreCache keeps the scoreboard's words between frames.
type scoreCache struct {
	// stats are each seat's numbers, by the frame and the sight they were
	// read for.
	key   [2]int
	lang  lang.Tag
	stats []scoreLine
	// cards are where each seat's card goes, in seat order; cardsX,
	// turnX and bandX where the cards, the turn and the band (the banner,
	// the feed) start: as laid out left to right, mirrored where they are
	// drawn in a language written right to left.
	cards                []image.Rectangle
	cardsX, turnX, bandX float64
}

// scoreLine is a seat's first numbers as a line, "SCORE 0.81 · PENALTY
// 184", its first number alone for a narrow card, and whether the seat is
// out of the game.
type scoreLine struct {
	text, short string
	out         bool
}

// scoreboard is the strip's rectangle in the map-first layout.
func (v *Viewer) scoreboard() image.Rectangle {
	return image.Rect(0, 0, v.screenW, int(scoreH*v.scale))
}

// scoreStats are each seat's first numbers of frame f, in seat order;
// empty lines for a title that ranks none.
func (v *Viewer) scoreStats(f game.Frame, as game.Seat) []scoreLine {
	key := [2]int{v.clock.Cursor, int(as)}
	sc := &v.score
	if sc.stats != nil && sc.key == key && sc.lang == lang.Current() {
		return sc.stats
	}
	sc.key, sc.lang = key, lang.Current()
	st, ranked := v.standings(f, as)
	n := v.rec.Title.Seats()
	sc.stats = make([]scoreLine, n)
	if !ranked {
		return sc.stats
	}
	for _, row := range st.Rows {
		if row.Seat < 0 || int(row.Seat) >= n {
			continue
		}
		var b strings.Builder
		short := ""
		for k, c := range row.Cells[:min(scoreCols, len(row.Cells))] {
			if k > 0 {
				b.WriteString("  ·  ")
			}
			b.WriteString(lang.T(st.Heads[k]))
			b.WriteString(" ")
			b.WriteString(lang.Digits(lang.T(c)))
			if k == 0 {
				short = b.String()
			}
		}
		sc.stats[row.Seat] = scoreLine{b.String(), short, row.Out}
	}
	return sc.stats
}

// layoutScoreboard places the scoreboard's parts: the game's name, a card
// a seat, the turn, and what is left for the banner and the feed (the
// band).
func (v *Viewer) layoutScoreboard(a *App) {
	s := a.Scale
	r := v.scoreboard()
	name, _ := render.Measure(v.rec.Title.Name(), render.Bold, 22*s)
	cardsX := 20*s + name + 20*s
	right := float64(v.help.Rect().Min.X) - 12*s
	if lang.RTL() { // laid out as left to right, then mirrored
		right = float64(a.W-v.help.Rect().Max.X) - 12*s
	}
	n := v.rec.Title.Seats()
	turnW := 118 * s
	// Each card takes up to 280 px, less when the seats are many, and
	// leaves the banner at least a quarter of the strip.
	room := math.Max(0, right-cardsX-turnW-math.Max(240*s, float64(r.Dx())/4))
	w := math.Min(280*s, room/float64(max(1, n)))
	w = math.Max(w, 110*s)
	v.score.cards = v.score.cards[:0]
	x := cardsX
	for i := 0; i < n; i++ {
		v.score.cards = append(v.score.cards, rectXYWH(x, 8*s, w-8*s, float64(r.Dy())-16*s))
		x += w
	}
	v.score.cardsX, v.score.turnX, v.score.bandX = cardsX, x+4*s, x+4*s+turnW
}

// drawScoreboard draws the strip across the top of the map-first layout.
func (v *Viewer) drawScoreboard(dst *ebiten.Image, a *App) {
	s := a.Scale
	r := v.scoreboard()
	render.FillRect(dst, 0, 0, float64(r.Dx()), float64(r.Dy()), render.Fade(render.Night, 0.92))
	render.FillRect(dst, 0, float64(r.Max.Y)-1*s, float64(r.Dx()), 1*s, render.Fade(render.InkFaint, 0.35))
	nx, align := 20*s, render.Left
	if lang.RTL() {
		nx, align = float64(r.Dx())-20*s, render.Right
	}
	render.Text(dst, v.rec.Title.Name(), render.Bold, 22*s, nx, (float64(r.Dy())-22*s*1.2)/2, render.Ink, align)
	cur := v.rec.Timeline.Frame(v.clock.Cursor)
	as := v.sight()
	stats := v.scoreStats(cur, as)
	var toMove [8]bool
	for _, st := range cur.ToMove {
		toMove[st&7] = true
	}
	for i, c := range v.score.cards {
		seat := game.Seat(i)
		bg := render.Fade(v.seatColor(seat), 0.14)
		switch {
		case cur.Over && cur.Result.Winner == seat.Number():
			bg = render.Fade(render.Accent, 0.3)
		case toMove[i&7] && !cur.Over && len(cur.ToMove) == 1:
			bg = render.Fade(v.seatColor(seat), 0.16+0.1*(0.5+0.5*sinTime(a.Clock*3)))
		}
		if lang.RTL() {
			c = mirrored(c, r.Dx())
		}
		render.Panel(dst, c, 10*s, bg)
		y, w := float64(c.Min.Y), float64(c.Dx())
		gx, tx, align := cardRow(c, 18*s, 34*s)
		v.seatGlyph(dst, seat, gx, y+float64(c.Dy())/2, 20*s)
		line := stats[i]
		name := v.playerName(seat, line.out)
		ink := render.Ink
		if line.out {
			ink = render.InkDim
		}
		if line.text != "" {
			text := line.text
			if tw, _ := render.Measure(text, render.Regular, 13*s); tw > w-42*s {
				text = line.short
			}
			render.FitText(dst, name, render.Bold, 17*s, tx, y+3*s, w-42*s, ink, align)
			render.FitText(dst, text, render.Regular, 13*s, tx, y+24*s, w-42*s, render.InkDim, align)
		} else {
			render.FitText(dst, name, render.Bold, 17*s, tx, y+(float64(c.Dy())-17*s*1.2)/2, w-42*s, ink, align)
		}
	}
	n := v.rec.Timeline.Len()
	label := v.barc.turnLabel.Get([2]int{v.clock.Cursor, n - 1}, turnLabel)
	tx, align := v.score.turnX+4*s, render.Left
	if lang.RTL() {
		tx, align = float64(r.Dx())-tx, render.Right
	}
	render.FitText(dst, label, render.Bold, 16*s, tx, (float64(r.Dy())-16*s*1.2)/2, 110*s, render.Ink, align)
	v.menu.Draw(dst, false, s)
	v.help.Draw(dst, false, s)
}
