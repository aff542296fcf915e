package game

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// runRace plays a race set up with the given flags to its end, or until
// stop turns have been played (stop > 0), and closes its files.
func runRace(t *testing.T, st Setup, stop int) (*Match, error) {
	t.Helper()
	m, done, err := st.Start()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if stop > 0 {
		go func() {
			for m.Timeline.Len() <= stop && ctx.Err() == nil {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		m.Seats[0].Player = sleeper(2)
		m.Seats[1].Player = sleeper(2)
	}
	_, runErr := m.Run(ctx)
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return m, runErr
	}
	return m, done()
}

func raceSetup(t *testing.T, out string) Setup {
	specs, err := ParseSeats(race{}, "counter:1,counter:1")
	require.NoError(t, err)
	return Setup{Title: race{}, Seats: specs, Out: out, Options: map[string]string{"target": "30"}}
}

// An unfinished game never replaces a replay that is there: it is kept
// under its temporary name, and the error says where.
func TestUnfinishedGameKeepsTheOldReplay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "keep.arena")
	_, err := runRace(t, raceSetup(t, out), 0)
	require.NoError(t, err)
	good := mustRead(t, out)

	_, err = runRace(t, raceSetup(t, out), 4)
	var kept *KeptError
	require.ErrorAs(t, err, &kept)
	require.Equal(t, []string{out, filepath.Join(dir, "keep.txt")}, kept.Paths, "the replay and its move file")
	require.Equal(t, good, mustRead(t, out), "the finished replay is untouched")
	rec, err := OpenFile(kept.Temps[0])
	require.NoError(t, err)
	require.Equal(t, "unfinished", rec.Summary().Reason)
	require.GreaterOrEqual(t, rec.Summary().Turns, 4)

	// Where nothing was, the unfinished game takes the path.
	fresh := filepath.Join(dir, "fresh.arena")
	_, err = runRace(t, raceSetup(t, fresh), 4)
	require.NoError(t, err)
	rec, err = OpenFile(fresh)
	require.NoError(t, err)
	require.Equal(t, "unfinished", rec.Summary().Reason)
}

// An output on an input is refused before anything is written.
func TestOutputOnAnInputIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m9 := filepath.Join(dir, "m9.map")
	require.NoError(t, os.WriteFile(m9, []byte("12\n"), 0o644))
	st := raceSetup(t, m9)
	st.Map = m9
	_, err := runRace(t, st, 0)
	require.ErrorIs(t, err, ErrOutputIsInput)
	require.ErrorContains(t, err, "--out "+m9+" is also --map")
	require.Equal(t, "12\n", string(mustRead(t, m9)))
	entries, _ := os.ReadDir(dir)
	require.Len(t, entries, 1, "nothing was written")

	first := filepath.Join(dir, "first.arena")
	_, err = runRace(t, raceSetup(t, first), 0)
	require.NoError(t, err)
	st = raceSetup(t, first)
	st.From = first
	_, err = runRace(t, st, 0)
	require.ErrorContains(t, err, "--out "+first+" is also --from")
}

// A replay holds the user's map: it opens anywhere, and an edited map does
// not change it.
func TestReplayKeepsTheUsersMap(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m9 := filepath.Join(dir, "m9.map")
	require.NoError(t, os.WriteFile(m9, []byte("12\n"), 0o644))
	out := filepath.Join(dir, "game.arena")
	st := raceSetup(t, out)
	st.Map = m9
	m, err := runRace(t, st, 0)
	require.NoError(t, err)
	require.Equal(t, 12, m.Timeline.Len()-1, "the map's target, 12, in steps of 1")
	require.NoError(t, os.WriteFile(m9, []byte("99\n"), 0o644))
	require.NoError(t, os.Remove(m9))
	rec, err := OpenFile(out)
	require.NoError(t, err)
	require.Equal(t, m.Timeline.Len()-1, rec.Summary().Turns)
	require.Equal(t, NewFile([]byte("12\n")), rec.Header.Config.Files[m9])

	// A damaged copy is an error, not another game.
	r, err := ReadReplay(out, mustRead(t, out))
	require.NoError(t, err)
	f := r.Header.Config.Files[m9]
	f.Data = []byte("13\n")
	r.Header.Config.Files[m9] = f
	_, err = r.Simulate()
	require.ErrorContains(t, err, "the replay's copy of "+m9+" is damaged")
}

// rewrite edits a replay's lines with edit and returns the new file.
func rewrite(t *testing.T, data []byte, edit func(lines []string) []string) []byte {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	lines := edit(strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n"))
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(strings.Join(lines, "\n") + "\n"))
	zw.Close()
	return b.Bytes()
}

// A replay whose re-simulation disagrees with what it recorded is an error
// that names the first turn that differs.
func TestReplayThatDisagreesIsAnError(t *testing.T) {
	t.Parallel()
	res, path := playRace(t, t.TempDir(), "counter:3,counter:2", Config{Seed: 7, Options: map[string]string{"target": "30"}})
	require.Equal(t, 2, res.Winner)
	data := mustRead(t, path)
	last := func(lines []string) int { return len(lines) - 1 }

	winner := rewrite(t, data, func(l []string) []string {
		l[last(l)] = strings.Replace(l[last(l)], `"winner":2`, `"winner":1`, 1)
		return l
	})
	_, err := Open("w.arena", winner)
	require.ErrorContains(t, err, "turn 12: the replay records P1 wins (target, ranking [2 1]), but re-simulated the game ends P2 wins (target, ranking [2 1])")

	// A move changed at turn 3: the digest of turn 3's events differs.
	moved := rewrite(t, data, func(l []string) []string {
		l[3] = strings.Replace(l[3], `"moves":{"1":"3"}`, `"moves":{"1":"2"}`, 1)
		return l
	})
	_, err = Open("m.arena", moved)
	require.ErrorContains(t, err, "turn 3: the re-simulated step differs from the recorded one")

	// A result line cut off from a game that goes on.
	early := rewrite(t, data, func(l []string) []string { return append(l[:6:6], l[last(l)]) })
	_, err = Open("e.arena", early)
	require.ErrorContains(t, err, "turn 5: the replay's result counts 12 turns, but it holds 5 steps")
}
