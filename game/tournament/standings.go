package tournament

import (
	"cmp"
	"slices"
)

// Row is one entrant's line in a stage's table or in the standings.
type Row struct {
	Place   int     `json:"place"`
	Entrant int     `json:"entrant"`
	Name    string  `json:"name"`
	Seat    string  `json:"seat,omitempty"`
	Played  int     `json:"played"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Points  float64 `json:"points"`
	Rating  float64 `json:"rating"`
	RD      float64 `json:"rd"`
	// Buchholz (the sum of the opponents' points) and Sonneborn-Berger
	// (the opponents' points weighted by the points taken from them) are
	// tie-breaks.
	Buchholz        float64 `json:"buchholz,omitempty"`
	SonnebornBerger float64 `json:"sonneborn_berger,omitempty"`
}

// tally is what one entrant did in a set of games.
type tally struct {
	played, wins, draws, losses int
	points                      float64
	// vs is the points taken from each opponent (House included) in
	// head-to-head terms, games the number of games against them.
	vs, games map[int]float64
	// met is the opponent of each two-sided series played, for Buchholz.
	met []int
	// first counts the games played in the first seat, for colours.
	first int
}

// bye is a bye's points, credited without a game.
type bye struct {
	stage, entrant int
	points         float64
}

type metKey struct {
	series string
	e, o   int
}

// tallies counts the games of stage st (every stage when st < 0) by
// entrant (House included); byes credit points without games.
func (p *planner) tallies(st int) map[int]*tally {
	t := map[int]*tally{}
	get := func(e int) *tally {
		if t[e] == nil {
			t[e] = &tally{vs: map[int]float64{}, games: map[int]float64{}}
		}
		return t[e]
	}
	met := map[metKey]bool{}
	for _, m := range p.plan.Matches {
		if st >= 0 && m.Stage != st {
			continue
		}
		r, ok := p.results[m.ID]
		if !ok {
			continue
		}
		pts, wdl := p.f.score(&r, len(m.Entrants))
		pair := pairwise(&r, len(m.Entrants))
		for i, e := range m.Entrants {
			a := get(e)
			a.played++
			a.points += pts[i]
			switch wdl[i] {
			case 1:
				a.wins++
			case 0:
				a.draws++
			default:
				a.losses++
			}
			if i == 0 {
				a.first++
			}
			for j, o := range m.Entrants {
				if j == i {
					continue
				}
				a.games[o]++
				if len(m.Entrants) == 2 {
					a.vs[o] += pts[i]
					if k := (metKey{m.Series, e, o}); !met[k] {
						met[k] = true
						a.met = append(a.met, o)
					}
				} else {
					a.vs[o] += pair[i][j]
				}
			}
		}
	}
	for _, b := range p.plan.byes {
		if st < 0 || b.stage == st {
			get(b.entrant).points += b.points
		}
	}
	return t
}

// pairwise is each seat's score against each other seat of a game: 1 for
// finishing ahead, 0.5 each for the first two of a game without a winner.
func pairwise(r *Result, seats int) [][]float64 {
	out := make([][]float64, seats)
	for i := range out {
		out[i] = make([]float64, seats)
	}
	place := make([]int, seats)
	for i := range place {
		place[i] = seats // unranked: last
	}
	for pl, n := range r.Ranking {
		if n >= 1 && n <= seats {
			place[n-1] = pl
		}
	}
	for i := range seats {
		for j := range seats {
			switch {
			case i == j:
			case r.Winner == 0 && place[i] <= 1 && place[j] <= 1, place[i] == place[j]:
				out[i][j] = 0.5
			case place[i] < place[j]:
				out[i][j] = 1
			}
		}
	}
	return out
}

// A criterion scores each entrant of a tied group; more is better.
type criterion func(group []int, t map[int]*tally) map[int]float64

// The tie-break chains: each table ranks by its first criterion, then
// breaks ties with the next, and lastly by the seed order.
var (
	// chainRoundRobin follows FIDE's round-robin order: points, the direct
	// encounter, wins, Sonneborn-Berger.
	chainRoundRobin = []criterion{byPoints, byDirect, byWins, bySB}
	// chainSwiss follows FIDE's Swiss order: points, Buchholz,
	// Sonneborn-Berger, then wins.
	chainSwiss = []criterion{byPoints, byBuchholz, bySB, byWins}
	// chainPools ranks GuardAIns's pools by wins, as its leader boards did,
	// then points, the direct encounter and Sonneborn-Berger.
	chainPools = []criterion{byWins, byPoints, byDirect, bySB}
	// chainGroups ranks games of more than two seats, and AlienWarz's
	// ranking against the house bot: points, then wins.
	chainGroups = []criterion{byPoints, byWins}
)

func byPoints(g []int, t map[int]*tally) map[int]float64 {
	return each(g, t, func(a *tally) float64 { return a.points })
}

func byWins(g []int, t map[int]*tally) map[int]float64 {
	return each(g, t, func(a *tally) float64 { return float64(a.wins) })
}

// byDirect is the points taken from the others of the group.
func byDirect(g []int, t map[int]*tally) map[int]float64 {
	return each(g, t, func(a *tally) float64 {
		s := 0.0
		for _, o := range g {
			s += a.vs[o]
		}
		return s
	})
}

// bySB is Sonneborn-Berger: each opponent's points times the share of the
// points of their games that were taken from them.
func bySB(g []int, t map[int]*tally) map[int]float64 {
	return each(g, t, func(a *tally) float64 { return sonnebornBerger(a, t) })
}

func byBuchholz(g []int, t map[int]*tally) map[int]float64 {
	return each(g, t, func(a *tally) float64 { return buchholz(a, t) })
}

func sonnebornBerger(a *tally, t map[int]*tally) float64 {
	s := 0.0
	for o, pts := range a.vs {
		if b := t[o]; b != nil && o >= 0 && a.games[o] > 0 {
			s += pts / a.games[o] * b.points
		}
	}
	return s
}

func buchholz(a *tally, t map[int]*tally) float64 {
	s := 0.0
	for _, o := range a.met {
		if b := t[o]; b != nil && o >= 0 {
			s += b.points
		}
	}
	return s
}

func each(g []int, t map[int]*tally, f func(*tally) float64) map[int]float64 {
	out := make(map[int]float64, len(g))
	for _, e := range g {
		if a := t[e]; a != nil {
			out[e] = f(a)
		} else {
			out[e] = 0
		}
	}
	return out
}

// rank orders the group (given in seed order) by the chain: the first
// criterion splits it into groups of equal values, each broken by the next,
// and what the chain leaves tied keeps the seed order.
func rank(group []int, t map[int]*tally, chain []criterion) []int {
	if len(group) <= 1 || len(chain) == 0 {
		return slices.Clone(group)
	}
	v := chain[0](group, t)
	sorted := slices.Clone(group)
	slices.SortStableFunc(sorted, func(a, b int) int { return cmp.Compare(v[b], v[a]) })
	var out []int
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && v[sorted[j]] == v[sorted[i]] {
			j++
		}
		tied := sorted[i:j]
		// The tied keep their seed order for the next criterion.
		slices.SortStableFunc(tied, func(a, b int) int { return cmp.Compare(slices.Index(group, a), slices.Index(group, b)) })
		out = append(out, rank(tied, t, chain[1:])...)
		i = j
	}
	return out
}

// table ranks a table stage's entrants (in seed order) by its own games and
// sets the stage's table and its ranking for the placings.
func (p *planner) table(st int, members []int, chain []criterion) []int {
	t := p.tallies(st)
	order := rank(members, t, chain)
	rows := make([]Row, len(order))
	for i, e := range order {
		rows[i] = Row{Place: i + 1, Entrant: e}
		if a := t[e]; a != nil {
			rows[i].Played, rows[i].Wins, rows[i].Draws, rows[i].Losses, rows[i].Points = a.played, a.wins, a.draws, a.losses, a.points
			rows[i].Buchholz, rows[i].SonnebornBerger = buchholz(a, t), sonnebornBerger(a, t)
		}
	}
	p.plan.Stages[st].Table = rows
	p.finals[st] = nil
	for i, e := range order {
		p.finals[st] = append(p.finals[st], tiered{e, i})
	}
	return order
}

// Standings are the rows of every entrant, in the plan's order, with their
// games across the whole tournament and their Glicko-2 ratings.
func (f *Format) Standings(plan *Plan, results map[string]Result) []Row {
	p := &planner{f: f, results: results, plan: *plan}
	t := p.tallies(-1)
	ratings := Ratings(f, plan.Matches, results)
	rows := make([]Row, 0, len(plan.Order))
	for _, pl := range plan.Order {
		r := Row{Place: pl.Place, Entrant: pl.Entrant}
		if a := t[pl.Entrant]; a != nil {
			r.Played, r.Wins, r.Draws, r.Losses, r.Points = a.played, a.wins, a.draws, a.losses, a.points
			r.Buchholz, r.SonnebornBerger = buchholz(a, t), sonnebornBerger(a, t)
		}
		g := ratings[pl.Entrant]
		r.Rating, r.RD = round1(g.R), round1(g.RD)
		rows = append(rows, r)
	}
	return rows
}
