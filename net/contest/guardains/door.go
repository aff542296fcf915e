package guardains

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/zishang520/socket.io/v2/socket"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest"
)

// A door is the Socket.IO server where the bots of contest seats log in.
// A match's own door serves its room and closes with it. The night's door
// (ContestOptions.KeepOpen) serves this process's matches, several at
// once, each a room of its own, and stays open: a bot logs in with its
// team's player_id and password, whatever room it names, and is seated in
// the newest match not over that seats its team; each match's broadcasts
// go to its own seats' sockets only.
//
// A team's bot that logs in while no match of its team is open (early,
// or between two of its matches) is let in and waits, as the original let
// a bot in before its game began: it gets `connected`, then "Game Starts
// in S seconds" every second (S: what is left of its wait), and is seated
// when its team's match opens; a bot still waiting after the contest's
// join time (game.DefaultJoinTimeout, as AIBG 5.0's door holds a join,
// whatever a match's own join time) is disconnected. An unchanged
// python-socketio bot handles this: it only waits for its first `action`.
// Holding its CONNECT instead would fail it, as python-socketio gives up
// on a namespace not accepted within its wait_timeout (1 s by default).
type door struct {
	url   string // http://HOST
	port  int
	addr  net.Addr
	ln    net.Listener // where it serves (serve)
	srv   *http.Server
	io    *socket.Server
	night bool   // the night's door: kept open, any room
	room  string // a match's own door: the room its bots log in to

	mu      sync.Mutex
	lobbies []*Lobby
	teams   map[string]contest.Secret // the night's logins: their passwords
	waiting map[string]*waiter        // by player_id
	conns   map[uint64]*seat          // the seated sockets, by connection
}

// waiter is a team's bot that waits for its match.
type waiter struct {
	sock *socket.Socket
	conn uint64
	gone chan struct{} // closed when it stops waiting
}

// doors are the night's doors of this process, by address.
var doors contest.Doors[*door]

// newDoor makes the door of a listener at addr; serve starts it.
func newDoor(addr net.Addr, night bool, room string) *door {
	host, port := contest.Host(addr)
	d := &door{url: "http://" + host, port: port, addr: addr, night: night, room: room,
		teams: map[string]contest.Secret{}, waiting: map[string]*waiter{}, conns: map[uint64]*seat{}}
	sopts := socket.DefaultServerOptions()
	sopts.SetPingInterval(PingInterval)
	sopts.SetPingTimeout(PingTimeout)
	sopts.SetServeClient(false)
	sopts.SetParser(&orderedParser{hook: d.packet})
	d.io = socket.NewServer(nil, sopts)
	d.io.Use(d.login)
	d.io.On("connection", d.connected)
	mux := http.NewServeMux()
	mux.Handle("/socket.io/", contest.Guard(addr, settled{d.io.ServeHandler(nil)}))
	d.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return d
}

// serve serves the door on ln.
func (d *door) serve(ln net.Listener) {
	d.ln = ln
	go func() {
		if err := d.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("GuardAIns contest server", "err", err)
		}
	}()
}

// nightDoor is the night's door at listen, opened by the first match that
// needs it; it stays open while the process runs.
func nightDoor(listen string) (*door, error) {
	return doors.Open(listen, DefaultPort, func(ln net.Listener) *door {
		d := newDoor(ln.Addr(), true, "")
		d.serve(ln)
		return d
	})
}

// URL is the door's address, such as http://127.0.0.1:8000.
func (d *door) URL() string { return fmt.Sprintf("%s:%d", d.url, d.port) }

// know lets the logins of l's seats and the night's teams log in; a
// seat's login whose password is not the one the night knows is refused.
func (d *door) know(l *Lobby, teams []game.Login) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, s := range l.seats {
		if s == nil {
			continue
		}
		lg := l.opts.Logins[s.seat]
		if known, ok := d.teams[lg.User]; ok && !known.Is(lg.Password) {
			return fmt.Errorf("login %q: its password is not the one it had tonight", lg.User)
		}
		d.teams[lg.User] = s.password
	}
	for _, lg := range teams {
		if _, ok := d.teams[lg.User]; !ok {
			d.teams[lg.User] = contest.NewSecret(lg.Password)
		}
	}
	return nil
}

// add opens match l on the door and seats its teams' waiting bots.
func (d *door) add(l *Lobby) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.lobbies = append(d.lobbies, l)
	for _, st := range l.seats {
		if st == nil {
			continue
		}
		if w := d.waiting[st.id]; w != nil {
			d.unwait(st.id, w)
			l.take(st, w.sock, w.conn) // a new match's seats are free
		}
	}
}

// remove closes match l on the night's door; a match's own door closes.
func (d *door) remove(l *Lobby) {
	if !d.night {
		contest.Stop(d.srv, d.ln)
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for i, o := range d.lobbies {
		if o == l {
			d.lobbies = append(d.lobbies[:i], d.lobbies[i+1:]...)
			return
		}
	}
}

// handOver lets the connected bots of match l, which is over, wait on the
// night's door for their team's next match, as if they had logged in
// between two of its matches: a bot started once plays all its matches
// without logging in again (python-socketio's reconnection before
// 5.12 may end its wait() and so the template's bot).
func (d *door) handOver(l *Lobby) {
	type bot struct {
		s    *socket.Socket
		id   string
		conn uint64
	}
	var bots, refused []bot
	d.mu.Lock()
	l.mu.Lock()
	for _, st := range l.seats {
		if st != nil && st.sock != nil && st.sock.Connected() {
			bots = append(bots, bot{st.sock, st.id, st.conn})
			delete(d.conns, st.conn)
			st.sock = nil
			st.leave()
		}
	}
	l.mu.Unlock()
	for _, b := range bots {
		if !d.place(b.s, b.id, b.conn) {
			refused = append(refused, b)
		}
	}
	d.mu.Unlock()
	for _, b := range refused {
		b.s.Disconnect(true)
	}
}

// lobbyOf is the newest match that seats login id, and its seat: on the
// night's door, the newest not over. d.mu is held.
func (d *door) lobbyOf(id string) (*Lobby, *seat) {
	for i := len(d.lobbies) - 1; i >= 0; i-- {
		l := d.lobbies[i]
		for _, st := range l.seats {
			if st != nil && st.id == id && (!d.night || !l.over()) {
				return l, st
			}
		}
	}
	return nil, nil
}

// login is the middleware that admits a socket: the auth HTTP header of
// its handshake, else its CONNECT payload, must name a login due in a
// match (on a match's own door, in its room) or, on the night's door, a
// team's, with its password; and that login must not be connected.
func (d *door) login(s *socket.Socket, next func(*socket.ExtendedError)) {
	hs := s.Handshake()
	var auth map[string]any
	conn := uint64(0)
	if m, ok := hs.Auth.(map[string]any); ok {
		if id, ok := m[connKey].(uint64); ok {
			conn = id
		}
		delete(m, connKey)
		if len(m) > 0 {
			auth = m
		}
	}
	if h := s.Request().Headers().Peek("Auth"); h != "" {
		auth = nil
		if err := json.Unmarshal([]byte(h), &auth); err != nil {
			next(socket.NewExtendedError("the auth header is not a JSON object", nil))
			return
		}
	}
	if auth == nil {
		next(socket.NewExtendedError(`no auth: send the header auth {"player_id": ..., "password": ..., "room": ...}`, nil))
		return
	}
	room, _ := auth["room"].(string)
	id, _ := auth["player_id"].(string)
	pass, _ := auth["password"].(string)
	if !d.night && room != d.room {
		next(socket.NewExtendedError("Wrong Room Id", nil))
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	password, known := d.teams[id]
	connected := d.waiting[id] != nil
	if l, st := d.lobbyOf(id); l != nil {
		password, known, connected = st.password, true, l.connected(st)
	}
	switch {
	case !known:
		next(socket.NewExtendedError("Wrong Username", nil))
		return
	case !password.Is(pass):
		next(socket.NewExtendedError("Wrong Password for "+id, nil))
		return
	case connected:
		next(socket.NewExtendedError(id+" Already Connected", nil))
		return
	}
	s.SetData(&login{id: id, conn: conn})
	next(nil)
}

// login is what the middleware found of a socket: its player_id, its
// connection.
type login struct {
	id   string
	conn uint64
}

// connected seats a socket that logged in, once it is connected (the
// bot may be sent its view from then on), or lets it wait for its match.
func (d *door) connected(args ...any) {
	s, ok := args[0].(*socket.Socket)
	if !ok {
		return
	}
	in, ok := s.Data().(*login)
	if !ok {
		return
	}
	d.mu.Lock()
	placed := d.place(s, in.id, in.conn)
	d.mu.Unlock()
	if !placed { // two logins at once: the first one won
		s.Disconnect(true)
	}
}

// place seats socket s of login id and connection conn in its team's
// match, or lets it wait for it on the night's door; it reports false
// when the login is connected already, or has no match. d.mu is held.
func (d *door) place(s *socket.Socket, id string, conn uint64) bool {
	if l, st := d.lobbyOf(id); l != nil {
		return l.take(st, s, conn)
	}
	if !d.night || d.waiting[id] != nil {
		return false
	}
	w := &waiter{sock: s, conn: conn, gone: make(chan struct{})}
	d.waiting[id] = w
	s.On("disconnect", func(...any) {
		d.mu.Lock()
		d.unwait(id, w)
		d.mu.Unlock()
	})
	s.Emit("connected", map[string]any{"data": "Connected"})
	go d.hold(id, w, time.Now().Add(game.DefaultJoinTimeout))
	return true
}

// hold tells a waiting bot, every second until deadline, how long it may
// still wait; then it is disconnected, unless it was seated or left.
func (d *door) hold(id string, w *waiter, deadline time.Time) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	end := time.NewTimer(time.Until(deadline))
	defer end.Stop()
	for {
		d.mu.Lock()
		if d.waiting[id] == w {
			w.sock.Emit("game_status", "Game Starts in "+pythonFloat(time.Until(deadline).Seconds())+" seconds")
		}
		d.mu.Unlock()
		select {
		case <-tick.C:
		case <-w.gone:
			return
		case <-end.C:
			d.mu.Lock()
			waiting := d.waiting[id] == w
			d.unwait(id, w)
			d.mu.Unlock()
			if waiting {
				w.sock.Disconnect(true)
			}
			return
		}
	}
}

// unwait ends w's wait, if it is id's. d.mu is held.
func (d *door) unwait(id string, w *waiter) {
	if d.waiting[id] == w {
		delete(d.waiting, id)
		close(w.gone)
	}
}

// packet gets every packet of every connection, in the order it came:
// the action and marks events and acks of a seat's socket go to its round.
func (d *door) packet(conn uint64, p *packet) {
	d.mu.Lock()
	st := d.conns[conn]
	d.mu.Unlock()
	if st == nil {
		return
	}
	switch {
	case p.ack:
		st.acked()
	case p.event == "action":
		st.received(p.data)
	case p.event == "marks":
		st.marked(p.data)
	}
}
