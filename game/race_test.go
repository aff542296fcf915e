package game

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// race is a tiny title for the core's tests: seats take turns adding 1, 2 or
// 3 to a total; whoever reaches the target wins; an illegal move forfeits.
type race struct{}

func (race) ID() string   { return "race" }
func (race) Name() string { return "Race" }
func (race) Seats() int   { return 2 }
func (race) Bots() []Bot {
	return []Bot{{Kind: "counter", About: "adds its strength", Strength: "step", Default: "1", Choices: []string{"1", "2", "3"}},
		{Kind: "sleeper", About: "answers after its strength in ms", Strength: "time", Default: "50"}}
}

func (race) NewBot(kind, strength string, seat Seat, rng *Rand) (Player, error) {
	n, err := strconv.Atoi(strength)
	if err != nil {
		return nil, fmt.Errorf("strength %q: %w", strength, err)
	}
	switch kind {
	case "counter":
		return counter(n), nil
	case "sleeper":
		return sleeper(n), nil
	}
	return nil, fmt.Errorf("no bot %q", kind)
}

func (race) New(cfg Config) (Engine, error) {
	target, err := strconv.Atoi(cfg.Option("target", "60"))
	if err != nil {
		return nil, fmt.Errorf("option target: %w", err)
	}
	if cfg.Map != "" { // a map file holds the target
		data, err := cfg.ReadFile(cfg.Map, Limit{What: "a race map", Max: 64})
		if err != nil {
			return nil, err
		}
		if target, err = strconv.Atoi(strings.TrimSpace(string(data))); err != nil {
			return nil, fmt.Errorf("map %s: %w", cfg.Map, err)
		}
	}
	return &raceEngine{target: target}, nil
}

type raceState struct {
	Total  int `json:"total"`
	ToMove int `json:"to_move"`
	Winner int `json:"winner"`
}

type raceEngine struct {
	target int
	st     raceState
	events []Event
	reason string
}

var (
	_ Checker     = (*raceEngine)(nil)
	_ Transcriber = (*raceEngine)(nil)
)

func (e *raceEngine) Frame() Frame {
	st := e.st
	return Frame{State: &st, Events: e.events, ToMove: e.ToMove()}
}

func (e *raceEngine) ToMove() []Seat {
	if e.Over() {
		return nil
	}
	return []Seat{Seat(e.st.ToMove)}
}

func (e *raceEngine) Check(s Seat, move string) error {
	n, err := strconv.Atoi(move)
	if err != nil || n < 1 || n > 3 {
		return fmt.Errorf("move %q: expected 1, 2 or 3", move)
	}
	return nil
}

func (e *raceEngine) Step(moves map[Seat]string) error {
	s := Seat(e.st.ToMove)
	m, ok := moves[s]
	if !ok || len(moves) != 1 {
		return fmt.Errorf("expected one move from %v", s)
	}
	if err := e.Check(s, m); err != nil {
		e.st.Winner = 2 - e.st.ToMove
		e.reason = "forfeit"
		e.events = []Event{{Kind: "forfeit", Seat: s, Text: err.Error()}}
		return nil
	}
	n, _ := strconv.Atoi(m)
	e.st.Total += n
	e.events = []Event{{Kind: "add", Seat: s, Text: "adds " + m, Data: n}}
	if e.st.Total >= e.target {
		e.st.Winner = e.st.ToMove + 1
		e.reason = "target"
	}
	e.st.ToMove = 1 - e.st.ToMove
	return nil
}

func (e *raceEngine) Over() bool { return e.st.Winner != 0 }

func (e *raceEngine) Result() Result {
	return Result{Winner: e.st.Winner, Ranking: []int{e.st.Winner, 3 - e.st.Winner}, Reason: e.reason}
}

func (e *raceEngine) Observe(s Seat) any { st := e.st; return &st }

func (e *raceEngine) State() ([]byte, error) { return json.Marshal(e.st) }

func (e *raceEngine) TranscriptExt() string { return ".txt" }

func (e *raceEngine) TranscriptLine() string { return e.events[0].Text }

type counter int

func (c counter) Play(ctx context.Context, obs any) (Answer, error) {
	st := obs.(*raceState)
	return Answer{Move: strconv.Itoa(int(c)), Notes: &Notes{Values: map[string]float64{"1": float64(st.Total)}, Text: "counting"}}, nil
}

type sleeper int

func (s sleeper) Play(ctx context.Context, obs any) (Answer, error) {
	select {
	case <-time.After(time.Duration(s) * time.Millisecond):
		return Answer{Move: "1"}, nil
	case <-ctx.Done():
		return Answer{}, ctx.Err()
	}
}
