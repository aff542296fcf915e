package aic21

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// orders are a person's orders to their colony for one turn: a direction
// and a chat message for any of its units. Units given nothing follow the
// colony's bot (aic21.Commander merges the two).
type orders struct {
	active bool
	of     *aic21.State // the frame being ordered
	lay    layout       // how its units share their cells
	colony int
	sel    int // the selected unit's id, or -1
	dirs   map[int]int
	msgs   map[int]message
	// focus is the field typed into: 0 none, 1 the message, 2 its value.
	focus       int
	text, value ui.Field
	pad         [5]ui.Button // by direction: stay, right, up, left, down
	drop, end   ui.Button    // Clear (every order) and End turn
	pointer     ui.Input     // this tick's pointer, for the buttons' hover
	// hand passes the controls between two people at one machine.
	hand render.Handover
}

// message is a chat message a unit is ordered to send.
type message struct {
	text  string
	value int
}

// hint is a line for the status bar.
func (o *orders) hint() game.Words {
	switch {
	case o.hand.Curtain:
		return game.Say("%s: click to take the controls", game.Say("Colony %d", o.colony+1))
	case o.sel < 0:
		return game.Say("click one of your units, then a lit cell; Enter ends the turn")
	case o.focus != 0:
		return game.Say("type the message and its value; Enter ends the turn")
	}
	return game.Say("click a lit cell or press an arrow to move it, Space to hold; Enter ends the turn")
}

// saidKey is a text of the panel with its numbers, in a language.
type saidKey struct {
	format string
	a, b   int
	lang   lang.Tag
}

// said are the texts sayN made.
var said render.Cache[saidKey, string]

// sayN is format with its numbers a (and b, when format has two) in the
// screens' language, made once for each: a frame that shows it again
// allocates nothing.
func sayN(format string, a, b int) string {
	return said.Of(saidKey{format, a, b, lang.Current()}, func(k saidKey) string {
		if strings.Count(k.format, "%d") == 2 {
			return lang.F(k.format, k.a, k.b)
		}
		return lang.F(k.format, k.a)
	})
}

// Typing reports whether the person is typing a message or its value
// (render.Typist).
func (v *View) Typing() bool { return v.in.active && v.in.focus != 0 }

// Reset takes back what is half done: typing into a field first, then
// the turn's orders and the selection.
func (v *View) Reset() bool {
	o := &v.in
	if o.focus != 0 {
		o.focus = 0
		return true
	}
	had := o.sel >= 0 || len(o.dirs) > 0 || len(o.msgs) > 0
	o.sel = -1
	clear(o.dirs)
	clear(o.msgs)
	o.text.Text, o.value.Text = "", ""
	return had
}

// start begins the orders of colony c for frame s.
func (v *View) start(s *aic21.State, c int) {
	o := &v.in
	o.active, o.of, o.colony = true, s, c
	if v.compact {
		v.Layout(v.area, v.scale) // the orders need the column
	}
	o.hand.Start(c + 1)
	o.lay.build(s)
	if o.dirs == nil {
		o.dirs, o.msgs = map[int]int{}, map[int]message{}
		o.text.Accept = func(r rune) bool { return len(o.text.Text)+len(string(r)) <= s.MessageLength }
		o.value.Accept = func(r rune) bool { return r >= '0' && r <= '9' || r == '-' && o.value.Text == "" }
		o.value.Max = 9
		o.text.Placeholder, o.value.Placeholder = "message", "value"
	}
	o.focus = 0
	o.sel = -1
	clear(o.dirs)
	clear(o.msgs)
	o.select0(-1)
}

// select0 selects unit id (-1: none) and shows its message in the fields.
func (o *orders) select0(id int) {
	o.sel = id
	msg := o.msgs[id]
	o.text.Text, o.value.Text = msg.text, ""
	if msg.text != "" {
		o.value.Text = strconv.Itoa(msg.value)
	}
	if id < 0 {
		o.focus = 0
	}
}

// unitOf is colony's live unit id in s.
func unitOf(s *aic21.State, id, colony int) (*aic21.Unit, bool) {
	u, ok := s.Unit(id)
	return u, ok && u.Colony == colony
}

// legal reports whether unit u can step in direction d (0 stays): not
// into a rock, and not while a swamp holds it.
func legal(s *aic21.State, u *aic21.Unit, d int) bool {
	if d == aic21.Center {
		return true
	}
	if u.Stuck > 0 {
		return false
	}
	return s.Kinds[s.At(aic21.Step(s.W, s.H, u.Cell(), d))] != aic21.Wall
}

// The orders panel's rows, at scale 1, from the top of its card.
const (
	rowSel  = 40
	rowPad  = 78
	padKey  = 40
	rowMsg  = 214
	fieldH  = 34
	buttonH = 40
)

// layoutOrders places the panel's buttons and fields in its card.
func (v *View) layoutOrders() {
	o := &v.in
	sc := v.scale
	r := v.card(1, 2)
	x0, y0, w := float64(r.Min.X)+16*sc, float64(r.Min.Y), float64(r.Dx())-32*sc
	k := padKey * sc
	cx, cy := x0+1.5*k+4*sc, y0+rowPad*sc+1.5*k
	for d, at := range [5][2]float64{{0, 0}, {1, 0}, {0, -1}, {-1, 0}, {0, 1}} {
		o.pad[d].Place(rectF(cx+at[0]*k-k/2+at[0]*4*sc, cy+at[1]*k-k/2+at[1]*4*sc, k, k))
	}
	o.text.Place(rectF(x0, y0+(rowMsg+16)*sc, w, fieldH*sc))
	o.value.Place(rectF(x0, y0+(rowMsg+22+fieldH)*sc, 96*sc, fieldH*sc))
	by := float64(r.Max.Y) - (buttonH+14)*sc
	o.drop.Place(rectF(x0, by, w*0.36, buttonH*sc))
	o.end.Place(rectF(x0+w*0.4, by, w*0.6, buttonH*sc))
}

func rectF(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
}

// Input turns the person's clicks, keys and typing into their colony's
// orders for the turn; Enter or End turn sends them.
func (v *View) Input(f game.Frame, seat game.Seat, p render.Pointer) (string, bool) {
	s := state(f)
	if s == nil || s.Over || (seat != 0 && seat != 1) {
		return "", false
	}
	o := &v.in
	c := int(seat)
	if !o.active || o.of != s || o.colony != c {
		v.start(s, c)
	}
	if o.hand.Lift(p) {
		return "", false
	}
	v.layoutOrders()
	if sel, ok := unitOf(s, o.sel, c); o.sel >= 0 && !ok {
		o.select0(-1)
	} else if ok {
		v.enablePad(s, sel)
	}
	in := ui.Input{X: p.X, Y: p.Y, Pressed: p.Click, Chars: p.Chars}
	o.pointer = in
	if p.Cancel {
		o.focus = 0
	}
	send := false
	for _, act := range p.Acts {
		switch act {
		case actSend:
			send = true
		case actErase:
			if o.focus == 0 {
				delete(o.dirs, o.sel)
			}
			in.Erase = true
		case actNextUnit:
			if o.focus != 0 {
				o.focus = 3 - o.focus
			} else {
				v.nextUnit(s)
			}
		case actRight:
			v.order(s, aic21.Right)
		case actUp:
			v.order(s, aic21.Up)
		case actLeft:
			v.order(s, aic21.Left)
		case actDown:
			v.order(s, aic21.Down)
		case actHold:
			if o.focus == 0 {
				v.order(s, aic21.Center)
			}
		}
	}
	if p.Click {
		switch {
		case in.Over(o.text.Rect()) && o.sel >= 0:
			o.focus = 1
		case in.Over(o.value.Rect()) && o.sel >= 0:
			o.focus = 2
		default:
			o.focus = 0
		}
	}
	for d := range o.pad {
		if o.pad[d].Update(&in, false) {
			v.order(s, d)
		}
	}
	if o.drop.Update(&in, false) {
		clear(o.dirs)
		clear(o.msgs)
		o.select0(o.sel)
	}
	if o.end.Update(&in, false) {
		send = true
	}
	if o.sel >= 0 {
		fieldIn := in
		fieldIn.Enter = false
		o.text.Update(&fieldIn, o.focus == 1)
		o.value.Update(&fieldIn, o.focus == 2)
		if o.text.Text != "" {
			val, _ := strconv.Atoi(o.value.Text)
			o.msgs[o.sel] = message{o.text.Text, val}
		} else {
			delete(o.msgs, o.sel)
		}
	}
	if p.Click && in.Over(v.board) {
		v.clickBoard(s, p.X, p.Y)
	}
	if send {
		return v.finish(), true
	}
	return "", false
}

// enablePad offers only the directions the selected unit can take.
func (v *View) enablePad(s *aic21.State, u *aic21.Unit) {
	for d := range v.in.pad {
		v.in.pad[d].Disabled = !legal(s, u, d)
	}
}

// order gives the selected unit direction d, if it can take it.
func (v *View) order(s *aic21.State, d int) {
	o := &v.in
	if u, ok := unitOf(s, o.sel, o.colony); ok && legal(s, u, d) {
		o.dirs[o.sel] = d
	}
}

// ownOn lists colony's units on cell c in their places' order.
func (v *View) ownOn(s *aic21.State, c aic21.Cell, colony int) []int {
	var ids []int
	for i := range s.Units {
		if u := &s.Units[i]; u.Colony == colony && u.Cell() == c {
			ids = append(ids, i)
		}
	}
	slices.SortFunc(ids, func(a, b int) int { return int(v.in.lay.rank[a]) - int(v.in.lay.rank[b]) })
	for k, i := range ids {
		ids[k] = s.Units[i].ID
	}
	return ids
}

// clickBoard selects the unit clicked (again: the next on its cell), or
// orders the selected unit onto the lit cell clicked.
func (v *View) clickBoard(s *aic21.State, sx, sy float64) {
	o := &v.in
	c := v.cellAt(s, sx, sy)
	if u, ok := unitOf(s, o.sel, o.colony); ok {
		for d := aic21.Right; d <= aic21.Down; d++ {
			if aic21.Step(s.W, s.H, u.Cell(), d) == c && c != u.Cell() {
				if legal(s, u, d) {
					o.dirs[o.sel] = d
				}
				return
			}
		}
	}
	ids := v.ownOn(s, c, o.colony)
	if len(ids) == 0 {
		o.select0(-1)
		return
	}
	// The first click on a cell takes the unit under the pointer; the
	// next ones step through the cell's units.
	if !slices.Contains(ids, o.sel) {
		wx, wy := v.cam.ToWorld(sx, sy)
		for _, id := range ids {
			x, y, side, shown := v.placeOf(s, &o.lay, unitIndex(s, id))
			x, y = near(x, y, wx, wy, s)
			if shown && math.Abs(wx-x) < side/2 && math.Abs(wy-y) < side/2 {
				o.select0(id)
				return
			}
		}
	}
	next := ids[0]
	if k := slices.Index(ids, o.sel); k >= 0 {
		next = ids[(k+1)%len(ids)]
	}
	o.select0(next)
}

// nextUnit selects the colony's next unit by id, and brings it into view.
func (v *View) nextUnit(s *aic21.State) {
	o := &v.in
	var first, next *aic21.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if u.Colony != o.colony {
			continue
		}
		if first == nil {
			first = u
		}
		if u.ID > o.sel && next == nil {
			next = u
		}
	}
	if next == nil {
		next = first
	}
	if next == nil {
		return
	}
	o.select0(next.ID)
	x, y := center(next.Cell())
	if !v.visible(x, y, unit) {
		cx, cy := (v.vx0+v.vx1)/2, (v.vy0+v.vy1)/2
		x, y = near(x, y, cx, cy, s)
		v.cam.Follow(x, y)
	}
}

// finish sends the orders: each ordered unit's direction and message, by
// id, in the colony's move notation.
func (v *View) finish() string {
	o := &v.in
	ids := make([]int, 0, len(o.dirs)+len(o.msgs))
	for id := range o.dirs {
		ids = append(ids, id)
	}
	for id := range o.msgs {
		if _, ok := o.dirs[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	moves := make([]aic21.UnitMove, 0, len(ids))
	for _, id := range ids {
		m := aic21.UnitMove{Unit: id}
		if d, ok := o.dirs[id]; ok {
			m.Move, m.Dir = true, d
		}
		if msg, ok := o.msgs[id]; ok {
			m.Chat, m.Text, m.Value = true, msg.text, msg.value
		}
		moves = append(moves, m)
	}
	o.hand.Moved(o.colony + 1)
	o.active = false
	o.focus = 0
	o.sel = -1
	clear(o.dirs)
	clear(o.msgs)
	return aic21.FormatUnitMoves(moves)
}

// arrowAngle is the turn of the atlas's arrow (pointing right) for
// direction d.
var arrowAngle = [5]float64{0, 0, -math.Pi / 2, math.Pi, math.Pi / 2}

// drawOrders marks the person's orders on the map: the selected unit with
// a ring and its lit cells, and an arrow on every unit ordered to move.
func (v *View) drawOrders(s *aic21.State, m *render.Moment) {
	o := &v.in
	if !m.Hint || !o.active || o.of != s || m.T < 1 {
		return
	}
	sh := v.sheet
	team := teamColors[o.colony]
	pulse := 0.55 + 0.3*math.Sin(m.Clock*5)
	if u, ok := unitOf(s, o.sel, o.colony); ok {
		for d := aic21.Right; d <= aic21.Down; d++ {
			if !legal(s, u, d) {
				continue
			}
			c := aic21.Step(s.W, s.H, u.Cell(), d)
			cx, cy := center(c)
			lit := render.Fade(moveGreen, 0.16+0.1*pulse)
			if o.dirs[o.sel] == d {
				lit = render.Fade(moveGreen, 0.4)
			}
			v.rect(cx-unit/2+2, cy-unit/2+2, unit-4, unit-4, lit)
			v.sprite(sh.Arrow, cx, cy, unit*0.4, arrowAngle[d], render.Fade(moveGreen, 0.8))
		}
		i := unitIndex(s, u.ID)
		x, y, side, _ := v.placeOf(s, &o.lay, i)
		v.sprite(sh.Ring, x, y, side*1.15, 0, render.Fade(white, pulse+0.2))
	}
	for id, d := range o.dirs {
		u, ok := unitOf(s, id, o.colony)
		if !ok {
			continue
		}
		x, y, side, _ := v.placeOf(s, &o.lay, unitIndex(s, u.ID))
		if d == aic21.Center {
			v.sprite(sh.Ring, x, y, side*0.95, 0, render.Fade(lighter(team), 0.9))
			continue
		}
		a := arrowAngle[d]
		v.sprite(sh.Arrow, x+math.Cos(a)*side*0.55, y+math.Sin(a)*side*0.55, side*0.55, a, render.Fade(lighter(team), 0.95))
	}
}

var moveGreen = color.NRGBA{0x7d, 0xf0, 0x9a, 0xff}

// orderBoxes draws the orders panel's buttons and fields, under their
// icons and labels.
func (v *View) orderBoxes(dst *ebiten.Image, s *aic21.State) {
	o := &v.in
	sc := v.scale
	box := func(r image.Rectangle, bg color.NRGBA) {
		render.Panel(dst, r, 9*sc, bg)
	}
	hasSel := o.sel >= 0
	for d := range o.pad {
		bg := render.Raised
		switch {
		case !hasSel || o.pad[d].Disabled:
			bg = render.Fade(render.Raised, 0.4)
		case o.dirs[o.sel] == d && hasOrder(o, o.sel):
			bg = render.Accent
		case o.pointer.Over(o.pad[d].Rect()):
			bg = render.Hover
		}
		box(o.pad[d].Rect(), bg)
	}
	for k, f := range []*ui.Field{&o.text, &o.value} {
		r := f.Rect()
		if o.focus == k+1 {
			box(r.Inset(-int(2*sc)), render.Accent)
		}
		bg := color.NRGBA{0x0e, 0x17, 0x29, 0xff}
		if !hasSel {
			bg = render.Fade(bg, 0.5)
		}
		box(r, bg)
	}
	clearBg := render.Raised
	if o.pointer.Over(o.drop.Rect()) {
		clearBg = render.Hover
	}
	box(o.drop.Rect(), clearBg)
	endBg := render.Accent
	if o.pointer.Over(o.end.Rect()) {
		endBg = color.NRGBA{0xff, 0xc8, 0x57, 0xff}
	}
	box(o.end.Rect(), endBg)
}

// hasOrder reports whether unit id has a direction ordered.
func hasOrder(o *orders, id int) bool {
	_, ok := o.dirs[id]
	return ok
}

// orderShapes queues the panel's icons: the arrows of the pad and the
// selected unit.
func (v *View) orderShapes(s *aic21.State) {
	o := &v.in
	sh := v.sheet
	sc := v.scale
	ink := render.Ink
	if o.sel < 0 {
		ink = render.InkFaint
	}
	for d := range o.pad {
		r := o.pad[d].Rect()
		x, y := float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2
		c := ink
		if o.pad[d].Disabled {
			c = render.InkFaint
		}
		if hasOrder(o, o.sel) && o.dirs[o.sel] == d {
			c = render.AccentInk
		}
		if d == aic21.Center {
			v.icon(sh.Disc, x, y, 10*sc, c)
			continue
		}
		v.batch.AddAt(sh.Arrow, x, y, 20*sc/float64(sh.Arrow.Bounds().Dx()), arrowAngle[d], c)
	}
	if u, ok := unitOf(s, o.sel, o.colony); ok {
		r := v.card(1, 2)
		img := sh.Ant[u.Colony][0]
		if u.Soldier {
			img = sh.Scorpion[u.Colony][0]
		}
		v.icon(img, float64(r.Min.X)+30*sc, float64(r.Min.Y)+(rowSel+9)*sc, 34*sc, white)
	}
}

// dirOrders are the directions as the panel says them.
var dirOrders = [5]string{"order: hold", "order: right", "order: up", "order: left", "order: down"}

// orderText writes the panel's labels, the fields' text and the summary
// of the orders.
func (v *View) orderText(dst *ebiten.Image, s *aic21.State, m *render.Moment) {
	o := &v.in
	sc := v.scale
	r := v.card(1, 2)
	x0, y0 := float64(r.Min.X)+16*sc, float64(r.Min.Y)
	w := float64(r.Dx()) - 32*sc
	render.Text(dst, lang.T("YOUR ORDERS"), render.Bold, 11*sc, x0, y0+14*sc, render.InkFaint, render.Left)
	n := len(o.dirs)
	for id := range o.msgs {
		if !hasOrder(o, id) {
			n++
		}
	}
	render.Text(dst, sayN("%d units ordered", n, 0), render.Regular, 12*sc, x0+w, y0+14*sc, render.InkDim, render.Right)
	u, ok := unitOf(s, o.sel, o.colony)
	if !ok {
		render.Text(dst, lang.T("Click one of your units"), render.Bold, 14*sc, x0, y0+(rowSel+2)*sc, render.InkDim, render.Left)
	} else {
		name, full := "Ant %d", s.FullHealth.Worker
		if u.Soldier {
			name, full = "Scorpion %d", s.FullHealth.Soldier
		}
		render.Text(dst, sayN(name, u.ID, 0), render.Bold, 15*sc, x0+34*sc, y0+(rowSel-3)*sc, render.Ink, render.Left)
		detail := sayN("%d/%d health", u.Health, full)
		switch {
		case u.Stuck > 0:
			detail += " · " + sayN("stuck %d", u.Stuck, 0)
		case !u.Soldier && u.Carry != aic21.NoRes:
			detail += " · " + lang.T("carries "+u.Carry.String())
		}
		render.Text(dst, detail, render.Regular, 12*sc, x0+34*sc, y0+(rowSel+15)*sc, render.InkDim, render.Left)
		order := lang.T("no order: the bot decides")
		if d, ok := o.dirs[o.sel]; ok {
			order = lang.T(dirOrders[d])
		}
		pr := o.pad[aic21.Right].Rect()
		left := float64(pr.Max.X) + 14*sc
		for k, line := range render.Wrap(order, render.Regular, 12*sc, float64(r.Max.X)-12*sc-left) {
			render.Text(dst, line, render.Regular, 12*sc, left, float64(pr.Min.Y)+4*sc+float64(k)*15*sc, render.InkDim, render.Left)
		}
	}
	render.Text(dst, lang.T("MESSAGE"), render.Bold, 11*sc, x0, y0+rowMsg*sc, render.InkFaint, render.Left)
	for k, f := range []*ui.Field{&o.text, &o.value} {
		fr := f.Rect()
		size := float64(fr.Dy()) * 0.42
		tx, ty := float64(fr.Min.X)+10*sc, float64(fr.Min.Y+fr.Max.Y)/2-size*0.68
		text, ink := f.Text, render.Ink
		if text == "" && o.focus != k+1 {
			text, ink = lang.T(f.Placeholder), render.InkFaint
		}
		text = render.Clip(text, render.Mono, size, float64(fr.Dx())-24*sc)
		render.Text(dst, text, render.Mono, size, tx, ty, ink, render.Left)
		if o.focus == k+1 && int(m.Clock*2)%2 == 0 {
			cw := 0.0
			if f.Text != "" {
				cw, _ = render.Measure(text, render.Mono, size)
			}
			render.FillRect(dst, tx+cw+1, ty, 2*sc, size*1.25, render.Accent)
		}
	}
	render.Text(dst, sayN("%d/%d bytes", len(o.text.Text), s.MessageLength), render.Regular, 11*sc, x0+w, y0+rowMsg*sc, render.InkFaint, render.Right)
	vr := o.value.Rect()
	render.Text(dst, lang.T("the highest values\nget into the chat"), render.Regular, 11*sc, float64(vr.Max.X)+10*sc, float64(vr.Min.Y)+3*sc, render.InkFaint, render.Left)
	cr, er := o.drop.Rect(), o.end.Rect()
	render.Text(dst, lang.T("Clear"), render.Bold, 15*sc, float64(cr.Min.X+cr.Max.X)/2, float64(cr.Min.Y)+11*sc, render.Ink, render.Center)
	render.Text(dst, lang.T("End turn"), render.Bold, 15*sc, float64(er.Min.X+er.Max.X)/2, float64(er.Min.Y)+11*sc, render.AccentInk, render.Center)
}

// EndTurnButton is where the orders panel's End turn button is in area at
// scale.
func EndTurnButton(area image.Rectangle, scale float64) image.Rectangle {
	v := New()
	v.Layout(area, scale)
	v.layoutOrders()
	return v.in.end.Rect()
}
