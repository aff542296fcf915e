package scenes

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/arena-games/arena/net/stream"
)

// serverProgram plays an Arena server's matches, over and over: the live
// ones first, watched as they are played, then the finished and the
// interrupted ones, as the server lists them. It asks the server again at
// each pass, so that new matches join in.
type serverProgram struct {
	client  *stream.Client
	queue   []stream.Info
	listing chan listedMatches
	feed    *stream.Feed
	id      string
	asked   float64 // the app's clock when feed was asked for
}

// listedMatches is the server's list, asked for in the background.
type listedMatches struct {
	list []stream.Info
	err  error
}

// feedWait is how long the kiosk waits for a match's first lines.
const feedWait = 20 * time.Second

// NewServerKiosk is the kiosk show of the matches of the server c, at
// speed (0: each game's own, about two minutes).
func NewServerKiosk(c *stream.Client, speed float64) *Show {
	return newShow(&serverProgram{client: c}, speed)
}

func (p *serverProgram) next(a *App) (*Viewer, error) {
	if p.feed == nil && len(p.queue) == 0 {
		if p.listing == nil {
			ch := make(chan listedMatches, 1)
			p.listing = ch
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), feedWait)
				defer cancel()
				list, err := p.client.Matches(ctx)
				ch <- listedMatches{list, err}
			}()
		}
		select {
		case l := <-p.listing:
			p.listing = nil
			if l.err != nil {
				return nil, skipped{p.client.Base, l.err}
			}
			for _, in := range l.list {
				if in.Status != stream.Waiting {
					p.queue = append(p.queue, in)
				}
			}
			if len(p.queue) == 0 {
				return nil, skipped{p.client.Base, errors.New("no match to show on the server yet; it is asked again in a moment")}
			}
		default:
			return nil, nil
		}
	}
	if p.feed == nil {
		p.id, p.queue = p.queue[0].ID, p.queue[1:]
		p.feed, p.asked = p.client.Watch(context.Background(), p.id), a.Clock
	}
	select {
	case <-p.feed.Ready():
	default:
		if a.Clock-p.asked < feedWait.Seconds() {
			return nil, nil
		}
		p.stop()
		return nil, skipped{p.id, fmt.Errorf("no answer from the server within %v", feedWait)}
	}
	f := p.feed
	p.feed = nil
	if f.Recording() == nil {
		go f.Close()
		return nil, skipped{p.id, errors.New(f.Status())}
	}
	v, err := FeedViewer(f, nil)
	if err != nil {
		go f.Close()
		return nil, skipped{p.id, err}
	}
	return v, nil
}

func (p *serverProgram) stop() {
	if p.feed != nil {
		go p.feed.Close()
		p.feed = nil
	}
}
