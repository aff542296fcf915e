package aibg5

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/stretchr/testify/require"
)

// stream is a game's states as the given writer shapes them, one per line.
func stream(t *testing.T, frames []game.Frame, line func(i int, state []byte, f game.Frame) string) []byte {
	t.Helper()
	var b bytes.Buffer
	for i, f := range frames {
		js, err := f.State.(*State).GameState()
		require.NoError(t, err)
		b.WriteString(line(i, js, f) + "\n")
	}
	return b.Bytes()
}

func quote(b []byte) string {
	q, _ := json.Marshal(string(b))
	return string(q)
}

// A sequence of gameStates imports as a recording of the same states, with
// the moves, attacks and deaths seen between them.
func TestImportStates(t *testing.T) {
	t.Parallel()
	_, frames := botGame(t, wormholeMap(), map[string]string{"turns": "25"}, 3, [4]string{"tactical", "greedy", "training", "greedy"})
	plain := stream(t, frames, func(_ int, js []byte, _ game.Frame) string { return string(js) })
	spectator := stream(t, frames, func(i int, js []byte, f game.Frame) string {
		attack := `"null"`
		for _, ev := range f.Events {
			if a, ok := ev.Data.(Attacked); ok {
				attack = quote([]byte(fmt.Sprintf(`{"playerIdx":%d,"q":%d,"r":%d}`, a.Player, a.Hit.Q, a.Hit.R)))
			}
		}
		if i == 0 {
			attack = "null"
		}
		frame := fmt.Sprintf(`{"gameState":%s,"time":%d,"playerAttack":%s}`, quote(js), 180000-i, attack)
		return frame + "\n" + frame // every frame twice, as the timer ticks repeat it
	})
	ours := stream(t, frames, func(i int, js []byte, f game.Frame) string {
		if i == 0 {
			return `{"game":"aibg5","map":"open","seed":3,"names":["a","b","c","d"]}`
		}
		var move string
		var seat game.Seat
		for s, m := range f.Moves {
			seat, move = s, m
		}
		return fmt.Sprintf(`{"turn":%d,"playerIdx":%d,"action":%q,"message":null,"frame":{"gameState":%s,"time":1,"playerAttack":"null"}}`,
			i, seat.Number(), move, quote(js))
	})
	for name, data := range map[string][]byte{"plain.json": plain, "spectator.jsonl": spectator, "ours.jsonl": ours} {
		require.True(t, isStateSequence(name, data), name)
		rec, err := game.Open(name, data)
		require.NoError(t, err, name)
		require.Equal(t, "aibg5", rec.Title.ID())
		offset := 0
		if name == "ours.jsonl" {
			offset = 1 // the header line stands for the first state
			require.Equal(t, int64(3), rec.Header.Config.Seed)
			require.Equal(t, "open", rec.Header.Config.Map)
		}
		require.Equal(t, len(frames)-offset, rec.Timeline.Len(), name)
		for i, f := range frames[offset:] {
			i += offset
			want, _ := f.State.(*State).GameState()
			got, _ := rec.Timeline.Frame(i - offset).State.(*State).GameState()
			require.Equal(t, string(want), string(got), "%s frame %d", name, i)
			if i == offset {
				continue
			}
			if name == "ours.jsonl" {
				require.Equal(t, f.Moves, rec.Timeline.Frame(i-offset).Moves)
			}
			for _, kind := range []string{EventMove, EventDeath} {
				var a, b []any
				for _, ev := range f.Events {
					if ev.Kind == kind {
						a = append(a, ev.Data)
					}
				}
				for _, ev := range rec.Timeline.Frame(i - offset).Events {
					if ev.Kind == kind {
						b = append(b, ev.Data)
					}
				}
				if kind == EventDeath {
					// Two ships dying in one step show the killers only
					// as a set.
					require.Equal(t, len(a), len(b), "%s frame %d: %s", name, i, kind)
					continue
				}
				require.Equal(t, a, b, "%s frame %d: %s", name, i, kind)
			}
		}
		// 25 rounds, with four ships left: the states cannot tell that the
		// game ended there, so the recording is unfinished.
		_, over := rec.Result()
		require.False(t, over)
		sum := rec.Summary()
		require.Equal(t, "unfinished", sum.Reason)
		require.Equal(t, 0, sum.Winner)
		require.Equal(t, []string{"player1", "player2", "player3", "player4"}, sum.Seats)
		require.Equal(t, len(frames)-1-offset, sum.Turns)
	}
}

// The fixtures import: the re-saved state and the pretty-printed joinGame
// response, each a recording of one frame; a reply with only a message is
// passed over.
func TestImportFixtures(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"states/initial_state.json", "states/joinGame_response.json"} {
		data := fixture(t, name)
		require.True(t, isStateSequence(name, data))
		rec, err := game.Open(name, append(data, []byte("\n{\"message\":\"Niste na potezu\"}\n")...))
		require.NoError(t, err)
		require.Equal(t, 1, rec.Timeline.Len())
		require.Equal(t, "test2", mapOf(t, rec.Timeline.Last().State.(*State)))
		// One state at turn 0 is a position, not a game won by player 1.
		sum := rec.Summary()
		require.Equal(t, "unfinished", sum.Reason, name)
		require.Equal(t, 0, sum.Winner, name)
	}
	for name, data := range map[string]string{
		"map.txt":   string(openMap().File()),
		"empty":     "",
		"prose.txt": "scoreBoard tiles",
	} {
		require.False(t, isStateSequence(name, []byte(data)), name)
	}
	_, err := ImportStates("x.json", []byte(`{"message":"null"}`))
	require.ErrorContains(t, err, "no gameState")
	_, err = ImportStates("x.json", []byte(`{"scoreBoard":1,"tiles":2,"map":3}`))
	require.ErrorContains(t, err, "x.json: value 1")
	_, err = ImportStates("x.json", []byte(`{"gameState":"{}"} {`))
	require.ErrorContains(t, err, "value 1")
}

// mapOf names the official map whose tiles s has, items aside.
func mapOf(t *testing.T, s *State) string {
	for _, name := range []string{"test1", "test2", "JokNejeTest"} {
		m := fixtureMap(t, name+".txt")
		same := true
		for i, tile := range s.Tiles {
			if tile.Kind == Health || tile.Kind == Experience {
				tile = Tile{}
			}
			same = same && tile == m.Tiles[i]
		}
		if same {
			return name
		}
	}
	return ""
}
