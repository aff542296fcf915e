package guardains

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/arena-games/arena/game"
)

// Engine plays one game of GuardAIns. It implements game.Engine and
// game.Checker. Both seats act in every round.
type Engine struct {
	state *State
	frame game.Frame
}

var _ game.Checker = (*Engine)(nil)

// NewEngine starts an engine from state s, which it does not change.
func NewEngine(s *State) *Engine {
	e := &Engine{state: s}
	e.frame = game.Frame{ToMove: e.ToMove(), State: s, Over: s.Over, Result: e.Result()}
	return e
}

// Frame is the state after the last step (a *State) with that step's events.
func (e *Engine) Frame() game.Frame { return e.frame }

// Current is the current state.
func (e *Engine) Current() *State { return e.state }

// ToMove is both seats while the game runs: they act at the same time.
func (e *Engine) ToMove() []game.Seat {
	if e.state.Over {
		return nil
	}
	return []game.Seat{0, 1}
}

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.state.Over }

// Result is the winner, the ranking (winner first; 1, 2 for a draw) and the
// reason (State.Reason); zero while the game runs.
func (e *Engine) Result() game.Result {
	s := e.state
	switch {
	case !s.Over:
		return game.Result{}
	case s.Winner == 0:
		return game.Result{Ranking: []int{1, 2}, Reason: s.Reason}
	}
	return game.Result{Winner: s.Winner, Ranking: []int{s.Winner, 3 - s.Winner}, Reason: s.Reason}
}

// Observe is seat s's view of this round, an *Observation: what the
// original server sends that seat, and all a bot may know.
func (e *Engine) Observe(s game.Seat) any { return e.state.Observe(int(s) + 1) }

// Check tells whether seat s's move would be played as it is (State.Check).
func (e *Engine) Check(s game.Seat, move string) error { return e.state.Check(int(s)+1, move) }

// Step plays one round with each seat's move: the action JSON of §4.1 (or
// the short form of ParseAction), "" for no answer in time. A missing seat
// is no answer. The error reports misuse only: a finished game, or a move
// for a seat that does not exist.
func (e *Engine) Step(moves map[game.Seat]string) error {
	if e.state.Over {
		return fmt.Errorf("guardains: step after the game is over")
	}
	var m [2]string
	for seat, move := range moves {
		if seat != 0 && seat != 1 {
			return fmt.Errorf("guardains: a move for seat %d: a game has seats 1 and 2", seat.Number())
		}
		m[seat] = move
	}
	next := e.state.clone()
	events := next.play(m)
	e.state = next
	e.frame = game.Frame{Turn: next.Round, ToMove: e.ToMove(), State: next, Events: events,
		Moves: map[game.Seat]string{0: m[0], 1: m[1]}, Over: next.Over, Result: e.Result()}
	return nil
}

// keyframe is the full state as the replay's keyframes hold it.
type keyframe struct {
	Round      int            `json:"round"`
	Maze       *Maze          `json:"maze"`
	Kinds      map[string]int `json:"kinds"`
	Stone      Cell           `json:"stone"`
	Reported   Cell           `json:"reported"`
	Guardians  [2][5]Guardian `json:"guardians"`
	Penalty    [2]int         `json:"penalty"`
	Score      [2]float64     `json:"score"`
	Seen       [2]*Bits       `json:"seen"`
	Feedback   [2][]Feedback  `json:"feedback"`
	LastAction [2]*string     `json:"last_action"`
	Stamps     int            `json:"stamps"`
	Over       bool           `json:"over"`
	Winner     int            `json:"winner"`
	Reason     string         `json:"reason"`
}

// State is the full state as JSON, for the replay's keyframes.
func (e *Engine) State() ([]byte, error) {
	s := e.state
	k := keyframe{Round: s.Round, Maze: s.Maze, Kinds: map[string]int{}, Stone: s.Stone, Reported: s.Reported,
		Guardians: s.Guardians, Penalty: s.Penalty, Score: s.Score, Seen: s.Seen, Feedback: s.Feedback,
		Stamps: s.stamps, Over: s.Over, Winner: s.Winner, Reason: s.Reason}
	for c, kind := range s.Kinds {
		k.Kinds[c.String()] = int(kind)
	}
	for i, a := range s.LastAction {
		if a != nil {
			text := fmt.Sprintf("%s %s %d %d %q %s", a.Type, a.Hero, a.Target.X, a.Target.Y, a.Player, strconv.FormatFloat(a.Round, 'g', -1, 64))
			k.LastAction[i] = &text
		}
	}
	return json.Marshal(k)
}
