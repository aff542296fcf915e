//go:build !js

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/net/stream"
)

// A remote seat played from another machine by a test client (a built-in
// bot reading the seat's stream) to the end, in each of the five games.
func TestRemoteSeatsPlayEveryGame(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	for _, c := range []struct {
		title   string
		seats   []string
		bot     string // the remote seat's player: KIND:STRENGTH
		options map[string]string
		mapName string
	}{
		{"santorini", []string{"alphabeta:1", "remote"}, "alphabeta:1", nil, ""},
		{"alienwarz", []string{"remote", "miner"}, "strategist", nil, ""},
		{"aibg5", []string{"greedy", "remote", "training", "greedy"}, "tactical", map[string]string{"turns": "30"}, ""},
		{"guardains", []string{"remote", "explorer"}, "hunter", map[string]string{"turns": "60"}, "maze:20x14"},
		{"aic21", []string{"forager", "remote"}, "colony", map[string]string{"turns": "50"}, ""},
	} {
		t.Run(c.title, func(t *testing.T) {
			title, err := game.Lookup(c.title)
			require.NoError(t, err)
			seat := slices.Index(c.seats, "remote")
			kind, strength, _ := cut(c.bot)
			bot, err := title.NewBot(kind, strength, game.Seat(seat), game.NewRand(1, uint64(seat)+1))
			require.NoError(t, err)
			created := ts.create(stream.CreateRequest{Title: c.title, Seats: c.seats, Seed: 2, Options: c.options, Map: c.mapName, Limit: "20s"})
			require.Equal(t, stream.Waiting, ts.waitStatus(created.ID, stream.Waiting).Status, "a match waits for its remote seats")
			tok := created.Seats[seat].Token
			require.Len(t, tok, 32, "128 bits in hex")
			feed := ts.client.Play(ctx(t), created.ID, game.Seat(seat), tok, bot)
			defer feed.Close()
			select {
			case <-feed.Done():
			case <-time.After(100 * time.Second):
				t.Fatalf("the match did not end: %s", feed.Status())
			}
			require.NoError(t, feed.Err())
			in := ts.waitStatus(created.ID, stream.Finished)
			require.True(t, in.Seats[seat].Joined)
			rec, err := ts.client.Open(ctx(t), created.ID)
			require.NoError(t, err)
			require.Equal(t, in.Turn, rec.Summary().Turns)
			moved := 0
			for i := 1; i < rec.Timeline.Len(); i++ {
				if m, ok := rec.Timeline.Frame(i).Moves[game.Seat(seat)]; ok && m != "" {
					moved++
				}
			}
			require.Positive(t, moved, "the remote seat played its moves")
			seen := feed.Recording()
			require.Equal(t, rec.Timeline.Len(), seen.Timeline.Len(), "the seat saw every turn")
			require.True(t, seen.Timeline.Last().Over)
			require.Equal(t, rec.Summary().Winner, seen.Timeline.Last().Result.Winner)
		})
	}
}

func cut(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ':' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// rawSeat reads everything a seat's stream sends, as the bytes arrive.
func rawSeat(t *testing.T, ts *testServer, id string, seat int, tok string) <-chan []byte {
	t.Helper()
	u := "ws" + ts.http.URL[len("http"):] + "/api/matches/" + id + "/play?seat=" + strconv.Itoa(seat) + "&token=" + tok
	conn, _, err := websocket.Dial(ctx(t), u, nil)
	require.NoError(t, err)
	conn.SetReadLimit(game.MaxLine)
	out := make(chan []byte, 100_000)
	go func() {
		defer close(out)
		defer conn.CloseNow()
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			out <- data
		}
	}()
	return out
}

// views are a seat's messages by step, and everything it received.
func views(t *testing.T, msgs <-chan []byte) (map[int][]byte, [][]byte) {
	byStep := map[int][]byte{}
	var all [][]byte
	for m := range msgs {
		all = append(all, m)
		l, err := stream.Classify(m)
		require.NoError(t, err)
		if l.Kind == stream.Step {
			byStep[l.Step] = m
		}
	}
	return byStep, all
}

// No byte sent to a GuardAIns player's machine tells where the other
// seat's guardians or the stone are when its view hides them.
func TestGuardAInsSeatsGetNoHiddenBytes(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	created := ts.create(stream.CreateRequest{Title: "guardains", Seats: []string{"remote", "remote"}, Seed: 5, Map: "maze:24x16",
		Options: map[string]string{"turns": "80"}, Limit: "20s"})
	var raws []<-chan []byte
	for s := range 2 {
		raws = append(raws, rawSeat(t, ts, created.ID, s+1, created.Seats[s].Token))
		kind := []string{"hunter", "explorer"}[s]
		bot, err := guardains.Title{}.NewBot(kind, "", game.Seat(s), nil)
		require.NoError(t, err)
		feed := ts.client.Play(ctx(t), created.ID, game.Seat(s), created.Seats[s].Token, bot)
		defer feed.Close()
	}
	ts.waitStatus(created.ID, stream.Finished)
	rec, err := ts.client.Open(ctx(t), created.ID)
	require.NoError(t, err)
	hidden := 0
	for s := range 2 {
		byStep, all := views(t, raws[s])
		require.Contains(t, string(all[0]), `"format":"arena-seat"`)
		require.NotContains(t, string(all[0]), `seed`, "the seat's header does not give the seed")
		require.NotContains(t, string(all[0]), "maze:24x16", "nor the map")
		for turn := range rec.Timeline.Len() {
			truth := rec.Timeline.Frame(turn).State.(*guardains.State)
			line, ok := byStep[turn]
			require.True(t, ok, "seat %d got the view of turn %d", s+1, turn)
			secret := append([]guardains.Cell{}, truth.Stone)
			for _, g := range truth.Guardians[1-s] {
				if g.Alive {
					secret = append(secret, g.Pos)
				}
			}
			for _, c := range secret {
				if truth.Visible[s].Has(c) {
					continue
				}
				hidden++
				require.False(t, bytes.Contains(line, []byte(`"`+c.String()+`"`)), "seat %d, turn %d: the hidden cell %s", s+1, turn, c)
			}
		}
	}
	require.Positive(t, hidden, "things were hidden")
}

// No byte sent to an AIC21 colony's machine tells where the other
// colony's units are when none of its units sees them (nor their hits).
func TestAIC21SeatsGetNoHiddenBytes(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	created := ts.create(stream.CreateRequest{Title: "aic21", Seats: []string{"remote", "colony"}, Seed: 3, Options: map[string]string{"turns": "90"}, Limit: "20s"})
	raw := rawSeat(t, ts, created.ID, 1, created.Seats[0].Token)
	bot, err := aic21.Title{}.NewBot("colony", "", 0, game.NewRand(3, 1))
	require.NoError(t, err)
	feed := ts.client.Play(ctx(t), created.ID, 0, created.Seats[0].Token, bot)
	defer feed.Close()
	ts.waitStatus(created.ID, stream.Finished)
	rec, err := ts.client.Open(ctx(t), created.ID)
	require.NoError(t, err)
	byStep, all := views(t, raw)
	require.NotContains(t, string(all[0]), "seed")
	hidden := 0
	for turn := range rec.Timeline.Len() {
		truth := rec.Timeline.Frame(turn).State.(*aic21.State)
		line := byStep[turn]
		require.NotNil(t, line, "turn %d", turn)
		var st game.SeatStep
		require.NoError(t, json.Unmarshal(line, &st))
		var tv struct {
			Cells []struct{ At int }
			Hits  []struct{ From, To aic21.Cell }
		}
		require.NoError(t, json.Unmarshal(st.View, &tv))
		sees := map[int]bool{}
		for _, c := range tv.Cells {
			sees[c.At] = true
		}
		for _, h := range tv.Hits {
			sees[truth.At(h.From)], sees[truth.At(h.To)] = true, true
		}
		for _, u := range truth.Units {
			if u.Colony == 0 || sees[truth.At(u.Cell())] {
				continue
			}
			hidden++
			require.False(t, bytes.Contains(line, []byte(fmt.Sprintf(`"at":%d,`, truth.At(u.Cell())))), "turn %d: hidden %v", turn, u.Cell())
		}
	}
	require.Positive(t, hidden)
}
