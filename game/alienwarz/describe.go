package alienwarz

import (
	"strconv"

	"github.com/arena-games/arena/game"
)

// What AlienWarz tells the screens about itself (game.Ranked, Charted,
// Marked, Configurable, Judged). It has no hidden information.

// judgeHeads name Judged's keys as columns, by criterion.
var judgeHeads = map[string]string{"xp": "XP", "coins": "COINS", "energy": "ENERGY", "factories": "FACT.", "weight": "BAG"}

// Standings ranks the aliens by the turn limit's comparison (§1); a
// finished game puts its winner first.
func (Title) Standings(f game.Frame, _ game.Seat) game.Standings {
	st := game.Standings{Decides: -1}
	s, ok := f.State.(*State)
	if !ok {
		return st
	}
	keys, names := s.Judged()
	for _, n := range names {
		st.Heads = append(st.Heads, judgeHeads[n])
	}
	lead, k := 0, -1
	for i := range names {
		if keys[0][i] != keys[1][i] {
			lead, k = 1, i
			if keys[0][i] > keys[1][i] {
				lead = 0
			}
			break
		}
	}
	order := [2]int{0, 1}
	switch {
	case s.Over && s.Winner == 2, !s.Over && lead == 1:
		order = [2]int{1, 0}
	}
	if k >= 0 && (!s.Over || s.Winner == lead+1 && s.Reason != "exhausted" && s.Reason != "forfeit") {
		st.Decides = k
	}
	for _, p := range order {
		row := game.Standing{Seat: game.Seat(p)}
		for _, v := range keys[p] {
			row.Cells = append(row.Cells, strconv.Itoa(v))
		}
		st.Rows = append(st.Rows, row)
	}
	return st
}

// Stats are each alien's XP, coins, energy, standing factories and bag
// weight.
func (Title) Stats(f game.Frame, _ game.Seat) []game.Stat {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	out := []game.Stat{{Name: "XP"}, {Name: "Coins"}, {Name: "Energy"}, {Name: "Factories"}, {Name: "Bag weight"}}
	for p := 1; p <= 2; p++ {
		pl := s.Player(p)
		standing := 0
		for _, fa := range s.Factories {
			if fa.Owner == p && fa.Health > 0 {
				standing++
			}
		}
		for k, v := range [5]int{pl.XP, pl.Coins, pl.Energy, standing, s.Weight(p)} {
			out[k].Values = append(out[k].Values, float64(v))
		}
	}
	return out
}

// Markers are the step's conversions and purchases, factories built,
// attacked and destroyed, freezes and dazes, invalid turns and the end.
func (Title) Markers(f game.Frame, _ game.Seat) []game.Marker {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	r := s.Rules()
	var out []game.Marker
	add := func(kind string, player int, at *Cell, minor bool, text game.Words) {
		m := game.Marker{Kind: kind, Seat: game.Seat(player - 1), Text: text, Minor: minor}
		if at != nil {
			m.Cell, m.Placed = [2]int{at.X, at.Z}, true
		}
		out = append(out, m)
	}
	for _, e := range f.Events {
		switch d := e.Data.(type) {
		case Converted:
			add(game.MarkTrade, d.Player, nil, false, game.Say("%s converts: +%d coins, +%d energy, +%d XP", seat(d.Player), d.Coins, d.Energy, d.XP))
		case Bought:
			kind := game.MarkTrade
			if d.Item != "backpack" {
				kind = game.MarkSabotage
			}
			add(kind, d.Player, nil, false, game.Say("%s buys %s", seat(d.Player), game.Say(d.Item)))
		case Built:
			add(game.MarkBuild, d.Player, &d.At, false, game.Say("%s builds a factory", seat(d.Player)))
		case Attacked:
			text := game.Say("%s hits a factory (%d left)", seat(d.Player), d.Health)
			if d.Destroyed {
				text = game.Say("%s destroys a factory", seat(d.Player))
			}
			add(game.MarkBase, d.Player, &d.At, false, text)
		case Invalid:
			add(game.MarkFoul, d.Player, nil, false, game.Say("%s: invalid turn, −%d energy", seat(d.Player), r.Penalty))
		case Mined:
			add(game.MarkHit, d.Player, &d.At, true, game.Say("%s mines", seat(d.Player)))
		}
	}
	if s.Over && f.Turn > 0 {
		m := game.Marker{Kind: game.MarkEnd, Seat: game.Seat(s.Winner - 1), Text: game.Say("%s wins", seat(s.Winner))}
		if s.Winner == 0 {
			m.Seat, m.Text = game.AllSeats, game.Say("a draw")
		}
		out = append(out, m)
	}
	return out
}

// seat names player p in a marker's words: "P1", or the player's name
// in the viewer.
func seat(p int) game.Words { return game.Say("P%d", p) }

// criterionWords say the comparison's criteria for people.
var criterionWords = map[string]string{"xp": "more XP", "coins": "more coins at equal XP",
	"energy": "more energy at equal XP and coins", "factories": "more factories at equal XP, coins and energy",
	"weight": "a heavier bag at equal XP, coins and energy"}

// Why says why the game ended as it did.
func (Title) Why(f game.Frame) game.Words {
	s, ok := f.State.(*State)
	if !ok || !s.Over {
		return game.Words{}
	}
	n := s.Rules().MaxTurns
	limit := game.Say("after %d turns", n)
	if n == 1 {
		limit = game.Say("after %d turn", n)
	}
	switch s.Reason {
	case "exhausted":
		return game.Say("the other alien ran out of energy")
	case "forfeit":
		return game.Say("the other bot forfeited")
	case "draw":
		return game.Say("the aliens are level on every count %s", limit)
	case "turns":
		return limit
	}
	if w, ok := criterionWords[s.Reason]; ok {
		return game.Say("%s %s", game.Say(w), limit)
	}
	return game.Say(s.Reason)
}

// compatHelp describes the compat flags.
var compatHelp = map[string]string{
	"orig_move_cost":       "a step costs min(w,8)+1, not min(1+w,8) (R1)",
	"orig_tiebreak":        "bag weight before factories, counting every factory ever built (R3, R4)",
	"orig_stale_factory":   "a factory rebuilt on a destroyed one cannot be used (R5)",
	"orig_status_stacking": "a freeze or daze bought while one is active adds 4, not 3 (R7)",
	"orig_backpack_24":     "a backpack bought on the last boosted turn gives capacity 24 (R8)",
	"orig_lifo_timestamp":  "the expiry drop compares the mining turns of the two kinds' newest items (R19)",
}

// Options lists the rule options New takes.
func (Title) Options() []game.Option {
	d := DefaultEnv()
	out := []game.Option{
		{Name: OptTurns, Type: game.OptInt, Default: strconv.Itoa(d.MaxTurns), Help: "the turn limit instead of max_number_of_turns (also --turns)"},
		{Name: OptLevel, Type: game.OptText, Help: "the level, by index from 0 or by name (also --level); drawn with the seed when none is named"},
		{Name: OptLevels, Type: game.OptPath, Help: "a levels.json to take the levels from, such as the original's (also --levels)"},
		{Name: OptConfig, Type: game.OptPath, Help: "an env.txt whose constants replace the defaults (also --config)"},
		{Name: OptName1, Type: game.OptText, Default: d.Name1, Help: "player 1's name in the view"},
		{Name: OptName2, Type: game.OptText, Default: d.Name2, Help: "player 2's name in the view"},
	}
	return append(out, game.FlagOptions(compatHelp)...)
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
		return DefaultEnv().MaxTurns
	}
	return r.MaxTurns
}
