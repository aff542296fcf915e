//go:build linux

package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/arena-games/arena/net/stream"
)

// guess is a random token, as long as Arena's.
func guess() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// clientAttacks runs the hostile clients' attacks one after the other
// (slow requests in the background from the start), while the honest
// seat plays.
func (h *harness) clientAttacks(hon *honest, progs []*program) {
	slow := h.slowloris()
	var unit *program
	for _, p := range progs {
		if p.name == "unit" && p.id != "" {
			unit = p
		}
	}
	h.unitTokens(unit)
	h.adminGuesses()
	h.juryGuesses(hon)
	h.peekHidden(hon)
	h.seatGuesses(hon)
	h.crossSite(hon)
	h.spectatorsAndSeat(hon)
	h.illegalFlood()
	h.perAddress()
	h.totalCap(hon)
	h.matchList()
	h.contests()
	h.tournamentFiles()
	<-slow
}

// organiser makes the organiser's request, from 127.0.0.1: it creates a
// quick match of built-in bots. It returns the answer (its status, how
// long it took) and the match's id.
func (h *harness) organiser(ctx context.Context) (api, string, error) {
	res, err := h.srv.call(ctx, "POST", "/api/matches", h.srv.admin,
		stream.CreateRequest{Title: "alienwarz", Seats: []string{"miner", "strategist"}, Options: map[string]string{"turns": "20"}})
	var c stream.Created
	if err == nil && res.status == http.StatusCreated {
		json.Unmarshal(res.body, &c)
	}
	return res, c.ID, err
}

// statuses counts the statuses of requests.
type statuses map[int]int

func (s statuses) String() string {
	var parts []string
	for code, n := range s {
		parts = append(parts, fmt.Sprintf("%d x%d", code, n))
	}
	return strings.Join(parts, ", ")
}

// only reports whether every request got status want.
func (s statuses) only(want int) bool { return len(s) == 1 && s[want] > 0 }

// matchCount is how many matches the server lists.
func (h *harness) matchCount() int {
	res, err := h.srv.call(h.ctx, "GET", "/api/matches", "", nil)
	if err != nil || res.status != http.StatusOK {
		return -1
	}
	var l stream.List
	json.Unmarshal(res.body, &l)
	return len(l.Matches)
}

// adminGuesses guesses the admin token, and puts the true one in the
// address: no match is created.
func (h *harness) adminGuesses() {
	before := h.matchCount()
	got := statuses{}
	body := stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "remote"}}
	for range 200 {
		res, err := h.srv.call(h.ctx, "POST", "/api/matches", guess(), body)
		if err != nil {
			got[0]++
			continue
		}
		got[res.status]++
	}
	after := h.matchCount()
	if !got.only(http.StatusUnauthorized) || after != before {
		h.rep.add("client/guess-admin-token", false, "200 guessed admin tokens got %s; matches %d before, %d after", got, before, after)
	} else {
		h.rep.add("client/guess-admin-token", true, "200 guessed admin tokens on POST /api/matches: all 401, no match created")
	}
	got = statuses{}
	for _, path := range []string{"/api/matches?token=" + h.srv.admin, "/api/matches?token=" + h.srv.jury} {
		res, err := h.srv.call(h.ctx, "POST", path, "", body)
		if err == nil {
			got[res.status]++
		}
	}
	after2 := h.matchCount()
	if !got.only(http.StatusBadRequest) || after2 != after {
		h.rep.add("client/admin-token-in-address", false, "POST /api/matches?token=ADMIN got %s; matches %d, then %d", got, after, after2)
	} else {
		h.rep.add("client/admin-token-in-address", true, "POST /api/matches?token= with the true admin (and jury) token: 400, the address is not read; no match created")
	}
}

// wsDial opens a WebSocket of the server at path from 127.0.0.1, with a
// bearer token, more headers and subprotocols; it returns the connection
// (or nil) and the HTTP status.
func (h *harness) wsDial(ctx context.Context, path, token string, header http.Header, protocols ...string) (*websocket.Conn, int, error) {
	return wsDialTo(ctx, "ws://"+h.srv.addr+path, "", token, header, protocols...)
}

// wsDialTo opens a WebSocket at url from the loopback address from.
func wsDialTo(ctx context.Context, url, from, token string, header http.Header, protocols ...string) (*websocket.Conn, int, error) {
	return wsDialVia(ctx, url, dialFrom(from), token, header, protocols...)
}

// wsDialVia opens a WebSocket at url through dial.
func wsDialVia(ctx context.Context, url string, dial func(context.Context, string, string) (net.Conn, error), token string, header http.Header, protocols ...string) (*websocket.Conn, int, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if header == nil {
		header = http.Header{}
	}
	if token != "" {
		header.Set("Authorization", "Bearer "+token)
	}
	tr := &http.Transport{DialContext: dial}
	defer tr.CloseIdleConnections() // a refused handshake's connection is not kept
	conn, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: header, Subprotocols: protocols, HTTPClient: &http.Client{Transport: tr}})
	status := 0
	if res != nil {
		status = res.StatusCode
	}
	if conn != nil {
		conn.SetReadLimit(16 << 20)
	}
	return conn, status, err
}

// juryGuesses guesses the jury's token on a hidden match's replay and
// stream, and puts the true one in the address; the true one, in its
// header, shows the match.
func (h *harness) juryGuesses(hon *honest) {
	path := "/api/matches/" + hon.id
	got := statuses{}
	for range 100 {
		res, err := h.srv.call(h.ctx, "GET", path+"/replay", guess(), nil)
		if err == nil {
			got[res.status]++
		}
	}
	for range 10 {
		_, st, _ := h.wsDial(h.ctx, path+"/stream", guess(), nil, stream.Protocol)
		got[st]++
		_, st, _ = h.wsDial(h.ctx, path+"/stream", "", nil, stream.Protocol, stream.BearerProtocol+guess())
		got[st]++
	}
	jury, err := h.srv.call(h.ctx, "GET", path+"/replay", h.srv.jury, nil)
	switch {
	case !got.only(http.StatusUnauthorized):
		h.rep.add("client/guess-jury-token", false, "guessed jury tokens on the hidden match %s got %s", hon.id, got)
	case err != nil || jury.status != http.StatusOK || len(jury.body) == 0:
		h.rep.add("client/guess-jury-token", false, "the true jury token did not show the hidden match: %v %d", err, jury.status)
	default:
		h.rep.add("client/guess-jury-token", true, "120 guessed jury tokens on the hidden match's /replay and /stream (header and subprotocol): all 401; the true one shows it (%d bytes)", len(jury.body))
	}
	got = statuses{}
	for _, tok := range []string{h.srv.jury, h.srv.admin} {
		res, err := h.srv.call(h.ctx, "GET", path+"/replay?token="+tok, "", nil)
		if err == nil {
			got[res.status]++
		}
		_, st, _ := h.wsDial(h.ctx, path+"/stream?token="+tok, "", nil, stream.Protocol)
		got[st]++
	}
	if !got.only(http.StatusBadRequest) {
		h.rep.add("client/jury-token-in-address", false, "the jury's and admin's true tokens in ?token= on /replay and /stream got %s", got)
	} else {
		h.rep.add("client/jury-token-in-address", true, "the jury's and admin's true tokens in ?token= on the hidden match's /replay and /stream: all 400, never read")
	}
}

// peekHidden watches the hidden match as the public, as a player would
// from a second connection: no replay, and a stream that says only why
// nothing comes.
func (h *harness) peekHidden(hon *honest) {
	path := "/api/matches/" + hon.id
	res, err := h.srv.call(h.ctx, "GET", path+"/replay", "", nil)
	if err != nil || res.status != http.StatusForbidden {
		h.rep.add("client/peek-hidden-match", false, "the public's /replay of the hidden match %s while it runs: %v %d %s", hon.id, err, res.status, clip(string(res.body), 100))
		return
	}
	conn, st, err := h.wsDial(h.ctx, path+"/stream", "", nil, stream.Protocol)
	if err != nil {
		h.rep.add("client/peek-hidden-match", false, "the public's /stream of the hidden match: %d %v", st, err)
		return
	}
	defer conn.CloseNow()
	msgs := readFor(conn, 1500*time.Millisecond)
	for _, m := range msgs {
		if l, err := stream.Classify([]byte(m)); err != nil || l.Kind != stream.Ctl || l.Ctl.Wait == "" {
			h.rep.add("client/peek-hidden-match", false, "the public's stream of the hidden match %s carried %s", hon.id, clip(m, 200))
			return
		}
	}
	h.rep.add("client/peek-hidden-match", true, "the public sees the hidden match %s (turn %d) at its end only: /replay 403, /stream only says so (%d messages, no header, no step)",
		hon.id, hon.turn(), len(msgs))
}

// readFor reads a WebSocket's messages for d.
func readFor(conn *websocket.Conn, d time.Duration) []string {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var out []string
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return out
		}
		out = append(out, string(data))
	}
}

// seatGuesses guesses the honest seat's token, in the header and the
// address, and plays it with the wrong seat's or the organisers' tokens.
func (h *harness) seatGuesses(hon *honest) {
	path := "/api/matches/" + hon.id + "/play?seat="
	got := statuses{}
	for range 60 {
		_, st, _ := h.wsDial(h.ctx, path+"1", guess(), nil, stream.Protocol)
		got[st]++
		_, st, _ = h.wsDial(h.ctx, path+"1&token="+guess(), "", nil, stream.Protocol)
		got[st]++
	}
	for _, tok := range []string{h.srv.admin, h.srv.jury} {
		_, st, _ := h.wsDial(h.ctx, path+"1", tok, nil, stream.Protocol)
		got[st]++
	}
	_, st, _ := h.wsDial(h.ctx, path+"2", hon.token, nil, stream.Protocol)
	got[st]++
	if !got.only(http.StatusUnauthorized) {
		h.rep.add("client/guess-seat-token", false, "guessed and borrowed tokens on /play of match %s got %s", hon.id, got)
		return
	}
	h.rep.add("client/guess-seat-token", true, "120 guessed seat tokens (header and ?token=), the admin's and jury's tokens, and seat 1's token for seat 2 (the server's bot) on /play: all 401")
}

// crossSite opens the server's WebSockets from another site's page, as a
// player's browser would: refused, whatever token rides along.
func (h *harness) crossSite(hon *honest) {
	evil := http.Header{"Origin": {"http://evil.example"}}
	path := "/api/matches/" + hon.id
	got := statuses{}
	for _, c := range []struct{ path, token string }{
		{path + "/stream", ""}, {path + "/stream", h.srv.jury}, {path + "/play?seat=1", hon.token}, {path + "/play?seat=1&token=" + hon.token, ""},
	} {
		conn, st, _ := h.wsDial(h.ctx, c.path, c.token, evil.Clone(), stream.Protocol)
		if conn != nil {
			conn.CloseNow()
		}
		got[st]++
	}
	if !got.only(http.StatusForbidden) {
		h.rep.add("client/cross-site-websocket", false, "WebSockets from http://evil.example's page got %s", got)
		return
	}
	h.rep.add("client/cross-site-websocket", true, "WebSockets opened by http://evil.example's page on /stream (public and jury) and /play (the seat's true token, header and address): all 403")
}

// spectatorsAndSeat fills an address's public streams, then plays the
// seat and watches as the jury from the same address: the spectators
// never lock them out.
func (h *harness) spectatorsAndSeat(hon *honest) {
	path := "/api/matches/" + hon.id
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	for i := range maxConns {
		conn, st, err := h.wsDial(h.ctx, path+"/stream", "", nil, stream.Protocol)
		if err != nil {
			h.rep.add("client/spectators-lock-out-seat", false, "public stream %d of %d was refused: %d %v", i+1, maxConns, st, err)
			return
		}
		open = append(open, conn)
	}
	_, st, _ := h.wsDial(h.ctx, path+"/stream", "", nil, stream.Protocol)
	seat, seatSt, seatErr := h.wsDial(h.ctx, path+"/play?seat=1", hon.token, nil, stream.Protocol)
	jury, jurySt, juryErr := h.wsDial(h.ctx, path+"/stream", h.srv.jury, nil, stream.Protocol)
	for _, c := range []*websocket.Conn{seat, jury} {
		if c != nil {
			c.CloseNow()
		}
	}
	if st != http.StatusTooManyRequests || seatErr != nil || juryErr != nil {
		h.rep.add("client/spectators-lock-out-seat", false, "with %d public streams open from 127.0.0.1: one more got %d, the seat's /play %d %v, the jury's stream %d %v",
			maxConns, st, seatSt, seatErr, jurySt, juryErr)
		return
	}
	h.rep.add("client/spectators-lock-out-seat", true, "127.0.0.1 holds its %d public streams (one more: 429); the seat's /play with its token and the jury's stream from the same address still open (101)", maxConns)
}

// illegalFlood plays a remote Santorini seat that sends an illegal move
// again and again: it is refused a bounded number of times, then the
// move is played and the rules make it forfeit.
func (h *harness) illegalFlood() {
	c, err := h.srv.create(h.ctx, stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 6, Limit: "30s"})
	if err != nil {
		h.rep.add("client/flood-illegal-moves", false, "%v", err)
		return
	}
	conn, st, err := h.wsDial(h.ctx, "/api/matches/"+c.ID+"/play?seat=1", c.Seats[0].Token, nil, stream.Protocol)
	if err != nil {
		h.rep.add("client/flood-illegal-moves", false, "the flooding seat's /play: %d %v", st, err)
		return
	}
	defer conn.CloseNow()
	ctx, cancel := context.WithTimeout(h.ctx, time.Minute)
	defer cancel()
	// The seat answers its first ask with an illegal move, and each
	// refusal with the same move again, as fast as it can.
	refusals, sent, asked := 0, 0, false
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			break
		}
		l, err := stream.Classify(data)
		if err != nil || l.Kind != stream.Ctl {
			continue
		}
		if l.Ctl.Rejected != nil {
			refusals++
		}
		if l.Ctl.Ask != nil && !asked || l.Ctl.Rejected != nil {
			asked = true
			if conn.Write(ctx, websocket.MessageText, []byte("Z9 Z9")) == nil {
				sent++
			}
		}
	}
	in, err := h.srv.waitEnd(h.ctx, c.ID, 30*time.Second)
	if err != nil || in.Status != stream.Finished || in.Winner != 2 || refusals == 0 || refusals > 20 {
		h.rep.add("client/flood-illegal-moves", false, "a seat sent %d illegal moves: %d refused; match %s %s, winner %d (%v)", sent, refusals, c.ID, in.Status, in.Winner, err)
		return
	}
	h.rep.add("client/flood-illegal-moves", true, "a remote Santorini seat sent the illegal move %d times: %d refused, then it was played and the seat forfeited (%s, P2 wins)", sent, refusals, in.Reason)
}

// matchList reads the public list of matches: seats are named by kind and
// player, never by a program's command line.
func (h *harness) matchList() {
	res, err := h.srv.call(h.ctx, "GET", "/api/matches", "", nil)
	if err != nil || res.status != http.StatusOK {
		h.rep.add("client/match-list", false, "GET /api/matches: %v %d", err, res.status)
		return
	}
	var l stream.List
	json.Unmarshal(res.body, &l)
	var bad []string
	for _, m := range l.Matches {
		for _, s := range m.Seats {
			if strings.Contains(s.Player+s.Kind, "/") || strings.HasPrefix(s.Player, "process:") || strings.HasPrefix(s.Player, "engine:") || s.Token != "" {
				bad = append(bad, fmt.Sprintf("%s seat %d: %q %q", m.ID, s.Seat, s.Kind, s.Player))
			}
		}
	}
	if bytes.Contains(res.body, []byte(h.work)) || len(bad) > 0 || res.header.Get("X-Content-Type-Options") != "nosniff" {
		h.rep.add("client/match-list", false, "the public list of matches shows command lines or tokens: %s", strings.Join(bad, "; "))
		return
	}
	h.rep.add("client/match-list", true, "the public list of %d matches names seats by kind and player (no path, command line or token), with nosniff", len(l.Matches))
}

// rawConn opens a TCP connection to the server from the loopback address
// from.
func (h *harness) rawConn(from string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	return d.Dial("tcp", h.srv.addr)
}

// slowloris sends headers and bodies slowly from 127.0.0.2 in the
// background: the server cuts each at its timeouts (headers 10 s, the
// request 30 s), while the organiser's request goes through. The channel
// closes when it has been judged.
func (h *harness) slowloris() <-chan struct{} {
	done := make(chan struct{})
	const each = 15
	type slow struct {
		kind string
		cut  time.Duration // when the server closed it; 0 for never
	}
	var mu sync.Mutex
	var conns []*slow
	var wg sync.WaitGroup
	t0 := time.Now()
	stop := make(chan struct{})
	for i := range 2 * each {
		conn, err := h.rawConn("127.0.0.2")
		if err != nil {
			h.rep.add("client/slow-requests", false, "a slow connection: %v", err)
			close(done)
			return done
		}
		s := &slow{kind: "headers"}
		first := "GET /api/matches HTTP/1.1\r\nHost: arena\r\n"
		if i%2 == 1 {
			s.kind = "body"
			tok := guess()
			if i%4 == 1 {
				tok = h.srv.admin // the organiser's own tool, stuck
			}
			first = fmt.Sprintf("POST /api/matches HTTP/1.1\r\nHost: arena\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{", tok)
		}
		conns = append(conns, s)
		wg.Add(2)
		go func() { // trickle a byte a second
			defer wg.Done()
			conn.Write([]byte(first))
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Second):
				}
				if _, err := conn.Write([]byte("x")); err != nil {
					return
				}
			}
		}()
		go func() { // see when the server closes it
			defer wg.Done()
			defer conn.Close()
			conn.SetReadDeadline(time.Now().Add(45 * time.Second))
			io.Copy(io.Discard, conn)
			mu.Lock()
			if time.Since(t0) < 44*time.Second {
				s.cut = time.Since(t0)
			}
			mu.Unlock()
		}()
	}
	go func() {
		defer close(done)
		time.Sleep(3 * time.Second)
		res, id, err := h.organiser(h.ctx)
		wg.Wait()
		close(stop)
		var worst = map[string]time.Duration{}
		never := 0
		for _, s := range conns {
			if s.cut == 0 {
				never++
			}
			worst[s.kind] = max(worst[s.kind], s.cut)
		}
		switch {
		case never > 0 || worst["headers"] > 14*time.Second || worst["body"] > 36*time.Second:
			h.rep.add("client/slow-requests", false, "of %d slow requests from 127.0.0.2, %d were never cut within 45 s; the last slow headers were cut after %v, the last slow body after %v",
				len(conns), never, worst["headers"].Round(100*time.Millisecond), worst["body"].Round(100*time.Millisecond))
		case err != nil || res.status != http.StatusCreated || res.took > 3*time.Second:
			h.rep.add("client/slow-requests", false, "while slow requests held connections, the organiser's POST got %v %d in %v", err, res.status, res.took)
		default:
			h.rep.add("client/slow-requests", true, "%d slow headers and %d slow bodies (a byte a second) from 127.0.0.2 were cut after at most %v and %v; meanwhile the organiser's POST got 201 in %v",
				each, each, worst["headers"].Round(100*time.Millisecond), worst["body"].Round(100*time.Millisecond), res.took.Round(time.Millisecond))
			h.replayETag(id)
		}
	}()
	return done
}

// replayETag downloads a finished replay twice: the second time, with the
// first one's ETag, the server answers 304 without sending it again.
func (h *harness) replayETag(id string) {
	if _, err := h.srv.waitEnd(h.ctx, id, 30*time.Second); err != nil {
		h.rep.add("client/replay-etag", false, "%v", err)
		return
	}
	first, err := h.srv.call(h.ctx, "GET", "/api/matches/"+id+"/replay", "", nil)
	if err != nil || first.status != http.StatusOK || first.header.Get("ETag") == "" {
		h.rep.add("client/replay-etag", false, "a finished replay's download: %v %d, ETag %q", err, first.status, first.header.Get("ETag"))
		return
	}
	second, err := h.srv.callFrom(h.ctx, "", "GET", "/api/matches/"+id+"/replay", "", nil, http.Header{"If-None-Match": {first.header.Get("ETag")}})
	if err != nil || second.status != http.StatusNotModified || len(second.body) > 0 {
		h.rep.add("client/replay-etag", false, "the download again with its ETag: %v %d (%d bytes)", err, second.status, len(second.body))
		return
	}
	h.rep.add("client/replay-etag", true, "a finished replay (%d bytes, %s) downloaded again with its ETag: 304, nothing resent", len(first.body), first.header.Get("Content-Type"))
}

// hold opens n connections from the loopback address from that send
// nothing, and returns them with the status line each got at once ("" for
// none: held open, waiting for a request).
func (h *harness) hold(from string, n int) ([]net.Conn, []string) {
	var conns []net.Conn
	for range n {
		c, err := h.rawConn(from)
		if err != nil {
			break
		}
		conns = append(conns, c)
	}
	answers := make([]string, len(conns))
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetReadDeadline(time.Now().Add(700 * time.Millisecond))
			buf := make([]byte, 32)
			k, _ := io.ReadFull(c, buf)
			answers[i] = string(buf[:k])
			c.SetReadDeadline(time.Time{})
		}()
	}
	wg.Wait()
	return conns, answers
}

// refused counts the answers that start with the status line of code.
func refused(answers []string, code int) int {
	n := 0
	for _, a := range answers {
		if strings.HasPrefix(a, fmt.Sprintf("HTTP/1.1 %d ", code)) {
			n++
		}
	}
	return n
}

// perAddress holds more connections from one address than it may: the
// rest are refused at once, and the organiser's request goes through.
func (h *harness) perAddress() {
	conns, answers := h.hold("127.0.0.3", addrConns+10)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	res, _, err := h.organiser(h.ctx)
	n := refused(answers, http.StatusTooManyRequests)
	switch {
	case len(conns) != addrConns+10 || n != 10:
		h.rep.add("client/many-connections-one-address", false, "127.0.0.3 opened %d connections: %d got 429 at once (expected 10 past its %d)", len(conns), n, addrConns)
	case err != nil || res.status != http.StatusCreated:
		h.rep.add("client/many-connections-one-address", false, "while 127.0.0.3 held %d connections, the organiser's POST got %v %d", addrConns, err, res.status)
	default:
		h.rep.add("client/many-connections-one-address", true, "127.0.0.3 opened %d connections: the %d past its %d got 429 at once; the organiser's POST meanwhile: 201 in %v",
			len(conns), n, addrConns, res.took.Round(time.Millisecond))
	}
}

// totalCap holds connections from many addresses (127.0.0.10 and up),
// each within its own bound, past the server's total: the rest are
// refused at once, spectators too, while the honest seat plays on and the
// organiser's request goes through.
func (h *harness) totalCap(hon *honest) {
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	turn := hon.turn()
	if hon.feed.Ended() != "" {
		h.rep.add("client/many-connections-many-addresses", false, "the honest match ended before the flood: too late to tell whether its seat plays on")
		return
	}
	refusedN, addrs := 0, 0
	for a := 10; a < 40 && refusedN < 20; a++ {
		cs, answers := h.hold(fmt.Sprintf("127.0.0.%d", a), addrConns-8)
		conns = append(conns, cs...)
		refusedN += refused(answers, http.StatusServiceUnavailable)
		addrs++
	}
	_, specSt, _ := wsDialTo(h.ctx, "ws://"+h.srv.addr+"/api/matches/"+hon.id+"/stream", "127.0.0.50", "", nil, stream.Protocol)
	res, _, err := h.organiser(h.ctx)
	time.Sleep(2 * time.Second)
	played := hon.turn() - turn
	switch {
	case refusedN == 0:
		h.rep.add("client/many-connections-many-addresses", false, "%d connections from %d addresses: none refused (the total bound is %d)", len(conns), addrs, maxTotal)
	case specSt != http.StatusServiceUnavailable:
		h.rep.add("client/many-connections-many-addresses", false, "with the server full, a new spectator from 127.0.0.50 got %d", specSt)
	case played <= 0:
		h.rep.add("client/many-connections-many-addresses", false, "the honest seat did not play while the server was full (turn %d)", hon.turn())
	case err != nil || res.status != http.StatusCreated:
		h.rep.add("client/many-connections-many-addresses", false, "with the server full (%d connections from %d addresses, %d refused 503), the organiser's POST from 127.0.0.1 got %v %d %s",
			len(conns), addrs, refusedN, err, res.status, clip(string(res.body), 120))
	default:
		h.rep.add("client/many-connections-many-addresses", true, "%d connections from %d addresses (each within its bound) filled the server's %d: %d more refused 503 at once, a new spectator's too; the honest seat played %d turns meanwhile; the organiser's POST from the server's machine (127.0.0.1): 201 in %v",
			len(conns), addrs, maxTotal, refusedN, played, res.took.Round(time.Millisecond))
	}
}

// errNoAnswer is a raw request's connection closed with no answer.
var errNoAnswer = errors.New("no answer")

// rawGet sends "GET path" as written, without the cleaning an HTTP client
// does, and returns the status line and the body.
func (h *harness) rawGet(path string) (string, http.Header, []byte, error) {
	conn, err := h.rawConn("127.0.0.1")
	if err != nil {
		return "", nil, nil, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, h.srv.addr)
	data, _ := io.ReadAll(conn)
	head, body, ok := bytes.Cut(data, []byte("\r\n\r\n"))
	if !ok {
		return "", nil, nil, errNoAnswer
	}
	lines := strings.Split(string(head), "\r\n")
	header := http.Header{}
	for _, l := range lines[1:] {
		if k, v, ok := strings.Cut(l, ":"); ok {
			header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
		}
	}
	return lines[0], header, body, nil
}

// tournamentFiles asks the server's tournament files for the admin token
// through its data folder, in every spelling of "..": none is served;
// a tournament's own files are, with their type and nosniff.
func (h *harness) tournamentFiles() {
	rel := "../server/admin-token" // the tournaments' folder is beside the server's
	var leaks, statusesSeen []string
	paths := []string{
		"/tournaments/hostile-cup/../" + rel, "/tournaments/hostile-cup/..%2f..%2fserver%2fadmin-token", "/tournaments/..%2fserver/admin-token",
		"/tournaments/hostile-cup/%2e%2e/%2e%2e/server/admin-token", "/tournaments/hostile-cup/matches/../../../server/admin-token",
		"/tournaments/%2e%2e/server/admin-token", "/tournaments/hostile-cup/..%5c..%5cserver%5cadmin-token", "/tournaments/hostile-cup/%252e%252e/%252e%252e/server/admin-token",
		"/tournaments/..", "/api/tournaments/../../server/admin-token", "/tournaments/hostile-cup//..//..//server/admin-token",
	}
	for _, p := range paths {
		status, _, body, err := h.rawGet(p)
		if err == nil && bytes.Contains(body, []byte(h.srv.admin)) {
			leaks = append(leaks, p)
		}
		code, _, _ := strings.Cut(strings.TrimPrefix(status, "HTTP/1.1 "), " ")
		statusesSeen = append(statusesSeen, cmp.Or(code, "closed"))
	}
	status, header, body, err := h.rawGet("/tournaments/hostile-cup/standings.json")
	switch {
	case len(leaks) > 0:
		h.rep.add("client/tournament-files", false, "the admin token was served at %s", strings.Join(leaks, ", "))
	case err != nil || !strings.Contains(status, " 200 ") || header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(header.Get("Content-Type"), "json"):
		h.rep.add("client/tournament-files", false, "a tournament's standings.json: %v %q, type %q, %q (%d bytes)", err, status, header.Get("Content-Type"), header.Get("X-Content-Type-Options"), len(body))
	default:
		h.rep.add("client/tournament-files", true, "%d spellings of ../server/admin-token under /tournaments/: none served (%s); standings.json served as %s with nosniff",
			len(paths), strings.Join(statusesSeen, " "), header.Get("Content-Type"))
	}
}
