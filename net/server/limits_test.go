//go:build !js

package server

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// proxy forwards TCP connections to a server and can cut them all, or
// lose what clients send.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	cuts  int
	// lose, when set, is closed at the next bytes a client sends, which
	// never reach the server.
	lose chan struct{}
}

// loseNext makes the proxy lose the next bytes a client sends; the channel
// is closed when it has.
func (p *proxy) loseNext() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lose = make(chan struct{})
	return p.lose
}

// forward copies what client c sends to server s, but what the proxy is
// to lose.
func (p *proxy) forward(s, c net.Conn) {
	defer s.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := c.Read(buf)
		if n > 0 {
			p.mu.Lock()
			lose := p.lose
			p.lose = nil
			p.mu.Unlock()
			if lose != nil {
				close(lose)
			} else if _, err := s.Write(buf[:n]); err != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
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
			go p.forward(s, c)
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

// A move lost on its way (sent, never received, the connection then cut)
// goes again when the server asks again on the next connection: the seat
// plays on instead of forfeiting on its time.
func TestLostMoveIsSentAgain(t *testing.T) {
	ts := newTestServer(t, Options{})
	px := newProxy(t, strings.TrimPrefix(ts.http.URL, "http://"))
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "remote"}, Seed: 4, Limit: "3s"})
	client := &stream.Client{Base: px.url()}
	bot, err := game.Lookup("santorini")
	require.NoError(t, err)
	p, err := bot.NewBot("alphabeta", "1", 1, nil)
	require.NoError(t, err)
	gate := make(chan struct{}, 64)
	player := client.Play(ctx(t), c.ID, 1, c.Seats[1].Token, gated{p, gate})
	defer player.Close()
	// Connected and asked, the player's first move is the one lost.
	require.Eventually(t, func() bool { return player.Status() == "live" }, 20*time.Second, 5*time.Millisecond)
	lost := px.loseNext()
	for range cap(gate) {
		gate <- struct{}{}
	}
	select {
	case <-lost:
	case <-time.After(20 * time.Second):
		t.Fatal("the player sent nothing")
	}
	px.cut()
	select {
	case <-player.Done():
	case <-time.After(60 * time.Second):
		t.Fatalf("the match did not end: %s", player.Status())
	}
	rec := player.Recording()
	res, over := rec.Result()
	require.True(t, over)
	require.NotEqual(t, "forfeit", res.Reason, "the seat's lost move went again")
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
		return ts.conns.streams["127.0.0.1"] == 0 && len(ts.conns.seats) == 1
	}, 10*time.Second, 5*time.Millisecond, "seat 2's stream alone is open")
	var open []*websocket.Conn
	for range 4 {
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

// dialFrom opens a raw TCP connection to the test server from a loopback
// address of its own (127.0.0.N): as many clients as addresses.
func (ts *testServer) dialFrom(t *testing.T, from string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	conn, err := d.Dial("tcp", strings.TrimPrefix(ts.http.URL, "http://"))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return conn
}

// answers reads what each connection gets within wait, at once.
func answers(conns []net.Conn, wait time.Duration) []string {
	out := make([]string, len(conns))
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetReadDeadline(time.Now().Add(wait))
			data, _ := io.ReadAll(c)
			out[i] = string(data)
		}()
	}
	wg.Wait()
	return out
}

// Requests that announce a body and never send it, or send their headers
// slowly, are cut at the server's read timeout; a WebSocket stream is not:
// it runs past every timeout of the http.Server.
func TestSlowRequestsAreCut(t *testing.T) {
	ts := newTestServer(t, Options{}, func(s *Server) {
		s.timeouts = timeouts{header: 300 * time.Millisecond, read: 600 * time.Millisecond, write: 600 * time.Millisecond, idle: time.Second}
	})
	c := ts.create(stream.CreateRequest{Title: "alienwarz", Seats: []string{"strategist", "miner"}, Seed: 3, Pace: "40ms"})
	spec, _, err := ts.dial("/api/matches/" + c.ID + "/stream")
	require.NoError(t, err)
	spec.SetReadLimit(game.MaxLine)
	var slow []net.Conn
	for i := range 20 {
		conn := ts.dialFrom(t, "127.0.0.2")
		req := "POST /api/matches HTTP/1.1\r\nHost: arena\r\nAuthorization: Bearer " + ts.admin + "\r\nContent-Length: 1000\r\n\r\n{\"title\":"
		if i%2 == 1 {
			req = "GET /api/matches HTTP/1.1\r\nHost: ar" // headers that never end
		}
		_, err := conn.Write([]byte(req))
		require.NoError(t, err)
		slow = append(slow, conn)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for _, conn := range slow {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			_, err := io.ReadAll(conn)
			require.NoError(t, err, "the server closed the connection (io.ReadAll ends at EOF), not the test's deadline")
		}()
	}
	wg.Wait()
	require.Less(t, time.Since(start), 3*time.Second)

	seen := 0
	until := time.Now().Add(2 * time.Second)
	for time.Now().Before(until) {
		if next(t, spec, 2*time.Second) == "" {
			t.Fatal("the spectator's stream stopped: the http.Server's timeouts reached a WebSocket")
		}
		seen++
	}
	require.Greater(t, seen, 10, "lines kept coming past the read and write timeouts")
}

// The server holds a bounded number of connections: past the bound of an
// address, its new connections are answered 429 at once and closed, and
// the organiser's requests from elsewhere go through; past the total
// bound, 503, until the holders go.
func TestConnectionsAreBounded(t *testing.T) {
	ts := newTestServer(t, Options{MaxConns: 2, MaxTotal: 60})
	perAddr := addrConns(2)
	var held []net.Conn
	for range perAddr + 14 {
		held = append(held, ts.dialFrom(t, "127.0.0.2"))
	}
	got := answers(held, time.Second)
	refused := 0
	for _, a := range got {
		if strings.HasPrefix(a, "HTTP/1.1 429 ") {
			require.Contains(t, a, "your address holds as many connections as it may")
			refused++
		} else {
			require.Empty(t, a, "a connection within the bound waits for its request")
		}
	}
	require.Equal(t, 14, refused, "past %d connections of one address", perAddr)
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}})
	require.NotEmpty(t, c.ID, "the organiser's request, from another address, goes through")
	for _, conn := range held {
		conn.Close()
	}
	require.Eventually(t, func() bool {
		ts.conns.mu.Lock()
		defer ts.conns.mu.Unlock()
		return ts.conns.conns["127.0.0.2"] == 0
	}, 5*time.Second, 10*time.Millisecond)

	ts.conns.mu.Lock()
	free := 60 - ts.conns.allConns
	ts.conns.mu.Unlock()
	held = nil
	for a := range 7 {
		for range 10 {
			held = append(held, ts.dialFrom(t, "127.0.0."+strconv.Itoa(10+a)))
		}
	}
	refused = 0
	for _, a := range answers(held, time.Second) {
		if strings.HasPrefix(a, "HTTP/1.1 503 ") {
			refused++
		}
	}
	require.Equal(t, 70-free, refused, "past the server's %d connections", 60)
	ts.conns.mu.Lock()
	require.LessOrEqual(t, ts.conns.allConns, 60)
	ts.conns.mu.Unlock()
	for _, conn := range held {
		conn.Close()
	}
	require.Eventually(t, func() bool {
		_, err := ts.client.Matches(ctx(t))
		return err == nil
	}, 5*time.Second, 20*time.Millisecond, "once they have gone, the server answers again")
}

// Strangers from many addresses, each within its own bound, fill the
// server: their next connections get 503 at once. The organiser at the
// server's machine (127.0.0.1) still gets in, within a small room of its
// own past the total, which is bounded too.
func TestTheOrganiserGetsThroughAFullServer(t *testing.T) {
	ts := newTestServer(t, Options{MaxConns: 2, MaxTotal: 60})
	var held []net.Conn
	for a := range 7 {
		for range 10 {
			held = append(held, ts.dialFrom(t, "127.0.0."+strconv.Itoa(10+a)))
		}
	}
	count := func(answers []string, prefix string) (n int) {
		for _, a := range answers {
			if strings.HasPrefix(a, prefix) {
				n++
			}
		}
		return n
	}
	require.Positive(t, count(answers(held, time.Second), "HTTP/1.1 503 "), "the strangers filled the server")
	stranger := answers([]net.Conn{ts.dialFrom(t, "127.0.0.30")}, time.Second)
	require.True(t, strings.HasPrefix(stranger[0], "HTTP/1.1 503 "), "a stranger's next connection: %q", stranger[0])

	c, err := ts.client.Create(ctx(t), stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "alphabeta:1"}})
	require.NoError(t, err, "the organiser's request from the server's machine goes through a server strangers filled")
	require.NotEmpty(t, c.ID)

	var mine []net.Conn
	for range organiserRoom + 4 {
		mine = append(mine, ts.dialFrom(t, "127.0.0.1"))
	}
	got := answers(mine, time.Second)
	require.GreaterOrEqual(t, count(got, "HTTP/1.1 503 "), 4, "the organiser's room is bounded")
	require.LessOrEqual(t, len(mine)-count(got, "HTTP/1.1 503 "), organiserRoom)
}

// An address that holds as many spectators' streams as it may (a school
// behind one NAT, a proxy) does not lock its players out: a seat's /play
// with its token, and the jury's stream, are not counted with them. A
// seat holds a few streams at most: a new one closes its oldest.
func TestSpectatorsNeverLockOutASeat(t *testing.T) {
	ts := newTestServer(t, Options{MaxConns: 4})
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "remote"}, Seed: 1, Limit: "30s"})
	path := "/api/matches/" + c.ID
	for range 4 {
		conn, _, err := ts.dial(path + "/stream")
		require.NoError(t, err)
		defer conn.CloseNow()
	}
	_, resp, err := ts.dial(path + "/stream")
	require.Error(t, err)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the address's spectators are bounded")
	_, resp, err = ts.dialAs(path+"/play?seat=1", "not-the-token")
	require.Error(t, err)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	seatOpen := func() int {
		ts.conns.mu.Lock()
		defer ts.conns.mu.Unlock()
		return len(ts.conns.seats[seatKey{c.ID, 1}])
	}
	var seat1 []*websocket.Conn
	for i := range seatStreams {
		conn, _, err := ts.dialAs(path+"/play?seat=1", c.Seats[0].Token)
		require.NoError(t, err, "a seat's stream is never refused for the spectators' sake")
		conn.SetReadLimit(game.MaxLine)
		defer conn.CloseNow()
		seat1 = append(seat1, conn)
		require.Eventually(t, func() bool { return seatOpen() == i+1 }, 5*time.Second, time.Millisecond)
	}
	jury, _, err := ts.dialAs(path+"/stream", ts.jury)
	require.NoError(t, err, "nor the jury's")
	defer jury.CloseNow()

	newest, _, err := ts.dialAs(path+"/play?seat=1", c.Seats[0].Token)
	require.NoError(t, err)
	defer newest.CloseNow()
	code, msgs := closeCode(t, seat1[0])
	require.Equal(t, websocket.StatusPolicyViolation, code, "the seat's oldest stream makes room: %v", msgs)
	require.Equal(t, seatStreams, seatOpen())
}

// A seat that floods illegal moves is refused maxRefusals times in one
// ask, each refusal one line of its stream; then its move is played as
// sent, and the rules penalise it (Santorini: a forfeit).
func TestAFloodOfIllegalMovesIsCutOff(t *testing.T) {
	ts := newTestServer(t, Options{})
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 6, Limit: "30s"})
	conn, _, err := ts.dialAs("/api/matches/"+c.ID+"/play?seat=1", c.Seats[0].Token)
	require.NoError(t, err)
	defer conn.CloseNow()
	conn.SetReadLimit(game.MaxLine)
	for {
		m := next(t, conn, 10*time.Second)
		require.NotEmpty(t, m, "the seat is asked for its move")
		if strings.Contains(m, `"ask":1`) {
			break
		}
	}
	// The bot sends an illegal move again each time it is refused.
	refusals := 0
	for sent := 0; sent < 3*maxRefusals; sent++ {
		require.NoError(t, conn.Write(ctx(t), websocket.MessageText, []byte("Z9 Z9")))
		refused := false
		for !refused {
			m := next(t, conn, 10*time.Second)
			if m == "" {
				break // the match ended: the stream closed
			}
			l, err := stream.Classify([]byte(m))
			require.NoError(t, err)
			refused = l.Kind == stream.Ctl && l.Ctl.Rejected != nil
		}
		if !refused {
			break
		}
		refusals++
	}
	in := ts.waitStatus(c.ID, stream.Finished)
	require.Equal(t, 2, in.Winner, "the illegal move was played: a forfeit")
	require.Equal(t, maxRefusals, refusals, "refused %d times, no more", maxRefusals)
	st, err := ts.js.Stream(ctx(t), streamName(c.ID))
	require.NoError(t, err)
	info, err := st.Info(ctx(t), jetstream.WithSubjectFilter(seatSubject(c.ID, 1)))
	require.NoError(t, err)
	require.Equal(t, int64(maxLogMsgs), info.Config.MaxMsgs, "and the match's stream is bounded whatever happens")
	require.Equal(t, uint64(1+2*maxRefusals), info.State.Subjects[seatSubject(c.ID, 1)], "the seat's stream holds an ask for each try and a refusal for each but the last: bounded")
	rec, err := ts.client.Open(ctx(t), c.ID)
	require.NoError(t, err)
	require.Equal(t, "Z9 Z9", rec.Timeline.Frame(1).Moves[0])
}
