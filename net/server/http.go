//go:build !js

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/bus"
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
//	GET  /tournaments/                 the tournaments, a page for people (pages.go)
//	GET  /tournaments/{name}/          a tournament's page
//	GET  /tournaments/{name}/teams/{team}  a team's own page: its match now, its next, its results
//
// What a request receives of a match depends on its audience: the
// public, a seat, or the jury (audience.go).
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
		mux.HandleFunc("GET /tournaments/{$}", s.handleListPage)
		mux.HandleFunc("GET /tournaments/{name}/{$}", s.handleTournamentPage)
		mux.HandleFunc("GET /tournaments/{name}/teams/{team}", s.handleTeamPage)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, "no such address: the API is under /api/matches")
	})
	return noSniff(mux)
}

// noSniff has every answer of h say X-Content-Type-Options: nosniff: a
// browser takes its Content-Type as given, never guessing HTML in a file.
func noSniff(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		h.ServeHTTP(w, r)
	})
}

// HTTPServer is an http.Server for the handler, with the timeouts and
// header limit a server on a network needs; serve it on the Listener,
// which bounds its connections.
func (s *Server) HTTPServer() *http.Server {
	t := s.timeouts
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: t.header, ReadTimeout: t.read, WriteTimeout: t.write, IdleTimeout: t.idle,
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

// failGet answers the error of reading a match's record.
func (s *Server) failGet(w http.ResponseWriter, err error) {
	if errors.Is(err, errNoMatch) {
		fail(w, http.StatusNotFound, "%v", err)
		return
	}
	fail(w, http.StatusServiceUnavailable, "%v", err)
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Has("token") {
		fail(w, http.StatusBadRequest, tokenInAddress)
		return
	}
	if !s.isAdmin(bearer(r)) {
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

// handleReplay answers the match's replay so far, as its audience may
// see it: a finished match's from its file, when this server played it;
// else compressed once as it grows, in the hub.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	aud, ok := s.viewer(w, r)
	if !ok {
		return
	}
	rec, err := s.get(ctx, r.PathValue("id"))
	if err != nil {
		s.failGet(w, err)
		return
	}
	rd := rec.reader(aud, 0)
	if rd.delay < 0 && rec.running() {
		fail(w, http.StatusForbidden, "the organisers show match %s at its end (the jury's token shows it live)", rec.ID)
		return
	}
	if rec.Status == stream.Finished && (rd.marks == marksAll || !rec.Marked) && s.serveFile(w, r, rec) {
		return
	}
	// Where the stream ends now, asked again through a NATS server's loss.
	var info *jetstream.StreamInfo
	err = bus.Retry(ctx, func(ctx context.Context) error {
		st, err := s.js.Stream(ctx, streamName(rec.ID))
		if err == nil {
			info, err = st.Info(ctx)
		}
		return err
	})
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
	if !rec.running() {
		// Its record says it ended: its stream's end follows at once.
		ectx, cancel := context.WithTimeout(wctx, publishWait)
		h.ended(ectx)
		cancel()
	}
	sn := h.snapshot()
	end := len(sn.entries)
	for i := range sn.entries {
		if e := &sn.entries[i]; rd.wants(e) && !rd.shown(e, &sn) {
			end = i
			break
		}
	}
	zip := &h.zip
	if rd.marks != marksAll {
		zip = &h.zipBare // the public's, who see no marks
	}
	body, trailer, lines := zip.upTo(sn.entries, end, &rd)
	tag := fmt.Sprintf(`W/"%s-%d"`, rec.ID, lines)
	replayHeaders(w, rec.ID, tag)
	if unchanged(r, tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)+len(trailer)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
	w.Write(trailer)
}

// serveFile answers a finished match's replay from the file this server
// wrote, if it has it.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, rec *record) bool {
	f, err := os.Open(filepath.Join(s.dir, "replays", rec.ID+".arena"))
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	replayHeaders(w, rec.ID, fmt.Sprintf(`"%s-%x-%x"`, rec.ID, st.Size(), st.ModTime().UnixNano()))
	http.ServeContent(w, r, "", st.ModTime(), f)
	return true
}

// replayHeaders are the headers of a replay's download: its type, its
// file's name, and its version, which a client revalidates each time.
func replayHeaders(w http.ResponseWriter, id, tag string) {
	h := w.Header()
	h.Set("Content-Type", "application/gzip")
	h.Set("Content-Disposition", `attachment; filename="`+id+`.arena"`)
	h.Set("Cache-Control", "private, no-cache")
	h.Set("ETag", tag)
}

// unchanged reports whether the request's If-None-Match names tag, as a
// weak comparison does.
func unchanged(r *http.Request, tag string) bool {
	want := strings.TrimPrefix(tag, "W/")
	for _, v := range r.Header.Values("If-None-Match") {
		for _, t := range strings.Split(v, ",") {
			t = strings.TrimSpace(t)
			if t == "*" || strings.TrimPrefix(t, "W/") == want {
				return true
			}
		}
	}
	return false
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

// serveStream streams a match over a WebSocket: to its audience (the
// public, the jury, or the player of a seat, whose moves it takes).
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request, play bool) {
	ctx := r.Context()
	rec, err := s.get(ctx, r.PathValue("id"))
	if err != nil {
		s.failGet(w, err)
		return
	}
	q := r.URL.Query()
	from, seat, err := streamQuery(q, len(rec.Seats), play)
	if err != nil {
		fail(w, http.StatusBadRequest, "%v", err)
		return
	}
	var aud audience
	if !play {
		var ok bool
		if aud, ok = s.viewer(w, r); !ok {
			return
		}
	} else {
		tok := bearer(r)
		if tok == "" {
			tok = q.Get("token")
		}
		want, ok := rec.Tokens[seat]
		if !ok || !sameHash(hashToken(tok), want) {
			fail(w, http.StatusUnauthorized, "seat %d of match %s is played with its token: Authorization: Bearer T (or ?token=T)", seat, rec.ID)
			return
		}
		aud.seat = seat
	}
	addr := clientAddr(r)
	if !play && !aud.jury {
		switch s.conns.takeStream(addr) {
		case http.StatusTooManyRequests:
			fail(w, http.StatusTooManyRequests, "%s holds too many streams open already", addr)
			return
		case http.StatusServiceUnavailable:
			fail(w, http.StatusServiceUnavailable, "the server streams to as many spectators as it may; try again in a moment")
			return
		}
		defer s.conns.giveStream(addr)
	}
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled, Subprotocols: []string{stream.Protocol}})
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
		k := seatKey{rec.ID, seat}
		s.conns.takeSeat(k, c)
		defer s.conns.giveSeat(k, c)
		c.join(ctx)
	}
	go c.listen(ctx)
	c.send(ctx, h, rec.reader(aud, from))
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

// replaced closes a seat's stream that a newer one of the seat replaces
// (its handler ends once the close is done, or has timed out).
func (c *client) replaced() {
	go c.conn.Close(websocket.StatusPolicyViolation, fmt.Sprintf("seat %d has a newer connection", c.seat))
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
				if !c.write(ctx, rd.line(e)) {
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
	req, problem := readMove(typ, data)
	if problem != "" {
		return problem
	}
	if !c.allow(ctx) {
		return ""
	}
	rep := c.ask(ctx, req)
	return rep.Error
}

// readMove checks a seat's message: one move in the title's notation, as
// text (empty: no move, which the rules penalise or, in AIC21, no orders).
// Its debug lines ("#mark JSON", "#log TEXT": game.Notes.AddLine) are not
// part of the move but its marks (docs/debug-drawing.md).
func readMove(typ websocket.MessageType, data []byte) (request, string) {
	switch {
	case typ != websocket.MessageText:
		return request{}, "a move is a text message"
	case !utf8.Valid(data):
		return request{}, "a move is UTF-8 text"
	}
	move := string(data)
	if !strings.Contains(move, game.MarkLinePrefix) && !strings.Contains(move, game.LogLinePrefix) {
		return request{Move: &move}, ""
	}
	var rest, marks []string
	for _, l := range strings.Split(move, "\n") {
		if game.IsDebugLine([]byte(l)) {
			marks = append(marks, l)
		} else {
			rest = append(rest, l)
		}
	}
	move = strings.Join(rest, "\n")
	return request{Move: &move, Marks: strings.Join(marks, "\n")}, ""
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
func clientAddr(r *http.Request) string { return hostOf(r.RemoteAddr) }
