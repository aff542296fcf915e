//go:build !js

package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// The limits of what a client may send.
const (
	maxBody       = 1 << 20  // a request's body
	maxMessage    = 64 << 10 // a WebSocket message: one move
	movesPerSec   = 50       // the moves a seat may send a second, on average
	moveBurst     = 50       // and at once; more wait their turn
	maxBad        = 5        // bad messages in a row before the stream is closed
	pingEvery     = 20 * time.Second
	writeWait     = 10 * time.Second
	requestWait   = 5 * time.Second // a remote seat's answer to a move
	maxFrom       = 1_000_000_000
	closeReasonSz = 120
)

// Handler is the server's HTTP API:
//
//	POST /api/matches                  create a match (admin token)
//	GET  /api/matches                  list the matches
//	GET  /api/matches/{id}             one match
//	GET  /api/matches/{id}/replay      its replay so far, an .arena file
//	GET  /api/matches/{id}/stream      WebSocket: its lines from ?from=N, then live
//	GET  /api/matches/{id}/play        WebSocket: seat ?seat=S's stream, and its moves
//	GET  /api/tournaments              the tournaments the server shows
//	GET  /tournaments/{name}/{file}    a tournament's files, for `arena tournament show`
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/matches", s.handleCreate)
	mux.HandleFunc("GET /api/matches", s.handleList)
	mux.HandleFunc("GET /api/matches/{id}", s.handleMatch)
	mux.HandleFunc("GET /api/matches/{id}/replay", s.handleReplay)
	mux.HandleFunc("GET /api/matches/{id}/stream", s.handleStream)
	mux.HandleFunc("GET /api/matches/{id}/play", s.handlePlay)
	if s.tournaments != "" {
		mux.HandleFunc("GET /api/tournaments", s.handleTournaments)
		mux.HandleFunc("GET /tournaments/{name}/{file...}", s.handleTournamentFile)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "no such address: the API is under /api/matches")
	})
	return mux
}

// HTTPServer is an http.Server for the handler, with the timeouts and
// header limit a server on a network needs.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		MaxHeaderBytes: 64 << 10, BaseContext: func(net.Listener) context.Context { return s.ctx }}
}

// fail answers an error as {"error": "..."}.
func fail(w http.ResponseWriter, status int, format string, args ...any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(stream.Failure{Error: fmt.Sprintf(format, args...)})
}

func answer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// token is the token a request carries: Authorization: Bearer T, or
// ?token=T (which browsers' WebSockets can send).
func token(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		t, _ := strings.CutPrefix(h, "Bearer ")
		return strings.TrimSpace(t)
	}
	return r.URL.Query().Get("token")
}

// failGet answers the error of reading a match's record.
func (s *Server) failGet(w http.ResponseWriter, err error) {
	if errors.Is(err, errNoMatch) {
		fail(w, http.StatusNotFound, "%v", err)
		return
	}
	fail(w, http.StatusServiceUnavailable, "%v", err)
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if !s.isAdmin(token(r)) {
		fail(w, http.StatusUnauthorized, "creating a match needs the admin token: Authorization: Bearer TOKEN")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		fail(w, http.StatusRequestEntityTooLarge, "the request's body: %v (at most %s)", err, game.FormatSize(maxBody))
		return
	}
	p, err := readCreate(body)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	_, created, err := s.create(r.Context(), p)
	var bad badRequest
	switch {
	case errors.As(err, &bad):
		fail(w, http.StatusBadRequest, "%v", err)
	case err != nil:
		fail(w, http.StatusServiceUnavailable, "%v", err)
	default:
		answer(w, http.StatusCreated, created)
	}
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	recs, err := s.records(r.Context())
	if err != nil {
		fail(w, http.StatusServiceUnavailable, "%v", err)
		return
	}
	l := stream.List{Matches: []stream.Info{}}
	for _, rec := range recs {
		l.Matches = append(l.Matches, rec.Info)
	}
	answer(w, http.StatusOK, l)
}

func (s *Server) handleMatch(w http.ResponseWriter, r *http.Request) {
	rec, err := s.get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.failGet(w, err)
		return
	}
	answer(w, http.StatusOK, rec.Info)
}

// handleReplay answers the match's replay so far, as spectators may see it.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rec, err := s.get(ctx, r.PathValue("id"))
	if err != nil {
		s.failGet(w, err)
		return
	}
	rd := reader{delay: rec.delay()}
	if s.isAdmin(token(r)) {
		rd.delay = 0
	}
	if rd.delay < 0 && rec.running() {
		fail(w, http.StatusForbidden, "the organisers show match %s at its end", rec.ID)
		return
	}
	st, err := s.js.Stream(ctx, streamName(rec.ID))
	if err != nil {
		fail(w, http.StatusServiceUnavailable, "match %s: its stream: %v", rec.ID, err)
		return
	}
	info, err := st.Info(ctx)
	if err != nil {
		fail(w, http.StatusServiceUnavailable, "match %s: its stream: %v", rec.ID, err)
		return
	}
	h, err := s.hub(ctx, rec.ID)
	if err != nil {
		fail(w, http.StatusServiceUnavailable, "match %s: its stream: %v", rec.ID, err)
		return
	}
	defer s.release(h)
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := h.caughtUp(wctx, info.State.LastSeq); err != nil {
		fail(w, http.StatusServiceUnavailable, "match %s: reading its stream: %v", rec.ID, err)
		return
	}
	sn := h.snapshot()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	for i := range sn.entries {
		e := &sn.entries[i]
		if !rd.wants(e) {
			continue
		}
		if !rd.shown(e, &sn) {
			break
		}
		zw.Write(e.data)
		zw.Write([]byte{'\n'})
	}
	zw.Close()
	w.Header().Set("Content-Type", "application/gzip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+rec.ID+`.arena"`)
	w.Write(buf.Bytes())
}

// streamQuery reads ?from=N (default 0) and, for /play, ?seat=S (1 to
// seats).
func streamQuery(q map[string][]string, seats int, play bool) (from, seat int, err error) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	if f := get("from"); f != "" {
		from, err = strconv.Atoi(f)
		if err != nil || from < 0 || from > maxFrom {
			return 0, 0, fmt.Errorf("from %q: expected a turn from 0", f)
		}
	}
	if !play {
		return from, 0, nil
	}
	seat, err = strconv.Atoi(get("seat"))
	if err != nil || seat < 1 || seat > seats {
		return 0, 0, fmt.Errorf("seat %q: expected a seat from 1 to %d", get("seat"), seats)
	}
	return from, seat, nil
}

func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) { s.serveStream(w, r, false) }

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) { s.serveStream(w, r, true) }

// serveStream streams a match over a WebSocket: to a spectator, or to the
// player of a seat, whose moves it takes.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request, play bool) {
	ctx := r.Context()
	rec, err := s.get(ctx, r.PathValue("id"))
	if err != nil {
		s.failGet(w, err)
		return
	}
	from, seat, err := streamQuery(r.URL.Query(), len(rec.Seats), play)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	rd := reader{from: from, delay: rec.delay()}
	if play {
		want, ok := rec.Tokens[seat]
		if !ok || !sameHash(hashToken(token(r)), want) {
			fail(w, http.StatusUnauthorized, "seat %d of match %s is played with its token: ?token=T (or Authorization: Bearer T)", seat, rec.ID)
			return
		}
		rd.seat, rd.fog, rd.delay = seat, rec.Fog, 0
	} else if s.isAdmin(token(r)) {
		rd.delay = 0
	}
	addr := clientAddr(r)
	if !s.conns.take(addr) {
		fail(w, http.StatusTooManyRequests, "%s holds too many streams open already", addr)
		return
	}
	defer s.conns.give(addr)
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept answered the request
	}
	defer conn.CloseNow()
	conn.SetReadLimit(maxMessage)
	h, err := s.hub(ctx, rec.ID)
	if err != nil {
		conn.Close(websocket.StatusTryAgainLater, "the match's stream cannot be read now")
		return
	}
	defer s.release(h)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &client{s: s, conn: conn, rec: rec, seat: seat, cancel: cancel, bucket: moveBurst, filled: time.Now()}
	// A client that does not take a message within writeWait is cut off:
	// one timer per client, reset for each message, not one per message.
	c.watchdog = time.AfterFunc(time.Hour, cancel)
	c.watchdog.Stop()
	defer c.watchdog.Stop()
	if play {
		c.join(ctx)
	}
	go c.listen(ctx)
	c.send(ctx, h, rd)
}

// client is one WebSocket client of a match.
type client struct {
	s      *Server
	conn   *websocket.Conn
	rec    *record
	seat   int // 0 for a spectator
	cancel context.CancelFunc
	// watchdog ends the connection when a message takes too long to send.
	watchdog *time.Timer

	mu     sync.Mutex
	bad    int
	bucket float64
	filled time.Time
}

// send writes the reader's lines as they come, and pings, until the stream
// ends (closed with the reason) or the client goes.
func (c *client) send(ctx context.Context, h *hub, rd reader) {
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	next, started := 0, false
	waited := false
	for {
		sn := h.snapshot()
		if !started {
			if header, at, ok := rd.start(sn.entries); ok && rd.shown(&sn.entries[header], &sn) {
				if !c.write(ctx, sn.entries[header].data) {
					return
				}
				next, started = at, true
			}
		}
		if started {
			for ; next < len(sn.entries); next++ {
				e := &sn.entries[next]
				if !rd.wants(e) || e.line.Kind == stream.Header {
					continue
				}
				if !rd.shown(e, &sn) {
					break
				}
				if !c.write(ctx, e.data) {
					return
				}
			}
		}
		if sn.end != "" && (next >= len(sn.entries) || !started) {
			c.conn.Close(websocket.StatusNormalClosure, clip(sn.end, closeReasonSz))
			return
		}
		if rd.delay < 0 && !waited {
			waited = true
			c.control(ctx, stream.Control{Wait: "the organisers show this match at its end"})
		}
		select {
		case <-sn.wake:
		case <-ctx.Done():
			if c.s.ctx.Err() != nil {
				c.conn.Close(websocket.StatusGoingAway, "the server is stopping")
			}
			return
		case <-ping.C:
			pctx, cancel := context.WithTimeout(ctx, writeWait)
			err := c.conn.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// write sends one message within writeWait.
func (c *client) write(ctx context.Context, data []byte) bool {
	c.mu.Lock()
	c.watchdog.Reset(writeWait)
	c.mu.Unlock()
	err := c.conn.Write(ctx, websocket.MessageText, data)
	c.mu.Lock()
	c.watchdog.Stop()
	c.mu.Unlock()
	return err == nil
}

func (c *client) control(ctx context.Context, m stream.Control) {
	data, _ := json.Marshal(m)
	c.write(ctx, data)
}

// listen reads the client's messages: a seat's moves; anything else is
// bad. A client that sends bad messages again and again is closed; the
// match goes on.
func (c *client) listen(ctx context.Context) {
	defer c.cancel()
	for {
		typ, data, err := c.conn.Read(ctx)
		if err != nil {
			return
		}
		if msg := c.message(ctx, typ, data); msg != "" {
			c.mu.Lock()
			c.bad++
			bad := c.bad
			c.mu.Unlock()
			c.control(ctx, stream.Control{Error: msg})
			if bad >= maxBad {
				c.conn.Close(websocket.StatusPolicyViolation, "too many bad messages")
				return
			}
			continue
		}
		c.mu.Lock()
		c.bad = 0
		c.mu.Unlock()
	}
}

// message handles one message of the client, and returns what was wrong
// with it ("" for nothing).
func (c *client) message(ctx context.Context, typ websocket.MessageType, data []byte) string {
	if c.seat == 0 {
		return "a spectator cannot act: this stream only shows the match"
	}
	move, problem := readMove(typ, data)
	if problem != "" {
		return problem
	}
	if !c.allow(ctx) {
		return ""
	}
	rep := c.ask(ctx, request{Move: &move})
	return rep.Error
}

// readMove checks a seat's message: one move in the title's notation, as
// text (empty: no move, which the rules penalise or, in AIC21, no orders).
func readMove(typ websocket.MessageType, data []byte) (string, string) {
	switch {
	case typ != websocket.MessageText:
		return "", "a move is a text message"
	case !utf8.Valid(data):
		return "", "a move is UTF-8 text"
	}
	return string(data), ""
}

// allow takes one move from the client's bucket, which fills at
// movesPerSec up to moveBurst, waiting for it when the bucket is empty: a
// client that floods moves is slowed down, and reads nothing meanwhile.
// It reports false when ctx ends first.
func (c *client) allow(ctx context.Context) bool {
	c.mu.Lock()
	now := time.Now()
	c.bucket = min(moveBurst, c.bucket+now.Sub(c.filled).Seconds()*movesPerSec)
	c.filled = now
	c.bucket--
	short := -c.bucket
	c.mu.Unlock()
	if short <= 0 {
		return true
	}
	return stream.Sleep(ctx, time.Duration(short/movesPerSec*float64(time.Second)))
}

// ask sends a request to the seat's inbox, wherever the match runs.
func (c *client) ask(ctx context.Context, req request) reply {
	data, _ := json.Marshal(req)
	rctx, cancel := context.WithTimeout(ctx, requestWait)
	defer cancel()
	msg, err := c.s.bus.Conn.RequestWithContext(rctx, inbox(c.rec.ID, c.seat), data)
	if err != nil {
		return reply{Error: "the match does not take moves now (it is not running)"}
	}
	var rep reply
	if json.Unmarshal(msg.Data, &rep) != nil {
		return reply{Error: "the match's answer cannot be read"}
	}
	return rep
}

// join tells the match that its seat's player is here.
func (c *client) join(ctx context.Context) {
	if c.rec.running() {
		if rep := c.ask(ctx, request{Join: true}); rep.Error != "" {
			c.s.log.Info("a seat joined a match that does not run here", "match", c.rec.ID, "seat", c.seat, "err", rep.Error)
		}
	}
}

// clientAddr is the client's address, without its port.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// connLimit counts the streams each client address holds open.
type connLimit struct {
	mu  sync.Mutex
	max int
	n   map[string]int
}

func newConnLimit(max int) *connLimit { return &connLimit{max: max, n: map[string]int{}} }

func (l *connLimit) take(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n[addr] >= l.max {
		return false
	}
	l.n[addr]++
	return true
}

func (l *connLimit) give(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n[addr]--; l.n[addr] <= 0 {
		delete(l.n, addr)
	}
}
