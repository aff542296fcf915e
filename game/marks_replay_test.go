package game

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// drawing plays like its bot and draws its turn: marks, one of them wrong.
type drawing struct{ bot Player }

func (d drawing) Play(ctx context.Context, obs any) (Answer, error) {
	a, err := d.bot.Play(ctx, obs)
	n := Notes{Text: "drawn"}
	n.ParseMarks(fmt.Appendf(nil, `[{"kind":"arrow","at":[1,2],"to":[3,4],"color":"#0f0"},{"kind":"circle","at":[-1,0],"r":1.5},
		{"kind":"log","text":"total %d"},{"kind":"line","at":[0,0]}]`, obs.(*raceState).Total))
	a.Notes = &n
	return a, err
}

// A seat's marks are written in the replay beside its moves and read back
// as they were, what was cut included.
func TestReplayKeepsMarks(t *testing.T) {
	t.Parallel()
	es := entrants(t, "counter:1,counter:2")
	es[0].Player = drawing{es[0].Player}
	m, err := NewMatch(race{}, Config{Seed: 3, Options: map[string]string{"target": "30"}}, es)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "marks.arena")
	m.Replay, err = CreateReplay(path, m.Header())
	require.NoError(t, err)
	_, err = m.Run(context.Background())
	require.NoError(t, err)
	require.NoError(t, m.Replay.Close())
	rec, err := OpenFile(path)
	require.NoError(t, err)
	require.Equal(t, m.Timeline.Len(), rec.Timeline.Len())
	drawn := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		played, read := m.Timeline.Frame(i).Notes[0], rec.Timeline.Frame(i).Notes[0]
		require.Equal(t, played, read, "step %d", i)
		if len(read.Marks) > 0 {
			drawn++
			require.Len(t, read.Marks, 3)
			require.Equal(t, 1, read.Cut)
			require.Contains(t, read.CutWhy, "line mark needs its other end")
		}
	}
	require.Positive(t, drawn)
}
