package game

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/gametest/hostile"
)

// teeRace plays a race into a replay file and returns the lines Tee handed
// over, with the turns the Watch hook saw.
func teeRace(t *testing.T, seats string, cfg Config) (lines [][]byte, watched []int, path string) {
	t.Helper()
	m, err := NewMatch(race{}, cfg, entrants(t, seats))
	require.NoError(t, err)
	path = filepath.Join(t.TempDir(), "race.arena")
	w, err := CreateReplay(path, m.Header())
	require.NoError(t, err)
	require.NoError(t, w.Tee(func(l []byte) error {
		lines = append(lines, bytes.Clone(l))
		return nil
	}))
	m.Replay = w
	m.Watch = func(eng Engine, f Frame) error {
		watched = append(watched, f.Turn)
		require.Equal(t, eng.Over(), f.Over)
		return nil
	}
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return lines, watched, path
}

func TestTeeHandsOverTheFileLines(t *testing.T) {
	t.Parallel()
	lines, watched, path := teeRace(t, "counter:1,counter:2", Config{Seed: 3, Options: map[string]string{"target": "130"}})
	raw, err := ReplayLimit.Gunzip(path, mustRead(t, path))
	require.NoError(t, err)
	require.Equal(t, string(raw), string(bytes.Join(lines, []byte("\n")))+"\n", "the sink gets the file's lines, byte for byte")
	require.Equal(t, 0, watched[0], "Watch sees the start")
	require.Len(t, watched, 88)
	require.Equal(t, 87, watched[87])
}

func TestFollowerRebuildsTheTimeline(t *testing.T) {
	t.Parallel()
	lines, _, path := teeRace(t, "counter:1,counter:2", Config{Seed: 3, Options: map[string]string{"target": "130"}})
	want, err := OpenFile(path)
	require.NoError(t, err)
	f, err := Follow(lines[0])
	require.NoError(t, err)
	require.True(t, f.Recording().Timeline.Live())
	for _, l := range lines[1:] {
		require.NoError(t, f.Line(l))
	}
	require.True(t, f.Done())
	got := f.Recording()
	require.False(t, got.Timeline.Live(), "the result finishes the timeline")
	require.Equal(t, want.Summary(), got.Summary())
	require.Equal(t, want.Timeline.Len(), got.Timeline.Len())
	for i := range want.Timeline.Len() {
		require.Equal(t, want.Timeline.Frame(i).State, got.Timeline.Frame(i).State, "turn %d", i)
	}
	require.Equal(t, 87, f.Turn())
	require.ErrorIs(t, f.Line(lines[3]), ErrAfterResult)
}

func TestFollowerRefusesWhatDoesNotFollow(t *testing.T) {
	t.Parallel()
	lines, _, _ := teeRace(t, "counter:1,counter:1", Config{Options: map[string]string{"target": "60"}})
	for _, c := range []struct {
		name   string
		header []byte
		lines  [][]byte
		want   string
	}{
		{"header", []byte(`{"format":"arena-replay","version":1,"title":"chess"}`), nil, `unknown game "chess"`},
		{"seats", []byte(`{"format":"arena-replay","version":1,"title":"race","config":{"seats":5}}`), nil, "5 seats; Race has 2"},
		{"gap", lines[0], [][]byte{lines[2]}, "step 2 out of order: expected step 1"},
		{"keyframe early", lines[0], [][]byte{lines[1], []byte(`{"keyframe":50,"state":{}}`)}, "keyframe 50 after step 1"},
		{"keyframe", lines[0], [][]byte{lines[1], []byte(`{"keyframe":1,"state":{"total":9}}`)}, "step 1: the game re-simulated differs"},
		{"events", lines[0], [][]byte{[]byte(`{"step":1,"moves":{"1":"1"},"events":"zzz"}`)}, "turn 1: the re-simulated step differs"},
		{"result", lines[0], [][]byte{lines[1], []byte(`{"result":{"winner":1,"ranking":[1,2],"reason":"target"},"turns":1}`)}, "re-simulated the game goes on"},
		{"junk", lines[0], [][]byte{[]byte(`{"step":`)}, "unexpected end of JSON input"},
	} {
		f, err := Follow(c.header)
		for _, l := range c.lines {
			if err == nil {
				err = f.Line(l)
			}
		}
		require.ErrorContains(t, err, c.want, c.name)
	}
}

func FuzzFollow(f *testing.F) {
	h := `{"format":"arena-replay","version":1,"title":"race","config":{"seats":2,"options":{"target":"8"}},"seats":["counter:1","counter:1"]}`
	f.Add([]byte(h + "\n" + `{"step":1,"moves":{"1":"3"}}` + "\n" + `{"step":2,"moves":{"2":"2"}}` + "\n" + `{"keyframe":2,"state":{"total":5,"to_move":0,"winner":0}}`))
	f.Add([]byte(h + "\n" + `{"step":1,"moves":{"1":"3"}}` + "\n" + `{"step":2,"moves":{"2":"3"}}` + "\n" + `{"step":3,"moves":{"1":"3"}}` + "\n" + `{"result":{"winner":1,"ranking":[1,2],"reason":"target"},"turns":3}`))
	for _, seed := range hostile.Inputs(h+"\n", 1<<20) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Split(data, []byte("\n"))
		fo, err := Follow(lines[0])
		if err != nil {
			return
		}
		for _, l := range lines[1:] {
			if fo.Line(l) != nil {
				return
			}
		}
		fo.Recording().Summary()
	})
}
