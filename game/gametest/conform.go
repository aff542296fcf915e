package gametest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/arena-games/arena/game"
)

// Suite is what Conform needs to know of a title besides the contract of a
// game: the games to play, and what the title's rules say where the
// contract leaves it to them.
type Suite struct {
	// Configs are the games to play between the seats: seed, map and rule
	// options. Keep them short (a turn limit, a small map): Conform plays
	// each several times. None: one game with seed 1 and the defaults.
	Configs []game.Config
	// Foul checks a step in which a seat played an illegal move as the
	// title's rules penalise it: a move that no title's notation reads, or
	// "", no answer in time. Required.
	Foul func(t testing.TB, f Foul)
	// Hidden checks, for a game.Fogged title, that what a seat saw of a
	// game holds nothing that its fog hides. Required for a Fogged title.
	Hidden func(t testing.TB, s Sight)
	// Export writes a recording in the title's original format, where the
	// title has an exporter besides its move file (game.Transcriber): a
	// file's name and its bytes, which game.Open reads back.
	Export func(t testing.TB, rec *game.Recording) (name string, data []byte)
	// Kept is what the original formats (the move file, Export's) keep of
	// a frame, to compare a game with its copy read back; nil: the frame's
	// whole State.
	Kept func(f game.Frame) any
}

// Foul is a step in which Seat played the illegal Move.
type Foul struct {
	Seat   game.Seat
	Move   string
	Before game.Frame  // the frame the move was played on
	After  game.Frame  // the frame of the step
	Engine game.Engine // the engine after the step
}

// Sight is what one seat saw of a game of a Fogged title, beside the game.
type Sight struct {
	Seat game.Seat
	// Truth are the game's frames, the start first.
	Truth []game.Frame
	// Seen are the frames that the seat's stream makes, one per frame of
	// Truth (game.SeatFollower).
	Seen []game.Frame
	// Lines are the seat's stream: its header, then one game.SeatStep per
	// frame of Truth.
	Lines [][]byte
}

// garbage are the illegal moves that Conform has every seat play: moves
// that no title's notation reads, then "", no answer in time.
var garbage = []string{
	"garbage",
	"\x00\xff\xfe \u2603 \u202e",
	`{"action_type":`,
	strings.Repeat("9", 4096),
	"",
}

// gameTime bounds one game of a conformance suite.
const gameTime = 2 * time.Minute

// Conform checks title against the contract of a game, in games between
// its built-in players of the seats' specs ("tactical", "alphabeta:2"),
// one per seat, for each of the suite's configs:
//
//   - determinism: the same config and moves give the same frames, states,
//     events and result, and the same replay;
//   - save and open: the replay written by the match reads back
//     (game.ReadReplay, game.Open, game.Save, game.WriteReplay) to the same
//     timeline and result, and so do the title's original formats: its move
//     file beside the replay and Suite.Export's;
//   - keyframes and seeking: a fresh engine stepped through the moves has
//     the match's state at every turn, a replay holding every turn's
//     keyframe opens, and any turn read at random from an opened replay or
//     a followed stream is the turn reached by stepping;
//   - observation: Observe is the state for a title without hidden
//     information; for a Fogged title each seat's stream rebuilds its
//     Observe at every step, and Suite.Hidden finds nothing it hides;
//   - illegal moves: every seat plays moves that no title's notation
//     reads, and no move (""), each penalised as Suite.Foul says, never a
//     crash; a move for a seat that is not to move, or after the end, is
//     refused and changes nothing; the game goes on to an end that ranks
//     every seat, and re-simulates;
//   - verification: a replay whose move, events, keyframe or result was
//     edited is refused by game.Open and by a game.Follower, naming the
//     turn;
//   - descriptions: the title's standings, stats, markers, units, words
//     and options (the optional interfaces of game/describe.go) describe
//     every frame of the game.
//
// The configs run in parallel with each other and with the package's
// other parallel tests.
func Conform(t *testing.T, title game.Title, seats []string, s Suite) {
	t.Helper()
	specs, err := game.ParseSeats(title, strings.Join(seats, ","))
	if err != nil {
		t.Fatalf("%s: %v", title.Name(), err)
	}
	_, fogged := title.(game.Fogged)
	switch {
	case s.Foul == nil:
		t.Fatalf("%s: Suite.Foul must say how the rules penalise an illegal move", title.Name())
	case fogged && s.Hidden == nil:
		t.Fatalf("%s hides part of the game (game.Fogged): Suite.Hidden must say what a seat may not see", title.Name())
	}
	configs := s.Configs
	if len(configs) == 0 {
		configs = []game.Config{{Seed: 1}}
	}
	for _, cfg := range configs {
		t.Run(configName(cfg), func(t *testing.T) {
			t.Parallel()
			g := playMatch(t, title, specs, s, cfg, "a")
			t.Run("determinism", g.determinism)
			t.Run("save and open", g.saveAndOpen)
			t.Run("keyframes and seeking", g.keyframesAndSeeking)
			t.Run("observation", g.observation)
			t.Run("illegal moves", g.illegalMoves)
			t.Run("verification", g.verification)
			t.Run("descriptions", g.descriptions)
		})
	}
}

// configName names a config's subtest: "seed=3,map=meadow,turns=40".
func configName(cfg game.Config) string {
	parts := []string{fmt.Sprintf("seed=%d", cfg.Seed)}
	if m := cfg.Map; filepath.Ext(m) != "" {
		parts = append(parts, "map="+strings.TrimSuffix(filepath.Base(m), filepath.Ext(m)))
	} else if m != "" {
		parts = append(parts, "map="+strings.ReplaceAll(m, "/", "|"))
	}
	for _, k := range slices.Sorted(maps.Keys(cfg.Options)) {
		v := cfg.Options[k]
		if len(v) > 20 || strings.ContainsAny(v, "/\\") {
			v = "…"
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ",")
}

// match is one game played as `arena run` plays it, with everything its
// checks compare against.
type match struct {
	title  game.Title
	specs  []game.SeatSpec
	suite  Suite
	cfg    game.Config // as the suite gives it
	frames []game.Frame
	states [][]byte // the engine's State after each step, the start first
	shown  [][]byte // each frame's State as JSON when it was played (nil: it does not encode)
	lines  [][]byte // the replay's lines as the match published them
	path   string   // the replay file
	data   []byte   // its bytes
	replay *game.Replay
	result game.Result
	every  []byte // the replay with a keyframe after every step, once made
}

// playMatch plays cfg between the seats through game.Setup and game.Match,
// writing the replay and the move file into a temporary folder, and
// records every frame, state and published line. name tells the files of
// one game from another's.
func playMatch(t testing.TB, title game.Title, specs []game.SeatSpec, s Suite, cfg game.Config, name string) *match {
	t.Helper()
	g := &match{title: title, specs: specs, suite: s, cfg: cfg, path: filepath.Join(t.TempDir(), name+".arena")}
	st := game.Setup{Title: title, Seats: specs, Seed: cfg.Seed, Map: cfg.Map, Options: cfg.Options, Out: g.path}
	m, closeFiles, err := st.Start()
	if err != nil {
		t.Fatalf("start %s: %v", title.Name(), err)
	}
	if err := m.Replay.Tee(func(line []byte) error {
		g.lines = append(g.lines, bytes.Clone(line))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	m.Watch = func(eng game.Engine, f game.Frame) error {
		if f.Turn != len(g.states) {
			return fmt.Errorf("watched turn %d after %d turns", f.Turn, len(g.states))
		}
		state, err := eng.State()
		if err != nil {
			return fmt.Errorf("turn %d: State: %w", f.Turn, err)
		}
		g.states = append(g.states, state)
		shown, _ := json.Marshal(f.State)
		g.shown = append(g.shown, shown)
		return nil
	}
	ctx, cancel := context.WithTimeout(t.Context(), gameTime)
	defer cancel()
	res, err := m.Run(ctx)
	if cerr := closeFiles(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("play %s (%s): %v", title.Name(), configName(cfg), err)
	}
	for i := range m.Timeline.Len() {
		g.frames = append(g.frames, m.Timeline.Frame(i))
	}
	if last := g.frames[len(g.frames)-1]; !last.Over || !reflect.DeepEqual(last.Result, res) {
		t.Fatalf("the last frame (turn %d) is not the end: over %v, result %+v; the match returned %+v", last.Turn, last.Over, last.Result, res)
	}
	g.result = res
	t.Logf("%s: %d turns, %+v", name, len(g.frames)-1, res)
	if g.data, err = os.ReadFile(g.path); err != nil {
		t.Fatal(err)
	}
	if g.replay, err = game.ReadReplay(g.path, g.data); err != nil {
		t.Fatalf("read the match's replay: %v", err)
	}
	return g
}

// last is the number of the last turn.
func (g *match) last() int { return len(g.frames) - 1 }

// steps are the moves of each step, as the match played them.
func (g *match) steps() []map[game.Seat]string {
	out := make([]map[game.Seat]string, 0, g.last())
	for _, f := range g.frames[1:] {
		out = append(out, f.Moves)
	}
	return out
}

// engine starts a fresh engine of the match's game: its recording and the
// engine, at the start.
func (g *match) engine(t testing.TB) (*game.Recording, game.Engine) {
	t.Helper()
	rec, eng, err := game.Play(g.title, g.replay.Header, nil)
	if err != nil {
		t.Fatalf("start %s again from its replay's header: %v", g.title.Name(), err)
	}
	return rec, eng
}

// determinism plays the game again: the same frames, states, events,
// result and replay.
func (g *match) determinism(t *testing.T) {
	again := playMatch(t, g.title, g.specs, g.suite, g.cfg, "b")
	if len(again.frames) != len(g.frames) {
		t.Fatalf("played twice, the game lasts %d turns, then %d", g.last(), again.last())
	}
	for i := range g.frames {
		if d := diffFrames(g.frames[i], again.frames[i], true); d != "" {
			t.Fatalf("played twice, turn %d differs: %s", i, d)
		}
		if !bytes.Equal(g.states[i], again.states[i]) {
			t.Fatalf("played twice, the state after turn %d differs:%s", i, diffText(g.states[i], again.states[i]))
		}
	}
	if d := diffReplays(g.replay, again.replay); d != "" {
		t.Fatalf("played twice, the replays differ: %s", d)
	}
}

// saveAndOpen reads the match's replay back every way Arena reads one, and
// the title's original formats.
func (g *match) saveAndOpen(t *testing.T) {
	r := g.replay
	if r.Header.Title != g.title.ID() || !slices.Equal(r.Header.Seats, specStrings(g.specs)) || r.Truncated {
		t.Fatalf("the replay's header: title %q, seats %v, truncated %v", r.Header.Title, r.Header.Seats, r.Truncated)
	}
	if len(r.Steps) != g.last() {
		t.Fatalf("the replay holds %d steps; the match played %d", len(r.Steps), g.last())
	}
	for i, st := range r.Steps {
		f := g.frames[i+1]
		switch {
		case !maps.Equal(st.Moves, f.Moves):
			t.Fatalf("step %d: the replay's moves %q, the match's %q", i+1, st.Moves, f.Moves)
		case !sameJSON(st.Notes, f.Notes):
			t.Fatalf("step %d: the replay's notes %+v, the match's %+v", i+1, st.Notes, f.Notes)
		case !sameMillis(st.Took, f.Took) || len(f.Took) != len(f.Moves):
			t.Fatalf("step %d: the replay's thinking times %v, the match's %v for its moves %q", i+1, st.Took, f.Took, f.Moves)
		case st.Events != game.EventDigest(f.Events):
			t.Fatalf("step %d: the replay's events digest %s, the match's %s", i+1, st.Events, game.EventDigest(f.Events))
		case st.Loaded:
			t.Fatalf("step %d: marked loaded", i+1)
		}
	}
	for turn := game.KeyframeEvery; turn <= g.last(); turn += game.KeyframeEvery {
		key, ok := r.Keyframes[turn]
		if !ok {
			t.Fatalf("no keyframe after step %d", turn)
		}
		if !sameJSON(json.RawMessage(key), json.RawMessage(g.states[turn])) {
			t.Fatalf("the keyframe after step %d is not the state then", turn)
		}
	}
	if len(r.Keyframes) != g.last()/game.KeyframeEvery {
		t.Fatalf("%d keyframes in %d steps, one every %d expected", len(r.Keyframes), g.last(), game.KeyframeEvery)
	}
	if r.Result == nil || !reflect.DeepEqual(*r.Result, g.result) || r.Turns != g.last() {
		t.Fatalf("the replay's result %+v after %d turns; the match's %+v after %d", r.Result, r.Turns, g.result, g.last())
	}

	rec, err := game.Open(g.path, g.data)
	if err != nil {
		t.Fatalf("open the replay: %v", err)
	}
	g.sameTimeline(t, "the opened replay", rec.Timeline, true)
	if res, over := rec.Result(); !over || !reflect.DeepEqual(res, g.result) {
		t.Fatalf("the opened replay's result %+v (over %v), the match's %+v", res, over, g.result)
	}
	if !slices.Equal(rec.Header.Seats, r.Header.Seats) || !sameJSON(rec.Header.Config, r.Header.Config) {
		t.Fatalf("the opened replay's header %+v, the file's %+v", rec.Header, r.Header)
	}

	saved := filepath.Join(t.TempDir(), "saved.arena")
	if err := game.Save(rec, saved); err != nil {
		t.Fatalf("save the opened replay: %v", err)
	}
	g.sameReplayFile(t, "the saved replay", saved)
	var b bytes.Buffer
	if err := game.WriteReplay(rec, &b); err != nil {
		t.Fatalf("write the opened replay: %v", err)
	}
	back, err := game.ReadReplay("written", b.Bytes())
	if err != nil {
		t.Fatalf("read the written replay: %v", err)
	}
	if d := diffReplays(r, back); d != "" {
		t.Fatalf("the written replay: %s", d)
	}
	if d := diffTimes(r, back); d != "" {
		t.Fatalf("the written replay: %s", d)
	}

	_, eng := g.engine(t)
	if tr, ok := eng.(game.Transcriber); ok {
		path := game.TranscriptPath(g.path, tr.TranscriptExt())
		moves, err := game.OpenFile(path)
		if err != nil {
			t.Fatalf("open the move file beside the replay: %v", err)
		}
		g.sameKept(t, "the move file", moves)
	}
	if g.suite.Export != nil {
		name, data := g.suite.Export(t, rec)
		back, err := game.Open(name, data)
		if err != nil {
			t.Fatalf("open the exported %s: %v", name, err)
		}
		g.sameKept(t, "the exported "+name, back)
	}
}

// sameMillis reports whether two steps' thinking times are the same to
// the millisecond, as a replay keeps them.
func sameMillis(a, b map[game.Seat]time.Duration) bool {
	return maps.EqualFunc(a, b, func(x, y time.Duration) bool { return x.Milliseconds() == y.Milliseconds() })
}

// sameReplayFile reads the replay at path and compares it with the match's.
func (g *match) sameReplayFile(t testing.TB, what, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := game.ReadReplay(path, data)
	if err != nil {
		t.Fatalf("read %s: %v", what, err)
	}
	if d := diffReplays(g.replay, r); d != "" {
		t.Fatalf("%s: %s", what, d)
	}
	if d := diffTimes(g.replay, r); d != "" {
		t.Fatalf("%s: %s", what, d)
	}
}

// diffTimes says how a copy of a replay lost its thinking times or
// limits, or "".
func diffTimes(want, got *game.Replay) string {
	if !slices.Equal(want.Header.LimitMS, got.Header.LimitMS) {
		return fmt.Sprintf("limits %v, expected %v", got.Header.LimitMS, want.Header.LimitMS)
	}
	for i := range min(len(want.Steps), len(got.Steps)) {
		if a, b := want.Steps[i].Took, got.Steps[i].Took; !sameMillis(a, b) {
			return fmt.Sprintf("step %d: thinking times %v, expected %v", i+1, b, a)
		}
	}
	return ""
}

// sameKept compares a recording read from an original format with the
// match: as many frames, each keeping what Suite.Kept says, and the result.
func (g *match) sameKept(t testing.TB, what string, rec *game.Recording) {
	t.Helper()
	kept := g.suite.Kept
	if kept == nil {
		kept = func(f game.Frame) any { return f.State }
	}
	if rec.Timeline.Len() != len(g.frames) {
		t.Fatalf("%s holds %d turns; the match played %d", what, rec.Timeline.Len()-1, g.last())
	}
	for i, f := range g.frames {
		want, got := kept(f), kept(rec.Timeline.Frame(i))
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("%s, turn %d: %s", what, i, diffValues(want, got))
		}
	}
	if res, over := rec.Result(); !over || !reflect.DeepEqual(res, g.result) {
		t.Fatalf("%s ends %+v (over %v); the match %+v", what, res, over, g.result)
	}
}

// sameTimeline compares a timeline with the match's frames, reading its
// turns in a random order, as seeking does.
func (g *match) sameTimeline(t testing.TB, what string, tl *game.Timeline, notes bool) {
	t.Helper()
	if tl.Len() != len(g.frames) {
		t.Fatalf("%s holds %d turns; the match played %d", what, tl.Len()-1, g.last())
	}
	for _, i := range game.NewRand(g.cfg.Seed, 99).Perm(len(g.frames)) {
		if d := diffFrames(g.frames[i], tl.Frame(i), notes); d != "" {
			t.Fatalf("%s, turn %d: %s", what, i, d)
		}
	}
}

// keyframesAndSeeking checks that the match's frames stayed as they were
// played, steps a fresh engine through its moves, opens a replay that
// holds a keyframe after every step, and seeks at random in it and in the
// stream a follower reads.
func (g *match) keyframesAndSeeking(t *testing.T) {
	for i, f := range g.frames {
		if now, _ := json.Marshal(f.State); !bytes.Equal(now, g.shown[i]) {
			t.Fatalf("the frame of turn %d changed after it was played (frames are immutable): %s", i, diffValues(json.RawMessage(g.shown[i]), json.RawMessage(now)))
		}
	}
	rec, eng := g.engine(t)
	for i, moves := range g.steps() {
		if err := game.Advance(rec, eng, moves, g.frames[i+1].Notes); err != nil {
			t.Fatalf("step %d again: %v", i+1, err)
		}
		state, err := eng.State()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(state, g.states[i+1]) {
			t.Fatalf("stepped again, the state after turn %d differs:%s", i+1, diffText(g.states[i+1], state))
		}
	}
	g.sameTimeline(t, "the game stepped again", rec.Timeline, true)

	every, err := game.Open("every-turn.arena", g.everyKeyframe(t))
	if err != nil {
		t.Fatalf("a replay with a keyframe after every step: %v", err)
	}
	g.sameTimeline(t, "the replay with a keyframe after every step", every.Timeline, true)

	f, err := game.Follow(g.lines[0])
	if err != nil {
		t.Fatalf("follow the match's lines: %v", err)
	}
	for i, line := range g.lines[1:] {
		if err := f.Line(line); err != nil {
			t.Fatalf("follow the match's line %d: %v", i+2, err)
		}
	}
	if !f.Done() {
		t.Fatal("the follower did not read the result")
	}
	g.sameTimeline(t, "the followed stream", f.Recording().Timeline, true)
}

// everyKeyframe is the match's replay with a keyframe after every step.
func (g *match) everyKeyframe(t testing.TB) []byte {
	t.Helper()
	if g.every != nil {
		return g.every
	}
	var b bytes.Buffer
	w, err := game.NewReplayWriter(&b, g.replay.Header)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range g.frames[1:] {
		if err := w.Step(f, nil, false); err != nil {
			t.Fatal(err)
		}
		if err := w.Keyframe(i+1, g.states[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Finish(g.result, g.last()); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	g.every = b.Bytes()
	return g.every
}

// diffFrames says how got differs from want, "" when it does not; notes
// compares the players' notes too.
func diffFrames(want, got game.Frame, notes bool) string {
	switch {
	case want.Turn != got.Turn:
		return fmt.Sprintf("turn %d, expected %d", got.Turn, want.Turn)
	case !slices.Equal(want.ToMove, got.ToMove):
		return fmt.Sprintf("to move %v, expected %v", got.ToMove, want.ToMove)
	case !maps.Equal(want.Moves, got.Moves):
		return fmt.Sprintf("moves %q, expected %q", got.Moves, want.Moves)
	case notes && !sameJSON(want.Notes, got.Notes):
		return fmt.Sprintf("notes %+v, expected %+v", got.Notes, want.Notes)
	case !reflect.DeepEqual(want.Events, got.Events):
		return "events: " + diffValues(want.Events, got.Events)
	case !reflect.DeepEqual(want.State, got.State):
		return "state: " + diffValues(want.State, got.State)
	case want.Over != got.Over || !reflect.DeepEqual(want.Result, got.Result):
		return fmt.Sprintf("over %v, result %+v; expected over %v, result %+v", got.Over, got.Result, want.Over, want.Result)
	}
	return ""
}

// diffReplays says how two replays of one game differ: header, steps,
// keyframes or result; "" when they do not.
func diffReplays(want, got *game.Replay) string {
	switch {
	case want.Header.Title != got.Header.Title || !sameJSON(want.Header.Config, got.Header.Config) || !slices.Equal(want.Header.Seats, got.Header.Seats):
		return fmt.Sprintf("header %+v, expected %+v", got.Header, want.Header)
	case len(want.Steps) != len(got.Steps):
		return fmt.Sprintf("%d steps, expected %d", len(got.Steps), len(want.Steps))
	case len(want.Keyframes) != len(got.Keyframes):
		return fmt.Sprintf("%d keyframes, expected %d", len(got.Keyframes), len(want.Keyframes))
	case !reflect.DeepEqual(want.Result, got.Result) || want.Turns != got.Turns:
		return fmt.Sprintf("result %+v after %d turns, expected %+v after %d", got.Result, got.Turns, want.Result, want.Turns)
	}
	for i := range want.Steps {
		a, b := want.Steps[i], got.Steps[i]
		if !maps.Equal(a.Moves, b.Moves) || a.Events != b.Events || !sameJSON(a.Notes, b.Notes) || a.Loaded != b.Loaded {
			return fmt.Sprintf("step %d: %+v, expected %+v", i+1, b, a)
		}
	}
	for turn, key := range want.Keyframes {
		if !sameJSON(key, got.Keyframes[turn]) {
			return fmt.Sprintf("the keyframe after step %d differs", turn)
		}
	}
	return ""
}

// diffValues shows two values that differ, as JSON where they encode.
func diffValues(want, got any) string {
	a, errA := json.Marshal(want)
	b, errB := json.Marshal(got)
	if errA != nil || errB != nil || bytes.Equal(a, b) {
		return fmt.Sprintf("\n got  %#v\n want %#v", got, want)
	}
	return diffText(a, b)
}

// diffText shows two texts that differ around their first difference.
func diffText(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(0, i-200)
	around := func(b []byte) string {
		to := min(len(b), i+200)
		s := string(b[from:to])
		if from > 0 {
			s = "…" + s
		}
		if to < len(b) {
			s += "…"
		}
		return s
	}
	return fmt.Sprintf("\n got  %s\n want %s", around(got), around(want))
}

// sameJSON reports whether a and b encode to the same JSON; two values
// that do not encode are not the same.
func sameJSON(a, b any) bool {
	x, errA := json.Marshal(a)
	y, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(x, y)
}

func specStrings(specs []game.SeatSpec) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.String()
	}
	return out
}

// seatsOf lists seats 0..n-1.
func seatsOf(n int) []game.Seat {
	out := make([]game.Seat, n)
	for i := range out {
		out[i] = game.Seat(i)
	}
	return out
}

// sortedSeats are a moves map's seats in order.
func sortedSeats(moves map[game.Seat]string) []game.Seat {
	out := slices.Collect(maps.Keys(moves))
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
