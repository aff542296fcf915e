// Package alienwarz is AlienWarz (AIBG v4, 2024) for Arena: two aliens mine
// minerals and diamonds on a 10x10 field, carry them home, refine them in
// factories, buy gadgets and sabotage each other, with energy as the clock.
// The rules are ../shared/rules/alienwarz.md; this package is its engine,
// the original formats (the view line, the command grammar, env.txt,
// levels.json, the game log), and the built-in bots miner and strategist.
package alienwarz

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arena-games/arena/game"
)

// Title is AlienWarz for Arena: two seats, one action per turn.
type Title struct {
	// Levels are Arena's own levels (levels/alienwarz.Levels): the set a
	// game draws from when it names no levels file. Without them, a game
	// names a levels.json.
	Levels []Level
}

// The optional interfaces of package game that Title satisfies: the
// match, the server and the screens find them by type assertion.
var (
	_ game.Ranked       = Title{}
	_ game.Charted      = Title{}
	_ game.Marked       = Title{}
	_ game.Judged       = Title{}
	_ game.Configurable = Title{}
	_ game.Timed        = Title{}
	_ game.Mapped       = Title{}
	_ game.Importable   = Title{}
)

// ID is "alienwarz".
func (Title) ID() string { return "alienwarz" }

// Name is "AlienWarz".
func (Title) Name() string { return "AlienWarz" }

// Seats is 2.
func (Title) Seats() int { return 2 }

// Rules are the constants and the compat flags a game is played by. Each
// flag reproduces the original referee where a ruling departs from it (§7).
type Rules struct {
	Env
	OrigMoveCost       bool // orig_move_cost: a step costs min(w,8)+1, not min(1+w,8) (R1)
	OrigTiebreak       bool // orig_tiebreak: bag weight before factories, counting every factory ever built (R3, R4)
	OrigStaleFactory   bool // orig_stale_factory: a factory rebuilt on a destroyed one reads F_<old owner>_0 and cannot be used (R5)
	OrigStatusStacking bool // orig_status_stacking: a freeze or daze bought while one is active adds 4, not 3 (R7)
	OrigBackpack24     bool // orig_backpack_24: a backpack bought on the last boosted turn gives capacity 24 (R8)
	OrigLIFOTimestamp  bool // orig_lifo_timestamp: the expiry drop compares the mining turns of the two kinds' newest items (R19)
}

var defaultRules = Rules{Env: DefaultEnv()}

// flags are the compat flags by option name.
var flags = map[string]func(*Rules) *bool{
	"orig_move_cost":       func(r *Rules) *bool { return &r.OrigMoveCost },
	"orig_tiebreak":        func(r *Rules) *bool { return &r.OrigTiebreak },
	"orig_stale_factory":   func(r *Rules) *bool { return &r.OrigStaleFactory },
	"orig_status_stacking": func(r *Rules) *bool { return &r.OrigStatusStacking },
	"orig_backpack_24":     func(r *Rules) *bool { return &r.OrigBackpack24 },
	"orig_lifo_timestamp":  func(r *Rules) *bool { return &r.OrigLIFOTimestamp },
}

// The options of a game that are not compat flags.
const (
	OptConfig = "config" // the path of an env.txt whose constants replace the defaults (--config)
	OptLevels = "levels" // the path of a levels.json to draw the level from (--levels)
	OptLevel  = "level"  // the level's index in its set, from 0, or its name (--level)
	OptTurns  = "turns"  // the turn limit instead of max_number_of_turns (--turns)
	OptName1  = "name1"  // player 1's name in the view
	OptName2  = "name2"  // player 2's name in the view
	OptStart  = "start"  // a view line (§3.2) to start from instead of a level
)

// OptionNames lists every option New accepts.
func OptionNames() []string {
	names := []string{OptConfig, OptLevels, OptLevel, OptTurns, OptName1, OptName2, OptStart}
	for name := range flags {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// ParseRules reads the rules of a config's options: the compat flags
// ("true"/"1" or "false"/"0"/""), the constants file (config) and the turn
// limit (turns). Options that are not rules (levels, level, names, start) are
// accepted and left alone; an unknown option is an error that lists the
// known ones.
func ParseRules(cfg game.Config) (*Rules, error) {
	options := cfg.Options
	r := &Rules{Env: DefaultEnv()}
	if path := options[OptConfig]; path != "" {
		env, err := LoadEnv(cfg, path)
		if err != nil {
			return nil, fmt.Errorf("alienwarz: --config: %w", err)
		}
		r.Env = env
	}
	for name, value := range options {
		switch name {
		case OptConfig, OptLevels, OptLevel, OptName1, OptName2, OptStart:
			continue
		case OptTurns:
			n, err := game.ParseInt(name, value, 1, 1_000_000, "actions")
			if err != nil {
				return nil, fmt.Errorf("alienwarz: %w", err)
			}
			r.MaxTurns = n
			continue
		}
		field, ok := flags[name]
		if !ok {
			return nil, fmt.Errorf("alienwarz: unknown option %q (known: %s)", name, strings.Join(OptionNames(), ", "))
		}
		var err error
		if *field(r), err = game.ParseFlag(name, value); err != nil {
			return nil, fmt.Errorf("alienwarz: %w", err)
		}
	}
	return r, nil
}

// New starts a game. The level (see ChooseLevel): cfg.Map names one of
// the title's levels or a levels.json; the options levels (a levels.json)
// and level (an index from 0, or a name) choose too; what is not chosen is
// drawn with the seed (R21). The option start, a view line, starts from
// that state instead. The rest of the options are ParseRules's.
func (t Title) New(cfg game.Config) (game.Engine, error) {
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("alienwarz: a game has 2 seats, not %d", cfg.Seats)
	}
	rules, err := ParseRules(cfg)
	if err != nil {
		return nil, err
	}
	var s *State
	if start := cfg.Options[OptStart]; start != "" {
		if s, err = ReadView([]byte(start)); err != nil {
			return nil, fmt.Errorf("alienwarz: option start: %w", err)
		}
		s.rules = rules
		if err := s.fitRules(); err != nil {
			return nil, fmt.Errorf("alienwarz: option start: %w", err)
		}
	} else {
		lvl, index, err := t.ChooseLevel(cfg)
		if err != nil {
			return nil, err
		}
		names := [2]string{cfg.Option(OptName1, rules.Name1), cfg.Option(OptName2, rules.Name2)}
		s = NewState(rules, lvl, index, names)
	}
	return newEngine(s), nil
}

// NewState is the start of a game on level lvl (its index in its set, or
// -1), with the players' names.
func NewState(r *Rules, lvl Level, index int, names [2]string) *State {
	s := &State{Level: index, LevelName: lvl.Name, ToAct: 1, rules: r}
	for i := range s.Players {
		s.Players[i] = Player{Name: names[i], Energy: r.StartEnergy, XP: r.StartXP, Coins: r.StartCoins,
			Pos: Base(i + 1), Capacity: r.Capacity}
	}
	for _, c := range lvl.Minerals {
		s.Deposits = append(s.Deposits, Deposit{Kind: Mineral, Pos: c, Remaining: r.MineHits[Mineral], Max: r.MineHits[Mineral], EmptiedTurn: -1, Replenish: r.Replenish[Mineral]})
	}
	for _, c := range lvl.Diamonds {
		s.Deposits = append(s.Deposits, Deposit{Kind: Diamond, Pos: c, Remaining: r.MineHits[Diamond], Max: r.MineHits[Diamond], EmptiedTurn: -1, Replenish: r.Replenish[Diamond]})
	}
	sort.Slice(s.Deposits, func(i, j int) bool { return s.Deposits[i].Pos.index() < s.Deposits[j].Pos.index() })
	return s
}

// fitRules brings a state read from a view to its rules' constants:
// deposits take their hits and replenish times, players their capacity, and
// a view's counts cannot exceed them.
func (s *State) fitRules() error {
	r := s.Rules()
	for i := range s.Deposits {
		d := &s.Deposits[i]
		d.Max, d.Replenish = r.MineHits[d.Kind], r.Replenish[d.Kind]
		if d.Remaining > d.Max {
			return fmt.Errorf("%s at %s has %d hits left, more than %d", d.Kind, d.Pos, d.Remaining, d.Max)
		}
	}
	for i := range s.Players {
		// A view does not show the capacity: 16 while boosted, or when the
		// bag is heavier than 8 (the last boosted turn), else 8.
		p := &s.Players[i]
		w := r.weight(p.Bag)
		p.Capacity = r.Capacity
		if p.Backpack > 0 || w > r.Capacity {
			p.Capacity = r.Capacity + r.CapacityBonus
		}
		if w > p.Capacity {
			return fmt.Errorf("player %d carries weight %d, more than %d", i+1, w, p.Capacity)
		}
	}
	return nil
}
