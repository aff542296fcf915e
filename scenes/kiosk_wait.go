package scenes

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/render"
)

// minWaitCard is the least time, in seconds, that a waiting match's card
// stays, however short the show's cards are.
const minWaitCard = 2.0

// A waiter is a program whose matches may wait for their players: while
// it has no game to show, the show draws the card of one of them instead
// of the loading card, and drawWaiting reports whether it drew one.
type waiter interface {
	drawWaiting(s *Show, dst *ebiten.Image, a *App) bool
}

// waitCards are the cards of a server's matches that wait for their
// players (on a contest night, for the teams' bots), shown one after
// another between two games: one match a card, so that the names and the
// countdown stay as large as the title card's and read from the back of
// the room.
type waitCards struct {
	// list are the waiting matches, the soonest to end its wait first.
	list []waitCard
	// shown are the matches whose cards this pause showed; cur is the
	// card up (an index in list, -1 for none), since the app's clock since.
	shown map[string]bool
	cur   int
	since float64
	// lines are the lines under the heading of the card up: its own, and
	// which of the waiting matches it is ("Waiting match 2 of 3").
	lines []string
	// views give the seats' colours, one for each game.
	views map[string]render.View
}

// waitCard is a waiting match as its card shows it, made when the server
// listed it.
type waitCard struct {
	id    string
	title string   // the game's name
	about []string // the lines under it
	names []string // the players, in seat order
	ready []bool   // whose player is in
	view  render.View
	wait  tournament.Now // whom it waits for (seats from 0), until when
	// waitFor is "waiting for BotDiff"; full adds the time left, "waiting
	// for BotDiff (0:42)", and left is that time alone, "(0:42)": made
	// once a second.
	waitFor    string
	full, left render.Memo[int64]
}

// take makes the cards of the waiting matches the server listed; the card
// up stays up, with what the server says now.
func (w *waitCards) take(list []stream.Info) {
	id := ""
	if c := w.card(); c != nil {
		id = c.id
	}
	w.list, w.cur = w.list[:0], -1
	for _, in := range list {
		if in.Status == stream.Waiting {
			w.list = append(w.list, w.cardOf(in))
		}
	}
	// The order of the server's list may change from one list to the
	// next: the cards go by the time left (those without an end last),
	// then by match.
	slices.SortFunc(w.list, func(a, b waitCard) int {
		if za, zb := a.wait.Deadline.IsZero(), b.wait.Deadline.IsZero(); za != zb {
			if za {
				return 1
			}
			return -1
		}
		if c := a.wait.Deadline.Compare(b.wait.Deadline); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	for i := range w.list {
		if w.list[i].id == id {
			w.cur = i
		}
	}
	w.count()
}

// cardOf is the card of the waiting match in.
func (w *waitCards) cardOf(in stream.Info) waitCard {
	c := waitCard{id: in.ID, title: in.Title}
	if t, err := game.Lookup(in.Title); err == nil {
		c.title = t.Name()
	}
	if w.views == nil {
		w.views = map[string]render.View{}
	}
	view, ok := w.views[in.Title]
	if !ok {
		view, _ = render.NewView(in.Title)
		w.views[in.Title] = view
	}
	c.view = view
	c.wait.State = tournament.NowWaiting
	if d, err := time.Parse(time.RFC3339, in.Deadline); err == nil {
		c.wait.Deadline = d
		c.about = append(c.about, lang.F("It starts when its players are in, or without them at %s", lang.Digits("0:00")))
	} else {
		c.about = append(c.about, lang.T("It starts when its players are in"))
	}
	for i, s := range in.Seats {
		name := s.Player
		if name == "" {
			name = lang.F("Player %d", i+1)
		} else if name == s.Kind || strings.HasPrefix(name, s.Kind+":") {
			name = seatLabel(name) // a built-in bot: "greedy · 2"
		}
		c.names = append(c.names, name)
		awaited := slices.Contains(in.Awaiting, s.Seat)
		c.ready = append(c.ready, !awaited && !(s.Kind == "remote" && !s.Joined))
	}
	for i, r := range c.ready {
		if !r {
			c.wait.Waiting = append(c.wait.Waiting, i)
		}
	}
	c.waitFor = lang.T("waiting for its players")
	if len(c.wait.Waiting) > 0 {
		c.waitFor = nowText(&tournament.Now{State: c.wait.State, Waiting: c.wait.Waiting}, func(e int) string { return c.names[e] }, time.Time{})
	}
	return c
}

// count makes the lines under the heading of the card up.
func (w *waitCards) count() {
	c := w.card()
	if c == nil {
		return
	}
	w.lines = append(w.lines[:0], c.about...)
	if len(w.list) > 1 {
		k := 0
		for i := range w.list {
			if w.shown[w.list[i].id] {
				k++
			}
		}
		w.lines = append(w.lines, lang.F("Waiting match %d of %d", max(1, min(k, len(w.list))), len(w.list)))
	}
}

// card is the card up, or nil.
func (w *waitCards) card() *waitCard {
	if w.cur < 0 || w.cur >= len(w.list) {
		return nil
	}
	return &w.list[w.cur]
}

// up reports whether a card is up.
func (w *waitCards) up() bool { return w.card() != nil }

// any reports whether some match waits.
func (w *waitCards) any() bool { return len(w.list) > 0 }

// turn keeps the card up for its time d, then puts up the next one not
// shown yet in this pause, and reports whether a card is up.
func (w *waitCards) turn(clock, d float64) bool {
	if w.up() && clock-w.since < d {
		return true
	}
	w.cur = -1
	for i := range w.list {
		if !w.shown[w.list[i].id] {
			if w.shown == nil {
				w.shown = map[string]bool{}
			}
			w.shown[w.list[i].id] = true
			w.cur, w.since = i, clock
			w.count()
			return true
		}
	}
	return false
}

// again shows every card once more.
func (w *waitCards) again() {
	clear(w.shown)
	w.cur = -1
}

// stop ends the cards of this pause: a match is to be watched.
func (w *waitCards) stop() {
	for i := range w.list {
		if w.shown == nil {
			w.shown = map[string]bool{}
		}
		w.shown[w.list[i].id] = true
	}
	w.cur = -1
}

// clear forgets the cards: the server did not answer.
func (w *waitCards) clear() {
	w.list, w.cur = w.list[:0], -1
}

// waitText is the card's "waiting for BotDiff (0:42)" at the time at, and
// its time left alone, "(0:42)": the countdown to the deadline the server
// gave, ticking every second; "waiting for BotDiff" and no time where the
// wait has no end yet. The time is this machine's wall clock, not the
// app's ticks, which fall behind it when frames are slow (a kiosk's
// small computer at 4K): the deadline is the room's time.
func (c *waitCard) waitText(at time.Time) (full, left string) {
	if c.wait.Deadline.IsZero() {
		return c.waitFor, ""
	}
	// The seconds left, counted up: "0:01" until the very end, as the
	// tournament's Now block counts them.
	secs := max(0, int64(math.Ceil(c.wait.Deadline.Sub(at).Seconds())))
	left = c.left.Get(secs, func(secs int64) string {
		return "(" + lang.Digits(tournament.Clock(time.Duration(secs)*time.Second)) + ")"
	})
	full = c.full.Get(secs, func(int64) string { return c.waitFor + rtlMark() + " " + left })
	return full, left
}

// seatInk is the colour of seat s in the game's view.
func (c *waitCard) seatInk(s game.Seat) color.NRGBA {
	if render.SafePalette || c.view == nil {
		return render.SafeColor(int(s))
	}
	return c.view.SeatColor(s)
}

// drawWaiting draws the card up, if any.
func (p *serverProgram) drawWaiting(s *Show, dst *ebiten.Image, a *App) bool {
	c := p.cards.card()
	if c == nil {
		return false
	}
	c.draw(s, dst, a, p.cards.lines)
	return true
}

// draw draws the card in the show's cards' language: the game, the
// players in their seats' colours, ready or waited for, and whom the
// match waits for, with the time left.
func (c *waitCard) draw(s *Show, dst *ebiten.Image, a *App, lines []string) {
	sc := a.Scale
	full, left := c.waitText(now())
	s.card(dst, a, c.title, lines, func(r image.Rectangle) float64 {
		n := len(c.names)
		if r.Empty() {
			return float64(n)*34*sc + 70*sc
		}
		x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
		ready, waiting := lang.T("ready"), lang.T("waiting")
		stateW, _ := render.Measure(waiting, render.Bold, 22*sc)
		if rw, _ := render.Measure(ready, render.Bold, 22*sc); rw > stateW {
			stateW = rw
		}
		gx, tx, align := cardRow(r, 10*sc, 32*sc)
		sx, salign := x+w, render.Right
		if lang.RTL() {
			sx, salign = x, render.Left
		}
		for i := range n {
			drawSeatMark(dst, game.Seat(i), gx, y+14*sc, 22*sc, c.seatInk(game.Seat(i)))
			render.FitText(dst, c.names[i], render.Bold, 22*sc, tx, y, w-48*sc-stateW, render.Ink, align)
			state, ink := ready, render.Good
			if !c.ready[i] {
				state, ink = waiting, render.Accent
			}
			render.Text(dst, state, render.Bold, 22*sc, sx, y, ink, salign)
			y += 34 * sc
		}
		render.FillRect(dst, x, y+4*sc, w, 1*sc, render.Fade(render.InkFaint, 0.5))
		// The time left is never cut: where the names are too long, they
		// are, and the time goes to the right.
		size := render.Shrink(full, render.Bold, 34*sc, 34*sc*0.75, w)
		fx, falign := cardStart(x, w)
		if fw, _ := render.Measure(full, render.Bold, size); fw <= w || left == "" {
			render.FitText(dst, full, render.Bold, size, fx, y+16*sc, w, render.Accent, falign)
		} else {
			lw, _ := render.Measure(left, render.Bold, size)
			render.Text(dst, render.Clip(c.waitFor, render.Bold, size, w-lw-12*sc), render.Bold, size, fx, y+16*sc, render.Accent, falign)
			render.Text(dst, left, render.Bold, size, sx, y+16*sc, render.Accent, salign)
		}
		return 0
	})
}
