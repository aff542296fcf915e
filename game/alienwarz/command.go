package alienwarz

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Action is what a command does.
type Action uint8

// The actions of §4.
const (
	ActMove Action = iota
	ActMine
	ActBuild
	ActAttack
	ActPut
	ActTake
	ActConvert
	ActRest
	ActShop
)

var actionNames = [...]string{"move", "mine", "build", "attack", "refinement-put", "refinement-take", "conv", "rest", "shop"}

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return "action(" + strconv.Itoa(int(a)) + ")"
}

// The shop's items.
const (
	Freeze   = "freeze"
	Backpack = "backpack"
	Daze     = "daze"
)

// Amount is a number of minerals and of diamonds.
type Amount struct{ Minerals, Diamonds int }

// Total is Minerals + Diamonds.
func (a Amount) Total() int { return a.Minerals + a.Diamonds }

// Command is one parsed command line. At is the cell of move (as sent:
// it may be off the board, and a dazed move is mirrored later), mine, build,
// attack, put and take; Items the counts of put and take; Coins, Energy and
// XP the counts of conv; Item the shop's item.
type Command struct {
	Action            Action
	At                Cell
	Items             Amount
	Coins, Energy, XP Amount
	Item              string
}

// Forfeit is the move of a seat that gives up: a bot process that has
// exited when its turn starts (R24). No command line can be it.
const Forfeit = "\nforfeit"

// patterns are the anchored patterns of §4.0: '#' is \d+, '~' is -?\d+.
var patterns = [...]string{
	ActMove:    "move ~ ~",
	ActMine:    "mine # #",
	ActBuild:   "build # #",
	ActAttack:  "attack # #",
	ActPut:     "refinement-put # # mineral # diamond #",
	ActTake:    "refinement-take # # mineral # diamond #",
	ActConvert: "conv # diamond # mineral to coins, # diamond # mineral to energy, # diamond # mineral to xp",
	ActRest:    "rest",
	ActShop:    "shop $",
}

// keywords are the patterns' first words.
var keywords = func() (k [len(patterns)]string) {
	for i, p := range patterns {
		k[i], _, _ = strings.Cut(p, " ")
	}
	return k
}()

// ParseCommand reads one command line with the grammar of §4.0: one
// trailing "\n" is removed and nothing else; the line must match one of the
// patterns exactly (case, single spaces, ASCII digits), and every number must
// fit in 32 bits (R15). The error says what is wrong.
func ParseCommand(line string) (Command, error) {
	line = strings.TrimSuffix(line, "\n")
	if line == "" {
		return Command{}, errors.New("empty line")
	}
	word, _, _ := strings.Cut(line, " ")
	for a, p := range patterns {
		if word != keywords[a] {
			continue
		}
		nums, item, err := match(p, line)
		if err != nil {
			return Command{}, fmt.Errorf("%q: want %q: %w", line, example(p), err)
		}
		c := Command{Action: Action(a), Item: item}
		switch c.Action {
		case ActMove, ActMine, ActBuild, ActAttack:
			c.At = Cell{nums[0], nums[1]}
		case ActPut, ActTake:
			c.At, c.Items = Cell{nums[0], nums[1]}, Amount{nums[2], nums[3]}
		case ActConvert:
			c.Coins = Amount{Diamonds: nums[0], Minerals: nums[1]}
			c.Energy = Amount{Diamonds: nums[2], Minerals: nums[3]}
			c.XP = Amount{Diamonds: nums[4], Minerals: nums[5]}
		}
		return c, nil
	}
	return Command{}, fmt.Errorf("%q: not a command (want move, mine, build, attack, refinement-put, refinement-take, conv, rest or shop)", line)
}

// example writes a pattern for people.
func example(p string) string {
	return strings.NewReplacer("~", "N", "#", "N", "$", "freeze|backpack|daze").Replace(p)
}

var errNoMatch = errors.New("the line does not match")

// match matches line against pattern p and returns its numbers and its shop
// item.
func match(p, line string) (nums []int, item string, err error) {
	i := 0
	for j := 0; j < len(p); j++ {
		switch p[j] {
		case '#', '~':
			start := i
			if p[j] == '~' && i < len(line) && line[i] == '-' {
				i++
			}
			digits := i
			for i < len(line) && line[i] >= '0' && line[i] <= '9' {
				i++
			}
			if i == digits {
				return nil, "", errors.New("a number is missing or malformed")
			}
			n, err := strconv.ParseInt(line[start:i], 10, 64)
			if err != nil || n < math.MinInt32 || n > math.MaxInt32 {
				return nil, "", fmt.Errorf("the number %s does not fit in 32 bits", line[start:i])
			}
			nums = append(nums, int(n))
		case '$':
			for _, it := range []string{Freeze, Backpack, Daze} {
				if strings.HasPrefix(line[i:], it) {
					item = it
					i += len(it)
					break
				}
			}
			if item == "" {
				return nil, "", errors.New("the shop sells freeze, backpack and daze")
			}
		default:
			if i >= len(line) || line[i] != p[j] {
				return nil, "", errNoMatch
			}
			i++
		}
	}
	if i != len(line) {
		return nil, "", errors.New("extra text at the end")
	}
	return nums, item, nil
}

// String is the command line of c, in the grammar.
func (c Command) String() string {
	switch c.Action {
	case ActMove, ActMine, ActBuild, ActAttack:
		return fmt.Sprintf("%s %d %d", c.Action, c.At.X, c.At.Z)
	case ActPut, ActTake:
		return fmt.Sprintf("%s %d %d mineral %d diamond %d", c.Action, c.At.X, c.At.Z, c.Items.Minerals, c.Items.Diamonds)
	case ActConvert:
		return fmt.Sprintf("conv %d diamond %d mineral to coins, %d diamond %d mineral to energy, %d diamond %d mineral to xp",
			c.Coins.Diamonds, c.Coins.Minerals, c.Energy.Diamonds, c.Energy.Minerals, c.XP.Diamonds, c.XP.Minerals)
	case ActShop:
		return "shop " + c.Item
	}
	return "rest"
}

// LogText is the original referee's log text of c (§4.0's last column):
// "MOVE x z", "PUT REFINEMENT x z m d", "BASE CONVERSIONS mC dC mE dE mX dX",
// "REST", "FREEZE", ...
func (c Command) LogText() string {
	switch c.Action {
	case ActMove, ActMine, ActBuild, ActAttack:
		return fmt.Sprintf("%s %d %d", strings.ToUpper(c.Action.String()), c.At.X, c.At.Z)
	case ActPut:
		return fmt.Sprintf("PUT REFINEMENT %d %d %d %d", c.At.X, c.At.Z, c.Items.Minerals, c.Items.Diamonds)
	case ActTake:
		return fmt.Sprintf("TAKE REFINEMENT %d %d %d %d", c.At.X, c.At.Z, c.Items.Minerals, c.Items.Diamonds)
	case ActConvert:
		return fmt.Sprintf("BASE CONVERSIONS %d %d %d %d %d %d",
			c.Coins.Minerals, c.Coins.Diamonds, c.Energy.Minerals, c.Energy.Diamonds, c.XP.Minerals, c.XP.Diamonds)
	case ActShop:
		return strings.ToUpper(c.Item)
	}
	return "REST"
}

// logTexts are the log texts' first words and their argument counts.
var logTexts = map[string]struct {
	action Action
	args   int
}{
	"MOVE": {ActMove, 2}, "MINE": {ActMine, 2}, "BUILD": {ActBuild, 2}, "ATTACK": {ActAttack, 2},
	"PUT REFINEMENT": {ActPut, 4}, "TAKE REFINEMENT": {ActTake, 4}, "BASE CONVERSIONS": {ActConvert, 6},
	"REST": {ActRest, 0}, "FREEZE": {ActShop, 0}, "BACKPACK": {ActShop, 0}, "DAZE": {ActShop, 0},
}

// ParseLogText reads the original referee's log text of a command (the
// inverse of LogText).
func ParseLogText(text string) (Command, error) {
	text = strings.TrimRight(text, "\r")
	f := strings.Fields(text)
	for n := min(2, len(f)); n >= 1; n-- {
		head := strings.Join(f[:n], " ")
		lt, ok := logTexts[head]
		if !ok {
			continue
		}
		args := f[n:]
		if len(args) != lt.args {
			return Command{}, fmt.Errorf("log text %q: %s takes %d numbers", text, head, lt.args)
		}
		nums := make([]int, len(args))
		for i, a := range args {
			v, err := strconv.ParseInt(a, 10, 32)
			if err != nil {
				return Command{}, fmt.Errorf("log text %q: %q is not a 32-bit number", text, a)
			}
			nums[i] = int(v)
		}
		c := Command{Action: lt.action}
		switch c.Action {
		case ActMove, ActMine, ActBuild, ActAttack:
			c.At = Cell{nums[0], nums[1]}
		case ActPut, ActTake:
			c.At, c.Items = Cell{nums[0], nums[1]}, Amount{nums[2], nums[3]}
		case ActConvert:
			c.Coins = Amount{Minerals: nums[0], Diamonds: nums[1]}
			c.Energy = Amount{Minerals: nums[2], Diamonds: nums[3]}
			c.XP = Amount{Minerals: nums[4], Diamonds: nums[5]}
		case ActShop:
			c.Item = strings.ToLower(head)
		}
		return c, nil
	}
	return Command{}, fmt.Errorf("log text %q: not an action the referee logs", text)
}
