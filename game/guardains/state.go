package guardains

import (
	"slices"
	"strconv"
)

// Guardian is one guardian of one seat.
type Guardian struct {
	Seat      int // 1 or 2
	Hero      Hero
	Pos       Cell // its cell; a dead guardian's last cell
	Health    int
	MaxHealth int
	Alive     bool
	Cooldown  int  // the first round in which SPECIAL is allowed (absolute, as on the wire)
	Carrying  bool // carries the stone
	// Score is the sum of health/max health over the rounds played (§4.5).
	Score float64
	// Healing is the heal point counter (R16): set to 1 on arriving on a
	// heal point, 0 elsewhere.
	Healing int
	// Arrived orders the guardians on a cell by arrival (guardians_present).
	Arrived int
}

// State is one frame's snapshot of a game. It is immutable once made: the
// engine makes a new State each round, sharing the Maze, the Kinds and the
// Seen sets with the one before while they do not change.
type State struct {
	Maze  *Maze
	Kinds map[Cell]Kind // the special cells now; every other cell is Normal (shared between frames)
	Enemy map[Cell]bool // the clues and beasts that give the enemy locations (the level's, shared)
	Bases [2]Cell
	// Stone is where the stone is: its carrier's cell when carried (where
	// it was last reported under stone_drop_lag).
	Stone Cell
	// Reported is the stone's position as last reported to the players
	// (hidden).
	Reported  Cell
	Guardians [2][5]Guardian // [seat-1][hero]
	Round     int            // the round to be played next (round_no); the rounds played so far
	Penalty   [2]int
	Score     [2]float64 // the score of §4.7 as it stands (the health part full before round 0 is played)
	// Visible are the cells each seat's guardians see this round: the
	// cells and line-of-sight lists of its view, and StarLord's
	// special_vision. Seen are the cells each seat has seen so far.
	Visible [2]*Bits
	Seen    [2]*Bits
	// Feedback is what the last step produced for each seat, in order: its
	// next view's feedback without the STAR_LORD_SPECIAL_POWER that ends it.
	Feedback [2][]Feedback
	// LastAction is each seat's last well-formed action (§4.2), nil before
	// its first.
	LastAction [2]*Action
	Over       bool
	Winner     int    // 1 or 2; 0 for a draw or while the game runs
	Reason     string // why it ended: stone, elimination, penalty, rounds, wipeout, penalties
	// Observer is 0 for the whole game; 1 or 2 for what that seat knew (an
	// imported view, a seat's stream): the other seat's guardians are then
	// where the view shows them, on Nowhere where it does not, with Health
	// -1 (unknown); its Penalty and Score are 0; the other seat's base is
	// on Nowhere (no view tells it); the Maze is the seat's (Maze.Known),
	// whose unknown sides are closed to Moves; Visible and Seen hold the
	// cells its views showed with what was on them (not StarLord's
	// special_vision, which gives coordinates only), and Kinds the cells'
	// kinds as last seen.
	Observer int

	rules  *Rules
	stamps int // arrivals so far
}

// NewState is the start of a game on level l (complete) with rules r.
func NewState(l *Level, r *Rules) *State {
	s := &State{Maze: l.Maze, Kinds: l.Kinds, Enemy: l.Enemy, Bases: l.Bases, Stone: l.Stone, Reported: l.Stone,
		Penalty: [2]int{MaxPenalty, MaxPenalty}, rules: r}
	if s.Kinds == nil {
		s.Kinds = map[Cell]Kind{}
	}
	for seat := 1; seat <= 2; seat++ {
		for _, h := range Heroes {
			s.stamps++
			st := h.Stats()
			s.Guardians[seat-1][h] = Guardian{Seat: seat, Hero: h, Pos: l.Bases[seat-1], Health: st.MaxHealth,
				MaxHealth: st.MaxHealth, Alive: true, Arrived: s.stamps}
		}
	}
	s.updateScore()
	s.Seen = [2]*Bits{NewBits(s.Maze.W, s.Maze.H), NewBits(s.Maze.W, s.Maze.H)}
	s.see()
	s.checkEnd()
	return s
}

// Rules are the rules the game is played by.
func (s *State) Rules() *Rules { return s.rules }

// W is the board's width.
func (s *State) W() int { return s.Maze.W }

// H is the board's height.
func (s *State) H() int { return s.Maze.H }

// Kind is the kind of cell c now.
func (s *State) Kind(c Cell) Kind { return s.Kinds[c] }

// Guardian is seat's guardian h (seat 1 or 2).
func (s *State) Guardian(seat int, h Hero) *Guardian { return &s.Guardians[seat-1][h] }

// Carrier is the guardian that carries the stone, or nil when it lies.
func (s *State) Carrier() *Guardian {
	for i := range s.Guardians {
		for h := range s.Guardians[i] {
			if s.Guardians[i][h].Carrying {
				return &s.Guardians[i][h]
			}
		}
	}
	return nil
}

// Present lists the alive guardians on c in order of arrival.
func (s *State) Present(c Cell) []*Guardian {
	var out []*Guardian
	for i := range s.Guardians {
		for h := range s.Guardians[i] {
			if g := &s.Guardians[i][h]; g.Alive && g.Pos == c {
				out = append(out, g)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Guardian) int { return a.Arrived - b.Arrived })
	return out
}

// clone is a copy of s that can be changed without changing s: the maps,
// the maze and the sets stay shared and are copied when changed.
func (s *State) clone() *State {
	c := *s
	c.Feedback = [2][]Feedback{}
	return &c
}

// Moves are the legal MOVE targets of seat's guardian h this round: the
// cells within its speed through passages, its own cell first (under
// move_ignores_walls the square of its speed). None for a dead guardian or
// a finished game.
func (s *State) Moves(seat int, h Hero) []Cell {
	g := s.Guardian(seat, h)
	if s.Over || !g.Alive {
		return nil
	}
	speed := h.Stats().Speed
	if s.rules.MoveIgnoresWalls {
		return s.square(g.Pos, speed)
	}
	return s.Maze.Reach(g.Pos, speed)
}

// Attacks are the legal ATTACK targets of seat's guardian h: the square of
// its vision around it, walls ignored, its own cell included (R7).
func (s *State) Attacks(seat int, h Hero) []Cell {
	g := s.Guardian(seat, h)
	if s.Over || !g.Alive {
		return nil
	}
	return s.square(g.Pos, h.Stats().Vision)
}

// Specials are the legal SPECIAL targets of seat's guardian h: Gamora's
// jump disc (dx²+dy² <= 25, walls ignored, her own cell included) and the
// four neighbours whose wall Drax can break (a passage that is open already
// is a legal no-op). None for the others, on cooldown, or when dead.
func (s *State) Specials(seat int, h Hero) []Cell {
	g := s.Guardian(seat, h)
	if s.Over || !g.Alive || !h.Stats().Special || g.Cooldown > s.Round {
		return nil
	}
	var out []Cell
	switch h {
	case Gamora:
		for _, c := range s.square(g.Pos, 5) {
			if dx, dy := c.X-g.Pos.X, c.Y-g.Pos.Y; dx*dx+dy*dy <= JumpRadius2 {
				out = append(out, c)
			}
		}
	case Drax:
		for dir := range 4 {
			if c := g.Pos.Step(dir, 1); s.Maze.In(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// square lists the cells on the board with |dx|, |dy| <= r around c, row by
// row.
func (s *State) square(c Cell, r int) []Cell {
	var out []Cell
	for y := max(0, c.Y-r); y <= min(s.Maze.H-1, c.Y+r); y++ {
		for x := max(0, c.X-r); x <= min(s.Maze.W-1, c.X+r); x++ {
			out = append(out, Cell{x, y})
		}
	}
	return out
}

// Action is the action JSON (§4.1) for seat's guardian h this round, as an
// original bot sends it: kind is MOVE, ATTACK or SPECIAL.
func (s *State) Action(seat int, kind string, h Hero, target Cell) string {
	return ActionJSON(kind, h, target, seat, s.Round)
}

// ActionJSON is an action JSON (§4.1): {"action_type": "MOVE", "troop":
// "Gamora", "target": "(0, 1)", "player_id": "player1", "round_no": 2}.
func ActionJSON(kind string, h Hero, target Cell, seat, round int) string {
	return `{"action_type": ` + strconv.Quote(kind) + `, "troop": "` + h.String() + `", "target": "` + target.String() +
		`", "player_id": "player` + strconv.Itoa(seat) + `", "round_no": ` + strconv.Itoa(round) + `}`
}

// updateScore sets Score from the penalties and the guardians' scores
// (§4.7), in float64 in the spec's order.
func (s *State) updateScore() {
	for i := range s.Score {
		health := 1.0
		if s.Round > 0 {
			sum := 0.0
			for _, h := range Heroes {
				sum += s.Guardians[i][h].Score
			}
			health = sum / float64(s.Round*5)
		}
		s.Score[i] = float64(s.Penalty[i])/MaxPenalty*0.5 + health*0.5
	}
}
