package aibg5

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/hex"
	"github.com/stretchr/testify/require"
)

// The conformance scenarios of rules/aibg5.md §8. Defaults: no boss turn
// intervenes, health = max, the other players at their spawns; the items
// are taken off the map unless a scenario places them.

// scenario starts a game on a fixture map with no items on it.
func scenario(t *testing.T, mapName string, options map[string]string) *Engine {
	t.Helper()
	e := newGame(t, fixtureMap(t, mapName), options)
	arrange(e, clearItems)
	return e
}

// Scenario 1: the initial state on test1.txt.
func TestScenario01Initial(t *testing.T) {
	t.Parallel()
	e := newGame(t, fixtureMap(t, "test1.txt"), nil)
	s := e.Current()
	require.Len(t, s.Tiles, 631)
	counts := map[Kind]int{}
	for i, tile := range s.Tiles {
		counts[tile.Kind]++
		switch tile.Kind {
		case Asteroid:
			require.Equal(t, 350, tile.Asteroid)
		case Health:
			require.True(t, s.Cells[i].Ring() >= 2 && s.Cells[i].Ring() <= 10, "HEALTH on ring %d", s.Cells[i].Ring())
		case Wormhole:
			require.Contains(t, []hex.Hex{h(-8, 0), h(8, 0)}, s.Cells[i])
			require.Equal(t, 0, tile.Wormhole)
		}
	}
	require.Equal(t, map[Kind]int{Asteroid: 92, Boss: 7, Blackhole: 4, Wormhole: 2, Health: 1, Experience: 1, Empty: 524}, counts)
	js, err := s.GameState()
	require.NoError(t, err)
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(js, &top))
	require.Equal(t, `{"type":"PLAYER","r":-7,"q":-7,"playerIdx":1,"name":"player1","health":1000,"power":150,"level":1,"kills":0,"deaths":0,"score":0,"trapped":false,"trapDuration":0,"kd":0.0}`, string(top["player1"]))
	require.Equal(t, `{"type":"BOSS","bossAction":false,"bossAttackedTiles":[]}`, string(top["boss"]))
	require.Equal(t, [4]int{1, 2, 3, 4}, s.Order)
	require.True(t, strings.HasPrefix(string(js), `{"map":{"size":29,"tiles":[[{"q":0,"r":-14,"entity":{"type":"EMPTY"},"tileType":"NORMAL"},`))
	require.Contains(t, string(js), `{"q":0,"r":-11,"entity":{"type":"ASTEROID","health":350},"tileType":"FULL"}`)
	require.Contains(t, string(js), `{"q":-8,"r":0,"entity":{"type":"WORMHOLE","id":0},"tileType":"NORMAL"}`)
	require.Equal(t, 8, strings.Count(string(js), `{"type":"BOSS","bossAction":false,"bossAttackedTiles":[]}`))
}

// Scenarios 2 and 3: a move, also written with spaces and trailing commas.
func TestScenario02and03Move(t *testing.T) {
	t.Parallel()
	for _, move := range []string{"move,-7,-6", " move , -7 , -6 ,, "} {
		e := scenario(t, "test2.txt", nil)
		f := act(t, e, move)
		p := e.Current().Player(1)
		require.Equal(t, h(-7, -6), p.Pos, move)
		require.Equal(t, 1000, p.Health)
		require.Empty(t, penalties(f))
		require.Equal(t, []Moved{{Player: 1, From: h(-7, -7), To: h(-7, -6)}}, eventsOf[Moved](f))
		require.Equal(t, 2, e.Current().ToMove)
	}
}

// illegal plays an illegal action of P1 at its spawn and checks the
// message, the penalty to 900, the unchanged position and the turn passing.
func illegal(t *testing.T, mapName, move, message string) {
	t.Helper()
	e := scenario(t, mapName, nil)
	f := act(t, e, move)
	p := e.Current().Player(1)
	require.Equal(t, []string{message}, penalties(f), move)
	require.Equal(t, 900, p.Health, move)
	require.Equal(t, h(-7, -7), p.Pos, move)
	require.Equal(t, 2, e.Current().ToMove, move)
	require.Equal(t, []game.Seat{1}, e.ToMove())
	_, err := ParseAction(move)
	if message == MsgFields || message == MsgCoordinates || message == MsgKeyword || message == MsgOffMap {
		require.EqualError(t, err, message)
	}
}

// Scenarios 4-8: the grammar and the checks of §4.1 in order.
func TestScenario04to08Illegal(t *testing.T) {
	t.Parallel()
	for move, message := range map[string]string{
		"move,-7":              MsgFields,
		"move,-7,-6,1":         MsgFields,
		"move,x,-6":            MsgCoordinates,
		"move,2147483648,0":    MsgCoordinates,
		"Move,-7,-6":           MsgKeyword,
		"jump,99,0":            MsgOffMap,
		"move,-8,-7":           MsgOffMap,
		"move,-7,-5":           MsgNotAdjacent,
		"move,-7,-7":           MsgNotAdjacent,
		",,,":                  MsgFields,
		"move,-7,-6,,x":        MsgFields,
		"move,٣,1":             MsgCoordinates,
		"move,+-1,1":           MsgCoordinates,
		"attack,-2147483649,0": MsgCoordinates,
	} {
		illegal(t, "test2.txt", move, message)
	}
}

// Scenario 9: a blocked move (asteroid, another ship); compat penalises
// twice.
func TestScenario09Blocked(t *testing.T) {
	t.Parallel()
	for _, compat := range []bool{false, true} {
		want := 900
		var opts map[string]string
		if compat {
			want, opts = 810, map[string]string{"double_block_penalty": "true"}
		}
		e := scenario(t, "test1.txt", opts)
		arrange(e, func(s *State) { place(s, 1, h(-3, -9)) })
		f := act(t, e, "move,-3,-8")
		require.Equal(t, want, e.Current().Player(1).Health)
		require.Equal(t, MsgBlocked, penalties(f)[0])
		require.Equal(t, h(-3, -9), e.Current().Player(1).Pos)

		e = scenario(t, "test1.txt", opts)
		arrange(e, func(s *State) { place(s, 1, h(-3, -9)); place(s, 2, h(-3, -10)) })
		f = act(t, e, "move,-3,-10")
		require.Equal(t, want, e.Current().Player(1).Health)
		require.Equal(t, MsgBlocked, penalties(f)[0])
		require.Equal(t, h(-3, -9), e.Current().Player(1).Pos)
	}
}

// Scenario 10: the penalty is a tenth of the current health, rounded down.
func TestScenario10Penalty(t *testing.T) {
	t.Parallel()
	for from, to := range map[int]int{995: 896, 1300: 1170, 9: 9, 1: 1, 10: 9} {
		e := scenario(t, "test2.txt", nil)
		arrange(e, func(s *State) { s.Players[0].Health = from })
		act(t, e, "move,-7")
		require.Equal(t, to, e.Current().Player(1).Health, "from %d", from)
	}
}

// Scenario 11: a missing action (the null action under timeout_null); by
// default an empty move means no answer in time and removes the seat (R21).
func TestScenario11NullAction(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", map[string]string{"timeout_null": "true"})
	f := act(t, e, "")
	require.Equal(t, []string{MsgNull}, penalties(f))
	require.Equal(t, 900, e.Current().Player(1).Health)
	require.Equal(t, 2, e.Current().ToMove)
	_, err := ParseAction("")
	require.EqualError(t, err, MsgNull)

	e = scenario(t, "test2.txt", nil)
	f = act(t, e, "")
	require.Equal(t, []Removed{{Player: 1}}, eventsOf[Removed](f))
	require.True(t, e.Current().Player(1).Removed)
	require.Equal(t, 2, e.Current().ToMove)
	js, err := e.State()
	require.NoError(t, err)
	require.Contains(t, string(js), `"player1":null,"player2":{`)
	require.Contains(t, string(js), `"scoreBoard":{"players":[{"type":"PLAYER","r":-7,"q":-7,"playerIdx":1,`)
}

// Scenario 12: a hit on a player.
func TestScenario12Hit(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(0, -9)); place(s, 2, h(0, -7)) })
	f := act(t, e, "attack,0,-7")
	s := e.Current()
	require.Equal(t, 850, s.Player(2).Health)
	require.Equal(t, 30, s.Player(1).XP)
	require.Empty(t, penalties(f))
	require.Equal(t, []Attacked{{Player: 1, Target: h(0, -7), Hit: h(0, -7), Damage: 150, What: Empty, Victim: 2}}, eventsOf[Attacked](f))
}

// Scenario 13: a kill: 130 XP (a level), the kill's score, KDs, respawn.
func TestScenario13Kill(t *testing.T) {
	t.Parallel()
	for _, killScore := range []int{50, 100} {
		var opts map[string]string
		if killScore == 100 {
			opts = map[string]string{"kill_score": "100"}
		}
		e := scenario(t, "test2.txt", opts)
		arrange(e, func(s *State) {
			place(s, 1, h(0, -9))
			place(s, 2, h(0, -7))
			s.Players[1].Health = 150
			s.Players[0].XP = 900
		})
		f := act(t, e, "attack,0,-7")
		s := e.Current()
		p1, p2 := s.Player(1), s.Player(2)
		require.Equal(t, 1, p2.Deaths)
		require.Equal(t, 0.0, p2.KD())
		require.Equal(t, h(14, -7), p2.Pos)
		require.Equal(t, 1000, p2.Health)
		require.Equal(t, 1, p1.Kills)
		require.Equal(t, 1.0, p1.KD())
		require.Equal(t, killScore, p1.Score)
		require.Equal(t, 2, p1.Level)
		require.Equal(t, 30, p1.XP)
		require.Equal(t, 1300, p1.Health)
		require.Equal(t, 1300, p1.MaxHealth)
		require.Equal(t, 200, p1.Power)
		require.Equal(t, []Died{{Player: 2, Killer: 1, At: h(0, -7), Respawn: h(14, -7)}}, eventsOf[Died](f))
		require.Equal(t, []LevelUp{{Player: 1, Level: 2}}, eventsOf[LevelUp](f))
		js, _ := s.GameState()
		require.Contains(t, string(js), `"kills":1,"deaths":0,"score":`+map[int]string{50: "50", 100: "100"}[killScore]+`,"trapped":false,"trapDuration":0,"kd":1.0}`)
	}
}

// Scenario 14: a hit on the boss; out of range.
func TestScenario14Boss(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(0, -4)) })
	f := act(t, e, "attack,0,-1")
	require.Equal(t, 150, e.Current().Player(1).Score)
	require.Equal(t, 0, e.Current().Player(1).XP)
	require.Equal(t, []Attacked{{Player: 1, Target: h(0, -1), Hit: h(0, -1), Damage: 150, What: Boss}}, eventsOf[Attacked](f))

	e = scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(0, -4)) })
	f = act(t, e, "attack,0,0")
	require.Equal(t, []string{MsgRange}, penalties(f))
	require.Equal(t, 900, e.Current().Player(1).Health)
}

// Scenario 15: a ship on the line takes the shot aimed at the boss.
func TestScenario15ShipInTheLine(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(0, -4)); place(s, 3, h(0, -3)) })
	f := act(t, e, "attack,0,-1")
	s := e.Current()
	require.Equal(t, 850, s.Player(3).Health)
	require.Equal(t, 0, s.Player(1).Score)
	require.Equal(t, h(0, -3), eventsOf[Attacked](f)[0].Hit)
	require.Equal(t, 3, eventsOf[Attacked](f)[0].Victim)
	require.Equal(t, h(0, -3), s.AttackStop(h(0, -4), h(0, -1)))
}

// Scenario 16: Java's rounding puts (1,-5), an empty black hole, on the
// line; it absorbs the shot with a penalty and the message null.
func TestScenario16Rounding(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(0, -5)); place(s, 2, h(2, -6)) })
	f := act(t, e, "attack,2,-6")
	s := e.Current()
	require.Equal(t, 1000, s.Player(2).Health)
	require.Equal(t, 900, s.Player(1).Health)
	require.Equal(t, []string{""}, penalties(f))
	require.Equal(t, h(1, -5), eventsOf[Attacked](f)[0].Hit)
	require.Equal(t, Blackhole, eventsOf[Attacked](f)[0].What)
	require.Equal(t, h(1, -5), s.AttackStop(h(0, -5), h(2, -6)))
}

// Scenario 17: shots at cells that are no target.
func TestScenario17NotATarget(t *testing.T) {
	t.Parallel()
	for from, move := range map[hex.Hex]string{h(0, -9): "attack,0,-8", h(0, -5): "attack,1,-5"} {
		e := scenario(t, "test2.txt", nil)
		arrange(e, func(s *State) { place(s, 1, from) })
		f := act(t, e, move)
		require.Equal(t, []string{MsgNotTarget}, penalties(f), move)
		require.Equal(t, 900, e.Current().Player(1).Health)
	}
}

// Scenario 18: a self-attack (compat: the message null).
func TestScenario18Self(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(0, -9)) })
	f := act(t, e, "attack,0,-9")
	require.Equal(t, []string{MsgSelf}, penalties(f))
	require.Equal(t, 900, e.Current().Player(1).Health)

	e = scenario(t, "test2.txt", map[string]string{"self_attack_null": "1"})
	arrange(e, func(s *State) { place(s, 1, h(0, -9)) })
	f = act(t, e, "attack,0,-9")
	require.Equal(t, []string{""}, penalties(f))
	require.Equal(t, 900, e.Current().Player(1).Health)
}

// Scenario 19: three shots destroy an asteroid; 20 XP for the last.
func TestScenario19Asteroid(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test1.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(-3, -9)) })
	wantHealth := []int{200, 50}
	for shot := 0; shot < 3; shot++ {
		arrange(e, func(s *State) { s.ToMove = 1 })
		f := act(t, e, "attack,-3,-8")
		s := e.Current()
		tile, _ := s.TileAt(h(-3, -8))
		if shot < 2 {
			require.Equal(t, Tile{Kind: Asteroid, Asteroid: wantHealth[shot]}, tile)
			require.Equal(t, 0, s.Player(1).XP)
			continue
		}
		require.Equal(t, Tile{Kind: Empty}, tile)
		require.Equal(t, 20, s.Player(1).XP)
		require.Equal(t, []AsteroidDestroyed{{At: h(-3, -8), By: 1}}, eventsOf[AsteroidDestroyed](f))
		js, _ := s.GameState()
		require.Contains(t, string(js), `{"q":-3,"r":-8,"entity":{"type":"EMPTY"},"tileType":"NORMAL"}`)
	}
}

// playRound plays one action for each of the given players in turn.
func playRound(t *testing.T, e *Engine, moves map[int]string) {
	t.Helper()
	for range 4 {
		if e.Over() {
			return
		}
		idx := e.Current().ToMove
		m, ok := moves[idx]
		if !ok {
			return
		}
		act(t, e, m)
	}
}

// Scenario 20: a black hole traps for two turns that cost 10% each.
func TestScenario20Trap(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test1.txt", nil)
	arrange(e, func(s *State) { place(s, 1, h(-6, -5)) })
	f := act(t, e, "move,-5,-5")
	p := e.Current().Player(1)
	require.True(t, p.Trapped)
	require.Equal(t, 2, p.TrapDuration)
	require.Equal(t, 1000, p.Health)
	require.Equal(t, []Trapped{{Player: 1, At: h(-5, -5)}}, eventsOf[Trapped](f))
	// P2..P4 play; after the boss turn P1's trapped turn plays itself.
	act(t, e, "move,13,-7")
	act(t, e, "move,-13,7")
	f = act(t, e, "move,6,7")
	p = e.Current().Player(1)
	require.Equal(t, []string{MsgTrapped}, penalties(f))
	require.Equal(t, 900, p.Health)
	require.Equal(t, 1, p.TrapDuration)
	require.True(t, p.Trapped)
	require.Equal(t, 2, e.Current().ToMove)
	act(t, e, "move,14,-7")
	act(t, e, "move,-14,7")
	f = act(t, e, "move,7,7")
	p = e.Current().Player(1)
	require.Equal(t, []string{MsgTrapped}, penalties(f))
	require.Equal(t, 810, p.Health)
	require.Equal(t, 0, p.TrapDuration)
	require.False(t, p.Trapped)
	require.Equal(t, 2, e.Current().ToMove, "the second trapped turn is P1's turn")
	require.Equal(t, 2, e.Current().Round)
	act(t, e, "move,13,-7")
	act(t, e, "move,-13,7")
	act(t, e, "move,6,7")
	require.Equal(t, 1, e.Current().ToMove)
	act(t, e, "move,-6,-5")
	require.Equal(t, h(-6, -5), e.Current().Player(1).Pos)
	require.Equal(t, 810, e.Current().Player(1).Health)
}

// Scenario 21: a trapped ship's hole is occupied, and it can be shot.
func TestScenario21TrappedShip(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test1.txt", nil)
	arrange(e, func(s *State) {
		place(s, 1, h(-5, -5))
		s.Players[0].Trapped, s.Players[0].TrapDuration = true, 2
		place(s, 2, h(-5, -4))
		s.ToMove = 2
	})
	f := act(t, e, "move,-5,-5")
	require.Equal(t, []string{MsgBlocked}, penalties(f))
	require.Equal(t, 900, e.Current().Player(2).Health)

	arrange(e, func(s *State) { s.ToMove = 2 })
	act(t, e, "attack,-5,-5")
	require.Equal(t, 850, e.Current().Player(1).Health)
}

// Scenario 22: a trapped ship that dies is free; the hole takes the next.
func TestScenario22TrappedDeath(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test1.txt", nil)
	arrange(e, func(s *State) {
		place(s, 1, h(-5, -5))
		s.Players[0].Trapped, s.Players[0].TrapDuration, s.Players[0].Health = true, 2, 100
		place(s, 2, h(-5, -4))
		place(s, 3, h(-6, -5))
		s.ToMove = 2
	})
	act(t, e, "attack,-5,-5")
	p := e.Current().Player(1)
	require.False(t, p.Trapped)
	require.Equal(t, 0, p.TrapDuration)
	require.Equal(t, h(-7, -7), p.Pos)
	act(t, e, "move,-5,-5")
	require.True(t, e.Current().Player(3).Trapped)
	require.Equal(t, h(-5, -5), e.Current().Player(3).Pos)
}

// wormholeMap is a map with the wormhole pair id 0 at (0,-8) and (0,8), as
// on the tournament's round-1 map.
func wormholeMap() *Map {
	m := openMap()
	m.Tiles[indexOf(h(0, -8))] = Tile{Kind: Wormhole}
	m.Tiles[indexOf(h(0, 8))] = Tile{Kind: Wormhole}
	return m
}

// Scenario 23: a wormhole keeps the direction of travel; a ship on the
// exit blocks it.
func TestScenario23Wormhole(t *testing.T) {
	t.Parallel()
	for from, to := range map[hex.Hex]hex.Hex{h(0, -9): h(0, 9), h(1, -9): h(-1, 9)} {
		e := newGame(t, wormholeMap(), nil)
		arrange(e, func(s *State) { clearItems(s); place(s, 1, from) })
		f := act(t, e, "move,0,-8")
		require.Equal(t, to, e.Current().Player(1).Pos)
		via := h(0, -8)
		require.Equal(t, []Moved{{Player: 1, From: from, To: to, Via: &via}}, eventsOf[Moved](f))
	}
	e := newGame(t, wormholeMap(), nil)
	arrange(e, func(s *State) { clearItems(s); place(s, 1, h(0, -9)); place(s, 2, h(0, 9)) })
	f := act(t, e, "move,0,-8")
	require.Equal(t, []string{MsgBlocked}, penalties(f))
	require.Equal(t, 900, e.Current().Player(1).Health)
	require.Equal(t, h(0, -9), e.Current().Player(1).Pos)
}

// Scenario 24: pickups; the item reappears elsewhere.
func TestScenario24Pickups(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) {
		place(s, 1, h(0, -9))
		s.Players[0].XP, s.Players[0].Health = 950, 500
		s.Tiles[indexOf(h(0, -10))] = Tile{Kind: Experience}
	})
	f := act(t, e, "move,0,-10")
	s := e.Current()
	p := s.Player(1)
	require.Equal(t, 2, p.Level)
	require.Equal(t, 50, p.XP)
	require.Equal(t, 1300, p.Health)
	require.Equal(t, 200, p.Power)
	require.Equal(t, Tile{}, s.Tiles[indexOf(h(0, -10))])
	spawned := eventsOf[ItemSpawned](f)
	require.Len(t, spawned, 1)
	require.Equal(t, Experience, spawned[0].Item)
	require.NotEqual(t, h(0, -10), spawned[0].At)
	require.Equal(t, []Picked{{Player: 1, Item: Experience, At: h(0, -10)}}, eventsOf[Picked](f))
	require.Equal(t, 1, countKind(s, Experience))

	e = scenario(t, "test2.txt", nil)
	arrange(e, func(s *State) {
		place(s, 1, h(0, -9))
		s.Players[0].Level, s.Players[0].MaxHealth, s.Players[0].Power, s.Players[0].Health = 2, 1300, 200, 400
		s.Tiles[indexOf(h(0, -10))] = Tile{Kind: Health}
	})
	f = act(t, e, "move,0,-10")
	s = e.Current()
	require.Equal(t, 1300, s.Player(1).Health)
	spawned = eventsOf[ItemSpawned](f)
	require.Len(t, spawned, 1)
	at := spawned[0].At
	require.NotEqual(t, h(0, -10), at)
	require.True(t, at.Ring() >= 2 && at.Ring() <= 10)
	require.Equal(t, Tile{Kind: Health}, s.Tiles[indexOf(at)])
	require.Equal(t, 1, countKind(s, Health))
}

func countKind(s *State, k Kind) int {
	n := 0
	for _, t := range s.Tiles {
		if t.Kind == k {
			n++
		}
	}
	return n
}

// Scenario 25: the boss's direct attack on zone 1 at the end of round 1.
func TestScenario25Direct(t *testing.T) {
	t.Parallel()
	for _, low := range []bool{false, true} {
		e := scenario(t, "test2.txt", nil)
		arrange(e, func(s *State) {
			place(s, 1, h(0, -3))
			place(s, 2, h(2, -3))
			place(s, 3, h(0, -6))
			if low {
				s.Players[0].Health = 200
			}
		})
		act(t, e, "move,0,-4")
		act(t, e, "move,2,-4")
		act(t, e, "move,0,-5")
		f := act(t, e, "move,6,7")
		s := e.Current()
		require.Equal(t, 750, s.Player(2).Health)
		require.Equal(t, 1000, s.Player(3).Health)
		require.True(t, s.Boss.Action)
		require.Equal(t, []hex.Hex{h(0, -4), h(2, -4)}, s.Boss.Attacked)
		js, _ := s.GameState()
		require.Contains(t, string(js), `"boss":{"type":"BOSS","bossAction":true,"bossAttackedTiles":[{"q":0,"r":-4,"entity":{"type":"EMPTY"},"tileType":"NORMAL"},{"q":2,"r":-4,"entity":{"type":"EMPTY"},"tileType":"NORMAL"}]}`)
		strike := eventsOf[BossStrike](f)
		require.Len(t, strike, 1)
		require.Equal(t, []int{1, 2}, strike[0].Damaged)
		if !low {
			require.Equal(t, 750, s.Player(1).Health)
			continue
		}
		p := s.Player(1)
		require.Equal(t, 1, p.Deaths)
		require.Equal(t, h(-7, -7), p.Pos)
		require.Equal(t, 1000, p.Health)
		require.Equal(t, 0, s.Player(2).Kills+s.Player(3).Kills+s.Player(4).Kills)
		require.Equal(t, []Died{{Player: 1, Killer: 0, At: h(0, -4), Respawn: h(-7, -7)}}, eventsOf[Died](f))
		// The next player action resets bossAction; the list stays.
		act(t, e, "move,-7,-6")
		require.False(t, e.Current().Boss.Action)
		require.Equal(t, []hex.Hex{h(0, -4), h(2, -4)}, e.Current().Boss.Attacked)
	}
}

// Scenario 26: the schedule with pauses drawn 3 then 5 (compat: one more
// idle boss turn after Pattern 2).
func TestScenario26Schedule(t *testing.T) {
	t.Parallel()
	s := newGame(t, openMap(), nil).Current()
	for _, extra := range []bool{false, true} {
		pauses := []int{3, 5}
		sc := schedule{idle: 1, extra: extra, pause: func() int { p := pauses[0]; pauses = pauses[1:]; return p }}
		var got []string
		for range 15 {
			kind, list := sc.turn(s)
			switch {
			case kind == 0:
				got = append(got, "-")
			case kind == 1:
				got = append(got, string(rune('A'+slicesIndex(Pattern1, list))))
			default:
				got = append(got, "ring"+strconv.Itoa(list[0].Ring()))
			}
		}
		want := "- A B C - - - ring6 - - - - - A B"
		if extra {
			want = "- A B C - - - ring6 - - - - - - A"
		}
		require.Equal(t, want, strings.Join(got, " "), "extra %v", extra)
	}

	// A ship on (8,-2) at boss turn 2 is hit; the list is A in order.
	e := scenario(t, "test2.txt", nil)
	playRound(t, e, map[int]string{1: "move,-7,-6", 2: "move,13,-7", 3: "move,-13,7", 4: "move,6,7"})
	s = e.Current()
	require.Equal(t, 1, s.Round)
	require.Empty(t, s.Boss.Attacked)
	require.Equal(t, 0, s.Boss.NextIn)
	require.Equal(t, Pattern1[0], s.Boss.Next)
	require.Equal(t, 1, s.Boss.Pattern)
	arrange(e, func(s *State) { place(s, 1, h(8, -1)) })
	playRound(t, e, map[int]string{1: "move,8,-2", 2: "move,14,-7", 3: "move,-14,7", 4: "move,7,7"})
	f := e.Frame()
	s = e.Current()
	require.Equal(t, 2, s.Round)
	require.Equal(t, 750, s.Player(1).Health)
	require.Equal(t, Pattern1[0], s.Boss.Attacked)
	require.Equal(t, []BossStrike{{Pattern: Pattern1[0], PatternKind: 1, Damaged: []int{1}}}, eventsOf[BossStrike](f))
	require.Equal(t, Pattern1[1], s.Boss.Next)
}

func slicesIndex(p [3][]hex.Hex, list []hex.Hex) int {
	for i := range p {
		if &p[i][0] == &list[0] {
			return i
		}
	}
	return -1
}

// Scenario 27: Pattern 2's lists.
func TestScenario27Rings(t *testing.T) {
	t.Parallel()
	e := scenario(t, "test2.txt", nil)
	ring6 := e.Current().Pattern2(6)
	require.Len(t, ring6, 36)
	require.Equal(t, []hex.Hex{h(0, -6), h(1, -6), h(2, -6), h(3, -6), h(4, -6), h(5, -6), h(6, -6), h(6, -5)}, ring6[:8])
	require.Equal(t, h(-1, -5), ring6[35])

	e = scenario(t, "test1.txt", nil)
	ring10 := e.Current().Pattern2(10)
	require.Len(t, ring10, 56)
	holes := 0
	for _, c := range ring10 {
		if tile, _ := e.Current().TileAt(c); tile.Kind == Blackhole {
			holes++
		}
	}
	require.Equal(t, 4, holes)
	e = scenario(t, "test1.txt", map[string]string{"pattern2_skip_holes": "true"})
	require.Len(t, e.Current().Pattern2(10), 52)
}

// Scenario 28: respawn on the alternatives when the spawn is taken.
func TestScenario28Respawn(t *testing.T) {
	t.Parallel()
	for _, both := range []bool{false, true} {
		e := scenario(t, "test2.txt", nil)
		arrange(e, func(s *State) {
			place(s, 1, h(0, -9))
			s.Players[0].Health = 100
			place(s, 2, h(0, -7))
			place(s, 3, h(-7, -7))
			if both {
				place(s, 4, h(-8, -6))
			}
			s.ToMove = 2
		})
		act(t, e, "attack,0,-9")
		want := h(-8, -6)
		if both {
			want = h(-6, -8)
		}
		require.Equal(t, want, e.Current().Player(1).Pos)
	}
}

// Scenario 29: the scoreboard's order.
func TestScenario29Ranking(t *testing.T) {
	t.Parallel()
	s := newGame(t, openMap(), nil).Current()
	st := *s
	set := func(idx, score, kills, deaths int) {
		p := &st.Players[idx-1]
		p.Score, p.Kills, p.Deaths = score, kills, deaths
	}
	set(4, 450, 0, 0)
	set(1, 300, 1, 1)
	set(2, 300, 2, 2)
	set(3, 300, 0, 0)
	st.sortOrder()
	require.Equal(t, [4]int{4, 2, 1, 3}, st.Order)
	require.Equal(t, []int{4, 2, 1, 3}, st.Ranking())

	set(1, 0, 0, 1)
	set(2, 0, 0, 3)
	set(3, 0, 0, 0)
	set(4, 0, 0, 0)
	st.Order = [4]int{2, 1, 4, 3}
	st.sortOrder()
	require.Equal(t, [4]int{4, 3, 1, 2}, st.Order)
	st.Players[3].Deaths = 0
	st.Order = [4]int{3, 4, 1, 2}
	st.sortOrder()
	require.Equal(t, [4]int{3, 4, 1, 2}, st.Order, "full ties keep the previous order")
}
