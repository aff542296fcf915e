package alienwarz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// View is the original referee's one-line view of the state (§3.2), byte
// for byte, as sent to the player who is to act (firstPlayerTurn is
// player == 1). It has no line ending: the wire adds "\n". Names are
// JSON-escaped (R23).
func (s *State) View(player int) []byte {
	return s.AppendView(make([]byte, 0, 1600), player)
}

// AppendView appends View(player) to b.
func (s *State) AppendView(b []byte, player int) []byte {
	b = append(b, `{"turn":`...)
	b = strconv.AppendInt(b, int64(s.Turn), 10)
	b = append(b, `,"firstPlayerTurn":`...)
	b = strconv.AppendBool(b, player == 1)
	for i := range s.Players {
		b = append(b, `,"player`...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `":`...)
		b = s.appendPlayer(b, i+1)
	}
	b = append(b, `,"board":[`...)
	for x := 0; x < Size; x++ {
		if x > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for z := 0; z < Size; z++ {
			if z > 0 {
				b = append(b, ", "...)
			}
			b = append(b, '"')
			b = s.appendToken(b, Cell{x, z})
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	return append(b, "]}"...)
}

func (s *State) appendPlayer(b []byte, player int) []byte {
	p := &s.Players[player-1]
	var counts [2][2]int // kind, processed
	for _, it := range p.Bag {
		if it.Processed {
			counts[it.Kind][1]++
		} else {
			counts[it.Kind][0]++
		}
	}
	b = append(b, `{"name": `...)
	b = appendJSONString(b, p.Name)
	field := func(b []byte, name string, v int) []byte {
		b = append(b, ",\""...)
		b = append(b, name...)
		b = append(b, "\": "...)
		return strconv.AppendInt(b, int64(v), 10)
	}
	b = field(b, "energy", p.Energy)
	b = field(b, "xp", p.XP)
	b = field(b, "coins", p.Coins)
	b = append(b, `,"position": [`...)
	b = strconv.AppendInt(b, int64(p.Pos.X), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(p.Pos.Z), 10)
	b = append(b, ']')
	b = field(b, "increased_backpack_duration", p.Backpack)
	b = field(b, "daze_turns", p.Daze)
	b = field(b, "frozen_turns", p.Frozen)
	b = field(b, "backpack_capacity", s.Rules().weight(p.Bag))
	b = field(b, "raw_minerals", counts[Mineral][0])
	b = field(b, "processed_minerals", counts[Mineral][1])
	b = field(b, "raw_diamonds", counts[Diamond][0])
	b = field(b, "processed_diamonds", counts[Diamond][1])
	return append(b, '}')
}

// appendJSONString appends s as a JSON string, escaping only what JSON
// requires: the quote, the backslash and control characters.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// viewJSON is a view as JSON.
type viewJSON struct {
	Turn            *int        `json:"turn"`
	FirstPlayerTurn *bool       `json:"firstPlayerTurn"`
	Player1         *viewPlayer `json:"player1"`
	Player2         *viewPlayer `json:"player2"`
	Board           [][]string  `json:"board"`
}

type viewPlayer struct {
	Name     *string `json:"name"`
	Energy   int     `json:"energy"`
	XP       int     `json:"xp"`
	Coins    int     `json:"coins"`
	Position []int   `json:"position"`
	Backpack int     `json:"increased_backpack_duration"`
	Daze     int     `json:"daze_turns"`
	Frozen   int     `json:"frozen_turns"`
	Weight   int     `json:"backpack_capacity"`
	RawM     int     `json:"raw_minerals"`
	DoneM    int     `json:"processed_minerals"`
	RawD     int     `json:"raw_diamonds"`
	DoneD    int     `json:"processed_diamonds"`
}

// maxViewCount bounds the numbers of a view read, so that a hostile line
// cannot ask for a huge bag.
const maxViewCount = 1000

// ReadView reads one view (§3.2) into a state, with the default rules: the
// original's line (a "\r" after board rows, as the Windows build wrote, and
// a line ending are tolerated) or the same JSON pretty-printed. What a view
// does not show is filled in: each bag holds its raw minerals, processed
// minerals, raw diamonds and processed diamonds in that order; capacity is
// 16 while a backpack is counted down or the bag weighs more than 8, else
// 8; factories are empty; Level is -1. Positions must agree with the
// board, and the weight with the counts.
func ReadView(data []byte) (*State, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var v viewJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("view: not JSON: %w", err)
	}
	if rest := bytes.TrimSpace(data[dec.InputOffset():]); len(rest) > 0 {
		return nil, errors.New("view: text after the JSON object")
	}
	switch {
	case v.Turn == nil || v.FirstPlayerTurn == nil || v.Player1 == nil || v.Player2 == nil || v.Board == nil:
		return nil, errors.New("view: want turn, firstPlayerTurn, player1, player2 and board")
	case *v.Turn < 0 || *v.Turn > 1_000_000:
		return nil, fmt.Errorf("view: turn %d out of range", *v.Turn)
	case len(v.Board) != Size:
		return nil, fmt.Errorf("view: the board has %d rows, not %d", len(v.Board), Size)
	}
	s := &State{Turn: *v.Turn, ToAct: 2, Level: -1}
	if *v.FirstPlayerTurn {
		s.ToAct = 1
	}
	r := s.Rules()
	for i, vp := range []*viewPlayer{v.Player1, v.Player2} {
		p, err := readPlayer(r, vp)
		if err != nil {
			return nil, fmt.Errorf("view: player%d: %w", i+1, err)
		}
		s.Players[i] = p
	}
	if s.Players[0].Pos == s.Players[1].Pos {
		return nil, fmt.Errorf("view: both players on %s", s.Players[0].Pos)
	}
	seen := [2]bool{}
	for x, row := range v.Board {
		if len(row) != Size {
			return nil, fmt.Errorf("view: board row %d has %d cells, not %d", x, len(row), Size)
		}
		for z, tok := range row {
			c := Cell{x, z}
			if err := s.readToken(c, tok, &seen); err != nil {
				return nil, fmt.Errorf("view: board[%d][%d] %q: %w", x, z, tok, err)
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("view: player%d is at %v but the board does not show %d there", i+1, s.Players[i].Pos, i+1)
		}
	}
	if err := s.fitRules(); err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	return s, nil
}

func readPlayer(r *Rules, vp *viewPlayer) (Player, error) {
	if vp.Name == nil {
		return Player{}, errors.New("no name")
	}
	if !utf8.ValidString(*vp.Name) {
		return Player{}, errors.New("the name is not UTF-8")
	}
	if len(vp.Position) != 2 || !(Cell{vp.Position[0], vp.Position[1]}).On() {
		return Player{}, fmt.Errorf("position %v is not a cell of the board", vp.Position)
	}
	for name, n := range map[string]int{"energy": vp.Energy, "xp": vp.XP, "coins": vp.Coins,
		"increased_backpack_duration": vp.Backpack, "daze_turns": vp.Daze, "frozen_turns": vp.Frozen} {
		if n < 0 || n > 1_000_000 {
			return Player{}, fmt.Errorf("%s %d out of range", name, n)
		}
	}
	for name, n := range map[string]int{"raw_minerals": vp.RawM, "processed_minerals": vp.DoneM, "raw_diamonds": vp.RawD, "processed_diamonds": vp.DoneD} {
		if n < 0 || n > maxViewCount {
			return Player{}, fmt.Errorf("%s %d out of range", name, n)
		}
	}
	p := Player{Name: *vp.Name, Energy: vp.Energy, XP: vp.XP, Coins: vp.Coins, Pos: Cell{vp.Position[0], vp.Position[1]},
		Backpack: vp.Backpack, Daze: vp.Daze, Frozen: vp.Frozen}
	for _, g := range []struct {
		n    int
		item Item
	}{{vp.RawM, Item{Kind: Mineral, Mined: -1}}, {vp.DoneM, Item{Kind: Mineral, Processed: true, Mined: -1}},
		{vp.RawD, Item{Kind: Diamond, Mined: -1}}, {vp.DoneD, Item{Kind: Diamond, Processed: true, Mined: -1}}} {
		for range g.n {
			p.Bag = append(p.Bag, g.item)
		}
	}
	if w := r.weight(p.Bag); w != vp.Weight {
		return Player{}, fmt.Errorf("backpack_capacity %d, but the items weigh %d", vp.Weight, w)
	}
	return p, nil
}

// readToken reads the token of cell c into s.
func (s *State) readToken(c Cell, tok string, seen *[2]bool) error {
	sym := &s.Rules().Symbols
	base := 0
	switch c {
	case Base(1):
		base = 1
	case Base(2):
		base = 2
	}
	for i, p := range []string{sym.Player1, sym.Player2} {
		if tok == p {
			if s.Players[i].Pos != c {
				return fmt.Errorf("player%d's position is %v", i+1, s.Players[i].Pos)
			}
			if base == 2-i {
				return fmt.Errorf("player %d cannot stand on the other's base", i+1)
			}
			seen[i] = true
			return nil
		}
	}
	if s.PlayerAt(c) != 0 {
		return fmt.Errorf("player%d's position, but the board does not show it", s.PlayerAt(c))
	}
	switch {
	case tok == sym.Base1 || tok == sym.Base2:
		if (tok == sym.Base1) != (base == 1) || base == 0 {
			return errors.New("a base out of place")
		}
		return nil
	case base != 0:
		return errors.New("a base's cell shows something else")
	case tok == sym.Empty:
		return nil
	}
	letter, rest, ok := strings.Cut(tok, "_")
	a, b, ok2 := strings.Cut(rest, "_")
	if !ok || !ok2 {
		return errors.New("not a cell token")
	}
	n1, ok1 := smallNumber(a)
	n2, ok2 := smallNumber(b)
	if !ok1 || !ok2 {
		return errors.New("not a cell token")
	}
	r := s.Rules()
	switch letter {
	case sym.Mineral, sym.Diamond:
		kind := Mineral
		if letter == sym.Diamond {
			kind = Diamond
		}
		d := Deposit{Kind: kind, Pos: c, Remaining: n1, Max: r.MineHits[kind], EmptiedTurn: -1, Replenish: r.Replenish[kind]}
		if n1 == 0 {
			if n2 > d.Replenish {
				return fmt.Errorf("replenishes in %d turns, more than %d", n2, d.Replenish)
			}
			d.EmptiedTurn = s.Turn - d.Replenish + n2
		} else if n2 != 0 {
			return errors.New("a deposit with hits left has no countdown")
		}
		s.Deposits = append(s.Deposits, d)
	case sym.Factory:
		if n1 != 1 && n1 != 2 {
			return fmt.Errorf("owner %d is not 1 or 2", n1)
		}
		if n2 > r.FactoryHealth {
			return fmt.Errorf("health %d is more than %d", n2, r.FactoryHealth)
		}
		s.Factories = append(s.Factories, Factory{Owner: n1, Pos: c, Health: n2})
	default:
		return errors.New("not a cell token")
	}
	return nil
}

// smallNumber reads ASCII digits up to maxViewCount.
func smallNumber(s string) (int, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= maxViewCount
}
