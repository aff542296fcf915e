package santorini

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Phase is the stage of a game: the two placements, play, and the end.
type Phase uint8

// The phases in the order a game goes through them.
const (
	Place1 Phase = iota // P1 places both workers
	Place2              // P2 places both workers
	Play                // the players alternate turns
	Over                // the game has ended
)

var phaseNames = [...]string{"place1", "place2", "play", "over"}

// String is the phase as the JSON view (R18) writes it: "place1", "place2",
// "play" or "over".
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("phase(%d)", p)
}

// Rules are the rule options of one game; the zero value is the standard
// rules of the specification.
type Rules struct {
	// KandicWinBuild requires a build after a winning move and applies it,
	// as K does (R4).
	KandicWinBuild bool
	// KandicEndCheck checks both players for a legal move after every turn,
	// P1 first, as K does (R5).
	KandicEndCheck bool
}

// Board is an immutable snapshot of a game (a value type); a Frame's State is
// a *Board. Methods never modify the receiver.
type Board struct {
	Height  [cellCount]uint8 // 0..3 blocks, 4 = dome, by cell index
	Workers [2][2]Cell       // [player 0/1][worker 0/1], NoCell while unplaced
	Side    int              // 0 or 1: the player to place or move
	Phase   Phase
	Winner  int    // 0 running, 1 or 2
	Reason  string // "", "level3", "nomoves", "forfeit"
	Turn    int    // lines applied so far (placements included)
	Rules   Rules  // the rule options the game is played under
}

// NewBoard is the empty board with P1 to place, under the standard rules.
func NewBoard() Board {
	return Board{Workers: [2][2]Cell{{NoCell, NoCell}, {NoCell, NoCell}}}
}

// WorkerAt finds the worker on cell c: its player (0 or 1) and its number
// (0 or 1).
func (b *Board) WorkerAt(c Cell) (player, worker int, ok bool) {
	if c == NoCell {
		return 0, 0, false
	}
	for p := range 2 {
		for w := range 2 {
			if b.Workers[p][w] == c {
				return p, w, true
			}
		}
	}
	return 0, 0, false
}

// occupied is the bit set of the cells that hold a worker.
func (b *Board) occupied() uint32 {
	var m uint32
	for p := range 2 {
		for _, c := range b.Workers[p] {
			if c != NoCell {
				m |= 1 << uint(c)
			}
		}
	}
	return m
}

// domes is the bit set of the domed cells.
func (b *Board) domes() uint32 {
	var m uint32
	for c, h := range b.Height {
		if h >= 4 {
			m |= 1 << uint(c)
		}
	}
	return m
}

// targets is the bit set of the cells the worker on from may move to.
func (b *Board) targets(from Cell, occ uint32) uint32 {
	var m uint32
	for to := Cell(0); to < cellCount; to++ {
		if adjMask[from]&(1<<uint(to)) != 0 && occ&(1<<uint(to)) == 0 && b.Height[to] < 4 && b.Height[to] <= b.Height[from]+1 {
			m |= 1 << uint(to)
		}
	}
	return m
}

// canMove reports whether player p has a legal move. A worker that can move
// can also build, on the cell it just left.
func (b *Board) canMove(p int) bool {
	occ := b.occupied()
	for _, c := range b.Workers[p] {
		if c != NoCell && b.targets(c, occ) != 0 {
			return true
		}
	}
	return false
}

// Legal lists every legal turn in canonical order (§4): worker 1 before
// worker 2, then TO, then BUILD in ascending cell order. A winning move comes
// once, without a build, unless Rules.KandicWinBuild asks for one. During
// placement it lists every ordered pair of distinct free cells. It is empty
// when the game is over.
func (b *Board) Legal() []Turn {
	switch b.Phase {
	case Place1, Place2:
		occ := b.occupied()
		var out []Turn
		for c1 := Cell(0); c1 < cellCount; c1++ {
			for c2 := Cell(0); c2 < cellCount; c2++ {
				if c1 != c2 && occ&(1<<uint(c1)|1<<uint(c2)) == 0 {
					out = append(out, placement(c1, c2))
				}
			}
		}
		return out
	case Play:
	default:
		return nil
	}
	occ := b.occupied()
	domes := b.domes()
	var out []Turn
	for w, from := range b.Workers[b.Side] {
		tos := b.targets(from, occ)
		after := occ&^(1<<uint(from)) | domes
		for to := Cell(0); to < cellCount; to++ {
			if tos&(1<<uint(to)) == 0 {
				continue
			}
			t := Turn{Worker: w, From: from, To: to, Build: NoCell, Cells: [2]Cell{NoCell, NoCell}}
			if b.Height[to] == 3 {
				t.Win = true
				if !b.Rules.KandicWinBuild {
					out = append(out, t)
					continue
				}
			}
			builds := adjMask[to] &^ after
			for bc := Cell(0); bc < cellCount; bc++ {
				if builds&(1<<uint(bc)) != 0 {
					t.Build = bc
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// Apply checks the turn t under the rules and returns the board after it.
// The error is a *RuleError.
func (b *Board) Apply(t Turn) (Board, error) {
	var cells []Cell
	switch {
	case t.Place:
		cells = t.Cells[:]
	case t.Build == NoCell:
		cells = []Cell{t.From, t.To}
	default:
		cells = []Cell{t.From, t.To, t.Build}
	}
	for _, c := range cells {
		if c < 0 || c >= cellCount {
			return Board{}, ruleErr(CodeSyntax, "turn %q names a cell off the board", t.String())
		}
	}
	checked, err := b.check(cells, nil)
	if err != nil {
		return Board{}, err
	}
	return b.after(checked), nil
}

// after plays a checked turn.
func (b *Board) after(t Turn) Board {
	n := *b
	n.Turn++
	if t.Place {
		n.Workers[b.Side] = t.Cells
		if b.Phase == Place1 {
			n.Phase, n.Side = Place2, 1
		} else {
			n.Phase, n.Side = Play, 0
			n.checkEnd()
		}
		return n
	}
	n.Workers[b.Side][t.Worker] = t.To
	n.Side = 1 - b.Side
	if t.Win {
		if t.Build != NoCell && b.Rules.KandicWinBuild {
			n.Height[t.Build]++
		}
		n.finish(b.Side, ReasonLevel3)
		return n
	}
	n.Height[t.Build]++
	n.checkEnd()
	return n
}

// checkEnd ends the game when a player has no legal move: the side to move
// (R5), or under Rules.KandicEndCheck both players, P1 first.
func (b *Board) checkEnd() {
	if b.Rules.KandicEndCheck {
		for p := range 2 {
			if !b.canMove(p) {
				b.finish(1-p, ReasonNoMoves)
				return
			}
		}
		return
	}
	if !b.canMove(b.Side) {
		b.finish(1-b.Side, ReasonNoMoves)
	}
}

// finish ends the game with winner (0 or 1) for reason.
func (b *Board) finish(winner int, reason string) {
	b.Phase = Over
	b.Winner = winner + 1
	b.Reason = reason
}

// forfeited is the board after player p (0 or 1) forfeits.
func (b *Board) forfeited(p int) Board {
	n := *b
	n.finish(1-p, ReasonForfeit)
	return n
}

// The reasons a game ends, as Board.Reason and game.Result write them.
const (
	ReasonLevel3  = "level3"
	ReasonNoMoves = "nomoves"
	ReasonForfeit = "forfeit"
)

// Position is the peer position string HEIGHTS/SIDE/P1/P2 of §3, e.g.
// "0000000000000000000000000/1/C3,B2/C2,D2".
func (b *Board) Position() string {
	var s strings.Builder
	for row := 4; row >= 0; row-- {
		for col := range 5 {
			s.WriteByte('0' + b.Height[5*col+row])
		}
	}
	fmt.Fprintf(&s, "/%d/", b.Side+1)
	for p := range 2 {
		if p == 1 {
			s.WriteByte('/')
		}
		if b.Workers[p][0] != NoCell {
			s.WriteString(b.Workers[p][0].String() + "," + b.Workers[p][1].String())
		}
	}
	return s.String()
}

// ParsePosition reads a peer position string (§3). It accepts the `mortal:`
// prefix on a worker list and rejects positions that cannot arise: wrong
// worker counts for the side, blocks during placement, two workers on one
// cell, a worker on a dome, workers of both players on level 3. A position
// whose side to move has no legal move, or where the other player stands on
// level 3, is returned as over.
func ParsePosition(s string) (Board, error) {
	parts := strings.Split(s, "/")
	if len(parts) != 4 {
		return Board{}, fmt.Errorf("position %q: want HEIGHTS/SIDE/P1/P2, got %d parts", s, len(parts))
	}
	b := NewBoard()
	if len(parts[0]) != cellCount {
		return Board{}, fmt.Errorf("position %q: want 25 height digits, got %d characters", s, len(parts[0]))
	}
	levels := 0
	for i := range cellCount {
		d := parts[0][i]
		if d < '0' || d > '4' {
			return Board{}, fmt.Errorf("position %q: height %q is not a digit 0..4", s, d)
		}
		row, col := 4-i/5, i%5
		b.Height[5*col+row] = d - '0'
		levels += int(d - '0')
	}
	switch parts[1] {
	case "1", "2":
		b.Side = int(parts[1][0] - '1')
	default:
		return Board{}, fmt.Errorf("position %q: side %q is not 1 or 2", s, parts[1])
	}
	placed := [2]bool{}
	for p := range 2 {
		list := strings.TrimPrefix(parts[2+p], "mortal:")
		if list == "" {
			continue
		}
		c1, c2, ok := strings.Cut(list, ",")
		w1, ok1 := ParseCell(c1)
		w2, ok2 := ParseCell(c2)
		if !ok || !ok1 || !ok2 {
			return Board{}, fmt.Errorf("position %q: P%d workers %q are not two cells like C3,B2", s, p+1, parts[2+p])
		}
		b.Workers[p] = [2]Cell{w1, w2}
		placed[p] = true
	}
	switch {
	case !placed[0] && !placed[1] && b.Side == 0:
		b.Phase = Place1
	case placed[0] && !placed[1] && b.Side == 1:
		b.Phase, b.Turn = Place2, 1
	case placed[0] && placed[1]:
		b.Phase, b.Turn = Play, 2+levels
	default:
		return Board{}, fmt.Errorf("position %q cannot arise: P%d to place with P1 workers %q and P2 workers %q", s, b.Side+1, parts[2], parts[3])
	}
	if b.Phase != Play && levels > 0 {
		return Board{}, fmt.Errorf("position %q cannot arise: blocks are built before the placement ends", s)
	}
	var seen uint32
	onTop := -1
	for p := range 2 {
		for w, c := range b.Workers[p] {
			if c == NoCell {
				continue
			}
			if seen&(1<<uint(c)) != 0 {
				return Board{}, fmt.Errorf("position %q cannot arise: two workers on %s", s, c)
			}
			seen |= 1 << uint(c)
			switch b.Height[c] {
			case 4:
				return Board{}, fmt.Errorf("position %q cannot arise: P%d worker %d stands on a dome at %s", s, p+1, w+1, c)
			case 3:
				if onTop >= 0 && onTop != p {
					return Board{}, fmt.Errorf("position %q cannot arise: both players stand on level 3", s)
				}
				onTop = p
			}
		}
	}
	switch {
	case onTop == b.Side:
		return Board{}, fmt.Errorf("position %q cannot arise: P%d stands on level 3 and is to move", s, onTop+1)
	case onTop >= 0:
		b.finish(onTop, ReasonLevel3)
	case b.Phase == Play:
		b.checkEnd()
	}
	return b, nil
}

// boardJSON is the JSON view of R18.
type boardJSON struct {
	Turn    int          `json:"turn"` // the side to move, 1 or 2
	Phase   string       `json:"phase"`
	Tiles   []int        `json:"tiles"`
	Workers [2][2]string `json:"workers"`
	Winner  int          `json:"winner"`
	Reason  string       `json:"reason"`
}

// JSON is the R18 view of the board:
// {"turn":1,"phase":"play","tiles":[0,…],"workers":[["C3","B2"],["C2","D2"]],"winner":0,"reason":""}.
// "turn" is the side to move, 1 or 2, as in K; an unplaced worker is "".
func (b *Board) JSON() ([]byte, error) {
	v := boardJSON{Turn: b.Side + 1, Phase: b.Phase.String(), Tiles: make([]int, cellCount), Winner: b.Winner, Reason: b.Reason}
	for c, h := range b.Height {
		v.Tiles[c] = int(h)
	}
	for p := range 2 {
		for w, c := range b.Workers[p] {
			if c != NoCell {
				v.Workers[p][w] = c.String()
			}
		}
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("santorini board to JSON: %w", err)
	}
	return data, nil
}
