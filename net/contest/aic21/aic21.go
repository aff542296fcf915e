// Package aic21 is AIC21's original server for Arena's contest seats
// (rules/aic21.md §6): every unit is its own process with its own TCP
// connection to port 7099, and frames are UTF-8 JSON ended by a NUL byte.
// A seat "process:PATH" starts each of its team's units from PATH, one at
// a time; a "contest" seat waits for units started by hand (the
// original's --run-manually). The messages are the title's (game/aic21),
// byte for byte.
//
// Unlike the original, where every unit sent the same public token and a
// connection bound to whichever unit was spawned last, each unit gets a
// secret token of its own, good once: a spawned unit reads it from its
// AICToken setting, and the line that asks for a unit started by hand
// prints it. A connection binds to the unit whose token it sends; any
// other is closed with no reply. The original's token works only with the
// option compat.zeroToken, on a loopback listener.
package aic21

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/contest"
)

// The original's constants (rules/aic21.md §2, §6).
const (
	DefaultPort = 7099
	// Token is the original clients' public token, which every unit sent;
	// Arena accepts it only with the option compat.zeroToken.
	Token          = "00000000000000000000000000000000"
	RoundTime      = 3000 * time.Millisecond // a round's window (R2)
	ConnectTimeout = 30 * time.Second        // a spawned unit's time to connect
	MaxFrame       = 10 << 20                // longer frames are dropped
	// maxFrames bounds the frames kept from one unit in one round; a unit
	// that floods loses the rest (only its last move and message count,
	// R4).
	maxFrames = 64
)

// Contest is AIC21's original protocol, served for the "contest" and
// "process" seats: one TCP connection per unit.
var Contest = game.Contest{
	Title: ants.Title{}.ID(),
	Port:  DefaultPort,
	Kinds: []game.ContestKind{
		{Kind: game.ContestSeat, Usage: game.ContestSeat,
			About: "units of an original client started by hand, one at a time, each connecting to Arena's AIC21 server (TCP, port 7099): the original's --run-manually"},
		{Kind: "process", Usage: "process:PATH",
			About: "an original AIC21 client: Arena starts one process per unit from PATH (java -jar for a .jar), each connecting to its TCP server"},
	},
	Open: func(t game.Title, cfg game.Config, seats map[game.Seat]game.SeatSpec, opts game.ContestOptions) (game.Lobby, error) {
		l, err := Open(t, cfg, seats, opts)
		if err != nil {
			return nil, err
		}
		return l, nil
	},
}

// Lobby is the TCP server of one match's AIC21 units.
type Lobby struct {
	opts game.ContestOptions
	ln   net.Listener
	host string
	port int

	bind sync.Mutex // one unit binds at a time
	// zero is the original's public token under compat.zeroToken, else
	// the zero Secret, which nothing matches.
	zero contest.Secret
	// arrivals are the connections that sent the public token, oldest
	// first: each binds to the next unit that waits, as in the original.
	arrivals chan *connection
	closed   chan struct{}
	once     sync.Once

	mu      sync.Mutex
	waiting *door    // the unit that waits for its connection, if any
	teams   [2]*team // by colony; nil for a seat that is not the lobby's
	first   []int    // the initial units' ids, ascending
	firstOf map[int]*team
}

// door is the way in of the unit that waits to connect: its token, good
// once, and where the connection that sends it goes.
type door struct {
	token contest.Secret
	conn  chan *connection
}

// Open starts the server of the match played with cfg.
func Open(t game.Title, cfg game.Config, seats map[game.Seat]game.SeatSpec, opts game.ContestOptions) (*Lobby, error) {
	if opts.Accounts != "" || opts.Room != "" || len(opts.Logins) > 0 {
		return nil, errors.New("--accounts, --room and teams' logins are for AIBG 5.0 and GuardAIns; AIC21's units log in with the token Arena gives each (a team's program is its seat: process:PATH)")
	}
	zero, err := game.ParseFlag(ants.OptZeroToken, cfg.Options[ants.OptZeroToken])
	if err != nil {
		return nil, err
	}
	l := &Lobby{opts: opts, arrivals: make(chan *connection, 1024), closed: make(chan struct{}), firstOf: map[int]*team{}}
	if zero {
		l.zero = contest.NewSecret(Token)
	}
	// The match's first units: ask a copy of its engine.
	eng, err := t.New(cfg)
	if err != nil {
		return nil, err
	}
	for _, s := range contest.Seats(seats) {
		spec := seats[s]
		tm := &team{l: l, colony: int(s), units: map[int]*unit{}}
		if spec.Kind == "process" {
			if tm.path, err = program(spec.Strength); err != nil {
				return nil, fmt.Errorf("seat %d: %w", s.Number(), err)
			}
			if tm.log, err = unitLog(opts.Logs, s); err != nil {
				return nil, fmt.Errorf("seat %d: %w", s.Number(), err)
			}
		}
		l.teams[s] = tm
		views, _ := eng.Observe(s).(ants.Views)
		for id, v := range views {
			if v.Type == ants.TypeInit {
				l.first = append(l.first, id)
				l.firstOf[id] = tm
			}
		}
	}
	slices.Sort(l.first)
	listen := opts.Listen
	if opts.KeepOpen && !slices.ContainsFunc(contest.Seats(seats), func(s game.Seat) bool { return seats[s].Kind == game.ContestSeat }) {
		// On a night, units that Arena starts itself connect to a free
		// port of their own match: its matches run at once.
		listen = "127.0.0.1:0"
	}
	if l.ln, err = contest.Listen(listen, DefaultPort); err != nil {
		l.closeLogs()
		return nil, err
	}
	if zero && !contest.Loopback(l.ln.Addr()) {
		l.ln.Close()
		l.closeLogs()
		return nil, fmt.Errorf("option %s: the original's public token lets any unit play any other; it is only for a listener on loopback (--listen 127.0.0.1:PORT), not %s",
			ants.OptZeroToken, l.ln.Addr())
	}
	l.host, l.port = contest.Host(l.ln.Addr())
	go l.accept()
	return l, nil
}

// Addr is the server's address, such as 127.0.0.1:7099.
func (l *Lobby) Addr() string { return net.JoinHostPort(l.host, strconv.Itoa(l.port)) }

// Connect says how each seat's units connect.
func (l *Lobby) Connect() []string {
	var out []string
	for c, tm := range l.teams {
		if tm == nil {
			continue
		}
		if tm.path != "" {
			out = append(out, fmt.Sprintf("AIC21 seat %d: Arena starts one process of %s per unit, each connecting to %s (AICHostIP=%s AICHostPort=%d)",
				c+1, tm.path, l.Addr(), l.host, l.port))
			continue
		}
		token := "the token Arena then prints for it, good once"
		if l.zero.Is(Token) {
			token += " (or, " + ants.OptZeroToken + ", the original's " + Token + ")"
		}
		out = append(out, fmt.Sprintf("AIC21 seat %d: start each unit of colony %d by hand, one at a time when Arena asks, connecting to %s with %s (AICHostIP=%s AICHostPort=%d AICToken=TOKEN)",
			c+1, c, l.Addr(), token, l.host, l.port))
	}
	return out
}

// Join binds the match's first units, in id order: it starts the
// processes of process seats and waits for the units of contest seats.
func (l *Lobby) Join(ctx context.Context) (map[string]string, error) {
	ctx, cancel := context.WithTimeout(ctx, l.opts.JoinTimeout)
	defer cancel()
	for _, id := range l.first {
		tm := l.firstOf[id]
		if err := tm.bindUnit(ctx, id); err != nil {
			if tm.path == "" && ctx.Err() != nil {
				return nil, contest.Missing([]game.Seat{game.Seat(tm.colony)}, l.opts.JoinTimeout,
					fmt.Sprintf("unit %d of colony %d did not connect to %s", id, tm.colony, l.Addr()))
			}
			return nil, fmt.Errorf("seat %d: %w", tm.colony+1, err)
		}
	}
	return nil, nil
}

// Player is the player of seat s: its colony's units.
func (l *Lobby) Player(s game.Seat) game.Player {
	if int(s) < len(l.teams) && l.teams[s] != nil {
		return l.teams[s]
	}
	return nil
}

// Start does nothing: the units play through their seats' players.
func (l *Lobby) Start(*game.Match) {}

// Close ends the units: contest seats' units get KILL, every socket
// closes, every unit process (with its children) is killed.
func (l *Lobby) Close() error {
	l.once.Do(func() {
		close(l.closed)
		l.ln.Close()
		for _, tm := range l.teams {
			if tm != nil {
				tm.end()
			}
		}
		for {
			select {
			case c := <-l.arrivals:
				c.conn.Close()
				continue
			default:
			}
			break
		}
		l.closeLogs()
	})
	return nil
}

func (l *Lobby) closeLogs() {
	for _, tm := range l.teams {
		if tm != nil && tm.log != nil {
			tm.log.Close()
		}
	}
}

// accept takes connections: each must first send the token frame, then
// waits to be bound to a unit.
func (l *Lobby) accept() {
	for {
		conn, err := l.ln.Accept()
		if err != nil {
			select {
			case <-l.closed:
			default:
				slog.Error("AIC21 contest server", "err", err)
			}
			return
		}
		go l.greet(conn)
	}
}

// greet reads a connection's token frame. The token of the unit that
// waits binds the connection to it, and is used up; under
// compat.zeroToken the public token queues the connection for the next
// unit that waits. Any other token closes the connection with no reply,
// as the original did.
func (l *Lobby) greet(conn net.Conn) {
	c := newConnection(conn)
	conn.SetReadDeadline(time.Now().Add(ConnectTimeout))
	frame, err := c.next()
	conn.SetReadDeadline(time.Time{})
	token, ok := tokenOf(frame)
	if err != nil || !ok {
		conn.Close()
		return
	}
	l.mu.Lock()
	d := l.waiting
	if d != nil && d.token.Is(token) {
		l.waiting = nil
		l.mu.Unlock()
		d.conn <- c // d.conn holds one: this is its only send
		return
	}
	l.mu.Unlock()
	if !l.zero.Is(token) {
		conn.Close()
		return
	}
	select {
	case l.arrivals <- c:
	case <-l.closed:
		conn.Close()
	}
}

// open makes the door of a unit about to connect and returns its token.
func (l *Lobby) open() (*door, string) {
	token := contest.Generate()
	d := &door{token: contest.NewSecret(token), conn: make(chan *connection, 1)}
	l.mu.Lock()
	l.waiting = d
	l.mu.Unlock()
	return d, token
}

// shut closes d: its token is good no more, and a connection that came
// with it after all is closed.
func (l *Lobby) shut(d *door) {
	l.mu.Lock()
	if l.waiting == d {
		l.waiting = nil
	}
	l.mu.Unlock()
	select {
	case c := <-d.conn:
		c.conn.Close()
	default:
	}
}

// unitLog opens the file that a process seat's units write their output
// to: beside the replay, or in the temporary folder.
func unitLog(logs string, s game.Seat) (*os.File, error) {
	if logs != "" {
		return os.OpenFile(fmt.Sprintf("%s.p%d.units.log", logs, s.Number()), os.O_CREATE|os.O_WRONLY|os.O_TRUNC|os.O_APPEND, 0o644)
	}
	return os.CreateTemp("", fmt.Sprintf("arena-aic21-p%d-*.units.log", s.Number()))
}
