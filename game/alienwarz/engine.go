package alienwarz

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
)

// Engine plays one game of AlienWarz. It implements game.Engine,
// game.Checker and game.Transcriber.
type Engine struct {
	state *State
	frame game.Frame
	steps int
	// before and line are the state before the last step and its line, for
	// the game log lines, written when asked for.
	before *State
	line   string
	// Clock stamps the game log lines; time.Now unless set.
	Clock func() time.Time
}

var (
	_ game.Checker     = (*Engine)(nil)
	_ game.Transcriber = (*Engine)(nil)
)

func newEngine(s *State) *Engine {
	e := &Engine{state: s, Clock: time.Now}
	e.frame = game.Frame{ToMove: e.ToMove(), State: s, Over: s.Over, Result: e.Result()}
	return e
}

// NewEngine starts an engine from state s (which it does not change) and
// rules r (nil: the defaults).
func NewEngine(s *State, r *Rules) *Engine {
	c := s.clone()
	c.own(ownDeposits | ownFactories | ownRuins | ownBag1 | ownBag2)
	if r != nil {
		c.rules = r
	}
	return newEngine(c)
}

// Frame is the state after the last step with that step's events.
func (e *Engine) Frame() game.Frame { return e.frame }

// Current is the current state.
func (e *Engine) Current() *State { return e.state }

// ToMove is the seat of the player to act: the same seat again while the
// other is frozen; empty when the game is over.
func (e *Engine) ToMove() []game.Seat {
	if e.state.Over {
		return nil
	}
	return []game.Seat{game.Seat(e.state.ToAct - 1)}
}

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.state.Over }

// Result is the winner, the ranking (winner first; 1, 2 for a draw) and the
// reason (State.Reason); zero while the game runs.
func (e *Engine) Result() game.Result {
	s := e.state
	if !s.Over {
		return game.Result{}
	}
	switch s.Winner {
	case 0:
		return game.Result{Ranking: []int{1, 2}, Reason: s.Reason}
	default:
		return game.Result{Winner: s.Winner, Ranking: []int{s.Winner, 3 - s.Winner}, Reason: s.Reason}
	}
}

// Observe is the current *State: the view shows both players to the one
// who acts, so the whole state is no secret (a bot process gets its View).
func (e *Engine) Observe(game.Seat) any { return e.state }

// State is the full state as JSON, for the replay's keyframes.
func (e *Engine) State() ([]byte, error) { return json.Marshal(e.state) }

// Check tells whether seat s may play line now (State.Check).
func (e *Engine) Check(s game.Seat, line string) error { return e.state.Check(int(s)+1, line) }

// Step plays the line of the seat to act: a command, or an invalid line
// that costs the penalty (an empty line is no answer in time), or Forfeit.
// The error reports misuse only: a finished game, or moves for the wrong
// seats.
func (e *Engine) Step(moves map[game.Seat]string) error {
	s := e.state
	if s.Over {
		return fmt.Errorf("alienwarz: step after the game is over")
	}
	seat := game.Seat(s.ToAct - 1)
	line, ok := moves[seat]
	if !ok || len(moves) != 1 {
		return fmt.Errorf("alienwarz: step wants exactly one move, for %s; got %d moves", seat, len(moves))
	}
	next := s.clone()
	events := next.play(line)
	e.before, e.line = s, line
	e.steps++
	e.state = next
	e.frame = game.Frame{
		Turn:   e.steps,
		ToMove: e.ToMove(),
		State:  next,
		Events: events,
		Moves:  map[game.Seat]string{seat: line},
		Over:   next.Over,
		Result: e.Result(),
	}
	return nil
}

// TranscriptExt is ".txt": the move file is a game log in the original's
// shape (§5.3), which the original LogViewer plays.
func (e *Engine) TranscriptExt() string { return ".txt" }

// TranscriptLine is the game log lines of the last step, joined by "\n":
// the view written to the player, the action it answered (none for a line
// that does not parse or no answer, as in the original), the reason a legal
// form could not be played, and at the end the result and the final state.
func (e *Engine) TranscriptLine() string {
	if e.before == nil {
		return ""
	}
	return e.logLines(e.before, e.state, e.line)
}

// logLines writes the game log of one step from before to after.
func (e *Engine) logLines(before, after *State, line string) string {
	stamp := "[" + e.Clock().Format("1/2/2006 3:04:05 PM") + "] Log: "
	var b strings.Builder
	player := before.ToAct
	if line != Forfeit {
		b.WriteString(stamp + "Writing to process: ")
		b.Write(before.View(player))
		if c, err := ParseCommand(line); err == nil {
			b.WriteString("\n" + stamp + "ACTION: " + c.LogText())
			if err := before.check(player, c); err != nil {
				b.WriteString("\n" + stamp + "Can't execute ACTION. Reason: " + err.Error())
			}
		}
	}
	if after.Over {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(stamp + "Game Over! " + gameOverText(after, player))
		b.WriteString("\n" + stamp + "Game State: ")
		b.Write(after.View(player))
	}
	return b.String()
}

// gameOverText is the original's message at the end of the game.
func gameOverText(s *State, actor int) string {
	loser := s.Players[actor-1].Name
	switch s.Reason {
	case "exhausted":
		return loser + " has no energy left!"
	case "forfeit":
		return "Turn for " + loser
	case "draw":
		return "Players were matched in skill completely!"
	}
	for what, why := range criteria {
		if why == s.Reason {
			return s.Players[s.Winner-1].Name + " had more " + what + " at the end of the game"
		}
	}
	return s.Players[s.Winner-1].Name + " won"
}

// criteria are the ranking criteria (State.Reason) by the words of the
// "Game Over!" message: "<name> had more XP at the end of the game".
var criteria = map[string]string{"XP": "xp", "coins": "coins", "energy": "energy",
	"refinement facilities": "factories", "weight in the backpack": "weight"}
