package aibg5

import (
	"fmt"
	"strconv"

	"github.com/arena-games/arena/game"
)

// What AIBG 5.0 tells the screens about itself (game.Ranked, Charted,
// Marked, Populated, Configurable, Judged). It has no hidden information:
// every sight sees everything.

// The standings' columns: the comparator of §1 (score; kill/death ratio,
// kills and deaths; level; health) as the scoreboard shows it.
var standingHeads = []string{"SCORE", "K/D", "LVL", "HP"}

// deciding is the column of standingHeads on which a ranks above b, -1
// when the comparator finds them level.
func deciding(a, b *Player) int {
	switch {
	case a.Score != b.Score:
		return 0
	case a.KD() != b.KD() || a.Kills != b.Kills || a.Deaths != b.Deaths:
		return 1
	case a.Level != b.Level:
		return 2
	case a.Health != b.Health:
		return 3
	}
	return -1
}

// Standings is the scoreboard in the order of the ranking (R23): the
// comparator of §1, players still in the game first.
func (Title) Standings(f game.Frame, _ game.Seat) game.Standings {
	st := game.Standings{Heads: standingHeads, Decides: -1}
	s, ok := f.State.(*State)
	if !ok {
		return st
	}
	rank := s.Ranking()
	for _, idx := range rank {
		p := s.Player(idx)
		st.Rows = append(st.Rows, game.Standing{Seat: game.Seat(idx - 1), Out: p.Removed,
			Cells: []string{strconv.Itoa(p.Score), strconv.Itoa(p.Kills) + "/" + strconv.Itoa(p.Deaths), strconv.Itoa(p.Level), strconv.Itoa(max(0, p.Health))}})
	}
	if a, b := s.Player(rank[0]), s.Player(rank[1]); !a.Removed && !b.Removed {
		st.Decides = deciding(a, b)
	}
	return st
}

// Stats are each ship's score, health, XP, level and kills.
func (Title) Stats(f game.Frame, _ game.Seat) []game.Stat {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	out := []game.Stat{{Name: "Score"}, {Name: "Health"}, {Name: "XP"}, {Name: "Level"}, {Name: "Kills"}}
	for i := range s.Players {
		p := &s.Players[i]
		for k, v := range [5]int{p.Score, max(0, p.Health), p.XP, p.Level, p.Kills} {
			out[k].Values = append(out[k].Values, float64(v))
		}
	}
	return out
}

// Markers are the step's kills and deaths, level-ups, the boss's patterns
// and removals; hits on ships and the boss are its action.
func (Title) Markers(f game.Frame, _ game.Seat) []game.Marker {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	var out []game.Marker
	add := func(kind string, player int, at [2]int, placed, minor bool, text game.Words) {
		out = append(out, game.Marker{Kind: kind, Seat: game.Seat(player - 1), Text: text, Cell: at, Placed: placed, Minor: minor})
	}
	for _, e := range f.Events {
		switch d := e.Data.(type) {
		case Died:
			at := [2]int{d.At.Q, d.At.R}
			if d.Killer > 0 {
				add(game.MarkKill, d.Killer, at, true, false, game.Say("%s kills %s", game.Say("Player %d", d.Killer), game.Say("player %d", d.Player)))
			} else {
				add(game.MarkDeath, d.Player, at, true, false, game.Say("the boss kills %s", game.Say("player %d", d.Player)))
			}
		case LevelUp:
			p := s.Player(d.Player)
			add(game.MarkLevel, d.Player, [2]int{p.Pos.Q, p.Pos.R}, true, false, game.Say("%s reaches level %d", game.Say("Player %d", d.Player), d.Level))
		case BossStrike:
			if d.PatternKind > 0 && len(d.Pattern) > 0 {
				add(game.MarkBoss, 0, [2]int{}, true, false, game.Say("the boss fires pattern %d", d.PatternKind))
			} else if len(d.Damaged) > 0 {
				add(game.MarkBoss, 0, [2]int{}, true, true, game.Say("the boss strikes"))
			}
		case Attacked:
			if d.Victim > 0 || d.What == Boss {
				add(game.MarkHit, d.Player, [2]int{d.Hit.Q, d.Hit.R}, true, true, game.Say("%s hits %s", game.Say("Player %d", d.Player), target(d)))
			}
		case Removed:
			add(game.MarkDeath, d.Player, [2]int{}, false, false, game.Say("%s is removed: no answer in time", game.Say("Player %d", d.Player)))
		}
	}
	if f.Over && f.Turn > 0 && f.Result.Winner > 0 {
		add(game.MarkEnd, f.Result.Winner, [2]int{}, false, false, game.Say("%s wins", game.Say("Player %d", f.Result.Winner)))
	}
	return out
}

func target(a Attacked) game.Words {
	if a.Victim > 0 {
		return game.Say("player %d", a.Victim)
	}
	return game.Say("the boss")
}

// Units are the ships still in the game.
func (Title) Units(f game.Frame, _ game.Seat) []game.Unit {
	s, ok := f.State.(*State)
	if !ok {
		return nil
	}
	var out []game.Unit
	for i := range s.Players {
		if p := &s.Players[i]; !p.Removed {
			out = append(out, game.Unit{ID: "Player " + strconv.Itoa(p.Idx), Seat: game.Seat(i), Cell: [2]int{p.Pos.Q, p.Pos.R}})
		}
	}
	return out
}

// comparatorWords say the comparator's deciding column for people, then
// the rounds played; recordingWords the same when a recording ends.
var (
	comparatorWords = [4]string{"the higher score, %s", "the better kill/death record at equal score, %s",
		"the higher level at equal score and kills, %s", "more health at equal score, kills and level, %s"}
	recordingWords = [4]string{"the higher score when the recording ends, %s", "the better kill/death record at equal score when the recording ends, %s",
		"the higher level at equal score and kills when the recording ends, %s", "more health at equal score, kills and level when the recording ends, %s"}
)

// Why says why the winner won: the last ship left, or the comparator's
// deciding column after the rounds played.
func (Title) Why(f game.Frame) game.Words {
	s, ok := f.State.(*State)
	if !ok || !f.Over {
		return game.Words{}
	}
	after := game.Say("after %d rounds", s.Round)
	if s.Round == 1 {
		after = game.Say("after %d round", s.Round)
	}
	rank := f.Result.Ranking
	switch {
	case f.Result.Reason == ReasonAlone && f.Result.Winner > 0:
		return game.Say("the last ship in the game, %s", after)
	case len(rank) < 2:
		return after
	}
	a, b := s.Player(rank[0]), s.Player(rank[1])
	k := deciding(a, b)
	switch {
	case b.Removed:
		return game.Say("the only ship left, %s", after)
	case k < 0:
		return game.Say("first in the scoreboard's order, level with %s on every count, %s", game.Say("player %d", rank[1]), after)
	case f.Result.Reason == "recording":
		return game.Say(recordingWords[k], after)
	}
	return game.Say(comparatorWords[k], after)
}

// compatHelp describes the original server's behaviours, one option each.
var compatHelp = map[string]string{
	"double_block_penalty": "a blocked move is penalised twice (R4)",
	"pattern2_skip_holes":  "pattern 2 lists and hits only the EMPTY cells of its ring (R15)",
	"extra_idle_after_p2":  "one more idle boss turn before each pattern 1 that follows a pattern 2 (R16)",
	"attack_items_block":   "HEALTH and EXPERIENCE absorb an attack that crosses them, with a penalty (R12)",
	"self_attack_null":     "a self-attack is penalised with the message null (R14)",
	"original_item_areas":  "items drawn from the original's areas, not the seed's zones (R20)",
	"timeout_null":         "no answer in time is the null action, not removal (R6, R21)",
}

// Options lists the rule options New takes.
func (Title) Options() []game.Option {
	out := []game.Option{
		{Name: "turns", Type: game.OptInt, Default: strconv.Itoa(DefaultRounds), Help: "rounds before the game ends (also --turns)"},
		{Name: "kill_score", Type: game.OptInt, Default: strconv.Itoa(KillScore), Help: "score for a kill (R1; the original gave 100)"},
		{Name: "compat", Type: game.OptFlag, Default: "false", Help: "every behaviour of the original server at once; single options override it"},
	}
	for i := 1; i <= 4; i++ {
		out = append(out, game.Option{Name: fmt.Sprintf("name%d", i), Type: game.OptText,
			Help: fmt.Sprintf("player %d's name in the gameState (a contest bot's login sets it)", i)})
	}
	return append(out, game.FlagOptions(compatHelp)...)
}

// CheckOptions reports what New would say of the options.
func (Title) CheckOptions(options map[string]string) error {
	_, err := ParseRules(options)
	return err
}

// Steps is four turns a round, for the rounds the rules allow.
func (Title) Steps(cfg game.Config) int {
	r, err := ParseRules(cfg.Options)
	if err != nil {
		r = DefaultRules()
	}
	return 4 * r.Rounds
}
