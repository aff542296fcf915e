package aibg5

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game/hex"
)

// GameState is the state as the original server's gameState JSON (§3),
// byte for byte: compact, keys in the original's order, the boss object on
// its 7 tiles and at top level, "playerN":null for removed players, kd as
// Java prints a double, strings escaped as Jackson does (no HTML escaping).
func (s *State) GameState() ([]byte, error) {
	boss := s.appendBoss(make([]byte, 0, 256))
	b := make([]byte, 0, 48<<10)
	b = append(b, `{"map":{"size":29,"tiles":[`...)
	row := -Radius - 1
	for i, h := range cells {
		switch {
		case h.R != row && i > 0:
			b = append(b, "],["...)
		case h.R != row:
			b = append(b, '[')
		default:
			b = append(b, ',')
		}
		row = h.R
		b = s.appendTile(b, i, boss)
	}
	b = append(b, "]]}"...)
	for i := range s.Players {
		b = append(b, `,"player`...)
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `":`...)
		if s.Players[i].Removed {
			b = append(b, "null"...)
		} else {
			b = appendPlayer(b, &s.Players[i])
		}
	}
	b = append(b, `,"boss":`...)
	b = append(b, boss...)
	b = append(b, `,"scoreBoard":{"players":[`...)
	for i, idx := range s.Order {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPlayer(b, &s.Players[idx-1])
	}
	return append(b, "]}}"...), nil
}

// appendTile writes the tile of cell i; boss is the boss object.
func (s *State) appendTile(b []byte, i int, boss []byte) []byte {
	h, t := cells[i], s.Tiles[i]
	b = append(b, `{"q":`...)
	b = strconv.AppendInt(b, int64(h.Q), 10)
	b = append(b, `,"r":`...)
	b = strconv.AppendInt(b, int64(h.R), 10)
	b = append(b, `,"entity":`...)
	switch t.Kind {
	case Boss:
		b = append(b, boss...)
	case Wormhole:
		b = append(b, `{"type":"WORMHOLE","id":`...)
		b = strconv.AppendInt(b, int64(t.Wormhole), 10)
		b = append(b, '}')
	case Asteroid:
		b = append(b, `{"type":"ASTEROID","health":`...)
		b = strconv.AppendInt(b, int64(t.Asteroid), 10)
		b = append(b, '}')
	default:
		b = append(b, `{"type":"`...)
		b = append(b, t.Kind.String()...)
		b = append(b, `"}`...)
	}
	b = append(b, `,"tileType":"`...)
	b = append(b, tileType(t.Kind)...)
	return append(b, `"}`...)
}

// appendBoss writes the boss object, its attacked tiles with their current
// entities.
func (s *State) appendBoss(b []byte) []byte {
	b = append(b, `{"type":"BOSS","bossAction":`...)
	b = strconv.AppendBool(b, s.Boss.Action)
	b = append(b, `,"bossAttackedTiles":[`...)
	for k, h := range s.Boss.Attacked {
		if k > 0 {
			b = append(b, ',')
		}
		i, ok := index(h)
		if !ok {
			continue
		}
		b = s.appendTile(b, i, nil)
	}
	return append(b, "]}"...)
}

// appendPlayer writes a player object (§3.3): r before q.
func appendPlayer(b []byte, p *Player) []byte {
	typ := "PLAYER"
	if p.Bot {
		typ = "BOT"
	}
	b = append(b, `{"type":"`...)
	b = append(b, typ...)
	b = append(b, `","r":`...)
	b = strconv.AppendInt(b, int64(p.Pos.R), 10)
	b = append(b, `,"q":`...)
	b = strconv.AppendInt(b, int64(p.Pos.Q), 10)
	b = append(b, `,"playerIdx":`...)
	b = strconv.AppendInt(b, int64(p.Idx), 10)
	b = append(b, `,"name":`...)
	b = appendJacksonString(b, p.Name)
	for _, f := range [...]struct {
		key string
		v   int
	}{{"health", p.Health}, {"power", p.Power}, {"level", p.Level}, {"kills", p.Kills}, {"deaths", p.Deaths}, {"score", p.Score}} {
		b = append(b, `,"`...)
		b = append(b, f.key...)
		b = append(b, `":`...)
		b = strconv.AppendInt(b, int64(f.v), 10)
	}
	b = append(b, `,"trapped":`...)
	b = strconv.AppendBool(b, p.Trapped)
	b = append(b, `,"trapDuration":`...)
	b = strconv.AppendInt(b, int64(p.TrapDuration), 10)
	b = append(b, `,"kd":`...)
	b = append(b, JavaDouble(p.KD())...)
	return append(b, '}')
}

// AppendJSONString appends s as a JSON string the way the original
// server's Jackson writes it (see appendJacksonString).
func AppendJSONString[T string | []byte](b []byte, s T) []byte { return appendJacksonString(b, s) }

// appendJacksonString writes s as a JSON string the way Jackson does: only
// '"', '\\' and control characters are escaped (\b \t \n \f \r, else
// \u00XX in upper case); everything else, HTML characters included, is
// written as it is.
func appendJacksonString[T string | []byte](b []byte, s T) []byte {
	const hexDigits = "0123456789ABCDEF"
	b = append(b, '"')
	plain := 0 // s[plain:i] needs no escaping
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[plain:i]...)
		plain = i + 1
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\b':
			b = append(b, `\b`...)
		case '\t':
			b = append(b, `\t`...)
		case '\n':
			b = append(b, `\n`...)
		case '\f':
			b = append(b, `\f`...)
		case '\r':
			b = append(b, `\r`...)
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
	}
	b = append(b, s[plain:]...)
	return append(b, '"')
}

// JavaDouble formats x as Java's Double.toString: integral values keep
// ".0", values from 10^-3 up to 10^7 are written in plain decimal with the
// shortest digits that read back, others as d.dddEn.
func JavaDouble(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	if a := math.Abs(x); a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(x, 'e', -1, 64) // "1.2345e+07"
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	n, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(n)
}

// The gameState JSON as read.
type (
	jsonState struct {
		Map        *jsonMap        `json:"map"`
		Player1    json.RawMessage `json:"player1"`
		Player2    json.RawMessage `json:"player2"`
		Player3    json.RawMessage `json:"player3"`
		Player4    json.RawMessage `json:"player4"`
		Boss       *jsonEntity     `json:"boss"`
		ScoreBoard *struct {
			Players []*jsonPlayer `json:"players"`
		} `json:"scoreBoard"`
	}
	jsonMap struct {
		Size  int          `json:"size"`
		Tiles [][]jsonTile `json:"tiles"`
	}
	jsonTile struct {
		Q        int        `json:"q"`
		R        int        `json:"r"`
		Entity   jsonEntity `json:"entity"`
		TileType string     `json:"tileType"`
	}
	jsonEntity struct {
		Type              string     `json:"type"`
		ID                int        `json:"id"`
		Health            *int       `json:"health"`
		BossAction        bool       `json:"bossAction"`
		BossAttackedTiles []jsonTile `json:"bossAttackedTiles"`
	}
	jsonPlayer struct {
		Type         string  `json:"type"`
		R            int     `json:"r"`
		Q            int     `json:"q"`
		PlayerIdx    int     `json:"playerIdx"`
		Name         string  `json:"name"`
		Health       int     `json:"health"`
		Power        int     `json:"power"`
		Level        int     `json:"level"`
		Kills        int     `json:"kills"`
		Deaths       int     `json:"deaths"`
		Score        int     `json:"score"`
		Trapped      bool    `json:"trapped"`
		TrapDuration int     `json:"trapDuration"`
		KD           float64 `json:"kd"`
	}
)

// ReadState reads a gameState: the JSON object of §3 (compact or
// pretty-printed), the same as a JSON string (the wire's string holding
// JSON), or an object that carries it under "gameState" (the joinGame
// response, an actionTrain or doAction reply, a spectator frame). The
// state's hidden parts are unknown: XP is 0, Boss.NextIn is -1, ToMove, Turn
// and Round are 0.
func ReadState(data []byte) (*State, error) {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	for depth := 0; ; depth++ {
		if depth > 3 {
			return nil, errors.New("gameState: nested too deep")
		}
		if len(data) > 0 && data[0] == '"' {
			var inner string
			if err := json.Unmarshal(data, &inner); err != nil {
				return nil, fmt.Errorf("gameState: %w", err)
			}
			data = bytes.TrimSpace([]byte(inner))
			continue
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(data, &keys); err != nil {
			return nil, fmt.Errorf("gameState: not a JSON object: %w", err)
		}
		if gs, ok := keys["gameState"]; ok {
			data = bytes.TrimSpace(gs)
			continue
		}
		return decodeState(data)
	}
}

func decodeState(data []byte) (*State, error) {
	var js jsonState
	if err := json.Unmarshal(data, &js); err != nil {
		return nil, fmt.Errorf("gameState: %w", err)
	}
	if js.Map == nil {
		return nil, errors.New(`gameState: no "map"`)
	}
	s := &State{Cells: cells, Tiles: make([]Tile, CellCount), Boss: BossState{NextIn: -1}}
	seen := make([]bool, CellCount)
	for _, row := range js.Map.Tiles {
		for _, jt := range row {
			h := hex.Hex{Q: jt.Q, R: jt.R}
			i, ok := index(h)
			if !ok {
				return nil, fmt.Errorf("gameState: tile %s is off the map", cellName(h))
			}
			if seen[i] {
				return nil, fmt.Errorf("gameState: tile %s appears twice", cellName(h))
			}
			seen[i] = true
			t, err := jt.Entity.tile()
			if err != nil {
				return nil, fmt.Errorf("gameState: tile %s: %w", cellName(h), err)
			}
			s.Tiles[i] = t
		}
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("gameState: tile %s is missing", cellName(cells[i]))
		}
	}
	s.pairs = wormholePairs(s.Tiles)
	if js.Boss == nil {
		return nil, errors.New(`gameState: no "boss"`)
	}
	s.Boss.Action = js.Boss.BossAction
	for _, jt := range js.Boss.BossAttackedTiles {
		h := hex.Hex{Q: jt.Q, R: jt.R}
		if !OnMap(h) {
			return nil, fmt.Errorf("gameState: boss attacked tile %s is off the map", cellName(h))
		}
		s.Boss.Attacked = append(s.Boss.Attacked, h)
	}
	if js.ScoreBoard == nil || len(js.ScoreBoard.Players) != 4 {
		return nil, errors.New(`gameState: "scoreBoard" must list the 4 players`)
	}
	board := map[int]*jsonPlayer{}
	for k, jp := range js.ScoreBoard.Players {
		if jp == nil || jp.PlayerIdx < 1 || jp.PlayerIdx > 4 || board[jp.PlayerIdx] != nil {
			return nil, fmt.Errorf("gameState: scoreBoard entry %d: expected each playerIdx 1..4 once", k+1)
		}
		board[jp.PlayerIdx] = jp
		s.Order[k] = jp.PlayerIdx
	}
	for i, raw := range [4]json.RawMessage{js.Player1, js.Player2, js.Player3, js.Player4} {
		idx := i + 1
		jp := board[idx]
		removed := raw == nil || bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
		if !removed {
			jp = new(jsonPlayer)
			if err := json.Unmarshal(raw, jp); err != nil {
				return nil, fmt.Errorf("gameState: player%d: %w", idx, err)
			}
		}
		p, err := jp.player(idx)
		if err != nil {
			return nil, fmt.Errorf("gameState: player%d: %w", idx, err)
		}
		p.Removed = removed
		s.Players[i] = p
	}
	return s, nil
}

// tile is the tile of a gameState entity.
func (je *jsonEntity) tile() (Tile, error) {
	switch je.Type {
	case "EMPTY":
		return Tile{Kind: Empty}, nil
	case "BLACKHOLE":
		return Tile{Kind: Blackhole}, nil
	case "WORMHOLE":
		return Tile{Kind: Wormhole, Wormhole: je.ID}, nil
	case "HEALTH":
		return Tile{Kind: Health}, nil
	case "EXPERIENCE":
		return Tile{Kind: Experience}, nil
	case "ASTEROID":
		if je.Health == nil {
			return Tile{}, errors.New(`an ASTEROID needs its "health"`)
		}
		return Tile{Kind: Asteroid, Asteroid: *je.Health}, nil
	case "BOSS":
		return Tile{Kind: Boss}, nil
	}
	return Tile{}, fmt.Errorf("entity type %q", je.Type)
}

// player is the Player of a gameState player object.
func (jp *jsonPlayer) player(idx int) (Player, error) {
	h := hex.Hex{Q: jp.Q, R: jp.R}
	switch {
	case jp.PlayerIdx != idx:
		return Player{}, fmt.Errorf("playerIdx %d", jp.PlayerIdx)
	case !OnMap(h):
		return Player{}, fmt.Errorf("position %s is off the map", cellName(h))
	case jp.Level < 1 || jp.Level > MaxLevel:
		return Player{}, fmt.Errorf("level %d, expected 1..%d", jp.Level, MaxLevel)
	}
	return Player{Idx: idx, Name: jp.Name, Pos: h, Health: jp.Health, MaxHealth: MaxHealthAt(jp.Level),
		Power: jp.Power, Level: jp.Level, Kills: jp.Kills, Deaths: jp.Deaths, Score: jp.Score,
		Trapped: jp.Trapped, TrapDuration: jp.TrapDuration, Bot: jp.Type == "BOT"}, nil
}
