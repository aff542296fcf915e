package alienwarz

// miner is the greedy bot: it mines the nearest resource that fits in its
// bag (a diamond first when it has a choice), goes home when the bag is
// full or the game is ending, and converts everything to XP there, some
// minerals to energy when it runs low.
type miner struct {
	rt routes
}

// minerEnergy is the energy the miner tops up to at its base.
const minerEnergy = 400

func (m *miner) choose(s *State) (string, string) {
	m.rt.update(s)
	r := s.Rules()
	pl := m.rt.me
	me := &s.Players[pl-1]
	home := Base(pl)
	if me.Pos == home && len(me.Bag) > 0 {
		return convertCmd(me, energyTopUp(r, me, minerEnergy, minerEnergy/4)), "convert at the base"
	}
	free := me.Capacity - r.weight(me.Bag)
	homeActs, _ := m.rt.dist(me.Pos, home)
	left := ownTurnsLeft(s)
	goHome := len(me.Bag) > 0 && (free < r.RawWeight[Mineral] || left <= homeActs+1)
	if !goHome {
		fits := func(d *Deposit) bool {
			return d.Remaining > 0 && free >= r.RawWeight[d.Kind] && me.Energy > r.MineEnergy[d.Kind]+r.stepCost(8)
		}
		var pick *Deposit
		for _, d := range dirs {
			if dep := s.DepositAt(Cell{me.Pos.X + d.X, me.Pos.Z + d.Z}); dep != nil && fits(dep) && (pick == nil || dep.Kind > pick.Kind) {
				pick = dep
			}
		}
		if pick != nil {
			return mineCmd(pick.Pos), "mine the " + pick.Kind.String() + " next to me"
		}
		target, best, walled := Cell{}, 1<<30, true
		for _, st := range m.rt.stands {
			if a, _ := m.rt.dist(me.Pos, st.at); a != unreachable {
				walled = false
			}
			if st.at == s.Players[2-pl].Pos {
				continue
			}
			ok := false
			for _, i := range st.deposits {
				ok = ok || fits(&s.Deposits[i])
			}
			if !ok {
				continue
			}
			if a, steps := m.rt.dist(me.Pos, st.at); a != unreachable && a*100+steps < best {
				target, best = st.at, a*100+steps
			}
		}
		if best < 1<<30 && (len(me.Bag) > 0 || left > best/100+2+homeActs) {
			if c, ok := m.rt.toward(s, target); ok {
				cmd, _ := moveCmd(s, pl, c)
				return cmd, "to the nearest resource"
			}
		}
		if walled && len(me.Bag) == 0 {
			if cmd := m.breakOut(s); cmd != "" {
				return cmd, "factories wall me off from the deposits"
			}
		}
		goHome = len(me.Bag) > 0
	}
	if goHome {
		if c, ok := m.rt.toward(s, home); ok {
			cmd, _ := moveCmd(s, pl, c)
			return cmd, "home with the bag"
		}
		if homeActs == unreachable {
			if cmd := m.breakOut(s); cmd != "" {
				return cmd, "factories wall me off from home"
			}
		}
	}
	return "rest", "nothing to do"
}

// breakOut attacks an opponent's factory next to the miner, or walks to the
// nearest one it can attack, when factories wall it off from home.
func (m *miner) breakOut(s *State) string {
	pl := m.rt.me
	me := &s.Players[pl-1]
	target, best := Cell{}, unreachable
	for i := range s.Factories {
		f := &s.Factories[i]
		if f.Owner == pl {
			continue
		}
		for _, d := range dirs {
			c := Cell{f.Pos.X + d.X, f.Pos.Z + d.Z}
			if c == me.Pos && s.check(pl, Command{Action: ActAttack, At: f.Pos}) == nil {
				return attackCmd(f.Pos)
			}
			if !c.On() || m.rt.blocked[c.index()] {
				continue
			}
			if a, _ := m.rt.dist(me.Pos, c); a < best {
				target, best = c, a
			}
		}
	}
	if best == unreachable {
		return ""
	}
	if c, ok := m.rt.toward(s, target); ok {
		cmd, _ := moveCmd(s, pl, c)
		return cmd
	}
	return ""
}
