package aibg5

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	aibg "github.com/arena-games/arena/game/aibg5"
	levels "github.com/arena-games/arena/levels/aibg5"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// title is AIBG 5.0 with Arena's maps, as arena plays it.
var title = aibg.Title{Shelf: levels.Shelf}

// TestMain installs the title and its contest, as arena does.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{title}, Contests: []game.Contest{Contest}})
	os.Exit(m.Run())
}

// client is a scripted bot: requests as the original's bots sent them.
type client struct {
	t     testing.TB
	url   string
	token string
}

// call sends a request (body: a JSON value, a string sent as it is, or
// nil) with the given header lines ("Host" sets the request's host) and
// returns the status and the body.
func (c *client) call(method, path string, body any, header ...string) (int, string) {
	c.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		require.NoError(c.t, err)
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.url+path, r)
	require.NoError(c.t, err)
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		}
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	return res.StatusCode, string(data)
}

// login logs in and keeps the token.
func (c *client) login(user, pass string) {
	c.t.Helper()
	status, body := c.call("POST", "/user/login", map[string]any{"username": user, "password": pass})
	require.Equal(c.t, http.StatusAccepted, status, body)
	var tok struct{ Token string }
	require.NoError(c.t, json.Unmarshal([]byte(body), &tok))
	require.Regexp(c.t, `^\{"token":"[0-9a-f]{48}"\}$`, body)
	c.token = tok.Token
}

// reply is a decoded reply body.
type reply struct {
	PlayerIdx int
	GameState string
	Message   *string
}

func decode(t testing.TB, body string) reply {
	t.Helper()
	var r reply
	require.NoError(t, json.Unmarshal([]byte(body), &r), body)
	return r
}

func (r reply) state(t testing.TB) *aibg.State {
	t.Helper()
	s, err := aibg.ReadState([]byte(r.GameState))
	require.NoError(t, err)
	return s
}

// stepFrom is a legal move of player idx on s: to a free empty neighbour.
func stepFrom(s *aibg.State, idx int) string {
	for _, n := range s.Player(idx).Pos.Neighbours() {
		if t, ok := s.TileAt(n); ok && t.Kind == aibg.Empty {
			if _, taken := s.PlayerAt(n); !taken {
				return aibg.Move(n)
			}
		}
	}
	return "move,99,99"
}

// play sends an action as the original's bots did: again while the
// answer is "Niste na potezu", until it takes the seat's turn; it returns
// the reply that then comes, at the seat's next turn.
func (c *client) play(action any) string {
	return c.playBody(map[string]any{"action": action})
}

// playBody is play with the whole body of doAction, such as an action
// and its marks.
func (c *client) playBody(body map[string]any) string {
	for {
		_, b := c.call("POST", "/game/doAction", body)
		if !strings.Contains(b, `"message":"`+msgNotYourTurn+`"`) {
			return b
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func msg(s string) string {
	b, _ := json.Marshal(map[string]string{"message": s})
	return string(b)
}

// The protocol of §6 from the tables: logins, tokens, the join held until
// every seat joined, actions in and out of turn with the original's
// messages, the spectators, the end.
func TestProtocol(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, game.Setup{Title: title, Seed: 3, Limit: 10 * time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}, {Kind: "training"}, {Kind: "training"}},
		Options: map[string]string{"turns": "2"}, Contest: game.ContestOptions{JoinTimeout: 20 * time.Second}})
	url := "http://" + m.Addr(t)
	ana, bob, admin := &client{t: t, url: url}, &client{t: t, url: url}, &client{t: t, url: url}

	// Logins: the first two take the contest seats; the rest are unknown.
	ana.login("ana", "a")
	bob.login("bob", "b")
	status, body := (&client{t: t, url: url}).call("POST", "/user/login/", map[string]any{"username": "eve", "password": 7, "extra": true})
	require.Equal(t, http.StatusNotFound, status)
	require.Equal(t, msg("Igrač sa username-om: eve i password-om: 7 ne postoji."), body)
	admin.login("admin", "admin")

	// Authorization.
	status, body = (&client{t: t, url: url}).call("POST", "/game/doAction", map[string]any{"action": "move,0,0"})
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, msg(msgNoToken), body)
	status, body = (&client{t: t, url: url, token: "nonsense"}).call("GET", "/game/joinGame", nil)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, msg(msgBadToken), body)
	status, body = ana.call("POST", "/game/createGame", map[string]any{"playerUsernames": []string{"bob", "ana"}})
	require.Equal(t, http.StatusForbidden, status)
	require.Equal(t, msg(msgForbidden), body)
	status, body = admin.call("GET", "/game/joinGame", nil)
	require.Equal(t, http.StatusForbidden, status)

	// The admin seats bob first, for a game of "1" minute.
	status, body = admin.call("POST", "/game/createGame", map[string]any{"playerUsernames": []string{"bob", "ana", "x", "y"}, "time": "1", "mapName": ""})
	require.Equal(t, http.StatusCreated, status)
	require.Equal(t, msg("Game sa id:0 uspešno napravljen."), body)

	// Too early to act; the join waits for both.
	status, body = bob.call("POST", "/game/doAction", map[string]any{"action": "move,0,0"})
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, msg(msgNoGame), body)
	joined := make(chan string, 1)
	go func() { _, b := bob.call("GET", "/game/joinGame", nil); joined <- b }()
	select {
	case <-joined:
		t.Fatal("joinGame answered before every seat joined")
	case <-time.After(300 * time.Millisecond):
	}
	status, body = ana.call("GET", "/game/joinGame/", nil, "Authorization", "Token "+ana.token)
	require.Equal(t, http.StatusAccepted, status)
	require.Regexp(t, `^\{"playerIdx":2,"gameState":"\{\\"map\\":`, body)
	j1 := decode(t, <-joined)
	require.Equal(t, 1, j1.PlayerIdx)
	s := j1.state(t)
	require.Equal(t, "bob", s.Player(1).Name)
	require.Equal(t, "ana", s.Player(2).Name)
	require.Equal(t, "player3", s.Player(3).Name)

	// Spectators.
	status, body = (&client{t: t, url: url}).call("GET", "/game?gameId=0&password=SalaMala", nil)
	require.Equal(t, http.StatusAccepted, status)
	require.Regexp(t, `^\{"gameState":"\{.*\}","time":\d+,"playerAttack":null\}$`, body)
	status, body = (&client{t: t, url: url}).call("GET", "/game?gameId=0&password=sifra", nil)
	require.Equal(t, http.StatusOK, status)
	require.Empty(t, body)
	status, body = (&client{t: t, url: url}).call("GET", "/game?gameId=4&password=salamala", nil)
	require.Equal(t, http.StatusBadRequest, status)
	require.Equal(t, msg(msgWatchError), body)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1)+"/streaming?gameId=0&password=salamala", nil)
	require.NoError(t, err)
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	_, frame, err := ws.Read(ctx)
	require.NoError(t, err)
	require.Regexp(t, `^\{"gameState":"\{.*\}","time":\d+,"playerAttack":`, string(frame))
	wrong, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1)+"/streaming/?gameId=0&password=nope", nil)
	require.NoError(t, err)
	defer wrong.CloseNow()
	_, frame, err = wrong.Read(ctx)
	require.NoError(t, err)
	require.Equal(t, `{"message" : "Wrong password"}`, string(frame))

	// Out of turn: at once, the state and "Niste na potezu", no effect.
	status, body = ana.call("POST", "/game/doAction", map[string]any{"action": "move,0,0"})
	require.Equal(t, http.StatusAccepted, status)
	r := decode(t, body)
	require.Equal(t, msgNotYourTurn, *r.Message)
	require.Equal(t, j1.GameState, r.GameState)

	// Bob's legal move: the reply waits for his next turn, with "null".
	bobReply, anaReply := make(chan string, 1), make(chan string, 1)
	go func() {
		_, b := bob.call("POST", "/game/doAction/", map[string]any{"action": stepFrom(s, 1), "unknown": 1})
		bobReply <- b
	}()
	// Ana's calls get "Niste na potezu" until her turn comes: then her
	// call is her action, out of range.
	go func() { anaReply <- ana.play("attack,0,0") }()
	r = decode(t, <-bobReply)
	require.Equal(t, "null", *r.Message)
	s = r.state(t)
	require.True(t, s.Boss.Action, "the reply comes at bob's next turn: after the round and the boss")
	require.Equal(t, 900, s.Player(2).Health, "ana's shot out of range is penalised")

	// Bob sends no action: the null action, penalised; the reply waits
	// for his next turn, which never comes: the game ends after 2 rounds.
	go func() {
		_, b := bob.call("POST", "/game/doAction", map[string]any{"action": nil})
		bobReply <- b
	}()
	r = decode(t, <-anaReply)
	require.Equal(t, aibg.MsgRange, *r.Message)
	require.Equal(t, 900, r.state(t).Player(1).Health, "bob's null action is penalised")
	status, body = ana.call("POST", "/game/doAction", map[string]any{"action": "attack,0,0"})
	require.Equal(t, http.StatusBadRequest, status, body)
	require.Equal(t, msg(msgOver), body)
	require.Equal(t, msg(msgOver), <-bobReply)
	_, res, err := m.Wait(t, 20*time.Second)
	require.NoError(t, err)
	require.Equal(t, aibg.ReasonRounds, res.Reason)
}

// The training pair: /game/train joins (its checks first), /game/actionTrain
// answers with the state after the round, or the message alone for an
// illegal action; one call at a time; then "Trening igra je završena.".
// Teams' own logins: each bot takes its team's seat whatever the order it
// comes in, and the join says so (playerIdx); a login that is no team's
// is refused, and the run's lines do not print a team's password.
func TestTeamLogins(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, game.Setup{Title: title, Seed: 5, Limit: 300 * time.Millisecond,
		Seats:   []game.SeatSpec{{Kind: "greedy"}, {Kind: "contest"}, {Kind: "greedy"}, {Kind: "contest"}},
		Options: map[string]string{"turns": "2"}, Contest: game.ContestOptions{JoinTimeout: 20 * time.Second,
			Logins: map[game.Seat]game.Login{1: {User: "quiffs", Password: "q-secret"}, 3: {User: "glarbs", Password: "g-secret"}}}})
	lines := []string{m.Line(t), m.Line(t)}
	for _, l := range lines {
		require.NotContains(t, l, "secret", "a team's password is not printed")
	}
	require.Contains(t, lines[1], `{"username":"glarbs","password":"…"} (the team's own)`)
	url := "http://" + contesttest.AddrOf(t, lines[0])
	glarbs, quiffs := &client{t: t, url: url}, &client{t: t, url: url}
	status, _ := glarbs.call("POST", "/user/login", map[string]any{"username": "someone", "password": "else"})
	require.Equal(t, http.StatusNotFound, status, "no first-come seats")
	glarbs.login("glarbs", "g-secret") // the second contest seat's team comes first
	quiffs.login("quiffs", "q-secret")
	idx := make(chan int, 2)
	for _, c := range []*client{glarbs, quiffs} {
		go func() {
			_, body := c.call("GET", "/game/joinGame", nil)
			idx <- decode(t, body).PlayerIdx
		}()
	}
	got := []int{<-idx, <-idx}
	slices.Sort(got)
	require.Equal(t, []int{2, 4}, got)
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, m.Out, res)
	require.Equal(t, "quiffs", rec.Header.Config.Options["name2"])
	require.Equal(t, "glarbs", rec.Header.Config.Options["name4"])
	require.Equal(t, []int64{300, 300, 300, 300}, rec.Header.LimitMS, "the contest seats' limit, which their protocol holds them to, is recorded with the others'")
}

// A team's bot that dies mid-match and is started again logs in with its
// team's login, joins again and plays on in its own seat: the seat is not
// lost, and the game goes on to its end with the bot's moves.
func TestTeamBotReconnects(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, game.Setup{Title: title, Seed: 5, Limit: 5 * time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "greedy"}, {Kind: "greedy"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "3"}, Contest: game.ContestOptions{JoinTimeout: 20 * time.Second,
			Logins: map[game.Seat]game.Login{0: {User: "quiffs", Password: "q-secret"}}}})
	url := "http://" + m.Addr(t)
	first := &client{t: t, url: url}
	first.login("quiffs", "q-secret")
	_, body := first.call("GET", "/game/joinGame", nil)
	r := decode(t, body)
	require.Equal(t, 1, r.PlayerIdx)
	first.play(stepFrom(r.state(t), 1)) // its first move; then it dies
	again := &client{t: t, url: url}
	again.login("quiffs", "q-secret")
	_, body = again.call("GET", "/game/joinGame", nil)
	r = decode(t, body)
	require.Equal(t, 1, r.PlayerIdx, "the same seat")
	for {
		body = again.play(stepFrom(r.state(t), 1))
		if strings.Contains(body, msgOver) {
			break
		}
		r = decode(t, body)
	}
	_, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, m.Out, res)
	last := rec.Timeline.Last().State.(*aibg.State)
	require.False(t, last.Player(1).Removed, "the bot that came back kept its seat")
}

// A refused request of a seat's bot is logged with its reason, once in a
// row, and the error of the join that timed out names it: a team's
// training client that sends "time": "0.5" learns why it was not seated.
// (The original's DTO held a long, which Jackson would not read from
// "0.5": refused, as there.) Not parallel: it reads the log.
func TestRefusedRequestIsNamed(t *testing.T) {
	var log bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
	defer slog.SetDefault(old)
	m := contesttest.Start(t, game.Setup{Title: title, Seed: 5,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}, {Kind: "training"}, {Kind: "training"}},
		Options: map[string]string{"turns": "3"}, Contest: game.ContestOptions{JoinTimeout: time.Second}})
	ana := &client{t: t, url: "http://" + m.Addr(t)}
	ana.login("ana", "a")
	for range 3 {
		status, _ := ana.call("POST", "/game/train", map[string]any{"playerIdx": 1, "time": "0.5"})
		require.Equal(t, http.StatusBadRequest, status)
	}
	status, _ := (&client{t: t, url: ana.url}).call("POST", "/user/login", map[string]any{"username": "ana", "password": "wrong"})
	require.Equal(t, http.StatusNotFound, status)
	_, _, err := m.Wait(t, 30*time.Second)
	require.ErrorContains(t, err, `seat 1's bot came: its POST /game/train was refused: "time": "0.5" is not a whole number`)
	require.Equal(t, 1, strings.Count(log.String(), `request="POST /game/train"`), "logged once in a row: %s", log.String())
	require.Contains(t, log.String(), `why="\"time\": \"0.5\" is not a whole number"`)
	require.Contains(t, log.String(), `request="POST /user/login" status=404 why="no account with that username and password"`)
	require.NotContains(t, log.String(), "wrong", "the password tried is not logged")
}

func TestTraining(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, game.Setup{Title: title, Seed: 5, Limit: 10 * time.Second,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}, {Kind: "training"}, {Kind: "training"}},
		Options: map[string]string{"turns": "3"}, Contest: game.ContestOptions{JoinTimeout: 20 * time.Second}})
	url := "http://" + m.Addr(t)
	ana, bob := &client{t: t, url: url}, &client{t: t, url: url}
	ana.login("ana", "a")
	bob.login("bob", "b")

	for _, c := range []struct {
		body   map[string]any
		status int
		want   string
	}{
		{map[string]any{"playerIdx": 1, "time": 11}, 400, msg(msgTrainTooLong)},
		{map[string]any{"playerIdx": "11", "time": "10.5"}, 400, msg(`"time": "10.5" is not a whole number`)},
		{map[string]any{"playerIdx": 2, "time": 1}, 400, msg("Arena plays you as player 1 in this match (--seats): ask /game/train for playerIdx 1, or put the contest seat at 2")},
		{map[string]any{"playerIdx": 1, "time": 1, "mapName": "test1.txt"}, 400, msg(`this match is played on Arena's default map (arena run --map), not "test1.txt": to play on it, give arena its file with --map`)},
	} {
		status, body := ana.call("POST", "/game/train", c.body)
		require.Equal(t, c.status, status, "%v", c.body)
		require.Equal(t, c.want, body, "%v", c.body)
	}
	trained := make(chan string, 1)
	go func() {
		_, b := ana.call("POST", "/game/train/", map[string]any{"playerIdx": "1", "time": 2.9, "note": "x"})
		trained <- b
	}()
	status, body := bob.call("GET", "/game/joinGame", nil)
	require.Equal(t, http.StatusAccepted, status)
	s := decode(t, body).state(t)
	require.Regexp(t, `^\{"message":"TrainingGame sa id-ijem: 0uspešno napravljen.","gameState":"\{`, <-trained)

	// Ana's action waits for the round; a second call meanwhile is
	// refused. (Two calls at once: whichever comes second is refused.)
	anaReply := make(chan string, 2)
	for range 2 {
		go func() {
			_, b := ana.call("POST", "/game/actionTrain", map[string]any{"action": stepFrom(s, 1)})
			anaReply <- b
		}()
	}
	require.Equal(t, msg(msgTrainBusy), <-anaReply)
	bobReply := make(chan string, 1)
	go func() { bobReply <- bob.play("attack,0,0") }()
	body = <-anaReply
	require.Regexp(t, `^\{"gameState":"\{.*\}"\}$`, body)

	// An illegal action: the message alone, with status 400.
	go func() {
		_, b := ana.call("POST", "/game/actionTrain", map[string]any{"action": "Move,0,0"})
		anaReply <- b
	}()
	require.Equal(t, aibg.MsgRange, *decode(t, <-bobReply).Message)
	go func() { bobReply <- bob.play("attack,0,0") }()
	require.Equal(t, msg(aibg.MsgKeyword), <-anaReply)
	// The game's 3 rounds end while ana's last call waits.
	go func() {
		_, b := ana.call("POST", "/game/actionTrain", map[string]any{"action": "move,0,0"})
		anaReply <- b
	}()
	require.Equal(t, aibg.MsgRange, *decode(t, <-bobReply).Message)
	require.Equal(t, msg(msgOver), bob.play("attack,0,0"))
	require.Equal(t, msg(msgTrainOver), <-anaReply)
	_, _, err := m.Wait(t, 20*time.Second)
	require.NoError(t, err)
}
