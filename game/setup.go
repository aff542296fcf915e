package game

import (
	"cmp"
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
	// Names are the seats' players by name (a tournament's entrants), in
	// seat order; none: their specs name them.
	Names []string
	Seed  int64
	// From is a file (a replay or an original move file) whose moves are
	// played first; the match continues from where it stops, under the
	// file's own seed, map and rules.
	From string
	// FromTurn is the turn of From to continue from; nil: its last.
	FromTurn *int
	// FromRecording is From already read (a viewer's game); nil: Start
	// reads From. Either names the origin of the match's replay.
	FromRecording *Recording
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
	// Given are the players the caller makes itself for some seats, with
	// their time per move and bound of refusals, such as a server's remote
	// seats; the other seats' players are made from their specs.
	Given map[Seat]Entrant
}

// Start builds the players and the match, loads the starting file, and
// opens the replay and move file. Call the returned close function when
// the match has ended, to finish the files (see Outputs.Close). An output
// that would land on one of the match's input files is refused before
// anything is written or started.
func (s Setup) Start() (*Match, func() error, error) { return s.StartContext(context.Background()) }

// StartContext is Start; ctx ends the wait for the contest seats to join.
func (s Setup) StartContext(ctx context.Context) (*Match, func() error, error) {
	cfg := Config{Seed: s.Seed, Map: s.Map, Options: s.Options}
	var prelude []map[Seat]string
	var notes []map[Seat]Notes
	var took []map[Seat]time.Duration
	var origin *Origin
	if s.From != "" || s.FromRecording != nil {
		rec, steps, turn, err := s.Continued()
		if err != nil {
			return nil, nil, err
		}
		// The loaded moves are the moves of the recording's own game: its
		// seed, map and rules.
		cfg = rec.Header.Config
		for _, st := range steps {
			prelude = append(prelude, st.Moves)
			notes = append(notes, st.Notes)
			took = append(took, st.Took)
		}
		origin = &Origin{Replay: cmp.Or(s.From, rec.File), Turn: turn}
	}
	if len(s.Names) > 0 && len(s.Names) != len(s.Seats) {
		return nil, nil, fmt.Errorf("%d names for %d seats", len(s.Names), len(s.Seats))
	}
	entrants := make([]Entrant, len(s.Seats))
	for i, spec := range s.Seats {
		entrants[i].Spec = spec
		if len(s.Names) > 0 {
			entrants[i].Name = s.Names[i]
		}
	}
	m, err := NewMatch(s.Title, cfg, entrants)
	if err != nil {
		return nil, nil, err
	}
	if err := CheckOutputs(s.inputs(m.Config), s.outputs(m)); err != nil {
		return nil, nil, err
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
	started := false
	defer func() {
		if lobby != nil && !started {
			lobby.Close()
		}
	}()
	if len(joined) > 0 {
		// The contest bots' logins name their seats: the game starts with them.
		options := make(map[string]string, len(cfg.Options)+len(joined))
		for _, from := range []map[string]string{cfg.Options, joined} {
			for k, v := range from {
				options[k] = v
			}
		}
		cfg.Options = options
		if m, err = NewMatch(s.Title, cfg, entrants); err != nil {
			return nil, nil, err
		}
	}
	m.Prelude, m.PreludeNotes, m.PreludeTook, m.Origin = prelude, notes, took, origin
	for i, spec := range s.Seats {
		e := &m.Seats[i]
		if g, ok := s.Given[Seat(i)]; ok {
			e.Player, e.Limit, e.Refusals = g.Player, g.Limit, g.Refusals
		} else if _, _, ok := FindContest(s.Title, spec.Kind); ok {
			e.Player, e.Held = lobby.Player(Seat(i)), s.Limit
		} else if c, ok := FindConnector(s.Title, spec.Kind); ok {
			p, err := c.New(s.Title, spec.Strength, Seat(i), s.logs(i))
			if err != nil {
				closeAll(m.Seats[:i])
				return nil, nil, fmt.Errorf("seat %d (%s): %w", i+1, spec, err)
			}
			e.Player = p
		} else if spec.Kind == "human" {
			e.Player, e.Limit = NewHuman(), s.HumanLimit
			if h, ok := s.Title.(Helped); ok {
				p, err := h.PersonSeat(e.Player.(*Human), Seat(i), NewRand(s.Seed, uint64(i)+1))
				if err != nil {
					closeAll(m.Seats[:i])
					return nil, nil, fmt.Errorf("seat %d (%s): %w", i+1, spec, err)
				}
				e.Player = p
			}
		} else {
			p, err := s.Title.NewBot(spec.Kind, spec.Strength, Seat(i), NewRand(s.Seed, uint64(i)+1))
			if err != nil {
				closeAll(m.Seats[:i])
				return nil, nil, fmt.Errorf("seat %d (%s): %w", i+1, spec, err)
			}
			e.Player, e.Limit = p, s.Limit
		}
	}
	closeFiles := func() error { return nil }
	if s.Out != "" {
		closeFiles, err = m.record(s.Out, false)
		if err != nil {
			closeAll(m.Seats)
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

// Continued reads the game that the match continues (From, or
// FromRecording) and returns it with its moves up to FromTurn
// (Recording.StepsTo) and that turn. Its errors name the file and what was
// expected.
func (s Setup) Continued() (rec *Recording, steps []Step, turn int, err error) {
	rec = s.FromRecording
	if rec == nil {
		if rec, err = OpenFile(s.From); err != nil {
			return nil, nil, 0, err
		}
	}
	name := cmp.Or(s.From, rec.File, "the game")
	if rec.Title.ID() != s.Title.ID() {
		return nil, nil, 0, fmt.Errorf("%s: a %s game, expected one of %s", name, rec.Title.Name(), s.Title.Name())
	}
	turn = -1
	if s.FromTurn != nil {
		if turn = *s.FromTurn; turn < 0 {
			return nil, nil, 0, fmt.Errorf("turn %d: expected a turn of %s from 0", turn, name)
		}
	}
	steps, turn, err = rec.StepsTo(turn)
	return rec, steps, turn, err
}

// inputs are the files the match reads: the file it continues from and the
// user's files its engine read (cfg.Files).
func (s Setup) inputs(cfg Config) []NamedPath {
	var in []NamedPath
	if s.From != "" {
		in = append(in, NamedPath{"--from", s.From})
	}
	for _, p := range cfg.InputPaths() {
		name := "an input of the match"
		switch {
		case p == cfg.Map:
			name = "--map"
		case p == cfg.Options["levels"]:
			name = "--levels"
		case p == cfg.Options["config"]:
			name = "--config"
		}
		in = append(in, NamedPath{name, p})
	}
	return in
}

// outputs are the files the match writes: the replay, the move file beside
// it, and the outside players' logs.
func (s Setup) outputs(m *Match) []NamedPath {
	if s.Out == "" {
		return nil
	}
	out := []NamedPath{{"--out", s.Out}}
	if t, ok := m.engine.(Transcriber); ok {
		out = append(out, NamedPath{"the move file beside the replay", TranscriptPath(s.Out, t.TranscriptExt())})
	}
	for i, spec := range s.Seats {
		if _, ok := FindConnector(s.Title, spec.Kind); ok {
			out = append(out, NamedPath{fmt.Sprintf("seat %d's log", i+1), s.logs(i) + ".stderr.log"})
		}
	}
	return out
}

// logs is the path, without an extension, of seat i's own log files beside
// the replay, or "" when the match writes no replay.
func (s Setup) logs(i int) string {
	if s.Out == "" {
		return ""
	}
	return fmt.Sprintf("%s.p%d", strings.TrimSuffix(s.Out, filepath.Ext(s.Out)), i+1)
}

// record opens the replay at path and, for titles with a move file, the move
// file beside it, each under a temporary name until the returned function
// closes them (Outputs.Close; with always, they take their paths even
// when the game is unfinished).
func (m *Match) record(path string, always bool) (func() error, error) {
	w, err := CreateReplay(path, m.Header())
	if err != nil {
		return nil, err
	}
	m.Replay = w
	var out Outputs
	out.Add(w)
	if always {
		out.finished = nil
	}
	if t, ok := m.engine.(Transcriber); ok {
		// Unbuffered: each line is one write, on disk as soon as it is played.
		moves, err := CreateAtomic(TranscriptPath(path, t.TranscriptExt()))
		if err != nil {
			w.end(false)
			os.Remove(w.TempPath())
			return nil, fmt.Errorf("create move file: %w", err)
		}
		m.Transcript = moves
		out.AddFile(moves)
	}
	return out.Close, nil
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
