//go:build linux

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// unitTokens logs in to the AIC21 match's unit server (127.0.0.1:7099,
// while the hostile units' match runs) as a unit with the original's
// public token and with guessed ones: each connection is closed with no
// reply. The public's replay of that hidden match is refused meanwhile.
func (h *harness) unitTokens(unit *program) {
	if unit == nil {
		h.rep.add("unit/guess-unit-token", false, "no AIC21 match to attack")
		return
	}
	var got []string
	tokens := []string{"00000000000000000000000000000000", "00000000000000000000000000000000"}
	for range 6 {
		tokens = append(tokens, guess())
	}
	ctx, cancel := context.WithTimeout(h.ctx, 20*time.Second)
	defer cancel()
	var conn net.Conn
	var err error
	for conn == nil && ctx.Err() == nil { // the lobby listens once the match is created
		if conn, err = net.DialTimeout("tcp", "127.0.0.1:7099", time.Second); err != nil {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if conn == nil {
		h.rep.add("unit/guess-unit-token", false, "the AIC21 unit server at 127.0.0.1:7099: %v", err)
		return
	}
	conn.Close()
	res, rerr := h.srv.call(h.ctx, "GET", "/api/matches/"+unit.id+"/replay", "", nil)
	for _, tok := range tokens {
		got = append(got, unitLogin(tok))
	}
	in, _ := h.srv.info(h.ctx, unit.id)
	for _, g := range got {
		if g != "closed with no reply" {
			h.rep.add("unit/guess-unit-token", false, "logins to the AIC21 units' server with the public and guessed tokens: %s", strings.Join(got, "; "))
			return
		}
	}
	if in.Status != "live" && in.Status != "waiting" {
		h.rep.add("unit/guess-unit-token", false, "the AIC21 match %s was %s before the logins were tried: too late to tell", unit.id, in.Status)
		return
	}
	h.rep.add("unit/guess-unit-token", true, "%d logins to match %s's AIC21 unit server (the original's public token twice, 6 guessed): each closed with no reply", len(tokens), unit.id)
	if rerr != nil || res.status != http.StatusForbidden {
		h.rep.add("client/peek-hidden-match-aic21", false, "the public's /replay of the live AIC21 match %s (a program seat): %v %d", unit.id, rerr, res.status)
	} else {
		h.rep.add("client/peek-hidden-match-aic21", true, "the public's /replay of the live AIC21 match %s, whose colony is played by a program: 403, shown at its end", unit.id)
	}
}

// unitLogin sends an AIC21 token frame and says what came back.
func unitLogin(token string) string {
	conn, err := net.DialTimeout("tcp", "127.0.0.1:7099", 5*time.Second)
	if err != nil {
		return "dial: " + err.Error()
	}
	defer conn.Close()
	fmt.Fprintf(conn, `{"type":"token","turn":0,"info":{"token":"%s"}}`+"\x00", token)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 256)
	n, err := conn.Read(buf)
	switch {
	case n > 0:
		return "got " + clip(string(buf[:n]), 100)
	case err == io.EOF || err != nil && strings.Contains(err.Error(), "reset"):
		return "closed with no reply"
	}
	return fmt.Sprintf("no reply within 5 s (%v)", err)
}

var listenRE = regexp.MustCompile(`http://(127\.0\.0\.1:\d+)`)

// contestListener starts `arena run` of a title with contest seats on a
// free port of 127.0.0.1, and returns it and its address.
func (h *harness) contestListener(title string, seats int) (*proc, string, error) {
	s := strings.TrimSuffix(strings.Repeat("contest,", seats), ",")
	cmd := h.command("run", title, "--seats", s, "--listen", "127.0.0.1:0", "--join-timeout", "90s")
	errs, err := cmd.StderrPipe()
	if err != nil {
		return nil, "", err
	}
	p, err := h.launch("arena run "+title, cmd)
	if err != nil {
		return nil, "", err
	}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(errs)
		for sc.Scan() {
			if m := listenRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case addr := <-found:
		return p, addr, nil
	case <-p.done:
		return nil, "", fmt.Errorf("arena run %s ended: %v", title, p.err)
	case <-time.After(20 * time.Second):
		p.stop(5 * time.Second)
		return nil, "", fmt.Errorf("arena run %s did not say where its bots connect within 20 s", title)
	}
}

// contests attacks the GuardAIns and AIBG listeners of `arena run` as a
// web page would: another site's page, and a page whose name was rebound
// to 127.0.0.1, may not use the public logins that work on loopback; a
// program (no Origin) may.
func (h *harness) contests() {
	h.guardainsListener()
	h.aibgListener()
}

func (h *harness) guardainsListener() {
	p, addr, err := h.contestListener("guardains", 2)
	if err != nil {
		h.rep.add("contest/guardains-cross-site", false, "%v", err)
		return
	}
	defer h.stopListener(p, "guardains")
	ws := "ws://" + addr + "/socket.io/?EIO=4&transport=websocket"
	poll := "http://" + addr + "/socket.io/?EIO=4&transport=polling"
	conn, evilSt, _ := wsDialTo(h.ctx, ws, "", "", http.Header{"Origin": {"http://evil.example"}})
	if conn != nil {
		conn.CloseNow()
	}
	// A page of evil.example whose name now resolves to 127.0.0.1: its
	// requests name evil.example and come from evil.example's page.
	name := "evil.example:" + port(addr)
	rebound := get(h.ctx, strings.Replace(poll, addr, name, 1), addr, "http://"+name)
	conn, reboundWS, _ := wsDialVia(h.ctx, strings.Replace(ws, addr, name, 1), reboundTo(addr), "", http.Header{"Origin": {"http://" + name}})
	if conn != nil {
		conn.CloseNow()
	}
	program := get(h.ctx, poll, "", "")
	if evilSt != http.StatusForbidden || rebound != http.StatusForbidden || reboundWS != http.StatusForbidden || program != http.StatusOK {
		h.rep.add("contest/guardains-cross-site", false, "GuardAIns listener %s: another site's WebSocket %d, a rebound name's polling %d and WebSocket %d (all should be 403); a program's polling %d",
			addr, evilSt, rebound, reboundWS, program)
		return
	}
	h.rep.add("contest/guardains-cross-site", true, "GuardAIns listener %s, whose loopback logins are public: http://evil.example's WebSocket 403; a page rebound to 127.0.0.1 (Host evil.example) 403, polling and WebSocket; a program (no Origin) 200", addr)
}

func (h *harness) aibgListener() {
	p, addr, err := h.contestListener("aibg5", 4)
	if err != nil {
		h.rep.add("contest/aibg-cross-site", false, "%v", err)
		return
	}
	defer h.stopListener(p, "aibg5")
	login := func(host, origin string) int {
		req, err := http.NewRequestWithContext(h.ctx, "POST", "http://"+host+"/user/login", strings.NewReader(`{"username":"admin","password":"admin"}`))
		if err != nil {
			return 0
		}
		req.Header.Set("Content-Type", "application/json")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		tr := &http.Transport{DialContext: reboundTo(addr), DisableKeepAlives: true}
		res, err := (&http.Client{Timeout: 10 * time.Second, Transport: tr}).Do(req)
		if err != nil {
			return 0
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	evil := login(addr, "http://evil.example")
	rebound := login("evil.example:"+port(addr), "http://evil.example:"+port(addr))
	program := login(addr, "")
	if evil != http.StatusForbidden || rebound != http.StatusForbidden || program/100 != 2 {
		h.rep.add("contest/aibg-cross-site", false, "AIBG 5.0 listener %s: admin/admin from another site's page %d, from a rebound name %d (both should be 403); from a program %d", addr, evil, rebound, program)
		return
	}
	h.rep.add("contest/aibg-cross-site", true, "AIBG 5.0 listener %s, whose loopback logins are public: admin/admin posted by http://evil.example's page 403, by a page rebound to 127.0.0.1 403; by a program %d", addr, program)
}

// stopListener interrupts a listener's `arena run` as its organiser would.
func (h *harness) stopListener(p *proc, title string) {
	if !p.stop(15 * time.Second) {
		h.rep.add("left/"+title+"-listener", false, "arena run %s did not end within 15 s of SIGINT", title)
	}
}

// get is a GET of url from a page of origin ("" for a program), through
// a connection to the address via ("" for url's own): its status.
func get(ctx context.Context, url, via, origin string) int {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return 0
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	tr := &http.Transport{DisableKeepAlives: true}
	if via != "" {
		tr.DialContext = reboundTo(via)
	}
	client := &http.Client{Timeout: 10 * time.Second, Transport: tr}
	res, err := client.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// reboundTo dials addr whatever the name asked: a name that DNS rebinding
// made point at 127.0.0.1.
func reboundTo(addr string) func(context.Context, string, string) (net.Conn, error) {
	return func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{Timeout: 5 * time.Second}).DialContext(ctx, network, addr)
	}
}

// port is the port of HOST:PORT.
func port(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}
