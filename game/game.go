// Package game is what a game is, independent of any screen: the Title and
// Engine contract, frames and events, seats and players, the match loop, the
// timeline, the replay file and deterministic randomness.
//
// Nothing here draws: engines, bots and the headless runner build and test on
// any machine without a display.
package game

import (
	"fmt"
	"strings"
	"time"
)

// Seat is one side of a game, numbered from 0. People see it as Seat+1.
type Seat int

// Number is the seat as people count it: 1 for the first seat.
func (s Seat) Number() int { return int(s) + 1 }

func (s Seat) String() string { return fmt.Sprintf("P%d", s.Number()) }

// Config is everything that decides how a game starts. It is recorded in the
// replay header, so a replay re-simulates exactly.
type Config struct {
	Seed    int64             `json:"seed"`
	Seats   int               `json:"seats"`
	Map     string            `json:"map,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// Files holds the user's files that the game was started from (a map,
	// levels, a config), by the path given: see Config.ReadFile.
	Files map[string]File `json:"files,omitempty"`

	read *inputs // records the files read while an engine starts
}

// ParseFlag reads the value of an on/off rule option: "true" or "1",
// "false", "0" or empty, in any case.
func ParseFlag(name, value string) (bool, error) {
	switch strings.ToLower(value) {
	case "true", "1":
		return true, nil
	case "false", "0", "":
		return false, nil
	}
	return false, fmt.Errorf("option %s=%q: want true, 1, false or 0", name, value)
}

// Option returns a rule option, or def when it is not set.
func (c Config) Option(name, def string) string {
	if v, ok := c.Options[name]; ok {
		return v
	}
	return def
}

// A Title is one game: its name, how to start an engine, which computer
// players it has, and how to read its original formats.
type Title interface {
	ID() string   // "santorini", "aibg5", ...
	Name() string // "Santorini"
	Seats() int   // how many seats a game has
	New(cfg Config) (Engine, error)
	// Bots lists the title's computer players, weakest first.
	Bots() []Bot
	// NewBot builds a computer player from its kind and strength ("minimax",
	// "3"); rng is the bot's own deterministic randomness.
	NewBot(kind, strength string, seat Seat, rng *Rand) (Player, error)
}

// Bot describes one kind of computer player for set-up screens and help.
type Bot struct {
	Kind     string   // "alphabeta"
	About    string   // one line for people
	Strength string   // what the strength means: "depth" or "time"
	Default  string   // "3", "1s"
	Choices  []string // strengths offered at set-up
}

// An Engine advances one game. It is deterministic: the same config and the
// same moves give the same frames. Only the match loop touches it.
type Engine interface {
	// Frame is an immutable snapshot of the state after the last step, with
	// the events of that step.
	Frame() Frame
	// ToMove lists the seats that must act now: one (turn-based) or several
	// (simultaneous). Empty when the game is over.
	ToMove() []Seat
	// Step applies one move per seat in ToMove, in the game's own text
	// notation. Illegal moves are penalised as the rules say (an event), never
	// a crash; an error means the engine was misused.
	Step(moves map[Seat]string) error
	Over() bool
	Result() Result
	// Observe is what a seat's player may know now: the whole state in a
	// game of perfect information, a fogged view otherwise.
	Observe(s Seat) any
	// State encodes the full state for the replay's keyframes.
	State() ([]byte, error)
}

// A Checker is an Engine that can tell whether a move is legal without
// playing it. The match loop uses it to let people retry illegal input
// instead of being penalised.
type Checker interface {
	Check(s Seat, move string) error
}

// A Transcriber is an Engine whose games are also written in the original
// system's own move-file format, one line per step, beside the replay.
type Transcriber interface {
	// TranscriptExt is the file name extension of the move file (".txt").
	TranscriptExt() string
	// TranscriptLine is the move file's line for the last step, without the
	// line ending, or "" when the step writes none.
	TranscriptLine() string
}

// A Helped title gives a person a helper for the seat they play: in AIC21
// a person commands some units and a bot drives the rest. The Player it
// returns reports its person with Person() *Human.
type Helped interface {
	PersonSeat(person *Human, seat Seat, r *Rand) (Player, error)
}

// Result is how a game ended.
type Result struct {
	Winner  int    `json:"winner"`  // the winning seat's number (1-based); 0 for a draw or no winner
	Ranking []int  `json:"ranking"` // seat numbers, best first
	Reason  string `json:"reason"`  // why it ended, in the title's words ("level3", "nomoves", "forfeit")
}

// Frame is an immutable snapshot of a game after one step, with the events of
// that step. Frames are shared between goroutines: never modify one.
type Frame struct {
	Turn   int             // the step that produced it: 0 is the start
	ToMove []Seat          // who acts next
	State  any             // the title's snapshot, e.g. *santorini.Board
	Events []Event         // what happened in this step
	Moves  map[Seat]string // the moves of this step, as the engine read them
	Notes  map[Seat]Notes  // what the seats thought when they chose those moves
	// Took is how long each seat asked thought over its move in this step;
	// nil where it was not measured (a loaded or imported step, an older
	// replay).
	Took   map[Seat]time.Duration
	Over   bool
	Result Result // set when Over
}

// Event is one thing that happened in a step, for animation and the log.
type Event struct {
	Kind string // "move", "build", "win", ... in the title's words
	Seat Seat
	Text string // one line for people
	Data any    // the title's details (cells, amounts)
}

// Notes is what a player thought when choosing a move: the value it gave each
// candidate, a line of text, and what its bot drew for the turn (debug
// drawing). They travel with the frame and the replay.
type Notes struct {
	Values map[string]float64 `json:"values,omitempty"` // candidate move -> value for the mover
	Text   string             `json:"text,omitempty"`
	Marks  []Mark             `json:"marks,omitempty"`
	Cut    int                `json:"cut,omitempty"`     // marks cut (AddMarks)
	CutWhy string             `json:"cut_why,omitempty"` // why the first was
}
