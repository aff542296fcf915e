package tournament

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// The statistics of a match between two players: the score of a record,
// Elo of a score and back, and the score's Wilson interval.
func TestEloAndItsInterval(t *testing.T) {
	t.Parallel()
	require.Equal(t, 0.5, WDL{}.Score())
	require.InDelta(t, 2.5/3, WDL{Wins: 2, Draws: 1}.Score(), 1e-12)
	require.Equal(t, 4, WDL{Wins: 1, Draws: 2, Losses: 1}.Games())

	require.Equal(t, 0.0, ScoreElo(0.5))
	require.False(t, math.Signbit(ScoreElo(0.5)), "no negative zero")
	require.InDelta(t, 190.85, ScoreElo(0.75), 0.01)
	require.InDelta(t, -190.85, ScoreElo(0.25), 0.01)
	require.InDelta(t, 1199.8, ScoreElo(1), 0.1, "within ±1200")
	require.InDelta(t, -1199.8, ScoreElo(0), 0.1)
	require.InDelta(t, 0.5, EloScore(0), 1e-12)
	require.InDelta(t, 0.909, EloScore(400), 0.001)
	require.InDelta(t, 0.75, EloScore(ScoreElo(0.75)), 1e-12)

	lo, hi := WDL{Wins: 50, Losses: 50}.Interval()
	require.InDelta(t, 0.404, lo, 0.001)
	require.InDelta(t, 0.596, hi, 0.001)
	lo, hi = WDL{Wins: 20}.Interval()
	require.InDelta(t, 0.839, lo, 0.001)
	require.Equal(t, 1.0, hi)
}

// The sequential test: its bounds, its log-likelihood ratio and when it
// decides.
func TestSPRT(t *testing.T) {
	t.Parallel()
	s := SPRT{Elo0: 0, Elo1: 30, Alpha: 0.05, Beta: 0.05}
	lower, upper := s.Bounds()
	require.InDelta(t, math.Log(19), upper, 1e-9)
	require.InDelta(t, -math.Log(19), lower, 1e-9)
	require.Zero(t, s.LLR(WDL{}))
	require.Equal(t, Undecided, s.Decide(WDL{Wins: 3, Losses: 1}), "four games decide nothing")
	require.Equal(t, AcceptH1, s.Decide(WDL{Wins: 300, Losses: 100}))
	require.Equal(t, AcceptH0, s.Decide(WDL{Wins: 500, Losses: 500}))
	require.Greater(t, s.LLR(WDL{Wins: 60, Losses: 40}), s.LLR(WDL{Wins: 50, Losses: 50}))
}
