package santorini

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arena-games/arena/game"
)

// Title is Santorini for Arena: two seats, a placement phase, then
// alternating turns.
type Title struct{}

// The optional interfaces of package game that Title satisfies: the
// match, the server and the screens find them by type assertion.
var (
	_ game.Charted      = Title{}
	_ game.Marked       = Title{}
	_ game.Judged       = Title{}
	_ game.Configurable = Title{}
	_ game.Timed        = Title{}
	_ game.Importable   = Title{}
)

// ID is "santorini".
func (Title) ID() string { return "santorini" }

// Name is "Santorini".
func (Title) Name() string { return "Santorini" }

// Seats is 2.
func (Title) Seats() int { return 2 }

// ruleOptions are the rule options New accepts, with their setters.
var ruleOptions = map[string]func(*Rules, bool){
	"kandic_win_build": func(r *Rules, v bool) { r.KandicWinBuild = v },
	"kandic_end_check": func(r *Rules, v bool) { r.KandicEndCheck = v },
}

// ParseRules reads the rule options of a config: kandic_win_build and
// kandic_end_check, each "true"/"1" or "false"/"0"/"". An unknown option is
// an error that lists the known ones.
func ParseRules(options map[string]string) (Rules, error) {
	var r Rules
	known := make([]string, 0, len(ruleOptions))
	for name := range ruleOptions {
		known = append(known, name)
	}
	sort.Strings(known)
	for name, value := range options {
		set, ok := ruleOptions[name]
		if !ok {
			return Rules{}, fmt.Errorf("santorini: unknown rule option %q (known: %s)", name, strings.Join(known, ", "))
		}
		on, err := game.ParseFlag(name, value)
		if err != nil {
			return Rules{}, fmt.Errorf("santorini: rule %w", err)
		}
		set(&r, on)
	}
	return r, nil
}

// New starts a game. cfg.Map, when set, is a peer position string (§3) to
// start from instead of the empty board (for engines that cannot place; the
// transcript then holds only the lines played from there); cfg.Options are
// the rule options (see ParseRules). The game has no randomness, so cfg.Seed
// is not used.
func (Title) New(cfg game.Config) (game.Engine, error) {
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("santorini: a game has 2 seats, not %d", cfg.Seats)
	}
	rules, err := ParseRules(cfg.Options)
	if err != nil {
		return nil, err
	}
	b := NewBoard()
	if cfg.Map != "" {
		if b, err = ParsePosition(cfg.Map); err != nil {
			return nil, fmt.Errorf("santorini: start position: %w", err)
		}
	}
	b.Rules = rules
	if b.Phase == Play {
		b.checkEnd()
	}
	e := &Engine{board: &b}
	e.frame = game.Frame{ToMove: e.ToMove(), State: e.board, Over: b.Phase == Over, Result: e.Result()}
	return e, nil
}

// Engine plays one game of Santorini. It implements game.Engine,
// game.Checker and game.Transcriber.
type Engine struct {
	board  *Board
	frame  game.Frame
	steps  int
	line   string // the move file line of the last step
	origin origins
}

var (
	_ game.Checker     = (*Engine)(nil)
	_ game.Transcriber = (*Engine)(nil)
)

// Placed is the Data of a "place" event: player (0 or 1) put worker 1 on
// Cells[0] and worker 2 on Cells[1].
type Placed struct {
	Player int
	Cells  [2]Cell
}

// Moved is the Data of a "move" event.
type Moved struct {
	Player, Worker       int
	From, To             Cell
	FromHeight, ToHeight uint8
}

// Built is the Data of a "build" event: Level is the height after the
// build, 4 for a dome.
type Built struct {
	Player int
	Cell   Cell
	Level  uint8
}

// Won is the Data of "win" and "forfeit" events: the winner (0 or 1) and
// the reason ("level3", "nomoves", "forfeit").
type Won struct {
	Player int
	Reason string
}

// Frame is the state after the last step with that step's events.
func (e *Engine) Frame() game.Frame { return e.frame }

// Board is the current board.
func (e *Engine) Board() *Board { return e.board }

// ToMove is the side to place or move; empty when the game is over.
func (e *Engine) ToMove() []game.Seat {
	if e.board.Phase == Over {
		return nil
	}
	return []game.Seat{game.Seat(e.board.Side)}
}

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.board.Phase == Over }

// Result is the winner, the ranking winner first, and the reason; zero while
// the game runs.
func (e *Engine) Result() game.Result {
	b := e.board
	if b.Phase != Over {
		return game.Result{}
	}
	return game.Result{Winner: b.Winner, Ranking: []int{b.Winner, 3 - b.Winner}, Reason: b.Reason}
}

// Observe is the current *Board: Santorini has no hidden information.
func (e *Engine) Observe(game.Seat) any { return e.board }

// State is the JSON view of R18.
func (e *Engine) State() ([]byte, error) { return e.board.JSON() }

// TranscriptExt is ".txt", the move file of the homework.
func (e *Engine) TranscriptExt() string { return ".txt" }

// TranscriptLine is the move file line of the last step (MoveLine), or ""
// when the step wrote none (the start, a forfeit).
func (e *Engine) TranscriptLine() string { return e.line }

// Check tells whether seat s may play move now, in the tolerant spellings of
// §6, without playing it. The error wraps a *RuleError and game.ErrRejected.
func (e *Engine) Check(s game.Seat, move string) error {
	if _, err := e.read(s, move); err != nil {
		return fmt.Errorf("%w: %w", game.ErrRejected, err)
	}
	return nil
}

// read parses and checks the move of seat s.
func (e *Engine) read(s game.Seat, move string) (Turn, error) {
	b := e.board
	if b.Phase == Over {
		return Turn{}, b.gameOver()
	}
	if int(s) != b.Side {
		return Turn{}, ruleErr(CodeNotYourWorker, "it is P%d's turn, not %s's", b.Side+1, s)
	}
	return parseAnswer(b, move, &e.origin)
}

// Step plays the move of the seat to move. An illegal or empty move (no
// answer in time) forfeits the game for that seat (R14). The error reports
// misuse only: a finished game, or moves for the wrong seats.
func (e *Engine) Step(moves map[game.Seat]string) error {
	b := e.board
	if b.Phase == Over {
		return fmt.Errorf("santorini: step after the game is over")
	}
	seat := game.Seat(b.Side)
	move, ok := moves[seat]
	if !ok || len(moves) != 1 {
		return fmt.Errorf("santorini: step wants exactly one move, for %s; got %d moves", seat, len(moves))
	}
	e.steps++
	e.line = ""
	var next Board
	var events []game.Event
	if move == "" {
		next = b.forfeited(b.Side)
		events = forfeitEvents(b.Side, fmt.Sprintf("%s forfeits: no move in time", seat))
	} else if t, err := e.read(seat, move); err != nil {
		next = b.forfeited(b.Side)
		events = forfeitEvents(b.Side, fmt.Sprintf("%s forfeits: illegal move %q: %v", seat, move, err))
	} else {
		next = b.after(t)
		events = turnEvents(b, &next, t)
		e.origin.record(b, t, next.Turn)
		e.line = MoveLine(t)
		move = t.String()
	}
	e.board = &next
	e.frame = game.Frame{
		Turn:   e.steps,
		ToMove: e.ToMove(),
		State:  e.board,
		Events: events,
		Moves:  map[game.Seat]string{seat: move},
		Over:   next.Phase == Over,
		Result: e.Result(),
	}
	return nil
}

// forfeitEvents explain a forfeit by player p.
func forfeitEvents(p int, text string) []game.Event {
	won := Won{Player: 1 - p, Reason: ReasonForfeit}
	return []game.Event{
		{Kind: "forfeit", Seat: game.Seat(p), Text: text, Data: won},
		{Kind: "win", Seat: game.Seat(1 - p), Text: fmt.Sprintf("P%d wins: P%d forfeited", 2-p, p+1), Data: won},
	}
}

// turnEvents are the events of turn t played on b, giving next.
func turnEvents(b, next *Board, t Turn) []game.Event {
	p := b.Side
	seat := game.Seat(p)
	if t.Place {
		return []game.Event{{Kind: "place", Seat: seat, Text: fmt.Sprintf("P%d places on %s and %s", p+1, t.Cells[0], t.Cells[1]), Data: Placed{Player: p, Cells: t.Cells}}}
	}
	events := []game.Event{{
		Kind: "move", Seat: seat,
		Text: fmt.Sprintf("P%d worker %d moves %s → %s", p+1, t.Worker+1, t.From, t.To),
		Data: Moved{Player: p, Worker: t.Worker, From: t.From, To: t.To, FromHeight: b.Height[t.From], ToHeight: b.Height[t.To]},
	}}
	if t.Build != NoCell && next.Height[t.Build] != b.Height[t.Build] {
		lvl := next.Height[t.Build]
		text := fmt.Sprintf("P%d builds level %d on %s", p+1, lvl, t.Build)
		if lvl == 4 {
			text = fmt.Sprintf("P%d builds a dome on %s", p+1, t.Build)
		}
		events = append(events, game.Event{Kind: "build", Seat: seat, Text: text, Data: Built{Player: p, Cell: t.Build, Level: lvl}})
	}
	if next.Phase == Over {
		w := next.Winner - 1
		text := fmt.Sprintf("P%d wins: reached level 3", w+1)
		if next.Reason == ReasonNoMoves {
			text = fmt.Sprintf("P%d wins: P%d cannot move", w+1, 2-w)
		}
		events = append(events, game.Event{Kind: "win", Seat: game.Seat(w), Text: text, Data: Won{Player: w, Reason: next.Reason}})
	}
	return events
}
