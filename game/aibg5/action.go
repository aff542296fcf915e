package aibg5

import (
	"strconv"
	"strings"

	"github.com/arena-games/arena/game/hex"
)

// The original server's messages for illegal actions (§4.1-4.5), byte for
// byte.
const (
	MsgTrapped     = "Zarobljeni ste u crnoj rupi"
	MsgNull        = "Action is null"
	MsgFields      = "Nemate tri parametra vaše akcije"
	MsgCoordinates = "Niste uneli koordinate u pravom formatu"
	MsgOffMap      = "Pokušavate da predjete granice mape"
	MsgKeyword     = "Poslata pogrešna akcija"
	MsgNotAdjacent = "Pokušavate da predjete na polje koje nije pored vas"
	MsgBlocked     = "Pokušali ste da se pomerite na polje koje je tipa FULL ili player"
	MsgRange       = "Pokušavate napasti igraca koji vam nije u range-u"
	MsgNotTarget   = "Pokušavate da napadnete polje koje nije namenjeno za napad"
	MsgSelf        = "Pokušali ste da napadnete samog sebe"
)

// The moves that are not actions of the original notation. The contest
// server (net/contest/aibg5) sends them for what a bot did on the wire.
const (
	// NullAction is a request without an action, or with an empty one:
	// penalised with MsgNull, turn consumed (R6). A bot that sends the text
	// "null" itself sends a one-field action (MsgFields).
	NullAction = "null"
	// TimeUp is the game clock running out on the seat to act: the game
	// ends at once, the action unplayed (R22).
	TimeUp = "time"
)

// ActionError is an illegal action; Message is the original's message.
type ActionError struct{ Message string }

func (e *ActionError) Error() string { return e.Message }

// Action is a parsed action: a move or an attack at a cell.
type Action struct {
	Attack bool
	Target hex.Hex
}

// String is the action in the original notation: "move,-3,3".
func (a Action) String() string {
	verb := "move"
	if a.Attack {
		verb = "attack"
	}
	return verb + "," + strconv.Itoa(a.Target.Q) + "," + strconv.Itoa(a.Target.R)
}

// Words says the action for people: "move to (-6,-7)", "attack (2,3)".
func (a Action) Words() string {
	at := "(" + strconv.Itoa(a.Target.Q) + "," + strconv.Itoa(a.Target.R) + ")"
	if a.Attack {
		return "attack " + at
	}
	return "move to " + at
}

// MoveWords says a move of a replay in words: an action's (Action.Words),
// "no action" for NullAction, "out of time" for TimeUp, "not an action"
// for a text the rules refuse; "" for no move at all.
func MoveWords(move string) string {
	switch move {
	case "":
		return ""
	case NullAction:
		return "no action"
	case TimeUp:
		return "out of time"
	}
	a, err := ParseAction(move)
	if err != nil {
		return "not an action"
	}
	return a.Words()
}

// Move is the action "move,q,r".
func Move(h hex.Hex) string { return Action{Target: h}.String() }

// Attack is the action "attack,q,r".
func Attack(h hex.Hex) string { return Action{Attack: true, Target: h}.String() }

// ParseAction reads an action the way the original server did (§4.1 steps
// 2-6, first failure wins): every space (U+0020) is deleted, the text is
// split on commas with Java's semantics (trailing empty fields dropped),
// there must be three fields, the coordinates must be int32 numbers
// ([+-]?[0-9]+), the cell must be on the map, and the keyword must be
// exactly "move" or "attack". The error is an *ActionError with the
// original's message.
func ParseAction(s string) (Action, error) {
	if s == "" {
		return Action{}, &ActionError{MsgNull}
	}
	fields := javaSplit(strings.ReplaceAll(s, " ", ""))
	if len(fields) != 3 {
		return Action{}, &ActionError{MsgFields}
	}
	q, okQ := parseInt32(fields[1])
	r, okR := parseInt32(fields[2])
	if !okQ || !okR {
		return Action{}, &ActionError{MsgCoordinates}
	}
	target := hex.Hex{Q: q, R: r}
	if !OnMap(target) {
		return Action{}, &ActionError{MsgOffMap}
	}
	switch fields[0] {
	case "move":
		return Action{Target: target}, nil
	case "attack":
		return Action{Attack: true, Target: target}, nil
	}
	return Action{}, &ActionError{MsgKeyword}
}

// javaSplit is Java's String.split(",") : trailing empty fields are
// dropped, and a text without commas is one field (even when empty).
func javaSplit(s string) []string {
	fields := strings.Split(s, ",")
	if len(fields) == 1 {
		return fields
	}
	for len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	return fields
}

// parseInt32 is Java's Integer.parseInt restricted to ASCII digits (R24).
func parseInt32(s string) (int, bool) {
	digits := strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	if len(s)-len(digits) > 1 || digits == "" {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 32)
	return int(n), err == nil
}
