package game

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Recording is a game ready to watch: ours re-simulated from a replay file,
// or an original system's format imported as frames.
type Recording struct {
	Title    Title
	Header   Header
	Timeline *Timeline
	// Source names the format the recording was read from.
	Source string
	// File is the file it was read from, as named to Open; "" for a
	// match or a server's game.
	File string
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
	// Players are the seats' players by name: the header's, else their
	// seats' specs.
	Players []string `json:"players"`
	Reason  string   `json:"reason"`
	// Origin is the replay and turn a game taken over from a replay
	// continued.
	Origin *Origin `json:"origin,omitempty"`
}

// Summary describes the recording as `arena info` prints it.
func (r *Recording) Summary() Summary {
	s := Summary{Title: r.Title.ID(), Seed: r.Header.Config.Seed, Turns: r.Timeline.Len() - 1,
		Seats: r.Header.Seats, Ranking: []int{}, Reason: "unfinished"}
	if s.Seats == nil {
		s.Seats = []string{}
	}
	s.Players = r.Header.Players
	s.Origin = r.Header.Origin
	if len(s.Players) != len(s.Seats) {
		s.Players = s.Seats
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

// An Importable title reads the recordings of its original system (a log,
// a sequence of states, a move file): Open tries the importers of the
// installed titles, in the order of their IDs.
type Importable interface {
	Importer() Importer
}

// imported is an installed title's importer.
type imported struct {
	title Title
	Importer
}

// importers lists the importers of the installed titles.
func importers() []imported {
	var out []imported
	for _, t := range Titles() {
		if im, ok := t.(Importable); ok {
			out = append(out, imported{t, im.Importer()})
		}
	}
	return out
}

// open imports a recording, of the installed title.
func (im imported) open(name string, data []byte) (*Recording, error) {
	rec, err := im.Import(name, data)
	if rec != nil {
		rec.Title = im.title
	}
	return rec, err
}

// fileLimit bounds any file Arena opens as a replay.
var fileLimit = Limit{What: "a replay", Max: MaxInput}

// OpenFile reads any replay Arena can read.
func OpenFile(path string) (*Recording, error) {
	data, err := fileLimit.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open replay: %w", err)
	}
	return Open(path, data)
}

// Open reads any replay Arena can read from data; name is used in errors
// and kept as the recording's File.
func Open(name string, data []byte) (*Recording, error) {
	rec, err := open(name, data)
	if rec != nil {
		rec.File = name
	}
	return rec, err
}

func open(name string, data []byte) (*Recording, error) {
	if err := fileLimit.Check(name, data); err != nil {
		return nil, err
	}
	all := importers()
	if IsGzip(data) {
		// A gzipped file of an original system (such as AIC21's log.json)
		// goes to its importer.
		for _, im := range all {
			if im.Detect(name, data) {
				return im.open(name, data)
			}
		}
	}
	if IsReplay(data) {
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
	for _, im := range all {
		if im.Detect(name, data) {
			return im.open(name, data)
		}
		names = append(names, im.Name)
	}
	known := "expected an Arena replay (.arena) or one of: " + strings.Join(names, ", ")
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return nil, fmt.Errorf("%s: the file is empty: %s", name, known)
	case IsGzip(data):
		return nil, fmt.Errorf("%s: not a known replay format (gzip of %s): %s", name, describe(Head(data, 512)), known)
	}
	return nil, fmt.Errorf("%s: not a known replay format (%s): %s", name, describe(data[:min(len(data), 512)]), known)
}

// describe says what a file's first bytes look like, for errors.
func describe(head []byte) string {
	t := bytes.TrimSpace(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")))
	switch {
	case len(t) == 0:
		return "nothing: an empty stream"
	case IsGzip(t):
		return "another gzip stream"
	case !utf8.Valid(t) || bytes.IndexByte(t, 0) >= 0:
		return "binary data"
	}
	first, _, _ := bytes.Cut(t, []byte("\n"))
	if len(first) > 40 {
		first = append(first[:40:40], "..."...)
	}
	kind := "text"
	if t[0] == '{' || t[0] == '[' {
		kind = "JSON"
	}
	return fmt.Sprintf("%s starting %q", kind, first)
}

// Simulate re-plays the recorded steps on a fresh engine and checks it
// against everything the replay recorded: each step's events, the
// keyframes and the result. The first step that differs is an error.
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
		if err := playStep(rec, eng, st, i+1); err != nil {
			return nil, err
		}
		if key, ok := r.Keyframes[i+1]; ok {
			if err := checkKeyframe(eng, i+1, key); err != nil {
				return nil, err
			}
		}
	}
	if r.Result != nil {
		if err := checkResult(eng, *r.Result, r.Turns, len(r.Steps)); err != nil {
			return nil, err
		}
	}
	rec.Timeline.Finish()
	return rec, nil
}

// other is what a replay that re-simulates differently probably is.
const other = "(recorded by another version of the rules, or edited?)"

// playStep plays recorded step st, the step of turn, and checks its events.
func playStep(rec *Recording, eng Engine, st Step, turn int) error {
	if eng.Over() {
		return fmt.Errorf("turn %d: the re-simulated game ended at turn %d (%s), but the replay goes on %s", turn, turn-1, describeResult(eng.Result()), other)
	}
	if _, err := advance(rec.Timeline, eng, st.Moves, st.Notes, st.Took); err != nil {
		return fmt.Errorf("step %d: %w", turn, err)
	}
	if st.Events != "" && EventDigest(rec.Timeline.Last().Events) != st.Events {
		return fmt.Errorf("turn %d: the re-simulated step differs from the recorded one (its events: %s) %s", turn, eventTexts(rec.Timeline.Last().Events), other)
	}
	return nil
}

// checkKeyframe checks the engine's state after step turn against the
// replay's keyframe.
func checkKeyframe(eng Engine, turn int, key []byte) error {
	state, err := eng.State()
	if err != nil {
		return fmt.Errorf("keyframe %d: %w", turn, err)
	}
	if !sameJSON(key, state) {
		return fmt.Errorf("step %d: the game re-simulated differs from the replay's keyframe %s", turn, other)
	}
	return nil
}

// checkResult checks the end of the re-simulated game, after steps steps,
// against the replay's result line (res, counting turns).
func checkResult(eng Engine, res Result, turns, steps int) error {
	switch got := eng.Result(); {
	case turns != 0 && turns != steps:
		return fmt.Errorf("turn %d: the replay's result counts %d turns, but it holds %d steps", min(steps, turns), turns, steps)
	case !eng.Over():
		return fmt.Errorf("turn %d: the replay records the end (%s), but re-simulated the game goes on %s", steps, describeResult(res), other)
	case !sameResult(got, res):
		return fmt.Errorf("turn %d: the replay records %s, but re-simulated the game ends %s %s", steps, describeResult(res), describeResult(got), other)
	}
	return nil
}

// describeResult writes a result for errors: "P2 wins (level3)".
func describeResult(r Result) string {
	if r.Winner == 0 {
		return fmt.Sprintf("a draw (%s, ranking %v)", r.Reason, r.Ranking)
	}
	return fmt.Sprintf("P%d wins (%s, ranking %v)", r.Winner, r.Reason, r.Ranking)
}

func sameResult(a, b Result) bool {
	return a.Winner == b.Winner && a.Reason == b.Reason && slices.Equal(a.Ranking, b.Ranking)
}

// eventTexts lists a step's events for errors.
func eventTexts(events []Event) string {
	if len(events) == 0 {
		return "none"
	}
	texts := make([]string, 0, len(events))
	for _, e := range events[:min(len(events), 3)] {
		texts = append(texts, e.Text)
	}
	if len(events) > 3 {
		texts = append(texts, fmt.Sprintf("and %d more", len(events)-3))
	}
	return strings.Join(texts, "; ")
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
	_, err := advance(rec.Timeline, eng, moves, notes, nil)
	return err
}

// advance steps eng and appends the frame it makes to tl, with the
// seats' notes and thinking times.
func advance(tl *Timeline, eng Engine, moves map[Seat]string, notes map[Seat]Notes, took map[Seat]time.Duration) (Frame, error) {
	if err := eng.Step(moves); err != nil {
		return Frame{}, err
	}
	f := eng.Frame()
	f.Turn = tl.Len()
	if f.Moves == nil {
		f.Moves = moves
	}
	f.Notes, f.Took = notes, took
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
	if err := replayInto(rec, func(m *Match) (func() error, error) { return m.record(path, true) }); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

// WriteReplay writes a recording to w as an Arena replay (without a move
// file), re-simulated from its moves as Save does: a browser's download.
func WriteReplay(rec *Recording, w io.Writer) error {
	return replayInto(rec, func(m *Match) (func() error, error) {
		rw, err := NewReplayWriter(w, m.Header())
		if err != nil {
			return nil, err
		}
		m.Replay = rw
		return rw.Close, nil
	})
}

// replayInto plays rec's moves again into the replay that record starts.
func replayInto(rec *Recording, record func(*Match) (func() error, error)) error {
	m := &Match{Title: rec.Title, Config: rec.Header.Config, Origin: rec.Header.Origin}
	named := len(rec.Header.Players) == len(rec.Header.Seats)
	for i, s := range rec.Header.Seats {
		kind, strength, _ := strings.Cut(s, ":")
		e := Entrant{Spec: SeatSpec{Kind: kind, Strength: strength}, Limit: rec.Header.Limit(Seat(i))}
		if named && rec.Header.Players[i] != s {
			e.Name = rec.Header.Players[i] // a copy keeps the players' names
		}
		m.Seats = append(m.Seats, e)
	}
	eng, err := rec.Title.New(m.Config)
	if err != nil {
		return err
	}
	m.engine, m.Timeline = eng, NewTimeline(eng.Frame(), true)
	closeFiles, err := record(m)
	if err != nil {
		return err
	}
	n := rec.Timeline.Len()
	for i := 1; i < n; i++ {
		f := rec.Timeline.Frame(i)
		if err := m.play(f.Moves, f.Notes, f.Took, false); err != nil {
			closeFiles()
			return fmt.Errorf("step %d: %w", i, err)
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

// Origin is where a game taken over from a replay comes from: the replay's
// file and the turn the game continued from.
type Origin struct {
	Replay string `json:"replay"`
	Turn   int    `json:"turn"`
}

// String is "from FILE, turn N".
func (o Origin) String() string {
	name := o.Replay
	if name == "" {
		name = "a game"
	}
	return fmt.Sprintf("from %s, turn %d", name, o.Turn)
}

// StepsTo returns the recorded game's steps up to turn (to its last turn
// when turn is negative), their moves, notes and times, for a match that
// continues the game from there: played on a fresh engine with the
// recording's config, the moves make the same states as the recording's
// (a recording imported from an original system's format that lacks the
// moves, or whose states its moves do not make, is refused, saying why).
// It also returns the turn.
func (r *Recording) StepsTo(turn int) ([]Step, int, error) {
	name := cmp.Or(r.File, r.Source)
	last := r.Timeline.Len() - 1
	switch {
	case turn < 0:
		turn = last
	case turn > last:
		return nil, 0, fmt.Errorf("turn %d: %s has turns 0 to %d", turn, name, last)
	}
	eng, err := r.Title.New(r.Header.Config)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: start %s with its config: %w", name, r.Title.Name(), err)
	}
	notAgain := fmt.Sprintf("%s (%s) cannot be played again from its moves", name, r.Source)
	if !sameState(eng.Frame().State, r.Timeline.Frame(0).State) {
		return nil, 0, fmt.Errorf("%s: its first state is not one that %s's engine starts from the file's config "+
			"(the file holds what the original system showed, such as one seat's view or a start made by the original's own generator); "+
			"a game can be taken over from an Arena replay, a Santorini move file or an AlienWarz game log", notAgain, r.Title.Name())
	}
	steps := make([]Step, 0, turn)
	for i := 1; i <= turn; i++ {
		f := r.Timeline.Frame(i)
		for _, s := range eng.ToMove() {
			if _, ok := f.Moves[s]; !ok {
				return nil, 0, fmt.Errorf("%s: turn %d holds no move of %s (the file does not record every seat's moves)", notAgain, i, s)
			}
		}
		if err := eng.Step(f.Moves); err != nil {
			return nil, 0, fmt.Errorf("%s: turn %d: %w", notAgain, i, err)
		}
		if !sameState(eng.Frame().State, f.State) {
			return nil, 0, fmt.Errorf("%s: at turn %d its moves make another state than the file's", notAgain, i)
		}
		steps = append(steps, Step{Moves: f.Moves, Notes: f.Notes, Took: f.Took, Loaded: true})
	}
	return steps, turn, nil
}

// sameState reports whether two frames' states are the same: as JSON, or
// deeply where a state does not encode as JSON.
func sameState(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return reflect.DeepEqual(a, b)
	}
	return bytes.Equal(x, y)
}
