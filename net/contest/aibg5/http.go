package aibg5

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	aibg "github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/net/contest"
)

// The original server's messages (rules/aibg5.md §6), byte for byte, typos
// included.
const (
	msgNoUser        = "Igrač sa username-om: %s i password-om: %s ne postoji."
	msgJoinTimeout   = "Igrač timeout-ovao dok je čekao početak sesije."
	msgNotYourTurn   = "Niste na potezu"
	msgOver          = "Igra je završena."
	msgNoGame        = "Niste pristupili igri, ili pokšuvate da igrate u igri koja ne postoji."
	msgNoGameID      = "Igra sa id: %d ne postoji."
	msgTrainCreated  = "TrainingGame sa id-ijem: %duspešno napravljen."
	msgTrainTooLong  = "Pokušali ste da napravite igru dužu od 10 minuta, što nije dozvoljeno."
	msgTrainOver     = "Trening igra je završena."
	msgTrainBusy     = "Greska pri pokusaju train akcije, vec postoji aktivan poziv."
	msgTrainNoGame   = "Greska u train metodi, igra ne postoji."
	msgWatchError    = "Greška pri gledanju partije"
	msgWrongPassword = `{"message" : "Wrong password"}`
	msgCreated       = "Game sa id:%d uspešno napravljen."
	msgInGame        = "Neuspesno kreiranje igre, igrac:%s je vec u igri sa ID:%d"
	msgAddPlayers    = "Greška pri dodavanju igrača u igru."
	msgNoToken       = "Token nije pronadjen u potpisu funkcije."
	msgBadToken      = "Nije moguće generisati Claims objekat"
	msgForbidden     = "Nije vam dozvoljeno slanje traženog zahteva."
)

// response is an HTTP reply: a status and a JSON body.
type response struct {
	status int
	body   []byte
}

// message is the reply {"message":TEXT}.
func message(status int, text string) response {
	b := append([]byte(`{"message":`), aibg.AppendJSONString(nil, text)...)
	return response{status, append(b, '}')}
}

// object writes a JSON object of string fields in order; a value that is
// nil is written null.
func object(status int, kv ...any) response {
	size := 16
	for _, v := range kv {
		if p, ok := v.([]byte); ok {
			size += len(p) + len(p)/4
		}
	}
	b := make([]byte, 1, size)
	b[0] = '{'

	for i := 0; i < len(kv); i += 2 {
		if i > 0 {
			b = append(b, ',')
		}
		b = aibg.AppendJSONString(b, kv[i].(string))
		b = append(b, ':')
		switch v := kv[i+1].(type) {
		case string:
			b = aibg.AppendJSONString(b, v)
		case []byte:
			if v == nil {
				b = append(b, "null"...)
			} else {
				b = aibg.AppendJSONString(b, v)
			}
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		case int64:
			b = strconv.AppendInt(b, v, 10)
		}
	}
	return response{status, append(b, '}')}
}

func (r response) write(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(r.status)
	w.Write(r.body)
}

// routes is the server's handler for a listener at addr. The bots'
// endpoints are guarded (contest.Guard: no other site's page, no
// rebound name); the spectators', which show what everyone may see, are
// open to any page, as the original's were.
func (l *Lobby) routes(addr net.Addr) http.Handler {
	bots := contest.Guard(addr, http.HandlerFunc(l.serveBots))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch strings.TrimRight(r.URL.Path, "/") {
		case "/streaming":
			l.stream(w, r)
		case "/game":
			if res := l.watch(r); res.status == http.StatusOK {
				w.WriteHeader(http.StatusOK) // a wrong password: the original answered nothing
			} else {
				res.write(w)
			}
		default:
			bots.ServeHTTP(w, r)
		}
	})
}

// serveBots routes the original's endpoints of the bots and the admin. A
// trailing slash is the same path, as in Spring.
func (l *Lobby) serveBots(w http.ResponseWriter, r *http.Request) {
	var res response
	switch strings.TrimRight(r.URL.Path, "/") {
	case "/user/login":
		res = l.login(r)
	case "/game/joinGame":
		res = l.joinGame(r)
	case "/game/doAction":
		res = l.doAction(r, false)
	case "/game/actionTrain":
		res = l.doAction(r, true)
	case "/game/train":
		res = l.train(r)
	case "/game/createGame":
		res = l.createGame(r)
	default:
		res = message(http.StatusNotFound, fmt.Sprintf("no such endpoint %s %s (AIBG 5.0: /user/login, /game/joinGame, /game/doAction, /game/train, /game/actionTrain, /game, /streaming, /game/createGame)", r.Method, r.URL.Path))
	}
	if res.status >= http.StatusBadRequest && !bytes.Contains(res.body, []byte(msgNotYourTurn)) && !bytes.Contains(res.body, []byte(msgOver)) {
		l.refused(r, res) // not the replies of a game's course: not yet your turn, the game is over
	}
	res.write(w)
}

// refused notes a bot's request that was refused: in the log, once for
// each reason a seat's bot (or a caller of no seat) is given in a row,
// and on the seat, whose wait for its bot names it (Join). A refused
// login is logged without the password it tried.
func (l *Lobby) refused(r *http.Request, res response) {
	var reply struct{ Message string }
	json.Unmarshal(res.body, &reply)
	request := r.Method + " " + strings.TrimRight(r.URL.Path, "/")
	why := reply.Message
	if strings.TrimRight(r.URL.Path, "/") == "/user/login" {
		why = "no account with that username and password"
	}
	_, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	token, _, _ = strings.Cut(token, " ")
	l.mu.Lock()
	var s *seat
	for _, a := range l.accounts {
		if token != "" && a.key.Is(token) {
			s = a.seat
		}
	}
	note := request + " was refused: " + why
	logged := l.lastRefusal[s] == note
	if s != nil {
		s.refused = note
	}
	if l.lastRefusal == nil {
		l.lastRefusal = map[*seat]string{}
	}
	l.lastRefusal[s] = note
	l.mu.Unlock()
	if logged {
		return
	}
	if s != nil {
		slog.Warn("AIBG 5.0: a bot's request refused", "seat", s.seat.Number(), "request", request, "status", res.status, "why", why)
	} else {
		slog.Warn("AIBG 5.0: a request refused", "request", request, "status", res.status, "why", why, "from", r.RemoteAddr)
	}
}

// body is a request's JSON object, key by key; unknown keys are ignored.
type body map[string]json.RawMessage

// readBody reads the JSON object of a request.
func readBody(r *http.Request) (body, error) {
	data, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	var b body
	if err := json.Unmarshal(data, &b); err != nil || b == nil {
		return nil, fmt.Errorf("the request body is not a JSON object: %s", clip(data))
	}
	return b, nil
}

func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

// text reads a String field as Jackson does: a string, or the text of a
// number or boolean; ok is false for null or a missing key.
func (b body) text(key string) (s string, ok bool, err error) {
	raw := bytes.TrimSpace(b[key])
	if len(raw) == 0 || string(raw) == "null" {
		return "", false, nil
	}
	switch raw[0] {
	case '"':
		err = json.Unmarshal(raw, &s)
		return s, true, err
	case '{', '[':
		return "", false, fmt.Errorf("%q must be a string, not %s", key, clip(raw))
	}
	return string(raw), true, nil
}

// number reads a whole-number field as Jackson does: a number (a fraction
// is dropped) or a string holding a whole number; a missing key is 0.
func (b body) number(key string) (int64, error) {
	raw := bytes.TrimSpace(b[key])
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%q: %q is not a whole number", key, s)
		}
		return n, nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || math.IsNaN(f) || math.Abs(f) > math.MaxInt64/2 {
		return 0, fmt.Errorf("%q: %s is not a number", key, clip(raw))
	}
	return int64(f), nil
}

// credentials are a login's username and password; ok is false for a
// missing or null one. bad is the reply to a login that has no JSON body
// or holds other values than text.
func credentials(r *http.Request) (user, pass string, okU, okP bool, bad *response) {
	b, err := readBody(r)
	if err != nil {
		res := message(http.StatusBadRequest, err.Error())
		return "", "", false, false, &res
	}
	user, okU, errU := b.text("username")
	pass, okP, errP := b.text("password")
	if errU != nil || errP != nil {
		res := message(http.StatusBadRequest, fmt.Sprint(errU, errP))
		return "", "", false, false, &res
	}
	return user, pass, okU, okP, nil
}

// noUser is the original's refusal of a login, which names what was sent
// ("null" for a missing value).
func noUser(user, pass string, okU, okP bool) response {
	if !okU {
		user = "null"
	}
	if !okP {
		pass = "null"
	}
	return message(http.StatusNotFound, fmt.Sprintf(msgNoUser, user, pass))
}

// login is POST /user/login.
func (l *Lobby) login(r *http.Request) response {
	user, pass, okU, okP, bad := credentials(r)
	if bad != nil {
		return *bad
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, a := range l.accounts {
		if okU && okP && a.user == user && (a.pass.Is(pass) || a.anyPass) {
			if a.anyPass {
				a.pass, a.anyPass = contest.NewSecret(pass), false
			}
			return object(http.StatusAccepted, "token", a.token)
		}
	}
	if l.open && okU && okP && l.account(user) == nil {
		for _, s := range l.seats {
			if s.acc == nil {
				s.acc = newAccount(user, pass)
				s.acc.seat = s
				l.accounts = append(l.accounts, s.acc)
				return object(http.StatusAccepted, "token", s.acc.token)
			}
		}
	}
	return noUser(user, pass, okU, okP)
}

// account is the account of a username; call with mu held.
func (l *Lobby) account(user string) *account {
	for _, a := range l.accounts {
		if a.user == user {
			return a
		}
	}
	return nil
}

// auth finds the account of a request's token: the text after the first
// space of the Authorization header, whatever precedes it (the original
// split on spaces and took the second part). admin says which role the
// endpoint wants.
func (l *Lobby) auth(r *http.Request, admin bool) (*account, *response) {
	h := r.Header.Get("Authorization")
	_, token, found := strings.Cut(h, " ")
	if !found {
		res := message(http.StatusUnauthorized, msgNoToken)
		return nil, &res
	}
	token, _, _ = strings.Cut(token, " ")
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, a := range l.accounts {
		if a.key.Is(token) {
			if a.admin != admin {
				res := message(http.StatusForbidden, msgForbidden)
				return nil, &res
			}
			return a, nil
		}
	}
	res := message(http.StatusUnauthorized, msgBadToken)
	return nil, &res
}

// authorized reads the request of an account in a role (auth): the
// account and the request's JSON body; or the reply that refuses it.
func (l *Lobby) authorized(r *http.Request, admin bool) (*account, body, *response) {
	a, bad := l.auth(r, admin)
	if bad != nil {
		return nil, nil, bad
	}
	b, err := readBody(r)
	if err != nil {
		res := message(http.StatusBadRequest, err.Error())
		return nil, nil, &res
	}
	return a, b, nil
}

// joinGame is GET /game/joinGame: held until every contest seat has
// joined and the match has started, at most 100 s.
func (l *Lobby) joinGame(r *http.Request) response {
	a, bad := l.auth(r, false)
	if bad != nil {
		return *bad
	}
	return l.join(r, a, false)
}

// join seats a joining account and waits for the start; train says
// whether it came by /game/train.
func (l *Lobby) join(r *http.Request, a *account, train bool) response {
	l.mu.Lock()
	s := a.seat
	if s == nil {
		l.mu.Unlock()
		return message(http.StatusBadRequest, fmt.Sprintf(msgNoGameID, -1))
	}
	if !s.joined {
		s.joined, s.training = true, train
		all := true
		for _, o := range l.seats {
			all = all && o.joined
		}
		l.tellWaiting()
		if all {
			close(l.allJoined)
		}
	}
	l.mu.Unlock()
	timer := time.NewTimer(l.opts.JoinTimeout)
	defer timer.Stop()
	select {
	case <-l.started:
	case <-timer.C:
		return message(http.StatusBadRequest, msgJoinTimeout)
	case <-l.closed:
		return message(http.StatusBadRequest, msgJoinTimeout)
	case <-r.Context().Done():
		return message(http.StatusBadRequest, msgJoinTimeout)
	}
	l.mu.Lock()
	gs := l.current()
	l.mu.Unlock()
	if train {
		return object(http.StatusAccepted, "message", fmt.Sprintf(msgTrainCreated, GameID), "gameState", gs)
	}
	return object(http.StatusAccepted, "playerIdx", s.idx, "gameState", gs)
}

// train is POST /game/train: the seat joins a training game, the other
// seats being the match's (the original's three training bots with
// --seats contest,training,training,training). The game lasts the given
// minutes, at most 10.
func (l *Lobby) train(r *http.Request) response {
	a, b, bad := l.authorized(r, false)
	if bad != nil {
		return *bad
	}
	minutes, err := b.number("time")
	if err != nil {
		return message(http.StatusBadRequest, err.Error())
	}
	if minutes > MaxTrainingTime {
		return message(http.StatusBadRequest, msgTrainTooLong)
	}
	idx, err := b.number("playerIdx")
	if err != nil {
		return message(http.StatusBadRequest, err.Error())
	}
	mapName, _, _ := b.text("mapName")
	l.mu.Lock()
	if a.seat == nil {
		l.mu.Unlock()
		return message(http.StatusBadRequest, msgTrainNoGame)
	}
	if idx != int64(a.seat.idx) {
		l.mu.Unlock()
		return message(http.StatusBadRequest, fmt.Sprintf("Arena plays you as player %d in this match (--seats): ask /game/train for playerIdx %d, or put the contest seat at %d", a.seat.idx, a.seat.idx, idx))
	}
	if !l.sameMap(mapName) {
		l.mu.Unlock()
		return message(http.StatusBadRequest, l.otherMap(mapName))
	}
	if l.match == nil {
		l.clock = time.Duration(max(minutes, 0)) * time.Minute
	}
	l.mu.Unlock()
	return l.join(r, a, true)
}

// createGame is the admin's POST /game/createGame: before the match
// starts it names the accounts of the contest seats, in seat order (one
// username per contest seat, or four, one per seat), and the game's
// length in minutes.
func (l *Lobby) createGame(r *http.Request) response {
	_, b, bad := l.authorized(r, true)
	if bad != nil {
		return *bad
	}
	var users []string
	if err := json.Unmarshal(b["playerUsernames"], &users); err != nil || len(users) == 0 {
		return message(http.StatusBadRequest, `"playerUsernames" must be a list of usernames, one per contest seat in seat order`)
	}
	minutes, err := b.number("time")
	if err != nil {
		return message(http.StatusBadRequest, err.Error())
	}
	mapName, _, _ := b.text("mapName")
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.seats {
		if s.joined {
			return message(http.StatusBadRequest, fmt.Sprintf(msgInGame, s.acc.user, GameID))
		}
	}
	if !l.sameMap(mapName) {
		return message(http.StatusBadRequest, l.otherMap(mapName))
	}
	if len(users) == 4 && len(l.seats) != 4 {
		var mine []string
		for _, s := range l.seats {
			mine = append(mine, users[s.idx-1])
		}
		users = mine
	}
	if len(users) != len(l.seats) {
		return message(http.StatusBadRequest, msgAddPlayers)
	}
	accounts := make([]*account, len(users))
	for i, u := range users {
		a := l.account(u)
		switch {
		case a != nil && a.admin:
			return message(http.StatusBadRequest, msgAddPlayers)
		case a == nil && !l.open:
			return message(http.StatusBadRequest, msgAddPlayers)
		case a == nil:
			a = newAccount(u, "")
			a.anyPass = true
			l.accounts = append(l.accounts, a)
		}
		accounts[i] = a
	}
	for _, a := range l.accounts {
		a.seat = nil
	}
	for i, s := range l.seats {
		s.acc, accounts[i].seat = accounts[i], s
	}
	l.clock = time.Duration(max(minutes, 0)) * time.Minute
	return message(http.StatusCreated, fmt.Sprintf(msgCreated, GameID))
}
