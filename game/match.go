package game

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"sync"
	"time"
)

// Entrant is who plays one seat of a match.
type Entrant struct {
	Spec SeatSpec
	// Name is the player's name as people know it (a tournament's
	// entrant, a team); "" when its seat's spec is all there is.
	Name   string
	Player Player
	// Limit is the time allowed per move; 0 means no limit. A player that
	// does not answer in time gives the empty move, which the engine
	// penalises as its rules say.
	Limit time.Duration
	// Held is the time per move a contest's protocol holds the seat to
	// (its server times the bot out itself); the replay records it as the
	// seat's limit where Limit is 0.
	Held time.Duration
	// Refusals bounds how many of a Retrier's moves are refused in one
	// ask: past it, its next move goes to the engine unchecked, which
	// penalises an illegal one as its rules say. 0 means no bound (a
	// person at this machine).
	Refusals int
}

// Match plays one game: it asks the seats to move, steps the engine, and
// fills the timeline, the replay and the move file. It runs off the render
// goroutine, so a slow bot never freezes a frame.
type Match struct {
	Title    Title
	Config   Config
	Seats    []Entrant
	Timeline *Timeline
	// Prelude holds moves to play before the seats are asked, such as the
	// lines of a loaded move file; they are recorded as loaded.
	Prelude []map[Seat]string
	// PreludeNotes, when set, are the notes of the prelude's steps, in
	// step order: what the players of a replay taken over thought.
	PreludeNotes []map[Seat]Notes
	// PreludeTook, when set, are the seats' times of the prelude's steps.
	PreludeTook []map[Seat]time.Duration
	// Origin, when the prelude continues a replay, names it for the
	// match's own replay.
	Origin *Origin
	// Replay, Transcript and Pace are optional.
	Replay     *ReplayWriter
	Transcript io.Writer
	Pace       *Pacer
	// Watch, when set, is called from the match's goroutine with the
	// engine and the newest frame: once when Run starts, then after each
	// step is recorded. A server publishes what each seat may see with it
	// (Fogged.SeatView). Its error stops the match.
	Watch func(eng Engine, f Frame) error

	engine Engine
}

// NewMatch starts an engine for t with cfg and a timeline at its first frame.
func NewMatch(t Title, cfg Config, seats []Entrant) (*Match, error) {
	if len(seats) != t.Seats() {
		return nil, fmt.Errorf("%s needs %d seats, got %d", t.Name(), t.Seats(), len(seats))
	}
	cfg.Seats = len(seats)
	eng, cfg, err := newEngine(t, cfg)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", t.Name(), err)
	}
	first := eng.Frame()
	first.Turn = 0
	return &Match{Title: t, Config: cfg, Seats: seats, Timeline: NewTimeline(first, true), engine: eng}, nil
}

// Header describes the match for its replay.
func (m *Match) Header() Header {
	h := Header{Format: ReplayFormat, Version: ReplayVersion, Title: m.Title.ID(), Config: m.Config, Origin: m.Origin}
	named, limited := false, false
	for _, e := range m.Seats {
		h.Seats = append(h.Seats, e.Spec.String())
		named = named || e.Name != ""
		limited = limited || e.Limit > 0 || e.Held > 0
	}
	if limited {
		for _, e := range m.Seats {
			h.LimitMS = append(h.LimitMS, cmp.Or(e.Limit, e.Held).Milliseconds())
		}
	}
	if named {
		for _, e := range m.Seats {
			h.Players = append(h.Players, cmp.Or(e.Name, e.Spec.String()))
		}
	}
	return h
}

// Recording is the match as something to watch; it grows while the match runs.
func (m *Match) Recording() *Recording {
	return &Recording{Title: m.Title, Header: m.Header(), Timeline: m.Timeline, Source: "live match"}
}

// Run plays the match to its end, or until ctx is done. It finishes the
// timeline and the replay either way.
func (m *Match) Run(ctx context.Context) (Result, error) {
	defer m.Timeline.Finish()
	defer m.closePlayers()
	if m.Watch != nil {
		if err := m.Watch(m.engine, m.Timeline.Last()); err != nil {
			return Result{}, err
		}
	}
	for i, moves := range m.Prelude {
		if m.engine.Over() {
			return Result{}, fmt.Errorf("loaded step %d: the game is already over", i+1)
		}
		var notes map[Seat]Notes
		if i < len(m.PreludeNotes) {
			notes = m.PreludeNotes[i]
		}
		var took map[Seat]time.Duration
		if i < len(m.PreludeTook) {
			took = m.PreludeTook[i]
		}
		if err := m.play(moves, notes, took, true); err != nil {
			return Result{}, fmt.Errorf("loaded step %d: %w", i+1, err)
		}
	}
	for !m.engine.Over() {
		seats := m.engine.ToMove()
		moves, notes, took, err := m.ask(ctx, seats)
		if err != nil {
			return Result{}, err
		}
		if m.Pace != nil && m.anyComputer(seats) {
			m.Timeline.SetPending(&Frame{Turn: m.Timeline.Len(), Moves: moves, Notes: notes})
			if err := m.Pace.Wait(ctx); err != nil {
				return Result{}, err
			}
		}
		if err := m.play(moves, notes, took, false); err != nil {
			return Result{}, err
		}
	}
	res := m.engine.Result()
	if m.Replay != nil {
		if err := m.Replay.Finish(res, m.Timeline.Len()-1); err != nil {
			return res, err
		}
	}
	return res, nil
}

// play steps the engine and records the step everywhere.
func (m *Match) play(moves map[Seat]string, notes map[Seat]Notes, took map[Seat]time.Duration, loaded bool) error {
	f, err := advance(m.Timeline, m.engine, moves, notes, took)
	if err != nil {
		return err
	}
	if t, ok := m.engine.(Transcriber); ok && m.Transcript != nil {
		if line := t.TranscriptLine(); line != "" {
			if _, err := io.WriteString(m.Transcript, line+"\n"); err != nil {
				return fmt.Errorf("write move file: %w", err)
			}
		}
	}
	if m.Replay != nil {
		if err := m.Replay.Step(f, took, loaded); err != nil {
			return err
		}
		if m.Replay.WantsKeyframe(f.Turn) {
			state, err := m.engine.State()
			if err != nil {
				return fmt.Errorf("keyframe %d: %w", f.Turn, err)
			}
			if err := m.Replay.Keyframe(f.Turn, state); err != nil {
				return err
			}
		}
	}
	if m.Watch != nil {
		return m.Watch(m.engine, f)
	}
	return nil
}

// ask collects one move from each seat, all seats at once.
func (m *Match) ask(ctx context.Context, seats []Seat) (map[Seat]string, map[Seat]Notes, map[Seat]time.Duration, error) {
	type answer struct {
		seat  Seat
		move  string
		notes *Notes
		took  time.Duration
		err   error
	}
	out := make(chan answer, len(seats))
	var wg sync.WaitGroup
	for _, s := range seats {
		obs := m.engine.Observe(s)
		e := m.Seats[s]
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			a, err := m.answer(ctx, s, e, obs)
			out <- answer{seat: s, move: a.Move, notes: a.Notes, took: time.Since(start), err: err}
		}()
	}
	wg.Wait()
	close(out)
	moves := make(map[Seat]string, len(seats))
	var notes map[Seat]Notes
	took := make(map[Seat]time.Duration, len(seats))
	for a := range out {
		if a.err != nil && ctx.Err() != nil {
			return nil, nil, nil, ctx.Err()
		}
		moves[a.seat] = a.move // "" when the player failed or ran out of time
		took[a.seat] = a.took
		if a.notes != nil {
			if notes == nil {
				notes = map[Seat]Notes{}
			}
			notes[a.seat] = *a.notes
		}
	}
	return moves, notes, took, nil
}

// A Retrier is a player that may try again after an illegal move, within
// the time of its turn: a person at this machine, a server's remote seat.
// When the engine can check moves, the match tells it why a move was
// refused with Reject and asks it again.
type Retrier interface {
	Player
	Reject(err error)
}

// answer asks one seat, within its time limit. People and remote seats are
// asked again after an illegal move, when the engine can check moves, up
// to the seat's bound of refusals.
func (m *Match) answer(ctx context.Context, s Seat, e Entrant, obs any) (Answer, error) {
	if e.Limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.Limit)
		defer cancel()
	}
	retrier, retries := e.Player.(Retrier)
	checker, canCheck := m.engine.(Checker)
	for refused := 0; ; refused++ {
		a, err := e.Player.Play(ctx, obs)
		if err != nil {
			return Answer{}, err
		}
		if retries && canCheck && (e.Refusals == 0 || refused < e.Refusals) {
			if err := checker.Check(s, a.Move); err != nil {
				retrier.Reject(fmt.Errorf("%w: %w", ErrRejected, err))
				continue
			}
		}
		return a, nil
	}
}

func (m *Match) anyComputer(seats []Seat) bool {
	for _, s := range seats {
		if _, ok := m.IsHuman(s); !ok {
			return true
		}
	}
	return false
}

func (m *Match) closePlayers() { closeAll(m.Seats) }

// IsHuman reports whether seat s is played by a person at this machine.
func (m *Match) IsHuman(s Seat) (*Human, bool) {
	if int(s) < 0 || int(s) >= len(m.Seats) {
		return nil, false
	}
	switch p := m.Seats[s].Player.(type) {
	case *Human:
		return p, true
	case interface{ Person() *Human }:
		return p.Person(), true
	}
	return nil, false
}
