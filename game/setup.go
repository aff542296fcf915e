package game

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Setup is a match to start: the command line and the set-up screen both
// fill one.
type Setup struct {
	Title Title
	Seats []SeatSpec
	Seed  int64
	// From is a file (a replay or an original move file) whose moves are
	// played first; the match continues from where it stops, under the
	// file's own seed, map and rules.
	From string
	// Out is the replay file to write; the move file goes beside it. Empty
	// means no files.
	Out string
	// Map names the map or level: one of the title's own, or a file's path.
	Map string
	// Options are the title's rule options.
	Options map[string]string
	// Limit is the time each computer player has per move; 0 means none. A
	// player that runs over it gives no move, which the rules penalise.
	Limit time.Duration
	// HumanLimit is the time each person has per move; 0 means none.
	HumanLimit time.Duration
	// Contest sets up the listener of the contest seats (bots that speak
	// their contest's original protocol); Start waits for them to join.
	Contest ContestOptions
}

// Start builds the players and the match, loads the starting file, and
// opens the replay and move file. Call the returned close function when
// the match has ended, to finish the files.
func (s Setup) Start() (*Match, func() error, error) { return s.StartContext(context.Background()) }

// StartContext is Start; ctx ends the wait for the contest seats to join.
func (s Setup) StartContext(ctx context.Context) (*Match, func() error, error) {
	cfg := Config{Seed: s.Seed, Map: s.Map, Options: s.Options}
	var prelude []map[Seat]string
	if s.From != "" {
		rec, err := OpenFile(s.From)
		if err != nil {
			return nil, nil, err
		}
		if rec.Title.ID() != s.Title.ID() {
			return nil, nil, fmt.Errorf("%s: a %s game, not %s", s.From, rec.Title.Name(), s.Title.Name())
		}
		// The loaded moves are the moves of the recording's own game: its
		// seed, map and rules.
		cfg = rec.Header.Config
		for i := 1; i < rec.Timeline.Len(); i++ {
			prelude = append(prelude, rec.Timeline.Frame(i).Moves)
		}
	}
	contest := s.Contest
	contest.Limit = s.Limit
	if s.Out != "" {
		contest.Logs = strings.TrimSuffix(s.Out, filepath.Ext(s.Out))
	}
	lobby, joined, err := OpenLobby(ctx, s.Title, cfg, s.Seats, contest)
	if err != nil {
		return nil, nil, err
	}
	if len(joined) > 0 {
		options := make(map[string]string, len(cfg.Options)+len(joined))
		for _, from := range []map[string]string{cfg.Options, joined} {
			for k, v := range from {
				options[k] = v
			}
		}
		cfg.Options = options
	}
	started := false
	defer func() {
		if lobby != nil && !started {
			lobby.Close()
		}
	}()
	entrants := make([]Entrant, len(s.Seats))
	for i, spec := range s.Seats {
		e := Entrant{Spec: spec}
		if _, _, ok := FindContest(s.Title, spec.Kind); ok {
			e.Player = lobby.Player(Seat(i))
		} else if c, ok := FindConnector(s.Title, spec.Kind); ok {
			logs := ""
			if s.Out != "" {
				logs = fmt.Sprintf("%s.p%d", strings.TrimSuffix(s.Out, filepath.Ext(s.Out)), i+1)
			}
			p, err := c.New(s.Title, spec.Strength, Seat(i), logs)
			if err != nil {
				closeAll(entrants[:i])
				return nil, nil, fmt.Errorf("seat %d (%s): %w", i+1, spec, err)
			}
			e.Player = p
		} else if spec.Kind == "human" {
			e.Player, e.Limit = NewHuman(), s.HumanLimit
			if h, ok := s.Title.(Helped); ok {
				p, err := h.PersonSeat(e.Player.(*Human), Seat(i), NewRand(s.Seed, uint64(i)+1))
				if err != nil {
					closeAll(entrants[:i])
					return nil, nil, fmt.Errorf("seat %d (%s): %w", i+1, spec, err)
				}
				e.Player = p
			}
		} else {
			p, err := s.Title.NewBot(spec.Kind, spec.Strength, Seat(i), NewRand(s.Seed, uint64(i)+1))
			if err != nil {
				closeAll(entrants[:i])
				return nil, nil, fmt.Errorf("seat %d (%s): %w", i+1, spec, err)
			}
			e.Player, e.Limit = p, s.Limit
		}
		entrants[i] = e
	}
	m, err := NewMatch(s.Title, cfg, entrants)
	if err != nil {
		closeAll(entrants)
		return nil, nil, err
	}
	m.Prelude = prelude
	closeFiles := func() error { return nil }
	if s.Out != "" {
		closeFiles, err = m.record(s.Out)
		if err != nil {
			closeAll(entrants)
			return nil, nil, err
		}
	}
	if lobby == nil {
		return m, closeFiles, nil
	}
	started = true
	lobby.Start(m)
	return m, func() error { return errors.Join(lobby.Close(), closeFiles()) }, nil
}

// record opens the replay at path and, for titles with a move file, the move
// file beside it.
func (m *Match) record(path string) (func() error, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("replay folder: %w", err)
	}
	w, err := CreateReplay(path, m.Header())
	if err != nil {
		return nil, err
	}
	m.Replay = w
	var moves *os.File
	if t, ok := m.engine.(Transcriber); ok {
		// Unbuffered: each line is one write, on disk as soon as it is played.
		moves, err = os.Create(TranscriptPath(path, t.TranscriptExt()))
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("create move file: %w", err)
		}
		m.Transcript = moves
	}
	return func() error {
		err := w.Close()
		if moves != nil {
			if cerr := moves.Close(); err == nil {
				err = cerr
			}
		}
		return err
	}, nil
}

// TranscriptPath is where the move file of the replay at path goes: the
// same name with the move file's extension.
func TranscriptPath(path, ext string) string {
	p := strings.TrimSuffix(path, filepath.Ext(path)) + ext
	if p == path {
		p = path + ext
	}
	return p
}

// closeAll ends the players that hold resources, such as external programs.
func closeAll(entrants []Entrant) {
	for _, e := range entrants {
		if c, ok := e.Player.(io.Closer); ok {
			c.Close()
		}
	}
}
