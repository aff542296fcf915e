package scenes

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/arena-games/arena/game"
)

// sides are, at a match that people play here in a game of hidden
// information (a game.Fogged title), what each person's seat may know:
// the seat's own stream, read into frames step by step with the match, as
// `play --server` reads it from a server. The board shows a person's side
// from these frames only, never from the whole game's.
type sides struct {
	mu     sync.Mutex
	follow []*game.SeatFollower // by seat; nil for a seat no person plays
	frames []*game.Timeline     // by seat, once its first view is read
}

// watchSides starts reading the streams of the seats people play in m,
// from m's Watch; nil when m's title hides nothing or nobody plays here.
func watchSides(m *game.Match) (*sides, error) {
	fog, ok := m.Title.(game.Fogged)
	if !ok {
		return nil, nil
	}
	sd := &sides{follow: make([]*game.SeatFollower, len(m.Seats)), frames: make([]*game.Timeline, len(m.Seats))}
	names := m.Header().Seats
	people := false
	for i := range m.Seats {
		s := game.Seat(i)
		if _, ok := m.IsHuman(s); !ok {
			continue
		}
		people = true
		h, err := json.Marshal(game.NewSeatHeader(m.Title, m.Config, names, s))
		if err != nil {
			return nil, err
		}
		if sd.follow[i], err = game.FollowSeat(h); err != nil {
			return nil, fmt.Errorf("seat %d's view: %w", s.Number(), err)
		}
	}
	if !people {
		return nil, nil
	}
	before := m.Watch
	m.Watch = func(eng game.Engine, f game.Frame) error {
		if before != nil {
			if err := before(eng, f); err != nil {
				return err
			}
		}
		return sd.see(fog, eng, f)
	}
	return sd, nil
}

// see reads each person's view of frame f of the match.
func (sd *sides) see(fog game.Fogged, eng game.Engine, f game.Frame) error {
	for i, fl := range sd.follow {
		if fl == nil {
			continue
		}
		st, err := game.NewSeatStep(fog, eng, f, game.Seat(i))
		if err != nil {
			return err
		}
		line, err := json.Marshal(st)
		if err != nil {
			return err
		}
		if err := fl.Line(line); err != nil {
			return fmt.Errorf("seat %d's view of turn %d: %w", i+1, f.Turn, err)
		}
		sd.mu.Lock()
		sd.frames[i] = fl.Recording().Timeline
		sd.mu.Unlock()
	}
	return nil
}

// frame is frame i as seat s knows it: its view of the newest step it has
// read when the match has gone further; the empty frame, which boards do
// not draw, before its first view.
func (sd *sides) frame(s game.Seat, i int) game.Frame {
	sd.mu.Lock()
	tl := sd.frames[s]
	sd.mu.Unlock()
	if tl == nil {
		return game.Frame{}
	}
	return tl.Frame(i)
}
