package guardains

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The action types of §4.1.
const (
	Move    = "MOVE"
	Attack  = "ATTACK"
	Special = "SPECIAL"
)

// Action is a well-formed action (§4.1): a guardian, what it does and where.
type Action struct {
	Type   string // Move, Attack or Special
	Hero   Hero
	Target Cell
	Player string  // player_id; the raw JSON when it is not a string
	Round  float64 // round_no
}

// For reports whether the action's round_no is round.
func (a *Action) For(round int) bool { return a.Round == float64(round) }

// ParseAction reads one action that seat sent in round: the original's
// action JSON (§4.1, R27), or the short form "MOVE Gamora 3 4" (the type and
// the guardian in any case, then x and y) that stands for seat's action of
// this round. The target must lie on the W x H board (transposed bounds
// under swap). An error means the action is malformed: it costs the ERROR
// of §4.2.
func ParseAction(move string, w, h int, swap bool, seat, round int) (*Action, error) {
	if swap {
		w, h = h, w
	}
	t := strings.TrimSpace(move)
	if !strings.HasPrefix(t, "{") {
		return parseShort(t, w, h, seat, round)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(t), &keys); err != nil {
		return nil, fmt.Errorf("not an action JSON object: %w", err)
	}
	a := &Action{}
	var typ string
	if err := str(keys, "action_type", &typ); err != nil {
		return nil, err
	}
	if typ != Move && typ != Attack && typ != Special {
		return nil, fmt.Errorf("action_type %q: want MOVE, ATTACK or SPECIAL", typ)
	}
	a.Type = typ
	key := "troop"
	if _, ok := keys[key]; !ok {
		key = "guardian"
	}
	var name string
	if err := str(keys, key, &name); err != nil {
		return nil, fmt.Errorf("%w (or guardian)", err)
	}
	hero, ok := ParseHero(name)
	if !ok {
		return nil, fmt.Errorf("%s %q: want Gamora, Rocket, Groot, Drax or StarLord", key, name)
	}
	a.Hero = hero
	var target string
	if err := str(keys, "target", &target); err != nil {
		return nil, err
	}
	c, err := ParseTarget(target)
	if err != nil {
		return nil, err
	}
	if c.X < 0 || c.Y < 0 || c.X >= w || c.Y >= h {
		return nil, fmt.Errorf("target %s is off the %dx%d board", c, w, h)
	}
	a.Target = c
	raw, ok := keys["player_id"]
	if !ok {
		return nil, errors.New("no player_id")
	}
	if json.Unmarshal(raw, &a.Player) != nil {
		a.Player = string(raw)
	}
	num, ok := keys["round_no"]
	if !ok {
		return nil, errors.New("no round_no")
	}
	num = bytes.TrimSpace(num)
	if len(num) == 0 || (num[0] != '-' && (num[0] < '0' || num[0] > '9')) {
		return nil, fmt.Errorf("round_no %s: want a number", num)
	}
	a.Round, err = strconv.ParseFloat(string(num), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, fmt.Errorf("round_no %s: want a number", num)
	}
	return a, nil
}

// str reads the string value of key.
func str(keys map[string]json.RawMessage, key string, v *string) error {
	raw, ok := keys[key]
	if !ok {
		return fmt.Errorf("no %s", key)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s %s: want a string", key, raw)
	}
	return nil
}

// parseShort reads "KIND HERO X Y".
func parseShort(t string, w, h, seat, round int) (*Action, error) {
	f := strings.Fields(t)
	if len(f) != 4 {
		return nil, fmt.Errorf("%q: want an action JSON or KIND HERO X Y, such as MOVE Gamora 3 4", t)
	}
	a := &Action{Type: strings.ToUpper(f[0]), Player: "player" + strconv.Itoa(seat), Round: float64(round)}
	if a.Type != Move && a.Type != Attack && a.Type != Special {
		return nil, fmt.Errorf("%q: want MOVE, ATTACK or SPECIAL", f[0])
	}
	found := false
	for _, hero := range Heroes {
		if strings.EqualFold(hero.String(), f[1]) {
			a.Hero, found = hero, true
		}
	}
	if !found {
		return nil, fmt.Errorf("%q: want Gamora, Rocket, Groot, Drax or StarLord", f[1])
	}
	x, err1 := strconv.Atoi(f[2])
	y, err2 := strconv.Atoi(f[3])
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("%q %q: want the target's x and y", f[2], f[3])
	}
	a.Target = Cell{x, y}
	if x < 0 || y < 0 || x >= w || y >= h {
		return nil, fmt.Errorf("target %s is off the %dx%d board", a.Target, w, h)
	}
	return a, nil
}

// ParseTarget reads a target string: "(x, y)" with any number of leading
// "(" and trailing ")", blanks around the numbers and optional signs, as
// ^\(*\s*[+-]?\d+\s*,\s*[+-]?\d+\s*\)*$.
func ParseTarget(s string) (Cell, error) {
	bad := func() (Cell, error) {
		return Cell{}, fmt.Errorf("target %q: want \"(x, y)\"", s)
	}
	i := 0
	for i < len(s) && s[i] == '(' {
		i++
	}
	var n [2]int
	for k := range n {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		neg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			neg = s[i] == '-'
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if n[k] < 1<<40 {
				n[k] = n[k]*10 + int(s[i]-'0')
			}
			i++
		}
		if i == start {
			return bad()
		}
		if neg {
			n[k] = -n[k]
		}
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if k == 0 {
			if i == len(s) || s[i] != ',' {
				return bad()
			}
			i++
		}
	}
	for i < len(s) && s[i] == ')' {
		i++
	}
	if i != len(s) {
		return bad()
	}
	return Cell{n[0], n[1]}, nil
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}
