package scenes

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/arena-games/arena/net/stream"
)

// serverProgram plays an Arena server's matches, over and over: the live
// ones first, watched as they are played, then the finished and the
// interrupted ones, as the server lists them. It asks the server again
// between two games: the matches that wait for their players (a contest
// night's, waiting for the teams' bots) each get a card first, and a
// waiting match that turns live is watched next; at each pass, new
// matches join in.
type serverProgram struct {
	client *stream.Client
	show   *Show // for the cards' time
	queue  []stream.Info
	// listing is the list being asked for, since the app's clock listAt;
	// fresh says that a list came since the last game began.
	listing chan listedMatches
	listAt  float64
	fresh   bool
	// waited are the matches last listed as waiting: the one among them
	// that turns live is watched next.
	waited map[string]bool
	cards  waitCards
	feed   *stream.Feed
	id     string
	asked  float64 // the app's clock when feed was asked for
}

// listedMatches is the server's list, asked for in the background.
type listedMatches struct {
	list []stream.Info
	err  error
}

// feedWait is how long the kiosk waits for a match's first lines.
const feedWait = 20 * time.Second

// relistTime is how often, in seconds, the kiosk asks the server's list
// again while it shows the waiting matches' cards.
const relistTime = 3.0

// NewServerKiosk is the kiosk show of the matches of the server c, at
// speed (0: each game's own, about two minutes).
func NewServerKiosk(c *stream.Client, speed float64) *Show {
	p := &serverProgram{client: c}
	s := newShow(p, speed)
	p.show = s
	return s
}

func (p *serverProgram) next(a *App) (*Viewer, error) {
	if p.feed == nil {
		ready, err := p.between(a)
		if !ready {
			return nil, err
		}
		p.id, p.queue = p.queue[0].ID, p.queue[1:]
		p.feed, p.asked = p.client.Watch(context.Background(), p.id), a.Clock
		p.fresh = false
	}
	select {
	case <-p.feed.Ready():
	default:
		if a.Clock-p.asked < feedWait.Seconds() {
			return nil, nil
		}
		p.stop()
		return nil, skipped{p.id, noAnswer{feedWait}}
	}
	f := p.feed
	p.feed = nil
	if f.Recording() == nil {
		go f.Close()
		return nil, skipped{p.id, feedEnded(f.Status())}
	}
	v, err := FeedViewer(f, nil)
	if err != nil {
		go f.Close()
		return nil, skipped{p.id, err}
	}
	return v, nil
}

// between is the time between two games: the program asks the server's
// list, shows the cards of the matches waiting for their players (asking
// again every few seconds meanwhile), and is ready when the next match to
// watch is at the head of the queue.
func (p *serverProgram) between(a *App) (bool, error) {
	if p.listing == nil && (!p.fresh || p.cards.up() && a.Clock-p.listAt >= relistTime) {
		p.ask(a)
	}
	select {
	case l := <-p.listing:
		p.listing = nil
		switch {
		case l.err != nil && !p.fresh:
			p.cards.clear()
			return false, skipped{p.client.Base, l.err}
		case l.err != nil:
			// The cards shown stay; the next ask may do better.
			slog.Warn("kiosk: the server's list", "err", l.err)
		default:
			if !p.fresh {
				p.cards.again() // a new pause between games: every card once
			}
			p.fresh = true
			p.take(l.list)
		}
	default:
	}
	if !p.fresh {
		return false, nil
	}
	if p.cards.turn(a.Clock, p.cardTime()) {
		return false, nil
	}
	if len(p.queue) > 0 {
		return true, nil
	}
	if p.cards.any() {
		// Every match waits: their cards again, until one turns live.
		p.cards.again()
		p.cards.turn(a.Clock, p.cardTime())
		return false, nil
	}
	p.fresh = false
	return false, skipped{p.client.Base, errors.New("no match to show on the server yet; it is asked again in a moment")}
}

// ask asks the server's list in the background.
func (p *serverProgram) ask(a *App) {
	ch := make(chan listedMatches, 1)
	p.listing, p.listAt = ch, a.Clock
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), feedWait)
		defer cancel()
		list, err := p.client.Matches(ctx)
		ch <- listedMatches{list, err}
	}()
}

// take takes in what the server listed: the waiting matches make the
// cards; a match that waited and now is live goes to the head of the
// queue, and the cards give way to it; a new pass queues every match that
// does not wait, in the server's order (the live ones first).
func (p *serverProgram) take(list []stream.Info) {
	var turned, rest []stream.Info
	waited := map[string]bool{}
	for _, in := range list {
		switch {
		case in.Status == stream.Waiting:
			waited[in.ID] = true
		case p.waited[in.ID] && in.Status == stream.Live:
			turned = append(turned, in)
		default:
			rest = append(rest, in)
		}
	}
	p.waited = waited
	if len(p.queue) == 0 {
		p.queue = rest
	}
	p.cards.take(list)
	if len(turned) > 0 {
		p.queue = append(turned, p.queue...)
		p.cards.stop()
	}
}

// cardTime is how long a waiting match's card stays: the title card's
// time, and long enough to read.
func (p *serverProgram) cardTime() float64 {
	if p.show == nil {
		return titleTime
	}
	return max(p.show.time(titleTime), minWaitCard)
}

func (p *serverProgram) stop() {
	if p.feed != nil {
		go p.feed.Close()
		p.feed = nil
	}
}
