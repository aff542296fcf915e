package tournament

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Glickman's worked example ("Example of the Glicko-2 system", 2013): a
// player rated 1500 (RD 200, volatility 0.06) beats a 1400 (RD 30) and
// loses to a 1550 (RD 100) and a 1700 (RD 300), with tau 0.5.
func TestGlicko2WorkedExample(t *testing.T) {
	t.Parallel()
	p := Glicko{R: 1500, RD: 200, Sigma: 0.06}
	got := p.Update([]Outcome{
		{Glicko{R: 1400, RD: 30}, 1},
		{Glicko{R: 1550, RD: 100}, 0},
		{Glicko{R: 1700, RD: 300}, 0},
	}, 0.5)
	require.InDelta(t, 1464.06, got.R, 0.01)
	require.InDelta(t, 151.52, got.RD, 0.01)
	require.InDelta(t, 0.05999, got.Sigma, 0.00001)
}

// A period without games widens the deviation by the volatility (step 6
// alone): sqrt(phi^2 + sigma^2) on the Glicko-2 scale.
func TestGlicko2IdlePeriod(t *testing.T) {
	t.Parallel()
	got := Glicko{R: 1600, RD: 50, Sigma: 0.06}.Update(nil, 0.5)
	require.Equal(t, 1600.0, got.R)
	require.InDelta(t, 51.0749, got.RD, 0.0005) // 173.7178 * sqrt((50/173.7178)^2 + 0.06^2)
}

// The ratings of a tournament follow its rounds: the strongest entrant is
// rated highest, with a deviation that shrinks as it plays, whatever the
// order the results came in.
func TestTournamentRatings(t *testing.T) {
	t.Parallel()
	f := Format{System: RoundRobin, Seats: 2, Entrants: 5, Games: 2}
	p, results := play(t, &f, stronger)
	rows := f.Standings(p, results)
	for i := 1; i < len(rows); i++ {
		require.Greater(t, rows[i-1].Rating, rows[i].Rating)
	}
	require.Less(t, rows[0].RD, 350.0)
	again := Ratings(&f, p.Matches, results)
	require.InDelta(t, rows[0].Rating, again[0].R, 0.05)
}

// A game of four without a winner is a draw for its first two places, who
// share their places' points; the others lose.
func TestFourSeatScoring(t *testing.T) {
	t.Parallel()
	f := Format{System: RoundRobin, Seats: 4, Entrants: 4, Games: 1}
	require.NoError(t, f.Check())
	pts, wdl := f.score(&Result{Winner: 0, Ranking: []int{3, 1, 4, 2}}, 4)
	require.Equal(t, []float64{2.5, 0, 2.5, 1}, pts)
	require.Equal(t, []int{0, -1, 0, -1}, wdl)
	pts, wdl = f.score(&Result{Winner: 2, Ranking: []int{2, 1, 4, 3}}, 4)
	require.Equal(t, []float64{2, 3, 0, 1}, pts)
	require.Equal(t, []int{-1, 1, -1, -1}, wdl)
	pair := pairwise(&Result{Winner: 0, Ranking: []int{3, 1, 4, 2}}, 4)
	require.Equal(t, 0.5, pair[0][2])
	require.Equal(t, 1.0, pair[0][3])
	require.Equal(t, 0.0, pair[1][3])
}
