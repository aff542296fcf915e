package guardains

import (
	"bufio"
	"net"
	"net/http"
	"strings"
)

// settled serves a WebSocket upgrade so that the connection is not read
// before the handler has returned. The Engine.IO library starts reading a
// new WebSocket before its socket listens to it: a packet that comes at
// once (the upgrade's "2probe", or the CONNECT of a bot that skips
// polling) was dropped now and then under load, and the bot, waiting for
// an answer, was closed by the ping timeout. By the time the handler
// returns, the socket listens.
type settled struct{ h http.Handler }

func (s settled) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hj, ok := w.(http.Hijacker)
	if !ok || !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		s.h.ServeHTTP(w, r)
		return
	}
	ready := make(chan struct{})
	defer close(ready)
	s.h.ServeHTTP(hijacker{ResponseWriter: w, hj: hj, ready: ready}, r)
}

// hijacker hands out the connection with its reads held until ready.
type hijacker struct {
	http.ResponseWriter
	hj    http.Hijacker
	ready <-chan struct{}
}

func (h hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := h.hj.Hijack()
	if err != nil {
		return c, rw, err
	}
	return heldConn{Conn: c, ready: h.ready}, rw, nil
}

// heldConn is a connection whose reads wait until ready is closed.
type heldConn struct {
	net.Conn
	ready <-chan struct{}
}

func (c heldConn) Read(p []byte) (int, error) {
	<-c.ready
	return c.Conn.Read(p)
}
