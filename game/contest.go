package game

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// ContestSeat is the seat kind of a bot written for a contest's original
// server: it connects to Arena, which speaks that contest's protocol.
const ContestSeat = "contest"

// DefaultJoinTimeout is how long a match waits for its contest seats to
// join: the 100 s that AIBG 5.0's server waited.
const DefaultJoinTimeout = 100 * time.Second

// ContestOptions set up the listener that a match's contest seats connect
// to. The zero value is the original's port on the loopback interface.
type ContestOptions struct {
	// Listen is HOST:PORT; ":PORT" or "" listen on the loopback
	// interface, "" on the original's port.
	Listen string
	// JoinTimeout is how long the seats have to join; 0 means
	// DefaultJoinTimeout.
	JoinTimeout time.Duration
	// Accounts is a file of logins, one "username password" per line in
	// seat order (AIBG 5.0).
	Accounts string
	// Room is the room the bots log in to (GuardAIns); "" is the
	// original's.
	Room string
	// PlayAbsent plays a match whose seats have not all joined when the
	// join time runs out, instead of not starting it: an absent seat
	// answers nothing, which its game's rules penalise as they do a bot
	// that does not answer (a tournament's match, which a team that did
	// not come loses). Its bot may still join late where the protocol
	// lets a bot come back.
	PlayAbsent bool
	// KeepOpen, with Logins, opens the seats on the night's listener at
	// Listen, which stays open for this process's other matches: the
	// teams' bots log in once, keep their tokens and are routed to the
	// match that seats them, several matches at once (a contest whose
	// Contest.Shared is set; the others open a listener per match, AIC21
	// on a free loopback port when Arena starts all of its units).
	KeepOpen bool
	// Teams are the logins of every team of the night, for KeepOpen: the
	// night's listener lets each of them log in from its first match on,
	// and holds its bot's join until the team's match opens.
	Teams []Login
	// Logins are the seats' own credentials, for seats that teams' bots
	// take with their teams' logins (a tournament's entrants): a bot is
	// seated by its login, never by the order in which bots arrive. Every
	// contest seat has one, or none does.
	Logins map[Seat]Login
	// Limit is the time a seat has per move; 0 means the contest's own.
	Limit time.Duration
	// Logs is the path, without an extension, for log files beside the
	// replay (such as the bots' stderr); "" writes none.
	Logs string
	// Announce gets the lines that say how to connect, before the match
	// waits for the seats; nil drops them.
	Announce func(line string)
	// Waiting, when set, is told the contest seats that the match still
	// waits for, in seat order, and when the join time ends: all of them
	// as the lobby opens, again as each one joins where the lobby can tell
	// (AIBG 5.0's does), and none once the match goes on, with them all or
	// without the absent. It must return at once: lobbies call it holding
	// their locks.
	Waiting func(seats []Seat, until time.Time)
}

// Login is a team's credentials in a contest: the username (AIBG 5.0) or
// player_id (GuardAIns) its bot logs in with, and the password.
type Login struct {
	User     string `json:"user"`
	Password string `json:"password"`
}

// Absent is the error of a lobby's Join when the join time ran out before
// the bots of some seats joined: it names them.
type Absent struct {
	Seats []Seat
	Err   error
}

func (a *Absent) Error() string { return a.Err.Error() }

// A Lobby is the listener of one match's contest seats: it speaks the
// contest's original protocol, seats the bots that connect, and makes a
// Player of each seat. The match loop does not know which protocol a seat
// speaks.
type Lobby interface {
	// Connect says, one line per seat, how a bot connects: the address,
	// the credentials.
	Connect() []string
	// Join waits until every seat of the lobby has joined, within the
	// join timeout; the error names the seats that did not (an *Absent).
	// It returns rule options that the joins decide, such as the players'
	// names: with an *Absent, those that the seats' logins decide.
	Join(ctx context.Context) (map[string]string, error)
	// Player is the player of a seat, once joined.
	Player(s Seat) Player
	// Start tells the lobby that the match begins: it follows the match's
	// timeline from here (spectators, the protocol's replies).
	Start(m *Match)
	// Close ends the protocol when the match is over: final messages,
	// sockets closed, processes ended.
	Close() error
}

// ContestKind is a seat kind that a contest's lobby seats.
type ContestKind struct {
	Kind  string // "contest", "process"
	About string // one line for people
	Usage string // how the seat is written: "contest" (no settings), "process:PATH"
}

// Bare reports whether the seat takes no settings.
func (k ContestKind) Bare() bool { return !strings.Contains(k.Usage, ":") }

// A Contest is a title's original contest protocol served by Arena. The
// packages under net/contest make them, and a program's Catalog lists
// them. The seats of its kinds in a match share one lobby.
type Contest struct {
	Title string // the title's ID
	Kinds []ContestKind
	// Logins is set when its bots log in, so that a team's own login
	// (ContestOptions.Logins) can take a seat.
	Logins bool
	// Shared is set when its matches can share one listener
	// (ContestOptions.KeepOpen).
	Shared bool
	// Named, when set, is the rule options that the seats' logins decide
	// when they join (AIBG 5.0's players' names): what Lobby.Join returns
	// for them, and what a tournament checks a replay for.
	Named func(logins map[Seat]Login) map[string]string
	// Port is the original's port, where the bots connect unless
	// ContestOptions.Listen says otherwise.
	Port int
	// Open starts the lobby of a match played with cfg, for the seats
	// that seats lists.
	Open func(t Title, cfg Config, seats map[Seat]SeatSpec, opts ContestOptions) (Lobby, error)
}

// FindContest finds the installed contest protocol that seats kind for
// title t.
func FindContest(t Title, kind string) (Contest, ContestKind, bool) {
	for _, c := range installed().Contests {
		if c.Title != t.ID() {
			continue
		}
		for _, k := range c.Kinds {
			if k.Kind == kind {
				return c, k, true
			}
		}
	}
	return Contest{}, ContestKind{}, false
}

// ContestKinds lists the seat kinds that title t's contest protocol seats.
func ContestKinds(t Title) []ContestKind {
	var out []ContestKind
	for _, c := range installed().Contests {
		if c.Title == t.ID() {
			out = append(out, c.Kinds...)
		}
	}
	return out
}

// OpenLobby starts the lobby of the contest seats among seats, announces
// how to connect, and waits for them to join. It returns nil when no seat
// is a contest seat, and the rule options the joins decided, to add to
// cfg's.
func OpenLobby(ctx context.Context, t Title, cfg Config, seats []SeatSpec, opts ContestOptions) (Lobby, map[string]string, error) {
	var proto *Contest
	mine := map[Seat]SeatSpec{}
	for i, spec := range seats {
		if c, _, ok := FindContest(t, spec.Kind); ok {
			proto = &c
			mine[Seat(i)] = spec
		}
	}
	if proto == nil {
		return nil, nil, nil
	}
	if opts.JoinTimeout <= 0 {
		opts.JoinTimeout = DefaultJoinTimeout
	}
	until := time.Now().Add(opts.JoinTimeout)
	if opts.Waiting != nil {
		all := make([]Seat, 0, len(mine))
		for i := range seats {
			if _, ok := mine[Seat(i)]; ok {
				all = append(all, Seat(i))
			}
		}
		opts.Waiting(all, until)
	}
	lobby, err := proto.Open(t, cfg, mine, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s contest seats: %w", t.Name(), err)
	}
	if opts.Announce != nil {
		for _, line := range lobby.Connect() {
			opts.Announce(line)
		}
	}
	joined, err := lobby.Join(ctx)
	var absent *Absent
	switch {
	case err != nil && opts.PlayAbsent && errors.As(err, &absent):
		slog.Warn("contest seats absent: the match plays without them", "title", t.ID(), "why", err)
		if opts.Announce != nil {
			opts.Announce(fmt.Sprintf("%s: the match plays without them: their seats answer nothing, as the rules say of a bot that does not answer", err))
		}
	case err != nil:
		lobby.Close()
		return nil, nil, fmt.Errorf("%s contest seats: %w", t.Name(), err)
	}
	if opts.Waiting != nil {
		opts.Waiting(nil, until)
	}
	return lobby, joined, nil
}
