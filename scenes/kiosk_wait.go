package scenes

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
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
	list []waitCard
	// shown are the matches whose cards this pause showed; cur is the
	// card up (an index in list, -1 for none), since the app's clock since.
	shown map[string]bool
	cur   int
	since float64
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
	now   tournament.Now // whom it waits for (seats from 0), until when
	// listed is when the server said so, at the app's clock listedAt: the
	// countdown goes on from there with the app's clock.
	listed   time.Time
	listedAt float64
	wait     render.Memo[int64] // "waiting for BotDiff (0:42)", by the second
}

// take makes the cards of the waiting matches the server listed; the card
// up stays up, with what the server says now.
func (w *waitCards) take(a *App, l listedMatches) {
	id := ""
	if c := w.card(); c != nil {
		id = c.id
	}
	n := 0
	for _, in := range l.list {
		if in.Status == stream.Waiting {
			n++
		}
	}
	w.list, w.cur = w.list[:0], -1
	for _, in := range l.list {
		if in.Status != stream.Waiting {
			continue
		}
		if in.ID == id {
			w.cur = len(w.list)
		}
		w.list = append(w.list, w.make(in, len(w.list), n, l.at, a.Clock))
	}
}

// make is the card of the waiting match in, the i-th of n.
func (w *waitCards) make(in stream.Info, i, n int, at time.Time, clock float64) waitCard {
	c := waitCard{id: in.ID, title: in.Title, listed: at, listedAt: clock}
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
	c.now.State = tournament.NowWaiting
	if d, err := time.Parse(time.RFC3339, in.Deadline); err == nil {
		c.now.Deadline = d
		c.about = append(c.about, "It starts when its players are in, or without them at 0:00")
	} else {
		c.about = append(c.about, "It starts when its players are in")
	}
	if n > 1 {
		c.about = append(c.about, "Waiting match "+strconv.Itoa(i+1)+" of "+strconv.Itoa(n))
	}
	for i, s := range in.Seats {
		name := s.Player
		if name == "" {
			name = playerNames[i&7]
		} else if name == s.Kind || len(name) > len(s.Kind) && name[:len(s.Kind)+1] == s.Kind+":" {
			name = seatLabel(name) // a built-in bot: "greedy · 2"
		}
		c.names = append(c.names, name)
		awaited := slices.Contains(in.Awaiting, s.Seat)
		c.ready = append(c.ready, !awaited && !(s.Kind == "remote" && !s.Joined))
	}
	for i, r := range c.ready {
		if !r {
			c.now.Waiting = append(c.now.Waiting, i)
		}
	}
	return c
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

// waitText is the card's "waiting for BotDiff (0:42)" at the app's clock:
// the countdown to the deadline the server gave, ticking every second.
func (c *waitCard) waitText(clock float64) string {
	at := c.listed.Add(time.Duration((clock - c.listedAt) * float64(time.Second)))
	key := int64(0)
	if !c.now.Deadline.IsZero() {
		key = int64(math.Ceil(c.now.Deadline.Sub(at).Seconds()))
	}
	return c.wait.Get(key, func(int64) string {
		return tournament.NowText(&c.now, func(e int) string { return c.names[e] }, at)
	})
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
	c.draw(s, dst, a)
	return true
}

// draw draws the card in the show's cards' language: the game, the
// players in their seats' colours, ready or waited for, and whom the
// match waits for, with the time left.
func (c *waitCard) draw(s *Show, dst *ebiten.Image, a *App) {
	sc := a.Scale
	wait := c.waitText(a.Clock)
	s.card(dst, a, c.title, c.about, func(r image.Rectangle) float64 {
		n := len(c.names)
		if r.Empty() {
			return float64(n)*34*sc + 70*sc
		}
		x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
		stateW, _ := render.Measure("waiting", render.Bold, 22*sc)
		for i := range n {
			drawSeatMark(dst, game.Seat(i), x+10*sc, y+14*sc, 22*sc, c.seatInk(game.Seat(i)))
			render.FitText(dst, c.names[i], render.Bold, 22*sc, x+32*sc, y, w-48*sc-stateW, render.Ink, render.Left)
			state, ink := "ready", render.Good
			if !c.ready[i] {
				state, ink = "waiting", render.Accent
			}
			render.Text(dst, state, render.Bold, 22*sc, x+w, y, ink, render.Right)
			y += 34 * sc
		}
		render.FillRect(dst, x, y+4*sc, w, 1*sc, render.Fade(render.InkFaint, 0.5))
		render.FitText(dst, wait, render.Bold, 34*sc, x, y+16*sc, w, render.Accent, render.Left)
		return 0
	})
}
