package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// guardains plays GuardAIns 2022's format: pools in which everyone meets
// everyone, ranked by wins; the first Advance of each pool go on to a
// knock-out (drawn at random, as the original drew it, unless draw =
// "seeded": the pool winners seeded first), with a playoff for third.
func (p *planner) guardains() error {
	pools := snake(p.drawn(all(p.f.Entrants), "pools"), p.f.Pools)
	ready := true
	first := len(p.plan.Stages)
	var tables [][]Row
	for i, members := range pools {
		name := string(rune('A' + i%26))
		if i >= 26 {
			name += fmt.Sprint(i / 26)
		}
		st := p.stage(Stage{Name: "Pool " + name, Kind: KindTable, Advance: p.f.Advance})
		rounds, err := p.roundRobin(st, fmt.Sprintf("pool%d", i+1), "pools", members, 1)
		if err != nil {
			return err
		}
		p.plan.Stages[st].Rounds = rounds
		p.table(st, members, chainPools)
		tables = append(tables, p.plan.Stages[st].Table)
		ready = ready && !pending(rounds)
	}
	// Who goes no further is ranked across the pools: by the place in the
	// pool, then wins, then points, then the order of the entrants.
	type out struct {
		row  Row
		pool int
	}
	var field []out
	for i, t := range tables {
		for _, r := range t {
			field = append(field, out{r, i})
		}
	}
	slices.SortStableFunc(field, func(a, b out) int {
		return cmp.Or(cmp.Compare(a.row.Place, b.row.Place), cmp.Compare(b.row.Wins, a.row.Wins), cmp.Compare(b.row.Points, a.row.Points),
			cmp.Compare(a.row.Entrant, b.row.Entrant))
	})
	for st := first; st < len(p.plan.Stages); st++ {
		p.finals[st] = nil
	}
	last := len(p.plan.Stages) - 1
	var qualifiers []int
	for i, o := range field {
		p.finals[last] = append(p.finals[last], tiered{o.row.Entrant, i})
		if o.row.Place <= p.f.Advance {
			qualifiers = append(qualifiers, o.row.Entrant)
		}
	}
	if !ready {
		qualifiers = slices.Repeat([]int{TBD}, p.f.Pools*p.f.Advance)
	}
	_, done := p.knockout("Knock-out", "ko", p.drawn(qualifiers, "knockout"), true)
	p.plan.Done = ready && done
	return nil
}

// alienwarz plays AlienWarz (AIBG v4) 2024's format: a ranking phase in
// which every entrant plays the house bot; the first Direct of the ranking
// go into the bracket, the next PlayIn meet in a play-in (6th against
// 11th, 7th against 10th, 8th against 9th), whose winners take the
// bracket's last places; then a knock-out of the eight.
func (p *planner) alienwarz() {
	n := p.f.Entrants
	seeds := all(n)
	st := p.stage(Stage{Name: "Ranking", Kind: KindTable, Advance: min(n, p.f.Direct)})
	sp := seriesPlan{stage: st, round: 1, period: p.nextPeriod(), dealKey: "rank"}
	round := Round{Name: "Against the house"}
	for i, e := range seeds {
		sp.id = fmt.Sprintf("rank-r1-t%d", i+1)
		round.Series = append(round.Series, p.series(sp, []int{e, House}))
	}
	p.plan.Stages[st].Rounds = []Round{round}
	ranking := p.table(st, seeds, chainGroups)
	ready := !pending(p.plan.Stages[st].Rounds)
	if !ready {
		ranking = slices.Repeat([]int{TBD}, n)
	}
	direct := min(n, p.f.Direct)
	seedsOut := slices.Clone(ranking[:direct])
	if n > p.f.Direct && p.f.PlayIn > 0 {
		pi := p.stage(Stage{Name: "Play-in", Kind: KindBracket})
		sp := seriesPlan{stage: pi, round: 1, period: p.nextPeriod(), dealKey: "playin", decide: true}
		side := func(place int) int {
			if place >= n {
				return Bye
			}
			return ranking[place]
		}
		var pairs [][2]int
		for i := 0; i < p.f.PlayIn/2; i++ {
			pairs = append(pairs, [2]int{side(p.f.Direct + i), side(p.f.Direct + p.f.PlayIn - 1 - i)})
		}
		round, winners, losers := p.ties(sp, "playin", 1, pairs)
		round.Name = "Play-in"
		seedsOut = append(seedsOut, winners...)
		tiers := map[int]int{}
		for _, l := range losers {
			if l >= 0 {
				tiers[l] = tierOutIn(1)
			}
		}
		p.plan.Stages[pi].Rounds = []Round{round}
		p.bracketFinals(pi, ranking[direct:min(n, p.f.Direct+p.f.PlayIn)], tiers)
		ready = ready && !pending(p.plan.Stages[pi].Rounds)
	}
	_, done := p.knockout("Bracket", "ko", seedsOut, p.f.ThirdPlace)
	p.plan.Done = ready && done
}
