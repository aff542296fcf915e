package aic21

import (
	"slices"
	"strconv"
)

// Views is what a colony's seat observes before a turn (Engine.Observe):
// one message per unit, by unit id, as the original server sends it to
// that unit's own process (§6): INIT to units created since the last turn,
// KILL to units that died in it, GAME_STATUS to every other live unit.
// Views share memory with each other; never modify one.
type Views map[int]*View

// The types of the server's messages (the wire's "type").
const (
	TypeInit   = 3
	TypeStatus = 4
	TypeKill   = 7
)

// View is one unit's message of a round.
type View struct {
	Type int // TypeInit, TypeStatus or TypeKill
	// Init is the unit's INIT. With TypeStatus it is only a reminder, never
	// sent again on the wire: a player that joins in the middle of a game
	// (after a loaded start) starts its agents from it.
	Init   *Init
	Status *Status // for TypeStatus
}

// Init is INIT's info (§3): the map's size and the constants. It names no
// unit, colony or turn.
type Init struct {
	MapWidth, MapHeight             int
	AntType                         int // 0 soldier, 1 worker
	BaseX, BaseY                    int
	HealthKargar, HealthSarbaaz     int
	AttackDistance, ViewDistance    int
	GenerateKargar, GenerateSarbaaz int
	RateDeathResource               int // always 1 (R24)
}

// Status is GAME_STATUS's info (§3): what the unit sees within its view
// distance, its own state, its colony's chat and the hits it saw. It
// carries no turn number (R23).
type Status struct {
	Around   []Around   // in scan order; 41 cells at distance 4, duplicates on narrow maps (R26)
	Chat     []ChatLine // the colony's whole accepted box
	X, Y     int        // current_x, current_y
	ResValue int        // what it carries
	ResType  Res
	Health   int
	Attacks  []SeenHit
}

// Around is one cell of a view.
type Around struct {
	X, Y     int
	ResValue int       // 0 when ResType is NoRes; delayed resources show as none
	Ants     []SeenAnt // the units on it, in arrival order, the viewer included
	Kind     Kind
	ResType  Res
}

// SeenAnt is a unit as a view shows it.
type SeenAnt struct {
	Team int // 0 the viewer's colony, 1 the enemy
	Type int // 0 soldier, 1 worker
}

// ChatLine is a message of the box as the units see it: no value, no
// sender.
type ChatLine struct {
	Text string
	Turn int
}

// SeenHit is a hit of the last turn as a view shows it.
type SeenHit struct {
	AttackerRow, AttackerCol int
	DefenderRow, DefenderCol int
	Enemy                    bool // is_attacker_enemy
}

// observe builds the views of colony c's units for the next round.
func (w *world) observe(c int) Views {
	views := Views{}
	if w.over {
		return views
	}
	for _, id := range w.died {
		views[id] = &View{Type: TypeKill}
	}
	// Each occupied cell's ants as colony c sees them, shared by all views.
	w.seen++
	flat := make([]SeenAnt, 0, len(w.units))
	for i := range w.units {
		at := w.at(w.units[i].Cell())
		if w.antsMark[at] == w.seen {
			continue
		}
		w.antsMark[at], w.antsFrom[at] = w.seen, int32(len(flat))
		for _, id := range w.occ[at] {
			u := w.unit(id)
			flat = append(flat, SeenAnt{Team: teamOf(u.Colony, c), Type: antType(u.Soldier)})
		}
	}
	ants := func(at int) []SeenAnt {
		if w.antsMark[at] != w.seen {
			return nil
		}
		from := int(w.antsFrom[at])
		return flat[from : from+len(w.occ[at]) : from+len(w.occ[at])]
	}
	lines := slices.Clip(w.lines[c])
	r := w.r
	base := w.col[c].Base
	var inits [2]*Init // by ant type
	for t := range inits {
		inits[t] = &Init{MapWidth: w.w, MapHeight: w.h, AntType: t, BaseX: base.X, BaseY: base.Y,
			HealthKargar: r.WorkerHealth, HealthSarbaaz: r.SoldierHealth, AttackDistance: r.Range,
			ViewDistance: r.View, GenerateKargar: r.WorkerPrice, GenerateSarbaaz: r.SoldierPrice, RateDeathResource: 1}
	}
	v := r.View
	cells := 2*v*v + 2*v + 1
	// Units on one cell see the same cells: they share them.
	var spots []Cell
	for i := range w.units {
		u := &w.units[i]
		if at := w.at(u.Cell()); u.Colony == c && w.viewMark[at] != w.seen && !slices.Contains(w.born, u.ID) {
			w.viewMark[at], w.viewFrom[at] = w.seen, int32(len(spots)*cells)
			spots = append(spots, u.Cell())
		}
	}
	around := make([]Around, 0, len(spots)*cells)
	for _, at := range spots {
		around = w.appendAround(around, at, ants)
	}
	for i := range w.units {
		u := &w.units[i]
		if u.Colony != c {
			continue
		}
		in := inits[antType(u.Soldier)]
		if slices.Contains(w.born, u.ID) {
			views[u.ID] = &View{Type: TypeInit, Init: in}
			continue
		}
		st := &Status{Chat: lines, X: u.X, Y: u.Y, ResValue: u.Amount, ResType: u.Carry, Health: u.Health}
		from := int(w.viewFrom[w.at(u.Cell())])
		st.Around = around[from : from+cells : from+cells]
		for _, h := range w.attacks {
			if Distance(w.w, w.h, u.Cell(), h.From) <= v || Distance(w.w, w.h, u.Cell(), h.To) <= v {
				st.Attacks = append(st.Attacks, SeenHit{AttackerRow: h.From.Y, AttackerCol: h.From.X,
					DefenderRow: h.To.Y, DefenderCol: h.To.X, Enemy: h.Colony != c})
			}
		}
		views[u.ID] = &View{Type: TypeStatus, Status: st, Init: in}
	}
	return views
}

// appendAround appends the cells a unit at c sees, in scan order: x from
// c.X-View up, then y from c.Y-View up, wrapped.
func (w *world) appendAround(around []Around, c Cell, ants func(at int) []SeenAnt) []Around {
	v := w.r.View
	for dx := -v; dx <= v; dx++ {
		x := wrap(c.X+dx, w.w)
		rem := v - abs(dx)
		for dy := -rem; dy <= rem; dy++ {
			y := wrap(c.Y+dy, w.h)
			at := y*w.w + x
			a := Around{X: x, Y: y, Kind: w.kinds[at], ResValue: w.resAmt[at], ResType: w.resType[at], Ants: ants(at)}
			if a.ResType == NoRes {
				a.ResValue = 0
			}
			around = append(around, a)
		}
	}
	return around
}

func teamOf(colony, viewer int) int {
	if colony == viewer {
		return 0
	}
	return 1
}

func antType(soldier bool) int {
	if soldier {
		return 0
	}
	return 1
}

// JSON is the message as the original server writes it on the wire,
// byte for byte (compact Gson, §3 and §6), without the NUL that ends a
// frame.
func (v *View) JSON() []byte { return v.AppendJSON(make([]byte, 0, 4096)) }

// AppendJSON appends JSON() to b.
func (v *View) AppendJSON(b []byte) []byte {
	switch v.Type {
	case TypeInit:
		b = append(b, `{"type":"3","info":`...)
		return append(v.Init.appendJSON(b), '}')
	case TypeStatus:
		b = append(b, `{"type":"4","info":`...)
		return append(v.Status.appendJSON(b), '}')
	}
	return append(b, `{"type":"7","info":{}}`...)
}

func appendField(b []byte, name string, v int) []byte {
	b = append(b, '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, int64(v), 10)
}

func (in *Init) appendJSON(b []byte) []byte {
	for i, f := range [...]struct {
		name string
		v    int
	}{
		{"map_width", in.MapWidth}, {"map_height", in.MapHeight}, {"ant_type", in.AntType},
		{"base_x", in.BaseX}, {"base_y", in.BaseY}, {"health_kargar", in.HealthKargar},
		{"health_sarbaaz", in.HealthSarbaaz}, {"attack_distance", in.AttackDistance},
		{"view_distance", in.ViewDistance}, {"generate_kargar", in.GenerateKargar},
		{"generate_sarbaaz", in.GenerateSarbaaz}, {"rate_death_resource", in.RateDeathResource},
	} {
		if i == 0 {
			b = append(b, '{')
		} else {
			b = append(b, ',')
		}
		b = appendField(b, f.name, f.v)
	}
	return append(b, '}')
}

func (st *Status) appendJSON(b []byte) []byte {
	b = append(b, `{"around_cells":[`...)
	for i := range st.Around {
		a := &st.Around[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(append(b, '{'), "cell_x", a.X)
		b = appendField(append(b, ','), "cell_y", a.Y)
		b = appendField(append(b, ','), "cell_type", int(a.Kind))
		b = appendField(append(b, ','), "resource_value", a.ResValue)
		b = appendField(append(b, ','), "resource_type", int(a.ResType))
		b = append(b, `,"ants":[`...)
		for k, ant := range a.Ants {
			if k > 0 {
				b = append(b, ',')
			}
			b = appendField(append(b, '{'), "ant_team", ant.Team)
			b = appendField(append(b, ','), "ant_type", ant.Type)
			b = append(b, '}')
		}
		b = append(b, "]}"...)
	}
	b = append(b, `],"chat_box":[`...)
	for i, l := range st.Chat {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"text":`...)
		b = appendQuoted(b, l.Text, true)
		b = appendField(append(b, ','), "turn", l.Turn)
		b = append(b, '}')
	}
	b = append(b, "],"...)
	b = appendField(b, "current_x", st.X)
	b = appendField(append(b, ','), "current_y", st.Y)
	b = appendField(append(b, ','), "current_resource_value", st.ResValue)
	b = appendField(append(b, ','), "current_resource_type", int(st.ResType))
	b = appendField(append(b, ','), "health", st.Health)
	b = append(b, `,"attacks":[`...)
	for i, h := range st.Attacks {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendField(append(b, '{'), "attacker_row", h.AttackerRow)
		b = appendField(append(b, ','), "attacker_col", h.AttackerCol)
		b = appendField(append(b, ','), "defender_row", h.DefenderRow)
		b = appendField(append(b, ','), "defender_col", h.DefenderCol)
		b = append(b, `,"is_attacker_enemy":`...)
		b = strconv.AppendBool(b, h.Enemy)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}
