package game

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// A Player chooses moves for one seat: a person at this machine, a built-in
// bot, an external bot process or a remote player.
type Player interface {
	// Play answers with a move for the observation obs (from
	// Engine.Observe). It returns when ctx is done, with ctx's error.
	Play(ctx context.Context, obs any) (Answer, error)
}

// Answer is a player's move, with what it thought when choosing it.
type Answer struct {
	Move  string
	Notes *Notes
}

// ErrRejected is wrapped by the errors that a Human gets back for an illegal
// move; the person tries again.
var ErrRejected = errors.New("move rejected")

// Human is a person at this machine. The viewer turns clicks into moves and
// hands them over with Submit.
type Human struct {
	moves    chan string
	rejected chan error
	waiting  chan struct{}
	deadline atomic.Int64 // when the current move is due, in Unix nanoseconds; 0: no limit
}

var _ Retrier = (*Human)(nil)

// NewHuman makes a seat for a person.
func NewHuman() *Human {
	return &Human{moves: make(chan string, 1), rejected: make(chan error, 1), waiting: make(chan struct{}, 1)}
}

// Play waits for the person's move.
func (h *Human) Play(ctx context.Context, obs any) (Answer, error) {
	due := int64(0)
	if d, ok := ctx.Deadline(); ok {
		due = d.UnixNano()
	}
	h.deadline.Store(due)
	select {
	case h.waiting <- struct{}{}:
	default:
	}
	defer func() {
		select {
		case <-h.waiting:
		default:
		}
	}()
	select {
	case m := <-h.moves:
		return Answer{Move: m}, nil
	case <-ctx.Done():
		return Answer{}, ctx.Err()
	}
}

// Deadline is when the move being waited for is due, if there is a limit.
func (h *Human) Deadline() (time.Time, bool) {
	d := h.deadline.Load()
	return time.Unix(0, d), d != 0
}

// Waiting reports whether the match is waiting for this person's move.
func (h *Human) Waiting() bool { return len(h.waiting) > 0 }

// Submit hands over the person's move. It reports false when no move is
// being waited for or one is already on its way.
func (h *Human) Submit(move string) bool {
	if !h.Waiting() {
		return false
	}
	select {
	case h.moves <- move:
		return true
	default:
		return false
	}
}

// Reject tells the person that the move was illegal; the match asks again.
func (h *Human) Reject(err error) {
	select {
	case h.rejected <- err:
	default:
	}
}

// Rejected returns the last rejection not yet shown, or nil.
func (h *Human) Rejected() error {
	select {
	case err := <-h.rejected:
		return err
	default:
		return nil
	}
}

// SeatSpec is how a seat is written on the command line: "human",
// "alphabeta:4", "competitive:1s".
type SeatSpec struct {
	Kind     string
	Strength string
}

func (s SeatSpec) String() string {
	if s.Strength == "" {
		return s.Kind
	}
	return s.Kind + ":" + s.Strength
}

// ParseSeats reads a comma-separated seat list such as "human,alphabeta:4"
// for title t.
func ParseSeats(t Title, list string) ([]SeatSpec, error) {
	parts := strings.Split(list, ",")
	if len(parts) != t.Seats() {
		return nil, fmt.Errorf("--seats %q: %s has %d seats, got %d", list, t.Name(), t.Seats(), len(parts))
	}
	specs := make([]SeatSpec, len(parts))
	for i, p := range parts {
		spec, err := ParseSeat(t, p)
		if err != nil {
			return nil, fmt.Errorf("--seats: seat %d: %w", i+1, err)
		}
		specs[i] = spec
	}
	return specs, nil
}

// ParseSeat reads one seat of title t, such as "alphabeta:4": a person, a
// built-in bot (its default strength when none is given) or a connector's
// kind with its settings.
func ParseSeat(t Title, text string) (SeatSpec, error) {
	kind, strength, _ := strings.Cut(strings.TrimSpace(text), ":")
	kind = strings.ToLower(kind)
	if kind == "human" {
		if strength != "" {
			return SeatSpec{}, fmt.Errorf("human takes no strength (got %q)", text)
		}
		return SeatSpec{Kind: kind}, nil
	}
	if _, k, ok := FindContest(t, kind); ok {
		if k.Bare() != (strength == "") {
			return SeatSpec{}, fmt.Errorf("a %s seat is written %s (got %q)", kind, k.Usage, text)
		}
		return SeatSpec{Kind: kind, Strength: strings.TrimSpace(strength)}, nil
	}
	if c, ok := FindConnector(t, kind); ok {
		if strength == "" {
			return SeatSpec{}, fmt.Errorf("%s needs its settings: %s", kind, c.Usage)
		}
		return SeatSpec{Kind: kind, Strength: strings.TrimSpace(strength)}, nil
	}
	bot, ok := FindBot(t, kind)
	if !ok {
		return SeatSpec{}, fmt.Errorf("unknown player %q for %s (known: human%s)", kind, t.Name(), botKinds(t))
	}
	if strength == "" {
		strength = bot.Default
	}
	return SeatSpec{Kind: kind, Strength: strength}, nil
}

// FindBot finds a title's computer player by kind.
func FindBot(t Title, kind string) (Bot, bool) {
	for _, b := range t.Bots() {
		if b.Kind == kind {
			return b, true
		}
	}
	return Bot{}, false
}

func botKinds(t Title) string {
	var b strings.Builder
	for _, bot := range t.Bots() {
		b.WriteString(", " + bot.Kind)
	}
	for _, c := range connectorsOf(t) {
		b.WriteString(", " + c.Kind)
	}
	for _, k := range ContestKinds(t) {
		b.WriteString(", " + k.Kind)
	}
	return b.String()
}

// A Connector makes players that live outside Arena's process: external
// bot programs, remote players. The packages under net/ make them, and a
// program's Catalog lists them.
type Connector struct {
	Kind  string // the seat kind: "engine"
	About string // one line for people
	Usage string // how its seat is written: "engine:TIME:COMMAND"
	// Serves reports whether the connector can play title t.
	Serves func(t Title) bool
	// New starts a player from the seat's settings (what follows
	// "kind:" in the seat list). logs is the path, without an extension,
	// for the player's own log files beside the replay (such as a bot's
	// stderr), or "" when the match writes no replay.
	New func(t Title, settings string, seat Seat, logs string) (Player, error)
}

// FindConnector finds the connector of a seat kind that serves title t.
func FindConnector(t Title, kind string) (Connector, bool) {
	for _, c := range connectorsOf(t) {
		if c.Kind == kind {
			return c, true
		}
	}
	return Connector{}, false
}

// Connectors lists the installed connectors that serve title t.
func Connectors(t Title) []Connector { return connectorsOf(t) }

func connectorsOf(t Title) []Connector {
	var out []Connector
	for _, c := range installed().Connectors {
		if c.Serves(t) {
			out = append(out, c)
		}
	}
	return out
}
