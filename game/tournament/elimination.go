package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Tiers rank the entrants of a bracket for the placings (see planner.place):
// lower is better. The champion is 0, the runner-up 1; entrants still in
// follow in seed order; an entrant out in round r of the bracket ranks
// above those out earlier, and those out in one round share a place.
const (
	tierAlive = 100
	tierOut   = 1_000_000
)

func tierOutIn(round int) int { return tierOut - round*1000 }

// bracket places seeds into a bracket of the next power of two, in the
// standard order (1 meets the last seed, and 1 and 2 can meet only in the
// final); the places past the seeds are byes. It returns the slots and the
// number of rounds.
func bracket(seeds []int) ([]int, int) {
	size, rounds := 1, 0
	for size < len(seeds) {
		size, rounds = size*2, rounds+1
	}
	order := []int{0}
	for len(order) < size {
		next := make([]int, 0, 2*len(order))
		for _, x := range order {
			next = append(next, x, 2*len(order)-1-x)
		}
		order = next
	}
	slots := make([]int, size)
	for i, pos := range order {
		slots[i] = Bye
		if pos < len(seeds) {
			slots[i] = seeds[pos]
		}
	}
	return slots, rounds
}

// roundName names a knock-out round by how many places it has.
func roundName(places int) string {
	switch places {
	case 2:
		return "Final"
	case 4:
		return "Semi-finals"
	case 8:
		return "Quarter-finals"
	}
	return fmt.Sprintf("Round of %d", places)
}

// tieName names tie i (from 0) of a knock-out round of several ties:
// "Semi-final 2", "Quarter-final 1", "Round of 16, tie 3".
func tieName(round string, i int) string {
	if stem, ok := strings.CutSuffix(round, "-finals"); ok {
		return fmt.Sprintf("%s-final %d", stem, i+1)
	}
	return fmt.Sprintf("%s, tie %d", round, i+1)
}

// loser is the side of a decided two-sided series that did not go on: TBD
// until it is decided, Bye after a walkover.
func loser(s Series) int {
	switch {
	case !s.Done:
		return TBD
	case s.Walkover:
		return Bye
	case s.Entrants[0] == s.Winner:
		return s.Entrants[1]
	}
	return s.Entrants[0]
}

// knockout adds a single-elimination bracket of the seeds (in seed order;
// TBD while a stage before decides them) and, with third, a playoff for
// third between the semi-final losers. It reports the champion (TBD until
// known) and whether the bracket is done.
func (p *planner) knockout(name, key string, seeds []int, third bool) (int, bool) {
	st := p.stage(Stage{Name: name, Kind: KindBracket})
	cur, n := bracket(seeds)
	out := map[int]int{}
	var rounds []Round
	var semiLosers []int
	finalPeriod := 0
	for r := 1; r <= n; r++ {
		sp := seriesPlan{stage: st, round: r, period: p.nextPeriod(), dealKey: fmt.Sprintf("%s-r%d", key, r), decide: true}
		finalPeriod = sp.period
		round, next, losers := p.ties(sp, key, r, adjacent(cur))
		round.Name = roundName(len(cur))
		for _, l := range losers {
			if l >= 0 {
				out[l] = r
			}
		}
		if r == n-1 {
			semiLosers = losers
		}
		rounds = append(rounds, round)
		cur = next
	}
	done := !pending(rounds)
	tiers := map[int]int{}
	for e, r := range out {
		tiers[e] = tierOutIn(r)
	}
	if third && n >= 2 {
		sp := seriesPlan{stage: st, round: n, period: finalPeriod, id: key + "-third", dealKey: key + "-third", decide: true}
		s := p.series(sp, semiLosers)
		rounds = append(rounds, Round{Name: "Third place", Side: "third", Series: []Series{s}})
		done = done && s.Done
		if s.Done && !s.Walkover {
			tiers[loser(s)] = tierOutIn(n-1) - 1
		}
		if s.Done && s.Winner >= 0 {
			tiers[s.Winner] = tierOutIn(n-1) - 2
		}
	}
	if cur[0] >= 0 {
		tiers[cur[0]] = 0
	}
	p.plan.Stages[st].Rounds = rounds
	p.bracketFinals(st, seeds, tiers)
	return cur[0], done
}

// bracketFinals ranks a bracket's entrants for the placings by their tiers;
// those without one are still in: those who won more of the bracket's
// series first (a group's winner above an entrant yet to play), then in
// seed order.
func (p *planner) bracketFinals(st int, seeds []int, tiers map[int]int) {
	won, most := map[int]int{}, 0
	for _, r := range p.plan.Stages[st].Rounds {
		for _, s := range r.Series {
			if s.Done && s.Winner >= 0 {
				won[s.Winner]++
				most = max(most, won[s.Winner])
			}
		}
	}
	var fin []tiered
	for i, e := range seeds {
		if e < 0 {
			continue
		}
		t, ok := tiers[e]
		if !ok {
			t = tierAlive + (most-won[e])*len(seeds) + i
		}
		fin = append(fin, tiered{e, t})
	}
	slices.SortStableFunc(fin, func(a, b tiered) int { return cmp.Compare(a.tier, b.tier) })
	p.finals[st] = fin
}

// doubleElimination adds a double-elimination bracket: the losers of the
// winners' bracket drop into a losers' bracket (in reverse order every
// other round, to keep early rematches away), whose champion meets the
// winners' champion in a grand final; when the losers' champion wins it,
// a second grand final (Reset) decides, as both have then lost once.
func (p *planner) doubleElimination(seeds []int) (int, bool) {
	st := p.stage(Stage{Name: "Double elimination", Kind: KindBracket})
	cur, n := bracket(seeds)
	// The rating periods follow the order the rounds are played in:
	// winners 1, losers 1, winners 2, losers 2 and 3, winners 3, ...
	base := p.period
	wbPeriod := func(r int) int {
		if r == 1 {
			return base + 1
		}
		return base + 3*r - 3
	}
	lbPeriod := func(j int) int {
		switch {
		case j == 1:
			return base + 2
		case j%2 == 0:
			return base + 3*(j/2+1) - 2
		}
		return base + 3*((j-1)/2+1) - 1
	}
	var rounds []Round
	drops := make([][]int, n+1)
	for r := 1; r <= n; r++ {
		sp := seriesPlan{stage: st, round: len(rounds) + 1, period: wbPeriod(r), dealKey: fmt.Sprintf("wb-r%d", r), decide: true}
		round, next, losers := p.ties(sp, "wb", r, adjacent(cur))
		round.Name, round.Side = fmt.Sprintf("Winners round %d", r), "winners"
		if r == n {
			round.Name = "Winners final"
		}
		drops[r] = losers
		rounds = append(rounds, round)
		cur = next
	}
	champion := cur[0]
	tiers := map[int]int{}
	lbRounds, j := 2*(n-1), 0
	playLosers := func(pairs [][2]int) []int {
		j++
		sp := seriesPlan{stage: st, round: len(rounds) + 1, period: lbPeriod(j), dealKey: fmt.Sprintf("lb-r%d", j), decide: true}
		round, next, losers := p.ties(sp, "lb", j, pairs)
		round.Name, round.Side = fmt.Sprintf("Losers round %d", j), "losers"
		if j == lbRounds {
			round.Name = "Losers final"
		}
		for _, l := range losers {
			if l >= 0 {
				tiers[l] = tierOutIn(j)
			}
		}
		rounds = append(rounds, round)
		return next
	}
	lb := drops[1]
	if n >= 2 {
		lb = playLosers(adjacent(lb))
		for r := 2; r <= n; r++ {
			d := slices.Clone(drops[r])
			if r%2 == 0 {
				slices.Reverse(d)
			}
			var pairs [][2]int
			for i := range lb {
				pairs = append(pairs, [2]int{lb[i], d[i]})
			}
			lb = playLosers(pairs)
			if r < n {
				lb = playLosers(adjacent(lb))
			}
		}
		p.period = base + 3*n - 2
	} else {
		p.period = base + 1
	}
	sides := []int{champion, lb[0]}
	gfRound := len(rounds) + 1
	gf := p.series(seriesPlan{stage: st, round: gfRound, period: p.nextPeriod(), id: "gf-r1-t1", dealKey: "gf-r1", decide: true}, sides)
	rounds = append(rounds, Round{Name: "Grand final", Side: "final", Series: []Series{gf}})
	last := gf
	if gf.Done && !gf.Walkover && gf.Winner == sides[1] && p.f.Reset {
		last = p.series(seriesPlan{stage: st, round: gfRound + 1, period: p.nextPeriod(), id: "gf-r2-t1", dealKey: "gf-r2", decide: true}, sides)
		rounds = append(rounds, Round{Name: "Grand final reset", Side: "final", Series: []Series{last}})
	}
	if last.Done {
		if l := loser(last); l >= 0 {
			tiers[l] = 1
		}
		tiers[last.Winner] = 0
	}
	p.plan.Stages[st].Rounds = rounds
	p.bracketFinals(st, seeds, tiers)
	return last.Winner, last.Done
}

// ties plays a round of two-sided ties, tie t between the sides
// pairs[t] with the ID KEY-rR-tT. It returns the round (to be named) and
// the winner and the loser (see loser) of each tie.
func (p *planner) ties(sp seriesPlan, key string, r int, pairs [][2]int) (round Round, winners, losers []int) {
	for t, pr := range pairs {
		sp.id = fmt.Sprintf("%s-r%d-t%d", key, r, t+1)
		s := p.series(sp, pr[:])
		round.Series = append(round.Series, s)
		winners = append(winners, s.Winner)
		losers = append(losers, loser(s))
	}
	return round, winners, losers
}

// adjacent pairs the sides of a bracket's round: the first with the
// second, the third with the fourth, and so on.
func adjacent(xs []int) [][2]int {
	var out [][2]int
	for i := 0; i+1 < len(xs); i += 2 {
		out = append(out, [2]int{xs[i], xs[i+1]})
	}
	return out
}

// snake deals the entrants into h groups the way a draw of seeds does:
// 1 to h into groups 1 to h, then h+1 to 2h back from group h to 1, and so
// on, so the groups are as strong as each other.
func snake(ents []int, h int) [][]int {
	groups := make([][]int, h)
	for i, e := range ents {
		row, col := i/h, i%h
		if row%2 == 1 {
			col = h - 1 - col
		}
		groups[col] = append(groups[col], e)
	}
	return groups
}

// heats is a knock-out for games of more than two seats: the entrants are
// dealt into heats of one game's seats (the house filling the seats left
// over), each heat plays its games and its winner goes on, until one heat
// is left: the final. In AIBG 5.0's format the first round is the groups.
func (p *planner) heats(name, key string, seeds []int, groupsFirst bool) (int, bool, error) {
	k := p.f.Seats
	st := p.stage(Stage{Name: name, Kind: KindBracket})
	cur := seeds
	tiers := map[int]int{}
	var rounds []Round
	for r := 1; len(cur) > 1; r++ {
		h := (len(cur) + k - 1) / k
		sp := seriesPlan{stage: st, round: r, period: p.nextPeriod(), dealKey: fmt.Sprintf("%s-r%d", key, r), decide: true}
		round := Round{Name: fmt.Sprintf("Round %d", r)}
		switch {
		case h == 1:
			round.Name = "Final"
		case r == 1 && groupsFirst:
			round.Name = "Groups"
		}
		var next []int
		for t, g := range snake(cur, h) {
			if len(g) < k {
				if !p.f.House {
					return TBD, false, fieldErr("house", "%d entrants make heats of %d in round %d, short of the game's %d seats: set house to fill the seats",
						len(cur), len(g), r, k)
				}
				for len(g) < k {
					g = append(g, House)
				}
			}
			sp.id = fmt.Sprintf("%s-r%d-t%d", key, r, t+1)
			s := p.series(sp, g)
			round.Series = append(round.Series, s)
			next = append(next, s.Winner)
			if s.Done {
				pos := 0
				for _, e := range finish(s) {
					if e < 0 {
						continue
					}
					if e != s.Winner {
						tiers[e] = tierOutIn(r) + pos
					}
					pos++
				}
			}
		}
		rounds = append(rounds, round)
		cur = next
	}
	if cur[0] >= 0 {
		tiers[cur[0]] = 0
	}
	p.plan.Stages[st].Rounds = rounds
	p.bracketFinals(st, seeds, tiers)
	return cur[0], !pending(rounds), nil
}
