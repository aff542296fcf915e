package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// A seat's stream is what one seat of a match may see, line by line, for a
// title that hides part of the game from its seats (a Fogged title): a
// server sends it to the seat's player instead of the replay, whose moves
// would tell everything. Its first line is a SeatHeader; then one SeatStep
// for the start (step 0) and one after each step, the last with the result.
const (
	SeatFormat  = "arena-seat"
	SeatVersion = 1
)

// A Fogged title hides part of the game from its seats (GuardAIns' fog of
// war, AIC21's team view). Its rule knowledge says what a seat may see and
// how to draw it.
type Fogged interface {
	// SeatView is what seat s may know of eng's game now, as one JSON
	// value: built from what Engine.Observe gives the seat, so that no
	// byte of it tells what the seat's view hides.
	SeatView(eng Engine, s Seat) ([]byte, error)
	// NewSeatView starts reading seat s's views into frames. options are
	// the match's rule options (never its seed, map or files).
	NewSeatView(s Seat, options map[string]string) (SeatView, error)
}

// A SeatView makes frames of one seat's views, in order, remembering what
// the seat saw before.
type SeatView interface {
	// Frame reads the view after a step (its title's JSON) with the move
	// the seat made in that step ("" at the start), and returns the frame
	// to draw: the title's State as far as the seat knows it, and the
	// events it saw. res is the result when the game ended with this step.
	Frame(view []byte, move string, res *Result) (Frame, error)
	// Observe is what the seat's player may know now, as Engine.Observe
	// gives it, for a bot that plays the seat from its stream.
	Observe() any
}

// SeatHeader is the first line of a seat's stream: what the seat may know
// of the match before it starts.
type SeatHeader struct {
	Format  string            `json:"format"`
	Version int               `json:"version"`
	Title   string            `json:"title"`
	Seat    int               `json:"seat"` // the seat's number, from 1
	Seats   []string          `json:"seats"`
	Options map[string]string `json:"options,omitempty"`
	Created string            `json:"created,omitempty"`
}

// SeatStep is one line of a seat's stream after the header: what the
// seat saw after step Step (0: the start).
type SeatStep struct {
	Step   int             `json:"step"`
	View   json.RawMessage `json:"view"`
	Move   string          `json:"move,omitempty"`    // the seat's own move in this step
	Notes  *Notes          `json:"notes,omitempty"`   // the seat's own notes of its move: its debug marks
	ToMove []int           `json:"to_move,omitempty"` // the seats to move next, from 1
	Result *Result         `json:"result,omitempty"`  // set when the game ended
}

// privateOptions are the rule options that name the match's files: a seat
// never learns them.
var privateOptions = []string{"levels", "config"}

// NewSeatHeader is the header of seat s's stream of a match of t with
// config cfg and seat specs: its title, seats and rule options, without
// the seed, the map or the files that would tell the hidden parts.
func NewSeatHeader(t Title, cfg Config, seats []string, s Seat) SeatHeader {
	var opts map[string]string
	for k, v := range cfg.Options {
		if !slices.Contains(privateOptions, k) {
			if opts == nil {
				opts = map[string]string{}
			}
			opts[k] = v
		}
	}
	return SeatHeader{Format: SeatFormat, Version: SeatVersion, Title: t.ID(), Seat: s.Number(), Seats: seats,
		Options: opts, Created: time.Now().UTC().Format(time.RFC3339)}
}

// NewSeatStep is the line of a seat's stream for frame f of a match: the
// seat's view from the title, its own move, who moves next and the result.
func NewSeatStep(fog Fogged, eng Engine, f Frame, s Seat) (SeatStep, error) {
	view, err := fog.SeatView(eng, s)
	if err != nil {
		return SeatStep{}, fmt.Errorf("seat %d's view of turn %d: %w", s.Number(), f.Turn, err)
	}
	st := SeatStep{Step: f.Turn, View: view, Move: f.Moves[s]}
	if n, ok := f.Notes[s]; ok {
		st.Notes = &n
	}
	for _, m := range f.ToMove {
		st.ToMove = append(st.ToMove, m.Number())
	}
	if f.Over {
		res := f.Result
		st.Result = &res
	}
	return st, nil
}

// SeatFollower reads a seat's stream, line by line, into a recording of
// the game as the seat saw it.
type SeatFollower struct {
	header SeatHeader
	rec    *Recording
	view   SeatView
	next   int
	done   bool
}

// FollowSeat starts reading a seat's stream from its header line.
func FollowSeat(header []byte) (*SeatFollower, error) {
	if len(header) > MaxLine {
		return nil, fmt.Errorf("header: %d bytes; a line is at most %s", len(header), FormatSize(MaxLine))
	}
	var h SeatHeader
	if err := json.Unmarshal(header, &h); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	if h.Format != SeatFormat {
		return nil, fmt.Errorf("header: format %q, expected %q", h.Format, SeatFormat)
	}
	if h.Version > SeatVersion || h.Version < 1 {
		return nil, fmt.Errorf("header: seat stream version %d; this Arena reads version %d: update Arena", h.Version, SeatVersion)
	}
	t, err := Lookup(h.Title)
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	fog, ok := t.(Fogged)
	if !ok {
		return nil, fmt.Errorf("header: %s hides nothing from its seats: its seats read the replay", t.Name())
	}
	if h.Seat < 1 || h.Seat > t.Seats() || len(h.Seats) != t.Seats() {
		return nil, fmt.Errorf("header: seat %d of %d seats; %s has %d", h.Seat, len(h.Seats), t.Name(), t.Seats())
	}
	v, err := fog.NewSeatView(Seat(h.Seat-1), h.Options)
	if err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	cfg := Config{Seats: t.Seats(), Options: h.Options}
	hd := Header{Format: ReplayFormat, Version: ReplayVersion, Title: t.ID(), Config: cfg, Seats: h.Seats, Created: h.Created}
	return &SeatFollower{header: h, rec: &Recording{Title: t, Header: hd, Source: fmt.Sprintf("Arena server · seat %d's view", h.Seat)}, view: v}, nil
}

// Seat is the seat whose stream this is.
func (f *SeatFollower) Seat() Seat { return Seat(f.header.Seat - 1) }

// Recording is the game so far as the seat saw it; nil before the first
// view.
func (f *SeatFollower) Recording() *Recording {
	if f.rec.Timeline == nil {
		return nil
	}
	return f.rec
}

// Turn is the last step read: -1 before the first view.
func (f *SeatFollower) Turn() int { return f.next - 1 }

// Done reports whether the view with the result has been read.
func (f *SeatFollower) Done() bool { return f.done }

// Observe is what the seat's player may know now.
func (f *SeatFollower) Observe() any { return f.view.Observe() }

// Line reads the next line: the view after the next step.
func (f *SeatFollower) Line(text []byte) error {
	if f.done {
		return fmt.Errorf("line after the result: %w", ErrAfterResult)
	}
	if len(text) > MaxLine {
		return fmt.Errorf("a line of %d bytes; a line is at most %s", len(text), FormatSize(MaxLine))
	}
	var st SeatStep
	if err := json.Unmarshal(text, &st); err != nil {
		return err
	}
	if st.Step != f.next {
		return fmt.Errorf("step %d out of order: expected step %d", st.Step, f.next)
	}
	if len(st.View) == 0 {
		return fmt.Errorf(`step %d: expected "view"`, st.Step)
	}
	fr, err := f.view.Frame(st.View, st.Move, st.Result)
	if err != nil {
		return fmt.Errorf("step %d: %w", st.Step, err)
	}
	fr.Turn = st.Step
	fr.ToMove = nil
	for _, n := range st.ToMove {
		if n < 1 || n > f.rec.Title.Seats() {
			return fmt.Errorf("step %d: to_move: seat %d of %d", st.Step, n, f.rec.Title.Seats())
		}
		fr.ToMove = append(fr.ToMove, Seat(n-1))
	}
	slices.Sort(fr.ToMove)
	fr.ToMove = slices.Compact(fr.ToMove)
	if st.Step > 0 {
		fr.Moves = map[Seat]string{f.Seat(): st.Move}
		if st.Notes != nil {
			fr.Notes = map[Seat]Notes{f.Seat(): *st.Notes}
		}
	}
	if st.Result != nil {
		fr.Over, fr.Result = true, *st.Result
		fr.ToMove = nil
		f.done = true
	}
	if f.rec.Timeline == nil {
		f.rec.Timeline = NewTimeline(fr, true)
	} else {
		f.rec.Timeline.Append(fr)
	}
	if f.done {
		f.rec.Timeline.Finish()
	}
	f.next++
	return nil
}
