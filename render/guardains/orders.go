package guardains

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// The kinds of order, as the wire names them.
var orderKinds = [3]string{"MOVE", "ATTACK", "SPECIAL"}

// orders is a person's order of the round: one guardian, one kind, one
// target (the rules allow one action per seat per round), and the screen
// that hides the board while the other player takes the controls.
type orders struct {
	active  bool
	round   int
	seat    int
	hero    guardains.Hero
	kind    int
	target  guardains.Cell
	at      guardains.Cell // the chosen guardian's cell
	chosen  bool
	targets map[guardains.Cell]bool
	hover   guardains.Cell
	// hand passes the controls between two people at one machine.
	hand   render.Handover
	heroes [5]ui.Button
	kinds  [3]ui.Button
	ready  ui.Button
	hold   ui.Button
}

// hint is a line for the status bar.
func (o *orders) hint() game.Words {
	switch {
	case o.hand.Curtain:
		return game.Say("%s: click to take the controls", game.Say("Player %d", o.seat))
	case o.chosen && o.kind == 0 && o.target == o.at:
		return game.Say("%s holds: Ready (Enter) to send it", o.hero.String())
	case o.chosen:
		return game.Say("%s %s %s: Ready (Enter) to send it", o.hero.String(), game.Say(orderKinds[o.kind]), o.target.String())
	}
	return game.Say("choose a guardian, what it does, and a lit cell")
}

// Reset drops the chosen target.
func (v *View) Reset() bool {
	had := v.in.chosen
	v.in.chosen = false
	return had
}

// start prepares the orders of seat in frame s.
func (v *View) start(s *guardains.State, seat int) {
	o := &v.in
	o.hand.Start(seat)
	o.active, o.round, o.seat = true, s.Round, seat
	o.chosen = false
	if g := s.Guardian(seat, o.hero); !g.Alive {
		for _, h := range guardains.Heroes {
			if s.Guardian(seat, h).Alive {
				o.hero = h
				break
			}
		}
	}
	o.kind = 0
	v.aim(s)
}

// aim lists the legal targets of the chosen guardian and kind.
func (v *View) aim(s *guardains.State) {
	o := &v.in
	o.targets = map[guardains.Cell]bool{}
	var cells []guardains.Cell
	switch o.kind {
	case 0:
		cells = s.Moves(o.seat, o.hero)
	case 1:
		cells = s.Attacks(o.seat, o.hero)
	case 2:
		cells = s.Specials(o.seat, o.hero)
	}
	for _, c := range cells {
		o.targets[c] = true
	}
	if !o.targets[o.target] {
		o.chosen = false
	}
}

// panelRect is where the order panel sits: along the bottom of the view.
func (v *View) panelRect() image.Rectangle {
	sc := v.scale
	h := 64 * sc
	return image.Rect(v.area.Min.X+int(12*sc), v.area.Max.Y-int(h+12*sc), v.area.Max.X-int(12*sc), v.area.Max.Y-int(12*sc))
}

// panelWidth is the width the order panel's buttons want at scale 1.
const panelWidth = 5*98 + 12 + 3*84 + 12 + 86 + 100 + 20

func (v *View) layoutPanel(s *guardains.State) {
	o := &v.in
	r := v.panelRect()
	// The buttons narrow to fit a small window.
	sc := v.scale
	w := min(sc, float64(r.Dx())/panelWidth)
	x, y := float64(r.Min.X)+10*sc, float64(r.Min.Y)+10*sc
	bh := float64(r.Dy()) - 20*sc
	for i, h := range guardains.Heroes {
		b := &o.heroes[i]
		b.Place(rectF(x, y, 92*w, bh))
		b.Label = h.String()
		b.Primary = o.hero == h
		b.Disabled = !s.Guardian(o.seat, h).Alive
		x += 98 * w
	}
	x += 12 * w
	for i, k := range [3]string{"Move", "Attack", "Special"} {
		b := &o.kinds[i]
		b.Place(rectF(x, y, 78*w, bh))
		b.Label, b.Primary = k, o.kind == i
		x += 84 * w
	}
	o.kinds[2].Disabled = !s.Guardian(o.seat, o.hero).Hero.Stats().Special
	o.at = s.Guardian(o.seat, o.hero).Pos
	x = float64(r.Max.X) - 10*sc - 100*w
	o.ready.Place(rectF(x, y, 100*w, bh))
	o.ready.Label, o.ready.Primary, o.ready.Disabled = "Ready", true, !o.chosen
	o.hold.Place(rectF(x-86*w, y, 80*w, bh))
	o.hold.Label = "Hold"
}

func rectF(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
}

// Input turns the person's clicks and keys into the round's order of seat.
func (v *View) Input(f game.Frame, seat game.Seat, p render.Pointer) (string, bool) {
	s := state(f)
	if s == nil || s.Over {
		return "", false
	}
	o := &v.in
	n := int(seat) + 1
	if !o.active || o.round != s.Round || o.seat != n {
		v.start(s, n)
	}
	if o.hand.Lift(p) {
		return "", false
	}
	v.layoutPanel(s)
	wx, wy := v.cam.ToWorld(p.X, p.Y)
	o.hover = guardains.Cell{X: int(math.Floor(wx / unit)), Y: int(math.Floor(wy / unit))}
	if p.Cancel {
		o.chosen = false
	}
	send := false
	for _, act := range p.Acts {
		switch act {
		case actNextGuardian:
			for i := 1; i <= 5; i++ {
				h := guardains.Hero((int(o.hero) + i) % 5)
				if s.Guardian(n, h).Alive {
					o.hero = h
					v.aim(s)
					break
				}
			}
		case actReady:
			send = o.chosen
		}
	}
	in := ui.Input{X: p.X, Y: p.Y, Pressed: p.Click}
	onPanel := in.Over(v.panelRect())
	for i := range o.heroes {
		if o.heroes[i].Update(&in, false) {
			o.hero = guardains.Heroes[i]
			v.aim(s)
		}
	}
	for i := range o.kinds {
		if o.kinds[i].Update(&in, false) {
			o.kind = i
			v.aim(s)
		}
	}
	if o.hold.Update(&in, false) {
		// Stay put: a move to its own cell is a legal order that does
		// nothing. Like any order it waits for Ready, so that Enter sends
		// it and does not fall through to the next player's curtain.
		o.kind = 0
		v.aim(s)
		o.target, o.chosen = s.Guardian(n, o.hero).Pos, true
		o.targets[o.target] = true
	}
	if o.ready.Update(&in, false) {
		send = o.chosen
	}
	if p.Click && !onPanel && o.targets[o.hover] {
		o.target, o.chosen = o.hover, true
	}
	if send {
		return v.finish(s.Action(n, orderKinds[o.kind], o.hero, o.target))
	}
	return "", false
}

// finish ends a seat's orders.
func (v *View) finish(action string) (string, bool) {
	v.in.hand.Moved(v.in.seat)
	v.in.active = false
	v.in.chosen = false
	return action, true
}

// drawOrders lights the legal targets of the chosen guardian and order, and
// marks the chosen one.
func (v *View) drawOrders(s *guardains.State, m *render.Moment) {
	o := &v.in
	if !m.Hint || !o.active || o.hand.Curtain || m.T < 1 {
		return
	}
	sh := v.sheet
	pulse := 0.5 + 0.3*math.Sin(m.Clock*5)
	c := orderColors[o.kind]
	for cell := range o.targets {
		x, y := center(cell)
		v.rect(x-unit/2+1, y-unit/2+1, unit-2, unit-2, render.Fade(c, 0.22*pulse+0.1))
	}
	g := s.Guardian(o.seat, o.hero)
	gx, gy := center(g.Pos)
	k := v.size(1, minBadge)
	v.sprite(sh.Ring, gx, gy, k*1.3, 0, render.Fade(white, pulse+0.2))
	if o.chosen {
		x, y := center(o.target)
		v.sprite(sh.Ring, x, y, k*1.1, 0, c)
		v.sprite(sh.Spark, x, y, k, m.Clock, white)
	}
}

// orderColors light the targets of a move, an attack, a special.
var orderColors = [3]color.NRGBA{{0x7d, 0xf0, 0x9a, 0xff}, {0xff, 0x6b, 0x6b, 0xff}, {0xff, 0xd0, 0x50, 0xff}}

// drawOrderPanel draws the panel of the person's order.
func (v *View) drawOrderPanel(dst *ebiten.Image, s *guardains.State, m *render.Moment) {
	o := &v.in
	if !m.Hint || !o.active || o.hand.Curtain {
		return
	}
	sc := v.scale
	r := v.panelRect()
	render.Shadow(dst, r, 12*sc, 14*sc, render.ShadowInk)
	render.Panel(dst, r, 12*sc, render.Surface)
	for i := range o.heroes {
		o.heroes[i].Draw(dst, false, sc)
	}
	for i := range o.kinds {
		o.kinds[i].Draw(dst, false, sc)
	}
	o.hold.Draw(dst, false, sc)
	o.ready.Draw(dst, false, sc)
}

// drawCurtain hides the board while the controls pass to the other player,
// and between two people's orders while the round resolves.
func (v *View) drawCurtain(dst *ebiten.Image, m *render.Moment) {
	o := &v.in
	seat := o.seat
	switch {
	case m.Hint && o.active && o.hand.Curtain:
	case !m.Hint && v.private(state(m.Cur)):
		seat = o.hand.Next()
	default:
		return
	}
	render.DrawCurtain(dst, v.area, v.scale, lang.F("Player %d", seat), teamColors[seat-1])
}

// CellOnScreen is where the middle of cell c is drawn in area at scale
// while the view shows the whole of s's maze, as it does at first.
func CellOnScreen(area image.Rectangle, scale float64, s *guardains.State, c guardains.Cell) (x, y float64) {
	v := New()
	v.Layout(area, scale)
	v.cam.SetWorld(0, 0, float64(s.W()*unit), float64(s.H()*unit))
	return v.cam.ToScreen(center(c))
}

// OrderButton is where the order panel's button with the label shows in
// area at scale: a hero's name, Move, Attack, Special, Hold or Ready.
func OrderButton(area image.Rectangle, scale float64, s *guardains.State, label string) image.Rectangle {
	v := New()
	v.Layout(area, scale)
	v.in.seat = 1
	v.layoutPanel(s)
	for _, b := range append(append(v.in.heroes[:], v.in.kinds[:]...), v.in.hold, v.in.ready) {
		if b.Label == label {
			return b.Rect()
		}
	}
	return image.Rectangle{}
}
