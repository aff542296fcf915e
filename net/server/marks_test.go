//go:build !js

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/net/contest/contesttest"
	"github.com/arena-games/arena/net/stream"
)

// marker plays a seat with a bot and sends, with each move on /play, its
// debug marks: a cell and a log line that name its secret.
type marker struct {
	bot  game.Player
	seat int
}

func secret(seat int) string { return fmt.Sprintf("plan-of-seat-%d", seat) }

func (m marker) Play(ctx context.Context, obs any) (game.Answer, error) {
	a, err := m.bot.Play(ctx, obs)
	mark := fmt.Sprintf(`#mark [{"kind":"text","at":[2,2],"text":%q,"color":"red"}]`, secret(m.seat))
	a.Move = mark + "\n" + a.Move + "\n#log " + secret(m.seat) + " again"
	return a, err
}

// readAll reads a stream to its end: every message, joined.
func readAll(t *testing.T, conn *websocket.Conn) string {
	t.Helper()
	defer conn.CloseNow()
	var all strings.Builder
	for {
		rctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, data, err := conn.Read(rctx)
		cancel()
		if err != nil {
			return all.String()
		}
		all.Write(data)
		all.WriteByte('\n')
	}
}

// playMarked plays a Santorini match of two remote seats that send marks,
// with the marks policy given, to its end.
func playMarked(t *testing.T, ts *testServer, marks string) stream.Created {
	created := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "remote"}, Seed: 3, Limit: "20s", Marks: marks})
	for s := range 2 {
		title, err := game.Lookup("santorini")
		require.NoError(t, err)
		p, err := title.NewBot("alphabeta", "1", game.Seat(s), game.NewRand(3, uint64(s)+1))
		require.NoError(t, err)
		feed := ts.client.Play(ctx(t), created.ID, game.Seat(s), created.Seats[s].Token, marker{p, s + 1})
		t.Cleanup(func() { feed.Close() })
	}
	ts.waitStatus(created.ID, stream.Finished)
	return created
}

// A seat's marks on /play reach the replay beside its moves; the jury and
// the seat itself see them, and the spectators and the other seat do not
// (the marks policy "seats", the default), neither live nor in the
// replay they download; with the policy "all", the spectators see them.
func TestMarksAreTheSeatsOwn(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	created := playMarked(t, ts, "")
	in, err := ts.client.Match(ctx(t), created.ID)
	require.NoError(t, err)
	require.Equal(t, MarksSeats, in.Marks)

	// The replay, as the jury downloads it: every move with its marks.
	rec, err := ts.client.Open(ctx(t), created.ID)
	require.NoError(t, err)
	moves := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		for s, m := range f.Moves {
			moves++
			require.NotContains(t, m, "#", "the marks are not the move")
			n := f.Notes[s]
			require.Len(t, n.Marks, 2, "step %d", i)
			require.Equal(t, secret(s.Number()), n.Marks[0].Text)
			require.Equal(t, game.Mark{Kind: "log", Text: secret(s.Number()) + " again"}, n.Marks[1])
		}
	}
	require.Positive(t, moves)

	// Live streams, read from the start: the jury's, the public's, each seat's.
	jury, _, err := ts.dialAs("/api/matches/"+created.ID+"/stream", ts.jury)
	require.NoError(t, err)
	all := readAll(t, jury)
	require.Contains(t, all, secret(1))
	require.Contains(t, all, secret(2))
	public, _, err := ts.dialAs("/api/matches/"+created.ID+"/stream", "")
	require.NoError(t, err)
	all = readAll(t, public)
	require.Contains(t, all, `"step":`)
	require.NotContains(t, all, "plan-of-seat")
	require.NotContains(t, all, `"marks"`)
	for s := 1; s <= 2; s++ {
		conn, _, err := ts.dialAs(fmt.Sprintf("/api/matches/%s/play?seat=%d", created.ID, s), created.Seats[s-1].Token)
		require.NoError(t, err)
		all = readAll(t, conn)
		require.Contains(t, all, secret(s), "seat %d sees its own marks", s)
		require.NotContains(t, all, secret(3-s), "seat %d does not see the other seat's", s)
	}

	// The replay downloaded by the public, and by the jury.
	download := func(token string) []byte {
		resp := ts.get("/api/matches/"+created.ID+"/replay", token)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return data
	}
	require.NotContains(t, strings.Join(replayLines(t, download("")), "\n"), "plan-of-seat")
	require.Contains(t, strings.Join(replayLines(t, download(ts.jury)), "\n"), secret(2))
	open, err := game.Open("public.arena", download(""))
	require.NoError(t, err, "the public's replay still opens")
	require.Equal(t, rec.Timeline.Len(), open.Timeline.Len())

	// A spectator cannot send marks.
	public, _, err = ts.dialAs("/api/matches/"+created.ID+"/stream", "")
	require.NoError(t, err)
	require.NoError(t, public.Write(ctx(t), websocket.MessageText, []byte(`#mark {"kind":"cell","at":[0,0]}`)))
	public.CloseNow()

	// The owner shows the marks to everyone.
	shown := playMarked(t, ts, MarksAll)
	public, _, err = ts.dialAs("/api/matches/"+shown.ID+"/stream", "")
	require.NoError(t, err)
	all = readAll(t, public)
	require.Contains(t, all, secret(1))
	require.Contains(t, all, secret(2))

	status, msg := ts.post("/api/matches", ts.admin, `{"title":"santorini","seats":["remote","remote"],"marks":"public"}`)
	require.Equal(t, http.StatusBadRequest, status)
	require.Contains(t, msg, `marks \"public\": expected seats`)
}

// The lines a reader gets: a seat's own marks, or none, and nothing else
// changed; a line that is not a step's is kept out whole.
func TestOwnLine(t *testing.T) {
	line := []byte(`{"step":3,"moves":{"1":"C3 C4 C5"},"notes":{"1":{"text":"12 ms","marks":[{"kind":"cell","at":[1,1]}],"cut":2,"cut_why":"x"},"2":{"marks":[{"kind":"log","text":"mine"}]}},"events":"ab12"}`)
	var got map[string]any
	require.NoError(t, json.Unmarshal(bareLine(line), &got))
	require.Equal(t, map[string]any{"step": 3.0, "moves": map[string]any{"1": "C3 C4 C5"}, "notes": map[string]any{"1": map[string]any{"text": "12 ms"}}, "events": "ab12"}, got)
	require.NoError(t, json.Unmarshal(ownLine(line, 2), &got))
	require.Equal(t, map[string]any{"1": map[string]any{"text": "12 ms"}, "2": map[string]any{"marks": []any{map[string]any{"kind": "log", "text": "mine"}}}}, got["notes"])
	require.Nil(t, bareLine([]byte(`{"step":3,"moves":{"1":"#mark \"marks\":"}}`)), "no marks: the line as it is")
	require.Equal(t, "{}", string(ownLine([]byte(`{"cut": nope`), 0)))
}

// The starter program of docs/debug-drawing.md plays a remote seat on
// /play as the docs write it: its marks arrive with its moves.
func TestDocExamplePlaysWithMarks(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t, "websocket")
	ts := newTestServer(t, Options{})
	created := ts.create(stream.CreateRequest{Title: "alienwarz", Seats: []string{"remote", "miner"}, Seed: 2,
		Options: map[string]string{"turns": "12"}, Limit: "20s"})
	cmd := exec.Command(py, contesttest.DocExample(t, "play", "play.py"),
		"ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/matches/"+created.ID+"/play", "1", created.Seats[0].Token)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("the program printed:\n%s", out.String())
		}
	})
	ts.waitStatus(created.ID, stream.Finished)
	rec, err := ts.client.Open(ctx(t), created.ID)
	require.NoError(t, err)
	moves := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if m, ok := f.Moves[0]; ok {
			moves++
			require.Equal(t, "rest", m)
			require.Equal(t, []game.Mark{{Kind: "cell", At: &[2]int{9, 0}, Color: "blue"}, {Kind: "text", At: &[2]int{9, 0}, Text: "home"},
				{Kind: "log", Text: fmt.Sprintf("step %d", i)}}, f.Notes[0].Marks)
		}
	}
	require.Equal(t, 6, moves)
}

// In a game with fog, a seat's stream is its own view: its own marks come
// with its own moves there, and never the other seat's.
func TestFoggedSeatsSeeTheirOwnMarks(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	created := ts.create(stream.CreateRequest{Title: "guardains", Seats: []string{"remote", "remote"}, Seed: 5, Map: "maze:20x14",
		Options: map[string]string{"turns": "20"}, Limit: "20s"})
	var raws []<-chan []byte
	for s := range 2 {
		raws = append(raws, rawSeat(t, ts, created.ID, s+1, created.Seats[s].Token))
		bot, err := guardains.Title{}.NewBot([]string{"hunter", "explorer"}[s], "", game.Seat(s), nil)
		require.NoError(t, err)
		feed := ts.client.Play(ctx(t), created.ID, game.Seat(s), created.Seats[s].Token, marker{bot, s + 1})
		defer feed.Close()
	}
	ts.waitStatus(created.ID, stream.Finished)
	for s := range 2 {
		_, all := views(t, raws[s])
		var got strings.Builder
		for _, m := range all {
			got.Write(m)
		}
		require.Contains(t, got.String(), secret(s+1), "seat %d sees its own marks", s+1)
		require.NotContains(t, got.String(), secret(2-s), "seat %d does not see the other seat's", s+1)
	}
}

// drawer plays with a bot and draws a cell with each move, in its notes.
type drawer struct{ bot game.Player }

func (d drawer) Play(ctx context.Context, obs any) (game.Answer, error) {
	a, err := d.bot.Play(ctx, obs)
	a.Notes = &game.Notes{Text: "mine", Marks: []game.Mark{{Kind: "cell", At: &[2]int{4, 4}, Color: "green"}}}
	return a, err
}

// A player of Arena's own client (arena play --server) sends the marks of
// its answers with its moves.
func TestTheClientSendsItsPlayersMarks(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	created := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 4, Limit: "20s"})
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	bot, err := title.NewBot("alphabeta", "1", 0, nil)
	require.NoError(t, err)
	feed := ts.client.Play(ctx(t), created.ID, 0, created.Seats[0].Token, drawer{bot})
	defer feed.Close()
	ts.waitStatus(created.ID, stream.Finished)
	rec, err := ts.client.Open(ctx(t), created.ID)
	require.NoError(t, err)
	moves := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		if _, ok := rec.Timeline.Frame(i).Moves[0]; ok {
			moves++
			require.Equal(t, []game.Mark{{Kind: "cell", At: &[2]int{4, 4}, Color: "green"}}, rec.Timeline.Frame(i).Notes[0].Marks)
		}
	}
	require.Positive(t, moves)
}
