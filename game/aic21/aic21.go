// Package aic21 is AIC21 (Sharif AI Challenge 2021) for Arena: two
// colonies of worker ants and soldier scorpions gather bread and grass on
// a map whose edges wrap around, each unit driven by its own agent that
// knows only what it sees and what its team's chat says. The rules are
// ../shared/rules/aic21.md; this package is its engine, the original
// formats (map.json, map.config, the units' views, log.json), and the
// built-in per-unit bots forager and colony.
package aic21

import (
	"fmt"

	"github.com/arena-games/arena/game"
)

// Title is AIC21 for Arena: two seats that move at once.
type Title struct {
	// Shelf holds Arena's own maps (levels/aic21.Shelf), found by name.
	// Without it, a game's Config.Map is the path of a map.json.
	Shelf game.Shelf[Map]
}

// The optional interfaces of package game that Title satisfies: the
// match, the server and the screens find them by type assertion.
var (
	_ game.Helped       = Title{}
	_ game.Fogged       = Title{}
	_ game.Ranked       = Title{}
	_ game.Charted      = Title{}
	_ game.Marked       = Title{}
	_ game.Populated    = Title{}
	_ game.Judged       = Title{}
	_ game.Configurable = Title{}
	_ game.Timed        = Title{}
	_ game.Mapped       = Title{}
	_ game.Importable   = Title{}
)

// ID is "aic21".
func (Title) ID() string { return "aic21" }

// Name is "AIC21".
func (Title) Name() string { return "AIC21" }

// Seats is 2.
func (Title) Seats() int { return 2 }

// New starts a game. cfg.Map names one of the maps of the title's shelf
// or a map.json's path (FindMap); the options are ParseRules's, and name0
// and name1 name the teams (the original's defaults: first_team and
// second_team).
func (t Title) New(cfg game.Config) (game.Engine, error) {
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("aic21: a game has 2 seats, not %d", cfg.Seats)
	}
	if src := cfg.Options[OptImported]; src != "" {
		return nil, fmt.Errorf("aic21: this game was imported from %s, which holds no moves: it can be watched and exported, not replayed or continued", src)
	}
	rules, err := ParseRules(cfg)
	if err != nil {
		return nil, err
	}
	m, err := t.FindMap(cfg)
	if err != nil {
		return nil, err
	}
	names := [2]string{cfg.Option(OptName0, "first_team"), cfg.Option(OptName1, "second_team")}
	return NewEngine(m, rules, cfg.Seed, names)
}
