package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Recording is a game ready to watch: ours re-simulated from a replay file,
// or an original system's format imported as frames.
type Recording struct {
	Title    Title
	Header   Header
	Timeline *Timeline
	// Source names the format the recording was read from.
	Source string
}

// Result is how the recorded game ended, and false when it did not.
func (r *Recording) Result() (Result, bool) {
	last := r.Timeline.Last()
	return last.Result, last.Over
}

// Summary is the one-line JSON that `arena run` and `arena info` print.
type Summary struct {
	Title   string   `json:"title"`
	Seed    int64    `json:"seed"`
	Turns   int      `json:"turns"`
	Winner  int      `json:"winner"`
	Ranking []int    `json:"ranking"`
	Seats   []string `json:"seats"`
	Reason  string   `json:"reason"`
}

// Summary describes the recording as `arena info` prints it.
func (r *Recording) Summary() Summary {
	s := Summary{Title: r.Title.ID(), Seed: r.Header.Config.Seed, Turns: r.Timeline.Len() - 1,
		Seats: r.Header.Seats, Ranking: []int{}, Reason: "unfinished"}
	if s.Seats == nil {
		s.Seats = []string{}
	}
	if res, ok := r.Result(); ok {
		s.Winner, s.Reason = res.Winner, res.Reason
		if res.Ranking != nil {
			s.Ranking = res.Ranking
		}
	}
	return s
}

// JSON is the summary as one line of JSON.
func (s Summary) JSON() string {
	b, _ := json.Marshal(s)
	return string(b)
}

// An Importer reads one format of an original system into a recording.
type Importer struct {
	Name   string // "Santorini move file"
	Detect func(name string, data []byte) bool
	Import func(name string, data []byte) (*Recording, error)
}

var importers registry[Importer]

// RegisterImporter makes a format openable by `arena replay` and `arena info`.
func RegisterImporter(im Importer) { importers.add(im) }

// OpenFile reads any replay Arena can read.
func OpenFile(path string) (*Recording, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open replay: %w", err)
	}
	return Open(path, data)
}

// Open reads any replay Arena can read from data; name is used in errors.
func Open(name string, data []byte) (*Recording, error) {
	if IsReplay(data) {
		// A gzipped file of an original system (such as AIC21's log.json)
		// goes to its importer; the rest are our replays.
		for _, im := range importers.all() {
			if im.Detect(name, data) {
				return im.Import(name, data)
			}
		}
		r, err := ReadReplay(name, data)
		if err != nil {
			return nil, err
		}
		rec, err := r.Simulate()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return rec, nil
	}
	var names []string
	for _, im := range importers.all() {
		if im.Detect(name, data) {
			return im.Import(name, data)
		}
		names = append(names, im.Name)
	}
	return nil, fmt.Errorf("%s: not a replay Arena can read: expected an Arena replay (.arena) or one of: %s",
		name, strings.Join(names, ", "))
}

// Simulate re-plays the recorded steps on a fresh engine and checks every
// keyframe against it.
func (r *Replay) Simulate() (*Recording, error) {
	t, err := Lookup(r.Header.Title)
	if err != nil {
		return nil, err
	}
	rec, eng, err := Play(t, r.Header, nil)
	if err != nil {
		return nil, err
	}
	for i, st := range r.Steps {
		turn := i + 1
		if err := Advance(rec, eng, st.Moves, st.Notes); err != nil {
			return nil, fmt.Errorf("step %d: %w", turn, err)
		}
		if key, ok := r.Keyframes[turn]; ok {
			state, err := eng.State()
			if err != nil {
				return nil, fmt.Errorf("keyframe %d: %w", turn, err)
			}
			if !sameJSON(key, state) {
				return nil, fmt.Errorf("step %d: the game re-simulated differs from the replay's keyframe (recorded by another version of the rules?)", turn)
			}
		}
	}
	rec.Timeline.Finish()
	return rec, nil
}

// Play starts a recording of title t, with the header's config, and plays
// the given steps on it. It returns the engine, so more steps can follow.
func Play(t Title, h Header, steps []map[Seat]string) (*Recording, Engine, error) {
	eng, err := t.New(h.Config)
	if err != nil {
		return nil, nil, fmt.Errorf("start %s: %w", t.Name(), err)
	}
	h.Title = t.ID()
	rec := &Recording{Title: t, Header: h, Timeline: NewTimeline(eng.Frame(), true), Source: "Arena replay"}
	for i, moves := range steps {
		if err := Advance(rec, eng, moves, nil); err != nil {
			return rec, eng, fmt.Errorf("step %d: %w", i+1, err)
		}
	}
	return rec, eng, nil
}

// Advance plays one step on eng and appends its frame to rec.
func Advance(rec *Recording, eng Engine, moves map[Seat]string, notes map[Seat]Notes) error {
	if eng.Over() {
		return fmt.Errorf("the game is already over")
	}
	_, err := advance(rec.Timeline, eng, moves, notes)
	return err
}

// advance steps eng and appends the frame it makes to tl.
func advance(tl *Timeline, eng Engine, moves map[Seat]string, notes map[Seat]Notes) (Frame, error) {
	if err := eng.Step(moves); err != nil {
		return Frame{}, err
	}
	f := eng.Frame()
	f.Turn = tl.Len()
	if f.Moves == nil {
		f.Moves = moves
	}
	f.Notes = notes
	f.Over = eng.Over()
	if f.Over {
		f.Result = eng.Result()
	}
	tl.Append(f)
	return f, nil
}

func sameJSON(a, b []byte) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return false
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// Save writes a recording as an Arena replay at path, with the move file
// beside it where the title has one. The game is re-simulated from its
// moves, so the file is exactly what a match would have written.
func Save(rec *Recording, path string) error {
	m := &Match{Title: rec.Title, Config: rec.Header.Config}
	for _, s := range rec.Header.Seats {
		kind, strength, _ := strings.Cut(s, ":")
		m.Seats = append(m.Seats, Entrant{Spec: SeatSpec{Kind: kind, Strength: strength}})
	}
	eng, err := rec.Title.New(m.Config)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	m.engine, m.Timeline = eng, NewTimeline(eng.Frame(), true)
	closeFiles, err := m.record(path)
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	n := rec.Timeline.Len()
	for i := 1; i < n; i++ {
		f := rec.Timeline.Frame(i)
		if err := m.play(f.Moves, f.Notes, nil, false); err != nil {
			closeFiles()
			return fmt.Errorf("save %s: step %d: %w", path, i, err)
		}
	}
	if eng.Over() {
		if err := m.Replay.Finish(eng.Result(), n-1); err != nil {
			closeFiles()
			return err
		}
	}
	return closeFiles()
}
