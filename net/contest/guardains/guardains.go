// Package guardains is GuardAIns' original server for Arena's contest
// seats (rules/guardains.md §6): Socket.IO 5 over Engine.IO 4 on port
// 8000, HTTP long-polling then the WebSocket upgrade, pings every 500 ms.
// Bots log in with the auth header of the handshake (or the CONNECT
// payload), get `connected` and `game_status` broadcasts and one `action`
// view a round with an ack request, and answer with `action` events. The
// views are the title's (game/guardains), byte for byte. On a contest
// night (ContestOptions.KeepOpen) the matches share one server, the
// night's door, which routes each team's bot by its login to its team's
// match.
package guardains

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/zishang520/socket.io/v2/socket"

	"github.com/arena-games/arena/game"
	gg "github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/net/contest"
)

// The original's constants (rules/guardains.md §2, §6).
const (
	DefaultPort  = 8000
	DefaultRoom  = "gameRoom"
	Window       = time.Second            // a seat's time to answer a view
	PingInterval = 500 * time.Millisecond // Engine.IO's pings
	PingTimeout  = time.Second
	// linger is the time the bots have to read the result before their
	// sockets close.
	linger = 250 * time.Millisecond
)

// Contest is GuardAIns' original protocol, served for the "contest"
// seats: Socket.IO.
var Contest = game.Contest{
	Title:  gg.Title{}.ID(),
	Port:   DefaultPort,
	Logins: true,
	Shared: true,
	Kinds: []game.ContestKind{{Kind: game.ContestSeat, Usage: game.ContestSeat,
		About: "a bot of the original contest: it connects to Arena's GuardAIns server (Socket.IO, port 8000) as player1 or player2"}},
	Open: func(t game.Title, cfg game.Config, seats map[game.Seat]game.SeatSpec, opts game.ContestOptions) (game.Lobby, error) {
		l, err := Open(seats, opts)
		if err != nil {
			return nil, err
		}
		return l, nil
	},
}

// Lobby is one match's contest seats, on its own door or the night's.
type Lobby struct {
	opts game.ContestOptions
	room string
	door *door

	mu        sync.Mutex
	seats     [2]*seat // by seat; nil for a seat that is not a contest seat
	allJoined chan struct{}
	closed    chan struct{}
	match     *game.Match
	announced int // the last round whose game_status went out
	sockets   sync.WaitGroup
}

// Open starts the server of the contest seats of a match, or opens them
// on the night's door (opts.KeepOpen, with logins). The teams' own logins
// (opts.Logins) name the seats' player_ids and passwords; without them,
// on a loopback listener the bots log in as the original's,
// player1/player1 and player2/player2, and on a listener that other
// machines reach each seat's password is a new secret, which Connect
// prints.
func Open(seats map[game.Seat]game.SeatSpec, opts game.ContestOptions) (*Lobby, error) {
	if opts.Accounts != "" {
		return nil, errors.New("--accounts is for AIBG 5.0; GuardAIns' bots log in as player1 and player2, with the password Arena prints for each")
	}
	l := &Lobby{opts: opts, room: opts.Room, allJoined: make(chan struct{}), closed: make(chan struct{})}
	if l.room == "" {
		l.room = DefaultRoom
	}
	var ln net.Listener
	var addr net.Addr
	if opts.KeepOpen && len(opts.Logins) > 0 {
		d, err := nightDoor(opts.Listen)
		if err != nil {
			return nil, err
		}
		l.door, addr = d, d.addr
		for _, lg := range opts.Teams {
			if err := secretLogin(lg, addr); err != nil {
				return nil, err
			}
		}
	} else {
		var err error
		if ln, err = contest.Listen(opts.Listen, DefaultPort); err != nil {
			return nil, err
		}
		addr = ln.Addr()
	}
	for _, s := range contest.Seats(seats) {
		id := "player" + strconv.Itoa(s.Number())
		password := id
		if !contest.Loopback(addr) {
			password = contest.Generate()
		}
		shown := password
		if len(opts.Logins) > 0 {
			lg := opts.Logins[s]
			if err := teamLogin(l.seats, s, lg, addr); err != nil {
				if ln != nil {
					ln.Close()
				}
				return nil, err
			}
			id, password, shown = lg.User, lg.Password, "…" // a team's password is not printed
		}
		l.seats[s] = &seat{l: l, seat: s, id: id, password: contest.NewSecret(password), shown: shown}
	}
	if ln == nil {
		if err := l.door.know(l, opts.Teams); err != nil {
			return nil, err
		}
		l.door.add(l)
	} else {
		l.door = newDoor(addr, false, l.room)
		l.door.add(l)
		l.door.serve(ln)
	}
	go l.countdown()
	return l, nil
}

// URL is the server's address, such as http://127.0.0.1:8000.
func (l *Lobby) URL() string { return l.door.URL() }

// Connect says how each contest seat's bot connects.
func (l *Lobby) Connect() []string {
	var out []string
	for _, s := range l.seats {
		if s == nil {
			continue
		}
		out = append(out, fmt.Sprintf(`GuardAIns seat %d: Socket.IO at %s, header auth {"player_id": %q, "password": %q, "room": %q} (the template: bash run.sh %s %d %s %s %s)`,
			s.seat.Number(), l.URL(), s.id, s.shown, l.room, l.door.url, l.door.port, l.room, s.id, s.shown))
	}
	return out
}

// Join waits until every contest seat has logged in.
func (l *Lobby) Join(ctx context.Context) (map[string]string, error) {
	if joined, err := contest.Wait(ctx, l.allJoined, l.opts.JoinTimeout); joined || err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var missing []game.Seat
	for _, s := range l.seats {
		if s != nil && !s.joined {
			missing = append(missing, s.seat)
		}
	}
	if len(missing) == 0 {
		return nil, nil
	}
	return nil, contest.Missing(missing, l.opts.JoinTimeout, "their bots connect to "+l.URL()+" with the header auth")
}

// countdown broadcasts "Game Starts in S seconds" every second until
// every seat has joined: S is the time left to join.
func (l *Lobby) countdown() {
	deadline := time.Now().Add(l.opts.JoinTimeout)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		left := time.Until(deadline).Seconds()
		if left > 0 {
			l.broadcast("game_status", "Game Starts in "+pythonFloat(left)+" seconds")
		}
		select {
		case <-tick.C:
		case <-l.allJoined:
			return
		case <-l.closed:
			return
		}
	}
}

// pythonFloat formats x as Python's str does: the shortest digits, with a
// decimal point.
func pythonFloat(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return s
		}
	}
	return s + ".0"
}

// Player is the player of contest seat s.
func (l *Lobby) Player(s game.Seat) game.Player {
	if int(s) < len(l.seats) && l.seats[s] != nil {
		return l.seats[s]
	}
	return nil
}

// Start remembers the match, for its result at the end.
func (l *Lobby) Start(m *game.Match) {
	l.mu.Lock()
	l.match = m
	l.mu.Unlock()
}

// status broadcasts "Game Running - Round n" once per round (n > 0).
func (l *Lobby) status(round int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if round > l.announced {
		l.announced = round
		l.emit("game_status", "Game Running - Round "+strconv.Itoa(round))
	}
}

// Close ends the game for the bots: the last round's status, the result,
// "Game Over"; then, on the night's door, they wait for their team's next
// match, and on a match's own door their sockets close (the original
// clients never exit by themselves).
func (l *Lobby) Close() error {
	l.mu.Lock()
	select {
	case <-l.closed:
		l.mu.Unlock()
		return nil
	default:
	}
	close(l.closed)
	m := l.match
	l.mu.Unlock()
	if m != nil {
		last := m.Timeline.Last()
		if s, ok := last.State.(*gg.State); ok && last.Over {
			l.status(s.Round)
			l.broadcast("game_status", resultLine(s))
		}
		l.broadcast("game_status", "Game Over")
		time.Sleep(linger)
	}
	if l.door.night {
		l.door.handOver(l)
	}
	var socks []*socket.Socket
	l.mu.Lock()
	for _, s := range l.seats {
		if s != nil && s.sock != nil {
			socks = append(socks, s.sock)
		}
	}
	l.mu.Unlock()
	for _, s := range socks {
		s.Disconnect(true)
	}
	done := make(chan struct{})
	go func() { l.sockets.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	l.door.remove(l)
	return nil
}

// resultLine is the original's game_status at the end (§6, R31).
func resultLine(s *gg.State) string {
	switch {
	case s.Winner != 0:
		return "Player " + strconv.Itoa(s.Winner) + " is the Winner"
	case s.Reason == "penalties":
		return "Draw"
	}
	return "Game is a Draw"
}

// over reports whether the match is over: its game, or the lobby.
func (l *Lobby) over() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-l.closed:
		return true
	default:
	}
	return l.match != nil && l.match.Timeline.Last().Over
}

// connected reports whether st's bot is connected.
func (l *Lobby) connected(st *seat) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return st.sock != nil && st.sock.Connected()
}

// take seats socket s of connection conn in st, and greets the match's
// sockets, as the original greeted every socket at every login; it
// reports false when st's bot is connected already. l.door.mu is held.
func (l *Lobby) take(st *seat, s *socket.Socket, conn uint64) bool {
	d := l.door
	l.mu.Lock()
	defer l.mu.Unlock()
	if st.sock != nil && st.sock.Connected() {
		return false
	}
	l.sockets.Add(1)
	leave := sync.OnceFunc(l.sockets.Done)
	st.sock, st.conn, st.leave = s, conn, leave
	d.conns[conn] = st
	s.On("disconnect", func(...any) {
		d.mu.Lock()
		l.mu.Lock()
		if st.sock == s {
			st.sock = nil
			delete(d.conns, conn)
		}
		l.mu.Unlock()
		d.mu.Unlock()
		leave()
	})
	l.emit("connected", map[string]any{"data": "Connected"})
	if !st.joined {
		st.joined = true
		all := true
		for _, c := range l.seats {
			all = all && (c == nil || c.joined)
		}
		if all {
			close(l.allJoined)
		}
	}
	return true
}

// broadcast emits an event to every seat's socket.
func (l *Lobby) broadcast(ev string, data any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.emit(ev, data)
}

// emit is broadcast with mu held. Each socket gets it in turn, in the
// order of the other events it gets (the library's broadcasts are not
// ordered with a socket's own events).
func (l *Lobby) emit(ev string, data any) {
	for _, s := range l.seats {
		if s != nil && s.sock != nil {
			s.sock.Emit(ev, data)
		}
	}
}

// teamLogin checks the team's login lg of seat s: a player_id and a
// password (secretLogin), the player_id not another seat's.
func teamLogin(seats [2]*seat, s game.Seat, lg game.Login, addr net.Addr) error {
	if lg.User == "" || lg.Password == "" {
		return fmt.Errorf("contest seat %d has no login: every contest seat needs its team's player_id and password, or none does", s.Number())
	}
	if err := secretLogin(lg, addr); err != nil {
		return err
	}
	for _, o := range seats {
		if o != nil && o.id == lg.User {
			return fmt.Errorf("contest seat %d: the player_id %q already has a seat", s.Number(), lg.User)
		}
	}
	return nil
}

// secretLogin refuses, on a listener that other machines reach (addr), a
// team's login whose password is its player_id.
func secretLogin(lg game.Login, addr net.Addr) error {
	if !contest.Loopback(addr) && lg.Password == lg.User {
		return fmt.Errorf("the password of login %q is its player_id, which anyone guesses: on a listener that other machines reach (%s), give the team a secret one", lg.User, addr)
	}
	return nil
}
