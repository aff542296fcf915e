package guardains

import (
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game"
)

// round resolves one round on a clone of the state.
type round struct {
	s      *State
	events []game.Event
	used   map[Cell]*[2]bool // clues and beasts that served a seat this round
}

// play resolves one round (§4.2-§4.5) with each seat's move: an action (see
// ParseAction), or "" for no answer in time. It changes s, which must be a
// clone, and returns the round's events.
func (s *State) play(moves [2]string) []game.Event {
	r := &round{s: s}
	if s.Round == 0 && (moves[0] == Absent || moves[1] == Absent) {
		switch {
		case moves[0] != Absent:
			s.end(1, "absent")
		case moves[1] != Absent:
			s.end(2, "absent")
		default:
			s.end(0, "absent")
		}
		return []game.Event{event(EventEnded, s.Winner, Ended{Winner: s.Winner, Reason: s.Reason}, "%s", s.EndText())}
	}
	var acts [2]*Action
	for i := range acts {
		acts[i] = r.receive(i+1, moves[i])
	}
	for i, a := range acts {
		if a == nil {
			continue
		}
		if err := s.validate(i+1, a); err != nil {
			r.invalid(i+1, err.Error())
			r.penalise(i+1, PenaltyInvalid, fb(CodeInvalidAction))
			acts[i] = nil
		}
	}
	// A: Rocket's attacks lock on before anyone moves.
	for i, a := range acts {
		if a != nil && a.Type == Attack && a.Hero == Rocket {
			r.attack(i+1, a)
		}
	}
	// B: specials, C: moves, of guardians still alive (R9).
	for _, typ := range []string{Special, Move} {
		for i, a := range acts {
			if a == nil || a.Type != typ || !s.Guardian(i+1, a.Hero).Alive {
				continue
			}
			if typ == Special {
				r.special(i+1, a)
			} else {
				r.move(i+1, a)
			}
		}
	}
	// D: the other attacks hit whoever is on the target now.
	for i, a := range acts {
		if a != nil && a.Type == Attack && a.Hero != Rocket {
			r.attack(i+1, a)
		}
	}
	r.stone()
	r.roundEnd()
	s.Round++
	s.updateScore()
	s.see()
	if s.checkEnd() {
		r.events = append(r.events, event(EventEnded, s.Winner, Ended{Winner: s.Winner, Reason: s.Reason}, "%s", s.EndText()))
	}
	return r.events
}

// feedback queues f for seat's next view.
func (r *round) feedback(seat int, f Feedback) {
	r.s.Feedback[seat-1] = append(r.s.Feedback[seat-1], f)
}

// penalise takes amount off seat's penalty score, with feedback f.
func (r *round) penalise(seat, amount int, f Feedback) {
	r.s.Penalty[seat-1] -= amount
	r.feedback(seat, f)
	r.events = append(r.events, event(EventPenalty, seat, Penalty{Seat: seat, Amount: amount, Code: f.Code},
		"P%d loses %d (%s): %d left", seat, amount, f.Code, r.s.Penalty[seat-1]))
}

func (r *round) invalid(seat int, reason string) {
	r.events = append(r.events, event(EventInvalid, seat, Invalid{Seat: seat, Reason: reason}, "P%d: %s", seat, reason))
}

// The marker lines of a seat's move that are not action events.
const (
	// Ack alone is a round whose window the seat's ack closed without any
	// action event.
	Ack = "ack"
	// NoAck as the last line: the window closed after 1 s without an ack,
	// after the action events of the lines before it.
	NoAck = "noack"
	// Absent, the first round's move, is a seat whose bot was not
	// connected when the game started: it loses at once; both absent, no
	// contest (a draw).
	Absent = "absent"
)

// receive reads seat's move as the server receives action events, then
// closes the round's window (§4.2): it returns the round's action, or nil
// after the penalties. The move is the action events the seat sent in the
// window, one per line in order, the window closed by the seat's ack; a
// last line NoAck means it closed without one, the move Ack is an ack
// without events, and "" is no event and no ack (no answer in time).
func (r *round) receive(seat int, move string) *Action {
	s := r.s
	i := seat - 1
	lines := strings.Split(move, "\n")
	acked := move != ""
	if n := len(lines); n > 0 && strings.TrimSpace(lines[n-1]) == NoAck {
		acked, lines = false, lines[:n-1]
	}
	var err error
	for _, line := range lines {
		if line = strings.TrimSpace(line); line == "" || line == Ack {
			continue
		}
		var a *Action
		if a, err = ParseAction(line, s.Maze.W, s.Maze.H, s.rules.SwapXY, seat, s.Round); err != nil {
			r.invalid(seat, "malformed action: "+err.Error())
			r.penalise(seat, PenaltyError, Feedback{Code: CodeError, Data: dataInvalidAction})
		} else {
			s.LastAction[i] = a
		}
	}
	last := s.LastAction[i]
	switch {
	case !acked && s.rules.TimeoutError:
		r.penalise(seat, PenaltyError, fbError(""))
	case last != nil && last.For(s.Round):
		return last
	case !acked:
		r.penalise(seat, PenaltyTimeout, fb(CodeTimeout))
	case last == nil:
		r.penalise(seat, PenaltyError, fbError("Player "+strconv.Itoa(seat)+" "+errActionNotFound))
	default:
		if err == nil {
			r.invalid(seat, fmt.Sprintf("round_no %s is not this round's (%d)", strconv.FormatFloat(last.Round, 'g', -1, 64), s.Round))
		}
		r.penalise(seat, PenaltyError, fbError("Player "+strconv.Itoa(seat)+" "+errActionInconsistent))
	}
	return nil
}

// validate checks seat's well-formed action against the state (§4.3).
func (s *State) validate(seat int, a *Action) error {
	if want := "player" + strconv.Itoa(seat); a.Player != want {
		return fmt.Errorf("player_id %q is not this seat's (%s)", a.Player, want)
	}
	g := s.Guardian(seat, a.Hero)
	if !g.Alive {
		return fmt.Errorf("%s is dead", a.Hero)
	}
	dx, dy := a.Target.X-g.Pos.X, a.Target.Y-g.Pos.Y
	st := a.Hero.Stats()
	switch a.Type {
	case Move:
		if s.rules.MoveIgnoresWalls {
			if abs(dx) > st.Speed || abs(dy) > st.Speed {
				return fmt.Errorf("%s at %s cannot move to %s: farther than %d", a.Hero, g.Pos, a.Target, st.Speed)
			}
		} else if !s.reachable(g.Pos, a.Target, st.Speed) {
			return fmt.Errorf("%s at %s cannot reach %s in %d steps", a.Hero, g.Pos, a.Target, st.Speed)
		}
	case Attack:
		if abs(dx) > st.Vision || abs(dy) > st.Vision {
			return fmt.Errorf("%s at %s cannot attack %s: out of range %d", a.Hero, g.Pos, a.Target, st.Vision)
		}
	case Special:
		switch {
		case !st.Special:
			return fmt.Errorf("%s has no SPECIAL", a.Hero)
		case g.Cooldown > s.Round:
			return fmt.Errorf("%s's SPECIAL is not ready until round %d", a.Hero, g.Cooldown)
		case a.Hero == Gamora && dx*dx+dy*dy > JumpRadius2:
			return fmt.Errorf("Gamora at %s cannot jump to %s: farther than 5", g.Pos, a.Target)
		case a.Hero == Drax && abs(dx)+abs(dy) != 1:
			return fmt.Errorf("Drax at %s cannot break a wall towards %s: not next to him", g.Pos, a.Target)
		}
	}
	return nil
}

// reachable reports whether to is at most steps steps from c through
// passages.
func (s *State) reachable(c, to Cell, steps int) bool {
	if abs(to.X-c.X)+abs(to.Y-c.Y) > steps {
		return false
	}
	for _, n := range s.Maze.Reach(c, steps) {
		if n == to {
			return true
		}
	}
	return false
}

// Check tells whether seat's move would be played as it is this round:
// an error for no move, a malformed one, one for another round, or one that
// fails validation.
func (s *State) Check(seat int, move string) error {
	if s.Over {
		return errors.New("the game is over")
	}
	if strings.TrimSpace(move) == "" {
		return errors.New("no action")
	}
	a, err := ParseAction(move, s.Maze.W, s.Maze.H, s.rules.SwapXY, seat, s.Round)
	if err != nil {
		return fmt.Errorf("malformed action: %w", err)
	}
	if !a.For(s.Round) {
		return fmt.Errorf("round_no %s is not this round's (%d)", strconv.FormatFloat(a.Round, 'g', -1, 64), s.Round)
	}
	return s.validate(seat, a)
}

// attack resolves seat's attack: every alive enemy on the target is hit, in
// order of arrival.
func (r *round) attack(seat int, a *Action) {
	s := r.s
	g := s.Guardian(seat, a.Hero)
	ev := Attacked{Seat: seat, Hero: a.Hero, From: g.Pos, Target: a.Target}
	power := a.Hero.Stats().Attack
	for _, v := range s.Present(a.Target) {
		if v.Seat == seat {
			continue
		}
		dmg := min(power, v.Health)
		v.Health -= dmg
		hit := Hit{Seat: v.Seat, Hero: v.Hero, Damage: dmg, Killed: v.Health == 0}
		if hit.Killed {
			v.Alive, v.Healing = false, 0
			r.feedback(v.Seat, fbDead(a.Hero.String(), v.Hero))
		}
		r.feedback(seat, fbSuccess(a.Hero, v.Hero))
		r.feedback(v.Seat, fbAttacked(a.Hero, v.Hero))
		ev.Victims = append(ev.Victims, hit)
	}
	text := fmt.Sprintf("%s attacks %s", who(seat, a.Hero), a.Target)
	for _, v := range ev.Victims {
		text += fmt.Sprintf(", hits %s for %d", who(v.Seat, v.Hero), v.Damage)
		if v.Killed {
			text += " and kills it"
		}
	}
	if len(ev.Victims) == 0 {
		text += ": a miss"
	}
	r.events = append(r.events, event(EventAttacked, seat, ev, "%s", text))
}

// special resolves Gamora's jump or Drax's wall break.
func (r *round) special(seat int, a *Action) {
	s := r.s
	g := s.Guardian(seat, a.Hero)
	g.Cooldown = s.Round + SpecialRest
	if a.Hero == Gamora {
		from := g.Pos
		s.place(g, a.Target, true)
		r.events = append(r.events, event(EventJumped, seat, Jumped{Seat: seat, Hero: a.Hero, From: from, To: a.Target},
			"%s jumps %s → %s", who(seat, a.Hero), from, a.Target))
		return
	}
	dir := 0
	for dir < 3 && g.Pos.Step(dir, 1) != a.Target {
		dir++
	}
	if m := s.Maze.broken(g.Pos, dir); m != s.Maze {
		s.Maze = m
		r.events = append(r.events, event(EventWallBroken, seat, WallBroken{Seat: seat, Hero: a.Hero, At: g.Pos, Dir: dir},
			"%s breaks the wall %s of %s", who(seat, a.Hero), dirNames[dir], g.Pos))
	}
}

// move resolves a MOVE: the guardian is placed on the target.
func (r *round) move(seat int, a *Action) {
	g := r.s.Guardian(seat, a.Hero)
	from := g.Pos
	if from == a.Target {
		return
	}
	r.s.place(g, a.Target, false)
	r.events = append(r.events, event(EventMoved, seat, Moved{Seat: seat, Hero: a.Hero, From: from, To: a.Target},
		"%s moves %s → %s", who(seat, a.Hero), from, a.Target))
}

// place puts g on c as a new arrival (enter: also when c is its own cell,
// as Gamora's jump on the spot).
func (s *State) place(g *Guardian, c Cell, enter bool) {
	if c == g.Pos && !enter {
		return
	}
	s.stamps++
	g.Pos, g.Arrived, g.Healing = c, s.stamps, 0
	if s.Kinds[c] == HealPoint {
		g.Healing = 1
	}
	if g.Carrying && !s.rules.StoneDropLag {
		s.Stone = c
	}
}

// stone is step 1 of §4.5: a dead carrier drops the stone, a moving one
// reports it, a lying one is picked up.
func (r *round) stone() {
	s := r.s
	if c := s.Carrier(); c != nil {
		switch {
		case !c.Alive:
			at := c.Pos
			if s.rules.StoneDropLag {
				at = s.Reported
			}
			c.Carrying = false
			s.Stone, s.Reported = at, at
			r.feedback(1, fb(CodeStoneDropped))
			r.feedback(2, fb(CodeStoneDropped))
			r.feedback(c.Seat, fbGuardian(CodeDeadAndDropped, c.Hero))
			r.events = append(r.events, event(EventStoneDropped, c.Seat, StoneDropped{Seat: c.Seat, Hero: c.Hero, At: at},
				"%s dies and drops the stone on %s", who(c.Seat, c.Hero), at))
		case c.Pos != s.Reported:
			s.Stone, s.Reported = c.Pos, c.Pos
			r.feedback(1, fb(CodeStoneMoved))
			r.feedback(2, fb(CodeStoneMoved))
			r.feedback(c.Seat, fbGuardianMoved(c.Pos, c.Hero))
		}
		return
	}
	present := s.Present(s.Stone)
	if len(present) == 0 {
		return
	}
	if !s.rules.StoneFirstArrival {
		for _, g := range present {
			if g.Seat != present[0].Seat {
				return // contested (R17)
			}
		}
	}
	g := present[0]
	g.Carrying = true
	s.Reported = s.Stone
	r.feedback(1, fb(CodeStonePicked))
	r.feedback(2, fb(CodeStonePicked))
	r.feedback(g.Seat, fbGuardian(CodeGuardianPicked, g.Hero))
	r.events = append(r.events, event(EventStonePicked, g.Seat, StonePicked{Seat: g.Seat, Hero: g.Hero, At: s.Stone},
		"%s picks up the stone on %s", who(g.Seat, g.Hero), s.Stone))
}

// roundEnd is step 2 of §4.5: scores, Groot's regeneration and the cell
// effects, seat 1 then seat 2, in round-end order; then the clues and
// beasts used become Normal.
func (r *round) roundEnd() {
	s := r.s
	for i := range s.Guardians {
		for h := range s.Guardians[i] {
			g := &s.Guardians[i][h]
			g.Score += float64(g.Health) / float64(g.MaxHealth)
			if !g.Alive {
				continue
			}
			if g.Hero == Groot {
				g.Health = min(g.Health+GrootRegen, g.MaxHealth)
			}
			switch s.Kinds[g.Pos] {
			case Teleporter:
				r.teleport(g)
			case HealPoint:
				r.heal(g)
			case Clue, Beast:
				r.clue(g)
			}
		}
	}
	if len(r.used) > 0 {
		s.Kinds = maps.Clone(s.Kinds)
		for c := range r.used {
			delete(s.Kinds, c)
		}
	}
}

// teleport draws g's landing in the box between the teleporter and its
// mirror image around the stone (§4.6, R15); g goes there if it is Normal.
func (r *round) teleport(g *Guardian) {
	s := r.s
	t, st := g.Pos, s.Stone
	rng := teleportRand(s.rules.Seed, s.Round, g.Seat, g.Hero)
	x := drawBetween(rng, t.X, 2*st.X-t.X, s.Maze.W-1)
	y := drawBetween(rng, t.Y, 2*st.Y-t.Y, s.Maze.H-1)
	to := Cell{x, y}
	if s.rules.SwapXY {
		to = Cell{y, x}
	}
	if !s.Maze.In(to) || s.Kinds[to] != Normal {
		return
	}
	s.place(g, to, true)
	r.feedback(g.Seat, fbTeleport(to, g.Hero))
	r.events = append(r.events, event(EventTeleported, g.Seat, Teleported{Seat: g.Seat, Hero: g.Hero, From: t, To: to},
		"%s is teleported %s → %s", who(g.Seat, g.Hero), t, to))
}

// teleportRand is the randomness of a teleport: a stream of the game's seed
// for each round, seat and guardian, apart from the level's (0) and the
// seats' own (1 and 2).
func teleportRand(seed int64, round, seat int, h Hero) *game.Rand {
	return game.NewRand(seed, 1<<32|uint64(round)<<8|uint64(seat)<<4|uint64(h))
}

// drawBetween draws uniformly from [max(0, min(a, b)), min(top, max(a, b))].
func drawBetween(rng *game.Rand, a, b, top int) int {
	lo, hi := max(0, min(a, b)), min(top, max(a, b))
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}

// heal counts g's round on a heal point and heals it at the fifth (R16).
// Under heal_first_only the first guardian on the cell counts instead, and
// the feedback goes to g's seat.
func (r *round) heal(g *Guardian) {
	h := g
	if r.s.rules.HealFirstOnly {
		h = r.s.Present(g.Pos)[0]
	}
	h.Healing++
	if h.Healing < HealRounds {
		return
	}
	h.Health = h.MaxHealth
	r.feedback(g.Seat, fbGuardian(CodeHealPointUsed, h.Hero))
	r.events = append(r.events, event(EventHealed, h.Seat, Healed{Seat: h.Seat, Hero: h.Hero, At: h.Pos},
		"%s is healed on %s", who(h.Seat, h.Hero), h.Pos))
}

// clue serves the clue or beast on g's cell to g's seat, once (R13, R14).
func (r *round) clue(g *Guardian) {
	s := r.s
	c := g.Pos
	if r.used == nil {
		r.used = map[Cell]*[2]bool{}
	}
	u := r.used[c]
	if u == nil {
		u = &[2]bool{}
		r.used[c] = u
	}
	if u[g.Seat-1] {
		return
	}
	u[g.Seat-1] = true
	if s.Kinds[c] == Beast {
		dmg := min(BeastDamage, g.Health)
		g.Health -= dmg
		killed := g.Health == 0
		r.events = append(r.events, event(EventBeastHit, g.Seat, BeastHit{Seat: g.Seat, Hero: g.Hero, At: c, Killed: killed},
			"the beast on %s bites %s for %d", c, who(g.Seat, g.Hero), dmg))
		if killed {
			g.Alive, g.Healing = false, 0
			r.feedback(g.Seat, fbDead("Beast", g.Hero))
			return
		}
	}
	ev := ClueFound{Seat: g.Seat, Hero: g.Hero, At: c}
	var data string
	if s.Enemy[c] && !s.rules.ClueDirectionOnly {
		ev.Kind = "enemies"
		b := []byte(`{"clue_type":"` + ClueEnemies + `","data":{`)
		for _, h := range Heroes {
			e := &s.Guardians[2-g.Seat][h]
			if !e.Alive {
				continue
			}
			if len(ev.Enemies) > 0 {
				b = append(b, ',')
			}
			b = append(b, `"`+h.String()+`":`+pair(e.Pos)...)
			ev.Enemies = append(ev.Enemies, Sighting{Hero: h, At: e.Pos})
		}
		data = string(b) + "}}"
	} else {
		ev.Kind, ev.Direction = "direction", DirectionClue(c, s.Stone)
		data = `{"clue_type":"` + ClueDirection + `","direction":"` + ev.Direction + `","guardian":"` + g.Hero.String() + `"}`
	}
	r.feedback(g.Seat, Feedback{Code: CodeClue, Data: data})
	r.events = append(r.events, event(EventClueFound, g.Seat, ev, "%s reads the clue on %s (%s)", who(g.Seat, g.Hero), c, ev.Kind))
}

// DirectionClue is the direction D of a clue on cell c with the stone on
// stone (§4.6): "inf"/"-inf" on the stone's row, "0"/"-0" in its column,
// else dx/dy rounded to 2 decimals as Python's repr prints it.
func DirectionClue(c, stone Cell) string {
	dx, dy := c.X-stone.X, c.Y-stone.Y
	switch {
	case dy == 0 && dx > 0:
		return "inf"
	case dy == 0:
		return "-inf"
	case dx == 0 && dy > 0:
		return "0"
	case dx == 0:
		return "-0"
	}
	v, _ := strconv.ParseFloat(strconv.FormatFloat(float64(dx)/float64(dy), 'f', 2, 64), 64)
	out := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.Contains(out, ".") {
		out += ".0"
	}
	return out
}

// checkEnd applies the end conditions of §1 before the next round; it
// reports whether the game is over.
func (s *State) checkEnd() bool {
	var alive [2]int
	for i := range s.Guardians {
		for _, g := range s.Guardians[i] {
			if g.Alive {
				alive[i]++
			}
		}
	}
	p := s.Penalty
	switch {
	case s.Stone == s.Bases[0]:
		s.end(1, "stone")
	case s.Stone == s.Bases[1]:
		s.end(2, "stone")
	case !s.rules.NoElimination && alive[0] == 0 && alive[1] == 0:
		s.end(s.scoreWinner(), "wipeout")
	case !s.rules.NoElimination && alive[0] == 0:
		s.end(2, "elimination")
	case !s.rules.NoElimination && alive[1] == 0:
		s.end(1, "elimination")
	case p[0] < 0 && p[1] < 0:
		s.end(s.scoreWinner(), "penalties")
	case p[0] < 0:
		s.end(2, "penalty")
	case p[1] < 0:
		s.end(1, "penalty")
	case s.Round >= s.rules.Rounds:
		s.end(s.scoreWinner(), "rounds")
	}
	return s.Over
}

func (s *State) end(winner int, reason string) { s.Over, s.Winner, s.Reason = true, winner, reason }

// scoreWinner is the seat with the higher score, 0 when equal.
func (s *State) scoreWinner() int {
	switch {
	case s.Score[0] > s.Score[1]:
		return 1
	case s.Score[1] > s.Score[0]:
		return 2
	}
	return 0
}

// EndText says how the game ended, in the original's words where it has
// them ("Player 2 is the Winner", "Game is a Draw").
func (s *State) EndText() string { return s.EndWords().String() }

// EndWords is EndText for the screens, the winner as a seat's argument.
func (s *State) EndWords() game.Words {
	why := map[string]string{"stone": "the stone is home", "elimination": "every enemy guardian is dead",
		"penalty": "the other's penalty score fell below zero", "rounds": "the higher score after the last round",
		"wipeout": "both teams are dead: the higher score", "penalties": "both penalty scores fell below zero: the higher score",
		"absent": "a bot was not connected at the start"}[s.Reason]
	if s.Winner == 0 {
		return game.Say("Game is a Draw (%s)", game.Say(why))
	}
	return game.Say("%s is the Winner (%s)", game.Say("Player %d", s.Winner), game.Say(why))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
