package guardains

import (
	"strconv"
)

// Feedback is one entry of a view's feedback list (§3.2).
type Feedback struct {
	Code string
	// Data is the data object as compact JSON, keys in the original's
	// order: {"victim_type":"StarLord","attacker":"Rocket"}.
	Data string
}

// The feedback codes of §3.2.
const (
	CodeInvalidAction      = "INVALID_ACTION"
	CodeTimeout            = "TIMEOUT"
	CodeError              = "ERROR"
	CodeAttacked           = "YOU_HAVE_BEEN_ATTACKED"
	CodeDead               = "GUARDIAN_DEAD"
	CodeAttackSuccess      = "ATTACK_SUCCESS"
	CodeTeleport           = "TELEPORT_SUCCESS"
	CodeStonePicked        = "INFINITY_STONE_PICKED_UP"
	CodeGuardianPicked     = "GUARDIAN_PICKED_UP_INFINITY_STONE"
	CodeStoneMoved         = "INFINITY_STONE_MOVED"
	CodeGuardianMoved      = "GUARDIAN_MOVED_INFINITY_STONE"
	CodeStoneDropped       = "INFINITY_STONE_DROPPED"
	CodeDeadAndDropped     = "GUARDIAN_DEAD_AND_INFINITY_STONE_DROPPED"
	CodeClue               = "CLUE"
	CodeStarLordSpecial    = "STAR_LORD_SPECIAL_POWER"
	CodeHealPointUsed      = "HEALPOINT_USED"
	ClueDirection          = "get_direction_to_infinity_stone"
	ClueEnemies            = "get_enemy_locations"
	errActionNotFound      = "Action Not found"
	errActionInconsistent  = "Action Data Inconsistent"
	dataInvalidAction      = `{"data":"Invalid action"}`
	feedbackMessageUnknown = "Unknown"
)

// messages are the exact messages of the feedback codes.
var messages = map[string]string{
	CodeInvalidAction:   "Invalid action, Your Score is decreased by this.",
	CodeTimeout:         "Time is up, Your Score is decreased by this.",
	CodeError:           "Something went wrong, Your Score is decreased by this.",
	CodeAttacked:        "You have been attacked, Your Troops health is decreased by this.",
	CodeDead:            "Guardian is dead, Your Score is decreased by this.",
	CodeAttackSuccess:   "Attack Success",
	CodeTeleport:        "Teleport Success",
	CodeStonePicked:     "Infinity Stone picked up",
	CodeGuardianPicked:  "Guardian picked up Infinity Stone",
	CodeStoneMoved:      "Infinity Stone moved",
	CodeGuardianMoved:   "Guardian moved Infinity Stone",
	CodeStoneDropped:    "Infinity Stone dropped",
	CodeDeadAndDropped:  "Guardian is dead and Infinity Stone dropped",
	CodeClue:            "Clue",
	CodeStarLordSpecial: "Star Lord Special Power",
	CodeHealPointUsed:   "Healpoint used",
}

// Message is the feedback's message on the wire.
func (f Feedback) Message() string {
	if m, ok := messages[f.Code]; ok {
		return m
	}
	return feedbackMessageUnknown
}

// The feedbacks the engine produces.

func fb(code string) Feedback { return Feedback{Code: code, Data: "{}"} }

func fbError(text string) Feedback {
	return Feedback{Code: CodeError, Data: `{"error":` + quote(text) + `}`}
}

func fbDead(attacker string, victim Hero) Feedback {
	return Feedback{Code: CodeDead, Data: `{"attacker_type":"` + attacker + `","victim_type":"` + victim.String() + `"}`}
}

func fbAttacked(attacker, victim Hero) Feedback {
	return Feedback{Code: CodeAttacked, Data: `{"attacker":"` + attacker.String() + `","victim_type":"` + victim.String() + `"}`}
}

func fbSuccess(attacker, victim Hero) Feedback {
	return Feedback{Code: CodeAttackSuccess, Data: `{"victim_type":"` + victim.String() + `","attacker":"` + attacker.String() + `"}`}
}

func fbGuardian(code string, g Hero) Feedback {
	return Feedback{Code: code, Data: `{"guardian":"` + g.String() + `"}`}
}

func fbTeleport(c Cell, g Hero) Feedback {
	return Feedback{Code: CodeTeleport, Data: `{"coordinates":` + pair(c) + `,"guardian":"` + g.String() + `"}`}
}

func fbGuardianMoved(c Cell, g Hero) Feedback {
	return Feedback{Code: CodeGuardianMoved, Data: `{"guardian_coordinates":` + pair(c) + `,"guardian":"` + g.String() + `"}`}
}

// pair is a cell as the wire's [x, y] list, compact.
func pair(c Cell) string { return "[" + strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) + "]" }

// quote is a JSON string as Python's json.dumps writes it (ASCII only).
func quote(s string) string { return string(appendQuoted(nil, s)) }

func appendQuoted(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\b':
			b = append(b, `\b`...)
		case r == '\f':
			b = append(b, `\f`...)
		case r < 0x20 || r >= 0x7f:
			if r > 0xffff {
				r -= 0x10000
				hi, lo := 0xd800+(r>>10), 0xdc00+(r&0x3ff)
				b = append(b, '\\', 'u', hex[hi>>12&15], hex[hi>>8&15], hex[hi>>4&15], hex[hi&15])
				r = lo
			}
			b = append(b, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
		default:
			b = append(b, byte(r))
		}
	}
	return append(b, '"')
}

// Observation is what one seat learns at the start of a round: the
// original's `action` event payload (§3.1), parsed. Bots play from it, and
// from nothing else; JSON is its bytes on the wire.
type Observation struct {
	Seat     int // 1 or 2
	W, H     int // the board's size: the rules' constants, not on the wire
	Round    int
	Penalty  int
	Movegen  [5]Movegen // by Hero
	Feedback []Feedback // STAR_LORD_SPECIAL_POWER last
	// Special is StarLord's special_vision as the wire gives it: per
	// direction the coordinates 1..5 cells away, walls ignored (transposed
	// under swap_xy).
	Special [4][]Cell
}

// Movegen is one guardian's entry of the view: its health (0 when dead),
// cooldown round, cell and lines of sight up, left, down and right,
// nearest first (empty for a dead guardian).
type Movegen struct {
	Health, Cooldown int
	Current          SeenCell
	Neighbours       [4][]SeenCell
}

// SeenCell is a cell as a view shows it.
type SeenCell struct {
	At      Cell
	Kind    Kind
	Stone   bool
	Present []Presence // alive guardians in order of arrival
}

// Presence is one guardian in a SeenCell: Mine is belongs_to "you".
type Presence struct {
	Mine bool
	Hero Hero
}

// View is seat's view of this round, the original's `action` event payload
// byte for byte (compact JSON, keys in the original order).
func (s *State) View(seat int) []byte { return s.Observe(seat).JSON() }

// Observe is seat's view of this round (seat 1 or 2).
func (s *State) Observe(seat int) *Observation {
	o := &Observation{Seat: seat, W: s.Maze.W, H: s.Maze.H, Round: s.Round, Penalty: s.Penalty[seat-1]}
	for _, h := range Heroes {
		g := &s.Guardians[seat-1][h]
		m := &o.Movegen[h]
		m.Health, m.Cooldown = g.Health, g.Cooldown
		m.Current = s.seeCell(seat, g.Pos)
		if !g.Alive {
			continue
		}
		for dir := range 4 {
			for _, c := range s.sight(g.Pos, dir, h.Stats().Vision) {
				m.Neighbours[dir] = append(m.Neighbours[dir], s.seeCell(seat, c))
			}
		}
	}
	o.Special = s.specialVision(s.Guardians[seat-1][StarLord].Pos, true)
	o.Feedback = append(append(o.Feedback, s.Feedback[seat-1]...), o.starLordFeedback())
	return o
}

// seeCell is cell c as seat's view shows it.
func (s *State) seeCell(seat int, c Cell) SeenCell {
	sc := SeenCell{At: c, Kind: s.Kinds[c], Stone: c == s.Stone}
	for _, g := range s.Present(c) {
		sc.Present = append(sc.Present, Presence{Mine: g.Seat == seat, Hero: g.Hero})
	}
	return sc
}

// sight is the line of sight from c in direction dir: up to n cells,
// nearest first, stopping at a wall or the border.
func (s *State) sight(c Cell, dir, n int) []Cell {
	var out []Cell
	for k := 0; k < n && s.Maze.Open(c, dir); k++ {
		c = c.Step(dir, 1)
		out = append(out, c)
	}
	return out
}

// specialVision is StarLord's special vision from c: per direction the
// cells 1..5 steps away on the board, walls ignored. Under swap_xy it is
// the original's: each direction walks the other axis (up is x-1) and, when
// wire is set, the coordinates are given as (y, x).
func (s *State) specialVision(c Cell, wire bool) [4][]Cell {
	var out [4][]Cell
	swap := s.rules != nil && s.rules.SwapXY
	for dir := range 4 {
		for k := 1; k <= StarLordSight; k++ {
			n := c.Step(dir, k)
			if swap {
				n = Cell{c.X + DY[dir]*k, c.Y + DX[dir]*k}
			}
			if !s.Maze.In(n) {
				break
			}
			if swap && wire {
				n = Cell{n.Y, n.X}
			}
			out[dir] = append(out[dir], n)
		}
	}
	return out
}

// see computes what each seat sees this round and adds it to what it has
// seen.
func (s *State) see() {
	for seat := 1; seat <= 2; seat++ {
		v := NewBits(s.Maze.W, s.Maze.H)
		for _, h := range Heroes {
			g := &s.Guardians[seat-1][h]
			if !s.Maze.In(g.Pos) {
				continue
			}
			v.set(g.Pos)
			if !g.Alive {
				continue
			}
			for dir := range 4 {
				c := g.Pos
				for k := 0; k < h.Stats().Vision && s.Maze.Open(c, dir); k++ {
					c = c.Step(dir, 1)
					v.set(c)
				}
			}
		}
		if sl := s.Guardians[seat-1][StarLord].Pos; s.Maze.In(sl) {
			for _, line := range s.specialVision(sl, false) {
				for _, c := range line {
					v.set(c)
				}
			}
		}
		s.Visible[seat-1] = v
		s.Seen[seat-1] = s.Seen[seat-1].union(v)
	}
}

// InView reports whether seat's view of this round shows cell c with what
// is on it: a cell of one of its guardians, or on the line of sight of
// one alive. StarLord's special_vision (in Visible) gives coordinates
// only, and shows nothing of what is on them.
func (s *State) InView(seat int, c Cell) bool {
	if s.Observer != 0 {
		return s.Observer == seat && s.Visible[seat-1].Has(c)
	}
	for _, g := range s.Guardians[seat-1] {
		if g.Pos == c && s.Maze.In(c) {
			return true
		}
		if !g.Alive || (g.Pos.X != c.X && g.Pos.Y != c.Y) {
			continue
		}
		for dir := range 4 {
			if n := abs(c.X-g.Pos.X) + abs(c.Y-g.Pos.Y); g.Pos.Step(dir, n) == c && len(s.sight(g.Pos, dir, min(n, g.Hero.Stats().Vision))) == n {
				return true
			}
		}
	}
	return false
}

// starLordFeedback is the STAR_LORD_SPECIAL_POWER that ends every view.
func (o *Observation) starLordFeedback() Feedback {
	b := []byte(`{"special_vision":[`)
	for dir, line := range o.Special {
		if dir > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for i, c := range line {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, pair(c)...)
		}
		b = append(b, ']')
	}
	return Feedback{Code: CodeStarLordSpecial, Data: string(append(b, "]}"...))}
}

// JSON is the view as the original sends it: compact, keys in order.
func (o *Observation) JSON() []byte {
	b := make([]byte, 0, 4096)
	b = append(b, `{"movegen":{`...)
	for i, h := range MovegenOrder {
		if i > 0 {
			b = append(b, ',')
		}
		m := &o.Movegen[h]
		b = append(b, '"')
		b = append(b, h.String()...)
		b = append(b, `":{"health":`...)
		b = strconv.AppendInt(b, int64(m.Health), 10)
		b = append(b, `,"cooldown":`...)
		b = strconv.AppendInt(b, int64(m.Cooldown), 10)
		b = append(b, `,"current_cell":`...)
		b = m.Current.appendJSON(b)
		b = append(b, `,"neighbour_cells":[`...)
		for dir, line := range m.Neighbours {
			if dir > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			for k, c := range line {
				if k > 0 {
					b = append(b, ',')
				}
				b = c.appendJSON(b)
			}
			b = append(b, ']')
		}
		b = append(b, "]}"...)
	}
	b = append(b, `},"feedback":[`...)
	for i, f := range o.Feedback {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"code":`...)
		b = appendQuoted(b, f.Code)
		b = append(b, `,"message":`...)
		b = appendQuoted(b, f.Message())
		b = append(b, `,"data":`...)
		b = append(b, f.Data...)
		b = append(b, '}')
	}
	b = append(b, `],"penalty_score":`...)
	b = strconv.AppendInt(b, int64(o.Penalty), 10)
	b = append(b, `,"round_no":`...)
	b = strconv.AppendInt(b, int64(o.Round), 10)
	return append(b, '}')
}

func (c *SeenCell) appendJSON(b []byte) []byte {
	b = append(b, `{"coordinates":"`...)
	b = append(b, c.At.String()...)
	b = append(b, `","cell_type":"`...)
	b = append(b, c.Kind.String()...)
	if c.Stone {
		b = append(b, `","is_powerStone_present":"True","guardians_present":[`...)
	} else {
		b = append(b, `","is_powerStone_present":"False","guardians_present":[`...)
	}
	for i, p := range c.Present {
		if i > 0 {
			b = append(b, ',')
		}
		if p.Mine {
			b = append(b, `{"belongs_to":"you","guardian_name":"`...)
		} else {
			b = append(b, `{"belongs_to":"opponent","guardian_name":"`...)
		}
		b = append(b, p.Hero.String()...)
		b = append(b, `"}`...)
	}
	return append(b, "]}"...)
}
