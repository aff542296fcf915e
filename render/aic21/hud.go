package aic21

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
)

// The heights of the column's cards, at scale 1.
const (
	cardH    = 204
	chatRows = 4
)

// history keeps each colony's numbers by turn, as frames are drawn: the
// charts need turns the moment does not show. It fills as the game is
// played or scrubbed through.
type history struct {
	kinds *aic21.Kind // the map of the game recorded
	turns []sample    // by turn + 1
	// start is what the colonies had at the start (turn -1), once drawn:
	// the units they began with, which nobody gathered food for.
	start     [2]int
	startSeen bool
	last      int // the highest turn recorded
	end       int // the game's number of turns, once its last frame was drawn
}

// sample is one turn's numbers: living units, and the worth of what each
// colony gathered (its stores and its units at their price).
type sample struct {
	known bool
	units [2]int
	worth [2]int
}

// The rules' prices and first units, for the food a colony gathered.
var rules = aic21.DefaultRules()

// worth is what colony c's stores and paid-for units are worth in food.
func worth(col *aic21.Colony) int {
	return col.Bread + col.Grass + rules.WorkerPrice*(col.CreatedWorkers+col.QueuedWorkers) +
		rules.SoldierPrice*(col.CreatedSoldiers+col.QueuedSoldiers)
}

// record keeps the numbers of s.
func (h *history) record(s *aic21.State) {
	if len(s.Kinds) == 0 || s.Turn < -1 || s.Turn > 1_000_000 {
		return
	}
	if h.kinds != &s.Kinds[0] {
		*h = history{kinds: &s.Kinds[0], turns: h.turns[:0], last: -1}
	}
	i := s.Turn + 1
	for len(h.turns) <= i {
		h.turns = append(h.turns, sample{})
	}
	sm := &h.turns[i]
	sm.known = true
	for c := range 2 {
		w, sc := s.Count(c)
		sm.units[c] = w + sc
		sm.worth[c] = worth(&s.Colonies[c])
		if s.Turn == -1 {
			h.start[c] = sm.worth[c]
		}
	}
	h.startSeen = h.startSeen || s.Turn == -1
	h.last = max(h.last, s.Turn)
	if s.Over {
		h.end = s.Turn + 1
	}
}

// SetTimeline gives the view the timeline it shows, so that the charts
// cover the whole game, not only the turns drawn (render.Chronicler).
func (v *View) SetTimeline(tl *game.Timeline) { v.tl, v.fed = tl, 0 }

// feed records the timeline's frames not recorded yet, a bounded number a
// frame so that a long game opens without a hitch.
func (v *View) feed() {
	if v.tl == nil {
		return
	}
	for n := 0; v.fed < v.tl.Len() && n < 500; n++ {
		if s, ok := v.tl.Frame(v.fed).State.(*aic21.State); ok {
			v.hist.record(s)
		}
		v.fed++
	}
}

// food is what colony c had gathered by sample sm.
func (h *history) food(sm *sample, c int) int {
	base := rules.WorkerPrice*rules.InitWorkers + rules.SoldierPrice*rules.InitSoldiers + rules.InitBread + rules.InitGrass
	if h.startSeen {
		base = h.start[c]
	}
	return max(0, sm.worth[c]-base)
}

// cards are the column's card rectangles: a colony's, or the charts'.
func (v *View) card(i, n int) image.Rectangle {
	sc := v.scale
	r := v.column
	y := float64(r.Min.Y) + float64(i)*(cardH+10)*sc
	h := cardH * sc
	if i == n-1 {
		h = float64(r.Max.Y) - y
	}
	return image.Rect(r.Min.X, int(y), r.Max.X, int(y+h))
}

// drawColumn draws the column beside the map: each colony's card (base
// health, units, stores, chat) and the charts; while a person gives
// orders, their colony's card and the orders panel.
func (v *View) drawColumn(dst *ebiten.Image, s *aic21.State, m *render.Moment) {
	sc := v.scale
	colonies := []int{0, 1}
	if v.in.active {
		colonies = []int{v.in.colony}
	}
	n := len(colonies) + 1
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
		v.cardShapes(s, c, v.card(i, n))
	}
	if v.in.active {
		v.orderShapes(s)
	} else {
		v.chartShapes(s, v.card(n-1, n))
	}
	b.Flush(dst)
	for i, c := range colonies {
		v.cardText(dst, s, c, v.card(i, n))
	}
	if v.in.active {
		v.orderText(dst, s, m)
	} else {
		v.chartText(dst, s, v.card(n-1, n))
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
	frac := clamp01(float64(col.BaseHealth) / float64(max(1, s.FullHealth.Base)))
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
	msgs := col.Chat[max(0, len(col.Chat)-chatRows):]
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
	render.Text(dst, colonyName(s, c), render.Bold, 16*sc, x0+16*sc, y0+rowName*sc, render.Ink, render.Left)
	health := itoa(max(0, col.BaseHealth))
	if s.Hidden(c) {
		health = "?"
	}
	render.Text(dst, health+"/"+itoa(s.FullHealth.Base), render.Bold, 13*sc, x0+w-12*sc, y0+(rowBase-1)*sc, render.Ink, render.Right)
	workers, soldiers := s.Count(c)
	cw := (w - 20*sc) / 4
	for k, n := range [4]int{workers, soldiers, col.Bread, col.Grass} {
		text := itoa(n)
		if s.Hidden(c) {
			text = "?"
		}
		render.Text(dst, text, render.Bold, 15*sc, x0+40*sc+float64(k)*cw, y0+(rowStats)*sc, render.Ink, render.Left)
	}
	render.Text(dst, "CHAT", render.Bold, 11*sc, x0+16*sc, y0+rowChat*sc, render.InkFaint, render.Left)
	msgs := col.Chat[max(0, len(col.Chat)-chatRows):]
	if len(msgs) == 0 {
		render.Text(dst, "no messages yet", render.Regular, 13*sc, x0+16*sc, y0+(rowChat+18)*sc, render.InkFaint, render.Left)
	}
	for k, msg := range msgs {
		y := y0 + (rowChat+18)*sc + float64(k)*chatLine*sc
		ink := render.InkDim
		if msg.Turn == s.Turn {
			ink = render.Ink
		}
		render.Text(dst, "T"+itoa(msg.Turn+1), render.Mono, 11*sc, x0+16*sc, y+2*sc, render.InkFaint, render.Left)
		render.Text(dst, clipText(itoa(msg.Value), render.Bold, 11*sc, 20*sc), render.Bold, 11*sc, x0+54*sc, y+1.5*sc, render.Ink, render.Center)
		render.Text(dst, clipText(msg.Text, render.Regular, 13*sc, w-84*sc), render.Regular, 13*sc, x0+70*sc, y, ink, render.Left)
	}
}

// clipText shortens s with an ellipsis to fit width pixels.
func clipText(s string, f render.Font, size, width float64) string {
	if w, _ := render.Measure(s, f, size); w <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 1 {
		rs = rs[:len(rs)-1]
		if w, _ := render.Measure(string(rs)+"…", f, size); w <= width {
			break
		}
	}
	return string(rs) + "…"
}

// chart is one of the charts' areas in card r: k = 0 units, 1 food.
func (v *View) chart(r image.Rectangle, k int) (x, y, w, h float64) {
	sc := v.scale
	inner := float64(r.Dy()) - 20*sc
	each := inner / 2
	x = float64(r.Min.X) + 16*sc
	w = float64(r.Dx()) - 60*sc
	y = float64(r.Min.Y) + 10*sc + float64(k)*each + 20*sc
	h = math.Max(12*sc, each-30*sc)
	return x, y, w, h
}

// chartSpan is the turns a chart spans, and its top value for kind k.
func (v *View) chartSpan(k int) (turns int, top int) {
	h := &v.hist
	turns = max(20, h.end, h.last+1)
	top = 1
	for i := range h.turns {
		sm := &h.turns[i]
		if !sm.known {
			continue
		}
		for c := range 2 {
			top = max(top, v.value(sm, k, c))
		}
	}
	return turns, niceTop(top)
}

// value is what a chart of kind k plots for colony c.
func (v *View) value(sm *sample, k, c int) int {
	if k == 0 {
		return sm.units[c]
	}
	return v.hist.food(sm, c)
}

// niceTop rounds a chart's top up to 1, 2 or 5 times a power of ten.
func niceTop(n int) int {
	p := 1
	for {
		for _, f := range [3]int{1, 2, 5} {
			if f*p >= n {
				return f * p
			}
		}
		p *= 10
	}
}

// chartShapes queues both charts: each colony's line over the turns
// recorded, and a mark at the turn shown.
func (v *View) chartShapes(s *aic21.State, r image.Rectangle) {
	sc := v.scale
	h := &v.hist
	for k := range 2 {
		x, y, w, ht := v.chart(r, k)
		turns, top := v.chartSpan(k)
		v.bar(x, y, w, ht, render.Fade(black, 0.25))
		for g := 1; g < 4; g++ {
			v.bar(x, y+ht*float64(g)/4, w, 1*sc, render.Fade(white, 0.05))
		}
		px := func(i int) float64 { return x + w*float64(i)/float64(turns) }
		py := func(val int) float64 { return y + ht - ht*float64(val)/float64(top) }
		if cur := s.Turn + 1; cur >= 0 {
			v.bar(px(cur)-sc/2, y, sc*1.2, ht, render.Fade(white, 0.3))
		}
		for c := range 2 {
			team := teamColors[c]
			last := -1
			for i := range h.turns {
				sm := &h.turns[i]
				if !sm.known {
					continue
				}
				if last >= 0 {
					a := &h.turns[last]
					v.segment(px(last), py(v.value(a, k, c)), px(i), py(v.value(sm, k, c)), 2*sc, team)
				}
				last = i
			}
			if last >= 0 {
				v.icon(v.sheet.Disc, px(last), py(v.value(&h.turns[last], k, c)), 6*sc, team)
			}
		}
	}
}

// segment queues a line of width lw between two screen points.
func (v *View) segment(x0, y0, x1, y1, lw float64, c color.NRGBA) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	nx, ny := -dy/l*lw/2, dx/l*lw/2
	// Run a little past both ends so that joints close.
	ex, ey := dx/l*lw/3, dy/l*lw/3
	v.batch.AddQuad(v.sheet.Pixel, [4][2]float64{
		{x0 - ex + nx, y0 - ey + ny}, {x1 + ex + nx, y1 + ey + ny}, {x0 - ex - nx, y0 - ey - ny}, {x1 + ex - nx, y1 + ey - ny},
	}, c)
}

// chartText writes the charts' titles, tops and latest values.
func (v *View) chartText(dst *ebiten.Image, s *aic21.State, r image.Rectangle) {
	sc := v.scale
	for k, title := range [2]string{"LIVING UNITS", "FOOD GATHERED"} {
		x, y, w, ht := v.chart(r, k)
		_, top := v.chartSpan(k)
		render.Text(dst, title, render.Bold, 11*sc, x, y-16*sc, render.InkFaint, render.Left)
		render.Text(dst, itoa(top), render.Regular, 10*sc, x+w+6*sc, y-4*sc, render.InkFaint, render.Left)
		i := s.Turn + 1
		if i < 0 || i >= len(v.hist.turns) || !v.hist.turns[i].known {
			continue
		}
		sm := &v.hist.turns[i]
		a, b := v.value(sm, k, 0), v.value(sm, k, 1)
		render.Text(dst, itoa(a), render.Bold, 12*sc, x+w+6*sc, y+ht*0.35, teamColors[0], render.Left)
		render.Text(dst, itoa(b), render.Bold, 12*sc, x+w+6*sc, y+ht*0.35+14*sc, teamColors[1], render.Left)
	}
}
