package alienwarz

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/arena-games/arena/game"
)

// RuleError is why a well-formed command cannot be played now; its text is
// one English line, and Words the same for the screens' catalogue.
type RuleError struct {
	Reason string
	Words  game.Words
}

func (e *RuleError) Error() string { return e.Reason }

func illegal(format string, args ...any) error {
	w := game.Say(format, args...)
	return &RuleError{Reason: w.String(), Words: w}
}

// Check tells whether line is a legal action for the player now: nil, or
// the reason it is not (a malformed line, a failed precondition, not the
// player's turn, the game is over).
func (s *State) Check(player int, line string) error {
	if s.Over {
		return errors.New("the game is over")
	}
	if player != s.ToAct {
		return fmt.Errorf("it is P%d's turn", s.ToAct)
	}
	if line == Forfeit {
		return errors.New("not an action")
	}
	c, err := ParseCommand(line)
	if err != nil {
		return err
	}
	return s.check(player, c)
}

// destination is where a move command takes the player: the cell sent,
// mirrored through the player's cell while dazed.
func (s *State) destination(player int, at Cell) (Cell, bool) {
	me := &s.Players[player-1]
	if me.Daze > 0 {
		return Cell{2*me.Pos.X - at.X, 2*me.Pos.Z - at.Z}, true
	}
	return at, false
}

// stepCost is the energy of one step with a bag of weight w (R1).
func (r *Rules) stepCost(w int) int {
	if r.OrigMoveCost {
		return min(w, r.Capacity) + r.MoveCost
	}
	return min(r.MoveCost+w, r.Capacity)
}

// check tells whether command c of the player can be played: the
// preconditions of §4, in the original's order.
func (s *State) check(player int, c Command) error {
	r := s.Rules()
	me := &s.Players[player-1]
	other := 3 - player
	switch c.Action {
	case ActMove:
		to, dazed := s.destination(player, c.At)
		switch {
		case !to.On() && dazed:
			return illegal("dazed: move %d %d mirrors to %s, off the board", c.At.X, c.At.Z, to)
		case !to.On():
			return illegal("%s is off the board", to)
		case to == me.Pos:
			return illegal("already on %s", to)
		case to.X != me.Pos.X && to.Z != me.Pos.Z:
			return illegal("%s is not in a straight line from %s", to, me.Pos)
		}
		dx, dz := sign(to.X-me.Pos.X), sign(to.Z-me.Pos.Z)
		for at := me.Pos; at != to; {
			at = Cell{at.X + dx, at.Z + dz}
			if !s.Steppable(player, at) {
				return illegal("the way to %s is blocked at %s (%s)", to, at, s.Token(at))
			}
		}
	case ActMine:
		d := s.DepositAt(c.At)
		switch {
		case !c.At.On():
			return illegal("%s is off the board", c.At)
		case !me.Pos.Adjacent(c.At):
			return illegal("%s is not next to %s", c.At, me.Pos)
		case d == nil:
			return illegal("no mineral or diamond on %s", c.At)
		case d.Remaining <= 0:
			return illegal("the %s on %s is empty for %d more turns", d.Kind, c.At, d.Countdown(s.Turn))
		case me.Energy < r.MineEnergy[d.Kind]:
			return illegal("mining a %s takes %d energy, P%d has %d", d.Kind, r.MineEnergy[d.Kind], player, me.Energy)
		case me.Capacity-r.weight(me.Bag) < r.RawWeight[d.Kind]:
			return illegal("no room for a %s: the bag holds %d of %d", d.Kind, r.weight(me.Bag), me.Capacity)
		}
	case ActBuild:
		switch {
		case !c.At.On():
			return illegal("%s is off the board", c.At)
		case s.PlayerAt(c.At) != 0 || s.DepositAt(c.At) != nil || s.FactoryAt(c.At) != nil || c.At == Base(1) || c.At == Base(2):
			return illegal("%s is not empty (%s)", c.At, s.Token(c.At))
		case !me.Pos.Adjacent(c.At):
			return illegal("%s is not next to %s", c.At, me.Pos)
		case me.Coins < r.FactoryCost:
			return illegal("a factory costs %d coins, P%d has %d", r.FactoryCost, player, me.Coins)
		}
	case ActAttack:
		f := s.FactoryAt(c.At)
		switch {
		case !c.At.On():
			return illegal("%s is off the board", c.At)
		case f == nil || f.Health <= 0:
			return illegal("no factory on %s", c.At)
		case f.Owner == player:
			return illegal("the factory on %s is P%d's own", c.At, player)
		case !me.Pos.Adjacent(c.At):
			return illegal("%s is not next to %s", c.At, me.Pos)
		case s.Players[other-1].Pos.near(c.At):
			return illegal("P%d guards the factory on %s", other, c.At)
		}
	case ActPut, ActTake:
		f := s.FactoryAt(c.At)
		switch {
		case !c.At.On():
			return illegal("%s is off the board", c.At)
		case c.Items.Total() <= 0:
			return illegal("nothing to %s", map[Action]string{ActPut: "put", ActTake: "take"}[c.Action])
		case f == nil || f.Health <= 0:
			return illegal("no factory on %s", c.At)
		case f.Owner != player:
			return illegal("the factory on %s is P%d's", c.At, f.Owner)
		}
		if c.Action == ActPut {
			if m, d := me.Count(Mineral), me.Count(Diamond); m < c.Items.Minerals || d < c.Items.Diamonds {
				return illegal("the bag holds %d minerals and %d diamonds", m, d)
			}
		} else {
			if m, d := s.Ready(f, s.Turn); m < c.Items.Minerals || d < c.Items.Diamonds {
				return illegal("the factory has %d minerals and %d diamonds ready", m, d)
			}
			need := c.Items.Minerals*r.DoneWeight[Mineral] + c.Items.Diamonds*r.DoneWeight[Diamond]
			if free := me.Capacity - r.weight(me.Bag); free < need {
				return illegal("the items weigh %d, the bag has room for %d", need, free)
			}
		}
		if !me.Pos.Adjacent(c.At) {
			return illegal("%s is not next to %s", c.At, me.Pos)
		}
	case ActConvert:
		m := c.Coins.Minerals + c.Energy.Minerals + c.XP.Minerals
		d := c.Coins.Diamonds + c.Energy.Diamonds + c.XP.Diamonds
		switch {
		case me.Pos != Base(player):
			return illegal("conversions happen on P%d's base %s", player, Base(player))
		case me.Count(Mineral) < m || me.Count(Diamond) < d:
			return illegal("the bag holds %d minerals and %d diamonds, not %d and %d", me.Count(Mineral), me.Count(Diamond), m, d)
		case m+d <= 0:
			return illegal("nothing to convert")
		}
	case ActShop:
		if price := r.price(c.Item); me.Coins < price {
			return illegal("a %s costs %d coins, P%d has %d", c.Item, price, player, me.Coins)
		}
	}
	return nil
}

// price is what the shop asks for item.
func (r *Rules) price(item string) int {
	switch item {
	case Freeze:
		return r.FreezeCost
	case Daze:
		return r.DazeCost
	}
	return r.BackpackCost
}

// exec plays command c of the player, which check accepted, and returns
// its events.
func (s *State) exec(player int, c Command) []game.Event {
	switch c.Action {
	case ActMine:
		s.own(ownDeposits | bagOf(player))
	case ActBuild, ActAttack:
		s.own(ownFactories | ownRuins)
	case ActPut, ActTake:
		s.own(ownFactories | bagOf(player))
	case ActConvert:
		s.own(bagOf(player))
	}
	r := s.Rules()
	me := &s.Players[player-1]
	you := &s.Players[2-player]
	switch c.Action {
	case ActMove:
		to, dazed := s.destination(player, c.At)
		from := me.Pos
		cost := from.Distance(to) * r.stepCost(r.weight(me.Bag))
		me.Pos, me.Energy = to, max(0, me.Energy-cost)
		text := pn(player) + " moves " + from.String() + " → " + to.String() + " for " + strconv.Itoa(cost) + " energy"
		if dazed {
			text += " (dazed: mirrored)"
		}
		return []game.Event{event("moved", player, Moved{Player: player, From: from, To: to, Cost: cost, Dazed: dazed}, text)}
	case ActMine:
		d := s.DepositAt(c.At)
		me.Energy -= r.MineEnergy[d.Kind]
		d.Remaining--
		if d.Remaining == 0 {
			d.EmptiedTurn = s.Turn
		}
		me.Bag = append(me.Bag, Item{Kind: d.Kind, Mined: s.Turn})
		return []game.Event{event("mined", player, Mined{Player: player, At: c.At, Kind: d.Kind, Emptied: d.Remaining == 0},
			pn(player)+" mines a "+d.Kind.String()+" on "+c.At.String()+" ("+strconv.Itoa(d.Remaining)+" hits left)")}
	case ActBuild:
		me.Coins -= r.FactoryCost
		me.Built++
		f := Factory{Owner: player, Pos: c.At, Health: r.FactoryHealth}
		if r.OrigStaleFactory {
			for _, ruin := range s.Ruins {
				if ruin.Pos == c.At {
					f = ruin // the original finds the destroyed factory first (R5)
				}
			}
		}
		s.Factories = append(s.Factories, f)
		return []game.Event{event("built", player, Built{Player: player, At: c.At}, fmt.Sprintf("P%d builds a factory on %s", player, c.At))}
	case ActAttack:
		f := s.FactoryAt(c.At)
		f.Health = max(0, f.Health-r.FactoryDamage)
		me.Energy = max(0, me.Energy-r.AttackEnergy)
		health := f.Health
		if health == 0 {
			if r.OrigStaleFactory {
				s.Ruins = append(s.Ruins, Factory{Owner: f.Owner, Pos: f.Pos})
			}
			s.removeFactory(c.At)
			me.Coins = min(r.MaxCoins, me.Coins+r.RewardCoins)
			me.XP += r.RewardXP
			return []game.Event{event("attacked", player, Attacked{Player: player, At: c.At, Destroyed: true}, fmt.Sprintf("P%d destroys P%d's factory on %s", player, 3-player, c.At))}
		}
		return []game.Event{event("attacked", player, Attacked{Player: player, At: c.At, Health: health}, fmt.Sprintf("P%d attacks P%d's factory on %s (%d health left)", player, 3-player, c.At, health))}
	case ActPut:
		f := s.FactoryAt(c.At)
		out := takeOldest(&me.Bag, c.Items, nil)
		for _, it := range out {
			f.Contents = append(f.Contents, Stored{Item: it, PutTurn: s.Turn})
		}
		return []game.Event{event("put", player, Put{Player: player, At: c.At, Minerals: c.Items.Minerals, Diamonds: c.Items.Diamonds}, fmt.Sprintf("P%d puts %d minerals and %d diamonds into the factory on %s", player, c.Items.Minerals, c.Items.Diamonds, c.At))}
	case ActTake:
		f := s.FactoryAt(c.At)
		for _, k := range []Kind{Mineral, Diamond} {
			want := c.Items.Minerals
			if k == Diamond {
				want = c.Items.Diamonds
			}
			kept := f.Contents[:0]
			for _, st := range f.Contents {
				if want > 0 && st.Item.Kind == k && r.ready(st, s.Turn) {
					st.Item.Processed = true
					me.Bag = append(me.Bag, st.Item)
					want--
					continue
				}
				kept = append(kept, st)
			}
			f.Contents = kept
		}
		return []game.Event{event("took", player, Took{Player: player, At: c.At, Minerals: c.Items.Minerals, Diamonds: c.Items.Diamonds}, fmt.Sprintf("P%d takes %d refined minerals and %d refined diamonds from the factory on %s", player, c.Items.Minerals, c.Items.Diamonds, c.At))}
	case ActConvert:
		all := Amount{c.Coins.Minerals + c.Energy.Minerals + c.XP.Minerals, c.Coins.Diamonds + c.Energy.Diamonds + c.XP.Diamonds}
		takeOldest(&me.Bag, all, nil)
		coins, energy, xp := me.Coins, me.Energy, me.XP
		me.Coins = min(r.MaxCoins, me.Coins+r.ToCoins[Mineral]*c.Coins.Minerals+r.ToCoins[Diamond]*c.Coins.Diamonds)
		me.XP += r.ToXP[Mineral]*c.XP.Minerals + r.ToXP[Diamond]*c.XP.Diamonds
		me.Energy = min(r.MaxEnergy, me.Energy+r.ToEnergy[Mineral]*c.Energy.Minerals+r.ToEnergy[Diamond]*c.Energy.Diamonds)
		g := Converted{Player: player, Coins: me.Coins - coins, Energy: me.Energy - energy, XP: me.XP - xp}
		return []game.Event{event("converted", player, g, pn(player)+" converts "+strconv.Itoa(all.Minerals)+" minerals and "+
			strconv.Itoa(all.Diamonds)+" diamonds: +"+strconv.Itoa(g.Coins)+" coins, +"+strconv.Itoa(g.Energy)+" energy, +"+strconv.Itoa(g.XP)+" XP")}
	case ActShop:
		me.Coins -= r.price(c.Item)
		switch c.Item {
		case Freeze:
			you.Frozen += r.statusAdd(you.Frozen, r.FrozenTurns+1, r.FrozenTurns)
		case Daze:
			you.Daze += r.statusAdd(you.Daze, r.DazeTurns, r.DazeTurns-1)
		case Backpack:
			if me.Backpack == 0 {
				if r.OrigBackpack24 {
					me.Capacity += r.CapacityBonus
				} else {
					me.Capacity = r.Capacity + r.CapacityBonus
				}
			}
			me.Backpack += r.BackpackTurns
		}
		return []game.Event{event("bought", player, Bought{Player: player, Item: c.Item}, fmt.Sprintf("P%d buys %s", player, c.Item))}
	}
	me.Energy = min(r.MaxEnergy, me.Energy+r.RestEnergy)
	return []game.Event{event("rested", player, Rested{Player: player}, pn(player)+" rests")}
}

// statusAdd is what a freeze or daze adds to a counter: first the whole
// counter, then (stacking) the effect's length, or the whole counter again
// with orig_status_stacking (R7).
func (r *Rules) statusAdd(counter, first, stacked int) int {
	if counter == 0 || r.OrigStatusStacking {
		return first
	}
	return stacked
}

// takeOldest removes the oldest a.Minerals minerals and a.Diamonds diamonds
// from the bag, keeping the order of the rest, and appends them to out in
// bag order.
func takeOldest(bag *[]Item, a Amount, out []Item) []Item {
	kept := (*bag)[:0]
	for _, it := range *bag {
		switch {
		case it.Kind == Mineral && a.Minerals > 0:
			a.Minerals--
			out = append(out, it)
		case it.Kind == Diamond && a.Diamonds > 0:
			a.Diamonds--
			out = append(out, it)
		default:
			kept = append(kept, it)
		}
	}
	*bag = kept
	return out
}

func (s *State) removeFactory(c Cell) {
	for i := range s.Factories {
		if s.Factories[i].Pos == c {
			s.Factories = append(s.Factories[:i], s.Factories[i+1:]...)
			return
		}
	}
}

// play plays line for the player to act, then the end of the turn (§4.11),
// and returns the step's events. s is changed in place.
func (s *State) play(line string) []game.Event {
	r := s.Rules()
	player := s.ToAct
	me := &s.Players[player-1]
	if line == Forfeit {
		s.end(3-player, "forfeit")
		return []game.Event{event("ended", 3-player, Ended{Winner: 3 - player, Reason: "forfeit"}, fmt.Sprintf("P%d wins: P%d's bot has exited (forfeit)", 3-player, player))}
	}
	var events []game.Event
	c, err := ParseCommand(line)
	if err == nil {
		err = s.check(player, c)
	}
	if err != nil {
		me.Energy = max(0, me.Energy-r.Penalty)
		reason := err.Error()
		if line == "" {
			reason = "no command (an empty line, or no answer in time)"
		}
		events = append(events, event("invalid", player, Invalid{Player: player, Line: line, Reason: reason}, fmt.Sprintf("P%d: invalid action, -%d energy: %s", player, r.Penalty, reason)))
	} else {
		events = s.exec(player, c)
	}
	return s.endTurn(player, events)
}

// endTurn is §4.11 after the player's action.
func (s *State) endTurn(player int, events []game.Event) []game.Event {
	r := s.Rules()
	me, you := &s.Players[player-1], &s.Players[2-player]
	switch {
	case me.Energy <= 0:
		s.Turn++
		s.end(3-player, "exhausted")
		return append(events, event("ended", 3-player, Ended{Winner: 3 - player, Reason: "exhausted"}, fmt.Sprintf("P%d wins: P%d has no energy left", 3-player, player)))
	case s.Turn >= r.MaxTurns-1:
		s.Turn++
		w, why := s.rank()
		s.end(w, why)
		text := "a draw: the players are matched completely"
		if w != 0 {
			text = fmt.Sprintf("P%d wins on %s at the turn limit", w, why)
		}
		return append(events, event("ended", max(w, 1), Ended{Winner: w, Reason: why}, text))
	}
	s.Turn++
	for i := range s.Deposits {
		if d := &s.Deposits[i]; d.Remaining == 0 && s.Turn > d.EmptiedTurn+d.Replenish {
			s.own(ownDeposits)
			d = &s.Deposits[i]
			d.Remaining, d.EmptiedTurn = d.Max, -1
			events = append(events, event("replenished", player, Replenished{At: d.Pos}, fmt.Sprintf("the %s on %s replenishes", d.Kind, d.Pos)))
		}
	}
	if you.Daze > 0 {
		you.Daze--
	}
	if you.Frozen > 0 {
		you.Frozen--
	}
	if me.Backpack > 0 {
		me.Backpack--
	} else {
		me.Capacity = r.Capacity
		if dropped := s.dropOverweight(player); len(dropped) > 0 {
			events = append(events, event("dropped", player, Dropped{Player: player, Items: dropped}, fmt.Sprintf("P%d's backpack runs out: %d items fall out", player, len(dropped))))
		}
	}
	if you.Frozen > 0 {
		s.ToAct = player
	} else {
		s.ToAct = 3 - player
	}
	return events
}

// dropOverweight drops the newest items while the bag is too heavy (R19)
// and returns them, newest first.
func (s *State) dropOverweight(player int) []Item {
	r := s.Rules()
	me := &s.Players[player-1]
	var dropped []Item
	if r.weight(me.Bag) > me.Capacity {
		s.own(bagOf(player))
	}
	for r.weight(me.Bag) > me.Capacity && len(me.Bag) > 0 {
		i := len(me.Bag) - 1
		if r.OrigLIFOTimestamp {
			i = newestMined(me.Bag)
		}
		dropped = append(dropped, me.Bag[i])
		me.Bag = append(me.Bag[:i], me.Bag[i+1:]...)
	}
	return dropped
}

// newestMined is the original's choice (R19): of the last mineral and the
// last diamond in the bag, the one mined later (the later in the bag on a
// tie).
func newestMined(bag []Item) int {
	last := [2]int{-1, -1}
	for i, it := range bag {
		last[it.Kind] = i
	}
	m, d := last[Mineral], last[Diamond]
	switch {
	case m < 0:
		return d
	case d < 0:
		return m
	case bag[m].Mined > bag[d].Mined || (bag[m].Mined == bag[d].Mined && m > d):
		return m
	}
	return d
}

// end ends the game with the winner (0: a draw).
func (s *State) end(winner int, reason string) {
	s.Over, s.Winner, s.Reason, s.ToAct = true, winner, reason, 0
}

// rank compares the players at the turn limit (§1) by Judged's keys. It
// returns the winner (0: a draw) and the criterion that decided.
func (s *State) rank() (int, string) {
	keys, names := s.Judged()
	for k := range names {
		switch {
		case keys[0][k] > keys[1][k]:
			return 1, names[k]
		case keys[0][k] < keys[1][k]:
			return 2, names[k]
		}
	}
	return 0, "draw"
}

// Judged is each player's numbers in the order the turn limit compares
// them (§1): XP, coins, energy, standing factories, bag weight; with
// orig_tiebreak, bag weight before the factories ever built (R3, R4). The
// names are the criteria, as Reason gives them.
func (s *State) Judged() (keys [2][5]int, names [5]string) {
	r := s.Rules()
	for i := range s.Players {
		p := &s.Players[i]
		standing := 0
		for _, f := range s.Factories {
			if f.Owner == i+1 && f.Health > 0 {
				standing++
			}
		}
		keys[i] = [5]int{p.XP, p.Coins, p.Energy, standing, r.weight(p.Bag)}
		if r.OrigTiebreak {
			keys[i][3], keys[i][4] = r.weight(p.Bag), p.Built
		}
	}
	names = [5]string{"xp", "coins", "energy", "factories", "weight"}
	if r.OrigTiebreak {
		names[3], names[4] = "weight", "factories"
	}
	return keys, names
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
