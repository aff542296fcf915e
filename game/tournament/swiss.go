package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// swiss plays Rounds rounds in which entrants of equal points meet, never
// twice while it can be helped. Round 1 pairs the top half of the seeds
// with the bottom half; each later round is paired once the one before is
// done. In an odd field the lowest-ranked entrant who has had no bye gets
// one: the points of a won pairing, without games. In games of more than
// two seats, the tables take the ranking in order, the house filling the
// last one.
func (p *planner) swiss(seeds []int) error {
	st := p.stage(Stage{Name: "Swiss", Kind: KindTable})
	var rounds []Round
	ready := true
	for r := 1; r <= p.f.Rounds; r++ {
		sp := seriesPlan{stage: st, round: r, period: p.nextPeriod(), dealKey: fmt.Sprintf("sw-r%d", r)}
		round := Round{Name: fmt.Sprintf("Round %d", r)}
		if !ready {
			tables := (len(seeds) + p.f.Seats - 1) / p.f.Seats
			if p.f.Seats == 2 {
				tables = len(seeds) / 2
			}
			p.plan.Estimate += tables * p.f.Games
			rounds = append(rounds, round)
			continue
		}
		t := p.tallies(st)
		order := rank(seeds, t, []criterion{byPoints})
		var tables [][]int
		byeTo := -1
		if p.f.Seats == 2 {
			tables, byeTo = p.swissPairs(order, t, rounds)
			tables = colours(tables, t, r)
		} else {
			for i := 0; i < len(order); i += p.f.Seats {
				g := slices.Clone(order[i:min(i+p.f.Seats, len(order))])
				if len(g) < p.f.Seats {
					if !p.f.House {
						return fieldErr("house", "%d entrants leave %d without a full table of %d in a Swiss round: set house to fill the seats",
							len(order), len(g), p.f.Seats)
					}
					for len(g) < p.f.Seats {
						g = append(g, House)
					}
				}
				tables = append(tables, g)
			}
		}
		for i, g := range tables {
			sp.id = fmt.Sprintf("sw-r%d-t%d", r, i+1)
			round.Series = append(round.Series, p.series(sp, g))
		}
		if byeTo >= 0 {
			pts := float64(p.f.Games) * p.f.Points.Win
			p.plan.byes = append(p.plan.byes, bye{st, byeTo, pts})
			round.Series = append(round.Series, Series{ID: fmt.Sprintf("sw-r%d-bye", r), Entrants: []int{byeTo, Bye},
				Score: []float64{pts, 0}, Winner: byeTo, Done: true, Walkover: true})
		}
		rounds = append(rounds, round)
		ready = !pending([]Round{round})
	}
	p.plan.Stages[st].Rounds = rounds
	p.table(st, seeds, chainSwiss)
	p.plan.Done = ready
	return nil
}

// swissPairs pairs a round of a two-seat Swiss from the ranking: the bye
// first (when the field is odd), then, by backtracking, pairs that have not
// met, each entrant preferring the middle of its score group (the top half
// meets the bottom half), then the groups below. When no pairing avoids a
// rematch, rematches are allowed.
func (p *planner) swissPairs(order []int, t map[int]*tally, before []Round) ([][]int, int) {
	met := map[[2]int]bool{}
	hadBye := map[int]bool{}
	for _, r := range before {
		for _, s := range r.Series {
			if len(s.Entrants) == 2 && s.Entrants[1] == Bye {
				hadBye[s.Entrants[0]] = true
				continue
			}
			if len(s.Entrants) == 2 {
				met[[2]int{s.Entrants[0], s.Entrants[1]}] = true
				met[[2]int{s.Entrants[1], s.Entrants[0]}] = true
			}
		}
	}
	rest := slices.Clone(order)
	byeTo := -1
	if len(rest)%2 == 1 {
		i := len(rest) - 1
		for i > 0 && hadBye[rest[i]] {
			i--
		}
		byeTo = rest[i]
		rest = slices.Delete(rest, i, i+1)
	}
	points := func(e int) float64 {
		if a := t[e]; a != nil {
			return a.points
		}
		return 0
	}
	for _, strict := range []bool{true, false} {
		steps := 0
		var pair func(rest []int) [][]int
		pair = func(rest []int) [][]int {
			if len(rest) == 0 {
				return [][]int{}
			}
			if steps++; steps > 200_000 {
				return nil
			}
			a := rest[0]
			for _, c := range candidates(rest, points) {
				b := rest[c]
				if strict && met[[2]int{a, b}] {
					continue
				}
				left := slices.Delete(slices.Clone(rest[1:]), c-1, c)
				if sub := pair(left); sub != nil {
					return append([][]int{{a, b}}, sub...)
				}
			}
			return nil
		}
		if out := pair(rest); out != nil {
			return out, byeTo
		}
	}
	// Unreachable: without the rule against rematches any pairing does.
	var out [][]int
	for i := 0; i+1 < len(rest); i += 2 {
		out = append(out, []int{rest[i], rest[i+1]})
	}
	return out, byeTo
}

// candidates orders the possible opponents of rest[0] (positions in rest):
// its score group first, from the one half a group below it onwards, then
// the rest of the group upwards, then the lower groups in order.
func candidates(rest []int, points func(int) float64) []int {
	top := points(rest[0])
	n := 1
	for n < len(rest) && points(rest[n]) == top {
		n++
	}
	var out []int
	half := n / 2
	if half == 0 {
		half = 1
	}
	for i := half; i < n; i++ {
		out = append(out, i)
	}
	for i := half - 1; i >= 1; i-- {
		out = append(out, i)
	}
	for i := n; i < len(rest); i++ {
		out = append(out, i)
	}
	return out
}

// colours gives the first seat of each pair to whoever has had it less;
// when equal, alternately to the higher and the lower ranked from board to
// board, starting with the higher on the first board of odd rounds.
func colours(pairs [][]int, t map[int]*tally, round int) [][]int {
	firsts := func(e int) int {
		if a := t[e]; a != nil {
			return 2*a.first - a.played
		}
		return 0
	}
	for board, pr := range pairs {
		a, b := pr[0], pr[1]
		switch c := cmp.Compare(firsts(a), firsts(b)); {
		case c > 0, c == 0 && (board+round)%2 == 0:
			pr[0], pr[1] = b, a
		}
	}
	return pairs
}
