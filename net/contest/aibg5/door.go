package aibg5

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest"
)

// A door is AIBG 5.0's port for a night of matches (ContestOptions.
// KeepOpen): one listener that stays open while the matches of the teams'
// bots come and go on it, several at once. A team logs in once with its
// login and keeps its token all night, as on the original's server; each
// call of its bot goes to the match that seats its team, and a joinGame
// that comes before that match opens is held until it does, for the join
// time, as the original held it.
type door struct {
	url  string
	addr net.Addr
	srv  *http.Server

	mu      sync.Mutex
	lobbies []*Lobby
	logins  map[string]*account // by username: each team's password and token for the night
	opened  chan struct{}       // closed, and made again, when a match opens
}

// doors are the open doors of this process, by address.
var doors contest.Doors[*door]

// openDoor is the door at listen (ContestOptions.Listen), opened at the
// first match that needs it; it stays open while the process runs.
func openDoor(listen string) (*door, error) {
	return doors.Open(listen, DefaultPort, func(ln net.Listener) *door {
		host, port := contest.Host(ln.Addr())
		d := &door{url: fmt.Sprintf("http://%s", net.JoinHostPort(host, fmt.Sprint(port))), addr: ln.Addr(),
			logins: map[string]*account{}, opened: make(chan struct{})}
		d.srv = &http.Server{Handler: d.routes(ln.Addr()), ReadHeaderTimeout: 10 * time.Second}
		go func() {
			if err := d.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				slog.Error("AIBG 5.0 contest door", "err", err)
			}
		}()
		return d
	})
}

// know lets the night's teams log in (a login the door knows keeps its
// token; one it does not know yet gets one).
func (d *door) know(teams []game.Login) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, lg := range teams {
		if lg.User != "" && d.logins[lg.User] == nil {
			d.logins[lg.User] = newAccount(lg.User, lg.Password)
		}
	}
}

// accounts are the night's accounts of a match's seats, in seat order:
// each login's token is the one it was given before, or a new one; a
// login whose password differs from the one the night knows is refused.
func (d *door) accounts(seats []*seat, logins map[game.Seat]game.Login) ([]*account, error) {
	fresh, err := loginAccounts(seats, logins)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []*account
	for i, a := range fresh {
		lg := logins[seats[i].seat]
		known := d.logins[a.user]
		switch {
		case known == nil:
			night := *a
			d.logins[a.user] = &night
		case !known.pass.Is(lg.Password):
			return nil, fmt.Errorf("login %q: its password is not the one it had tonight", a.user)
		default:
			a.token, a.key = known.token, known.key
		}
		out = append(out, a)
	}
	return out, nil
}

// add opens a match on the door and wakes the joins held for it.
func (d *door) add(l *Lobby) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.lobbies = append(d.lobbies, l)
	close(d.opened)
	d.opened = make(chan struct{})
}

// remove closes a match on the door.
func (d *door) remove(l *Lobby) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for i, o := range d.lobbies {
		if o == l {
			d.lobbies = append(d.lobbies[:i], d.lobbies[i+1:]...)
			return
		}
	}
}

// lobbyOf is the match that seats the account of token: the newest that
// is not over, else (when live is not asked for) the newest; and a channel
// closed when another match opens.
func (d *door) lobbyOf(token string, live bool) (*Lobby, <-chan struct{}) {
	d.mu.Lock()
	lobbies, opened := append([]*Lobby(nil), d.lobbies...), d.opened
	d.mu.Unlock()
	var found *Lobby
	for i := len(lobbies) - 1; i >= 0; i-- {
		l := lobbies[i]
		l.mu.Lock()
		seated, over := false, l.over
		for _, a := range l.accounts {
			seated = seated || (a.seat != nil && a.key.Is(token))
		}
		l.mu.Unlock()
		if seated && !over {
			return l, opened
		}
		if seated && found == nil && !live {
			found = l
		}
	}
	return found, opened
}

// routes is the door's handler: the logins, then each call of a bot to
// its team's match; the spectators' endpoints show the newest match.
func (d *door) routes(addr net.Addr) http.Handler {
	bots := contest.Guard(addr, http.HandlerFunc(d.serveBots))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch strings.TrimRight(r.URL.Path, "/") {
		case "/streaming", "/game":
			d.mu.Lock()
			var l *Lobby
			if n := len(d.lobbies); n > 0 {
				l = d.lobbies[n-1]
			}
			d.mu.Unlock()
			if l == nil {
				message(http.StatusNotFound, msgWatchError).write(w)
				return
			}
			l.routes(addr).ServeHTTP(w, r)
		default:
			bots.ServeHTTP(w, r)
		}
	})
}

// serveBots logs a team in with its night's login, and hands every other
// call to the match that seats the caller's team: a joinGame waits for
// that match to open, for the join time.
func (d *door) serveBots(w http.ResponseWriter, r *http.Request) {
	if strings.TrimRight(r.URL.Path, "/") == "/user/login" {
		d.login(r).write(w)
		return
	}
	_, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	token, _, _ = strings.Cut(token, " ")
	// A join is for the team's next match, never one that is over.
	join := strings.TrimRight(r.URL.Path, "/") == "/game/joinGame"
	l, opened := d.lobbyOf(token, join)
	if l == nil && token != "" && join {
		timer := time.NewTimer(game.DefaultJoinTimeout)
		defer timer.Stop()
		for l == nil {
			select {
			case <-opened:
			case <-timer.C:
				message(http.StatusBadRequest, msgJoinTimeout).write(w)
				return
			case <-r.Context().Done():
				return
			}
			l, opened = d.lobbyOf(token, true)
		}
	}
	if l == nil {
		message(http.StatusBadRequest, msgNoGame).write(w)
		return
	}
	l.serveBots(w, r)
}

// login is POST /user/login on the door: a team's username and password
// give its token for the night.
func (d *door) login(r *http.Request) response {
	user, pass, okU, okP, bad := credentials(r)
	if bad != nil {
		return *bad
	}
	d.mu.Lock()
	a := d.logins[user]
	d.mu.Unlock()
	if okU && okP && a != nil && a.pass.Is(pass) {
		return object(http.StatusAccepted, "token", a.token)
	}
	return noUser(user, pass, okU, okP)
}
