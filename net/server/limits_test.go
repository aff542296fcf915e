//go:build !js

package server

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// proxy forwards TCP connections to a server and can cut them all.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	cuts  int
}

func newProxy(t *testing.T, target string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &proxy{ln: ln}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
	return p
}

func (p *proxy) url() string { return "http://" + p.ln.Addr().String() }

// cut closes every connection through the proxy.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
	p.cuts++
}

// A spectator whose connection is cut mid-match reconnects by itself and
// resumes after its last line: its lines are the server's replay, byte for
// byte, no step lost or read twice; the same for a remote seat's player.
func TestCutConnectionsResumeWithoutLossOrRepeats(t *testing.T) {
	ts := newTestServer(t, Options{})
	px := newProxy(t, strings.TrimPrefix(ts.http.URL, "http://"))
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "remote"}, Seed: 4, Pace: "40ms", Limit: "20s"})
	client := &stream.Client{Base: px.url()}
	bot, err := game.Title(nil), error(nil)
	bot, err = game.Lookup("santorini")
	require.NoError(t, err)
	p, err := bot.NewBot("alphabeta", "2", 1, nil)
	require.NoError(t, err)
	player := client.Play(ctx(t), c.ID, 1, c.Seats[1].Token, p)
	defer player.Close()
	ts.waitStatus(c.ID, stream.Live)
	watch := client.Watch(ctx(t), c.ID)
	defer watch.Close()
	<-watch.Ready()
	for cut := 0; cut < 3; cut++ {
		n := watch.Recording().Timeline.Len()
		require.Eventually(t, func() bool { return watch.Recording().Timeline.Len() > n+2 }, 30*time.Second, 5*time.Millisecond)
		px.cut()
	}
	for _, f := range []*stream.Feed{watch, player} {
		select {
		case <-f.Done():
		case <-time.After(90 * time.Second):
			t.Fatalf("the stream did not end: %s", f.Status())
		}
		require.NoError(t, f.Err())
	}
	require.Equal(t, 3, px.cuts)
	data, err := ts.client.Replay(ctx(t), c.ID)
	require.NoError(t, err)
	want := replayLines(t, data)
	for _, f := range []*stream.Feed{watch, player} {
		var got []string
		for _, l := range f.Lines() {
			got = append(got, string(l))
		}
		require.Equal(t, want, got, "the client's lines are the replay's, byte for byte")
		rec, err := game.Open("replay", data)
		require.NoError(t, err)
		require.Equal(t, rec.Timeline.Len(), f.Recording().Timeline.Len())
		for i := range rec.Timeline.Len() {
			require.Equal(t, rec.Timeline.Frame(i).Moves, f.Recording().Timeline.Frame(i).Moves, "turn %d", i)
		}
	}
}

// dial opens a stream of match id.
func (ts *testServer) dial(path string) (*websocket.Conn, *http.Response, error) {
	return websocket.Dial(ctx(ts.t), "ws"+strings.TrimPrefix(ts.http.URL, "http")+path, nil)
}

// closeCode waits for the server to close conn, and returns the code.
func closeCode(t *testing.T, conn *websocket.Conn) (websocket.StatusCode, []string) {
	t.Helper()
	var msgs []string
	for {
		rctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, data, err := conn.Read(rctx)
		cancel()
		if err != nil {
			var ce websocket.CloseError
			require.True(t, errors.As(err, &ce), "closed by the server: %v", err)
			return ce.Code, msgs
		}
		msgs = append(msgs, string(data))
	}
}

// A spectator can never act; a seat's token acts for its seat only; bad
// messages get an error and, repeated, a close, while the match goes on;
// a message past the limit closes the stream; a client holds a bounded
// number of streams.
func TestStreamsAreGuarded(t *testing.T) {
	ts := newTestServer(t, Options{MaxConns: 4})
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "remote"}, Seed: 1, Limit: "30s"})
	id := c.ID
	for _, q := range []string{"?seat=1&token=" + c.Seats[1].Token, "?seat=2&token=" + c.Seats[0].Token, "?seat=2", "?seat=3&token=x", "?seat=1&token=" + ts.admin} {
		_, resp, err := ts.dial("/api/matches/" + id + "/play" + q)
		require.Error(t, err, q)
		require.Contains(t, []int{http.StatusUnauthorized, http.StatusBadRequest}, resp.StatusCode, q)
	}
	_, resp, err := ts.dial("/api/matches/" + id + "/stream?from=-4")
	require.Error(t, err)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)

	spec, _, err := ts.dial("/api/matches/" + id + "/stream")
	require.NoError(t, err)
	for range maxBad {
		require.NoError(t, spec.Write(ctx(t), websocket.MessageText, []byte("C3 B2")))
	}
	code, msgs := closeCode(t, spec)
	require.Equal(t, websocket.StatusPolicyViolation, code)
	require.Contains(t, strings.Join(msgs, "\n"), "a spectator cannot act")

	seat1, _, err := ts.dial("/api/matches/" + id + "/play?seat=1&token=" + c.Seats[0].Token)
	require.NoError(t, err)
	seat1.SetReadLimit(game.MaxLine)
	require.NoError(t, seat1.Write(ctx(t), websocket.MessageBinary, []byte{1, 2}))
	big := strings.Repeat("x", maxMessage+1)
	require.NoError(t, seat1.Write(ctx(t), websocket.MessageText, []byte(big)))
	code, msgs = closeCode(t, seat1)
	require.Equal(t, websocket.StatusMessageTooBig, code)
	require.Contains(t, strings.Join(msgs, "\n"), "a move is a text message")

	seat2 := ts.client.Play(ctx(t), id, 1, c.Seats[1].Token, game.NewHuman())
	defer seat2.Close()
	require.Eventually(t, func() bool { return seat2.Status() == "live" }, 10*time.Second, 5*time.Millisecond)
	// The streams closed above are given back as their handlers end.
	require.Eventually(t, func() bool {
		ts.conns.mu.Lock()
		defer ts.conns.mu.Unlock()
		return ts.conns.n["127.0.0.1"] == 1
	}, 10*time.Second, 5*time.Millisecond, "seat 2's stream alone is open")
	var open []*websocket.Conn
	for range 3 {
		conn, _, err := ts.dial("/api/matches/" + id + "/stream")
		require.NoError(t, err)
		open = append(open, conn)
	}
	_, resp, err = ts.dial("/api/matches/" + id + "/stream")
	require.Error(t, err)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	for _, c := range open {
		c.CloseNow()
	}
	in, err := ts.client.Match(ctx(t), id)
	require.NoError(t, err)
	require.Equal(t, stream.Live, in.Status, "both seats joined; the match goes on")
}

// Spectators of a delayed match see it N turns late, those of a hidden
// one nothing until its end; the admin token sees it live.
func TestSpectatorsDelayedOrHidden(t *testing.T) {
	ts := newTestServer(t, Options{})
	delayed := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 2, Spectators: "delayed:3", Limit: "30s"})
	hidden := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 2, Spectators: "none", Limit: "30s"})
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	for _, m := range []stream.Created{delayed, hidden} {
		bot, err := title.NewBot("alphabeta", "1", 0, nil)
		require.NoError(t, err)
		g := gated{bot, make(chan struct{}, 4)}
		for range 4 {
			g.gate <- struct{}{}
		}
		f := ts.client.Play(ctx(t), m.ID, 0, m.Seats[0].Token, g)
		defer f.Close()
	}
	require.Eventually(t, func() bool {
		rec, err := ts.client.Open(ctx(t), delayed.ID)
		return err == nil && rec.Summary().Turns == 8
	}, 20*time.Second, 5*time.Millisecond, "four moves each")
	// 8 turns played; delayed by 3: spectators see turns 0..5.
	rec, err := (&stream.Client{Base: ts.http.URL}).Open(ctx(t), delayed.ID)
	require.NoError(t, err)
	require.Equal(t, 5, rec.Summary().Turns)
	rec, err = ts.client.Open(ctx(t), delayed.ID)
	require.NoError(t, err)
	require.Equal(t, 8, rec.Summary().Turns, "the admin sees it live")
	w := (&stream.Client{Base: ts.http.URL}).Watch(ctx(t), delayed.ID)
	defer w.Close()
	<-w.Ready()
	require.Eventually(t, func() bool { return w.Recording().Timeline.Len() == 6 }, 10*time.Second, 5*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, 6, w.Recording().Timeline.Len())

	_, err = (&stream.Client{Base: ts.http.URL}).Replay(ctx(t), hidden.ID)
	require.ErrorContains(t, err, "show match "+hidden.ID+" at its end")
	hw := (&stream.Client{Base: ts.http.URL}).Watch(ctx(t), hidden.ID)
	defer hw.Close()
	require.Eventually(t, func() bool { return strings.Contains(hw.Status(), "at its end") }, 10*time.Second, 5*time.Millisecond)
	require.Nil(t, hw.Recording())
}

// gated plays a bot's moves one for each token of gate.
type gated struct {
	game.Player
	gate chan struct{}
}

func (g gated) Play(ctx context.Context, obs any) (game.Answer, error) {
	select {
	case <-g.gate:
	case <-ctx.Done():
		return game.Answer{}, ctx.Err()
	}
	return g.Player.Play(ctx, obs)
}
