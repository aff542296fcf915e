package aibg5

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/contest"
	"github.com/arena-games/arena/net/contest/contesttest"
)

var generatedRE = regexp.MustCompile(`^AIBG 5\.0 seat (\d) \(playerIdx \d\): POST (http://\S+)/user/login \{"username":"(player\d)","password":"([0-9a-f]{32})"\}`)

// On a listener that other machines reach, without --accounts, nobody
// logs in with the original's public logins: admin/admin (which would
// reassign the seats) and any first login (which would take a seat) are
// refused, as is playerN/playerN. Each seat's login is playerN with a new
// secret password, which the connect line prints; it plays.
func TestLoginsBeyondLoopback(t *testing.T) {
	t.Parallel()
	st := game.Setup{Title: title, Seed: 3, Limit: 200 * time.Millisecond,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "greedy"}, {Kind: "contest"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "1"}, Contest: game.ContestOptions{Listen: contesttest.Beyond(t), JoinTimeout: 20 * time.Second}}
	m := contesttest.Start(t, st)
	var url string
	passwords := map[string]string{}
	for range 2 {
		line := m.Line(t)
		c := generatedRE.FindStringSubmatch(line)
		require.NotNil(t, c, line)
		url, passwords[c[3]] = c[2], c[4]
	}
	require.Len(t, passwords, 2)
	require.NotEqual(t, passwords["player1"], passwords["player3"])
	anyone := &client{t: t, url: url}
	for _, login := range [][2]string{{"admin", "admin"}, {"eve", "x"}, {"player1", "player1"}, {"player3", passwords["player1"]}} {
		status, body := anyone.call("POST", "/user/login", map[string]any{"username": login[0], "password": login[1]})
		require.Equal(t, http.StatusNotFound, status, "%s/%s: %s", login[0], login[1], body)
	}
	p1, p3 := &client{t: t, url: url}, &client{t: t, url: url}
	p1.login("player1", passwords["player1"])
	p3.login("player3", passwords["player3"])
	status, _ := p1.call("POST", "/game/createGame", map[string]any{"playerUsernames": []string{"player3", "player1"}})
	require.Equal(t, http.StatusForbidden, status, "a player is no admin")
	go p3.call("GET", "/game/joinGame", nil)
	status, body := p1.call("GET", "/game/joinGame", nil)
	require.Equal(t, http.StatusAccepted, status, body)
	_, res, err := m.Wait(t, 30*time.Second)
	require.NoError(t, err)
	require.Equal(t, "rounds", res.Reason)
}

// On such a listener an accounts file may not hold a login whose password
// is its username, such as the original's admin/admin.
func TestGuessableAccountsBeyondLoopback(t *testing.T) {
	t.Parallel()
	beyond := contesttest.Beyond(t)
	for _, file := range []string{"ana s3cret\nadmin admin admin\n", "ana ana\n"} {
		path := filepath.Join(t.TempDir(), "accounts.txt")
		require.NoError(t, os.WriteFile(path, []byte(file), 0o644))
		_, err := Open(game.Config{}, map[game.Seat]game.SeatSpec{0: {Kind: "contest"}}, game.ContestOptions{Listen: beyond, Accounts: path})
		require.ErrorContains(t, err, "which anyone guesses: on a listener that other machines reach", file)
	}
}

// A web page of another site, or one whose name was rebound to
// 127.0.0.1, cannot use the loopback listener's public admin/admin (nor
// take a seat by logging in first); the spectators' endpoints stay open to
// any page, as the original's were.
func TestCrossSiteLogin(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, game.Setup{Title: title, Seed: 3, Limit: 10 * time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "greedy"}, {Kind: "greedy"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "1"}, Contest: game.ContestOptions{JoinTimeout: 2 * time.Second}})
	url := "http://" + m.Addr(t)
	page := &client{t: t, url: url}
	admin := map[string]any{"username": "admin", "password": "admin"}
	status, body := page.call("POST", "/user/login", admin, "Origin", "https://evil.example", "Content-Type", "text/plain")
	require.Equal(t, http.StatusForbidden, status, body)
	status, body = page.call("POST", "/user/login", admin, "Origin", "http://rebound.example:8081", "Host", "rebound.example:8081")
	require.Equal(t, http.StatusForbidden, status, body)
	status, body = page.call("GET", "/game?gameId=0&password=salamala", nil, "Origin", "https://evil.example")
	require.Equal(t, http.StatusBadRequest, status, "a spectator's call, answered: %s", body)
	status, body = page.call("POST", "/user/login", admin, "Origin", url)
	require.Equal(t, http.StatusAccepted, status, "a page of the listener's own host: %s", body)
	_, _, err := m.Wait(t, 30*time.Second)
	require.ErrorContains(t, err, "seat 1 did not join")
}

// Every password and token is kept as a contest.Secret, which compares
// hashes in constant time and cannot be compared with ==.
func TestSecretsCompareInConstantTime(t *testing.T) {
	t.Parallel()
	secret := reflect.TypeOf(contest.Secret{})
	require.False(t, secret.Comparable())
	acc := reflect.TypeOf(account{})
	for _, name := range []string{"pass", "key"} {
		f, ok := acc.FieldByName(name)
		require.True(t, ok, name)
		require.Equal(t, secret.String(), f.Type.String(), name)
	}
}

// night are the logins of the night's teams.
var night = []game.Login{{User: "ants", Password: "ants-pw"}, {User: "bees", Password: "bees-pw"},
	{User: "cats", Password: "cats-pw"}, {User: "dogs", Password: "dogs-pw"}, {User: "eels", Password: "eels-pw"}}

// doorMatch starts a match of two teams' bots and two greedy ones on the
// night's door at addr: its seats 1 and 3 are the teams'.
func doorMatch(t *testing.T, addr string, seed int64, a, b string) *contesttest.Match {
	return contesttest.Start(t, game.Setup{Title: title, Seed: seed, Limit: 2 * time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "greedy"}, {Kind: "contest"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "3"}, Contest: game.ContestOptions{Listen: addr, JoinTimeout: 20 * time.Second, KeepOpen: true,
			Logins: map[game.Seat]game.Login{0: {User: a, Password: a + "-pw"}, 2: {User: b, Password: b + "-pw"}}, Teams: night}})
}

// playOut joins the team's match and plays it to its end; it returns the
// playerIdx the join gave.
func playOut(c *client) int {
	_, body := c.call("GET", "/game/joinGame", nil)
	r := decode(c.t, body)
	idx := r.PlayerIdx
	for {
		body = c.play(stepFrom(r.state(c.t), idx))
		if strings.Contains(body, msgOver) {
			return idx
		}
		r = decode(c.t, body)
	}
}

// The night's door: one port for two matches at once, each team's bot
// routed by its login to its own match and seat; a team logs in once and
// keeps its token; a join that comes before the team's next match opens is
// held until it does; the matches end as their replays say.
func TestDoorServesTheNight(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	m1 := doorMatch(t, addr, 1, "ants", "bees")
	m2 := doorMatch(t, addr, 2, "cats", "dogs")
	for _, m := range []*contesttest.Match{m1, m2} {
		m.Line(t) // the connect lines, two a match: both listen
		m.Line(t)
	}
	url := "http://" + addr
	teams := map[string]*client{}
	for _, name := range []string{"dogs", "bees", "cats", "ants"} {
		teams[name] = &client{t: t, url: url}
		teams[name].login(name, name+"-pw")
	}
	status, _ := (&client{t: t, url: url}).call("POST", "/user/login", map[string]any{"username": "ants", "password": "wrong"})
	require.Equal(t, http.StatusNotFound, status)
	idx := make(chan [2]any, 4)
	for name, c := range teams {
		go func() { idx <- [2]any{name, playOut(c)} }()
	}
	got := map[string]int{}
	for range 4 {
		r := <-idx
		got[r[0].(string)] = r[1].(int)
	}
	require.Equal(t, map[string]int{"ants": 1, "bees": 3, "cats": 1, "dogs": 3}, got)
	for _, m := range []*contesttest.Match{m1, m2} {
		_, res, err := m.Wait(t, time.Minute)
		require.NoError(t, err)
		contesttest.SameAsLocal(t, m.Out, res)
	}

	// The eels, whose first match is still to come, log in already; their
	// join waits for it, as the bees' for their next one with the night's
	// token.
	token := teams["bees"].token
	next := make(chan int, 1)
	go func() { next <- playOut(teams["bees"]) }()
	time.Sleep(100 * time.Millisecond)
	eels := &client{t: t, url: url}
	eels.login("eels", "eels-pw")
	eelsSeat := make(chan int, 1)
	go func() { eelsSeat <- playOut(eels) }()
	m3 := doorMatch(t, addr, 3, "eels", "bees")
	require.Equal(t, 1, <-eelsSeat, "the eels' first match seats them")
	require.Equal(t, 3, <-next, "the held join took the bees' seat in the new match")
	require.Equal(t, token, teams["bees"].token)
	_, res, err := m3.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, m3.Out, res)
	require.Equal(t, "bees", rec.Header.Config.Options["name3"])
	require.Equal(t, "eels", rec.Header.Config.Options["name1"])
}
