package aic21

import (
	"encoding/json"
	"fmt"

	"github.com/arena-games/arena/game"
)

// Engine plays one game of AIC21. It implements game.Engine and
// game.Checker. Both seats move at once: each seat's move bundles the
// answers of its colony's units (UnitMove).
type Engine struct {
	w     *world
	rules Rules
	frame game.Frame
}

var _ game.Checker = (*Engine)(nil)

// NewEngine starts a game on m under r, with the seed's randomness and the
// team names of the log.
func NewEngine(m *Map, r Rules, seed int64, names [2]string) (*Engine, error) {
	if err := r.check(); err != nil {
		return nil, fmt.Errorf("aic21: %w", err)
	}
	e := &Engine{rules: r}
	e.w = newWorld(m, &e.rules, seed, names)
	e.frame = game.Frame{ToMove: e.ToMove(), State: e.w.last}
	return e, nil
}

// Rules are the rules the game is played by.
func (e *Engine) Rules() Rules { return e.rules }

// Frame is the record of the last turn with that turn's events; at the
// start, the state before turn 0.
func (e *Engine) Frame() game.Frame { return e.frame }

// Current is the record of the last turn (Frame's State).
func (e *Engine) Current() *State { return e.w.last }

// ToMove is both seats until the game is over.
func (e *Engine) ToMove() []game.Seat {
	if e.w.over {
		return nil
	}
	return []game.Seat{0, 1}
}

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.w.over }

// Result is the winning colony's seat, the ranking and the reason: "base"
// (the other base fell), or the judge's deciding criterion: "health",
// "units", "created", "soldiers", "bread", "grass" or "random".
func (e *Engine) Result() game.Result {
	if !e.w.over {
		return game.Result{}
	}
	return result(e.w.winner, e.w.reason)
}

func result(winner int, reason string) game.Result {
	return game.Result{Winner: winner + 1, Ranking: []int{winner + 1, 2 - winner}, Reason: reason}
}

// Observe is seat s's Views: its colony's units' messages of the next
// round. Each unit's agent must see only its own.
func (e *Engine) Observe(s game.Seat) any {
	if s != 0 && s != 1 {
		return Views{}
	}
	return e.w.observe(int(s))
}

// Check tells whether move is a well-formed answer of seat s's colony
// that names only its live units.
func (e *Engine) Check(s game.Seat, move string) error {
	moves, err := ParseUnitMoves(move)
	if err != nil {
		return err
	}
	for _, m := range moves {
		if u := e.w.unit(int32(m.Unit)); u == nil || u.Colony != int(s) {
			return fmt.Errorf("unit %d is not a live unit of colony %d", m.Unit, s)
		}
	}
	return nil
}

// Step resolves one turn with each seat's bundled answers. A move that
// does not parse is ignored (R15), as are answers for units that are not
// the seat's live units: events say so. A move that ends with Forfeit
// makes its colony forfeit at the end of the turn (R18). The error reports
// misuse only.
func (e *Engine) Step(moves map[game.Seat]string) error {
	if e.w.over {
		return fmt.Errorf("aic21: step after the game is over")
	}
	var answers [2][]UnitMove
	var forfeit [2]bool
	var bad []game.Event
	for s, m := range moves {
		if s != 0 && s != 1 {
			return fmt.Errorf("aic21: a move for seat %d: a game has seats 1 and 2", s.Number())
		}
		m, forfeit[s] = CutForfeit(m)
		list, err := ParseUnitMoves(m)
		if err != nil {
			c := int(s)
			bad = append(bad, event("ignored", c, Ignored{c, m, err.Error()}, "colony %d's move was ignored: %v", c, err))
			continue
		}
		answers[s] = list
	}
	e.w.resolve(answers, forfeit)
	f := game.Frame{ToMove: e.ToMove(), State: e.w.last, Events: append(bad, e.w.events...), Moves: moves, Over: e.w.over}
	if f.Over {
		f.Result = e.Result()
	}
	e.frame = f
	return nil
}

// keyframe is the engine's state in a replay's keyframes.
type keyframe struct {
	Turn     int       `json:"turn"`
	Units    []Unit    `json:"units"`
	Colonies [2]Colony `json:"colonies"`
	ResType  []Res     `json:"res_type"`
	ResAmt   []int     `json:"res_amount"`
	Delayed  []Delayed `json:"delayed"`
	NextID   int       `json:"next_id"`
	Born     []int     `json:"born"`
	Died     []int     `json:"died"`
	Arrival  int       `json:"arrival"`
}

// State is the engine's full state as JSON, for the replay's keyframes.
func (e *Engine) State() ([]byte, error) {
	w := e.w
	return json.Marshal(keyframe{Turn: w.turn, Units: w.units, Colonies: w.col, ResType: w.resType, ResAmt: w.resAmt,
		Delayed: w.delayed, NextID: w.nextID, Born: w.born, Died: w.died, Arrival: w.arrival})
}
