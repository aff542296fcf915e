// Package guardains is GuardAIns (IIT Dharwad, 2022) for Arena: two teams of
// five guardians search a walled maze for the power stone and carry it home,
// both players acting at the same time, one guardian each per round. The
// rules are ../shared/rules/guardains.md; this package is its engine, the
// original formats (the action JSON, the view and feedback JSON, the level
// picture, the recorded socket.io transcript) and the built-in bots explorer
// and hunter. The mazes themselves come from levels/guardains.
//
// Cells are (x, y): x the column from 0 on the left, y the row from 0 at the
// top. Seats are numbered 1 and 2 as on the wire (player1, player2); seat n
// plays game.Seat(n-1).
package guardains

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game"
)

// The constants of §2.
const (
	DefaultSize    = 200 // the board's side (R1)
	OriginalSize   = 50  // the released original's side
	DefaultRounds  = 301 // rounds played before the score decides: round_no 0..300 (R21)
	MaxPenalty     = 300 // the penalty score at the start
	PenaltyError   = 2   // ERROR costs this
	PenaltyInvalid = 2   // INVALID_ACTION costs this
	PenaltyTimeout = 1   // TIMEOUT costs this (R24)
	BeastDamage    = 25  // a beast's bite
	HealRounds     = 5   // the heal point counter that heals (R16)
	GrootRegen     = 5   // Groot's health per round end
	JumpRadius2    = 25  // Gamora jumps to dx²+dy² <= 25
	SpecialRest    = 3   // a special used in round r is allowed again from r+3 (R10)
	StarLordSight  = 5   // special_vision reaches 5 cells in each direction
)

// Hero is one of the five guardians. The constants are in the round-end
// order of §4.5 (Gamora, Rocket, Groot, Drax, StarLord); the view's movegen
// lists them in another order (MovegenOrder).
type Hero uint8

// The five guardians.
const (
	Gamora Hero = iota
	Rocket
	Groot
	Drax
	StarLord
)

// Heroes are the five guardians in round-end order.
var Heroes = [5]Hero{Gamora, Rocket, Groot, Drax, StarLord}

// MovegenOrder is the order of the view's movegen object (§3.1).
var MovegenOrder = [5]Hero{Gamora, Drax, Rocket, Groot, StarLord}

var heroNames = [5]string{"Gamora", "Rocket", "Groot", "Drax", "StarLord"}

// String is the guardian's name on the wire: "Gamora", "StarLord", ...
func (h Hero) String() string {
	if int(h) < len(heroNames) {
		return heroNames[h]
	}
	return "Hero(" + strconv.Itoa(int(h)) + ")"
}

// ParseHero reads a guardian's name as the wire spells it (case-sensitive).
func ParseHero(name string) (Hero, bool) {
	for i, n := range heroNames {
		if n == name {
			return Hero(i), true
		}
	}
	return 0, false
}

// Stats are a guardian's constants (§2). Vision is also the attack range.
type Stats struct {
	MaxHealth, Attack, Vision, Speed int
	Special                          bool // Gamora's jump and Drax's wall break
}

var stats = [5]Stats{
	Gamora:   {MaxHealth: 125, Attack: 50, Vision: 2, Speed: 2, Special: true},
	Rocket:   {MaxHealth: 75, Attack: 35, Vision: 4, Speed: 3},
	Groot:    {MaxHealth: 200, Attack: 25, Vision: 2, Speed: 1},
	Drax:     {MaxHealth: 150, Attack: 70, Vision: 1, Speed: 1, Special: true},
	StarLord: {MaxHealth: 100, Attack: 35, Vision: 5, Speed: 2},
}

// Stats are the guardian's constants.
func (h Hero) Stats() Stats { return stats[h] }

// Kind is what a cell is. The names are the wire's cell_type.
type Kind uint8

// The kinds of cell.
const (
	Normal Kind = iota
	Teleporter
	HealPoint
	Clue
	Beast
)

var kindNames = [...]string{"Normal", "Teleporter", "HealPoint", "Clue", "Beast"}

// String is the kind's cell_type on the wire.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// ParseKind reads a cell_type.
func ParseKind(name string) (Kind, bool) {
	for i, n := range kindNames {
		if n == name {
			return Kind(i), true
		}
	}
	return 0, false
}

// Cell is a cell of the board: X the column, Y the row.
type Cell struct{ X, Y int }

// Nowhere is the cell of something whose place is not known (in a seat's
// view of the game).
var Nowhere = Cell{-1, -1}

// String is the wire's coordinates string: "(x, y)".
func (c Cell) String() string { return "(" + strconv.Itoa(c.X) + ", " + strconv.Itoa(c.Y) + ")" }

// The four directions, in the wire's order.
const (
	Up = iota
	Left
	Down
	Right
)

// DX and DY are the steps of the four directions.
var (
	DX = [4]int{0, -1, 0, 1}
	DY = [4]int{-1, 0, 1, 0}
)

// Step is the cell n steps from c in direction dir.
func (c Cell) Step(dir, n int) Cell { return Cell{c.X + DX[dir]*n, c.Y + DY[dir]*n} }

// Title is GuardAIns for Arena: two seats that act at the same time.
type Title struct {
	// Shelf holds Arena's own levels (levels/guardains.Shelf): the mazes
	// generated from the seed, and the hand-made levels, by name. Without
	// it, a game's Config.Map is the path of a complete level file.
	Shelf game.Shelf[Level]
}

// The optional interfaces of package game that Title satisfies: the
// match, the server and the screens find them by type assertion.
var (
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

// ID is "guardains".
func (Title) ID() string { return "guardains" }

// Name is "GuardAIns".
func (Title) Name() string { return "GuardAIns" }

// Seats is 2.
func (Title) Seats() int { return 2 }

// Rules are the constants and compat flags a game is played by. Each flag
// reproduces the original server (env) where a ruling departs from it.
type Rules struct {
	Rounds int   // rounds played before the score decides (301)
	Seed   int64 // the game's seed: the teleporters draw from it

	SwapXY            bool // swap_xy: special_vision, teleport landings and target bounds transposed (R2)
	MoveIgnoresWalls  bool // move_ignores_walls: a MOVE needs only |dx|, |dy| <= speed (R6)
	ClueDirectionOnly bool // clue_direction_only: every clue gives the direction (R12)
	HealFirstOnly     bool // heal_first_only: only the first guardian on a heal point counts, the feedback goes to the seat that triggered it (R16)
	StoneFirstArrival bool // stone_first_arrival: a contested stone goes to the earliest arrival (R17)
	StoneDropLag      bool // stone_drop_lag: a carried stone is where it was last reported, and drops there (R18)
	NoElimination     bool // no_elimination: losing all five guardians does not end the game (R20)
	TimeoutError      bool // timeout_error: no answer is ERROR {"error": ""}, -2, not TIMEOUT, -1 (R24)
}

// flags are the compat flags by option name.
var flags = map[string]func(*Rules) *bool{
	"swap_xy":             func(r *Rules) *bool { return &r.SwapXY },
	"move_ignores_walls":  func(r *Rules) *bool { return &r.MoveIgnoresWalls },
	"clue_direction_only": func(r *Rules) *bool { return &r.ClueDirectionOnly },
	"heal_first_only":     func(r *Rules) *bool { return &r.HealFirstOnly },
	"stone_first_arrival": func(r *Rules) *bool { return &r.StoneFirstArrival },
	"stone_drop_lag":      func(r *Rules) *bool { return &r.StoneDropLag },
	"no_elimination":      func(r *Rules) *bool { return &r.NoElimination },
	"timeout_error":       func(r *Rules) *bool { return &r.TimeoutError },
}

// The options of a game that are not compat flags.
const (
	OptCompat      = "compat"      // "original2022": every compat flag at once
	OptRounds      = "rounds"      // rounds played before the score decides (301)
	OptTurns       = "turns"       // the same as rounds, as `--turns` sets it
	OptTeleporters = "teleporters" // how many teleporters a generated maze has (3)
	OptHealPoints  = "healpoints"  // heal points (2)
	OptClues       = "clues"       // clues (2)
	OptBeasts      = "beasts"      // beasts (2)
)

// CompatOriginal is the value of the compat option that turns every compat
// flag on.
const CompatOriginal = "original2022"

// OptionNames lists every option New accepts.
func OptionNames() []string {
	names := []string{OptCompat, OptRounds, OptTurns, OptTeleporters, OptHealPoints, OptClues, OptBeasts}
	for name := range flags {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// ParseRules reads the rules of a config: the compat flags ("true"/"1" or
// "false"/"0"/""), compat=original2022 (a single flag set to false still
// wins over it), the round limit (rounds or turns) and the seed. The special
// cell counts are the level's business and are only checked here; an unknown
// option is an error that lists the known ones.
func ParseRules(cfg game.Config) (*Rules, error) {
	r := &Rules{Rounds: DefaultRounds, Seed: cfg.Seed}
	switch v := cfg.Options[OptCompat]; v {
	case "", "none":
	case CompatOriginal:
		r = OriginalRules()
		r.Seed = cfg.Seed
	default:
		return nil, fmt.Errorf("guardains: option compat=%q: want %s", v, CompatOriginal)
	}
	for name, value := range cfg.Options {
		switch name {
		case OptCompat:
			continue
		case OptRounds, OptTurns:
			n, err := game.ParseInt(name, value, 1, 1_000_000, "rounds")
			if err != nil {
				return nil, fmt.Errorf("guardains: %w", err)
			}
			r.Rounds = n
			continue
		case OptTeleporters, OptHealPoints, OptClues, OptBeasts:
			if _, err := Count(cfg, name, 0); err != nil {
				return nil, err
			}
			continue
		}
		field, ok := flags[name]
		if !ok {
			return nil, fmt.Errorf("guardains: unknown option %q (known: %s)", name, strings.Join(OptionNames(), ", "))
		}
		var err error
		if *field(r), err = game.ParseFlag(name, value); err != nil {
			return nil, fmt.Errorf("guardains: %w", err)
		}
	}
	return r, nil
}

// OriginalRules are the rules of compat=original2022: the original
// server's, every compat flag on.
func OriginalRules() *Rules {
	r := &Rules{Rounds: DefaultRounds}
	for _, field := range flags {
		*field(r) = true
	}
	return r
}

// Count is the special cell count that option name sets, or def.
func Count(cfg game.Config, name string, def int) (int, error) {
	v, ok := cfg.Options[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1000 {
		return 0, fmt.Errorf("guardains: option %s=%q: want a count from 0 to 1000", name, v)
	}
	return n, nil
}

// New starts a game on the level that cfg names (FindLevel): with Arena's
// levels, by default a 200x200 maze generated with the seed.
func (t Title) New(cfg game.Config) (game.Engine, error) {
	if cfg.Seats != 0 && cfg.Seats != 2 {
		return nil, fmt.Errorf("guardains: a game has 2 seats, not %d", cfg.Seats)
	}
	rules, err := ParseRules(cfg)
	if err != nil {
		return nil, err
	}
	lvl, err := t.FindLevel(cfg)
	if err != nil {
		return nil, err
	}
	return NewEngine(NewState(lvl, rules)), nil
}
