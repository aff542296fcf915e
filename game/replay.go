package game

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"time"
)

// The replay file: gzip-compressed JSON Lines. The first line is the Header;
// then one line per step ({"step":N,"moves":{"1":"C3 B3 A3"},...}), a
// keyframe line with the engine's full state every KeyframeEvery steps, and
// a result line at the end. Each step is flushed as it is played, so a crash
// leaves every played step readable.
const (
	ReplayFormat  = "arena-replay"
	ReplayVersion = 1
	KeyframeEvery = 50
)

// Header is the first line of a replay: what is needed to re-simulate it.
type Header struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Title   string   `json:"title"`
	Config  Config   `json:"config"`
	Seats   []string `json:"seats"` // seat specs: "human", "alphabeta:4"
	// LimitMS is each seat's time per move in milliseconds, in seat order
	// (0: none), where some seat had one; see Header.Limit.
	LimitMS []int64 `json:"limit_ms,omitempty"`
	// Players are the seats' players by name ("Quiffs", "Glarbs"), where
	// the match knew them.
	Players []string `json:"players,omitempty"`
	Created string   `json:"created,omitempty"`
	// Origin is the replay and turn that a game taken over from a replay
	// continues; its first Origin.Turn steps are that replay's.
	Origin *Origin `json:"origin,omitempty"`
}

// line is any line of a replay after the header.
type line struct {
	Step     int               `json:"step,omitempty"`
	Moves    map[string]string `json:"moves,omitempty"`
	Notes    map[string]Notes  `json:"notes,omitempty"`
	Millis   map[string]int64  `json:"ms,omitempty"`
	Loaded   bool              `json:"loaded,omitempty"`
	Keyframe int               `json:"keyframe,omitempty"`
	State    json.RawMessage   `json:"state,omitempty"`
	Result   *Result           `json:"result,omitempty"`
	Turns    int               `json:"turns,omitempty"`
	Events   string            `json:"events,omitempty"`
}

// EventDigest is a short digest of a step's events (their kinds, seats and
// texts), stored with each step of a replay.
func EventDigest(events []Event) string {
	h := fnv.New32a()
	var b []byte
	for _, e := range events {
		b = append(b[:0], e.Kind...)
		b = append(b, 0)
		b = strconv.AppendInt(b, int64(e.Seat), 10)
		b = append(b, 0)
		b = append(b, e.Text...)
		b = append(b, 0)
		h.Write(b)
	}
	return strconv.FormatUint(uint64(h.Sum32()), 36)
}

// ReplayWriter appends a match to a replay file step by step.
type ReplayWriter struct {
	file     *AtomicFile // nil for NewReplayWriter's writer
	gz       *gzip.Writer
	buf      bytes.Buffer
	enc      *json.Encoder // encodes into buf
	header   []byte        // the header line, for Tee
	sink     func(line []byte) error
	finished bool
}

// CreateReplay starts the replay file at path and writes its header. The
// replay is written, step by step, under a temporary name beside path (a
// killed process leaves it there, readable up to its last step), and
// renamed to path by Close.
func CreateReplay(path string, h Header) (*ReplayWriter, error) {
	f, err := CreateAtomic(path)
	if err != nil {
		return nil, fmt.Errorf("create replay: %w", err)
	}
	w, err := NewReplayWriter(f, h)
	if err != nil {
		f.Abort()
		return nil, err
	}
	w.file = f
	return w, nil
}

// NewReplayWriter writes a replay to w, starting with its header.
func NewReplayWriter(w io.Writer, h Header) (*ReplayWriter, error) {
	if h.Created == "" {
		h.Created = time.Now().UTC().Format(time.RFC3339)
	}
	rw := &ReplayWriter{gz: gzip.NewWriter(w)}
	rw.enc = json.NewEncoder(&rw.buf)
	if err := rw.write(h); err != nil {
		return nil, err
	}
	return rw, nil
}

// Tee hands every line of the replay, without its newline, to sink as it
// is written, before it goes to the file: first the header, at once, then
// each later line. A server publishes a match's lines this way. sink must
// copy a line it keeps; its error fails the write.
func (w *ReplayWriter) Tee(sink func(line []byte) error) error {
	w.sink = sink
	return sink(w.header)
}

func (w *ReplayWriter) path() string {
	if w.file == nil {
		return ""
	}
	return w.file.Path()
}

// TempPath is where the replay is being written, until Close renames it.
func (w *ReplayWriter) TempPath() string {
	if w.file == nil {
		return ""
	}
	return w.file.TempPath()
}

// Step appends the step that made frame f: its moves, the players' notes
// and thinking times, and a digest of its events (EventDigest) that lets a
// reader find the first step that re-simulates differently.
func (w *ReplayWriter) Step(f Frame, took map[Seat]time.Duration, loaded bool) error {
	l := line{Step: f.Turn, Moves: map[string]string{}, Loaded: loaded, Events: EventDigest(f.Events)}
	for s, m := range f.Moves {
		l.Moves[seatKey(s)] = m
	}
	for s, n := range f.Notes {
		if l.Notes == nil {
			l.Notes = map[string]Notes{}
		}
		l.Notes[seatKey(s)] = n
	}
	for s, d := range took {
		if l.Millis == nil {
			l.Millis = map[string]int64{}
		}
		l.Millis[seatKey(s)] = d.Milliseconds()
	}
	return w.write(l)
}

// WantsKeyframe reports whether a keyframe belongs after step turn.
func (w *ReplayWriter) WantsKeyframe(turn int) bool { return turn%KeyframeEvery == 0 }

// Keyframe appends the engine's full state after step turn.
func (w *ReplayWriter) Keyframe(turn int, state []byte) error {
	return w.write(line{Keyframe: turn, State: state})
}

// Finish appends the result.
func (w *ReplayWriter) Finish(r Result, turns int) error {
	w.finished = true
	return w.write(line{Result: &r, Turns: turns})
}

// Finished reports whether the result has been written.
func (w *ReplayWriter) Finished() bool { return w.finished }

// Close ends the gzip stream; a replay file is then renamed to its path
// (see Outputs.Close for when it is kept under its temporary name).
func (w *ReplayWriter) Close() error {
	var o Outputs
	o.Add(w)
	return o.Close()
}

// end ends the gzip stream and, for a file, syncs it and either renames it
// to its path (commit) or leaves it, closed, under its temporary name.
func (w *ReplayWriter) end(commit bool) error {
	err := w.gz.Close()
	if w.file == nil {
		return err
	}
	if err != nil || !commit {
		if cerr := w.file.Close(); err == nil {
			err = cerr
		}
		return err
	}
	return w.file.Commit()
}

// write encodes one line, hands it to the sink, and writes and flushes it
// through to the file.
func (w *ReplayWriter) write(v any) error {
	w.buf.Reset()
	if err := w.enc.Encode(v); err != nil {
		return fmt.Errorf("write replay: %w", err)
	}
	line := w.buf.Bytes()
	if w.header == nil {
		w.header = bytes.Clone(line[:len(line)-1])
	}
	if w.sink != nil {
		if err := w.sink(line[:len(line)-1]); err != nil {
			return fmt.Errorf("write replay: %w", err)
		}
	}
	if _, err := w.gz.Write(line); err != nil {
		return fmt.Errorf("write replay: %w", err)
	}
	if err := w.gz.Flush(); err != nil {
		return fmt.Errorf("write replay: %w", err)
	}
	return nil
}

func seatKey(s Seat) string { return strconv.Itoa(s.Number()) }

// Replay is a replay file as read: its header, steps, keyframes and result.
type Replay struct {
	Header    Header
	Steps     []Step
	Keyframes map[int]json.RawMessage
	Result    *Result // nil when the game did not finish
	Turns     int     // the turns the result line counts
	// Truncated is set when the file ends in the middle of a line or of
	// the gzip stream, as after a crash; every complete step is kept.
	Truncated bool
}

// Step is one recorded step.
type Step struct {
	Moves map[Seat]string
	Notes map[Seat]Notes
	// Took is each asked seat's thinking time ("ms"); nil in older
	// replays and for loaded steps.
	Took   map[Seat]time.Duration
	Loaded bool
	Events string // EventDigest of the step's events; "" in older replays
}

// ReplayLimit bounds a replay once inflated: moves, notes and keyframes of
// the longest games Arena plays fit many times over.
var ReplayLimit = Limit{What: "an Arena replay", Max: MaxInput}

// IsReplay reports whether data starts like one of our replay files: a
// gzip stream whose first line is a JSON object with a "format" (the
// header; ReadReplay says what is wrong with it).
func IsReplay(data []byte) bool {
	if !IsGzip(data) {
		return false
	}
	first, _, _ := bytes.Cut(Head(data, 4096), []byte("\n"))
	return bytes.HasPrefix(bytes.TrimSpace(first), []byte("{")) && bytes.Contains(first, []byte(`"format"`))
}

// ReadReplay reads a replay file. name is used in error messages.
func ReadReplay(name string, data []byte) (*Replay, error) {
	if !IsGzip(data) {
		return nil, fmt.Errorf("%s: not an Arena replay (expected a gzip stream)", name)
	}
	raw, err := ReplayLimit.Gunzip(name, data)
	truncated := false
	if err != nil {
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		truncated = true
	}
	r := &Replay{Keyframes: map[int]json.RawMessage{}, Truncated: truncated}
	lines := bytes.Split(raw, []byte("\n"))
	if last := lines[len(lines)-1]; len(last) > 0 {
		// The last line was cut short by a crash: keep every complete one.
		r.Truncated = true
	}
	lines = lines[:len(lines)-1]
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: empty replay: expected a header line", name)
	}
	if err := decodeHeader(lines[0], &r.Header); err != nil {
		return nil, fmt.Errorf("%s: line 1: %w", name, err)
	}
	for i, text := range lines[1:] {
		var l line
		if err := json.Unmarshal(text, &l); err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", name, i+2, err)
		}
		if err := r.add(l); err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", name, i+2, err)
		}
	}
	return r, nil
}

func decodeHeader(text []byte, h *Header) error {
	if err := json.Unmarshal(text, h); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if h.Format != ReplayFormat {
		return fmt.Errorf("header: format %q, expected %q", h.Format, ReplayFormat)
	}
	if h.Version > ReplayVersion || h.Version < 1 {
		return fmt.Errorf("header: replay format version %d; this Arena reads version %d: update Arena to open it", h.Version, ReplayVersion)
	}
	if err := checkLimits(h.LimitMS, h.Config.Seats); err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if h.Title == "" {
		return errors.New(`header: missing "title"`)
	}
	return nil
}

func (r *Replay) add(l line) error {
	switch {
	case l.Result != nil:
		r.Result, r.Turns = l.Result, l.Turns
	case l.State != nil:
		r.Keyframes[l.Keyframe] = l.State
	case l.Step != 0:
		if l.Step != len(r.Steps)+1 {
			return fmt.Errorf("step %d out of order: expected step %d", l.Step, len(r.Steps)+1)
		}
		if len(l.Moves) == 0 {
			return fmt.Errorf(`step %d: expected "moves"`, l.Step)
		}
		st := Step{Moves: map[Seat]string{}, Loaded: l.Loaded, Events: l.Events}
		for k, m := range l.Moves {
			s, err := parseSeatKey(k, r.Header.Config.Seats)
			if err != nil {
				return fmt.Errorf("step %d: moves: %w", l.Step, err)
			}
			st.Moves[s] = m
		}
		for k, note := range l.Notes {
			s, err := parseSeatKey(k, r.Header.Config.Seats)
			if err != nil {
				return fmt.Errorf("step %d: notes: %w", l.Step, err)
			}
			if st.Notes == nil {
				st.Notes = map[Seat]Notes{}
			}
			st.Notes[s] = note
		}
		for k, ms := range l.Millis {
			s, err := parseSeatKey(k, r.Header.Config.Seats)
			if err != nil {
				return fmt.Errorf("step %d: ms: %w", l.Step, err)
			}
			if ms < 0 || ms > MaxMillis {
				return fmt.Errorf("step %d: ms: seat %s took %d: expected 0..%d milliseconds", l.Step, k, ms, MaxMillis)
			}
			if st.Took == nil {
				st.Took = make(map[Seat]time.Duration, len(l.Millis))
			}
			st.Took[s] = time.Duration(ms) * time.Millisecond
		}
		r.Steps = append(r.Steps, st)
	default:
		return errors.New(`expected a "step", "keyframe" or "result" line`)
	}
	return nil
}

// MaxMillis bounds a time in a replay, per move or as a limit: 100 days
// in milliseconds.
const MaxMillis = 100 * 24 * 3600 * 1000

// checkLimits checks a header's limit_ms: none, or one a seat, each
// 0..MaxMillis.
func checkLimits(ms []int64, seats int) error {
	if len(ms) != 0 && len(ms) != seats {
		return fmt.Errorf("limit_ms: %d values for %d seats: expected one a seat", len(ms), seats)
	}
	for i, v := range ms {
		if v < 0 || v > MaxMillis {
			return fmt.Errorf("limit_ms: seat %d: %d: expected 0..%d milliseconds (0: no limit)", i+1, v, MaxMillis)
		}
	}
	return nil
}

// Limit is seat s's time per move as the header records it; 0 for none.
func (h Header) Limit(s Seat) time.Duration {
	if int(s) < 0 || int(s) >= len(h.LimitMS) {
		return 0
	}
	return time.Duration(h.LimitMS[s]) * time.Millisecond
}

func parseSeatKey(k string, seats int) (Seat, error) {
	n, err := strconv.Atoi(k)
	if err != nil || n < 1 || n > seats {
		return 0, fmt.Errorf("seat %q: expected a seat number 1..%d", k, seats)
	}
	return Seat(n - 1), nil
}
