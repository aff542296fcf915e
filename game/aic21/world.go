package aic21

import (
	"slices"
	"sort"

	"github.com/arena-games/arena/game"
)

// world is the engine's working state, changed in place by each turn; the
// frames get snapshots of it (State).
type world struct {
	r     *Rules
	rng   *game.Rand
	w, h  int
	kinds []Kind
	shift Cell
	// baseOf maps the bases' cells to their colonies.
	baseOf map[int]int
	turn   int // the next turn to resolve
	// The visible resources; dirty when they changed since the last
	// snapshot.
	resType []Res
	resAmt  []int
	dirty   bool
	delayed []Delayed // still to appear, by turn, then group code, then row-major
	units   []Unit    // alive, ascending id
	index   []int32   // unit id -> position in units, -1 when dead
	occ     [][]int32 // per cell, the ids of the units on it in arrival order
	arrival int
	col     [2]Colony
	lines   [2][]ChatLine // the boxes as the views show them
	nextID  int
	attacks []Hit
	over    bool
	winner  int
	reason  string
	// born are the units created since the last turn (INIT in the next
	// round); died the units that died in the last turn (KILL).
	born, died []int
	// fresh are the units created after the last turn, for its Spawned
	// events in the next frame.
	fresh      []int
	names      [2]string
	swapLabels bool
	full       FullHealth
	events     []game.Event
	last       *State // the latest snapshot
	// per-turn scratch
	antsMark []uint32 // per cell: the observe call that listed its ants
	antsFrom []int32  // per cell: where its ants start in that call's list
	viewMark []uint32 // per cell: the observe call that listed what a unit there sees
	viewFrom []int32  // per cell: where that starts
	seen     uint32
	cand     []int32
	orders   []unitOrders
	shuffle  []int32
}

// unitOrders are one unit's frames of a round.
type unitOrders struct {
	moves []int
	stamp int // the turn they are for; stale otherwise
}

// newWorld sets up a game on m under r with the seed's randomness: the
// delayed resources get their turns and the first units are created.
func newWorld(m *Map, r *Rules, seed int64, names [2]string) *world {
	n := m.W * m.H
	w := &world{r: r, rng: game.NewRand(seed, 0), w: m.W, h: m.H, kinds: m.Kinds, shift: Cell{m.ShiftX, m.ShiftY},
		baseOf: map[int]int{}, resType: make([]Res, n), resAmt: make([]int, n), occ: make([][]int32, n), names: names,
		antsMark: make([]uint32, n), antsFrom: make([]int32, n), viewMark: make([]uint32, n), viewFrom: make([]int32, n),
		full: FullHealth{Base: r.BaseHealth, Worker: r.WorkerHealth, Soldier: r.SoldierHealth}, dirty: true}
	minDelayed := 7
	if r.Compat.DelayedMin8 {
		minDelayed = 8
	}
	groups := map[int][]int{}
	for i := range n {
		w.resType[i] = NoRes
		if m.Codes[i] >= minDelayed && m.ResType[i] != NoRes {
			groups[m.Codes[i]] = append(groups[m.Codes[i]], i)
			continue
		}
		w.resType[i], w.resAmt[i] = m.ResType[i], m.ResAmount[i]
	}
	codes := make([]int, 0, len(groups))
	for code := range groups {
		codes = append(codes, code)
	}
	sort.Ints(codes)
	for _, code := range codes {
		turn := 1
		if r.MaxTurn > 1 {
			turn += w.rng.IntN(r.MaxTurn - 1)
		}
		for _, i := range groups[code] {
			w.delayed = append(w.delayed, Delayed{At: Cell{i % m.W, i / m.W}, Code: code, Turn: turn, Res: m.ResType[i], Amount: m.ResAmount[i]})
		}
	}
	sort.SliceStable(w.delayed, func(i, j int) bool { return w.delayed[i].Turn < w.delayed[j].Turn })
	for c := range 2 {
		w.col[c] = Colony{Base: m.Bases[c], BaseHealth: r.BaseHealth, Bread: r.InitBread, Grass: r.InitGrass,
			QueuedSoldiers: r.InitSoldiers, QueuedWorkers: r.InitWorkers}
		w.baseOf[w.at(m.Bases[c])] = c
	}
	if r.Compat.BaseLabelColumnMajor {
		a, b := m.Bases[0], m.Bases[1]
		w.swapLabels = b.X < a.X || b.X == a.X && b.Y < a.Y
	}
	w.spawn()
	w.born, w.fresh = w.fresh, nil
	w.snapshot(-1)
	return w
}

func (w *world) at(c Cell) int { return c.Y*w.w + c.X }

func (w *world) cellOf(i int) Cell { return Cell{i % w.w, i / w.w} }

// unit is the live unit with that id, or nil.
func (w *world) unit(id int32) *Unit {
	if int(id) >= len(w.index) || id < 0 || w.index[id] < 0 {
		return nil
	}
	return &w.units[w.index[id]]
}

func (w *world) reindex() {
	for i := range w.index {
		w.index[i] = -1
	}
	for i := range w.units {
		w.index[w.units[i].ID] = int32(i)
	}
}

// resolve plays turn w.turn with the seats' answers (§4.1).
func (w *world) resolve(answers [2][]UnitMove, forfeit [2]bool) {
	t := w.turn
	w.events = nil
	for _, id := range w.fresh {
		if u := w.unit(int32(id)); u != nil {
			w.events = append(w.events, event("spawned", u.Colony, Spawned{*u}, "%s hatched at base %d", unitName(u), u.Colony))
		}
	}
	w.fresh, w.born, w.died = nil, nil, nil
	if cap(w.orders) < w.nextID {
		w.orders = make([]unitOrders, w.nextID)
	}
	w.orders = w.orders[:w.nextID]
	chats := w.collect(answers, t)
	w.attack()
	w.bury()
	w.chat(chats, t)
	w.move(t)
	w.appear(t)
	w.economy()
	s := w.snapshot(t)
	w.judge(t, forfeit)
	s.Over, s.Winner, s.Reason = w.over, w.winner, w.reason
	if w.over {
		w.events = append(w.events, event("ended", w.winner, Ended{w.winner, w.reason}, "colony %d wins (%s)", w.winner+1, w.reason))
	} else {
		w.spawn()
		w.born = w.fresh
	}
	w.turn++
}

// collect files the answers of each seat's live units: their moves by
// unit, their chat frames in arrival order.
func (w *world) collect(answers [2][]UnitMove, t int) [2][]UnitMove {
	var chats [2][]UnitMove
	for c, list := range answers {
		for _, m := range list {
			u := w.unit(int32(m.Unit))
			if u == nil || u.Colony != c {
				w.events = append(w.events, event("ignored", c, Ignored{c, m.String(), "no such unit of this colony"},
					"colony %d: unit %d is not one of its live units", c+1, m.Unit))
				continue
			}
			if m.Move {
				o := &w.orders[m.Unit]
				if o.stamp != t+1 {
					o.moves, o.stamp = o.moves[:0], t+1
				}
				o.moves = append(o.moves, m.Dir)
			}
			if m.Chat {
				chats[c] = append(chats[c], m)
			}
		}
	}
	return chats
}

// movesOf are the move frames unit id sent for turn t.
func (w *world) movesOf(id, t int) []int {
	if o := &w.orders[id]; o.stamp == t+1 {
		return o.moves
	}
	return nil
}

// attack runs the bases' and soldiers' automatic attacks (§4.3).
func (w *world) attack() {
	w.attacks = nil
	r := w.r
	for c := range 2 {
		base := w.col[c].Base
		enemy := &w.col[1-c]
		if r.Compat.BaseHitsBase && enemy.BaseHealth > 0 && Distance(w.w, w.h, base, enemy.Base) <= r.BaseRange {
			w.hitBase(BaseID(c), c, base, 1-c, r.BaseDamage)
			continue
		}
		target := w.choose(base, r.BaseRange, 1-c)
		if target == nil {
			continue
		}
		cell := target.Cell()
		for _, id := range w.occ[w.at(cell)] {
			u := w.unit(id)
			if r.Compat.BaseFriendlyFire || u.Colony != c && u.Health > 0 {
				w.hit(BaseID(c), c, base, u, r.BaseDamage)
			}
		}
	}
	for c := range 2 {
		enemy := &w.col[1-c]
		for i := range w.units {
			u := &w.units[i]
			if u.Colony != c || !u.Soldier {
				continue
			}
			if enemy.BaseHealth > 0 && Distance(w.w, w.h, u.Cell(), enemy.Base) <= r.Range {
				w.hitBase(u.ID, c, u.Cell(), 1-c, r.Damage)
				continue
			}
			if target := w.choose(u.Cell(), r.Range, 1-c); target != nil {
				w.hit(u.ID, c, u.Cell(), target, r.Damage)
			}
		}
	}
}

func (w *world) hit(attacker, colony int, from Cell, u *Unit, damage int) {
	u.Health -= damage
	h := Hit{Attacker: attacker, Defender: u.ID, From: from, To: u.Cell(), Colony: colony}
	w.attacks = append(w.attacks, h)
	w.events = append(w.events, event("attacked", colony, Attacked{h}, "%s hit %s for %d", attackerName(attacker), unitName(u), damage))
}

func (w *world) hitBase(attacker, colony int, from Cell, target, damage int) {
	w.col[target].BaseHealth -= damage
	h := Hit{Attacker: attacker, Defender: BaseID(target), From: from, To: w.col[target].Base, Colony: colony}
	w.attacks = append(w.attacks, h)
	w.events = append(w.events, event("attacked", colony, Attacked{h}, "%s hit colony %d's base for %d", attackerName(attacker), target+1, damage))
}

// choose is the unit of colony enemy that an attack from c with range r
// targets: the lowest-health soldier, else the lowest-health worker, with
// health above 0; ties go by random draw (R6) or, under
// compat.scanOrderTies, to the first in scan order.
func (w *world) choose(c Cell, r, enemy int) *Unit {
	r = min(r, w.w+w.h)
	best, bestSoldier := 0, false
	w.cand = w.cand[:0]
	dups := 2*r+1 > w.w || 2*r+1 > w.h
	for dx := -r; dx <= r; dx++ {
		x := wrap(c.X+dx, w.w)
		rem := r - abs(dx)
		for dy := -rem; dy <= rem; dy++ {
			for _, id := range w.occ[wrap(c.Y+dy, w.h)*w.w+x] {
				u := w.unit(id)
				if u.Colony != enemy || u.Health <= 0 {
					continue
				}
				switch {
				case len(w.cand) == 0 || u.Soldier && !bestSoldier || u.Soldier == bestSoldier && u.Health < best:
					w.cand = append(w.cand[:0], id)
					best, bestSoldier = u.Health, u.Soldier
				case u.Soldier == bestSoldier && u.Health == best && !(dups && slices.Contains(w.cand, id)):
					w.cand = append(w.cand, id)
				}
			}
		}
	}
	switch {
	case len(w.cand) == 0:
		return nil
	case len(w.cand) == 1 || w.r.Compat.ScanOrderTies:
		return w.unit(w.cand[0])
	}
	return w.unit(w.cand[w.rng.IntN(len(w.cand))])
}

// bury removes the units with health 0 or less, in ascending id, and
// places their deposits (§4.4).
func (w *world) bury() {
	alive := w.units[:0]
	var dead []Unit
	for _, u := range w.units {
		if u.Health > 0 {
			alive = append(alive, u)
			continue
		}
		dead = append(dead, u)
	}
	if dead == nil {
		return
	}
	w.units = alive
	w.reindex()
	for i := range dead {
		u := &dead[i]
		at := w.at(u.Cell())
		w.occ[at] = slices.DeleteFunc(w.occ[at], func(id int32) bool { return int(id) == u.ID })
		var deps []Deposit
		add := func(res Res, amount int) {
			if amount <= 0 {
				return
			}
			if c, ok := w.place(u.Cell(), res, amount); ok {
				deps = append(deps, Deposit{c, res, amount})
			}
		}
		if u.Soldier {
			add(Grass, w.r.deathDeposit(w.r.SoldierPrice))
		} else {
			bread := w.r.deathDeposit(w.r.WorkerPrice)
			if u.Carry == Bread {
				bread += u.Amount
			}
			add(Bread, bread)
			if u.Carry == Grass {
				add(Grass, u.Amount)
			}
		}
		w.died = append(w.died, u.ID)
		w.events = append(w.events, event("died", u.Colony, Died{*u, u.Cell(), deps}, "%s died at %s", unitName(u), u.Cell()))
	}
}

// place puts amount of res on the nearest acceptable cell from p (§4.4):
// empty ground holding nothing or res, ties by random draw (R10) or the
// first in scan order (compat.depositScanOrder). It reports false when
// no cell qualifies and the deposit is lost.
func (w *world) place(p Cell, res Res, amount int) (Cell, bool) {
	for r := 0; r <= min(w.w, w.h)/2; r++ {
		w.cand = w.cand[:0]
		for dx := -r; dx <= r; dx++ {
			x := wrap(p.X+dx, w.w)
			rem := r - abs(dx)
			for _, dy := range [2]int{-rem, rem} {
				i := int32(wrap(p.Y+dy, w.h)*w.w + x)
				if w.kinds[i] == Empty && (w.resType[i] == NoRes || w.resType[i] == res) && !slices.Contains(w.cand, i) {
					w.cand = append(w.cand, i)
				}
				if rem == 0 {
					break
				}
			}
		}
		if len(w.cand) == 0 {
			continue
		}
		i := w.cand[0]
		if len(w.cand) > 1 && !w.r.Compat.DepositScanOrder {
			i = w.cand[w.rng.IntN(len(w.cand))]
		}
		w.resType[i] = res
		w.resAmt[i] += amount
		w.dirty = true
		return w.cellOf(int(i)), true
	}
	return Cell{}, false
}

// chat runs each colony's chat box (§4.6) on the chat frames of its live
// units.
func (w *world) chat(chats [2][]UnitMove, t int) {
	r := w.r
	for c := range 2 {
		col := &w.col[c]
		col.Trivial = nil
		var cands []Msg
		for i, m := range chats[c] {
			if w.unit(int32(m.Unit)) == nil {
				continue // died this turn
			}
			msg := Msg{Text: m.Text, Value: m.Value, Sender: m.Unit, Turn: t}
			col.Trivial = append(col.Trivial, msg)
			if !r.Compat.MultiAction && slices.ContainsFunc(chats[c][i+1:], func(n UnitMove) bool { return n.Unit == m.Unit }) {
				continue // not the unit's last message (R4)
			}
			if r.messageLength(m.Text) > r.MessageLength {
				continue
			}
			cands = append(cands, msg)
		}
		accepted := make([]bool, len(col.Trivial))
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].Value > cands[j].Value })
		if !r.Compat.ChatStableTies {
			for lo := 0; lo < len(cands) && lo < r.ChatLimit; {
				hi := lo + 1
				for hi < len(cands) && cands[hi].Value == cands[lo].Value {
					hi++
				}
				run := cands[lo:hi]
				w.rng.Shuffle(len(run), func(i, j int) { run[i], run[j] = run[j], run[i] })
				lo = hi
			}
		}
		for _, m := range cands[:min(len(cands), r.ChatLimit)] {
			col.Chat = append(col.Chat, m)
			w.lines[c] = append(w.lines[c], ChatLine{Text: m.Text, Turn: t})
			for i, tm := range col.Trivial {
				if !accepted[i] && tm == m {
					accepted[i] = true
					break
				}
			}
		}
		for i, m := range col.Trivial {
			w.events = append(w.events, event("chat", c, Chat{c, m, accepted[i]}, "ant %d: %q (%d)", m.Sender, m.Text, m.Value))
		}
	}
}

// move plays the units' moves in ascending id (§4.2).
func (w *world) move(t int) {
	r := w.r
	for i := range w.units {
		u := &w.units[i]
		moves := w.movesOf(u.ID, t)
		if len(moves) > 1 && !r.Compat.MultiAction {
			moves = moves[len(moves)-1:]
		}
		if !r.Compat.SwampPerMessage && u.Stuck > 0 {
			u.Stuck-- // the hold counts turns (R5)
			continue
		}
		for _, d := range moves {
			if u.Stuck > 0 {
				if r.Compat.SwampPerMessage {
					u.Stuck--
					continue
				}
				break // held for the rest of the turn
			}
			w.step(u, d)
		}
	}
}

// step moves u one cell in direction d, if it can.
func (w *world) step(u *Unit, d int) {
	from := u.Cell()
	to := Step(w.w, w.h, from, d)
	j := w.at(to)
	if to == from || w.kinds[j] == Wall {
		return
	}
	i := w.at(from)
	w.occ[i] = slices.DeleteFunc(w.occ[i], func(id int32) bool { return int(id) == u.ID })
	w.occ[j] = append(w.occ[j], int32(u.ID))
	w.arrival++
	u.X, u.Y, u.Arrival = to.X, to.Y, w.arrival
	w.events = append(w.events, game.Event{Kind: "moved", Seat: game.Seat(u.Colony), Data: Moved{u.ID, from, to},
		Text: unitName(u) + " moved " + DirName(d) + " to " + to.String()})
	switch w.kinds[j] {
	case Swamp:
		u.Stuck = w.r.SwampTurns
	case Trap:
		if !u.Soldier && u.Carry != NoRes {
			w.events = append(w.events, event("trapped", u.Colony, Trapped{u.ID, to, u.Carry, u.Amount}, "%s lost %d %s in a trap", unitName(u), u.Amount, u.Carry))
			u.Carry, u.Amount = NoRes, 0
		}
	}
}

// appear places the delayed resources due at turn t.
func (w *world) appear(t int) {
	for len(w.delayed) > 0 && w.delayed[0].Turn <= t {
		d := w.delayed[0]
		w.delayed = w.delayed[1:]
		if c, ok := w.place(d.At, d.Res, d.Amount); ok {
			w.events = append(w.events, event("appeared", 0, Appeared{c, d.Res, d.Amount}, "%d %s appeared at %s", d.Amount, d.Res, c))
		}
	}
}

// economy runs the cells in row-major order: deliveries on the bases,
// pickups elsewhere (§4.5).
func (w *world) economy() {
	for c := range 2 {
		w.col[c].Delivered = [2]int{}
	}
	for i, ids := range w.occ {
		if len(ids) == 0 {
			continue
		}
		if c, ok := w.baseOf[i]; ok {
			for _, id := range ids {
				if u := w.unit(id); u.Colony == c && !u.Soldier && u.Carry != NoRes {
					w.deliver(u)
				}
			}
			continue
		}
		if w.resAmt[i] == 0 {
			continue
		}
		res := w.resType[i]
		w.shuffle = w.shuffle[:0]
		for _, id := range ids {
			if u := w.unit(id); !u.Soldier && (u.Carry == NoRes || u.Carry == res && u.Amount < Capacity) {
				w.shuffle = append(w.shuffle, id)
			}
		}
		if len(w.shuffle) > 1 {
			w.rng.Shuffle(len(w.shuffle), func(a, b int) { w.shuffle[a], w.shuffle[b] = w.shuffle[b], w.shuffle[a] })
		}
		for _, id := range w.shuffle {
			u := w.unit(id)
			take := min(Capacity-u.Amount, w.resAmt[i])
			if take <= 0 {
				continue
			}
			u.Carry, u.Amount = res, u.Amount+take
			w.resAmt[i] -= take
			w.dirty = true
			w.events = append(w.events, event("picked", u.Colony, Picked{u.ID, u.Cell(), res, take}, "%s picked up %d %s", unitName(u), take, res))
		}
		if w.resAmt[i] == 0 {
			w.resType[i] = NoRes
		}
	}
}

// deliver empties u's cargo into its colony's bank and queues the units
// the bank pays for (R13).
func (w *world) deliver(u *Unit) {
	col := &w.col[u.Colony]
	col.Delivered[u.Carry] += u.Amount
	w.events = append(w.events, event("delivered", u.Colony, Delivered{u.ID, u.Colony, u.Carry, u.Amount}, "%s delivered %d %s", unitName(u), u.Amount, u.Carry))
	if u.Carry == Bread {
		col.Bread += u.Amount
		if n := col.Bread / w.r.WorkerPrice; n > 0 {
			col.QueuedWorkers += n
			col.Bread -= n * w.r.WorkerPrice
		}
	} else {
		col.Grass += u.Amount
		if n := col.Grass / w.r.SoldierPrice; n > 0 {
			col.QueuedSoldiers += n
			col.Grass -= n * w.r.SoldierPrice
		}
	}
	u.Carry, u.Amount = NoRes, 0
}

// spawn creates the queued units at their bases: colony 0's soldiers,
// its workers, then colony 1's, until the cap (§4.5).
func (w *world) spawn() {
	for c := range 2 {
		col := &w.col[c]
		for _, soldier := range [2]bool{true, false} {
			queued, created := &col.QueuedWorkers, &col.CreatedWorkers
			health := w.r.WorkerHealth
			if soldier {
				queued, created, health = &col.QueuedSoldiers, &col.CreatedSoldiers, w.r.SoldierHealth
			}
			for ; *queued > 0 && w.nextID < w.r.MaxAgents; *queued-- {
				w.arrival++
				u := Unit{ID: w.nextID, Colony: c, Soldier: soldier, X: col.Base.X, Y: col.Base.Y, Health: health,
					Carry: NoRes, Arrival: w.arrival}
				w.nextID++
				*created++
				w.units = append(w.units, u)
				w.index = append(w.index, int32(len(w.units)-1))
				w.occ[w.at(col.Base)] = append(w.occ[w.at(col.Base)], int32(u.ID))
				w.fresh = append(w.fresh, u.ID)
			}
		}
	}
}

// judge ends the game after turn t when a base has fallen, the turns are
// up or a colony forfeits (R18), and decides the winner (§1): a fallen
// base first, then a forfeit, then the judge's criteria (also when both
// colonies forfeit).
func (w *world) judge(t int, forfeit [2]bool) {
	h0, h1 := w.col[0].BaseHealth, w.col[1].BaseHealth
	if h0 > 0 && h1 > 0 && t+1 < w.r.MaxTurn && !forfeit[0] && !forfeit[1] {
		return
	}
	w.over = true
	switch {
	case h0 > 0 && h1 <= 0:
		w.winner, w.reason = 0, "base"
		return
	case h1 > 0 && h0 <= 0:
		w.winner, w.reason = 1, "base"
		return
	case forfeit[0] != forfeit[1]:
		w.winner, w.reason = 0, "forfeit"
		if forfeit[0] {
			w.winner = 1
		}
		return
	}
	var score [2][6]int
	for c := range 2 {
		col := &w.col[c]
		alive := 0
		for i := range w.units {
			if w.units[i].Colony == c {
				alive++
			}
		}
		score[c] = [6]int{col.BaseHealth, alive, col.CreatedWorkers + col.CreatedSoldiers, col.CreatedSoldiers, col.Bread, col.Grass}
	}
	w.winner, w.reason = decide(score, w.rng)
}

// criteria name the tie-break order of the judge (§1).
var criteria = [6]string{"health", "units", "created", "soldiers", "bread", "grass"}

// decide is the judge's comparison of the two colonies' scores, in the
// order of criteria; a full tie is a random draw (R19).
func decide(score [2][6]int, rng *game.Rand) (int, string) {
	for k := range criteria {
		if score[0][k] != score[1][k] {
			if score[0][k] > score[1][k] {
				return 0, criteria[k]
			}
			return 1, criteria[k]
		}
	}
	return rng.IntN(2), "random"
}

// snapshot records the state for the frame of turn t (-1: the start).
func (w *world) snapshot(t int) *State {
	s := &State{W: w.w, H: w.h, ShiftX: w.shift.X, ShiftY: w.shift.Y, Kinds: w.kinds, Delayed: w.delayed,
		Units: slices.Clone(w.units), Colonies: w.col, Attacks: w.attacks, Turn: t, MaxTurn: w.r.MaxTurn, TeamNames: w.names,
		FullHealth: w.full, View: w.r.View, MessageLength: w.r.MessageLength, swapLabels: w.swapLabels}
	if s.Units == nil {
		s.Units = []Unit{}
	}
	for c := range 2 {
		s.Colonies[c].Chat = slices.Clip(w.col[c].Chat)
	}
	if w.dirty || w.last == nil {
		s.ResType, s.ResAmount = slices.Clone(w.resType), slices.Clone(w.resAmt)
		w.dirty = false
	} else {
		s.ResType, s.ResAmount = w.last.ResType, w.last.ResAmount
	}
	w.last = s
	return s
}
