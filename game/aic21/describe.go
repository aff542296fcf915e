package aic21

import (
	"math"
	"sort"
	"strconv"

	"github.com/arena-games/arena/game"
)

// What AIC21 tells the screens about itself (game.Ranked, Charted, Marked,
// Populated, Configurable, Judged).

// judgeHeads are the judge's criteria (§1) as the standings' columns.
var judgeHeads = []string{"BASE", "ALIVE", "RAISED", "SCORP.", "BREAD", "GRASS"}

// Criteria are the judge's criteria in words, in its order.
var Criteria = [6]string{"base health", "living units", "units raised", "scorpions raised", "bread in store", "grass in store"}

// Leader is the colony ahead by the judge's order in s and the criterion
// that puts it there; -1 when they are level on every count (a coin toss
// decides a full tie at the end).
func Leader(s *State) (colony, criterion int) {
	a, b := s.Judged(0), s.Judged(1)
	for k := range a {
		switch {
		case a[k] > b[k]:
			return 0, k
		case b[k] > a[k]:
			return 1, k
		}
	}
	return -1, -1
}

// Standings ranks the colonies by the judge's order of §1; a finished
// game puts its winner first. A colony's numbers are its own: a sight of
// the other colony does not know them.
func (Title) Standings(f game.Frame, as game.Seat) game.Standings {
	st := game.Standings{Heads: judgeHeads, Decides: -1}
	s, ok := f.State.(*State)
	if !ok {
		return st
	}
	order := [2]int{0, 1}
	both := as == game.AllSeats && s.Observer == 0 // a seat's stream knows one side only
	lead, k := Leader(s)
	switch {
	case s.Over && s.Winner == 1:
		order = [2]int{1, 0}
	case !s.Over && both && lead == 1:
		order = [2]int{1, 0}
	}
	if both && lead >= 0 && (!s.Over || lead == s.Winner) {
		st.Decides = k
	}
	for _, c := range order {
		row := game.Standing{Seat: game.Seat(c), Out: s.Colonies[c].BaseHealth <= 0}
		if game.Knows(as, game.Seat(c)) && !s.Hidden(c) {
			for _, n := range s.Judged(c) {
				row.Cells = append(row.Cells, strconv.Itoa(n))
			}
		} else {
			for range judgeHeads {
				row.Cells = append(row.Cells, game.Unknown)
			}
		}
		st.Rows = append(st.Rows, row)
	}
	return st
}

// Stats are the judge's numbers, and the food each colony delivered.
func (Title) Stats(f game.Frame, as game.Seat) []game.Stat {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	out := []game.Stat{{Name: "Base health"}, {Name: "Living units"}, {Name: "Units raised"}, {Name: "Bread in store"},
		{Name: "Grass in store"}, {Name: "Food delivered", PerStep: true}}
	for c := range 2 {
		j := s.Judged(c)
		d := s.Colonies[c].Delivered
		vals := []float64{float64(j[0]), float64(j[1]), float64(j[2]), float64(j[4]), float64(j[5]), float64(d[0] + d[1])}
		for i := range out {
			v := vals[i]
			if !game.Knows(as, game.Seat(c)) {
				v = math.NaN()
			}
			out[i].Values = append(out[i].Values, v)
		}
	}
	return out
}

// seen reports whether the sight as sees cell at.
func seen(s *State, as game.Seat, at Cell) bool {
	switch {
	case as == game.AllSeats:
		return true
	case as < 0:
		return false
	}
	return s.Sees(int(as), at)
}

// Markers are the step's kills and the hits on bases; the other hits are
// its action. A colony's sight sees what its units see.
func (Title) Markers(f game.Frame, as game.Seat) []game.Marker {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	var out []game.Marker
	add := func(kind string, colony int, at Cell, minor bool, text game.Words) {
		if !game.Knows(as, game.Seat(colony)) && !seen(s, as, at) {
			return
		}
		out = append(out, game.Marker{Kind: kind, Seat: game.Seat(colony), Text: text, Cell: [2]int{at.X, at.Y}, Placed: true, Minor: minor})
	}
	killer := map[int]Hit{}
	for _, e := range f.Events {
		if a, ok := e.Data.(Attacked); ok && a.Defender >= 0 {
			killer[a.Defender] = a.Hit
		}
	}
	for _, e := range f.Events {
		switch d := e.Data.(type) {
		case Attacked:
			if d.Defender < 0 {
				add(game.MarkBase, d.Colony, d.To, false, game.Say("%s hits %s", fighter(s, d.Attacker), baseOf(-d.Defender)))
			} else {
				add(game.MarkHit, d.Colony, d.To, true, game.Say("%s hits %s", fighter(s, d.Attacker), fighter(s, d.Defender)))
			}
		case Died:
			if h, ok := killer[d.Unit.ID]; ok {
				add(game.MarkKill, h.Colony, d.At, false, game.Say("%s kills %s", fighter(s, h.Attacker), unitWords(&d.Unit)))
			} else {
				add(game.MarkDeath, d.Unit.Colony, d.At, false, game.Say("%s dies", unitWords(&d.Unit)))
			}
		}
	}
	if s.Over && f.Turn > 0 {
		out = append(out, game.Marker{Kind: game.MarkEnd, Seat: game.Seat(s.Winner), Text: game.Say("%s wins", game.Say("colony %d", s.Winner+1))})
	}
	return out
}

// fighter names a unit or a base by its id, as the state knows it.
func fighter(s *State, id int) game.Words {
	if u, ok := s.Unit(id); ok {
		return unitWords(u)
	}
	if id < 0 {
		return baseOf(-id)
	}
	return game.Say("unit %d", id)
}

// baseOf names colony c's base (c from 1): "colony 2's base".
func baseOf(c int) game.Words { return game.Say("%s's base", game.Say("colony %d", c)) }

// unitWords names a unit as the screens say it: "ant 12", "scorpion 3".
func unitWords(u *Unit) game.Words {
	if u.Soldier {
		return game.Say("scorpion %d", u.ID)
	}
	return game.Say("ant %d", u.ID)
}

// Units are the living ants and scorpions the sight sees; a worker with
// food carries.
func (Title) Units(f game.Frame, as game.Seat) []game.Unit {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	out := make([]game.Unit, 0, len(s.Units))
	for i := range s.Units {
		u := &s.Units[i]
		if !game.Knows(as, game.Seat(u.Colony)) && !seen(s, as, u.Cell()) {
			continue
		}
		out = append(out, game.Unit{ID: unitName(u), Seat: game.Seat(u.Colony), Cell: [2]int{u.X, u.Y}, Carries: u.Carry != NoRes})
	}
	return out
}

// reasons say why a colony won, by the engine's Reason.
var reasons = map[string]string{"base": "the other base fell", "health": "more base health", "units": "more living units",
	"created": "more units raised", "soldiers": "more scorpions raised", "bread": "more bread in store",
	"grass": "more grass in store", "random": "a coin toss (level on every count)",
	"recorded": "as the log records it"}

// Why says why the winner won, by the judge's criterion: "more base
// health, after 100 turns".
func (Title) Why(f game.Frame) game.Words {
	s, ok := f.State.(*State)
	if !ok || !s.Over {
		return game.Words{}
	}
	if why, ok := reasons[s.Reason]; ok {
		return game.Say("%s, after %s", game.Say(why), game.Say("%d turns", s.Turn+1))
	}
	return game.Say(s.Reason)
}

// compatHelp describes the compat flags.
var compatHelp = map[string]string{
	"compat.swampPerMessage":      "the swamp hold counts move frames, not turns (R5)",
	"compat.multiAction":          "every move and chat frame of a round counts (R4)",
	"compat.baseFriendlyFire":     "a base's splash hits every unit in the cell (R7)",
	"compat.baseHitsBase":         "a base attacks an enemy base in range first (R8)",
	"compat.scanOrderTies":        "health ties go to the first in scan order (R6)",
	"compat.depositScanOrder":     "a deposit goes to the first acceptable cell in scan order (R10)",
	"compat.chatUtf16":            "message length in UTF-16 units (R14)",
	"compat.chatStableTies":       "equal chat values keep arrival order (R14)",
	"compat.baseLabelColumnMajor": "the log's base label 0 is the first base in column-major order (R22)",
	"compat.delayedMin8":          "delayed resources start at code 8; 7 is immediate (R20)",
}

// Options lists the rule options New takes: the turn limit, the preset,
// a map.config, the unit cap, the team names, the compat flags and every
// map.config key.
func (Title) Options() []game.Option {
	d := DefaultRules()
	out := []game.Option{
		{Name: OptTurns, Type: game.OptInt, Default: strconv.Itoa(d.MaxTurn), Help: "the turn limit (GAME_MAXIMUM_TURN_COUNT; also --turns)"},
		{Name: OptPreset, Type: game.OptChoice, Default: "none", Choices: []string{"none", PresetOriginal}, Help: "original-1.3.4: the original server's rules (100 turns, every compat flag)"},
		{Name: OptConfig, Type: game.OptPath, Help: "a map.config whose constants replace the defaults (also --config)"},
		{Name: OptMaxAgents, Type: game.OptInt, Default: strconv.Itoa(d.MaxAgents), Help: "units ever created, both colonies together (--max-agent)"},
		{Name: OptName0, Type: game.OptText, Default: "first_team", Help: "colony 1's team name"},
		{Name: OptName1, Type: game.OptText, Default: "second_team", Help: "colony 2's team name"},
		{Name: OptZeroToken, Type: game.OptFlag, Default: "false", Help: "contest seats: units may log in with the original's public all-zero token instead of their own secret one (a listener on 127.0.0.1 only)"},
	}
	out = append(out, game.FlagOptions(compatHelp)...)
	keys := make([]string, 0, len(configKeys))
	for k := range configKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, game.Option{Name: k, Type: game.OptInt, Default: strconv.Itoa(*configKeys[k](&d)), Help: "map.config's " + k})
	}
	return append(out, game.Option{Name: rateKey, Type: game.OptNumber, Default: strconv.FormatFloat(float64(d.DeathRate), 'g', -1, 32), Help: "map.config's " + rateKey})
}

// CheckOptions reports what New would say of the options.
func (Title) CheckOptions(options map[string]string) error {
	_, err := ParseRules(game.Config{Options: options})
	return err
}

// Steps is the turn limit.
func (Title) Steps(cfg game.Config) int {
	r, err := ParseRules(cfg)
	if err != nil {
		r = DefaultRules()
	}
	return r.MaxTurn
}
