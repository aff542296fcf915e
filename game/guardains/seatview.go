package guardains

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arena-games/arena/game"
)

// seatView is one line of a GuardAIns seat's stream: the view the original
// server sends the seat each round (§3.1, byte for byte), with the board's
// size, which the rules fix and the wire leaves out. It is all a seat may
// know: its guardians, the cells they see, its feedback.
type seatView struct {
	W    int             `json:"w"`
	H    int             `json:"h"`
	View json.RawMessage `json:"view"`
}

// SeatView is seat s's view of the round to come (game.Fogged).
func (Title) SeatView(eng game.Engine, s game.Seat) ([]byte, error) {
	e, ok := eng.(*Engine)
	if !ok {
		return nil, fmt.Errorf("guardains: seat view of a %T", eng)
	}
	st := e.Current()
	return json.Marshal(seatView{W: st.W(), H: st.H(), View: st.View(int(s) + 1)})
}

// NewSeatView reads seat s's views into frames of the game as the seat
// knows it: the maze as far as it has seen, its guardians, the enemies
// where it sees them (as an imported transcript shows a player's game).
func (Title) NewSeatView(s game.Seat, options map[string]string) (game.SeatView, error) {
	if s != 0 && s != 1 {
		return nil, fmt.Errorf("guardains: seat %d of 2", s.Number())
	}
	rules, err := ParseRules(game.Config{Seats: 2, Options: options})
	if err != nil {
		return nil, err
	}
	return &seatFrames{seat: int(s) + 1, rules: rules}, nil
}

// seatFrames is a seat's knowledge, from one view to the next.
type seatFrames struct {
	seat  int
	rules *Rules
	k     *knowledge
	prev  *State
	obs   *Observation
}

func (f *seatFrames) Frame(view []byte, move string, res *game.Result) (game.Frame, error) {
	var v seatView
	if err := json.Unmarshal(view, &v); err != nil {
		return game.Frame{}, fmt.Errorf("guardains view: %w", err)
	}
	if v.W < 1 || v.H < 1 || v.W > MaxSide || v.H > MaxSide {
		return game.Frame{}, fmt.Errorf("guardains view: a %dx%d board; boards are 1x1 to %dx%d", v.W, v.H, MaxSide, MaxSide)
	}
	if f.k == nil {
		f.k = newKnowledge(v.W, v.H, f.seat, f.rules)
	} else if v.W != f.k.maze.W || v.H != f.k.maze.H {
		return game.Frame{}, fmt.Errorf("guardains view: the board was %dx%d, now %dx%d", f.k.maze.W, f.k.maze.H, v.W, v.H)
	}
	o, err := ReadView(f.seat, v.View)
	if err != nil {
		return game.Frame{}, err
	}
	o.W, o.H = v.W, v.H
	s, err := f.k.learn(o)
	if err != nil {
		return game.Frame{}, err
	}
	if res != nil {
		if res.Winner < 0 || res.Winner > 2 {
			return game.Frame{}, errors.New("guardains view: the winner is seat 1, 2 or 0 for a draw")
		}
		feedback := s.Feedback
		s = s.clone()
		s.Feedback = feedback
		s.Over, s.Winner, s.Reason = true, res.Winner, res.Reason
	}
	fr := game.Frame{State: s}
	if f.prev != nil {
		fr.Events = viewEvents(f.prev, s, move)
	}
	f.prev, f.obs = s, o
	return fr, nil
}

func (f *seatFrames) Observe() any { return f.obs }
