package guardains

import (
	"math"
	"strconv"

	"github.com/arena-games/arena/game"
)

// What GuardAIns tells the screens about itself (game.Ranked, Charted,
// Marked, Populated, Configurable, Judged).

// knows reports whether the sight as may know what seat (1 or 2) owns: its
// penalty, score and guardians. A recorded player's transcript (Observer)
// knows its own side only.
func knows(s *State, as game.Seat, seat int) bool {
	if s.Observer != 0 && s.Observer != seat {
		return false
	}
	return game.Knows(as, game.Seat(seat-1))
}

// sees reports whether the sight as sees cell c this round, with what is
// on it (State.InView).
func sees(s *State, as game.Seat, c Cell) bool {
	switch {
	case as == game.AllSeats && s.Observer == 0:
		return true
	case as == game.AllSeats:
		return s.InView(s.Observer, c)
	case as < 0 || as > 1:
		return false
	}
	return s.InView(int(as)+1, c)
}

func alive(s *State, seat int) int {
	n := 0
	for _, g := range s.Guardians[seat-1] {
		if g.Alive {
			n++
		}
	}
	return n
}

// Standings ranks the seats by the score of §4.7, which decides the game
// after the last round; a finished game puts its winner first. The columns
// are the original's: the score, the penalty score, the guardians alive.
func (Title) Standings(f game.Frame, as game.Seat) game.Standings {
	st := game.Standings{Heads: []string{"SCORE", "PENALTY", "ALIVE"}, Decides: -1}
	s, ok := f.State.(*State)
	if !ok {
		return st
	}
	order := [2]int{1, 2}
	both := knows(s, as, 1) && knows(s, as, 2)
	switch {
	case s.Over && s.Winner == 2:
		order = [2]int{2, 1}
	case s.Over && s.Winner == 1:
	case both && s.Score[1] > s.Score[0]:
		order = [2]int{2, 1}
	}
	if both && s.Score[0] != s.Score[1] && (!s.Over || s.Winner == 0 || scoreDecided(s.Reason)) {
		st.Decides = 0
	}
	for _, seat := range order {
		row := game.Standing{Seat: game.Seat(seat - 1), Cells: []string{game.Unknown, game.Unknown, game.Unknown}}
		if knows(s, as, seat) {
			row.Cells = []string{strconv.FormatFloat(s.Score[seat-1], 'f', 3, 64), strconv.Itoa(s.Penalty[seat-1]),
				strconv.Itoa(alive(s, seat)) + "/5"}
		}
		st.Rows = append(st.Rows, row)
	}
	return st
}

// scoreDecided reports whether a game that ended for reason was decided by
// the score.
func scoreDecided(reason string) bool {
	return reason == "rounds" || reason == "wipeout" || reason == "penalties"
}

// Stats are the score, the penalty score, the guardians alive and their
// health, per seat.
func (Title) Stats(f game.Frame, as game.Seat) []game.Stat {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	out := []game.Stat{{Name: "Score"}, {Name: "Penalty score"}, {Name: "Guardians alive"}, {Name: "Health"}}
	for seat := 1; seat <= 2; seat++ {
		vals := [4]float64{math.NaN(), math.NaN(), math.NaN(), math.NaN()}
		if knows(s, as, seat) {
			health := 0
			for _, g := range s.Guardians[seat-1] {
				if g.Alive {
					health += g.Health
				}
			}
			vals = [4]float64{s.Score[seat-1], float64(s.Penalty[seat-1]), float64(alive(s, seat)), float64(health)}
		}
		for i := range out {
			out[i].Values = append(out[i].Values, vals[i])
		}
	}
	return out
}

// Markers are the step's kills and deaths, the stone picked up and
// dropped, the end; hits and broken walls are the step's action. The
// sight sees its own side's events and what happens in its view.
func (Title) Markers(f game.Frame, as game.Seat) []game.Marker {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	var out []game.Marker
	add := func(kind string, seat int, at Cell, minor bool, text game.Words) {
		if !knows(s, as, seat) && !sees(s, as, at) {
			return
		}
		out = append(out, game.Marker{Kind: kind, Seat: game.Seat(seat - 1), Text: text, Cell: [2]int{at.X, at.Y}, Placed: true, Minor: minor})
	}
	for _, e := range f.Events {
		switch d := e.Data.(type) {
		case Attacked:
			if len(d.Victims) == 0 {
				continue
			}
			for _, v := range d.Victims {
				if v.Killed {
					add(game.MarkKill, d.Seat, d.Target, false, game.Say("%s kills %s", whoWords(d.Seat, d.Hero), whoWords(v.Seat, v.Hero)))
				} else {
					add(game.MarkHit, d.Seat, d.Target, true, game.Say("%s hits %s (−%d)", whoWords(d.Seat, d.Hero), whoWords(v.Seat, v.Hero), v.Damage))
				}
			}
		case BeastHit:
			if d.Killed {
				add(game.MarkDeath, d.Seat, d.At, false, game.Say("the beast kills %s", whoWords(d.Seat, d.Hero)))
			} else {
				add(game.MarkHit, d.Seat, d.At, true, game.Say("the beast bites %s", whoWords(d.Seat, d.Hero)))
			}
		case StonePicked:
			add(game.MarkStone, d.Seat, d.At, false, game.Say("%s picks up the stone", whoWords(d.Seat, d.Hero)))
		case StoneDropped:
			add(game.MarkStone, d.Seat, d.At, false, game.Say("%s drops the stone", whoWords(d.Seat, d.Hero)))
		case WallBroken:
			add(game.MarkHit, d.Seat, d.At, true, game.Say("%s breaks a wall", whoWords(d.Seat, d.Hero)))
		case Jumped:
			add(game.MarkHit, d.Seat, d.To, true, game.Say("%s jumps", whoWords(d.Seat, d.Hero)))
		}
	}
	if s.Over && f.Turn > 0 {
		m := game.Marker{Kind: game.MarkEnd, Seat: game.Seat(s.Winner - 1), Text: s.EndWords()}
		if s.Winner == 0 {
			m.Seat = game.AllSeats
		}
		out = append(out, m)
	}
	return out
}

// Units are the guardians alive that the sight sees: its own, and the
// enemy's in its view. The stone's carrier carries.
func (Title) Units(f game.Frame, as game.Seat) []game.Unit {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	var out []game.Unit
	for seat := 1; seat <= 2; seat++ {
		for _, g := range s.Guardians[seat-1] {
			if !g.Alive || !s.Maze.In(g.Pos) || (!knows(s, as, seat) && !sees(s, as, g.Pos)) {
				continue
			}
			out = append(out, game.Unit{ID: who(seat, g.Hero), Seat: game.Seat(seat - 1), Cell: [2]int{g.Pos.X, g.Pos.Y}, Carries: g.Carrying})
		}
	}
	return out
}

// Why says why a finished game ended as it did; for a recorded player's
// transcript, that the verdict is the original server's where the other
// side's numbers are not in the record.
func (Title) Why(f game.Frame) game.Words {
	s, ok := f.State.(*State)
	if !ok || !s.Over {
		return game.Words{}
	}
	why := map[string]string{"stone": "the power stone is home", "elimination": "every enemy guardian is dead",
		"penalty": "the other's penalty score fell below zero", "rounds": "the higher score after the last round",
		"wipeout": "both teams are dead: the higher score", "penalties": "both penalty scores fell below zero: the higher score"}[s.Reason]
	if why == "" {
		why = s.Reason
	}
	if s.Winner == 0 {
		why = map[string]string{"rounds": "equal scores after the last round", "wipeout": "both teams are dead, with equal scores",
			"penalties": "both penalty scores fell below zero, with equal scores"}[s.Reason]
	}
	if s.Observer != 0 && scoreDecided(s.Reason) {
		return game.Say("%s, as the original server announced (%s's score is not in %s's transcript)",
			game.Say(why), game.Say("player %d", 3-s.Observer), game.Say("player %d", s.Observer))
	}
	return game.Say(why)
}

// whoWords names a guardian for the screens: "P1 Gamora", the seat as an
// argument that the viewer names.
func whoWords(seat int, h Hero) game.Words {
	return game.Say("%s %s", game.Say("P%d", seat), h.String())
}

// compatHelp describes the compat flags.
var compatHelp = map[string]string{
	"swap_xy":             "the original's transposed special vision, teleport landings and target bounds (R2)",
	"move_ignores_walls":  "a MOVE needs only |dx|, |dy| <= speed, walls ignored (R6)",
	"clue_direction_only": "every clue gives the stone's direction (R12)",
	"heal_first_only":     "only the first guardian on a heal point counts (R16)",
	"stone_first_arrival": "a contested stone goes to the earliest arrival (R17)",
	"stone_drop_lag":      "a carried stone is where it was last reported, and drops there (R18)",
	"no_elimination":      "losing all five guardians does not end the game (R20)",
	"timeout_error":       "no answer is ERROR (-2), not TIMEOUT (-1) (R24)",
}

// Options lists the rule options New takes.
func (Title) Options() []game.Option {
	out := []game.Option{
		{Name: OptTurns, Type: game.OptInt, Default: strconv.Itoa(DefaultRounds), Help: "rounds played before the score decides (also --turns; option rounds is the same)"},
		{Name: OptCompat, Type: game.OptChoice, Default: "none", Choices: []string{"none", CompatOriginal}, Help: "original2022: every behaviour of the original server at once"},
		{Name: OptTeleporters, Type: game.OptInt, Default: "3", Help: "teleporters in a generated maze"},
		{Name: OptHealPoints, Type: game.OptInt, Default: "2", Help: "heal points in a generated maze"},
		{Name: OptClues, Type: game.OptInt, Default: "2", Help: "clues in a generated maze"},
		{Name: OptBeasts, Type: game.OptInt, Default: "2", Help: "beasts in a generated maze"},
	}
	return append(out, game.FlagOptions(compatHelp)...)
}

// CheckOptions reports what New would say of the options.
func (Title) CheckOptions(options map[string]string) error {
	_, err := ParseRules(game.Config{Options: options})
	return err
}

// Steps is the rounds played before the score decides.
func (Title) Steps(cfg game.Config) int {
	r, err := ParseRules(cfg)
	if err != nil {
		return DefaultRounds
	}
	return r.Rounds
}
