package alienwarz

// A rollout plays the rest of a game in outline, trip by trip, to compare
// the strategist's candidate trips: after the candidate, both players make
// greedy trips from their bases (to the nearest stand with something to
// mine, the bag filled there, diamonds first, home to convert), taking turns
// in time, with the deposits emptying and replenishing (so what the
// opponent takes is gone). A candidate is worth the strategist's XP at the
// end.

// rollout is a reusable outline of a game.
type rollout struct {
	hits, emptied []int
	near          [2][]int // per player: its stands (indices in its routes), nearest to its base first
	nearLayout    [2][2]uint64
	nearReady     [2]bool
}

// sides are the two players' routes: the strategist's and the opponent's.
type sides [2]*routes

// reset copies the deposits of s.
func (o *rollout) reset(s *State) {
	o.hits, o.emptied = o.hits[:0], o.emptied[:0]
	for i := range s.Deposits {
		o.hits, o.emptied = append(o.hits, s.Deposits[i].Remaining), append(o.emptied, s.Deposits[i].EmptiedTurn)
	}
}

// available is the hits deposit i has at turn t.
func (o *rollout) available(s *State, i, t int) int {
	d := &s.Deposits[i]
	if o.hits[i] == 0 && t > o.emptied[i]+d.Replenish {
		o.hits[i], o.emptied[i] = d.Max, -1
	}
	return o.hits[i]
}

// mine takes up to n hits of kind k from the stand's deposits, one every
// other turn from turn t, and returns how many it took.
func (o *rollout) mine(s *State, st *stand, k Kind, n, t int) int {
	got := 0
	for _, i := range st.deposits {
		if s.Deposits[i].Kind != k {
			continue
		}
		for got < n && o.available(s, i, t) > 0 {
			o.hits[i]--
			if o.hits[i] == 0 {
				o.emptied[i] = t
			}
			got++
			t += 2
		}
	}
	return got
}

// nearest orders a player's stands by their distance from its base.
func (o *rollout) nearest(rt *routes, side int) []int {
	home := Base(rt.me)
	near := o.near[side][:0]
	for i := range rt.stands {
		if a, _ := rt.dist(rt.stands[i].at, home); a != unreachable {
			near = append(near, i)
		}
	}
	// Insertion sort: the lists are short and mostly ordered already.
	for i := 1; i < len(near); i++ {
		for j := i; j > 0; j-- {
			a, _ := rt.dist(rt.stands[near[j]].at, home)
			b, _ := rt.dist(rt.stands[near[j-1]].at, home)
			if a >= b {
				break
			}
			near[j], near[j-1] = near[j-1], near[j]
		}
	}
	o.near[side] = near
	return near
}

// greedyTrip plays the player's trip from its base at turn t: it returns
// the XP and the turn it is home again having converted, or ok false when
// no trip fits before last, the player's last turn.
func (o *rollout) greedyTrip(s *State, rt *routes, near []int, t, last int) (xp, end int, ok bool) {
	r := s.Rules()
	home := Base(rt.me)
	for _, i := range near {
		st := &rt.stands[i]
		a, _ := rt.dist(st.at, home)
		arrive := t + 2*a
		var hits [2]int
		for _, j := range st.deposits {
			hits[s.Deposits[j].Kind] += o.available(s, j, arrive)
		}
		if hits[Mineral]+hits[Diamond] == 0 {
			continue
		}
		spare := (last-t)/2 - 2*a // own actions left to mine, besides the ways and the conversion
		if spare <= 0 {
			continue
		}
		nd := min(hits[Diamond], r.Capacity/r.RawWeight[Diamond], spare)
		nm := min(hits[Mineral], (r.Capacity-nd*r.RawWeight[Diamond])/r.RawWeight[Mineral], spare-nd)
		if nd+nm == 0 {
			continue
		}
		nd = o.mine(s, st, Diamond, nd, arrive)
		nm = o.mine(s, st, Mineral, nm, arrive+2*nd)
		return nd*r.ToXP[Diamond] + nm*r.ToXP[Mineral], t + 2*(2*a+nd+nm+1), true
	}
	return 0, 0, false
}

// finish plays both players' greedy trips from the turns they are free
// (home, bag converted) to the end, and returns the XP each earns.
func (o *rollout) finish(s *State, rts sides, free [2]int) (xp [2]int) {
	last := s.Rules().MaxTurns - 1
	var near [2][]int
	for side, rt := range rts {
		near[side] = o.near[side]
		if !o.nearReady[side] || o.nearLayout[side] != rt.layout {
			near[side] = o.nearest(rt, side)
			o.nearLayout[side], o.nearReady[side] = rt.layout, true
		}
	}
	done := [2]bool{}
	for !done[0] || !done[1] {
		side := 0
		if done[0] || !done[1] && free[1] < free[0] {
			side = 1
		}
		gain, end, ok := o.greedyTrip(s, rts[side], near[side], free[side], last)
		if !ok {
			done[side] = true
			continue
		}
		xp[side] += gain
		free[side] = end
	}
	return xp
}

// evaluate is what plan p is worth to the strategist by a rollout: its XP
// at the end, when both players make greedy trips after it.
func (b *strategist) evaluate(s *State, p plan) float64 {
	r := s.Rules()
	pl := b.me
	me, you := &s.Players[pl-1], &s.Players[2-pl]
	home, oppHome := Base(pl), Base(3-pl)
	o := &b.roll
	o.reset(s)
	var free [2]int
	xp := bagXP(r, me.Bag)
	if p.home {
		a, _ := b.rt.dist(me.Pos, home)
		free[0] = s.Turn + 2*(a+1)
	} else {
		st := b.rt.standAt(p.at)
		a1, _ := b.rt.dist(me.Pos, p.at)
		a2, _ := b.rt.dist(p.at, home)
		arrive := s.Turn + 2*a1
		nd := o.mine(s, st, Diamond, p.diamonds, arrive)
		nm := o.mine(s, st, Mineral, p.minerals, arrive+2*nd)
		xp += nd*r.ToXP[Diamond] + nm*r.ToXP[Mineral]
		free[0] = s.Turn + 2*(a1+nd+nm+a2+1)
	}
	free[1] = s.Turn + 1
	if you.Pos != oppHome || len(you.Bag) > 0 {
		a, _ := b.opp.dist(you.Pos, oppHome)
		free[1] += 2 * (a + 1)
	}
	gain := o.finish(s, sides{&b.rt, &b.opp}, free)
	return float64(xp + gain[0])
}
