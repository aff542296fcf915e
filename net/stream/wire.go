// Package stream is what crosses the wire between an Arena server and its
// clients: the API's JSON objects, the lines of a match's streams and the
// client that reads them (the server's matches, a match's replay, a live
// match as a growing recording that reconnects by itself, a seat played
// from another machine). It builds for every platform Arena runs on, the
// browser included: nothing here starts processes, listens or reads files.
package stream

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arena-games/arena/game"
)

// The statuses of a match.
const (
	Waiting     = "waiting"     // created; waits for its remote seats to join
	Live        = "live"        // being played
	Finished    = "finished"    // played to its end
	Interrupted = "interrupted" // stopped before its end (its server stopped or died)
)

// The WebSocket subprotocols of a match's streams: Protocol, which the
// server answers, and a token offered beside it as BearerProtocol+TOKEN
// by a browser, which cannot set a WebSocket's Authorization header.
const (
	Protocol       = "arena"
	BearerProtocol = "arena.bearer."
)

// Info is a match as the server lists it.
type Info struct {
	ID      string     `json:"id"`
	Title   string     `json:"title"`
	Status  string     `json:"status"`
	Turn    int        `json:"turn"`
	Seats   []SeatInfo `json:"seats"`
	Winner  int        `json:"winner"`
	Reason  string     `json:"reason,omitempty"`
	Started string     `json:"started"`
	// Spectators is who may watch while it runs: "all", "delayed:N" or
	// "none" (the public sees it at its end; the jury live).
	Spectators string `json:"spectators,omitempty"`
	// Marks is who sees the seats' debug marks: "seats" (each seat its
	// own, the jury all) or "all".
	Marks string `json:"marks,omitempty"`
	// Awaiting are the contest seats (from 1) whose teams' bots a waiting
	// match still waits for, and Deadline (RFC 3339) when it stops
	// waiting and plays without them.
	Awaiting []int  `json:"awaiting,omitempty"`
	Deadline string `json:"deadline,omitempty"`
}

// SeatInfo is one seat of a match.
type SeatInfo struct {
	Seat int    `json:"seat"` // from 1
	Kind string `json:"kind"` // "strategist", "process", "remote"
	// Player names who plays it: the name the organisers gave, else a
	// built-in bot's kind and strength ("alphabeta:3"), else the kind
	// ("process"); never a program's command line.
	Player string `json:"player,omitempty"`
	// Token is a remote seat's token, in the answer that creates the match
	// only.
	Token string `json:"token,omitempty"`
	// Joined tells whether a remote seat's player has connected.
	Joined bool `json:"joined,omitempty"`
}

// List is the answer of GET /api/matches.
type List struct {
	Matches []Info `json:"matches"`
}

// CreateRequest is the body of POST /api/matches.
type CreateRequest struct {
	Title string   `json:"title"`
	Seats []string `json:"seats"`
	// Seed is the match's seed; 0 (or none) draws one, which the replay
	// keeps.
	Seed    int64             `json:"seed,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Map     string            `json:"map,omitempty"`
	// Spectators is "all" (the default), "delayed:N" (N turns late) or
	// "none" (shown at the end). A title that hides things from its seats
	// (GuardAIns, AIC21) with a seat played from elsewhere or by a program
	// takes only "none", its default: the jury watches it live with its
	// token.
	Spectators string `json:"spectators,omitempty"`
	// Marks is who sees the seats' debug marks (docs/debug-drawing.md),
	// which may tell a bot's strategy: "seats" (the default: each seat
	// its own, the jury all) or "all" (the spectators too).
	Marks string `json:"marks,omitempty"`
	// Names are the players' names in seat order, as the list of matches
	// shows them ("" or none: a built-in bot's kind and strength, else the
	// seat's kind); at most 64 bytes each.
	Names []string `json:"names,omitempty"`
	// Pace is the least time between two steps, such as "500ms", so that
	// people can follow a match of bots; "" or "0s" plays at once.
	Pace string `json:"pace,omitempty"`
	// Limit is the time a remote seat has per move (default 60s); a late
	// seat gives no move, which the rules penalise.
	Limit string `json:"limit,omitempty"`
	// Logins are, in seat order, the logins with which the teams' own bots
	// take the contest seats on the server's contest listener (AIBG 5.0's
	// username, GuardAIns' player_id), as a tournament's entrants; a
	// zero login for the other seats. Teams are the logins of the night's
	// other teams, which may log in early for their own matches. Neither
	// is ever shown or kept.
	Logins []game.Login `json:"logins,omitempty"`
	Teams  []game.Login `json:"teams,omitempty"`
	// JoinTimeout is how long the contest seats wait for the teams' bots,
	// such as "100s" (the default); then the match plays without those
	// that did not come, as the rules treat a bot that does not answer.
	JoinTimeout string `json:"join_timeout,omitempty"`
}

// Created is the answer of POST /api/matches: the match's id and seats,
// with the remote seats' tokens.
type Created struct {
	ID    string     `json:"id"`
	Seats []SeatInfo `json:"seats"`
}

// Failure is the body of every error the API answers.
type Failure struct {
	Error string `json:"error"`
}

// Control is a message of a seat's stream (or a spectator's) that is not
// a line of the game: the server asks the seat for its move, refuses one,
// says what was wrong with a message, or why nothing comes yet.
type Control struct {
	// Ask is the step the seat is to play next, within MS milliseconds.
	Ask *int  `json:"ask,omitempty"`
	MS  int64 `json:"within_ms,omitempty"`
	// Rejected is the step whose move was refused, with the reason in
	// Error: the seat may try again within its time.
	Rejected *int   `json:"rejected,omitempty"`
	Error    string `json:"error,omitempty"`
	// Wait says why nothing is shown yet, such as a match whose
	// spectators see it at its end.
	Wait string `json:"wait,omitempty"`
}

// Kind is what a line of a stream is.
type Kind int

// The kinds of lines.
const (
	Header   Kind = iota // a replay's header, or a seat stream's
	Step                 // a step of a replay, or a seat's view after a step
	Keyframe             // a replay's keyframe: the state after its step
	Result               // a replay's result
	Ctl                  // a Control
)

// Line is what a line of a stream is, and the step it belongs to: a
// step's number; a keyframe's step; the turns a result counts.
type Line struct {
	Kind Kind
	Step int
	Ctl  Control
}

// shape is the fields that tell the lines apart.
type shape struct {
	Format   json.RawMessage `json:"format"`
	Step     json.RawMessage `json:"step"`
	Keyframe json.RawMessage `json:"keyframe"`
	State    json.RawMessage `json:"state"`
	Result   json.RawMessage `json:"result"`
	Turns    json.RawMessage `json:"turns"`
	Moves    json.RawMessage `json:"moves"`
	View     json.RawMessage `json:"view"`
	Ask      json.RawMessage `json:"ask"`
	Rejected json.RawMessage `json:"rejected"`
	Error    json.RawMessage `json:"error"`
	Wait     json.RawMessage `json:"wait"`
}

// ErrLine is wrapped by the errors of Classify.
var ErrLine = errors.New("not a line of a match's stream")

// Classify tells what a line of a stream is. The lines a server writes
// start with the field that tells them apart ({"step":N,...): those are
// told at a glance; others are read whole.
func Classify(text []byte) (Line, error) {
	if len(text) > game.MaxLine {
		return Line{}, fmt.Errorf("%w: %d bytes; a line is at most %s", ErrLine, len(text), game.FormatSize(game.MaxLine))
	}
	if n, ok := leading(text, `{"step":`); ok {
		return Line{Kind: Step, Step: n}, nil
	}
	if n, ok := leading(text, `{"keyframe":`); ok {
		return Line{Kind: Keyframe, Step: n}, nil
	}
	var s shape
	if err := json.Unmarshal(text, &s); err != nil {
		return Line{}, fmt.Errorf("%w: %w", ErrLine, err)
	}
	number := func(raw json.RawMessage) (int, bool) {
		var n int
		return n, raw != nil && json.Unmarshal(raw, &n) == nil && n >= 0
	}
	switch {
	case s.Format != nil:
		return Line{Kind: Header}, nil
	case s.Ask != nil || s.Rejected != nil || s.Error != nil || s.Wait != nil:
		var c Control
		if err := json.Unmarshal(text, &c); err != nil {
			return Line{}, fmt.Errorf("%w: %w", ErrLine, err)
		}
		l := Line{Kind: Ctl, Ctl: c}
		if c.Ask != nil {
			l.Step = *c.Ask
		} else if c.Rejected != nil {
			l.Step = *c.Rejected
		}
		return l, nil
	}
	if n, ok := number(s.Step); ok && (s.Moves != nil || s.View != nil) {
		return Line{Kind: Step, Step: n}, nil
	}
	if n, ok := number(s.Keyframe); ok && s.State != nil {
		return Line{Kind: Keyframe, Step: n}, nil
	}
	if n, ok := number(s.Turns); s.Result != nil && (ok || s.Turns == nil) {
		return Line{Kind: Result, Step: n}, nil
	}
	return Line{}, fmt.Errorf("%w: expected a header, a step, a keyframe, a result or a control message", ErrLine)
}

// leading reads a line that starts with prefix, a number and a comma, as
// the server writes its steps and keyframes; the rest is not checked here
// (the game's follower reads it).
func leading(text []byte, prefix string) (int, bool) {
	if len(text) < len(prefix)+2 || string(text[:len(prefix)]) != prefix {
		return 0, false
	}
	n := 0
	for i, c := range text[len(prefix):] {
		switch {
		case c >= '0' && c <= '9' && i < 9:
			n = n*10 + int(c-'0')
		case c == ',' && i > 0:
			return n, true
		default:
			return 0, false
		}
	}
	return 0, false
}
