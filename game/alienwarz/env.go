package alienwarz

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena-games/arena/game"
)

// Env is the original game's constants (rules/alienwarz.md §2), by the keys
// of its env.txt. DefaultEnv holds the original values; ParseEnv reads an
// override file.
type Env struct {
	MaxTurns      int    // max_number_of_turns: 250
	StartEnergy   int    // start_energy: 1000
	MaxEnergy     int    // max_energy: 1000
	RestEnergy    int    // resting_energy: 20
	StartCoins    int    // start_coins: 100
	MaxCoins      int    // max_coins: 1000
	StartXP       int    // start_xp: 0
	Penalty       int    // invalid_turn_energy_penalty: 250
	FactoryCost   int    // refinement_facility_cost: 50
	MoveCost      int    // movement_cost: 1, the "1" of the move cost per step
	MineEnergy    [2]int // mining_energy_cheap/expensive_crystal_loss: 5, 6
	RawWeight     [2]int // raw_cheap/expensive_crystal_weight: 2, 5
	DoneWeight    [2]int // processed_cheap/expensive_crystal_weight: 1, 3
	MineHits      [2]int // cheap/expensive_crystal_mine_hits: 6, 3
	Replenish     [2]int // cheap/expensive_crystal_replenish_turns: 30, 60
	Processing    [2]int // cheap/expensive_crystal_processing_turns: 5, 11
	FrozenTurns   int    // number_of_frozen_turns: 3
	FreezeCost    int    // freeze_cost: 200
	DazeTurns     int    // number_of_daze_turns: 4, the counter value that yields 3 reversed moves
	DazeCost      int    // daze_cost: 10
	BackpackTurns int    // number_of_bigger_backpack_turns: 20
	BackpackCost  int    // bigger_backpack_cost: 175
	Capacity      int    // backpack_default_storage_capacity: 8
	CapacityBonus int    // increase_in_backpack_storage_capacity: 8
	ToCoins       [2]int // cheap_to_coins, exp_to_coins: 15, 50
	ToEnergy      [2]int // cheap_to_energy, exp_to_energy: 250, 100
	ToXP          [2]int // cheap_to_xp, exp_to_xp: 10, 25
	FactoryHealth int    // house_health: 3
	FactoryDamage int    // house_damage: 1
	AttackEnergy  int    // house_attack_energy: 100
	RewardCoins   int    // house_destroy_reward_coins: 75
	RewardXP      int    // house_destroy_reward_xp: 75
	Name1, Name2  string // player1_name, player2_name: BB_LU, R3-D (the original never reads them; Arena's default names)
	Symbols       Symbols
}

// Symbols are the letters of the board's cell tokens (§3.3).
type Symbols struct {
	Player1, Player2, Base1, Base2, Empty, Mineral, Diamond, Factory string
}

// DefaultEnv is the original env.txt.
func DefaultEnv() Env {
	return Env{
		MaxTurns: 250, StartEnergy: 1000, MaxEnergy: 1000, RestEnergy: 20, StartCoins: 100, MaxCoins: 1000,
		Penalty: 250, FactoryCost: 50, MoveCost: 1,
		MineEnergy: [2]int{5, 6}, RawWeight: [2]int{2, 5}, DoneWeight: [2]int{1, 3}, MineHits: [2]int{6, 3},
		Replenish: [2]int{30, 60}, Processing: [2]int{5, 11},
		FrozenTurns: 3, FreezeCost: 200, DazeTurns: 4, DazeCost: 10, BackpackTurns: 20, BackpackCost: 175,
		Capacity: 8, CapacityBonus: 8,
		ToCoins: [2]int{15, 50}, ToEnergy: [2]int{250, 100}, ToXP: [2]int{10, 25},
		FactoryHealth: 3, FactoryDamage: 1, AttackEnergy: 100, RewardCoins: 75, RewardXP: 75,
		Name1: "BB_LU", Name2: "R3-D",
		Symbols: Symbols{Player1: "1", Player2: "2", Base1: "A", Base2: "B", Empty: "E", Mineral: "M", Diamond: "D", Factory: "F"},
	}
}

// envInts maps the numeric keys of env.txt to their fields.
func envInts(e *Env) map[string]*int {
	return map[string]*int{
		"max_number_of_turns": &e.MaxTurns, "start_energy": &e.StartEnergy, "max_energy": &e.MaxEnergy,
		"resting_energy": &e.RestEnergy, "start_coins": &e.StartCoins, "max_coins": &e.MaxCoins, "start_xp": &e.StartXP,
		"invalid_turn_energy_penalty": &e.Penalty, "refinement_facility_cost": &e.FactoryCost, "movement_cost": &e.MoveCost,
		"mining_energy_cheap_crystal_loss": &e.MineEnergy[Mineral], "mining_energy_expensive_crystal_loss": &e.MineEnergy[Diamond],
		"raw_cheap_crystal_weight": &e.RawWeight[Mineral], "raw_expensive_crystal_weight": &e.RawWeight[Diamond],
		"processed_cheap_crystal_weight": &e.DoneWeight[Mineral], "processed_expensive_crystal_weight": &e.DoneWeight[Diamond],
		"cheap_crystal_mine_hits": &e.MineHits[Mineral], "expensive_crystal_mine_hits": &e.MineHits[Diamond],
		"cheap_crystal_replenish_turns": &e.Replenish[Mineral], "expensive_crystal_replenish_turns": &e.Replenish[Diamond],
		"cheap_crystal_processing_turns": &e.Processing[Mineral], "expensive_crystal_processing_turns": &e.Processing[Diamond],
		"number_of_frozen_turns": &e.FrozenTurns, "freeze_cost": &e.FreezeCost,
		"number_of_daze_turns": &e.DazeTurns, "daze_cost": &e.DazeCost,
		"number_of_bigger_backpack_turns": &e.BackpackTurns, "bigger_backpack_cost": &e.BackpackCost,
		"backpack_default_storage_capacity": &e.Capacity, "increase_in_backpack_storage_capacity": &e.CapacityBonus,
		"cheap_to_coins": &e.ToCoins[Mineral], "exp_to_coins": &e.ToCoins[Diamond],
		"cheap_to_energy": &e.ToEnergy[Mineral], "exp_to_energy": &e.ToEnergy[Diamond],
		"cheap_to_xp": &e.ToXP[Mineral], "exp_to_xp": &e.ToXP[Diamond],
		"house_health": &e.FactoryHealth, "house_damage": &e.FactoryDamage, "house_attack_energy": &e.AttackEnergy,
		"house_destroy_reward_coins": &e.RewardCoins, "house_destroy_reward_xp": &e.RewardXP,
	}
}

// envStrings maps the text keys of env.txt to their fields.
func envStrings(e *Env) map[string]*string {
	s := &e.Symbols
	return map[string]*string{
		"player1_name": &e.Name1, "player2_name": &e.Name2,
		"player1_symbol": &s.Player1, "player2_symbol": &s.Player2,
		"player1_castle_symbol": &s.Base1, "player2_castle_symbol": &s.Base2,
		"empty_pillar_symbol": &s.Empty, "cheep_crystal_symbol": &s.Mineral,
		"expensive_crystal_symbol": &s.Diamond, "refinement_facility_symbol": &s.Factory,
	}
}

// ParseEnv reads an env.txt (§5.1) over the defaults: key=value lines, split
// on "=", both sides trimmed; a line that does not split into exactly two
// parts is ignored, and so are keys the rules do not use (board_size must be
// 10). Quotes around text values are stripped. A numeric key with a value
// that is not a whole number in range is an error.
func ParseEnv(data []byte) (Env, error) {
	if err := EnvLimit.Check("env.txt", data); err != nil {
		return Env{}, err
	}
	e := DefaultEnv()
	ints, strs := envInts(&e), envStrings(&e)
	text := strings.TrimPrefix(string(data), "\ufeff")
	if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
		return Env{}, errors.New("env: not a text file of key=value lines")
	}
	known := 0
	for i, line := range strings.Split(text, "\n") {
		parts := strings.Split(line, "=")
		if len(parts) != 2 {
			continue
		}
		key, value := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
		if p, ok := strs[key]; ok {
			*p = strings.Trim(value, `"`)
			known++
			continue
		}
		p, ok := ints[key]
		if !ok && key != "board_size" {
			if unusedEnvKeys[key] {
				known++
			}
			continue
		}
		known++
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 1_000_000 {
			return Env{}, fmt.Errorf("env line %d: %s=%q: expected a whole number, 0 to 1,000,000", i+1, key, value)
		}
		if !ok {
			if n != Size {
				return Env{}, fmt.Errorf("env line %d: board_size=%d: only %d is supported (the bases are fixed at (9,0) and (0,9))", i+1, n, Size)
			}
			continue
		}
		*p = n
	}
	if known == 0 {
		return Env{}, errors.New("env: no env.txt keys in the file: expected key=value lines such as max_number_of_turns=250 (rules/alienwarz.md §5.1)")
	}
	if err := e.check(); err != nil {
		return Env{}, err
	}
	return e, nil
}

// unusedEnvKeys are the keys of the original env.txt that its game never
// reads; a file of them is still an env.txt.
var unusedEnvKeys = map[string]bool{
	"time_to_do_action_in_turn_duration": true, "response_message_show_duration": true,
	"number_of_cheap_crystal_groups": true, "number_of_expensive_crystal_groups": true,
	"number_of_cheap_crystals_in_group": true, "number_of_expensive_crystals_in_group": true,
	"refinement_facility_hits": true, "refinement_facility_storage": true, "refinement_facility_refinement_turns": true,
}

// check rejects constants the rules cannot work with.
func (e *Env) check() error {
	positive := map[string]int{
		"max_number_of_turns": e.MaxTurns, "max_energy": e.MaxEnergy, "backpack_default_storage_capacity": e.Capacity,
		"cheap_crystal_mine_hits": e.MineHits[Mineral], "expensive_crystal_mine_hits": e.MineHits[Diamond],
		"raw_cheap_crystal_weight": e.RawWeight[Mineral], "raw_expensive_crystal_weight": e.RawWeight[Diamond],
		"processed_cheap_crystal_weight": e.DoneWeight[Mineral], "processed_expensive_crystal_weight": e.DoneWeight[Diamond],
		"house_health": e.FactoryHealth, "house_damage": e.FactoryDamage, "number_of_daze_turns": e.DazeTurns,
	}
	for k, v := range positive {
		if v <= 0 {
			return fmt.Errorf("env: %s must be at least 1", k)
		}
	}
	if e.StartEnergy > e.MaxEnergy || e.StartEnergy <= 0 {
		return fmt.Errorf("env: start_energy %d must be 1..max_energy %d", e.StartEnergy, e.MaxEnergy)
	}
	if e.StartCoins > e.MaxCoins {
		return fmt.Errorf("env: start_coins %d is more than max_coins %d", e.StartCoins, e.MaxCoins)
	}
	for _, s := range []string{e.Symbols.Player1, e.Symbols.Player2, e.Symbols.Base1, e.Symbols.Base2, e.Symbols.Empty, e.Symbols.Mineral, e.Symbols.Diamond, e.Symbols.Factory} {
		if s == "" || strings.ContainsAny(s, "\"\\\x00\n\r") {
			return fmt.Errorf("env: symbol %q: a symbol must be non-empty text without quotes, backslashes or line breaks", s)
		}
	}
	return nil
}

// EnvLimit bounds an env.txt (the contest's is under 2 KB).
var EnvLimit = game.Limit{What: "an AlienWarz env.txt", Max: 64 << 10}

// LoadEnv reads the env.txt at path, as a game with cfg reads it
// (game.Config.ReadFile).
func LoadEnv(cfg game.Config, path string) (Env, error) {
	data, err := cfg.ReadFile(path, EnvLimit)
	if err != nil {
		return Env{}, fmt.Errorf("read env file: %w", err)
	}
	e, err := ParseEnv(data)
	if err != nil {
		return Env{}, fmt.Errorf("%s: %w", path, err)
	}
	return e, nil
}
