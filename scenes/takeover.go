package scenes

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// TakeOver is the viewer's "play from here" (T, or the pause menu): who
// plays each seat of a match that continues the viewer's game from the
// turn it shows. The match replays the game's moves up to that turn, then
// its seats play on, as any match played here; its replay names its
// origin (game.Origin). The seats are chosen as at the set-up screen,
// which offers what the platform has (no programs in a browser).
type TakeOver struct {
	v    *Viewer
	turn int
	// from is the file of the game taken over; "" when it has none.
	from string
	// seats holds the set-up screen's choices: the seats' players, the
	// time per move of people, how computers play each other.
	seats       *Setup
	was         []string // who played each seat in the game taken over
	start, back *ui.Button
	form        ui.Form
}

// NewTakeOver chooses the players of a match that continues v's game from
// its turn: the seat to move there is a person's, the others keep their
// computer players where the title has them.
func NewTakeOver(v *Viewer, turn int) *TakeOver {
	t := &TakeOver{v: v, turn: turn, from: v.rec.File, seats: NewSetup(v.rec.Title),
		start: &ui.Button{Label: "Play from here", Primary: true}, back: &ui.Button{Label: "Back"}}
	if v.match != nil {
		t.from = v.setup.Out
	}
	s := t.seats
	toMove := v.rec.Timeline.Frame(turn).ToMove
	for i, k := range s.kinds {
		spec := ""
		if i < len(v.rec.Header.Seats) {
			spec = v.rec.Header.Seats[i]
		}
		was := seatLabel(spec)
		if name := playerOf(v.rec, game.Seat(i), func(seat string) bool { return seatIsName(v.rec, seat) }); name != "" {
			was = name
		}
		t.was = append(t.was, was)
		if len(toMove) > 0 && toMove[0] == game.Seat(i) {
			k.Index = 0 // a person takes the seat to move
			s.syncStrength(i)
			continue
		}
		kind, strength, _ := strings.Cut(spec, ":")
		if _, ok := game.FindBot(v.rec.Title, kind); ok {
			k.Select(kind)
			s.syncStrength(i)
			s.strengths[i].Select(strength)
		}
	}
	for i := range s.kinds {
		t.form.Items = append(t.form.Items, s.kinds[i], s.form.Items[2*i+1])
	}
	t.form.Items = append(t.form.Items, s.limit, s.watch, t.start, t.back)
	t.form.Focus = len(t.form.Items) - 2
	return t
}

func (*TakeOver) overlay() {}

// Game is the match as it starts: the seats chosen, continuing the
// viewer's game from the turn.
func (t *TakeOver) Game() (game.Setup, game.PaceMode, error) {
	st, pace, err := t.seats.Game()
	if err != nil {
		return st, pace, err
	}
	turn := t.turn
	// The game's own config decides the map and the rules.
	st.Map, st.Options = "", nil
	st.From, st.FromTurn, st.FromRecording = t.from, &turn, t.v.rec
	return st, pace, nil
}

// layout places the controls on the card and returns the card.
func (t *TakeOver) layout(a *App) (x, y, w, h float64) {
	s := t.seats
	sc := s.scale(a)
	w = min(760*sc, float64(a.W)-24*sc)
	h = (110 + float64(len(s.kinds)+1)*setupGap + 40 + 56 + 36) * sc
	x, y = float64(a.W)/2-w/2, max(8*sc, float64(a.H)/2-h/2)
	row := y + 110*sc
	lx := x + 230*sc
	cw := (w - 230*sc - 36*sc - 16*sc) / 2
	for i := range s.kinds {
		s.kinds[i].Place(rectXYWH(lx, row, cw, setupRowH*sc))
		s.strengths[i].Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
		s.settings[i].Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
		row += setupGap * sc
	}
	s.limit.Place(rectXYWH(lx, row, cw, setupRowH*sc))
	s.watch.Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
	row += (setupGap + 40) * sc
	t.start.Place(rectXYWH(x+w-36*sc-220*sc, row, 220*sc, 56*sc))
	t.back.Place(rectXYWH(x+36*sc, row, 160*sc, 56*sc))
	return x, y, w, h
}

// Update handles the form: Start begins the match over the viewer.
func (t *TakeOver) Update(a *App) error {
	t.layout(a)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	hit := t.form.Update(&a.In.UI)
	for i, k := range t.seats.kinds {
		if k.Changed {
			t.seats.syncStrength(i)
			t.form.Items[2*i+1] = t.seats.form.Items[2*i+1]
		}
	}
	switch hit {
	case t.back:
		a.Pop()
	case t.start:
		if v := startSetUp(a, t.Game); v != nil {
			a.Pop()
			a.Push(v)
		}
	}
	return nil
}

// showOrigin waits, a few seconds at most, until a match that takes over a
// game (v.match.Origin) has played its moves again, and shows the turn
// taken over: people see the match go on from there rather than the game
// played again.
func showOrigin(v *Viewer) {
	if v.match.Origin == nil {
		return
	}
	turn := v.match.Origin.Turn
	tl := v.rec.Timeline
	deadline := time.After(5 * time.Second)
	for {
		changed := tl.Changed()
		if tl.Len() > turn || !tl.Live() {
			break
		}
		select {
		case <-changed:
		case <-deadline:
			return
		}
	}
	v.Seek(min(turn, tl.Len()-1))
	v.clock.Follow = true
}

// Draw draws the card over the dimmed viewer, which shows the turn taken
// over.
func (t *TakeOver) Draw(dst *ebiten.Image, a *App) {
	dim(dst, a, 0.72)
	x, y, w, h := t.layout(a)
	sc := t.seats.scale(a)
	card(dst, a, rectXYWH(x, y, w, h))
	render.FitText(dst, lang.T("Play from here"), render.Bold, 30*sc, x+36*sc, y+28*sc, w-72*sc, render.Ink, render.Left)
	render.FitText(dst, t.origin(), render.Regular, 17*sc, x+36*sc, y+70*sc, w-72*sc, render.InkDim, render.Left)
	for i, k := range t.seats.kinds {
		seat := game.Seat(i)
		r := k.Rect()
		render.Disc(dst, x+44*sc, float64(r.Min.Y)+14*sc, 8*sc, t.v.seatColor(seat))
		render.FitText(dst, lang.F("Player %d", seat.Number()), render.Bold, 19*sc, x+62*sc, float64(r.Min.Y)+2*sc, 160*sc, render.Ink, render.Left)
		render.FitText(dst, lang.F("was %s", lang.T(t.was[i])), render.Regular, 14*sc, x+62*sc, float64(r.Min.Y)+26*sc, 160*sc, render.InkFaint, render.Left)
	}
	r := t.seats.limit.Rect()
	render.FitText(dst, lang.T("Time per move"), render.Bold, 17*sc, x+36*sc, float64(r.Min.Y)+13*sc, float64(r.Min.X)-x-44*sc, render.InkDim, render.Left)
	render.FitText(dst, lang.T("the moves up to here are played again, then these players play on; the replay is its own"),
		render.Regular, 13*sc, float64(r.Min.X), float64(r.Max.Y)+6*sc, x+w-36*sc-float64(r.Min.X), render.InkFaint, render.Left)
	t.form.Draw(dst, sc)
}

// origin is the line under the heading: the game and the turn.
func (t *TakeOver) origin() string {
	name := lang.T("this game")
	if t.from != "" {
		name = filepath.Base(t.from)
	}
	return lang.F("%s · turn %d of %d · %s", t.v.rec.Title.Name(), t.turn, t.v.rec.Timeline.Len()-1, name)
}

// originLine says where a game taken over from a replay comes from, in
// the screens' language: "taken over from FILE, turn N"; "" for any other
// game.
func originLine(h game.Header) string {
	if h.Origin == nil {
		return ""
	}
	o := *h.Origin
	if o.Replay == "" {
		return lang.F("taken over from a game, turn %d", o.Turn)
	}
	return lang.F("taken over from %s, turn %d", filepath.Base(o.Replay), o.Turn)
}

// takeOver opens the choice of players for a match from the turn shown.
func (v *Viewer) takeOver(a *App) {
	a.Push(NewTakeOver(v, v.clock.Cursor))
}
