package aic21

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena-games/arena/game"
)

// Rules are the constants and compat flags a game is played by (§2, §7).
type Rules struct {
	MaxTurn                     int     // GAME_MAXIMUM_TURN_COUNT
	WorkerHealth, SoldierHealth int     // WORKER_ANT_INITIAL_HEALTH, SOLDIER_ANT_INITIAL_HEALTH
	BaseHealth                  int     // BASE_INIT_HEALTH
	Damage, Range               int     // a soldier's: ANT_ATTACK_DAMAGE, ANT_MAX_ATTACK_DISTANCE
	View                        int     // ANT_MAX_VIEW_DISTANCE: also the radius attacks are seen in
	BaseDamage, BaseRange       int     // BASE_ATTACK_DAMAGE, BASE_MAX_ATTACK_DISTANCE
	WorkerPrice                 int     // GENERATE_WORKER_BREAD_AMOUNT
	SoldierPrice                int     // GENERATE_SOLDIER_GRASS_AMOUNT
	DeathRate                   float32 // RATE_DEATH_RESOURCE
	ChatLimit                   int     // CHAT_LIMIT: messages accepted per colony and turn
	MessageLength               int     // MAX_MESSAGE_LENGTH, in UTF-8 bytes
	SwampTurns                  int     // SWAMP_TURNS
	InitWorkers, InitSoldiers   int     // INIT_ANTS, INIT_SCORPIONS: per colony
	InitBread, InitGrass        int     // COLONY_INITIAL_BREAD, COLONY_INITIAL_GRASS
	MaxAgents                   int     // units ever created, both colonies together (--max-agent)
	Compat                      Compat
}

// Capacity is what a worker carries at most; the original hard-codes it.
const Capacity = 10

// Compat holds the flags that reproduce the original server where a ruling
// departs from it (§7). The zero value plays by the rulings.
type Compat struct {
	SwampPerMessage      bool // the swamp hold counts move frames, not turns (R5)
	MultiAction          bool // every move and chat frame of a round counts (R4)
	BaseFriendlyFire     bool // a base's splash hits every unit in the cell (R7)
	BaseHitsBase         bool // a base attacks an enemy base in range first (R8)
	ScanOrderTies        bool // health ties go to the first in scan order (R6)
	DepositScanOrder     bool // a deposit goes to the first acceptable cell in scan order (R10)
	ChatUTF16            bool // message length in UTF-16 units (R14)
	ChatStableTies       bool // equal values keep arrival order (R14)
	BaseLabelColumnMajor bool // the log's base label 0 is the first base in column-major order (R22)
	DelayedMin8          bool // delayed resources start at code 8; 7 is immediate (R20)
}

// compatFlags are the compat flags by option name.
var compatFlags = map[string]func(*Compat) *bool{
	"compat.swampPerMessage":      func(c *Compat) *bool { return &c.SwampPerMessage },
	"compat.multiAction":          func(c *Compat) *bool { return &c.MultiAction },
	"compat.baseFriendlyFire":     func(c *Compat) *bool { return &c.BaseFriendlyFire },
	"compat.baseHitsBase":         func(c *Compat) *bool { return &c.BaseHitsBase },
	"compat.scanOrderTies":        func(c *Compat) *bool { return &c.ScanOrderTies },
	"compat.depositScanOrder":     func(c *Compat) *bool { return &c.DepositScanOrder },
	"compat.chatUtf16":            func(c *Compat) *bool { return &c.ChatUTF16 },
	"compat.chatStableTies":       func(c *Compat) *bool { return &c.ChatStableTies },
	"compat.baseLabelColumnMajor": func(c *Compat) *bool { return &c.BaseLabelColumnMajor },
	"compat.delayedMin8":          func(c *Compat) *bool { return &c.DelayedMin8 },
}

// DefaultRules are the rules of the specification: the seed document's
// constants (max_turn 200), no compat flags, a cap of 200 units.
func DefaultRules() Rules {
	return Rules{MaxTurn: 200, WorkerHealth: 6, SoldierHealth: 8, BaseHealth: 20, Damage: 2, Range: 4, View: 4,
		BaseDamage: 3, BaseRange: 6, WorkerPrice: 10, SoldierPrice: 15, DeathRate: 0.8, ChatLimit: 5,
		MessageLength: 32, SwampTurns: 3, InitWorkers: 4, MaxAgents: 200}
}

// PresetOriginal is the preset that reproduces the original server 1.3.4
// with its shipped map.config: 100 turns and every compat flag.
const PresetOriginal = "original-1.3.4"

// OriginalRules are the rules of PresetOriginal.
func OriginalRules() Rules {
	r := DefaultRules()
	r.MaxTurn = 100
	for _, f := range compatFlags {
		*f(&r.Compat) = true
	}
	return r
}

// configKeys are the map.config keys this engine reads, by the field they
// set. WORKER_MAX_CARRYING_RESOURCE_AMOUNT and PROCESS_TIMEOUT_SECONDS are
// known and ignored, as by the original; READ_MAP_FROM_FILE too.
var configKeys = map[string]func(*Rules) *int{
	"GAME_MAXIMUM_TURN_COUNT":       func(r *Rules) *int { return &r.MaxTurn },
	"WORKER_ANT_INITIAL_HEALTH":     func(r *Rules) *int { return &r.WorkerHealth },
	"SOLDIER_ANT_INITIAL_HEALTH":    func(r *Rules) *int { return &r.SoldierHealth },
	"BASE_INIT_HEALTH":              func(r *Rules) *int { return &r.BaseHealth },
	"ANT_ATTACK_DAMAGE":             func(r *Rules) *int { return &r.Damage },
	"ANT_MAX_ATTACK_DISTANCE":       func(r *Rules) *int { return &r.Range },
	"ANT_MAX_VIEW_DISTANCE":         func(r *Rules) *int { return &r.View },
	"BASE_ATTACK_DAMAGE":            func(r *Rules) *int { return &r.BaseDamage },
	"BASE_MAX_ATTACK_DISTANCE":      func(r *Rules) *int { return &r.BaseRange },
	"GENERATE_WORKER_BREAD_AMOUNT":  func(r *Rules) *int { return &r.WorkerPrice },
	"GENERATE_SOLDIER_GRASS_AMOUNT": func(r *Rules) *int { return &r.SoldierPrice },
	"CHAT_LIMIT":                    func(r *Rules) *int { return &r.ChatLimit },
	"MAX_MESSAGE_LENGTH":            func(r *Rules) *int { return &r.MessageLength },
	"SWAMP_TURNS":                   func(r *Rules) *int { return &r.SwampTurns },
	"INIT_ANTS":                     func(r *Rules) *int { return &r.InitWorkers },
	"INIT_SCORPIONS":                func(r *Rules) *int { return &r.InitSoldiers },
	"COLONY_INITIAL_BREAD":          func(r *Rules) *int { return &r.InitBread },
	"COLONY_INITIAL_GRASS":          func(r *Rules) *int { return &r.InitGrass },
}

// hasConfigKey reports whether props hold a key of the contest's
// map.config, read or not.
func hasConfigKey(props map[string]string) bool {
	for k := range props {
		if _, ok := configKeys[k]; ok || k == rateKey || k == "WORKER_MAX_CARRYING_RESOURCE_AMOUNT" || k == "READ_MAP_FROM_FILE" {
			return true
		}
	}
	return false
}

// rateKey is the one float key.
const rateKey = "RATE_DEATH_RESOURCE"

// Apply sets the constants that props (a map.config's keys) name. Keys it
// does not know, and the ones the original never reads, are ignored; a
// missing key keeps its value, so older configs load too. A value that is
// not a number, or out of range, is an error.
func (r *Rules) Apply(props map[string]string) error {
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.TrimSpace(props[k])
		if k == rateKey {
			f, err := strconv.ParseFloat(v, 32)
			if err != nil || math.IsNaN(f) || f < 0 || f > 1000 {
				return fmt.Errorf("%s = %q: expected a number from 0 to 1000", k, v)
			}
			r.DeathRate = float32(f)
			continue
		}
		field, ok := configKeys[k]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%s = %q: expected a whole number", k, v)
		}
		*field(r) = n
	}
	return r.check()
}

// check rejects constants the engine cannot play by.
func (r *Rules) check() error {
	for _, c := range []struct {
		name     string
		v, lo, h int
	}{
		{"GAME_MAXIMUM_TURN_COUNT", r.MaxTurn, 1, 1_000_000},
		{"WORKER_ANT_INITIAL_HEALTH", r.WorkerHealth, 1, 1_000_000},
		{"SOLDIER_ANT_INITIAL_HEALTH", r.SoldierHealth, 1, 1_000_000},
		{"BASE_INIT_HEALTH", r.BaseHealth, 1, 1_000_000},
		{"ANT_ATTACK_DAMAGE", r.Damage, 0, 1_000_000},
		{"ANT_MAX_ATTACK_DISTANCE", r.Range, 0, 1000},
		{"ANT_MAX_VIEW_DISTANCE", r.View, 0, 100},
		{"BASE_ATTACK_DAMAGE", r.BaseDamage, 0, 1_000_000},
		{"BASE_MAX_ATTACK_DISTANCE", r.BaseRange, 0, 1000},
		{"GENERATE_WORKER_BREAD_AMOUNT", r.WorkerPrice, 1, 1_000_000},
		{"GENERATE_SOLDIER_GRASS_AMOUNT", r.SoldierPrice, 1, 1_000_000},
		{"CHAT_LIMIT", r.ChatLimit, 0, 1000},
		{"MAX_MESSAGE_LENGTH", r.MessageLength, 0, 1 << 20},
		{"SWAMP_TURNS", r.SwampTurns, 0, 1000},
		{"INIT_ANTS", r.InitWorkers, 0, 10_000},
		{"INIT_SCORPIONS", r.InitSoldiers, 0, 10_000},
		{"COLONY_INITIAL_BREAD", r.InitBread, 0, 1_000_000_000},
		{"COLONY_INITIAL_GRASS", r.InitGrass, 0, 1_000_000_000},
		{"max_agents", r.MaxAgents, 0, 1_000_000},
	} {
		if c.v < c.lo || c.v > c.h {
			return fmt.Errorf("%s = %d: expected %d to %d", c.name, c.v, c.lo, c.h)
		}
	}
	return nil
}

// ReadConfig reads a map.config: Java properties (key = value, key: value
// or key value; # and ! comments; backslash continuations and escapes).
// A later key replaces an earlier one.
func ReadConfig(data []byte) (map[string]string, error) {
	if err := ConfigLimit.Check("map.config", data); err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("not UTF-8 text")
	}
	props := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	var logical strings.Builder
	for sc.Scan() {
		line := strings.TrimLeft(sc.Text(), " \t\f")
		if logical.Len() == 0 && (line == "" || line[0] == '#' || line[0] == '!') {
			continue
		}
		if n := trailingBackslashes(line); n%2 == 1 {
			logical.WriteString(line[:len(line)-1])
			continue
		}
		logical.WriteString(line)
		key, value := splitProperty(logical.String())
		logical.Reset()
		props[unescapeProperty(key)] = unescapeProperty(value)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if logical.Len() > 0 {
		key, value := splitProperty(logical.String())
		props[unescapeProperty(key)] = unescapeProperty(value)
	}
	return props, nil
}

func trailingBackslashes(s string) int {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n
}

// splitProperty splits a logical line at the first unescaped '=', ':' or
// white space, as java.util.Properties does.
func splitProperty(line string) (key, value string) {
	i := 0
	for i < len(line) {
		c := line[i]
		if c == '\\' {
			i += 2
			continue
		}
		if c == '=' || c == ':' || c == ' ' || c == '\t' || c == '\f' {
			break
		}
		i++
	}
	i = min(i, len(line))
	key, rest := line[:i], strings.TrimLeft(line[i:], " \t\f")
	if rest != "" && (rest[0] == '=' || rest[0] == ':') {
		rest = strings.TrimLeft(rest[1:], " \t\f")
	}
	return key, rest
}

// unescapeProperty undoes the escapes of a properties key or value.
func unescapeProperty(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+4 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+5], 16, 16); err == nil {
					b.WriteRune(rune(v))
					i += 4
					continue
				}
			}
			b.WriteByte('u')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ConfigLimit bounds a map.config (the contest's are under 1 KB).
var ConfigLimit = game.Limit{What: "an AIC21 map.config", Max: 64 << 10}

// LoadConfig applies the map.config at path to r, read as a game with cfg
// reads it (game.Config.ReadFile).
func (r *Rules) LoadConfig(cfg game.Config, path string) error {
	data, err := cfg.ReadFile(path, ConfigLimit)
	if err != nil {
		return fmt.Errorf("read map.config: %w", err)
	}
	props, err := ReadConfig(data)
	if err == nil && !hasConfigKey(props) {
		err = errors.New("no map.config keys in the file: expected KEY = VALUE lines such as GAME_MAXIMUM_TURN_COUNT = 100")
	}
	if err == nil {
		err = r.Apply(props)
	}
	if err != nil {
		return fmt.Errorf("map.config %s: %w", path, err)
	}
	return nil
}

// The options of a game that are not compat flags or map.config keys.
const (
	OptConfig    = "config"     // a map.config whose constants replace the defaults (--config)
	OptPreset    = "preset"     // PresetOriginal: the original server's rules
	OptTurns     = "turns"      // max_turn (--turns)
	OptMaxAgents = "max_agents" // the unit cap (the original's --max-agent)
	OptName0     = "name0"      // colony 0's team name (the log's team0_name)
	OptName1     = "name1"      // colony 1's team name
	// OptZeroToken lets units log in to Arena's AIC21 server with the
	// original's public all-zero token (net/contest/aic21), on a loopback
	// listener only. It is no rule: the engine ignores it, and the preset
	// does not set it.
	OptZeroToken = "compat.zeroToken"
	// OptImported marks the config of a recording imported from an
	// original log.json: it holds no moves, so New refuses to replay it.
	OptImported = "imported"
)

// OptionNames lists the options New accepts besides map.config keys (any
// of configKeys, in capitals, such as INIT_SCORPIONS=2).
func OptionNames() []string {
	names := []string{OptConfig, OptPreset, OptTurns, OptMaxAgents, OptName0, OptName1, OptZeroToken}
	for name := range compatFlags {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// ParseRules reads the rules of a config's options, in this order: the
// preset, the map.config file (config), map.config keys given as options,
// then turns, max_agents and the compat flags ("true"/"1" or
// "false"/"0"/""). An unknown option is an error that lists the known ones.
func ParseRules(cfg game.Config) (Rules, error) {
	options := cfg.Options
	r := DefaultRules()
	switch p := options[OptPreset]; p {
	case "", "none":
	case PresetOriginal:
		r = OriginalRules()
	default:
		return r, fmt.Errorf("aic21: option preset=%q: the preset is %s", p, PresetOriginal)
	}
	if path := options[OptConfig]; path != "" {
		if err := r.LoadConfig(cfg, path); err != nil {
			return r, fmt.Errorf("aic21: --config: %w", err)
		}
	}
	keys := map[string]string{}
	for name, value := range options {
		if _, ok := configKeys[name]; ok || name == rateKey {
			keys[name] = value
		}
	}
	if err := r.Apply(keys); err != nil {
		return r, fmt.Errorf("aic21: option %w", err)
	}
	for name, value := range options {
		if _, ok := keys[name]; ok {
			continue
		}
		switch name {
		case OptPreset, OptConfig, OptName0, OptName1, OptImported:
			continue
		case OptZeroToken:
			if _, err := game.ParseFlag(name, value); err != nil {
				return r, fmt.Errorf("aic21: %w", err)
			}
			continue
		case OptTurns, OptMaxAgents:
			unit := "turns"
			if name == OptMaxAgents {
				unit = "units"
			}
			n, err := game.ParseInt(name, value, 1, 1_000_000, unit)
			if err != nil {
				return r, fmt.Errorf("aic21: %w", err)
			}
			if name == OptTurns {
				r.MaxTurn = n
			} else {
				r.MaxAgents = n
			}
			continue
		}
		field, ok := compatFlags[name]
		if !ok {
			return r, fmt.Errorf("aic21: unknown option %q (known: %s, and map.config keys)", name, strings.Join(OptionNames(), ", "))
		}
		var err error
		if *field(&r.Compat), err = game.ParseFlag(name, value); err != nil {
			return r, fmt.Errorf("aic21: %w", err)
		}
	}
	return r, nil
}

// deathDeposit is what a dead unit of price price leaves: rate×price
// rounded up, the product in float32 as the original computes it (R25).
func (r *Rules) deathDeposit(price int) int {
	p := float32(r.DeathRate * float32(price)) // rounded to float32 before the ceiling
	return int(math.Ceil(float64(p)))
}

// messageLength is a chat text's length as the rules count it.
func (r *Rules) messageLength(text string) int {
	if !r.Compat.ChatUTF16 {
		return len(text)
	}
	n := 0
	for _, c := range text {
		n++
		if c >= 0x10000 {
			n++
		}
	}
	return n
}
