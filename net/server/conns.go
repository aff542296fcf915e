//go:build !js

package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/arena-games/arena/net/stream"
)

// The server bounds the connections it holds, so that a few clients
// cannot hold it down, and so that the spectators never lock the players
// out:
//
//   - the listener holds at most MaxTotal connections, and at most
//     addrConns(MaxConns) of one address; past either, a new connection
//     gets its answer at once (503, or 429 for its address) and is closed;
//   - the public's streams take at most MaxConns of one address and
//     spectatorShare of MaxTotal in all (429, 503), which leaves room for
//     the rest;
//   - a seat's stream (/play with its token) and the jury's never count
//     against the public's: a seat keeps at most seatStreams open, a new
//     one closing its oldest (a player reconnects; the old connection may
//     not have noticed yet);
//   - the server's own machine (127.0.0.1, ::1: the organiser, who is
//     trusted) has organiserRoom more connections past MaxTotal, within
//     its address's bound: strangers from many addresses who fill the
//     server do not lock the organiser out until their connections time
//     out.
//
// Behind a proxy every client has the proxy's address: raise MaxConns.

// DefaultMaxTotal is how many connections the server holds open in all.
const DefaultMaxTotal = 4096

const (
	// seatStreams is how many streams one seat may hold open.
	seatStreams = 4
	// organiserRoom is how many connections the server's own machine
	// may hold past MaxTotal.
	organiserRoom = 16
	// refuseWait bounds writing the answer to a refused connection, and
	// refusers how many such answers are written at once (past it, a
	// refused connection is just closed).
	refuseWait = time.Second
	refusers   = 64
)

// spectatorShare is the public's share of the connections: 7/8.
func spectatorShare(total int) int { return max(1, total-total/8) }

// addrConns is how many connections one address may hold: twice its
// streams and some, for its requests, its seats and its jury.
func addrConns(maxConns int) int { return 2*maxConns + 32 }

// Listener wraps ln with the server's bounds on connections (MaxTotal,
// and per address): serve the HTTPServer on it.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return &capListener{Listener: ln, l: s.conns, refusing: make(chan struct{}, refusers)}
}

// capListener is a listener that refuses connections past the bounds.
type capListener struct {
	net.Listener
	l        *connLimit
	refusing chan struct{}
}

// Accept returns the next connection within the bounds, refusing the
// others.
func (c *capListener) Accept() (net.Conn, error) {
	for {
		conn, err := c.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := hostOf(conn.RemoteAddr().String())
		if status := c.l.takeConn(addr); status != 0 {
			c.refuse(conn, status)
			continue
		}
		return &cappedConn{Conn: conn, l: c.l, addr: addr}, nil
	}
}

// refuse answers a connection past the bounds with status, and closes it.
func (c *capListener) refuse(conn net.Conn, status int) {
	select {
	case c.refusing <- struct{}{}:
	default:
		conn.Close()
		return
	}
	go func() {
		defer func() { <-c.refusing }()
		defer conn.Close()
		why := "the server holds as many connections as it may; try again in a moment"
		if status == http.StatusTooManyRequests {
			why = "your address holds as many connections as it may; close some, or try again in a moment"
		}
		body, _ := json.Marshal(stream.Failure{Error: why})
		conn.SetDeadline(time.Now().Add(refuseWait))
		fmt.Fprintf(conn, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"+
			"Retry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", status, http.StatusText(status), len(body), body)
		// Closed with its request unread, the connection would be reset,
		// and the answer lost: the request is read (a little) first.
		if tcp, ok := conn.(*net.TCPConn); ok {
			tcp.CloseWrite()
			io.Copy(io.Discard, io.LimitReader(conn, 64<<10))
		}
	}()
}

// cappedConn gives its place back when it closes.
type cappedConn struct {
	net.Conn
	l    *connLimit
	addr string
	once sync.Once
}

func (c *cappedConn) Close() error {
	c.once.Do(func() { c.l.giveConn(c.addr) })
	return c.Conn.Close()
}

// connLimit counts the connections and the streams by address, and the
// seats' streams.
type connLimit struct {
	maxConns, maxTotal int

	mu       sync.Mutex
	conns    map[string]int // the listener's, by address
	allConns int
	streams  map[string]int // the public's, by address
	public   int
	seats    map[seatKey][]*client // the seats' open streams, oldest first
}

type seatKey struct {
	match string
	seat  int
}

func newConnLimit(maxConns, maxTotal int) *connLimit {
	return &connLimit{maxConns: maxConns, maxTotal: maxTotal, conns: map[string]int{}, streams: map[string]int{}, seats: map[seatKey][]*client{}}
}

// takeConn counts a new connection of addr, or returns the status that
// refuses it.
func (l *connLimit) takeConn(addr string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.allConns >= l.maxTotal+room(addr):
		return http.StatusServiceUnavailable
	case l.conns[addr] >= addrConns(l.maxConns):
		return http.StatusTooManyRequests
	}
	l.conns[addr]++
	l.allConns++
	return 0
}

func (l *connLimit) giveConn(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.allConns--
	if l.conns[addr]--; l.conns[addr] <= 0 {
		delete(l.conns, addr)
	}
}

// takeStream counts a public stream of addr, or returns the status that
// refuses it.
func (l *connLimit) takeStream(addr string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.streams[addr] >= l.maxConns:
		return http.StatusTooManyRequests
	case l.public >= spectatorShare(l.maxTotal):
		return http.StatusServiceUnavailable
	}
	l.streams[addr]++
	l.public++
	return 0
}

func (l *connLimit) giveStream(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.public--
	if l.streams[addr]--; l.streams[addr] <= 0 {
		delete(l.streams, addr)
	}
}

// takeSeat counts a stream of a seat, closing the seat's oldest when it
// holds seatStreams already.
func (l *connLimit) takeSeat(k seatKey, c *client) {
	l.mu.Lock()
	open := append(l.seats[k], c)
	var oldest *client
	if len(open) > seatStreams {
		oldest, open = open[0], open[1:]
	}
	l.seats[k] = open
	l.mu.Unlock()
	if oldest != nil {
		oldest.replaced()
	}
}

func (l *connLimit) giveSeat(k seatKey, c *client) {
	l.mu.Lock()
	defer l.mu.Unlock()
	open := l.seats[k]
	for i, o := range open {
		if o == c {
			open = append(open[:i:i], open[i+1:]...)
			break
		}
	}
	if len(open) == 0 {
		delete(l.seats, k)
	} else {
		l.seats[k] = open
	}
}

// room is how many connections addr may hold past the total: the
// organiser's room for the server's own machine, none for the others.
func room(addr string) int {
	if addr == "127.0.0.1" || addr == "::1" {
		return organiserRoom
	}
	return 0
}

// hostOf is an address without its port.
func hostOf(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return host
}
