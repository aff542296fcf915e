package aibg5

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/arena-games/arena/game/hex"
	"github.com/stretchr/testify/require"
)

// asFixture gives our initial state on m the fixture's items, names and
// player types: the parts a fixture does not share with every game.
func asFixture(t *testing.T, e *Engine, fixture *State) *State {
	t.Helper()
	s := *e.Current()
	s.Tiles = append([]Tile(nil), s.Tiles...)
	clearItems(&s)
	for i, tile := range fixture.Tiles {
		if tile.Kind == Health || tile.Kind == Experience {
			s.Tiles[i] = tile
		}
	}
	for i := range s.Players {
		s.Players[i].Name = fixture.Players[i].Name
		s.Players[i].Bot = fixture.Players[i].Bot
	}
	return &s
}

// The fixture states were captured on test2.txt: with the fixture's items,
// names and player types, our initial state is the fixture byte for byte
// (the fixtures are re-saved by Python or pretty-printed; compacting them
// keeps Java's key order and number forms).
func TestInitialStateMatchesFixtures(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"states/initial_state.json", "states/joinGame_response.json"} {
		data := fixture(t, name)
		var compact bytes.Buffer
		require.NoError(t, json.Compact(&compact, data))
		want := compact.Bytes()
		if name == "states/joinGame_response.json" {
			var resp struct {
				PlayerIdx int             `json:"playerIdx"`
				GameState json.RawMessage `json:"gameState"`
			}
			require.NoError(t, json.Unmarshal(want, &resp))
			require.Equal(t, 1, resp.PlayerIdx)
			want = resp.GameState
		}
		fixed, err := ReadState(data)
		require.NoError(t, err)

		// Which official map: test2.txt, every tile but the two items.
		matches := map[string]int{}
		for _, m := range []string{"test1.txt", "test2.txt", "JokNejeTest.txt"} {
			mp := fixtureMap(t, m)
			for i, tile := range fixed.Tiles {
				if k := tile.Kind; k == Health || k == Experience {
					tile = Tile{}
				}
				if tile == mp.Tiles[i] {
					matches[m]++
				}
			}
		}
		require.Equal(t, 631, matches["test2.txt"], name)
		require.Less(t, matches["test1.txt"], 631)
		require.Less(t, matches["JokNejeTest.txt"], 631)

		e := newGame(t, fixtureMap(t, "test2.txt"), nil)
		ours, err := asFixture(t, e, fixed).GameState()
		require.NoError(t, err)
		require.Equal(t, string(want), string(ours), name)

		// Field by field, for a readable failure.
		var a, b any
		require.NoError(t, json.Unmarshal(want, &a))
		require.NoError(t, json.Unmarshal(ours, &b))
		require.Equal(t, a, b)
	}
}

// Our own initial state reads back to the same state, and encodes again
// to the same bytes.
func TestStateRoundTrip(t *testing.T) {
	t.Parallel()
	e := newGame(t, fixtureMap(t, "test1.txt"), nil)
	arrange(e, func(s *State) {
		s.Players[1].Removed = true
		s.Players[0].Kills, s.Players[0].Deaths = 1, 3
		s.Players[2].Name = "<Ćuk & \"Mala\"\n\x01>"
		s.Players[3].Bot = true
		s.Tiles[indexOf(h(0, -11))] = Tile{Kind: Asteroid, Asteroid: 50}
		s.Boss.Action = true
		s.Boss.Attacked = []hex.Hex{h(0, -4), h(-6, -2)}
		s.Order = [4]int{3, 1, 4, 2}
	})
	js, err := e.State()
	require.NoError(t, err)
	require.True(t, json.Valid(js))
	require.Contains(t, string(js), `"player2":null`)
	require.Contains(t, string(js), `"kd":0.3333333333333333}`)
	require.Contains(t, string(js), `"name":"<Ćuk & \"Mala\"\n\u0001>"`)
	require.Contains(t, string(js), `{"type":"BOT","r":7,"q":7,"playerIdx":4`)
	back, err := ReadState(js)
	require.NoError(t, err)
	again, err := back.GameState()
	require.NoError(t, err)
	require.Equal(t, string(js), string(again))
	require.True(t, back.Players[1].Removed)
	require.Equal(t, -1, back.Boss.NextIn)

	// The wire's string holding JSON, and the reply shapes.
	quoted, _ := json.Marshal(string(js))
	for _, wrapped := range [][]byte{
		quoted,
		[]byte(`{"gameState":` + string(quoted) + `,"message":"null"}`),
		[]byte(`{"gameState":` + string(quoted) + `,"time":1000,"playerAttack":"null"}`),
		[]byte(`{"playerIdx":2,"gameState":` + string(js) + `}`),
	} {
		s, err := ReadState(wrapped)
		require.NoError(t, err)
		got, _ := s.GameState()
		require.Equal(t, string(js), string(got))
	}
}

func TestReadStateErrors(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{``, `[]`, `{}`, `"x"`, `{"map":{"size":29,"tiles":[]}}`, `{"gameState":{"gameState":{"gameState":{"gameState":{"gameState":1}}}}}`} {
		_, err := ReadState([]byte(bad))
		require.Error(t, err, bad)
	}
}

// Java's Double.toString for the values a KD takes.
func TestJavaDouble(t *testing.T) {
	t.Parallel()
	for x, want := range map[float64]string{
		0: "0.0", 1: "1.0", 0.5: "0.5", 1.0 / 3: "0.3333333333333333", 2.0 / 3: "0.6666666666666666",
		7.0 / 3: "2.3333333333333335", 100: "100.0", 1e7: "1.0E7", 12345678: "1.2345678E7",
		1e-3: "0.001", 1.0 / 1024: "9.765625E-4", math.Copysign(0, -1): "-0.0",
	} {
		require.Equal(t, want, JavaDouble(x), "%v", x)
	}
}

// The six tied offsets at distance 2 (§4.3(d)), under Java's rounding.
func TestLineTies(t *testing.T) {
	t.Parallel()
	for off, mid := range map[hex.Hex]hex.Hex{
		h(1, 1): h(1, 0), h(-1, -1): h(0, -1), h(2, -1): h(1, 0),
		h(-2, 1): h(-1, 1), h(1, -2): h(1, -1), h(-1, 2): h(0, 1),
	} {
		for _, from := range []hex.Hex{h(0, 0), h(-5, 3), h(7, -9)} {
			require.Equal(t, from.Add(mid), lineCell(from, from.Add(off), 1, 2), "offset %v from %v", off, from)
		}
	}
	// Half away from zero would pick (1,-6) in scenario 16.
	require.Equal(t, h(1, -5), lineCell(h(0, -5), h(2, -6), 1, 2))
}

// Legal lists the legal moves and the shots that hit something, and
// nothing for a player not to act.
func TestLegal(t *testing.T) {
	t.Parallel()
	e := newGame(t, openMap(), nil)
	arrange(e, func(s *State) {
		clearItems(s)
		place(s, 1, h(0, -4))
		place(s, 2, h(1, -4))
		s.Tiles[indexOf(h(-1, -3))] = Tile{Kind: Blackhole}
		s.Tiles[indexOf(h(0, -5))] = Tile{Kind: Asteroid, Asteroid: 350}
	})
	s := e.Current()
	legal := s.Legal(1)
	require.Contains(t, legal, "move,-1,-4")
	require.Contains(t, legal, "move,-1,-3", "entering a free black hole is legal")
	require.NotContains(t, legal, "move,1,-4", "P2 is there")
	require.NotContains(t, legal, "move,0,-5", "an asteroid")
	require.Contains(t, legal, "attack,1,-4")
	require.Contains(t, legal, "attack,0,-5")
	require.Contains(t, legal, "attack,0,-1")
	require.NotContains(t, legal, "attack,0,-4")
	for _, a := range legal {
		require.NoError(t, e.Check(0, a), a)
	}
	require.Nil(t, s.Legal(2))
	require.ErrorContains(t, e.Check(1, "move,1,-5"), "P1's turn")
	require.ErrorContains(t, e.Check(0, "move,0,-6"), MsgNotAdjacent)
	require.ErrorContains(t, e.Check(0, ""), MsgNull)
}

// The shot lines of the table are those of the formula, from every cell.
func TestShotLines(t *testing.T) {
	t.Parallel()
	for _, from := range cells {
		for _, off := range reachOffsets {
			d := off.Length()
			mids := shotLine(off)
			require.Len(t, mids, d-1)
			for i, m := range mids {
				require.Equal(t, lineCell(from, from.Add(off), i+1, d), from.Add(m), "from %v offset %v", from, off)
			}
		}
	}
}
