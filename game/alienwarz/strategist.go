package alienwarz

import (
	"cmp"
	"slices"
)

// strategist plans its trips by value per turn: of the trips it can still
// finish (to one or two stands next to deposits, mining what fits, home,
// convert), it ranks them by the XP they gain above what their turns would
// earn at its usual rate (rho, XP per own turn: the marginal-value rule, so
// it fills its bag before it turns home), less the energy they cost, then
// plays the best few out to the end of the game in outline (rollouts, with
// the opponent taking its share of the deposits) and takes the one that
// ends with the most XP. Around that:
//   - far from home, it builds a factory next to a rich stand and refines
//     there (a refinery camp), when carrying refined, lighter items home
//     earns more per turn than raw trips;
//   - it attacks the opponent's factories when the reward beats mining, and
//     guards its own when the opponent comes next to them;
//   - it buys a backpack when the bigger bag earns more than it costs,
//     freezes when it has coins to spare, and dazes an opponent that
//     stumbles when dazed (it tries once, when it has nothing better to do
//     and is behind);
//   - it tops its energy up at the base to what its turns left need.
type strategist struct {
	me      int
	rt      routes
	opp     routes // the opponent's
	roll    rollout
	rho     float64 // the XP per own turn of the best trip from home
	rhoTurn int     // the turn rho was estimated at; -1 before the first
	plans   []plan
	cur     plan // the trip being followed
	follow  bool
	camp    camp
	// The opponent and daze: its energy and daze at the last own turn, and
	// whether it lost energy to invalid moves while dazed.
	oppEnergy, oppDaze int
	vulnerable, probed bool
	campChecked        bool // planCamp has looked for a camp
}

func newStrategist(me int) *strategist {
	return &strategist{me: me, rt: routes{me: me}, opp: routes{me: 3 - me}, rhoTurn: -1}
}

// plan is one thing to do: a trip to the stand at (mining diamonds and
// minerals there; none for the trip home), or an attack on the factory at
// target from the cell at.
type plan struct {
	score              float64
	at                 Cell
	home, attack       bool
	target             Cell
	diamonds, minerals int
}

// camp is the refinery: a factory next to a stand far from home. A visit
// mines a bagful, puts it in, mines another, puts it in, takes what has
// refined since the last visit, and carries it home, lighter.
type camp struct {
	on             bool
	stand, factory Cell
	gain           float64 // what a visit earns above raw trips
	puts           int     // bagfuls put in on this visit
	took           bool    // refined items taken on this visit
}

// campWorthVisiting reports whether the camp has a bagful to mine or
// refined items to take.
func (b *strategist) campWorthVisiting(s *State) bool {
	r := s.Rules()
	if f := s.FactoryAt(b.camp.factory); f != nil {
		if m, d := s.Ready(f, s.Turn); m+d > 0 {
			return true
		}
	}
	weight := 0
	if st := b.rt.standAt(b.camp.stand); st != nil {
		for _, i := range st.deposits {
			weight += s.Deposits[i].Remaining * r.RawWeight[s.Deposits[i].Kind]
		}
	}
	return weight >= r.Capacity
}

// Tuning.
const (
	energyXP      = 10.0 / 250 // what one energy is worth in XP: a mineral gives 250 energy or 10 XP
	energyPerTurn = 5          // the energy kept per own turn left, topped up at the base
	energyReserve = 100        // and more: diamonds go to energy only below it
	pairFirsts    = 6          // how many of the best one-stand trips are tried with a second stand
	rollouts      = 6          // how many of the best plans are compared by rollouts

	campGain       = 1.1  // how much better than raw trips a camp must be
	campMinTurns   = 60   // own turns left to start a camp
	attackReserve  = 150  // energy kept after an attack
	backpackMargin = 20.0 // XP a backpack must gain above its cost
	guardWorth     = 20   // XP of refining items that makes a factory worth guarding
)

// byScore orders plans best first (then by cell, for a fixed order).
func byScore(a, b plan) int {
	if c := cmp.Compare(b.score, a.score); c != 0 {
		return c
	}
	return cmp.Compare(a.at.index(), b.at.index())
}

func (b *strategist) choose(s *State) (string, string) {
	b.rt.update(s)
	r := s.Rules()
	pl := b.me
	me := &s.Players[pl-1]
	home := Base(pl)
	left := ownTurnsLeft(s)
	if b.rhoTurn < 0 || s.Turn-b.rhoTurn >= 20 {
		b.horizon(s)
	}
	b.watch(s)
	if me.Pos == home {
		b.camp.puts, b.camp.took, b.follow = 0, false, false
		if len(me.Bag) > 0 {
			return b.convert(s), "convert at the base"
		}
		if cmd, why := b.shopAtHome(s); cmd != "" {
			return cmd, why
		}
	}
	if me.Coins >= r.FreezeCost+b.reserve(s) && left > 4 {
		return "shop freeze", "coins to spare: three more turns"
	}
	if cmd, why := b.guard(s); cmd != "" {
		return cmd, why
	}
	if b.camp.on && me.Pos == b.camp.stand {
		if cmd, why := b.atCamp(s); cmd != "" {
			return cmd, why
		}
	}
	if b.dazeWorth(s) {
		return "shop daze", "the opponent stumbles when dazed"
	}
	if b.follow {
		if cmd, why := b.step(s, &b.cur); cmd != "" {
			return cmd, why
		}
		b.follow = false
	}
	if me.Pos == home && !b.campChecked {
		b.campChecked = true
		b.planCamp(s)
	}
	b.plans = b.options(s, left, b.plans[:0])
	b.rank(s)
	for _, p := range b.plans {
		if cmd, why := b.step(s, &p); cmd != "" {
			b.cur, b.follow = p, !p.attack
			return cmd, why
		}
	}
	// Nothing better to do: try a daze once on an opponent that is ahead and
	// carrying its bag home (when behind, the coins cannot lose a tie).
	you := &s.Players[2-pl]
	behind := me.XP+bagXP(r, me.Bag) < you.XP+bagXP(r, you.Bag)
	if !b.probed && behind && you.Pos != Base(3-pl) && len(you.Bag) > 0 && you.Daze == 0 && me.Coins >= r.DazeCost+b.reserve(s) {
		b.probed = true
		return "shop daze", "nothing better to do: daze the opponent on its way home"
	}
	return "rest", "nothing worth doing"
}

// rank puts the best of the first few trips first, by rollouts; attacks
// and the camp keep their places.
func (b *strategist) rank(s *State) {
	b.opp.update(s)
	best, bestValue := -1, 0.0
	for i := 0; i < len(b.plans) && i < rollouts; i++ {
		p := b.plans[i]
		if p.attack || b.camp.on && p.at == b.camp.stand {
			if i == 0 {
				return
			}
			continue
		}
		if v := b.evaluate(s, p); best < 0 || v > bestValue {
			best, bestValue = i, v
		}
	}
	if best > 0 {
		p := b.plans[best]
		copy(b.plans[1:best+1], b.plans[:best])
		b.plans[0] = p
	}
}

// step is the next command of plan p, or "" when it cannot go on; a mine
// counts down the plan's items.
func (b *strategist) step(s *State, p *plan) (string, string) {
	pl := b.me
	me := &s.Players[pl-1]
	switch {
	case p.attack && me.Pos == p.at:
		if s.check(pl, Command{Action: ActAttack, At: p.target}) == nil {
			return attackCmd(p.target), "attack the opponent's factory"
		}
		return "", ""
	case p.home && me.Pos == p.at:
		return "", ""
	case p.at == me.Pos:
		if p.diamonds+p.minerals <= 0 {
			return "", ""
		}
		d := b.depositToMine(s, p.diamonds > 0)
		if d == nil {
			return "", ""
		}
		if d.Kind == Diamond {
			p.diamonds--
		} else {
			p.minerals--
		}
		return mineCmd(d.Pos), "mine the " + d.Kind.String()
	}
	if c, ok := b.rt.toward(s, p.at); ok {
		if cmd, ok := moveCmd(s, pl, c); ok {
			return cmd, "on my way to " + p.at.String()
		}
	}
	return "", ""
}

// depositToMine is the deposit next to the player to mine now: a diamond
// when diamond is true and there is one, else any that fits.
func (b *strategist) depositToMine(s *State, diamond bool) *Deposit {
	r := s.Rules()
	me := &s.Players[b.me-1]
	free := me.Capacity - r.weight(me.Bag)
	var pick *Deposit
	for _, d := range dirs {
		dep := s.DepositAt(Cell{me.Pos.X + d.X, me.Pos.Z + d.Z})
		if dep == nil || dep.Remaining == 0 || free < r.RawWeight[dep.Kind] || me.Energy <= r.MineEnergy[dep.Kind] {
			continue
		}
		if pick == nil || (dep.Kind == Diamond) == diamond && (pick.Kind == Diamond) != diamond {
			pick = dep
		}
	}
	return pick
}

// convert converts the bag at the base: to energy what the turns left
// need, to coins what buys a backpack that pays, the rest to XP.
func (b *strategist) convert(s *State) string {
	r := s.Rules()
	me := &s.Players[b.me-1]
	left := ownTurnsLeft(s)
	toEnergy := energyTopUp(r, me, min(r.MaxEnergy, left*energyPerTurn+energyReserve), energyReserve)
	m, d := me.Count(Mineral)-toEnergy.Minerals, me.Count(Diamond)-toEnergy.Diamonds
	var toCoins Amount
	if short := r.BackpackCost + b.reserve(s) - me.Coins; short > 0 && me.Backpack == 0 {
		for short > 0 && toCoins.Diamonds < d {
			toCoins.Diamonds++
			short -= r.ToCoins[Diamond]
		}
		for short > 0 && toCoins.Minerals < m {
			toCoins.Minerals++
			short -= r.ToCoins[Mineral]
		}
		lost := float64(toCoins.Diamonds*r.ToXP[Diamond] + toCoins.Minerals*r.ToXP[Mineral])
		if short > 0 || b.backpackGain(s)-lost < backpackMargin {
			toCoins = Amount{}
		}
	}
	return Command{Action: ActConvert, Energy: toEnergy, Coins: toCoins,
		XP: Amount{m - toCoins.Minerals, d - toCoins.Diamonds}}.String()
}

// shopAtHome buys a backpack when it pays.
func (b *strategist) shopAtHome(s *State) (string, string) {
	r := s.Rules()
	me := &s.Players[b.me-1]
	if me.Backpack == 0 && me.Coins >= r.BackpackCost+b.reserve(s) && b.backpackGain(s) >= backpackMargin {
		return "shop backpack", "a bigger bag pays now"
	}
	return "", ""
}

// backpackGain is the XP a backpack would add over its turns: trips with
// the bigger bag against the usual ones, less the turn to buy it.
func (b *strategist) backpackGain(s *State) float64 {
	r := s.Rules()
	turns := min(r.BackpackTurns, ownTurnsLeft(s)-1)
	if turns <= 0 {
		return 0
	}
	return (b.rate(s, r.Capacity+r.CapacityBonus, false)-b.rho)*float64(turns) - b.rho
}

// reserve is the coins kept for a camp's factory not yet built.
func (b *strategist) reserve(s *State) int {
	if b.camp.on && s.FactoryAt(b.camp.factory) == nil {
		return s.Rules().FactoryCost
	}
	return 0
}

// watch learns whether the opponent stumbles when dazed: its energy fell by
// a penalty or more while it was dazed.
func (b *strategist) watch(s *State) {
	r := s.Rules()
	you := &s.Players[2-b.me]
	if b.oppDaze > 0 && b.oppEnergy-you.Energy >= r.Penalty {
		b.vulnerable = true
	}
	b.oppEnergy, b.oppDaze = you.Energy, you.Daze
}

// dazeWorth reports whether to daze now: the opponent stumbles when dazed,
// is not dazed, and is away from its base (so it will move).
func (b *strategist) dazeWorth(s *State) bool {
	r := s.Rules()
	me, you := &s.Players[b.me-1], &s.Players[2-b.me]
	return b.vulnerable && you.Daze == 0 && me.Coins >= r.DazeCost+b.reserve(s) && you.Pos != Base(3-b.me)
}

// guard moves next to one of its factories that the opponent stands next
// to, when the factory is worth it and one move gets there; the guard rule
// then forbids the attack.
func (b *strategist) guard(s *State) (string, string) {
	pl := b.me
	me, you := &s.Players[pl-1], &s.Players[2-pl]
	for i := range s.Factories {
		f := &s.Factories[i]
		if f.Owner != pl || !you.Pos.Adjacent(f.Pos) || me.Pos.near(f.Pos) {
			continue
		}
		worth := 0
		for _, st := range f.Contents {
			worth += s.Rules().ToXP[st.Item.Kind]
		}
		if worth < guardWorth && f.Pos != b.camp.factory {
			continue
		}
		for _, d := range dirs {
			for c := (Cell{me.Pos.X + d.X, me.Pos.Z + d.Z}); b.rt.free(s, c); c = (Cell{c.X + d.X, c.Z + d.Z}) {
				if c.near(f.Pos) {
					if cmd, ok := moveCmd(s, pl, c); ok {
						return cmd, "guard my factory"
					}
				}
			}
		}
	}
	return "", ""
}

// options are the plans from here, best first: trips, and attacks on the
// opponent's factories.
func (b *strategist) options(s *State, left int, out []plan) []plan {
	r := s.Rules()
	pl := b.me
	me := &s.Players[pl-1]
	home := Base(pl)
	w := r.weight(me.Bag)
	carried := float64(bagXP(r, me.Bag))
	if len(me.Bag) > 0 {
		if a, steps := b.rt.dist(me.Pos, home); a != unreachable && a+1 <= left {
			out = append(out, plan{home: true, at: home, score: carried + b.after(left-a-1) - energyXP*float64(steps*r.stepCost(w))})
		}
	}
	out = b.attacks(s, left, out)
	if b.camp.on && b.campWorthVisiting(s) {
		if a, _ := b.rt.dist(me.Pos, b.camp.stand); a != unreachable && 3*a+12 < left {
			out = append(out, plan{at: b.camp.stand, score: carried + b.camp.gain + b.after(left)})
		}
	}
	t := trip{s: s, r: r, rt: &b.rt, from: me.Pos, home: home, w: w, free: me.Capacity - w, carried: carried, left: left, after: b.after, energy: me.Energy}
	opp := s.Players[2-pl].Pos
	singles := len(out)
	for i := range b.rt.stands {
		if st := &b.rt.stands[i]; st.at != opp {
			if p, ok := t.plan(st, nil); ok {
				out = append(out, p)
			}
		}
	}
	// Trips over two stands, from the best single ones to stands near them.
	slices.SortFunc(out[singles:], byScore)
	firsts := len(out)
	for i := singles; i < min(firsts, singles+pairFirsts); i++ {
		st1 := b.rt.standAt(out[i].at)
		for j := range b.rt.stands {
			st2 := &b.rt.stands[j]
			if st2.at == opp || st2.at == st1.at {
				continue
			}
			if a, _ := b.rt.dist(st1.at, st2.at); a > 2 {
				continue
			}
			if p, ok := t.plan(st1, st2); ok && p.score > out[i].score {
				out = append(out, p)
			}
		}
	}
	slices.SortFunc(out, byScore)
	return out
}

// attacks are the plans to destroy the opponent's factories that are not
// guarded: the reward against the turns and the energy.
func (b *strategist) attacks(s *State, left int, out []plan) []plan {
	r := s.Rules()
	pl := b.me
	me, you := &s.Players[pl-1], &s.Players[2-pl]
	for i := range s.Factories {
		f := &s.Factories[i]
		if f.Owner == pl || f.Health <= 0 || you.Pos.near(f.Pos) {
			continue
		}
		hits := (f.Health + r.FactoryDamage - 1) / r.FactoryDamage
		for _, d := range dirs {
			c := Cell{f.Pos.X + d.X, f.Pos.Z + d.Z}
			if !c.On() || b.rt.blocked[c.index()] {
				continue
			}
			a, steps := b.rt.dist(me.Pos, c)
			if a == unreachable || a+hits > left {
				continue
			}
			energy := steps*r.stepCost(r.weight(me.Bag)) + hits*r.AttackEnergy
			if energy+attackReserve > me.Energy {
				continue
			}
			out = append(out, plan{attack: true, at: c, target: f.Pos,
				score: float64(r.RewardXP) + b.after(left-a-hits) - energyXP*float64(energy)})
		}
	}
	return out
}

// planCamp looks once, on the level as it is laid out, for a refinery
// camp worth its factory: a stand far from home with a free cell next to it
// (off the way there), where visits that carry two refined bagfuls home
// earn enough more per turn than raw trips with full deposits.
func (b *strategist) planCamp(s *State) {
	r := s.Rules()
	pl := b.me
	me := &s.Players[pl-1]
	home := Base(pl)
	if me.Coins < r.FactoryCost || ownTurnsLeft(s) < campMinTurns {
		return
	}
	raw := b.rate(s, r.Capacity, true)
	best := raw * campGain
	for i := range b.rt.stands {
		st := &b.rt.stands[i]
		a, _ := b.rt.dist(st.at, home)
		if a == unreachable || a < 2 {
			continue
		}
		var hits [2]int
		for _, j := range st.deposits {
			hits[s.Deposits[j].Kind] += s.Deposits[j].Max
		}
		for nd := min(hits[Diamond], r.Capacity/r.RawWeight[Diamond]); nd >= 0; nd-- {
			nm := min(hits[Mineral], (r.Capacity-nd*r.RawWeight[Diamond])/r.RawWeight[Mineral])
			n := nd + nm
			refined := 2 * (nd*r.DoneWeight[Diamond] + nm*r.DoneWeight[Mineral])
			if n == 0 || 2*nd > hits[Diamond] || 2*nm > hits[Mineral] || refined > r.Capacity {
				continue
			}
			acts := 2*n + 3 + 2*a + 1
			rate := float64(2*(nd*r.ToXP[Diamond]+nm*r.ToXP[Mineral])) / float64(acts)
			if rate <= best {
				continue
			}
			for _, d := range dirs {
				c := Cell{st.at.X + d.X, st.at.Z + d.Z}
				if !c.On() || b.rt.blocked[c.index()] || b.rt.standAt(c) != nil || c == home || s.PlayerAt(c) != 0 {
					continue
				}
				if b.rt.distWith(c, home, st.at) != a {
					continue
				}
				best, b.camp = rate, camp{on: true, stand: st.at, factory: c, gain: (rate - raw) * float64(acts)}
				break
			}
		}
	}
}

// atCamp is the camp's routine at its stand: build the factory; mine a
// bagful and put it in, twice; take what has refined; fill up; go home. Near
// the end of the game it stops putting items in. It returns "" when the
// visit is over.
func (b *strategist) atCamp(s *State) (string, string) {
	r := s.Rules()
	pl := b.me
	me := &s.Players[pl-1]
	f := s.FactoryAt(b.camp.factory)
	if f == nil {
		if s.check(pl, Command{Action: ActBuild, At: b.camp.factory}) == nil {
			return buildCmd(b.camp.factory), "build my refinery"
		}
		b.camp.on = false
		return "", ""
	}
	if f.Owner != pl || f.Health <= 0 {
		b.camp.on = false
		return "", ""
	}
	back, _ := b.rt.dist(me.Pos, Base(pl))
	late := ownTurnsLeft(s) < 3*back+12 // items put in now would not be fetched
	free := me.Capacity - r.weight(me.Bag)
	raw := Amount{}
	for _, it := range me.Bag {
		if !it.Processed {
			if it.Kind == Mineral {
				raw.Minerals++
			} else {
				raw.Diamonds++
			}
		}
	}
	mine := b.depositToMine(s, true)
	switch {
	case b.camp.puts < 2 && !late && mine != nil:
		return mineCmd(mine.Pos), "mine for the refinery"
	case b.camp.puts < 2 && !late && raw.Total() > 0:
		b.camp.puts++
		return putCmd(f.Pos, raw), "refine a bagful"
	case !b.camp.took:
		b.camp.took = true
		m, d := s.Ready(f, s.Turn)
		take := Amount{}
		for take.Diamonds < d && free >= r.DoneWeight[Diamond] {
			take.Diamonds++
			free -= r.DoneWeight[Diamond]
		}
		for take.Minerals < m && free >= r.DoneWeight[Mineral] {
			take.Minerals++
			free -= r.DoneWeight[Mineral]
		}
		if take.Total() > 0 {
			return takeCmd(f.Pos, take), "take the refined items"
		}
	}
	if mine != nil {
		return mineCmd(mine.Pos), "fill the bag"
	}
	b.cur, b.follow = plan{home: true, at: Base(pl)}, true
	return "", ""
}

// trip evaluates trips from one position.
type trip struct {
	s             *State
	r             *Rules
	rt            *routes
	from, home    Cell
	w, free, left int
	energy        int
	carried       float64
	after         func(turns int) float64
}

// plan is the best trip to st1 (then st2, when not nil), home: the
// diamonds first, then minerals, as many as fit in the bag and the turns.
func (t *trip) plan(st1, st2 *stand) (plan, bool) {
	r := t.r
	a1, s1 := t.rt.dist(t.from, st1.at)
	last, between, sb := st1, 0, 0
	if st2 != nil {
		between, sb = t.rt.dist(st1.at, st2.at)
		last = st2
	}
	a2, s2 := t.rt.dist(last.at, t.home)
	if a1 == unreachable || a2 == unreachable || between == unreachable {
		return plan{}, false
	}
	arrive := t.s.Turn + 2*a1
	var hits [2][2]int // stop, kind
	for k, st := range []*stand{st1, st2} {
		if st == nil {
			continue
		}
		for _, i := range st.deposits {
			if k == 1 && slices.Contains(st1.deposits, i) {
				continue
			}
			d := &t.s.Deposits[i]
			hits[k][d.Kind] += hitsAt(d, arrive)
		}
	}
	if st2 != nil && (hits[0][Mineral]+hits[0][Diamond] == 0 || hits[1][Mineral]+hits[1][Diamond] == 0) {
		return plan{}, false
	}
	dHits, mHits := hits[0][Diamond]+hits[1][Diamond], hits[0][Mineral]+hits[1][Mineral]
	spare := t.left - a1 - between - a2 - 1 // actions left to mine
	best := plan{score: -1e18}
	for nd := min(dHits, t.free/r.RawWeight[Diamond], spare); nd >= 0; nd-- {
		nm := min(mHits, (t.free-nd*r.RawWeight[Diamond])/r.RawWeight[Mineral], spare-nd)
		if nd+nm <= 0 || st2 != nil && (nd <= hits[0][Diamond] && nm <= hits[0][Mineral]) {
			continue
		}
		acts := a1 + between + nd + nm + a2 + 1
		nd1, nm1 := min(nd, hits[0][Diamond]), min(nm, hits[0][Mineral])
		w1 := t.w + nd1*r.RawWeight[Diamond] + nm1*r.RawWeight[Mineral]
		wEnd := t.w + nd*r.RawWeight[Diamond] + nm*r.RawWeight[Mineral]
		energy := s1*r.stepCost(t.w) + sb*r.stepCost(w1) + s2*r.stepCost(wEnd) + nd*r.MineEnergy[Diamond] + nm*r.MineEnergy[Mineral]
		if energy >= t.energy {
			continue
		}
		value := t.carried + float64(nd*r.ToXP[Diamond]+nm*r.ToXP[Mineral])
		score := value + t.after(t.left-acts) - energyXP*float64(energy)
		if score > best.score {
			// The first stop mines its share; the rest is planned there.
			best = plan{score: score, at: st1.at, diamonds: nd1, minerals: nm1}
		}
	}
	return best, best.score > -1e18
}

// horizon estimates rho from the trips from home as the deposits will be,
// less their energy.
func (b *strategist) horizon(s *State) {
	r := s.Rules()
	home := Base(b.me)
	var best [Size * 4]float64 // the best XP of a trip by its actions
	for _, st := range b.rt.stands {
		a, steps := b.rt.dist(st.at, home)
		if a == unreachable || 2*a+2 >= len(best) {
			continue
		}
		var hits [2]int
		for _, i := range st.deposits {
			hits[s.Deposits[i].Kind] += hitsAt(&s.Deposits[i], s.Turn+2*a)
		}
		for nd := min(hits[Diamond], r.Capacity/r.RawWeight[Diamond]); nd >= 0; nd-- {
			for nm := min(hits[Mineral], (r.Capacity-nd*r.RawWeight[Diamond])/r.RawWeight[Mineral]); nm >= 0; nm-- {
				acts := 2*a + nd + nm + 1
				if nd+nm == 0 || acts >= len(best) {
					continue
				}
				w := nd*r.RawWeight[Diamond] + nm*r.RawWeight[Mineral]
				energy := steps*r.stepCost(0) + steps*r.stepCost(w) + nd*r.MineEnergy[Diamond] + nm*r.MineEnergy[Mineral]
				best[acts] = max(best[acts], float64(nd*r.ToXP[Diamond]+nm*r.ToXP[Mineral])-energyXP*float64(energy))
			}
		}
	}
	b.rho = 0
	for acts, xp := range best {
		if acts > 0 {
			b.rho = max(b.rho, xp/float64(acts))
		}
	}
	b.rhoTurn = s.Turn
}

// after is what the turns left after a plan will earn at the usual rate.
func (b *strategist) after(turns int) float64 { return b.rho * float64(max(turns, 0)) }

// rate is the XP per own turn of the best trip from the base with an
// empty bag of the given capacity, with the deposits as they will be, or
// full.
func (b *strategist) rate(s *State, capacity int, full bool) float64 {
	r := s.Rules()
	home := Base(b.me)
	best := 0.0
	for _, st := range b.rt.stands {
		a, _ := b.rt.dist(st.at, home)
		if a == unreachable {
			continue
		}
		var hits [2]int
		for _, i := range st.deposits {
			d := &s.Deposits[i]
			if full {
				hits[d.Kind] += d.Max
			} else {
				hits[d.Kind] += hitsAt(d, s.Turn+2*a)
			}
		}
		for nd := min(hits[Diamond], capacity/r.RawWeight[Diamond]); nd >= 0; nd-- {
			nm := min(hits[Mineral], (capacity-nd*r.RawWeight[Diamond])/r.RawWeight[Mineral])
			if nd+nm > 0 {
				best = max(best, float64(nd*r.ToXP[Diamond]+nm*r.ToXP[Mineral])/float64(2*a+nd+nm+1))
			}
		}
	}
	return best
}
