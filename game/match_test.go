package game

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arena-games/arena/game/gametest/hostile"
	"github.com/stretchr/testify/require"
)

// TestMain installs the tests' catalogue: the race, and the relay (a race
// whose seats the test connector remote holds too).
func TestMain(m *testing.M) {
	Install(Catalog{Titles: []Title{race{}, relay{}}, Connectors: []Connector{remote}})
	os.Exit(m.Run())
}

func entrants(t *testing.T, list string) []Entrant {
	t.Helper()
	specs, err := ParseSeats(race{}, list)
	require.NoError(t, err)
	var out []Entrant
	for i, s := range specs {
		var p Player
		if s.Kind == "human" {
			p = NewHuman()
		} else {
			p, err = race{}.NewBot(s.Kind, s.Strength, Seat(i), NewRand(1, uint64(i)))
			require.NoError(t, err)
		}
		out = append(out, Entrant{Spec: s, Player: p})
	}
	return out
}

func TestParseSeats(t *testing.T) {
	t.Parallel()
	specs, err := ParseSeats(race{}, "human, Counter:3")
	require.NoError(t, err)
	require.Equal(t, []SeatSpec{{Kind: "human"}, {Kind: "counter", Strength: "3"}}, specs)
	specs, err = ParseSeats(race{}, "counter,counter")
	require.NoError(t, err)
	require.Equal(t, "counter:1", specs[0].String(), "the default strength is filled in")
	_, err = ParseSeats(race{}, "human")
	require.ErrorContains(t, err, "Race has 2 seats, got 1")
	_, err = ParseSeats(race{}, "human,wizard")
	require.ErrorContains(t, err, `seat 2: unknown player "wizard" for Race (known: human, counter, sleeper)`)
	_, err = ParseSeats(race{}, "human:3,counter")
	require.ErrorContains(t, err, "human takes no strength")
}

// playRace runs a whole match into a replay and a move file in dir.
func playRace(t *testing.T, dir string, seats string, cfg Config) (Result, string) {
	t.Helper()
	m, err := NewMatch(race{}, cfg, entrants(t, seats))
	require.NoError(t, err)
	path := filepath.Join(dir, "race.arena")
	w, err := CreateReplay(path, m.Header())
	require.NoError(t, err)
	var moves bytes.Buffer
	m.Replay, m.Transcript = w, &moves
	res, err := m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NotEmpty(t, moves.String())
	return res, path
}

func TestMatchReplayRoundTrip(t *testing.T) {
	t.Parallel()
	res, path := playRace(t, t.TempDir(), "counter:3,counter:2", Config{Seed: 7, Options: map[string]string{"target": "118"}})
	require.Equal(t, Result{Winner: 1, Ranking: []int{1, 2}, Reason: "target"}, res)

	rec, err := OpenFile(path)
	require.NoError(t, err)
	sum := rec.Summary()
	require.Equal(t, Summary{Title: "race", Seed: 7, Turns: 47, Winner: 1, Ranking: []int{1, 2},
		Seats: []string{"counter:3", "counter:2"}, Players: []string{"counter:3", "counter:2"}, Reason: "target"}, sum)
	require.Equal(t, `{"title":"race","seed":7,"turns":47,"winner":1,"ranking":[1,2],"seats":["counter:3","counter:2"],"players":["counter:3","counter:2"],"reason":"target"}`, sum.JSON())
	f := rec.Timeline.Frame(10)
	require.Equal(t, 10, f.Turn)
	require.Equal(t, 25, f.State.(*raceState).Total)
	require.Equal(t, "counting", f.Notes[Seat(1)].Text, "notes travel with the replay")
	require.True(t, rec.Timeline.Last().Over)
}

func TestReplayKeyframeMismatchIsAnError(t *testing.T) {
	t.Parallel()
	_, path := playRace(t, t.TempDir(), "counter:1,counter:1", Config{Options: map[string]string{"target": "60"}})
	r, err := ReadReplay(path, mustRead(t, path))
	require.NoError(t, err)
	require.Contains(t, r.Keyframes, 50)
	r.Keyframes[50] = []byte(`{"total":99,"to_move":0,"winner":0}`)
	_, err = r.Simulate()
	require.ErrorContains(t, err, "step 50: the game re-simulated differs from the replay's keyframe")
}

func TestReplayAfterCrashKeepsEveryStep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m, err := NewMatch(race{}, Config{}, entrants(t, "counter:1,counter:1"))
	require.NoError(t, err)
	path := filepath.Join(dir, "crash.arena")
	w, err := CreateReplay(path, m.Header())
	require.NoError(t, err)
	m.Replay = w
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	// No Close: the process "crashed" after the last flush. The replay is
	// under its temporary name, and nothing is at its path.
	_, err = os.Stat(path)
	require.True(t, os.IsNotExist(err))
	data := mustRead(t, w.TempPath())
	rec, err := Open(path, data)
	require.NoError(t, err)
	require.Equal(t, 60, rec.Summary().Turns)

	// Cut anywhere: every complete step before the cut stays readable.
	full, err := gzip.NewReader(bytes.NewReader(data))
	require.NoError(t, err)
	_ = full
	last := -1
	for cut := 20; cut < len(data); cut += 7 {
		r, err := ReadReplay("cut", data[:cut])
		if err != nil {
			continue // cut inside the header
		}
		require.GreaterOrEqual(t, len(r.Steps), last, "a longer prefix never loses steps")
		last = len(r.Steps)
		_, err = r.Simulate()
		require.NoError(t, err)
	}
	require.Greater(t, last, 50)
}

func TestReplayErrors(t *testing.T) {
	t.Parallel()
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	cases := map[string]string{
		`{"format":"arena-replay","version":9,"title":"race","config":{"seed":0,"seats":2},"seats":[]}` + "\n":                     "line 1: header: replay format version 9; this Arena reads version 1: update Arena to open it",
		`{"format":"zip","version":1,"title":"race"}` + "\n":                                                                       `line 1: header: format "zip", expected "arena-replay"`,
		`{"format":"arena-replay","version":1,"title":"race","config":{"seats":2}}` + "\n" + `{"step":2,"moves":{"1":"1"}}` + "\n": "line 2: step 2 out of order: expected step 1",
		`{"format":"arena-replay","version":1,"title":"race","config":{"seats":2}}` + "\n" + `{"step":1,"moves":{"3":"1"}}` + "\n": `line 2: step 1: moves: seat "3": expected a seat number 1..2`,
		`{"format":"arena-replay","version":1,"title":"race","config":{"seats":2}}` + "\n" + `{"step":1}` + "\n":                   `line 2: step 1: expected "moves"`,
		`{"format":"arena-replay","version":1,"title":"chess","config":{"seats":2}}` + "\n":                                        `unknown game "chess"`,
		`{"format":"arena-replay","version":1,"title":"race","config":{"seats":2}}` + "\n" + `{"step":1,"moves":{"2":"1"}}` + "\n": "step 1: expected one move from P1",
	}
	for text, want := range cases {
		_, err := Open("x.arena", gz(text))
		require.ErrorContains(t, err, want, text)
		require.True(t, strings.HasPrefix(err.Error(), "x.arena: "), err.Error())
	}
	_, err := Open("notes.txt", []byte("hello"))
	require.ErrorContains(t, err, `notes.txt: not a known replay format (text starting "hello")`)
	_, err = Open("empty.txt", nil)
	require.ErrorContains(t, err, "empty.txt: the file is empty")
	_, err = Open("data.gz", gz(`{"kind":"something else"}`))
	require.ErrorContains(t, err, `data.gz: not a known replay format (gzip of JSON starting "{\"kind\":\"something else\"}")`)
	_, err = Open("bin.gz", gz("\x00\x01\x02"))
	require.ErrorContains(t, err, "bin.gz: not a known replay format (gzip of binary data)")
}

func TestHumanRetriesIllegalMoves(t *testing.T) {
	t.Parallel()
	m, err := NewMatch(race{}, Config{Options: map[string]string{"target": "4"}}, entrants(t, "human,counter:1"))
	require.NoError(t, err)
	h, ok := m.IsHuman(0)
	require.True(t, ok)
	done := make(chan Result)
	go func() {
		res, err := m.Run(context.Background())
		require.NoError(t, err)
		done <- res
	}()
	submit := func(move string) {
		require.Eventually(t, h.Waiting, 2*time.Second, time.Millisecond)
		require.True(t, h.Submit(move))
	}
	submit("7")
	var rejected error
	require.Eventually(t, func() bool { rejected = h.Rejected(); return rejected != nil }, 2*time.Second, time.Millisecond)
	require.ErrorIs(t, rejected, ErrRejected)
	require.ErrorContains(t, rejected, `move "7": expected 1, 2 or 3`)
	require.Equal(t, 1, m.Timeline.Len(), "an illegal human move is not played")
	submit("2")
	submit("1")
	res := <-done
	require.Equal(t, 1, res.Winner)
	require.False(t, h.Submit("1"), "nobody waits once the game is over")
}

func TestTimeLimitGivesTheEmptyMove(t *testing.T) {
	t.Parallel()
	seats := entrants(t, "sleeper:500,counter:1")
	seats[0].Limit = 20 * time.Millisecond
	m, err := NewMatch(race{}, Config{}, seats)
	require.NoError(t, err)
	res, err := m.Run(context.Background())
	require.NoError(t, err)
	require.Equal(t, Result{Winner: 2, Ranking: []int{2, 1}, Reason: "forfeit"}, res)
	require.Equal(t, "", m.Timeline.Last().Moves[0])
}

func TestPacerStepMode(t *testing.T) {
	t.Parallel()
	m, err := NewMatch(race{}, Config{Options: map[string]string{"target": "3"}}, entrants(t, "counter:1,counter:1"))
	require.NoError(t, err)
	m.Pace = NewPacer(PaceStep, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go m.Run(ctx)
	require.Eventually(t, func() bool { _, ok := m.Timeline.Next(0); return ok }, 2*time.Second, time.Millisecond)
	next, _ := m.Timeline.Next(0)
	require.Equal(t, "1", next.Moves[0], "the pending move is visible before it is played")
	require.Equal(t, "counting", next.Notes[0].Text)
	require.Equal(t, 1, m.Timeline.Len())
	m.Pace.Step()
	require.Eventually(t, func() bool { return m.Timeline.Len() == 2 }, 2*time.Second, time.Millisecond)
	m.Pace.SetMode(PaceRun)
	require.Eventually(t, func() bool { return !m.Timeline.Live() }, 2*time.Second, time.Millisecond)
	require.Equal(t, 4, m.Timeline.Len())
}

func TestPreludeIsRecordedAsLoaded(t *testing.T) {
	t.Parallel()
	m, err := NewMatch(race{}, Config{Options: map[string]string{"target": "10"}}, entrants(t, "counter:3,counter:3"))
	require.NoError(t, err)
	m.Prelude = []map[Seat]string{{0: "1"}, {1: "2"}}
	var b bytes.Buffer
	w, err := NewReplayWriter(&b, m.Header())
	require.NoError(t, err)
	m.Replay = w
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	r, err := ReadReplay("p", b.Bytes())
	require.NoError(t, err)
	require.True(t, r.Steps[0].Loaded)
	require.True(t, r.Steps[1].Loaded)
	require.False(t, r.Steps[2].Loaded)
	require.Equal(t, 3, m.Timeline.Frame(2).State.(*raceState).Total)
}

func TestRandIsDeterministic(t *testing.T) {
	t.Parallel()
	a, b, c := NewRand(5, 1), NewRand(5, 1), NewRand(5, 2)
	x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
	require.Equal(t, x, y)
	require.NotEqual(t, x, z)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

func FuzzOpenReplay(f *testing.F) {
	var b bytes.Buffer
	h := Header{Format: ReplayFormat, Version: 1, Title: "race", Config: Config{Seats: 2}, Seats: []string{"counter:1", "counter:1"}, LimitMS: []int64{0, 20}}
	w, _ := NewReplayWriter(&b, h)
	w.Step(Frame{Turn: 1, Moves: map[Seat]string{0: "3"}}, nil, false)
	w.Step(Frame{Turn: 2, Moves: map[Seat]string{1: "2"}, Notes: map[Seat]Notes{1: {Text: "x"}}}, map[Seat]time.Duration{1: 7 * time.Millisecond}, false)
	w.Close()
	f.Add(b.Bytes())
	f.Add([]byte{0x1f, 0x8b, 1, 2, 3})
	for _, seed := range hostile.Inputs(`{"format":"arena-replay","version":1,"title":"race"}`+"\n", ReplayLimit.Max) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Open("fuzz.arena", data)
		if err == nil {
			rec.Summary()
		}
	})
}

// closer is a player from a test connector that records being closed.
type closer struct {
	counter
	closed *atomic.Bool
}

var _ io.Closer = closer{}

func (c closer) Close() error { c.closed.Store(true); return nil }

// relay is the race under another name, whose seats remote holds too.
type relay struct{ race }

func (relay) ID() string   { return "relay" }
func (relay) Name() string { return "Relay" }

// remoteClosed records that a player of remote was closed.
var remoteClosed atomic.Bool

// remote is a test connector: its player adds the length of its settings
// a turn.
var remote = Connector{Kind: "remote", About: "a test player", Usage: "remote:STEP",
	Serves: func(t Title) bool { return t.ID() == "relay" },
	New: func(t Title, settings string, seat Seat, logs string) (Player, error) {
		return closer{counter: counter(len(settings)), closed: &remoteClosed}, nil
	}}

func TestConnectorsPlaySeats(t *testing.T) {
	t.Parallel()
	remoteClosed.Store(false)
	_, err := ParseSeats(relay{}, "remote,counter")
	require.ErrorContains(t, err, "remote needs its settings: remote:STEP")
	specs, err := ParseSeats(relay{}, "remote:a:c,counter:1")
	require.NoError(t, err)
	require.Equal(t, SeatSpec{Kind: "remote", Strength: "a:c"}, specs[0], "everything after the kind is the settings")
	m, done, err := Setup{Title: relay{}, Seats: specs, Options: map[string]string{"target": "59"}}.Start()
	require.NoError(t, err)
	res, err := m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, done())
	require.Equal(t, 1, res.Winner, "the connector's player adds 3 a turn: %+v %v", res, m.Timeline.Frame(1).Moves)
	require.True(t, remoteClosed.Load(), "outside players are closed when the match ends")
	_, err = ParseSeats(relay{}, "wizard,counter")
	require.ErrorContains(t, err, "(known: human, counter, sleeper, remote)")
}

// A person who sends illegal moves again and again is refused up to the
// seat's bound; past it, the move goes to the engine, which penalises it
// as the rules say (the race: a forfeit).
func TestRefusalsAreBounded(t *testing.T) {
	t.Parallel()
	seats := entrants(t, "human,counter:1")
	seats[0].Refusals = 2
	m, err := NewMatch(race{}, Config{}, seats)
	require.NoError(t, err)
	h, _ := m.IsHuman(0)
	done := make(chan Result, 1)
	go func() {
		res, err := m.Run(context.Background())
		require.NoError(t, err)
		done <- res
	}()
	for i := range 3 {
		require.Eventually(t, func() bool { return h.Submit("7") }, 2*time.Second, time.Millisecond)
		if i < 2 {
			require.Eventually(t, func() bool { return h.Rejected() != nil }, 2*time.Second, time.Millisecond, "refusal %d", i+1)
		}
	}
	var res Result
	select {
	case res = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the third illegal move was refused too: the match still waits")
	}
	require.Equal(t, Result{Winner: 2, Ranking: []int{2, 1}, Reason: "forfeit"}, res)
	require.Equal(t, "7", m.Timeline.Frame(1).Moves[0], "the third illegal move was played")
}

// A copy of a replay (the viewer's Keep a copy, the browser's download)
// keeps its players' names, and a replay without names stays without.
func TestSaveKeepsThePlayersNames(t *testing.T) {
	t.Parallel()
	_, path := playRace(t, t.TempDir(), "counter:3,counter:2", Config{Seed: 7, Options: map[string]string{"target": "30"}})
	rec, err := OpenFile(path)
	require.NoError(t, err)
	copied := filepath.Join(t.TempDir(), "copy.arena")
	require.NoError(t, Save(rec, copied))
	again, err := OpenFile(copied)
	require.NoError(t, err)
	require.Empty(t, again.Header.Players, "no names where there were none")

	rec.Header.Players = []string{"Quiffs", "counter:2"}
	named := filepath.Join(t.TempDir(), "named.arena")
	require.NoError(t, Save(rec, named))
	again, err = OpenFile(named)
	require.NoError(t, err)
	require.Equal(t, []string{"Quiffs", "counter:2"}, again.Header.Players)
}
