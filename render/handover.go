package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// Handover is what a view of a simultaneous game keeps for people at one
// machine, who enter their moves for a step one after the other: which
// seats people play, a curtain while the controls pass from one person to
// the other, and the step that resolved meanwhile, played again for each
// person in their own view when they take the controls. Seats are 1 and 2.
type Handover struct {
	// Curtain is up while the controls pass to another person.
	Curtain bool
	// last is the seat whose person moved last; people the seats (bits 1
	// and 2) that people have moved for.
	last, people int
	// replayAt is when a person took the controls from the other.
	replayAt float64
	lifted   bool
	moment   Moment
}

// Start is called as the person of seat begins a move: the curtain goes
// up when the other person moved last.
func (h *Handover) Start(seat int) { h.Curtain = h.last != 0 && h.last != seat }

// Lift takes the curtain down on a click or a key. It reports whether the
// curtain was up: the pointer is then not the board's this tick.
func (h *Handover) Lift(p Pointer) bool {
	if !h.Curtain {
		return false
	}
	if p.Click || p.AnyKey {
		h.Curtain, h.lifted = false, true
	}
	return true
}

// Moved records that the person of seat has entered a move.
func (h *Handover) Moved(seat int) { h.last, h.people = seat, h.people|seat }

// Person is the seat of the one person at the machine, 0 when people play
// no seat or both.
func (h *Handover) Person() int {
	if h.people == 1 || h.people == 2 {
		return h.people
	}
	return 0
}

// Both reports whether people play both seats: the board then stays hidden
// between their moves, so that neither sees the other's side.
func (h *Handover) Both() bool { return h.people == 3 }

// Next is the seat whose person moves after the last one.
func (h *Handover) Next() int { return 3 - h.last }

// ReplayTime is how long the step plays again for the person who takes the
// controls, in seconds.
const ReplayTime = 1.2

// Update starts the step that resolved playing again, for a person who
// has just taken the controls from the other and enters a move (active).
func (h *Handover) Update(m *Moment, active bool) {
	if h.lifted && m.Hint && active && !h.Curtain {
		h.lifted, h.replayAt = false, m.Clock
	}
}

// Replay is the moment to draw while a person enters a move: the step that
// resolved, playing again from its start since they took the controls.
func (h *Handover) Replay(m *Moment) *Moment {
	if t := (m.Clock - h.replayAt) / ReplayTime; h.replayAt > 0 && t < 1 && m.Hint {
		h.moment = *m
		h.moment.T = min(m.T, t)
		return &h.moment
	}
	return m
}

// DrawCurtain hides area behind a card that passes the controls to who,
// in their colour c.
func DrawCurtain(dst *ebiten.Image, area image.Rectangle, scale float64, who string, c color.NRGBA) {
	FillRect(dst, float64(area.Min.X), float64(area.Min.Y), float64(area.Dx()), float64(area.Dy()), Night)
	cx, cy := float64(area.Min.X+area.Max.X)/2, float64(area.Min.Y+area.Max.Y)/2
	Disc(dst, cx, cy-60*scale, 26*scale, c)
	Text(dst, "Pass the controls to "+who, Bold, 30*scale, cx, cy-10*scale, Ink, Center)
	Text(dst, "The board stays hidden until they click or press a key.", Regular, 17*scale, cx, cy+36*scale, InkDim, Center)
}
