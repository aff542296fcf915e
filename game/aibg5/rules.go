package aibg5

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arena-games/arena/game"
)

// Rules are a game's rule options: the offline round cap and the "compat"
// behaviours of the original server. The zero value is not the default:
// use DefaultRules or ParseRules.
type Rules struct {
	// Rounds ends the game after this many boss turns (option "turns"; R26).
	Rounds int
	// KillScore is the score for a kill (option "kill_score"; R1: 50, the
	// original 100).
	KillScore int
	// DoubleBlockPenalty penalises a blocked move twice, as the original did
	// (option "double_block_penalty"; R4).
	DoubleBlockPenalty bool
	// Pattern2SkipHoles lists and hits only the EMPTY cells of Pattern 2's
	// ring, as the original did (option "pattern2_skip_holes"; R15).
	Pattern2SkipHoles bool
	// ExtraIdleAfterP2 adds one idle boss turn before each Pattern 1 that
	// follows a Pattern 2 (option "extra_idle_after_p2"; R16).
	ExtraIdleAfterP2 bool
	// AttackItemsBlock makes HEALTH and EXPERIENCE absorb an attack that
	// crosses them, with a penalty (option "attack_items_block"; R12).
	AttackItemsBlock bool
	// SelfAttackNull penalises a self-attack with the message null instead
	// of "Pokušali ste da napadnete samog sebe" (option "self_attack_null";
	// R14).
	SelfAttackNull bool
	// OriginalItemAreas draws HEALTH from ring ≤ 11 with |q|,|r| ≤ 10 and
	// EXPERIENCE from |q|,|r| ≤ 13, the original's areas, instead of the
	// seed's zones (option "original_item_areas"; R20).
	OriginalItemAreas bool
	// TimeoutNull makes an empty move (a seat that gave no answer in time)
	// the null action of R6 (penalty, turn consumed) instead of removing the
	// seat as R21 does (option "timeout_null").
	TimeoutNull bool
	// Names are the players' names in the gameState (options "name1" to
	// "name4": the usernames of the contest's logins); "" is "playerN".
	Names [4]string
}

// DefaultRules are the rulings of rules/aibg5.md §7 with the default round
// cap.
func DefaultRules() Rules { return Rules{Rounds: DefaultRounds, KillScore: KillScore} }

// compatRules are the original server's behaviours, as option "compat"
// sets them.
func compatRules(r Rules) Rules {
	r.KillScore = 100
	r.DoubleBlockPenalty = true
	r.Pattern2SkipHoles = true
	r.ExtraIdleAfterP2 = true
	r.AttackItemsBlock = true
	r.SelfAttackNull = true
	r.OriginalItemAreas = true
	return r
}

// flagOptions are the boolean rule options.
var flagOptions = map[string]func(*Rules, bool){
	"double_block_penalty": func(r *Rules, v bool) { r.DoubleBlockPenalty = v },
	"pattern2_skip_holes":  func(r *Rules, v bool) { r.Pattern2SkipHoles = v },
	"extra_idle_after_p2":  func(r *Rules, v bool) { r.ExtraIdleAfterP2 = v },
	"attack_items_block":   func(r *Rules, v bool) { r.AttackItemsBlock = v },
	"self_attack_null":     func(r *Rules, v bool) { r.SelfAttackNull = v },
	"original_item_areas":  func(r *Rules, v bool) { r.OriginalItemAreas = v },
	"timeout_null":         func(r *Rules, v bool) { r.TimeoutNull = v },
}

// ParseRules reads a config's rule options: "turns" (the round cap, a
// positive number; default 150), "kill_score" (a number; default 50),
// "name1" to "name4" (the players' names),
// "compat" (true: every behaviour of the original server, which the other
// options can then override) and the boolean options of Rules, each
// "true"/"1" or "false"/"0"/"". An unknown option is an error that lists the
// known ones.
func ParseRules(options map[string]string) (Rules, error) {
	r := DefaultRules()
	if v, ok := options["compat"]; ok {
		on, err := parseFlag("compat", v)
		if err != nil {
			return Rules{}, err
		}
		if on {
			r = compatRules(r)
		}
	}
	names := make([]string, 0, len(options))
	for name := range options {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := options[name]
		switch name {
		case "compat":
		case "turns":
			n, err := game.ParseInt(name, v, 1, 1_000_000, "rounds")
			if err != nil {
				return Rules{}, fmt.Errorf("aibg5: %w", err)
			}
			r.Rounds = n
		case "name1", "name2", "name3", "name4":
			r.Names[name[4]-'1'] = v
		case "kill_score":
			n, err := game.ParseInt(name, v, 0, 1_000_000, "points")
			if err != nil {
				return Rules{}, fmt.Errorf("aibg5: %w (such as 50 or 100)", err)
			}
			r.KillScore = n
		default:
			set, ok := flagOptions[name]
			if !ok {
				return Rules{}, fmt.Errorf("aibg5: unknown rule option %q (known: %s)", name, strings.Join(optionNames(), ", "))
			}
			on, err := parseFlag(name, v)
			if err != nil {
				return Rules{}, err
			}
			set(&r, on)
		}
	}
	return r, nil
}

func parseFlag(name, v string) (bool, error) {
	on, err := game.ParseFlag(name, v)
	if err != nil {
		return false, fmt.Errorf("aibg5: rule %w", err)
	}
	return on, nil
}

func optionNames() []string {
	out := []string{"compat", "kill_score", "name1", "name2", "name3", "name4", "turns"}
	for name := range flagOptions {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
