package tournament

import "fmt"

// circle pairs n players round by round with the circle method (Berger
// tables): n-1 rounds for an even n, n for an odd one, in which each meets
// each other once; an index n is the bye of an odd field. Each pair is
// (first seat, second seat), balanced so that nobody has the first seat
// more than once more than the second.
func circle(n int) [][][2]int {
	m := n + n%2
	ring := all(m)
	rounds := make([][][2]int, m-1)
	for r := range rounds {
		for i := 0; i < m/2; i++ {
			a, b := ring[i], ring[m-1-i]
			if (i == 0 && r%2 == 1) || (i > 0 && i%2 == 1) {
				a, b = b, a
			}
			rounds[r] = append(rounds[r], [2]int{a, b})
		}
		// The last player stays; the others turn one place.
		last := ring[m-2]
		copy(ring[1:m-1], ring[:m-2])
		ring[0] = last
	}
	return rounds
}

// roundRobinStage adds a table stage in which everyone of seeds meets
// everyone else, cycles times (the second cycle with the seats swapped),
// and ranks it with chain.
func (p *planner) roundRobinStage(name, key string, seeds []int, cycles int, chain []criterion) (st int, done bool, err error) {
	st = p.stage(Stage{Name: name, Kind: KindTable})
	rounds, err := p.roundRobin(st, key, key, seeds, cycles)
	if err != nil {
		return st, false, err
	}
	p.plan.Stages[st].Rounds = rounds
	p.table(st, seeds, chain)
	return st, !pending(rounds), nil
}

// roundRobin plays the rounds of a round robin of seeds in stage st; the
// pairings of a cycle play the same deals (dealKey and the cycle).
func (p *planner) roundRobin(st int, key, dealKey string, seeds []int, cycles int) ([]Round, error) {
	if p.f.Seats > 2 {
		return p.groupsRoundRobin(st, key, dealKey, seeds)
	}
	var rounds []Round
	pairs := circle(len(seeds))
	for c := range cycles {
		for r, round := range pairs {
			no := c*len(pairs) + r + 1
			sp := seriesPlan{stage: st, round: no, period: p.nextPeriod(), dealKey: fmt.Sprintf("%s/c%d", dealKey, c)}
			out := Round{Name: fmt.Sprintf("Round %d", no)}
			for _, pr := range round {
				if pr[0] >= len(seeds) || pr[1] >= len(seeds) {
					continue
				}
				a, b := seeds[pr[0]], seeds[pr[1]]
				if c%2 == 1 {
					a, b = b, a
				}
				sp.id = fmt.Sprintf("%s-r%d-t%d", key, no, len(out.Series)+1)
				out.Series = append(out.Series, p.series(sp, []int{a, b}))
			}
			rounds = append(rounds, out)
		}
	}
	return rounds, nil
}

// groupsRoundRobin is a round robin of a game of k > 2 seats: every group
// of k entrants meets once (the house fills the seats of a field smaller
// than k), the groups packed greedily into rounds in which nobody plays
// twice.
func (p *planner) groupsRoundRobin(st int, key, dealKey string, seeds []int) ([]Round, error) {
	k := p.f.Seats
	var groups [][]int
	if len(seeds) < k {
		if !p.f.House {
			return nil, fieldErr("house", "%d entrants cannot fill a game of %d seats: set house to fill the rest", len(seeds), k)
		}
		g := append([]int(nil), seeds...)
		for len(g) < k {
			g = append(g, House)
		}
		groups = [][]int{g}
	} else {
		if n := binomial(len(seeds), k); n > maxGroups {
			return nil, fieldErr("entrant", "%d entrants in games of %d seats make %s groups for a round robin; at most %s (use swiss or single-elimination)",
				len(seeds), k, thousands(n), thousands(maxGroups))
		}
		groups = combinations(seeds, k)
	}
	var busy []map[int]bool
	roundOf := make([]int, len(groups))
	for i, g := range groups {
		r := 0
		for ; r < len(busy); r++ {
			free := true
			for _, e := range g {
				if busy[r][e] && e >= 0 {
					free = false
				}
			}
			if free {
				break
			}
		}
		if r == len(busy) {
			busy = append(busy, map[int]bool{})
		}
		for _, e := range g {
			busy[r][e] = true
		}
		roundOf[i] = r
	}
	rounds := make([]Round, len(busy))
	periods := make([]int, len(busy))
	for r := range rounds {
		rounds[r].Name = fmt.Sprintf("Round %d", r+1)
		periods[r] = p.nextPeriod()
	}
	for i, g := range groups {
		r := roundOf[i]
		sp := seriesPlan{stage: st, round: r + 1, period: periods[r], dealKey: dealKey,
			id: fmt.Sprintf("%s-r%d-t%d", key, r+1, len(rounds[r].Series)+1)}
		rounds[r].Series = append(rounds[r].Series, p.series(sp, g))
	}
	return rounds, nil
}

// maxGroups bounds the groups of a round robin of games of more than two
// seats.
const maxGroups = 20_000

// binomial is n choose k, or maxGroups+1 once past it.
func binomial(n, k int) int {
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i
		if c > maxGroups {
			return maxGroups + 1
		}
	}
	return c
}

// combinations lists every k-subset of s, in lexicographic order of
// positions.
func combinations(s []int, k int) [][]int {
	var out [][]int
	idx := all(k)
	for {
		c := make([]int, k)
		for i, j := range idx {
			c[i] = s[j]
		}
		out = append(out, c)
		i := k - 1
		for i >= 0 && idx[i] == len(s)-k+i {
			i--
		}
		if i < 0 {
			break
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
	return out
}
