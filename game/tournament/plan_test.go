package tournament

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// play runs a tournament to its end: it plans, decides every match the
// plan has and no result yet with decide, and plans again, in a shuffled
// order of arrival, until the plan is done.
func play(t *testing.T, f *Format, decide func(m Match) Result) (*Plan, map[string]Result) {
	t.Helper()
	require.NoError(t, f.Check())
	results := map[string]Result{}
	rng := rand.New(rand.NewPCG(1, 2))
	for step := 0; ; step++ {
		require.Less(t, step, 10_000, "the plan never ends")
		p, err := f.Plan(results)
		require.NoError(t, err)
		var open []Match
		for _, m := range p.Matches {
			if _, ok := results[m.ID]; !ok {
				open = append(open, m)
			}
		}
		if len(open) == 0 {
			require.True(t, p.Done, "no match left to play, yet not done")
			return p, results
		}
		require.False(t, p.Done, "done with matches left: %v", open)
		// Only some of them arrive before the next plan.
		rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
		for _, m := range open[:max(1, len(open)/2)] {
			r := decide(m)
			r.ID = m.ID
			results[m.ID] = r
		}
	}
}

// stronger makes the entrant with the lower index win; the house beats
// everyone.
func stronger(m Match) Result {
	order := slices.Clone(m.Entrants)
	for i := range order {
		if order[i] == House {
			order[i] = -100
		}
	}
	seats := all(len(m.Entrants))
	slices.SortFunc(seats, func(a, b int) int { return order[a] - order[b] })
	r := Result{Ranking: make([]int, len(seats))}
	for i, s := range seats {
		r.Ranking[i] = s + 1
	}
	r.Winner = r.Ranking[0]
	return r
}

// draws makes every game a draw.
func draws(m Match) Result {
	r := Result{Ranking: []int{}}
	for i := range m.Entrants {
		r.Ranking = append(r.Ranking, i+1)
	}
	return r
}

func names(order []Placing) []int {
	var out []int
	for _, pl := range order {
		out = append(out, pl.Entrant)
	}
	return out
}

func places(order []Placing) []int {
	var out []int
	for _, pl := range order {
		out = append(out, pl.Place)
	}
	return out
}

// meetings counts the games of every pair of entrants.
func meetings(p *Plan) map[[2]int]int {
	out := map[[2]int]int{}
	for _, m := range p.Matches {
		for _, a := range m.Entrants {
			for _, b := range m.Entrants {
				if a < b {
					out[[2]int{a, b}]++
				}
			}
		}
	}
	return out
}

func TestRoundRobinMeetsEveryoneOnceWithByes(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 3, 4, 5, 8, 9} {
		f := Format{System: RoundRobin, Seats: 2, Entrants: n, Games: 1, Seed: 3}
		p, _ := play(t, &f, stronger)
		require.Len(t, meetings(p), n*(n-1)/2, "n=%d: every pair", n)
		for pair, c := range meetings(p) {
			require.Equal(t, 1, c, "n=%d: %v", n, pair)
		}
		rounds := n - 1 + n%2
		require.Len(t, p.Stages[0].Rounds, rounds)
		firsts := map[int]int{}
		for _, r := range p.Stages[0].Rounds {
			seen := map[int]bool{}
			for _, s := range r.Series {
				for _, e := range s.Entrants {
					require.False(t, seen[e], "n=%d: %d plays twice in %s", n, e, r.Name)
					seen[e] = true
				}
				firsts[s.Entrants[0]]++
			}
			require.Len(t, seen, n-n%2, "n=%d: one sits out a round of an odd field", n)
		}
		for e := range n {
			require.InDelta(t, float64(n-1)/2, firsts[e], 1, "n=%d: entrant %d's first seats", n, e)
		}
		require.Equal(t, all(n), names(p.Order), "the stronger ranks higher")
	}
}

func TestDoubleRoundRobinSwapsTheSeats(t *testing.T) {
	t.Parallel()
	f := Format{System: DoubleRoundRobin, Seats: 2, Entrants: 4, Games: 1}
	p, _ := play(t, &f, stronger)
	first := map[[2]int]int{}
	for _, m := range p.Matches {
		first[[2]int{m.Entrants[0], m.Entrants[1]}]++
	}
	for a := range 4 {
		for b := range 4 {
			if a != b {
				require.Equal(t, 1, first[[2]int{a, b}], "%d first against %d", a, b)
			}
		}
	}
	require.Len(t, p.Matches, 12)
}

func TestGamesRotateTheSeatsAndShareDeals(t *testing.T) {
	t.Parallel()
	f := Format{System: RoundRobin, Seats: 2, Entrants: 3, Games: 4, Seed: 9, Maps: []string{"canyon", "fields"}}
	p, _ := play(t, &f, stronger)
	byID := map[string]Match{}
	for _, m := range p.Matches {
		byID[m.ID] = m
	}
	g1, g2, g3 := byID["rr-r1-t1-g1"], byID["rr-r1-t1-g2"], byID["rr-r1-t1-g3"]
	require.Equal(t, []int{g1.Entrants[1], g1.Entrants[0]}, g2.Entrants, "game 2 swaps the seats")
	require.Equal(t, g1.Seed, g2.Seed, "a deal's games share the seed")
	require.Equal(t, "canyon", g2.Map)
	require.NotEqual(t, g1.Seed, g3.Seed, "game 3 is the next deal")
	require.Equal(t, "fields", g3.Map)
	other := byID["rr-r2-t1-g1"]
	require.Equal(t, g1.Seed, other.Seed, "every pairing of a round robin plays the same deals")

	f.Seeds = []int64{7, 11}
	p, _ = play(t, &f, stronger)
	for _, m := range p.Matches {
		require.Equal(t, []int64{7, 11}[(m.Game-1)/2%2], m.Seed, "the spec's seeds, deal by deal")
	}
}

// A round robin's ties are broken by the direct encounter, then wins, then
// Sonneborn-Berger, then the seed order.
func TestRoundRobinTieBreaks(t *testing.T) {
	t.Parallel()
	f := Format{System: RoundRobin, Seats: 2, Entrants: 4, Games: 1}
	// 3 beats 0; 0 beats 1 and 2; 1 beats 2 and 3; 2 draws 3. Points: 0, 1:
	// 2 each; 3: 1.5; 2: 0.5. 0 and 1 are level; 0 beat 1.
	beats := map[[2]int]bool{{3, 0}: true, {0, 1}: true, {0, 2}: true, {1, 2}: true, {1, 3}: true}
	p, results := play(t, &f, func(m Match) Result {
		a, b := m.Entrants[0], m.Entrants[1]
		switch {
		case beats[[2]int{a, b}]:
			return Result{Winner: 1, Ranking: []int{1, 2}}
		case beats[[2]int{b, a}]:
			return Result{Winner: 2, Ranking: []int{2, 1}}
		}
		return Result{Ranking: []int{1, 2}}
	})
	require.Equal(t, []int{0, 1, 3, 2}, names(p.Order))
	rows := f.Standings(p, results)
	require.Equal(t, 2.0, rows[0].Points)
	require.Equal(t, 2.0, rows[1].Points)
	require.Equal(t, 1, rows[2].Draws)
	require.Equal(t, []int{1, 2, 3, 4}, places(p.Order))

	// Reversed seeds do not change a tie that the direct encounter breaks.
	three := Format{System: RoundRobin, Seats: 2, Entrants: 3, Games: 1}
	p, _ = play(t, &three, draws)
	require.Equal(t, []int{0, 1, 2}, names(p.Order), "all level: the seed order")
}

func TestSwissAvoidsRematchesAndGivesByes(t *testing.T) {
	t.Parallel()
	for _, n := range []int{7, 8, 10} {
		f := Format{System: Swiss, Seats: 2, Entrants: n, Games: 1, Rounds: 4, Seed: 5}
		p, results := play(t, &f, stronger)
		for pair, c := range meetings(p) {
			require.Equal(t, 1, c, "n=%d: %v met twice", n, pair)
		}
		byes := map[int]int{}
		for _, r := range p.Stages[0].Rounds {
			played := map[int]bool{}
			for _, s := range r.Series {
				if s.Entrants[1] == Bye {
					byes[s.Entrants[0]]++
					require.Equal(t, []float64{1, 0}, s.Score, "a bye is worth a won pairing")
				}
				for _, e := range s.Entrants {
					require.False(t, played[e])
					played[e] = true
				}
			}
		}
		if n%2 == 1 {
			require.Len(t, byes, 4, "n=%d: four rounds, four different byes", n)
		}
		for e, c := range byes {
			require.Equal(t, 1, c, "%d had two byes", e)
		}
		require.Equal(t, 0, p.Order[0].Entrant, "the strongest wins a Swiss")
		rows := f.Standings(p, results)
		require.Equal(t, 4.0, rows[0].Points)
	}
	// Round 1 pairs the top half with the bottom half; round 2 pairs by
	// points.
	f := Format{System: Swiss, Seats: 2, Entrants: 8, Games: 1, Rounds: 3}
	require.NoError(t, f.Check())
	p, err := f.Plan(nil)
	require.NoError(t, err)
	var r1 [][]int
	for _, s := range p.Stages[0].Rounds[0].Series {
		r1 = append(r1, s.Entrants)
	}
	require.ElementsMatch(t, [][]int{{0, 4}, {5, 1}, {2, 6}, {7, 3}}, r1)
	require.Equal(t, 3*4, p.Estimate, "round 1 known, rounds 2 and 3 foreseen")
	results := map[string]Result{}
	for _, m := range p.Matches {
		results[m.ID] = stronger(m)
	}
	p, err = f.Plan(results)
	require.NoError(t, err)
	var r2 [][]int
	for _, s := range p.Stages[0].Rounds[1].Series {
		r2 = append(r2, []int{min(s.Entrants[0], s.Entrants[1]), max(s.Entrants[0], s.Entrants[1])})
	}
	require.ElementsMatch(t, [][]int{{0, 2}, {1, 3}, {4, 6}, {5, 7}}, r2, "winners meet winners, top half against bottom half")
}

func TestSingleEliminationByesAndPlaces(t *testing.T) {
	t.Parallel()
	f := Format{System: SingleElimination, Seats: 2, Entrants: 5, Games: 1, ThirdPlace: true}
	require.NoError(t, f.Check())
	p, err := f.Plan(nil)
	require.NoError(t, err)
	r1 := p.Stages[0].Rounds[0]
	require.Equal(t, "Quarter-finals", r1.Name)
	require.Equal(t, []int{0, Bye}, r1.Series[0].Entrants, "seed 1 meets the last place: a bye")
	require.Equal(t, []int{3, 4}, r1.Series[1].Entrants)
	require.True(t, r1.Series[0].Walkover)
	require.Equal(t, 0, r1.Series[0].Winner)
	require.Len(t, p.Matches, 2, "4 against 5 plays, and 2 against 3, who both had byes")
	p, _ = play(t, &f, stronger)
	require.Equal(t, []int{0, 1, 2, 3, 4}, names(p.Order))
	require.Equal(t, []int{1, 2, 3, 4, 5}, places(p.Order), "the playoff decides third and fourth; the quarter-final loser is fifth")

	f = Format{System: SingleElimination, Seats: 2, Entrants: 8, Games: 1}
	p, _ = play(t, &f, stronger)
	require.Equal(t, []int{1, 2, 3, 3, 5, 5, 5, 5}, places(p.Order), "without a playoff the semi-final losers share third")
}

// A level series plays deciders one at a time; when they are level too,
// the better seed goes through.
func TestDrawsInElimination(t *testing.T) {
	t.Parallel()
	f := Format{System: SingleElimination, Seats: 2, Entrants: 2, Games: 2, Deciders: 3}
	p, results := play(t, &f, draws)
	require.Len(t, p.Matches, 5, "two games and three deciders")
	s := p.Stages[0].Rounds[0].Series[0]
	require.Equal(t, 0, s.Winner, "all level: the better seed")
	require.Equal(t, []float64{2.5, 2.5}, s.Score)
	require.Len(t, results, 5)

	// The first decider that is not level decides.
	p, _ = play(t, &f, func(m Match) Result {
		if m.Game == 4 {
			return Result{Winner: slices.Index(m.Entrants, 1) + 1, Ranking: []int{slices.Index(m.Entrants, 1) + 1, slices.Index(m.Entrants, 0) + 1}}
		}
		return draws(m)
	})
	require.Len(t, p.Matches, 4)
	require.Equal(t, 1, p.Stages[0].Rounds[0].Series[0].Winner)
	require.Equal(t, []int{1, 0}, names(p.Order))
	require.Equal(t, []int{1, 0}, p.Matches[3].Entrants, "the second decider's seats")
}

func TestDoubleElimination(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 3, 4, 6, 8} {
		f := Format{System: DoubleElimination, Seats: 2, Entrants: n, Games: 1, Reset: true}
		p, results := play(t, &f, stronger)
		require.Equal(t, all(n), names(p.Order), "n=%d", n)
		rows := f.Standings(p, results)
		for _, r := range rows[1:] {
			require.Equal(t, 2, r.Losses, "n=%d: %d is out after two losses", n, r.Entrant)
		}
		require.LessOrEqual(t, rows[0].Losses, 1)
	}
	// The losers' champion beats the winners' champion: a reset decides.
	f := Format{System: DoubleElimination, Seats: 2, Entrants: 4, Games: 1, Reset: true}
	p, _ := play(t, &f, func(m Match) Result {
		if m.Series == "gf-r1-t1" || m.Series == "gf-r2-t1" {
			w := slices.Index(m.Entrants, 1) + 1
			return Result{Winner: w, Ranking: []int{w, 3 - w}}
		}
		return stronger(m)
	})
	last := p.Stages[0].Rounds[len(p.Stages[0].Rounds)-1]
	require.Equal(t, "Grand final reset", last.Name)
	require.Equal(t, []int{1, 0, 2, 3}, names(p.Order))
	require.Equal(t, []int{1, 2, 3, 4}, places(p.Order))
}

func TestHeatsForFourSeats(t *testing.T) {
	t.Parallel()
	f := Format{System: AIBG5, Seats: 4, Entrants: 16, Games: 4, Seed: 7}
	p, _ := play(t, &f, stronger)
	rounds := p.Stages[0].Rounds
	require.Equal(t, []string{"Groups", "Final"}, []string{rounds[0].Name, rounds[1].Name})
	require.Len(t, rounds[0].Series, 4)
	require.Len(t, p.Matches, 5*4)
	require.Equal(t, 0, p.Order[0].Entrant)
	require.Equal(t, []int{1, 2, 3, 4, 5, 5, 5, 5}, places(p.Order)[:8], "the groups' seconds share fifth")
	seen := map[int]bool{}
	for _, s := range rounds[0].Series {
		for _, e := range s.Entrants {
			require.False(t, seen[e])
			seen[e] = true
		}
	}
	require.Len(t, seen, 16, "every entrant in one group")

	// While the groups play, a group's winner stands above everyone still
	// to play, and those who went out below them.
	f = Format{System: AIBG5, Seats: 4, Entrants: 16, Games: 4, Seed: 7}
	plan, err := f.Plan(nil)
	require.NoError(t, err)
	last := plan.Stages[0].Rounds[0].Series[3]
	results := map[string]Result{}
	for _, m := range plan.Matches {
		if m.Series == last.ID {
			r := stronger(m)
			r.ID = m.ID
			results[m.ID] = r
		}
	}
	plan, err = f.Plan(results)
	require.NoError(t, err)
	winner := plan.Stages[0].Rounds[0].Series[3].Winner
	require.Equal(t, slices.Min(last.Entrants), winner)
	require.Equal(t, Placing{winner, 1}, plan.Order[0], "the group's winner leads while the other groups play")
	for _, pl := range plan.Order[len(plan.Order)-3:] {
		require.Contains(t, last.Entrants, pl.Entrant, "its others are out, below those still to play")
	}

	f = Format{System: SingleElimination, Seats: 4, Entrants: 6, Games: 4}
	require.ErrorContains(t, f.Check(), "house: 6 entrants make heats of 3 in round 1")
	f = Format{System: SingleElimination, Seats: 4, Entrants: 6, Games: 4, House: true}
	p, _ = play(t, &f, stronger)
	require.Contains(t, p.Matches[0].Entrants, House, "the house fills the seats")
	require.Equal(t, 0, p.Order[0].Entrant)
	for _, pl := range p.Order {
		require.GreaterOrEqual(t, pl.Entrant, 0, "the house is never placed")
	}
}

func TestRoundRobinOfFourSeatGames(t *testing.T) {
	t.Parallel()
	f := Format{System: RoundRobin, Seats: 4, Entrants: 5, Games: 4}
	p, results := play(t, &f, stronger)
	require.Len(t, p.Matches, 5*4, "5 groups of 4, 4 games each")
	require.Equal(t, all(5), names(p.Order))
	rows := f.Standings(p, results)
	require.Equal(t, 16, rows[0].Played)
	require.Equal(t, 16, rows[0].Wins)
	require.Equal(t, 16.0*3, rows[0].Points, "first place is worth 3")
	f = Format{System: RoundRobin, Seats: 4, Entrants: 3, Games: 1}
	require.ErrorContains(t, f.Check(), "set house")
}

func TestGuardAInsPoolsKnockOutAndThird(t *testing.T) {
	t.Parallel()
	f := Format{System: GuardAIns, Seats: 2, Entrants: 8, Games: 2, Draw: DrawSeeded}
	p, results := play(t, &f, stronger)
	require.Equal(t, []string{"Pool A", "Pool B", "Knock-out"}, []string{p.Stages[0].Name, p.Stages[1].Name, p.Stages[2].Name})
	require.Equal(t, []int{0, 3, 4, 7}, []int{p.Stages[0].Table[0].Entrant, p.Stages[0].Table[1].Entrant, p.Stages[0].Table[2].Entrant, p.Stages[0].Table[3].Entrant}, "snake pools: 1, 4, 5, 8")
	ko := p.Stages[2].Rounds
	require.Equal(t, []string{"Semi-finals", "Final", "Third place"}, []string{ko[0].Name, ko[1].Name, ko[2].Name})
	require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, names(p.Order))
	require.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8}, places(p.Order))
	require.Len(t, results, 2*(6+6)+2*4)
}

func TestAlienWarzRankingPlayInBracket(t *testing.T) {
	t.Parallel()
	f := Format{System: AlienWarz, Seats: 2, Entrants: 12, Games: 2, House: true}
	require.NoError(t, f.Check())
	// Entrant e beats the house when e < 9; the ranking puts them in order.
	p, _ := play(t, &f, func(m Match) Result {
		for i, e := range m.Entrants {
			if e == House {
				o := m.Entrants[1-i]
				if o < 9 {
					return Result{Winner: 2 - i, Ranking: []int{2 - i, i + 1}}
				}
				return Result{Winner: i + 1, Ranking: []int{i + 1, 2 - i}}
			}
		}
		return stronger(m)
	})
	require.Equal(t, []string{"Ranking", "Play-in", "Bracket"}, []string{p.Stages[0].Name, p.Stages[1].Name, p.Stages[2].Name})
	var playIn [][]int
	for _, s := range p.Stages[1].Rounds[0].Series {
		playIn = append(playIn, s.Entrants)
	}
	require.Equal(t, [][]int{{5, 10}, {6, 9}, {7, 8}}, playIn, "6th-11th, 7th-10th, 8th-9th")
	bracket := p.Stages[2].Rounds[0]
	require.Equal(t, "Quarter-finals", bracket.Name)
	require.Equal(t, []int{0, 7}, bracket.Series[0].Entrants, "the first against the last play-in winner")
	require.Equal(t, all(12)[:8], names(p.Order)[:8])
	require.Equal(t, []int{8, 9, 10, 11}, names(p.Order)[8:], "the play-in losers, then the rest of the ranking")
	require.Equal(t, []int{1, 2, 3, 3, 5, 5, 5, 5, 9, 9, 9, 12}, places(p.Order))
}

// The plan depends on the results, never on the order they came in.
func TestPlanIsAFunctionOfTheResults(t *testing.T) {
	t.Parallel()
	for _, sys := range Systems {
		f := Format{System: sys, Seats: 2, Entrants: 9, Seed: 11, House: true}
		if sys == AIBG5 {
			f.Seats = 4
		}
		p1, r1 := play(t, &f, stronger)
		p2, err := f.Plan(maps.Clone(r1))
		require.NoError(t, err)
		require.Equal(t, p1.Matches, p2.Matches, sys)
		require.Equal(t, p1.Order, p2.Order, sys)
		ids := map[string]bool{}
		for _, m := range p1.Matches {
			require.False(t, ids[m.ID], "%s: %s twice", sys, m.ID)
			ids[m.ID] = true
			require.Regexp(t, `^[a-z0-9-]+$`, m.ID)
		}
		require.Equal(t, len(p1.Matches), p1.Estimate, "%s: the estimate is exact at the end", sys)
		require.Len(t, p1.Order, 9, sys)
	}
}

func TestFormatErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		f    Format
		want string
	}{
		{Format{System: "league", Seats: 2, Entrants: 4}, `format: "league" is not a format`},
		{Format{System: RoundRobin, Seats: 2, Entrants: 1}, "entrant: 1 entrants"},
		{Format{System: DoubleElimination, Seats: 4, Entrants: 8}, "double-elimination pairs two players"},
		{Format{System: AIBG5, Seats: 2, Entrants: 8}, "aibg5 plays groups"},
		{Format{System: Swiss, Seats: 2, Entrants: 4, Rounds: 4}, "rounds: 4: a Swiss of 4 entrants plays 1 to 3 rounds"},
		{Format{System: RoundRobin, Seats: 2, Entrants: 4, Rounds: 4}, "only a swiss"},
		{Format{System: AlienWarz, Seats: 2, Entrants: 4}, "house: the alienwarz format"},
		{Format{System: GuardAIns, Seats: 2, Entrants: 4, Pools: 3}, "pools: 3 pools of 4"},
		{Format{System: RoundRobin, Seats: 2, Entrants: 4, Games: 1001}, "games: 1001"},
		{Format{System: RoundRobin, Seats: 2, Entrants: 4, Draw: "lots"}, `draw: "lots"`},
		{Format{System: RoundRobin, Seats: 4, Entrants: 4, Points: Points{Places: []float64{1, 0}}}, "places has 2 values"},
		{Format{System: RoundRobin, Seats: 2, Entrants: 1000, Games: 1000}, "about 499,500,000 matches"},
	} {
		err := c.f.Check()
		require.ErrorContains(t, err, c.want, fmt.Sprint(c.f))
	}
}
