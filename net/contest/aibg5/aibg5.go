// Package aibg5 is AIBG 5.0's original server for Arena's contest seats
// (rules/aibg5.md §6): HTTP with bearer tokens on port 8081. Bots log in
// at /user/login, join with /game/joinGame (or /game/train for a training
// game), act with /game/doAction (/game/actionTrain), and spectators
// follow with GET /game and the WebSocket /streaming. Replies carry the
// original's status codes and its Serbian messages, byte for byte, and the
// gameState the title computes (game/aibg5). It is as lenient as the
// original Spring Boot server: any scheme before the token, trailing
// slashes, numbers sent as strings, unknown keys.
package aibg5

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	aibg "github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/net/contest"
)

// The original's constants (rules/aibg5.md §2, §6).
const (
	DefaultPort       = 8081              // the original server's port
	SpectatorPassword = "salamala"        // GET /game and /streaming, in any case
	CompetitionLimit  = 3 * time.Second   // a competition seat's time per turn (R21)
	TrainingLimit     = 300 * time.Second // a training seat's: the development budget
	CompetitionClock  = 3 * time.Minute   // a game's length unless createGame or train says otherwise
	MaxTrainingTime   = 10                // minutes a training game may last
	// GameID is the id of the match: Arena serves one game per listener.
	GameID = 0
)

// Contest is AIBG 5.0's original protocol, served for the "contest" seats:
// HTTP with bearer tokens.
var Contest = game.Contest{
	Title:  aibg.Title{}.ID(),
	Port:   DefaultPort,
	Logins: true,
	Shared: true,
	Named:  named,
	Kinds: []game.ContestKind{{Kind: game.ContestSeat, Usage: game.ContestSeat,
		About: "a bot of the original contest: it logs in to Arena's AIBG 5.0 server (HTTP, port 8081) and plays with joinGame and doAction, or train and actionTrain"}},
	Open: func(t game.Title, cfg game.Config, seats map[game.Seat]game.SeatSpec, opts game.ContestOptions) (game.Lobby, error) {
		l, err := Open(cfg, seats, opts)
		if err != nil {
			return nil, err
		}
		return l, nil
	},
}

// Lobby is the server of one match's contest seats.
type Lobby struct {
	ln      net.Listener
	srv     *http.Server
	opts    game.ContestOptions
	mapName string
	url     string

	mu        sync.Mutex
	accounts  []*account // from the accounts file, or made by the first logins
	open      bool       // no accounts file: the first logins take the seats
	seats     []*seat    // the contest seats in order
	allJoined chan struct{}
	started   chan struct{}
	closed    chan struct{}
	match     *game.Match
	clock     time.Duration // the game's length, from createGame or train
	deadline  time.Time     // when the clock runs out, from Start
	over      bool
	told      map[*seat]bool // the seats told that the game is over
	watchers  map[*watcher]bool
	door      *door // the night's listener it is open on (KeepOpen); nil: its own
	// lastRefusal is the last refusal logged for each seat's bot (nil:
	// callers of no seat), not logged again in a row.
	lastRefusal map[*seat]string
	cache       struct {
		frames int
		state  []byte
	}
	follow sync.WaitGroup
	once   sync.Once

	// until is when the join time ends; waited is set once Join has
	// returned: the joins after it no longer tell opts.Waiting.
	until  time.Time
	waited bool
}

// account is one login. Its password and token are checked as hashes,
// in constant time.
type account struct {
	user    string
	pass    contest.Secret
	shown   string // the password that Connect prints: the accounts file's or a generated one ("" for a team's)
	anyPass bool   // named by createGame: the first login sets the password
	admin   bool
	token   string         // what a login hands out
	key     contest.Secret // the token, as requests are checked against it
	seat    *seat          // nil for an admin, or a login that holds no seat
}

// newAccount is the account of a username and password, with a new token.
func newAccount(user, pass string) *account {
	token := newToken()
	return &account{user: user, pass: contest.NewSecret(pass), shown: pass, token: token, key: contest.NewSecret(token)}
}

// Open starts the server of the contest seats of a match played with cfg,
// or opens them on the night's door (opts.KeepOpen). The logins are the
// teams' own (opts.Logins), each bound to its seat, or --accounts', else,
// on a loopback listener, the original's: the first logins take the
// seats, and admin/admin may call createGame. A listener that other
// machines reach has no such public logins: without --accounts each
// seat's login is playerN and a new secret password, which Connect
// prints, and there is no admin.
func Open(cfg game.Config, seats map[game.Seat]game.SeatSpec, opts game.ContestOptions) (*Lobby, error) {
	l := &Lobby{opts: opts, mapName: cfg.Map, allJoined: make(chan struct{}), until: time.Now().Add(opts.JoinTimeout), started: make(chan struct{}),
		closed: make(chan struct{}), watchers: map[*watcher]bool{}, told: map[*seat]bool{}, clock: CompetitionClock}
	for _, s := range contest.Seats(seats) {
		l.seats = append(l.seats, &seat{l: l, seat: s, idx: s.Number(), action: make(chan *request, 1)})
	}
	var accounts []*account
	switch {
	case opts.Accounts != "" && len(opts.Logins) > 0:
		return nil, errors.New("--accounts and the teams' logins both name the seats' accounts: give one")
	case opts.Accounts != "":
		var err error
		if accounts, err = readAccounts(opts.Accounts, len(l.seats)); err != nil {
			return nil, err
		}
	case len(opts.Logins) > 0 && opts.KeepOpen:
		d, err := openDoor(opts.Listen)
		if err != nil {
			return nil, err
		}
		if err := checkLogins(append(slices.Collect(maps.Values(opts.Logins)), opts.Teams...), d.addr); err != nil {
			return nil, err
		}
		if accounts, err = d.accounts(l.seats, opts.Logins); err != nil {
			return nil, err
		}
		d.know(opts.Teams)
		for i, a := range accounts {
			a.seat, l.seats[i].acc = l.seats[i], a
		}
		l.accounts, l.door, l.url = accounts, d, d.url
		d.add(l)
		return l, nil
	case len(opts.Logins) > 0:
		var err error
		if accounts, err = loginAccounts(l.seats, opts.Logins); err != nil {
			return nil, err
		}
	}
	ln, err := contest.Listen(opts.Listen, DefaultPort)
	if err != nil {
		return nil, err
	}
	switch {
	case len(opts.Logins) > 0:
		if err := checkLogins(slices.Collect(maps.Values(opts.Logins)), ln.Addr()); err != nil {
			ln.Close()
			return nil, err
		}
	case opts.Accounts != "" && !contest.Loopback(ln.Addr()):
		for _, a := range accounts {
			if a.shown == a.user {
				ln.Close()
				return nil, fmt.Errorf("--accounts %s: the password of %q is its username, which anyone guesses: on a listener that other machines reach (%s), give it a secret one",
					opts.Accounts, a.user, ln.Addr())
			}
		}
	case opts.Accounts == "" && !contest.Loopback(ln.Addr()):
		for _, s := range l.seats {
			accounts = append(accounts, newAccount(fmt.Sprintf("player%d", s.idx), contest.Generate()))
		}
	case opts.Accounts == "":
		l.open = true
		admin := newAccount("admin", "admin")
		admin.admin = true
		accounts = []*account{admin}
	}
	k := 0
	for _, a := range accounts {
		if !a.admin {
			a.seat, l.seats[k].acc = l.seats[k], a
			k++
		}
	}
	l.accounts = accounts
	l.ln = ln
	host, port := contest.Host(ln.Addr())
	l.url = fmt.Sprintf("http://%s", net.JoinHostPort(host, fmt.Sprint(port)))
	l.srv = &http.Server{Handler: l.routes(ln.Addr()), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := l.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("AIBG 5.0 contest server", "err", err)
		}
	}()
	return l, nil
}

// newToken is a per-match random secret: the original's tokens were JWTs
// signed with a constant key, which is not reproduced.
func newToken() string {
	b := make([]byte, 24)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// URL is the server's address, such as http://127.0.0.1:8081.
func (l *Lobby) URL() string { return l.url }

// Connect says how each contest seat's bot connects.
func (l *Lobby) Connect() []string {
	l.mu.Lock() // a bot may be logging in, and taking a seat, meanwhile
	defer l.mu.Unlock()
	var out []string
	for k, s := range l.seats {
		who := fmt.Sprintf("login number %d: any username and password", k+1)
		switch {
		case s.acc != nil && s.acc.shown == "":
			who = fmt.Sprintf(`{"username":%q,"password":"…"} (the team's own)`, s.acc.user)
		case s.acc != nil:
			who = fmt.Sprintf(`{"username":%q,"password":%q}`, s.acc.user, s.acc.shown)
		}
		out = append(out, fmt.Sprintf("AIBG 5.0 seat %d (playerIdx %d): POST %s/user/login %s, then GET /game/joinGame (or POST /game/train) with \"Authorization: Bearer TOKEN\"",
			s.idx, s.idx, l.url, who))
	}
	return out
}

// Join waits until every contest seat has joined (joinGame or train). It
// returns the players' names: their usernames.
func (l *Lobby) Join(ctx context.Context) (map[string]string, error) {
	joined, err := contest.Wait(ctx, l.allJoined, l.opts.JoinTimeout)
	l.mu.Lock()
	l.waited = true
	l.mu.Unlock()
	switch {
	case err != nil:
		return nil, err
	case !joined:
		l.mu.Lock()
		var missing []game.Seat
		how := "their bots log in at " + l.url + "/user/login and call /game/joinGame"
		for _, s := range l.seats {
			if !s.joined {
				missing = append(missing, s.seat)
				if s.refused != "" {
					how += fmt.Sprintf("; seat %d's bot came: its %s", s.seat.Number(), s.refused)
				}
			}
		}
		names := l.names()
		l.mu.Unlock()
		if len(missing) > 0 {
			return names, contest.Missing(missing, l.opts.JoinTimeout, how)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.names(), nil
}

// tellWaiting tells opts.Waiting the seats not joined yet, until Join
// has returned. l.mu is held.
func (l *Lobby) tellWaiting() {
	if l.opts.Waiting == nil || l.waited {
		return
	}
	var missing []game.Seat
	for _, s := range l.seats {
		if !s.joined {
			missing = append(missing, s.seat)
		}
	}
	l.opts.Waiting(missing, l.until)
}

// names are the players' names of the seats that logins hold (named).
// l.mu is held.
func (l *Lobby) names() map[string]string {
	logins := map[game.Seat]game.Login{}
	for _, s := range l.seats {
		if s.acc != nil {
			logins[s.seat] = game.Login{User: s.acc.user}
		}
	}
	return named(logins)
}

// named are the players' names that logins decide, name1 to name4 (the
// playerIdx): the usernames.
func named(logins map[game.Seat]game.Login) map[string]string {
	names := map[string]string{}
	for s, l := range logins {
		names["name"+strconv.Itoa(s.Number())] = l.User
	}
	return names
}

// Player is the player of contest seat s.
func (l *Lobby) Player(s game.Seat) game.Player {
	for _, st := range l.seats {
		if st.seat == s {
			return st
		}
	}
	return nil
}

// Start begins the match: the joins are answered with its first state,
// the clock runs, spectators are served.
func (l *Lobby) Start(m *game.Match) {
	l.mu.Lock()
	l.match = m
	l.deadline = time.Now().Add(l.clock)
	l.mu.Unlock()
	close(l.started)
	l.follow.Add(1)
	go l.followMatch(m.Timeline)
}

// Close ends the protocol: waiting requests get "the game is over", the
// server and the spectators' sockets close.
func (l *Lobby) Close() error {
	l.once.Do(func() {
		l.mu.Lock()
		l.finish()
		l.mu.Unlock()
		// The bots that have not heard that the game is over get a moment
		// to call once more and hear it.
		for deadline := time.Now().Add(linger); time.Now().Before(deadline) && !l.allTold(); {
			time.Sleep(10 * time.Millisecond)
		}
		close(l.closed)
		l.follow.Wait()
		if l.door != nil {
			l.door.remove(l) // the door stays open for the night's other matches
			return
		}
		contest.Stop(l.srv, l.ln)
	})
	return nil
}

// linger is how long Close waits for the bots to hear that the game is
// over.
const linger = time.Second

// finish answers every waiting request once the game is over; call with
// mu held.
func (l *Lobby) finish() {
	l.over = true
	for _, s := range l.seats {
		for _, r := range []**request{&s.held, &s.queued} {
			if *r != nil {
				(*r).reply <- l.overReply((*r).train)
				*r = nil
				l.told[s] = true
			}
		}
	}
}

// allTold reports whether every seat that joined has heard that the game
// is over.
func (l *Lobby) allTold() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.seats {
		if s.joined && !l.told[s] {
			return false
		}
	}
	return true
}

// overReply is the answer of any call once the game is over.
func (l *Lobby) overReply(train bool) response {
	if train {
		return message(http.StatusBadRequest, msgTrainOver)
	}
	return message(http.StatusBadRequest, msgOver)
}

// current is the gameState now, as JSON; nil before the match starts.
// Call with mu held.
func (l *Lobby) current() []byte {
	if l.match == nil {
		return nil
	}
	tl := l.match.Timeline
	if n := tl.Len(); n != l.cache.frames {
		s, ok := tl.Last().State.(*aibg.State)
		if !ok {
			return nil
		}
		gs, err := s.GameState()
		if err != nil {
			return nil
		}
		l.cache.frames, l.cache.state = n, gs
	}
	return l.cache.state
}

// otherMap is the reply to a bot that asks for another map than the
// match's.
func (l *Lobby) otherMap(name string) string {
	played := l.mapName
	if played == "" {
		played = "Arena's default map"
	}
	return fmt.Sprintf("this match is played on %s (arena run --map), not %q: to play on it, give arena its file with --map", played, name)
}

// sameMap reports whether a map name a bot asks for is the match's.
func (l *Lobby) sameMap(name string) bool {
	return name == "" || name == l.mapName || filepath.Base(name) == filepath.Base(l.mapName)
}
