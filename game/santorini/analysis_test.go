package santorini

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// mateIn1 has P1's worker on A1 at level 2 next to B1 at level 3.
const mateIn1 = "0000000000000000000023000/1/A1,E5/C5,E3"

// analyse runs an analysis of position s to depth and returns its reports.
func analyse(t *testing.T, s string, lines, depth int) []Analysis {
	t.Helper()
	b := position(t, s)
	var reports []Analysis
	err := NewCompetitive().Analyse(context.Background(), &b, lines, Limit{Depth: depth}, func(a Analysis) { reports = append(reports, a) })
	require.NoError(t, err)
	require.NotEmpty(t, reports)
	require.True(t, reports[len(reports)-1].Done, "the last report is Done")
	return reports
}

// TestAnalysisLines checks the MultiPV lines at every completed depth: as
// many as asked, legal from the position turn by turn, with distinct first
// turns, best first.
func TestAnalysisLines(t *testing.T) {
	for _, s := range []string{repaired, "0000001210012100010000000/2/B2,D4/C3,B4"} {
		b := position(t, s)
		reports := analyse(t, s, 3, 6)
		depths := 0
		for _, r := range reports {
			if !r.Complete {
				continue
			}
			depths++
			require.Equal(t, depths, r.Depth, "%s: the depths come in order", s)
			require.Len(t, r.Lines, 3, "%s depth %d", s, r.Depth)
			first := map[string]bool{}
			for i, l := range r.Lines {
				require.NotEmpty(t, l.Moves, "%s depth %d line %d", s, r.Depth, i+1)
				require.Equal(t, r.Depth, l.Depth)
				require.False(t, first[l.Moves[0].String()], "%s depth %d: line %d repeats %s", s, r.Depth, i+1, l.Moves[0])
				first[l.Moves[0].String()] = true
				if i > 0 {
					require.LessOrEqual(t, l.Score, r.Lines[i-1].Score, "%s depth %d: line %d scores above line %d", s, r.Depth, i+1, i)
				}
				require.InDelta(t, 0.5, l.Win, 0.5)
				at := b
				for j, tu := range l.Moves {
					next, err := at.Apply(tu)
					require.NoError(t, err, "%s depth %d line %d turn %d %s", s, r.Depth, i+1, j+1, tu)
					at = next
				}
			}
		}
		require.Equal(t, 6, depths, s)
		require.Positive(t, reports[len(reports)-1].NPS())
	}
}

// TestAnalysisMateInOne: a win in one is the first line at once, at 100%,
// and the other lines are searched.
func TestAnalysisMateInOne(t *testing.T) {
	reports := analyse(t, mateIn1, 3, 4)
	last := reports[len(reports)-1]
	require.Len(t, last.Lines, 3)
	l := last.Lines[0]
	require.Equal(t, 1, l.Mate)
	require.Equal(t, 1.0, l.Win)
	require.Equal(t, "win in 1", l.ScoreText())
	require.Equal(t, "A1 B1", l.Moves[0].String())
	require.True(t, l.Moves[0].Win)
	require.Less(t, last.Lines[1].Score, l.Score)
}

// TestAnalysisLosing: a side that cannot stop a win in one reports a loss
// at 0% in every line.
func TestAnalysisLosing(t *testing.T) {
	// P2 to move; P1 on A1 at level 2 threatens B1 and A2, both level 3.
	reports := analyse(t, "0000000000000003000023000/2/A1,E5/C5,E3", 3, 4)
	last := reports[len(reports)-1]
	require.Len(t, last.Lines, 3)
	for _, l := range last.Lines {
		require.Equal(t, -1, l.Mate, "%+v", l)
		require.Equal(t, 0.0, l.Win)
		require.Equal(t, "loss in 1", l.ScoreText())
	}
}

// TestAnalysisWinChance: the win chance follows the network's scale and
// is a half at an even score.
func TestAnalysisWinChance(t *testing.T) {
	c := NewCompetitive()
	require.Equal(t, 0.5, c.winChance(0))
	require.InDelta(t, 0.731, c.winChance(c.net.scale), 0.001)
	require.InDelta(t, 0.269, c.winChance(-c.net.scale), 0.001)
	require.Equal(t, 1.0, c.winChance(winValue-7))
	require.Equal(t, 0.0, c.winChance(-(winValue - 7)))
}

// TestAnalysisStopsOnCancel: an analysis without a bound stops within a few
// milliseconds of its context's end (the best of three tries: a machine
// busy with other work may be slow to run the goroutine that waits).
func TestAnalysisStopsOnCancel(t *testing.T) {
	b := position(t, repaired)
	best := time.Hour
	for range 3 {
		ctx, cancel := context.WithCancel(context.Background())
		returned := make(chan time.Time)
		var last Analysis
		go func() {
			err := NewCompetitive().Analyse(ctx, &b, 3, Limit{}, func(a Analysis) { last = a })
			if err != nil {
				panic(err)
			}
			returned <- time.Now()
		}()
		time.Sleep(200 * time.Millisecond)
		at := time.Now()
		cancel()
		took := (<-returned).Sub(at)
		t.Logf("stopped %v after the cancel, at depth %d", took, last.Depth)
		best = min(best, took)
		require.True(t, last.Done)
		require.Len(t, last.Lines, 3)
	}
	require.Less(t, best, 10*time.Millisecond)
}

// TestAnalystAnswersAndUpdates measures what the analysis board promises:
// the first report within 100 ms of a position change, and reports at
// least twice a second after.
func TestAnalystAnswersAndUpdates(t *testing.T) {
	a := NewAnalyst(3)
	defer a.Stop()
	for _, s := range []string{repaired, "0000001210012100010000000/2/B2,D4/C3,B4"} {
		a.Set(position(t, s))
		set := a.State().Since
		seen, at := 0, []time.Time{}
		for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			st := a.State()
			require.NoError(t, st.Err)
			if st.Reports > seen {
				seen = st.Reports
				require.Len(t, st.Latest.Lines, 3)
				first := map[Turn]bool{}
				for _, l := range st.Latest.Lines {
					require.False(t, first[l.Moves[0]], "%s report %d: %s twice, mid-depth too", s, seen, l.Moves[0])
					first[l.Moves[0]] = true
				}
				at = append(at, time.Now())
			}
		}
		require.NotEmpty(t, at, s)
		first := at[0].Sub(set)
		gap := time.Duration(0)
		for i := 1; i < len(at); i++ {
			gap = max(gap, at[i].Sub(at[i-1]))
		}
		gap = max(gap, time.Since(at[len(at)-1]))
		t.Logf("%s: first report after %v, %d reports in 2 s, longest gap %v, depth %d", s, first, len(at), gap, a.State().Latest.Depth)
		require.Less(t, first, 100*time.Millisecond, s)
		require.LessOrEqual(t, gap, 500*time.Millisecond, s)
		require.True(t, a.State().Running)
	}
	a.Stop()
	require.False(t, a.State().Running)
}

// TestAnalystOutOfPlay: a position out of play says why it has no analysis.
func TestAnalystOutOfPlay(t *testing.T) {
	a := NewAnalyst(3)
	a.Set(NewBoard())
	require.ErrorContains(t, a.State().Err, "P1 places the workers")
	b := position(t, mateIn1)
	b = play(t, b, "A1 B1 A1")
	a.Set(b)
	require.ErrorContains(t, a.State().Err, "P1 has won")
}
