package game

import (
	"context"
	"maps"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTakeOverAtATurn continues a replay from its turn 10 with other
// players: the new replay names its origin, its first ten steps are the
// original's (moves, notes and times, loaded), and the players play on.
func TestTakeOverAtATurn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, path := playRace(t, dir, "counter:3,counter:2", Config{Seed: 7, Options: map[string]string{"target": "118"}})
	orig, err := OpenFile(path)
	require.NoError(t, err)
	require.Nil(t, orig.Header.Origin, "a game played from its start has no origin")

	turn := 10
	specs, err := ParseSeats(race{}, "counter:1,counter:1")
	require.NoError(t, err)
	out := filepath.Join(dir, "took.arena")
	m, closeFiles, err := Setup{Title: race{}, Seats: specs, Seed: 99, From: path, FromTurn: &turn, Out: out}.Start()
	require.NoError(t, err)
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, closeFiles())

	rec, err := OpenFile(out)
	require.NoError(t, err)
	require.Equal(t, &Origin{Replay: path, Turn: 10}, rec.Header.Origin)
	require.Equal(t, orig.Header.Config.Seed, rec.Header.Config.Seed, "the game's own seed")
	require.Contains(t, rec.Summary().JSON(), `"origin":{"replay":"`+path+`","turn":10}`)
	for i := 1; i <= turn; i++ {
		require.Equal(t, orig.Timeline.Frame(i).Moves, rec.Timeline.Frame(i).Moves, "step %d", i)
		require.Equal(t, orig.Timeline.Frame(i).Notes, rec.Timeline.Frame(i).Notes, "step %d", i)
		require.NotNil(t, orig.Timeline.Frame(i).Took)
		require.Equal(t, orig.Timeline.Frame(i).Took, rec.Timeline.Frame(i).Took, "step %d: the players' times", i)
	}
	require.NotEqual(t, orig.Timeline.Len(), rec.Timeline.Len(), "the other players played on differently")
	r, err := ReadReplay(out, mustRead(t, out))
	require.NoError(t, err)
	require.True(t, r.Steps[turn-1].Loaded)
	require.False(t, r.Steps[turn].Loaded)

	// Saved again (Save replay as…), it keeps its origin.
	again := filepath.Join(dir, "again.arena")
	require.NoError(t, Save(rec, again))
	rec2, err := OpenFile(again)
	require.NoError(t, err)
	require.Equal(t, rec.Header.Origin, rec2.Header.Origin)
}

// TestTakeOverErrors: another game, a turn beyond the end, and a
// recording whose moves do not make its states are refused, naming it.
func TestTakeOverErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, path := playRace(t, dir, "counter:3,counter:2", Config{Options: map[string]string{"target": "30"}})
	rec, err := OpenFile(path)
	require.NoError(t, err)
	last := rec.Timeline.Len() - 1

	_, _, _, err = Setup{Title: relay{}, From: path}.Continued()
	require.ErrorContains(t, err, path+": a Race game, expected one of Relay")
	beyond := last + 1
	_, _, _, err = Setup{Title: race{}, From: path, FromTurn: &beyond}.Continued()
	require.ErrorContains(t, err, "turn "+strconv.Itoa(beyond)+": "+path+" has turns 0 to "+strconv.Itoa(last))
	steps, turn, err := rec.StepsTo(-1)
	require.NoError(t, err)
	require.Equal(t, last, turn, "no turn: the end")
	require.Len(t, steps, last)

	// A recording whose frame 3 shows what its moves do not make.
	tl := NewTimeline(rec.Timeline.Frame(0), true)
	for i := 1; i <= last; i++ {
		f := rec.Timeline.Frame(i)
		if i == 3 {
			f.Moves = maps.Clone(f.Moves)
			for s := range f.Moves {
				f.Moves[s] = "1"
				if rec.Timeline.Frame(i).Moves[s] == "1" {
					f.Moves[s] = "2"
				}
			}
		}
		tl.Append(f)
	}
	bad := &Recording{Title: race{}, Header: rec.Header, Timeline: tl, Source: "a test's frames", File: "bad.log"}
	_, _, err = bad.StepsTo(2)
	require.NoError(t, err, "up to turn 2 it plays again")
	_, _, err = bad.StepsTo(4)
	require.ErrorContains(t, err, "bad.log (a test's frames) cannot be played again from its moves: at turn 3 its moves make another state than the file's")
	// A recording without the moves of turn 5.
	holes := &Recording{Title: race{}, Header: rec.Header, Timeline: NewTimeline(rec.Timeline.Frame(0), true), Source: "x", File: "x.log"}
	for i := 1; i <= 5; i++ {
		f := rec.Timeline.Frame(i)
		if i == 5 {
			f.Moves = nil
		}
		holes.Timeline.Append(f)
	}
	_, _, err = holes.StepsTo(5)
	require.ErrorContains(t, err, "turn 5 holds no move of P")
}
