package aic21

import "strconv"

// Cell is a square of the map: X is the column (0 left), Y the row (0 top).
type Cell struct{ X, Y int }

func (c Cell) String() string { return "(" + strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) + ")" }

// Kind is what a cell is. The values are the client view's cell_type codes.
type Kind uint8

// The kinds of cells.
const (
	Base  Kind = iota // a colony's base
	Empty             // open ground; the only kind that holds resources
	Wall              // blocks movement
	Trap              // a worker entering it with cargo loses the cargo
	Swamp             // a unit entering it is held for SWAMP_TURNS turns
)

var kindNames = [...]string{"base", "empty", "wall", "trap", "swamp"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind" + strconv.Itoa(int(k))
}

// Res is a resource type; the values are the wire's resource_type codes.
type Res uint8

// The resource types.
const (
	Bread Res = iota // bread: pays for workers
	Grass            // grass: pays for soldiers
	NoRes            // nothing
)

var resNames = [...]string{"bread", "grass", "nothing"}

func (r Res) String() string {
	if int(r) < len(resNames) {
		return resNames[r]
	}
	return "res" + strconv.Itoa(int(r))
}

// Unit is a worker ant or a soldier scorpion.
type Unit struct {
	ID, Colony int
	Soldier    bool
	X, Y       int
	Health     int
	Carry      Res // what a worker carries; NoRes for soldiers and empty workers
	Amount     int // how much it carries (imported logs do not record it: 0)
	Stuck      int // turns the swamp still holds it
	// Arrival orders the units that share a cell: the one that arrived
	// first has the lower number. Views and logs list a cell's units in
	// this order.
	Arrival int
}

// Cell is where the unit stands.
func (u Unit) Cell() Cell { return Cell{u.X, u.Y} }

// Msg is a chat message: in a colony's box (accepted) or among a turn's
// frames (trivial). Turn is the turn it was sent in.
type Msg struct {
	Text                string
	Value, Sender, Turn int
}

// Colony is one side: its base, its banks and counters, its chat.
type Colony struct {
	Base       Cell
	BaseHealth int // may go below 0
	// Bread and Grass are the banks: what was delivered and not yet spent
	// on new units.
	Bread, Grass int
	// Delivered is what was delivered this turn, by Res (the log's
	// team<c>_current_resource<r>).
	Delivered                       [2]int
	CreatedWorkers, CreatedSoldiers int // units ever created, the first ones included
	// QueuedWorkers and QueuedSoldiers are paid for and appear at the base
	// after this turn (while the unit cap allows).
	QueuedWorkers, QueuedSoldiers int
	// Chat is the colony's accepted box, oldest first; Trivial is every
	// chat frame its live units sent this turn, in arrival order.
	Chat, Trivial []Msg
}

// Hit is one attack: a unit or a base (Attacker -1 is colony 0's base, -2
// colony 1's) hit a unit or a base (Defender, the same numbering).
type Hit struct {
	Attacker, Defender int
	From, To           Cell
	Colony             int // the attacker's colony
}

// BaseID is the attacker or defender id of colony c's base: -1 or -2.
func BaseID(c int) int { return -1 - c }

// Delayed is a resource that appears at its turn (a map cell with code 7
// or more); until then nobody sees it.
type Delayed struct {
	At     Cell
	Code   int // the map's cell_type code: cells sharing one appear together
	Turn   int
	Res    Res
	Amount int
}

// FullHealth is the health units and bases start with.
type FullHealth struct{ Base, Worker, Soldier int }

// State is one frame's immutable snapshot: the record of one turn as the
// log writes it (before that turn's new units are created), or the start
// (Turn -1). A Frame's State is a *State. Slices are shared between
// frames where they did not change: never modify one.
type State struct {
	W, H           int
	ShiftX, ShiftY int    // the map's display offset (only for rulers)
	Kinds          []Kind // W*H, row-major; shared by all frames
	// ResType and ResAmount are the visible resources per cell.
	ResType   []Res
	ResAmount []int
	// Delayed are the resources still to appear.
	Delayed  []Delayed
	Units    []Unit // alive units, ascending id
	Colonies [2]Colony
	Attacks  []Hit // this turn's hits, in order
	// Turn is the turn this is the record of, as the log and the chat
	// stamps number them; -1 for the start, before turn 0.
	Turn int
	// MaxTurn is how many turns the game lasts at most
	// (GAME_MAXIMUM_TURN_COUNT); for an imported log, the turns it holds.
	MaxTurn    int
	Over       bool
	Winner     int    // the winning colony, 0 or 1, when Over
	Reason     string // why it ended (Engine.Result)
	TeamNames  [2]string
	FullHealth FullHealth
	// View is how far a unit sees (ANT_MAX_VIEW_DISTANCE); MessageLength
	// the longest chat message, in bytes (MAX_MESSAGE_LENGTH).
	View, MessageLength int
	// Observer is 0 for the whole game; c+1 for what colony c knows (a
	// seat's stream): the ground and resources its units saw, as last
	// seen (the cells never seen are Empty, without resources); the other
	// colony's units where they are seen, with ids from SeenEnemyID and
	// Health -1; the other colony's base where seen (else at {-1, -1})
	// with BaseHealth -1.
	Observer int
	// Seen and Sight, in a colony's state (Observer), are the cells its
	// units have seen so far and the cells their last views showed, by
	// index (At); nil for the whole game.
	Seen, Sight []bool
	// swapLabels writes colony 1's base as label 0 in the log
	// (compat.baseLabelColumnMajor, or as an imported log had it).
	swapLabels bool
}

// Hidden reports whether colony c is the other colony of a seat's view
// (Observer): its stores, base health and unit counts are not known.
func (s *State) Hidden(c int) bool { return s.Observer != 0 && c != s.Observer-1 }

// BaseKnown reports whether the state knows where colony c's base is: a
// seat's view knows the other base once its units saw it.
func (s *State) BaseKnown(c int) bool { return s.Colonies[c].Base.X >= 0 }

// At is the index of cell c in the per-cell slices, wrapped onto the map.
func (s *State) At(c Cell) int { return wrap(c.Y, s.H)*s.W + wrap(c.X, s.W) }

// CellOf is the cell of index i.
func (s *State) CellOf(i int) Cell { return Cell{i % s.W, i / s.W} }

// Unit finds a live unit by id.
func (s *State) Unit(id int) (*Unit, bool) {
	lo, hi := 0, len(s.Units)
	for lo < hi {
		m := (lo + hi) / 2
		if s.Units[m].ID < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(s.Units) && s.Units[lo].ID == id {
		return &s.Units[lo], true
	}
	return nil, false
}

// Count is how many live workers and soldiers colony c has.
func (s *State) Count(c int) (workers, soldiers int) {
	for i := range s.Units {
		if u := &s.Units[i]; u.Colony == c {
			if u.Soldier {
				soldiers++
			} else {
				workers++
			}
		}
	}
	return workers, soldiers
}

// Sees reports whether a unit of colony c sees cell at: one is within the
// view distance of it (§3); in a colony's state, a cell its last views
// showed.
func (s *State) Sees(c int, at Cell) bool {
	if s.Observer != 0 {
		return c == s.Observer-1 && s.Sight != nil && s.Sight[s.At(at)]
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Colony == c && Distance(s.W, s.H, u.Cell(), at) <= s.View {
			return true
		}
	}
	return false
}

// Judged is colony c's numbers in the judge's order of §1: base health,
// living units, units ever created, soldiers ever created, bread, grass.
func (s *State) Judged(c int) [6]int {
	col := &s.Colonies[c]
	workers, soldiers := s.Count(c)
	return [6]int{col.BaseHealth, workers + soldiers, col.CreatedWorkers + col.CreatedSoldiers, col.CreatedSoldiers, col.Bread, col.Grass}
}

// Distance is the torus Manhattan distance between a and b on a w×h map.
func Distance(w, h int, a, b Cell) int {
	dx, dy := abs(a.X-b.X)%w, abs(a.Y-b.Y)%h
	return min(dx, w-dx) + min(dy, h-dy)
}

// Step is the cell one step from c in direction d (1 RIGHT, 2 UP, 3 LEFT,
// 4 DOWN), wrapped; c itself for any other d.
func Step(w, h int, c Cell, d int) Cell {
	switch d {
	case Right:
		c.X = wrap(c.X+1, w)
	case Up:
		c.Y = wrap(c.Y-1, h)
	case Left:
		c.X = wrap(c.X-1, w)
	case Down:
		c.Y = wrap(c.Y+1, h)
	}
	return c
}

// The directions of a move, as on the wire.
const (
	Center = iota
	Right
	Up
	Left
	Down
)

func wrap(v, n int) int {
	v %= n
	if v < 0 {
		v += n
	}
	return v
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
