package aic21

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena-games/arena/game"
)

// SeenEnemyID is the first id of the other colony's units in a seat's
// view: they get the ids from it up, in the order of their cells, and
// those ids name them only within one frame (the views do not tell which
// unit is which, §3).
const SeenEnemyID = 1 << 16

// teamView is one line of an AIC21 seat's stream: what a colony's units
// were told before the next round (the units' views of §3, each cell once)
// and its own colony's record. It holds no cell that none of its units
// sees, and of the other colony only the units and hits they see; the
// views of every unit can be rebuilt from it (seatFrames.Observe).
type teamView struct {
	W       int        `json:"w"`
	H       int        `json:"h"`
	Turn    int        `json:"turn"` // the turn this is the record of; -1 at the start
	MaxTurn int        `json:"max_turn"`
	Colony  int        `json:"colony"`
	Names   [2]string  `json:"names"`
	Full    FullHealth `json:"full"`
	Init    Init       `json:"init"` // the constants of INIT; AntType is per unit
	// MessageLength is the longest chat message, in bytes
	// (MAX_MESSAGE_LENGTH); absent from older streams (then the rules'
	// default).
	MessageLength int `json:"message_length,omitempty"`
	// Own is the colony's record; its Chat holds the messages the box took
	// in this turn only.
	Own   Colony     `json:"own"`
	Units []Unit     `json:"units"` // the colony's units as the turn's record has them
	Born  []bornUnit `json:"born,omitempty"`
	Died  []int      `json:"died,omitempty"`
	Cells []seenCell `json:"cells"`
	Hits  []seenHit  `json:"hits,omitempty"`
}

// bornUnit is a unit that gets INIT in the next round.
type bornUnit struct {
	ID      int  `json:"id"`
	Soldier bool `json:"soldier,omitempty"`
}

// seenCell is a cell that one of the colony's units sees, as its view
// shows it.
type seenCell struct {
	At     int       `json:"at"` // the cell's index, row-major
	Kind   Kind      `json:"kind"`
	Res    Res       `json:"res"`
	Amount int       `json:"amount,omitempty"`
	Ants   []SeenAnt `json:"ants,omitempty"`
}

// seenHit is a hit of the last turn that one of the colony's units saw.
type seenHit struct {
	From  Cell `json:"from"`
	To    Cell `json:"to"`
	Enemy bool `json:"enemy,omitempty"` // the other colony hit
}

// SeatView is colony s's team view before the next round (game.Fogged).
func (Title) SeatView(eng game.Engine, s game.Seat) ([]byte, error) {
	e, ok := eng.(*Engine)
	if !ok || (s != 0 && s != 1) {
		return nil, fmt.Errorf("aic21: seat %d's view of a %T", s.Number(), eng)
	}
	c := int(s)
	st := e.Current()
	views := e.Observe(s).(Views)
	r := e.rules
	tv := teamView{W: st.W, H: st.H, Turn: st.Turn, MaxTurn: st.MaxTurn, Colony: c, Names: st.TeamNames, Full: st.FullHealth,
		Init: Init{MapWidth: st.W, MapHeight: st.H, BaseX: st.Colonies[c].Base.X, BaseY: st.Colonies[c].Base.Y,
			HealthKargar: r.WorkerHealth, HealthSarbaaz: r.SoldierHealth, AttackDistance: r.Range, ViewDistance: r.View,
			GenerateKargar: r.WorkerPrice, GenerateSarbaaz: r.SoldierPrice, RateDeathResource: 1},
		MessageLength: r.MessageLength, Own: st.Colonies[c], Units: []Unit{}, Cells: []seenCell{}}
	tv.Own.Chat = nil
	for _, m := range st.Colonies[c].Chat {
		if m.Turn == st.Turn {
			tv.Own.Chat = append(tv.Own.Chat, m)
		}
	}
	for _, u := range st.Units {
		if u.Colony == c {
			u.Arrival = 0 // counts every arrival, the other colony's too
			tv.Units = append(tv.Units, u)
		}
	}
	seen := map[int]bool{}
	var spots []Cell
	ids := make([]int, 0, len(views))
	for id := range views {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		v := views[id]
		switch v.Type {
		case TypeKill:
			tv.Died = append(tv.Died, id)
		case TypeInit:
			tv.Born = append(tv.Born, bornUnit{ID: id, Soldier: v.Init.AntType == 0})
		case TypeStatus:
			spots = append(spots, Cell{v.Status.X, v.Status.Y})
			for _, a := range v.Status.Around {
				at := a.Y*st.W + a.X
				if !seen[at] {
					seen[at] = true
					tv.Cells = append(tv.Cells, seenCell{At: at, Kind: a.Kind, Res: a.ResType, Amount: a.ResValue, Ants: a.Ants})
				}
			}
		}
	}
	slices.SortFunc(tv.Cells, func(a, b seenCell) int { return a.At - b.At })
	for _, h := range st.Attacks {
		if slices.ContainsFunc(spots, func(p Cell) bool { return sees(st.W, st.H, r.View, p, h) }) {
			tv.Hits = append(tv.Hits, seenHit{From: h.From, To: h.To, Enemy: h.Colony != c})
		}
	}
	return json.Marshal(tv)
}

// sees reports whether a unit at p, seeing view cells far, saw hit h (§3:
// either end within its view distance).
func sees(w, h, view int, p Cell, hit Hit) bool {
	return Distance(w, h, p, hit.From) <= view || Distance(w, h, p, hit.To) <= view
}

// NewSeatView reads colony s's team views into frames of the game as the
// colony knows it (game.Fogged).
func (Title) NewSeatView(s game.Seat, _ map[string]string) (game.SeatView, error) {
	if s != 0 && s != 1 {
		return nil, fmt.Errorf("aic21: seat %d of 2", s.Number())
	}
	return &seatFrames{colony: int(s)}, nil
}

// seatFrames is what a colony knows, from one team view to the next: the
// ground and resources its units saw (as they were when last seen), the
// cells they saw, the other colony's base once seen, and its own box.
type seatFrames struct {
	colony int
	tv     *teamView
	prev   *State
	kinds  []Kind
	res    []Res
	amount []int
	seen   []bool
	chat   []Msg
	lines  []ChatLine
	enemy  Cell   // the other colony's base, {-1, -1} until seen
	sight  []bool // the cells the last view showed
}

// maxCells bounds a team view's map: AIC21's maps are at most 128 cells a
// side (rules §2); more would only cost memory.
const maxCells = 1 << 20

func (f *seatFrames) Frame(view []byte, move string, res *game.Result) (game.Frame, error) {
	var tv teamView
	if err := json.Unmarshal(view, &tv); err != nil {
		return game.Frame{}, fmt.Errorf("aic21 view: %w", err)
	}
	if err := f.check(&tv); err != nil {
		return game.Frame{}, fmt.Errorf("aic21 view: %w", err)
	}
	n := tv.W * tv.H
	if f.kinds == nil {
		f.kinds, f.res, f.amount, f.seen = make([]Kind, n), make([]Res, n), make([]int, n), make([]bool, n)
		for i := range f.kinds {
			f.kinds[i], f.res[i] = Empty, NoRes
		}
		f.enemy = Cell{-1, -1}
	}
	c := f.colony
	base := tv.Own.Base
	kindsChanged, seenChanged := false, false
	f.res, f.amount = slices.Clone(f.res), slices.Clone(f.amount)
	sight := make([]bool, n)
	for _, sc := range tv.Cells {
		sight[sc.At] = true
		if !f.seen[sc.At] {
			if !seenChanged {
				f.seen, seenChanged = slices.Clone(f.seen), true
			}
			f.seen[sc.At] = true
		}
		if f.kinds[sc.At] != sc.Kind {
			if !kindsChanged {
				f.kinds, kindsChanged = slices.Clone(f.kinds), true
			}
			f.kinds[sc.At] = sc.Kind
		}
		f.res[sc.At], f.amount[sc.At] = sc.Res, sc.Amount
		if cell := (Cell{sc.At % tv.W, sc.At / tv.W}); sc.Kind == Base && cell != base {
			f.enemy = cell
		}
	}
	f.chat = append(slices.Clip(f.chat), tv.Own.Chat...)
	for _, m := range tv.Own.Chat {
		f.lines = append(f.lines, ChatLine{Text: m.Text, Turn: m.Turn})
	}
	msgLen := tv.MessageLength
	if msgLen == 0 {
		msgLen = DefaultRules().MessageLength
	}
	s := &State{W: tv.W, H: tv.H, Kinds: f.kinds, ResType: f.res, ResAmount: f.amount, Turn: tv.Turn, MaxTurn: tv.MaxTurn,
		TeamNames: tv.Names, FullHealth: tv.Full, View: tv.Init.ViewDistance, MessageLength: msgLen, Observer: c + 1,
		Seen: f.seen, Sight: sight}
	s.Colonies[c] = tv.Own
	s.Colonies[c].Chat = slices.Clip(f.chat)
	s.Colonies[1-c] = Colony{Base: f.enemy, BaseHealth: -1}
	s.Units = append(s.Units, tv.Units...)
	next := SeenEnemyID
	for _, sc := range tv.Cells {
		for _, a := range sc.Ants {
			if a.Team == 1 {
				s.Units = append(s.Units, Unit{ID: next, Colony: 1 - c, Soldier: a.Type == 0, X: sc.At % tv.W, Y: sc.At / tv.W, Health: -1, Carry: NoRes})
				next++
			}
		}
	}
	for _, h := range tv.Hits {
		by := c
		if h.Enemy {
			by = 1 - c
		}
		s.Attacks = append(s.Attacks, Hit{Attacker: f.fighter(s, by, h.From), Defender: f.fighter(s, 1-by, h.To), From: h.From, To: h.To, Colony: by})
	}
	if res != nil {
		if res.Winner != 1 && res.Winner != 2 {
			return game.Frame{}, fmt.Errorf("aic21 view: the winner is colony %d; AIC21 has colonies 1 and 2 and no draws", res.Winner)
		}
		s.Over, s.Reason, s.Winner = true, res.Reason, res.Winner-1
	}
	fr := game.Frame{State: s}
	if f.prev != nil {
		fr.Events = f.seenEvents(f.prev, s)
	}
	f.sight = sight
	f.prev, f.tv = s, &tv
	return fr, nil
}

// check refuses a team view that does not fit the game so far.
func (f *seatFrames) check(tv *teamView) error {
	switch {
	case tv.W < 1 || tv.H < 1 || tv.W*tv.H > maxCells || tv.W > maxCells || tv.H > maxCells:
		return fmt.Errorf("a %dx%d map", tv.W, tv.H)
	case f.kinds != nil && tv.W*tv.H != len(f.kinds):
		return fmt.Errorf("the map was %d cells, now %dx%d", len(f.kinds), tv.W, tv.H)
	case tv.Colony != f.colony:
		return fmt.Errorf("the view of colony %d, expected %d", tv.Colony+1, f.colony+1)
	case tv.Init.ViewDistance < 0 || tv.Init.ViewDistance > 64:
		return fmt.Errorf("view distance %d", tv.Init.ViewDistance)
	case tv.MessageLength < 0 || tv.MessageLength > 1<<20:
		return fmt.Errorf("message length %d", tv.MessageLength)
	}
	in := func(c Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < tv.W && c.Y < tv.H }
	if !in(tv.Own.Base) {
		return fmt.Errorf("base %s off the map", tv.Own.Base)
	}
	for i, sc := range tv.Cells {
		if sc.At < 0 || sc.At >= tv.W*tv.H || (i > 0 && sc.At <= tv.Cells[i-1].At) {
			return fmt.Errorf("cell %d: out of the map or out of order", sc.At)
		}
		if sc.Res > NoRes || sc.Kind > Swamp {
			return fmt.Errorf("cell %d: kind %d, resource %d", sc.At, sc.Kind, sc.Res)
		}
		for _, a := range sc.Ants {
			if a.Team != 0 && a.Team != 1 || a.Type != 0 && a.Type != 1 {
				return fmt.Errorf("cell %d: an ant of team %d, type %d", sc.At, a.Team, a.Type)
			}
		}
	}
	for i, u := range tv.Units {
		if u.Colony != f.colony || u.ID < 0 || u.ID >= SeenEnemyID || (i > 0 && u.ID <= tv.Units[i-1].ID) {
			return fmt.Errorf("unit %d of colony %d: not one of the colony's, or out of order", u.ID, u.Colony+1)
		}
		if !in(u.Cell()) || u.Carry > NoRes {
			return fmt.Errorf("unit %d: at %s, carrying %d", u.ID, u.Cell(), u.Carry)
		}
	}
	for _, h := range tv.Hits {
		if !in(h.From) || !in(h.To) {
			return fmt.Errorf("a hit %s → %s off the map", h.From, h.To)
		}
	}
	return nil
}

// fighter is the id of who stands for colony c at cell at in a seen hit:
// its unit there, its base, or an unknown unit (drawn at the cell).
func (f *seatFrames) fighter(s *State, c int, at Cell) int {
	for _, u := range s.Units {
		if u.Colony == c && u.Cell() == at {
			return u.ID
		}
	}
	if s.Colonies[c].Base == at {
		return BaseID(c)
	}
	return unknownUnit
}

// unknownUnit stands for a unit that a seen hit came from or went to, when
// the view does not show it.
const unknownUnit = 1 << 30

// seenEvents are the events of the step between two team states: diff's,
// without the other colony's units appearing, leaving, walking or picking
// up (they come into and go out of sight; their ids name them in one frame
// only), and without resources "appearing" where the colony had not looked.
func (f *seatFrames) seenEvents(a, b *State) []game.Event {
	var out []game.Event
	for _, e := range diff(a, b) {
		keep := true
		switch d := e.Data.(type) {
		case Spawned:
			keep = d.Unit.ID < SeenEnemyID
		case Died:
			keep = d.Unit.ID < SeenEnemyID
		case Moved:
			keep = d.Unit < SeenEnemyID
		case Picked:
			keep = d.Unit < SeenEnemyID
		case Appeared:
			keep = f.sight[b.At(d.At)]
		}
		if keep {
			out = append(out, e)
		}
	}
	return out
}

// Observe rebuilds the colony's Views from the last team view, as the
// engine gave them to the units: a bot plays the seat from its stream.
func (f *seatFrames) Observe() any {
	views := Views{}
	tv := f.tv
	if tv == nil || f.prev.Over {
		return views
	}
	for _, id := range tv.Died {
		views[id] = &View{Type: TypeKill}
	}
	var inits [2]*Init
	for t := range inits {
		in := tv.Init
		in.AntType = t
		inits[t] = &in
	}
	for _, b := range tv.Born {
		views[b.ID] = &View{Type: TypeInit, Init: inits[antType(b.Soldier)]}
	}
	cells := make(map[int]*seenCell, len(tv.Cells))
	for i := range tv.Cells {
		cells[tv.Cells[i].At] = &tv.Cells[i]
	}
	lines := slices.Clip(f.lines)
	v := tv.Init.ViewDistance
	for _, u := range tv.Units {
		if _, born := views[u.ID]; born {
			continue
		}
		st := &Status{Chat: lines, X: u.X, Y: u.Y, ResValue: u.Amount, ResType: u.Carry, Health: u.Health}
		for dx := -v; dx <= v; dx++ {
			x := wrap(u.X+dx, tv.W)
			rem := v - abs(dx)
			for dy := -rem; dy <= rem; dy++ {
				y := wrap(u.Y+dy, tv.H)
				a := Around{X: x, Y: y, Kind: Empty, ResType: NoRes}
				if sc := cells[y*tv.W+x]; sc != nil {
					a.Kind, a.ResType, a.ResValue, a.Ants = sc.Kind, sc.Res, sc.Amount, sc.Ants
				}
				st.Around = append(st.Around, a)
			}
		}
		for _, h := range tv.Hits {
			if sees(tv.W, tv.H, v, u.Cell(), Hit{From: h.From, To: h.To}) {
				st.Attacks = append(st.Attacks, SeenHit{AttackerRow: h.From.Y, AttackerCol: h.From.X, DefenderRow: h.To.Y, DefenderCol: h.To.X, Enemy: h.Enemy})
			}
		}
		views[u.ID] = &View{Type: TypeStatus, Status: st, Init: inits[antType(u.Soldier)]}
	}
	return views
}
