package alienwarz

import (
	"slices"
	"strconv"
)

// Size is the board's side: cells are (0..9, 0..9).
const Size = 10

// Cell is a cell of the board: X is the row (the first index of the wire's
// board[X][Z]), Z the column, as on the wire.
type Cell struct{ X, Z int }

func (c Cell) String() string { return "(" + strconv.Itoa(c.X) + "," + strconv.Itoa(c.Z) + ")" }

// On reports whether c is on the board.
func (c Cell) On() bool { return c.X >= 0 && c.X < Size && c.Z >= 0 && c.Z < Size }

// Transpose is (Z,X): the level's mirror, which swaps the bases.
func (c Cell) Transpose() Cell { return Cell{c.Z, c.X} }

// Adjacent reports whether c and d are orthogonal neighbours.
func (c Cell) Adjacent(d Cell) bool { return abs(c.X-d.X)+abs(c.Z-d.Z) == 1 }

// Distance is the number of steps between c and d along rows and columns.
func (c Cell) Distance(d Cell) int { return abs(c.X-d.X) + abs(c.Z-d.Z) }

// near reports whether c and d are within one row and one column (the guard
// rule's 8-neighbourhood, R11), or the same cell.
func (c Cell) near(d Cell) bool { return abs(c.X-d.X) <= 1 && abs(c.Z-d.Z) <= 1 }

// index is the cell's number 0..99, row by row.
func (c Cell) index() int { return c.X*Size + c.Z }

// Base is the base of player 1 or 2: A at (9,0), B at (0,9).
func Base(player int) Cell {
	if player == 1 {
		return Cell{Size - 1, 0}
	}
	return Cell{0, Size - 1}
}

// Kind is what a deposit or an item is: a mineral ("cheap") or a diamond
// ("expensive").
type Kind uint8

// The two kinds of resource.
const (
	Mineral Kind = iota
	Diamond
)

func (k Kind) String() string {
	if k == Diamond {
		return "diamond"
	}
	return "mineral"
}

// Item is one resource in a bag or a factory. Mined is the turn it was
// mined (-1 when unknown, as for items read from a view); only the compat
// flag orig_lifo_timestamp looks at it.
type Item struct {
	Kind      Kind `json:"kind"`
	Processed bool `json:"processed,omitempty"`
	Mined     int  `json:"mined"`
}

// Player is one alien. Bag is in insertion order. Daze, Frozen and Backpack
// are the raw counters of §3.1 (the view's daze_turns, frozen_turns and
// increased_backpack_duration). Built counts the factories the player ever
// built (the original's tiebreak counts them all, R4).
type Player struct {
	Name     string `json:"name"`
	Energy   int    `json:"energy"`
	XP       int    `json:"xp"`
	Coins    int    `json:"coins"`
	Pos      Cell   `json:"pos"`
	Bag      []Item `json:"bag"`
	Capacity int    `json:"capacity"`
	Daze     int    `json:"daze"`
	Frozen   int    `json:"frozen"`
	Backpack int    `json:"backpack"`
	Built    int    `json:"built"`
}

// Count is how many items of kind k the bag holds, raw and processed.
func (p *Player) Count(k Kind) int {
	n := 0
	for _, it := range p.Bag {
		if it.Kind == k {
			n++
		}
	}
	return n
}

// Deposit is a mineral or diamond deposit: Remaining hits of Max, empty
// since EmptiedTurn (-1 when not empty), minable again Replenish turns after
// it was emptied.
type Deposit struct {
	Kind        Kind `json:"kind"`
	Pos         Cell `json:"pos"`
	Remaining   int  `json:"remaining"`
	Max         int  `json:"max"`
	EmptiedTurn int  `json:"emptied"`
	Replenish   int  `json:"replenish"`
}

// Countdown is the k of the deposit's token at turn: 0 unless empty, else
// the turns left before it is minable again (R10).
func (d *Deposit) Countdown(turn int) int {
	if d.Remaining > 0 || d.EmptiedTurn < 0 {
		return 0
	}
	return max(0, d.Replenish-(turn-d.EmptiedTurn))
}

// Stored is an item in a factory, put there at PutTurn.
type Stored struct {
	Item    Item `json:"item"`
	PutTurn int  `json:"put"`
}

// Factory is a refinement facility: its Owner (1 or 2), Health, and the
// items refining in it, oldest first. Health 0 marks what the original
// shows after a factory is rebuilt over a destroyed one with the compat flag
// orig_stale_factory (R5): a factory nobody can use or attack.
type Factory struct {
	Owner    int      `json:"owner"`
	Pos      Cell     `json:"pos"`
	Health   int      `json:"health"`
	Contents []Stored `json:"contents,omitempty"`
}

// State is one frame's immutable snapshot of a game. ToAct is the player to
// act (1 or 2), 0 when the game is over. Turn is the index of the action
// about to be played; at the end it is the number of actions played.
// Level is the level's index in its set (-1 when unknown). Ruins are the
// factories destroyed so far, kept only with orig_stale_factory. Winner is 1
// or 2, 0 for a draw; Reason says why the game ended: "exhausted" (the actor
// ran out of energy), "forfeit", or the ranking criterion that decided at
// the turn limit ("xp", "coins", "energy", "factories", "weight", "draw").
type State struct {
	Turn      int       `json:"turn"`
	ToAct     int       `json:"toAct"`
	Level     int       `json:"level"`
	LevelName string    `json:"levelName,omitempty"`
	Players   [2]Player `json:"players"`
	Deposits  []Deposit `json:"deposits"`
	Factories []Factory `json:"factories"`
	Ruins     []Factory `json:"ruins,omitempty"`
	Over      bool      `json:"over,omitempty"`
	Winner    int       `json:"winner,omitempty"`
	Reason    string    `json:"reason,omitempty"`

	rules *Rules
	// owned says which of its slices the state may change: the rest are
	// shared with the state it was cloned from (State.own).
	owned uint8
}

// Rules are the rules the state is played by.
func (s *State) Rules() *Rules {
	if s.rules == nil {
		return &defaultRules
	}
	return s.rules
}

// Player is player 1 or 2.
func (s *State) Player(player int) *Player { return &s.Players[player-1] }

// The parts of a state that a clone shares with the state it was cloned
// from until it changes them (see State.owned).
const (
	ownDeposits uint8 = 1 << iota
	ownFactories
	ownRuins
	ownBag1
	ownBag2
)

// clone is a copy of s that shares its slices until it changes them: a
// step changes few of them, so most are never copied.
func (s *State) clone() *State {
	c := *s
	c.owned = 0
	return &c
}

// own gives s its own copy of the parts in what before it changes them.
func (s *State) own(what uint8) {
	todo := what &^ s.owned
	if todo&ownDeposits != 0 {
		s.Deposits = slices.Clone(s.Deposits)
	}
	if todo&ownFactories != 0 {
		s.Factories = slices.Clone(s.Factories)
		for i := range s.Factories {
			s.Factories[i].Contents = slices.Clone(s.Factories[i].Contents)
		}
	}
	if todo&ownRuins != 0 {
		s.Ruins = slices.Clone(s.Ruins)
	}
	for i, bit := range [2]uint8{ownBag1, ownBag2} {
		if todo&bit != 0 {
			s.Players[i].Bag = slices.Clone(s.Players[i].Bag)
		}
	}
	s.owned |= todo
}

// bagOf is the own bit of player's bag.
func bagOf(player int) uint8 {
	if player == 1 {
		return ownBag1
	}
	return ownBag2
}

// Weight is the weight of the player's bag: raw minerals 2, processed 1,
// raw diamonds 5, processed 3.
func (s *State) Weight(player int) int { return s.Rules().weight(s.Players[player-1].Bag) }

// weight is the weight of a bag.
func (r *Rules) weight(bag []Item) int {
	w := 0
	for _, it := range bag {
		w += r.itemWeight(it)
	}
	return w
}

func (r *Rules) itemWeight(it Item) int {
	if it.Processed {
		return r.DoneWeight[it.Kind]
	}
	return r.RawWeight[it.Kind]
}

// Ready is how many of the factory's minerals and diamonds can be taken at
// turn: those put more than 5 (minerals) or 11 (diamonds) turns before (R9).
func (s *State) Ready(f *Factory, turn int) (minerals, diamonds int) {
	r := s.Rules()
	for _, st := range f.Contents {
		if r.ready(st, turn) {
			if st.Item.Kind == Mineral {
				minerals++
			} else {
				diamonds++
			}
		}
	}
	return minerals, diamonds
}

func (r *Rules) ready(st Stored, turn int) bool {
	return turn-st.PutTurn > r.Processing[st.Item.Kind]
}

// DepositAt is the deposit on c, or nil.
func (s *State) DepositAt(c Cell) *Deposit {
	for i := range s.Deposits {
		if s.Deposits[i].Pos == c {
			return &s.Deposits[i]
		}
	}
	return nil
}

// FactoryAt is the factory on c, or nil.
func (s *State) FactoryAt(c Cell) *Factory {
	for i := range s.Factories {
		if s.Factories[i].Pos == c {
			return &s.Factories[i]
		}
	}
	return nil
}

// PlayerAt is the player (1 or 2) standing on c, or 0.
func (s *State) PlayerAt(c Cell) int {
	for i := range s.Players {
		if s.Players[i].Pos == c {
			return i + 1
		}
	}
	return 0
}

// Steppable reports whether player may step on c: it is on the board and
// empty, or the player's own base with nobody on it.
func (s *State) Steppable(player int, c Cell) bool {
	if !c.On() || s.PlayerAt(c) != 0 || s.DepositAt(c) != nil || s.FactoryAt(c) != nil {
		return false
	}
	return c != Base(3-player)
}

// Token is the cell token of §3.3: "E", "A", "B", "1", "2", "M_r_k",
// "D_r_k" or "F_o_h".
func (s *State) Token(c Cell) string { return string(s.appendToken(nil, c)) }

func (s *State) appendToken(b []byte, c Cell) []byte {
	sym := &s.Rules().Symbols
	switch {
	case s.Players[0].Pos == c:
		return append(b, sym.Player1...)
	case s.Players[1].Pos == c:
		return append(b, sym.Player2...)
	}
	if f := s.FactoryAt(c); f != nil {
		b = append(b, sym.Factory...)
		b = append(b, '_')
		b = strconv.AppendInt(b, int64(f.Owner), 10)
		b = append(b, '_')
		return strconv.AppendInt(b, int64(f.Health), 10)
	}
	if d := s.DepositAt(c); d != nil {
		if d.Kind == Diamond {
			b = append(b, sym.Diamond...)
		} else {
			b = append(b, sym.Mineral...)
		}
		b = append(b, '_')
		b = strconv.AppendInt(b, int64(d.Remaining), 10)
		b = append(b, '_')
		return strconv.AppendInt(b, int64(d.Countdown(s.Turn)), 10)
	}
	switch c {
	case Base(1):
		return append(b, sym.Base1...)
	case Base(2):
		return append(b, sym.Base2...)
	}
	return append(b, sym.Empty...)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
