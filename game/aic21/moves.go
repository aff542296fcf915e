package aic21

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// UnitMove is one answer of a unit in a round: a move frame, a chat
// frame, or both. A seat's move for a Step bundles its units' answers.
//
// The seat's move string is the answers in arrival order, separated by
// spaces, each written
//
//	ID:DIR                a move: DIR 0 CENTER, 1 RIGHT, 2 UP, 3 LEFT, 4 DOWN
//	ID:DIR:VALUE:"TEXT"   a move and a chat message of that value
//	ID:-:VALUE:"TEXT"     a chat message alone
//
// such as `2:1 3:4:7:"bread 12 30" 5:-:1:"hi"`. TEXT is a JSON string
// literal. DIR may be any integer: one outside 0-4 is a move frame that
// stays, as the original reads it. A unit may answer more than once;
// the rules count its last move and its last message (R4), the original's
// compat.multiAction all of them. A unit that is not named sends nothing;
// "" is a seat whose units all stay silent.
type UnitMove struct {
	Unit  int
	Move  bool // a move frame was sent
	Dir   int  // its direction
	Chat  bool // a chat frame was sent
	Text  string
	Value int
}

// String writes m as in a seat's move.
func (m UnitMove) String() string { return string(m.appendTo(nil)) }

func (m UnitMove) appendTo(b []byte) []byte {
	b = strconv.AppendInt(b, int64(m.Unit), 10)
	b = append(b, ':')
	if m.Move {
		b = strconv.AppendInt(b, int64(m.Dir), 10)
	} else {
		b = append(b, '-')
	}
	if m.Chat {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(m.Value), 10)
		b = append(b, ':')
		b = appendQuoted(b, m.Text, false)
	}
	return b
}

// Forfeit, as the last word of a seat's move, says that one of its units'
// connection broke or a unit could not be started: the colony forfeits at
// the end of the turn (R18).
const Forfeit = "forfeit"

// CutForfeit splits a seat's move into its answers and whether it ends
// with Forfeit.
func CutForfeit(move string) (string, bool) {
	t := strings.TrimRight(move, " \t\r\n")
	if t == Forfeit {
		return "", true
	}
	if rest, ok := strings.CutSuffix(t, Forfeit); ok && rest != "" && isSpace(rest[len(rest)-1]) {
		return rest, true
	}
	return move, false
}

// FormatUnitMoves writes a seat's move from its units' answers, in order.
// Answers that send nothing are left out.
func FormatUnitMoves(moves []UnitMove) string {
	var b []byte
	for _, m := range moves {
		if !m.Move && !m.Chat {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = m.appendTo(b)
	}
	return string(b)
}

// ParseUnitMoves reads a seat's move (see UnitMove). It is strict: any
// malformed answer makes the whole move an error.
func ParseUnitMoves(s string) ([]UnitMove, error) {
	var out []UnitMove
	for i := 0; ; {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i == len(s) {
			return out, nil
		}
		m, n, err := parseUnitMove(s[i:])
		if err != nil {
			return nil, fmt.Errorf("answer %d (%q): %w", len(out)+1, clip(s[i:]), err)
		}
		i += n
		if i < len(s) && !isSpace(s[i]) {
			return nil, fmt.Errorf("answer %d (%q): expected a space after it", len(out)+1, clip(s[i-n:]))
		}
		out = append(out, m)
	}
}

// parseUnitMove reads one answer at the start of s and returns how many
// bytes it took.
func parseUnitMove(s string) (UnitMove, int, error) {
	var m UnitMove
	i := 0
	field := func(what string, lo int) (int, error) {
		j := i
		for j < len(s) && s[j] != ':' && !isSpace(s[j]) {
			j++
		}
		v, err := strconv.ParseInt(s[i:j], 10, 32)
		if err != nil || v < int64(lo) {
			return 0, fmt.Errorf("%s %q: expected a whole number from %d", what, s[i:j], lo)
		}
		i = j
		return int(v), nil
	}
	colon := func() bool {
		if i < len(s) && s[i] == ':' {
			i++
			return true
		}
		return false
	}
	var err error
	if m.Unit, err = field("unit id", 0); err != nil {
		return m, 0, err
	}
	if !colon() {
		return m, 0, fmt.Errorf("expected ID:DIR")
	}
	if i < len(s) && s[i] == '-' && (i+1 == len(s) || s[i+1] == ':' || isSpace(s[i+1])) {
		i++
	} else {
		if m.Dir, err = field("direction", math.MinInt32); err != nil {
			return m, 0, err
		}
		m.Move = true
	}
	if !colon() {
		if !m.Move {
			return m, 0, fmt.Errorf(`expected a chat message after "-": ID:-:VALUE:"TEXT"`)
		}
		return m, i, nil
	}
	if m.Value, err = field("value", math.MinInt32); err != nil {
		return m, 0, err
	}
	if !colon() || i == len(s) || s[i] != '"' {
		return m, 0, fmt.Errorf(`expected :"TEXT" after the value`)
	}
	j := i + 1
	for ; j < len(s) && s[j] != '"'; j++ {
		if s[j] == '\\' {
			j++
		}
	}
	if j >= len(s) {
		return m, 0, fmt.Errorf("the text has no closing quote")
	}
	if err := json.Unmarshal([]byte(s[i:j+1]), &m.Text); err != nil {
		return m, 0, fmt.Errorf("text: %w", err)
	}
	m.Chat = true
	return m, j + 1, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// MergeUnitMoves is base with the answers of over in place of base's for
// every unit that over names; the result is in ascending unit id, each
// unit's answers in their order. A person's orders (over) and a bot's
// (base) for the rest of the colony combine this way.
func MergeUnitMoves(base, over []UnitMove) []UnitMove {
	named := map[int]bool{}
	for _, m := range over {
		named[m.Unit] = true
	}
	out := make([]UnitMove, 0, len(base)+len(over))
	for _, m := range base {
		if !named[m.Unit] {
			out = append(out, m)
		}
	}
	out = append(out, over...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Unit < out[j].Unit })
	return out
}

// DirName is a direction's name: "center", "right", "up", "left", "down";
// "stay" for any other number.
func DirName(d int) string {
	if d >= Center && d <= Down {
		return [...]string{"center", "right", "up", "left", "down"}[d]
	}
	return "stay"
}

// ReadAction reads one frame an original client sent (§4.2, §4.6, §4.7)
// as the server reads it: a move ({"type":1,"info":{"direction":D}}), a
// chat message ({"type":2,"info":{"message":"...","value":V}}) or
// END_TURN (type 6). The type and the numbers may be numeric strings; a
// missing direction or value is 0; a direction with a fraction is
// truncated. A frame that is none of these, or malformed (R15), gives a
// UnitMove that sends nothing. Unit is left 0 for the caller to set.
func ReadAction(frame []byte) (m UnitMove, endTurn bool) {
	var f struct {
		Type json.RawMessage            `json:"type"`
		Info map[string]json.RawMessage `json:"info"`
	}
	if json.Unmarshal(frame, &f) != nil || f.Info == nil {
		return UnitMove{}, false
	}
	typ, ok := actionNumber(f.Type)
	if !ok {
		return UnitMove{}, false
	}
	switch typ {
	case 1:
		d, ok := actionNumber(f.Info["direction"])
		if !ok {
			return UnitMove{}, false
		}
		return UnitMove{Move: true, Dir: d}, false
	case 2:
		var text string
		if json.Unmarshal(f.Info["message"], &text) != nil || f.Info["message"] == nil {
			return UnitMove{}, false
		}
		v, ok := actionNumber(f.Info["value"])
		if !ok {
			return UnitMove{}, false
		}
		return UnitMove{Chat: true, Text: text, Value: v}, false
	case 6:
		return UnitMove{}, true
	}
	return UnitMove{}, false
}

// actionNumber reads a frame's number as Gson's getAsInt does: a number
// (a fraction truncated), or a string holding an integer; absent is 0.
// ok is false for anything else, or a number out of the Java int range.
func actionNumber(raw json.RawMessage) (int, bool) {
	if raw == nil {
		return 0, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		v, err := strconv.ParseInt(s, 10, 32) // Integer.parseInt: no fraction
		return int(v), err == nil
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || math.IsNaN(f) || f < math.MinInt32 || f > math.MaxInt32 {
		return 0, false
	}
	return int(f), true
}
