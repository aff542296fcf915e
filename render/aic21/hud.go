package aic21

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// cardH is the height of a colony's card above the orders panel, at scale 1.
const cardH = 204

// card is the column's card i: while a person gives orders, their colony's
// card and the orders panel under it; else the two colonies' cards, each
// half the column.
func (v *View) card(i, n int) image.Rectangle {
	sc := v.scale
	r := v.column
	gap := 10 * sc
	h := cardH * sc
	if !v.in.active {
		h = (float64(r.Dy()) - gap) / float64(n)
	}
	y := float64(r.Min.Y) + float64(i)*(h+gap)
	if i == n-1 {
		h = float64(r.Max.Y) - y
	}
	return image.Rect(r.Min.X, int(y), r.Max.X, int(y+h))
}

// hides reports whether colony c's card is hidden: a person plays the
// other colony in a live match, and what c knows is not theirs to see.
func (v *View) hides(s *aic21.State, c int) bool {
	if s.Over {
		return false
	}
	if p, ok := v.moment.Person(); ok {
		return int(p) != c
	}
	return v.people == 3 && !v.in.active
}

// drawColumn draws the column beside the map: each colony's card (base
// health, units, stores, chat); while a person gives orders, their
// colony's card and the orders panel.
func (v *View) drawColumn(dst *ebiten.Image, s *aic21.State, m *render.Moment) {
	sc := v.scale
	colonies := []int{0, 1}
	if v.in.active {
		colonies = []int{v.in.colony}
	}
	n := 2
	for i := range n {
		r := v.card(i, n)
		render.Shadow(dst, r, 12*sc, 12*sc, render.ShadowInk)
		render.Panel(dst, r, 12*sc, render.Surface)
	}
	if v.in.active {
		v.orderBoxes(dst, s)
	}
	b := &v.batch
	b.Begin(v.sheet.Atlas)
	for i, c := range colonies {
		if !v.hides(s, c) {
			v.cardShapes(s, c, v.card(i, n))
		}
	}
	if v.in.active {
		v.orderShapes(s)
	}
	b.Flush(dst)
	for i, c := range colonies {
		v.cardText(dst, s, c, v.card(i, n))
	}
	if v.in.active {
		v.orderText(dst, s, m)
	}
}

// icon queues an atlas sprite centred at screen point (x, y), size pixels
// wide.
func (v *View) icon(img *ebiten.Image, x, y, size float64, c color.NRGBA) {
	v.batch.AddAt(img, x, y, size/float64(img.Bounds().Dx()), 0, c)
}

// bar queues a screen rectangle of the atlas's white pixel.
func (v *View) bar(x, y, w, h float64, c color.NRGBA) {
	if w > 0 && h > 0 {
		v.batch.AddRect(v.sheet.Pixel, x, y, w, h, c)
	}
}

// The rows of a colony's card, at scale 1, from its top.
const (
	rowName  = 12
	rowBase  = 40
	rowStats = 66
	rowChat  = 100
	chatLine = 19
)

// cardShapes queues the icons and bars of colony c's card.
func (v *View) cardShapes(s *aic21.State, c int, r image.Rectangle) {
	sh := v.sheet
	sc := v.scale
	col := &s.Colonies[c]
	team := teamColors[c]
	x0, y0 := float64(r.Min.X), float64(r.Min.Y)
	w := float64(r.Dx())
	v.bar(x0, y0+10*sc, 4*sc, float64(r.Dy())-20*sc, team)
	// Base health.
	v.icon(sh.Anthill[c], x0+26*sc, y0+(rowBase+7)*sc, 30*sc, white)
	bx, bw := x0+48*sc, w-108*sc
	v.bar(bx, y0+(rowBase+2)*sc, bw, 10*sc, render.Fade(white, 0.1))
	frac := render.Clamp01(float64(col.BaseHealth) / float64(max(1, s.FullHealth.Base)))
	fill := team
	if frac < 0.3 {
		fill = hurt
	}
	v.bar(bx, y0+(rowBase+2)*sc, bw*frac, 10*sc, fill)
	// Units and stores.
	cw := (w - 20*sc) / 4
	for k, img := range []*ebiten.Image{sh.Ant[c][0], sh.Scorpion[c][0], sh.Bread[1], sh.Grass[1]} {
		v.icon(img, x0+24*sc+float64(k)*cw, y0+(rowStats+8)*sc, 28*sc, white)
	}
	// This turn's messages are marked in the colony's colour.
	msgs := col.Chat[max(0, len(col.Chat)-v.chatRows(r)):]
	for k, msg := range msgs {
		y := y0 + (rowChat+18)*sc + float64(k)*chatLine*sc
		if msg.Turn == s.Turn {
			v.bar(x0+10*sc, y-1*sc, w-20*sc, (chatLine-2)*sc, render.Fade(team, 0.16))
		}
		v.icon(sh.Disc, x0+54*sc, y+7.5*sc, 22*sc, render.Fade(dim(team), 0.9))
	}
}

// cardText writes colony c's card.
func (v *View) cardText(dst *ebiten.Image, s *aic21.State, c int, r image.Rectangle) {
	sc := v.scale
	col := &s.Colonies[c]
	x0, y0 := float64(r.Min.X), float64(r.Min.Y)
	w := float64(r.Dx())
	render.FitText(dst, colonyName(s, c), render.Bold, 16*sc, x0+16*sc, y0+rowName*sc, w-28*sc, render.Ink, render.Left)
	if v.hides(s, c) {
		render.WrapText(dst, lang.T("Hidden while you play: its numbers, units and chat are its own."), render.Regular, 13*sc, x0+16*sc, y0+(rowBase-2)*sc, w-32*sc, render.InkFaint)
		return
	}
	health := render.OutOf(max(0, col.BaseHealth), s.FullHealth.Base)
	if s.Hidden(c) {
		health = render.Numbered("?/", s.FullHealth.Base, "")
	}
	render.Text(dst, digits(health), render.Bold, 13*sc, x0+w-12*sc, y0+(rowBase-1)*sc, render.Ink, render.Right)
	workers, soldiers := s.Count(c)
	cw := (w - 20*sc) / 4
	for k, n := range [4]int{workers, soldiers, col.Bread, col.Grass} {
		text := digits(render.Itoa(n))
		if s.Hidden(c) {
			text = "?"
		}
		render.Text(dst, text, render.Bold, 15*sc, x0+40*sc+float64(k)*cw, y0+(rowStats)*sc, render.Ink, render.Left)
	}
	render.Text(dst, lang.T("CHAT"), render.Bold, 11*sc, x0+16*sc, y0+rowChat*sc, render.InkFaint, render.Left)
	msgs := col.Chat[max(0, len(col.Chat)-v.chatRows(r)):]
	if len(msgs) == 0 {
		render.Text(dst, lang.T("no messages yet"), render.Regular, 13*sc, x0+16*sc, y0+(rowChat+18)*sc, render.InkFaint, render.Left)
	}
	for k, msg := range msgs {
		y := y0 + (rowChat+18)*sc + float64(k)*chatLine*sc
		ink := render.InkDim
		if msg.Turn == s.Turn {
			ink = render.Ink
		}
		render.Text(dst, render.Numbered("T", msg.Turn+1, ""), render.Mono, 11*sc, x0+16*sc, y+2*sc, render.InkFaint, render.Left)
		render.Text(dst, render.Clip(digits(render.Itoa(msg.Value)), render.Bold, 11*sc, 20*sc), render.Bold, 11*sc, x0+54*sc, y+1.5*sc, render.Ink, render.Center)
		render.Text(dst, render.Clip(msg.Text, render.Regular, 13*sc, w-84*sc), render.Regular, 13*sc, x0+70*sc, y, ink, render.Left)
	}
}

// chatRows is how many chat messages card r has room for.
func (v *View) chatRows(r image.Rectangle) int {
	return max(1, int((float64(r.Dy())/v.scale-rowChat-26)/chatLine))
}

// shownDigits are the numbers digits wrote in Persian digits.
var shownDigits render.Cache[string, string]

// digits is s, a number written by render.Itoa or OutOf, in the screens'
// digits; made once for each, so that a frame allocates nothing.
func digits(s string) string {
	if lang.Current() != lang.Fa {
		return s
	}
	return shownDigits.Of(s, lang.Digits)
}
