package game

import (
	"bytes"
	"compress/gzip"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A match records each seat's thinking time per move and its limit: the
// frames hold them, the replay keeps them, and a follower of the replay's
// lines (a server's spectators) gets the same; a copy saved keeps them.
func TestMoveTimesAreRecorded(t *testing.T) {
	t.Parallel()
	seats := entrants(t, "sleeper:30,sleeper:500")
	seats[0].Limit, seats[1].Limit = time.Second, 40*time.Millisecond
	m, err := NewMatch(race{}, Config{}, seats)
	require.NoError(t, err)
	var file bytes.Buffer
	w, err := NewReplayWriter(&file, m.Header())
	require.NoError(t, err)
	var lines [][]byte
	require.NoError(t, w.Tee(func(l []byte) error { lines = append(lines, bytes.Clone(l)); return nil }))
	m.Replay = w
	res, err := m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.Equal(t, "forfeit", res.Reason, "the slow seat ran out of time")
	require.Equal(t, []int64{1000, 40}, m.Header().LimitMS)

	check := func(what string, tl *Timeline) {
		t.Helper()
		require.Equal(t, 3, tl.Len(), what)
		require.Nil(t, tl.Frame(0).Took, what)
		first, second := tl.Frame(1).Took, tl.Frame(2).Took
		require.Len(t, first, 1, what)
		require.GreaterOrEqual(t, first[0], 30*time.Millisecond, what)
		require.Less(t, first[0], time.Second, what)
		require.Len(t, second, 1, what)
		require.GreaterOrEqual(t, second[1], 40*time.Millisecond, what+": the late seat took its whole limit")
		require.Less(t, second[1], 500*time.Millisecond, what+": and no more")
	}
	check("the match", m.Timeline)

	r, err := ReadReplay("t.arena", file.Bytes())
	require.NoError(t, err)
	require.Equal(t, []int64{1000, 40}, r.Header.LimitMS)
	require.Equal(t, 40*time.Millisecond, r.Header.Limit(1))
	require.Zero(t, r.Header.Limit(5))
	rec, err := r.Simulate()
	require.NoError(t, err)
	check("the replay", rec.Timeline)
	// Milliseconds, as the match measured them.
	require.Equal(t, m.Timeline.Frame(2).Took[1].Milliseconds(), rec.Timeline.Frame(2).Took[1].Milliseconds())

	f, err := Follow(lines[0])
	require.NoError(t, err)
	for _, l := range lines[1:] {
		require.NoError(t, f.Line(l))
	}
	require.True(t, f.Done())
	check("the stream", f.Recording().Timeline)
	require.Equal(t, []int64{1000, 40}, f.Recording().Header.LimitMS)

	var copied bytes.Buffer
	require.NoError(t, WriteReplay(rec, &copied))
	again, err := Open("copy.arena", copied.Bytes())
	require.NoError(t, err)
	check("a saved copy", again.Timeline)
	require.Equal(t, []int64{1000, 40}, again.Header.LimitMS)
}

// rawReplay gzips replay lines.
func rawReplay(t *testing.T, lines ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	for _, l := range lines {
		_, err := z.Write([]byte(l + "\n"))
		require.NoError(t, err)
	}
	require.NoError(t, z.Close())
	return b.Bytes()
}

const raceHeader = `{"format":"arena-replay","version":1,"title":"race","config":{"seed":1,"seats":2},"seats":["counter:1","counter:1"]`

// A replay written before times were recorded opens without them; bad
// times are refused with the line, the step and the seat.
func TestMoveTimesInOlderAndBadReplays(t *testing.T) {
	t.Parallel()
	old, err := Open("old.arena", rawReplay(t, raceHeader+`}`, `{"step":1,"moves":{"1":"1"}}`, `{"step":2,"moves":{"2":"2"}}`))
	require.NoError(t, err)
	require.Equal(t, 3, old.Timeline.Len())
	require.Nil(t, old.Timeline.Frame(1).Took)
	require.Nil(t, old.Header.LimitMS)

	for _, c := range []struct {
		lines []string
		want  string
	}{
		{[]string{raceHeader + `}`, `{"step":1,"moves":{"1":"1"},"ms":{"1":-5}}`}, `bad.arena: line 2: step 1: ms: seat 1 took -5: expected 0..8640000000 milliseconds`},
		{[]string{raceHeader + `}`, `{"step":1,"moves":{"1":"1"},"ms":{"3":5}}`}, `bad.arena: line 2: step 1: ms: seat "3": expected a seat number 1..2`},
		{[]string{raceHeader + `}`, `{"step":1,"moves":{"1":"1"},"ms":{"1":"x"}}`}, `bad.arena: line 2:`},
		{[]string{raceHeader + `,"limit_ms":[1000]}`}, `bad.arena: line 1: header: limit_ms: 1 values for 2 seats: expected one a seat`},
		{[]string{raceHeader + `,"limit_ms":[1000,-1]}`}, `bad.arena: line 1: header: limit_ms: seat 2: -1: expected 0..8640000000 milliseconds (0: no limit)`},
	} {
		_, err := ReadReplay("bad.arena", rawReplay(t, c.lines...))
		require.ErrorContains(t, err, c.want)
	}
	r, err := ReadReplay("ok.arena", rawReplay(t, raceHeader+`,"limit_ms":[0,250]}`, `{"step":1,"moves":{"1":"1"},"ms":{"1":12}}`))
	require.NoError(t, err)
	require.Equal(t, map[Seat]time.Duration{0: 12 * time.Millisecond}, r.Steps[0].Took)
	require.Zero(t, r.Header.Limit(0))
	require.Equal(t, 250*time.Millisecond, r.Header.Limit(1))
}
