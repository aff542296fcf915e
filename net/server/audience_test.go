//go:build !js

package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/net/stream"
)

// dialAs opens a stream of the test server with a token in the
// Authorization header ("" for none).
func (ts *testServer) dialAs(path, token string) (*websocket.Conn, *http.Response, error) {
	var o websocket.DialOptions
	if token != "" {
		o.HTTPHeader = http.Header{"Authorization": {"Bearer " + token}}
	}
	return websocket.Dial(ctx(ts.t), "ws"+strings.TrimPrefix(ts.http.URL, "http")+path, &o)
}

// next reads the next message of conn within wait; "" when none came.
func next(t *testing.T, conn *websocket.Conn, wait time.Duration) string {
	t.Helper()
	rctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	_, data, err := conn.Read(rctx)
	if err != nil {
		return ""
	}
	return string(data)
}

// get sends a GET to the test server with a token in the Authorization
// header ("" for none).
func (ts *testServer) get(path, token string, header ...string) *http.Response {
	ts.t.Helper()
	req, err := http.NewRequest(http.MethodGet, ts.http.URL+path, nil)
	require.NoError(ts.t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(ts.t, err)
	ts.t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// Which matches hide things from their seats: a Fogged title with a seat
// played from elsewhere or by a program.
func TestWhichMatchesAreHidden(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		title  string
		seats  []game.SeatSpec
		hidden bool
	}{
		{"guardains", []game.SeatSpec{{Kind: Remote}, {Kind: "explorer"}}, true},
		{"guardains", []game.SeatSpec{{Kind: "hunter"}, {Kind: "explorer"}}, false},
		{"guardains", []game.SeatSpec{{Kind: "contest"}, {Kind: "explorer"}}, true},
		{"aic21", []game.SeatSpec{{Kind: "colony"}, {Kind: "process", Strength: "/bots/unit"}}, true},
		{"aic21", []game.SeatSpec{{Kind: "colony"}, {Kind: "forager"}}, false},
		{"santorini", []game.SeatSpec{{Kind: Remote}, {Kind: "engine", Strength: "300ms:/bin/engine"}}, false},
	} {
		title, err := game.Lookup(c.title)
		require.NoError(t, err)
		hidden, _ := hides(title, c.seats)
		require.Equal(t, c.hidden, hidden, "%s %v", c.title, c.seats)
		policy, h, err := spectators(title, c.seats, "")
		require.NoError(t, err)
		require.Equal(t, c.hidden, h)
		if c.hidden {
			require.Equal(t, "none", policy, "shown at its end by default")
			for _, sp := range []string{"all", "delayed:10"} {
				_, _, err := spectators(title, c.seats, sp)
				require.ErrorContains(t, err, "jury token", sp)
			}
		} else {
			require.Equal(t, "all", policy)
		}
	}
}

// A player of a GuardAIns match played from two machines who opens a
// second connection as a spectator (or downloads the replay) sees
// nothing of the match before its end, whatever token it shows; a
// spectators policy that would show it is refused, naming the jury
// token; the jury's token (and the admin's) see it live and whole, in a
// header or as a browser's subprotocol.
func TestAHiddenMatchShowsTheSeatsNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	for _, sp := range []string{"all", "delayed:10"} {
		code, out := ts.post("/api/matches", ts.admin, `{"title":"guardains","seats":["remote","remote"],"spectators":"`+sp+`"}`)
		require.Equal(t, http.StatusBadRequest, code, sp)
		require.Contains(t, out, "the jury watches it live with the jury token", sp)
	}
	c := ts.create(stream.CreateRequest{Title: "guardains", Seats: []string{"remote", "remote"}, Map: "maze:20x14", Seed: 5})
	in, err := ts.client.Match(ctx(t), c.ID)
	require.NoError(t, err)
	require.Equal(t, "none", in.Spectators, "the default of a hidden match: shown at its end")
	seat := c.Seats[0].Token

	spy, _, err := ts.dialAs("/api/matches/"+c.ID+"/stream", "")
	require.NoError(t, err)
	spy.SetReadLimit(game.MaxLine)
	first := next(t, spy, 5*time.Second)
	require.Contains(t, first, `"wait":`, "a control that says why nothing comes")
	require.NotContains(t, first, "seed")
	require.Empty(t, next(t, spy, 300*time.Millisecond), "no line of the match before its end")
	spy.CloseNow()
	resp := ts.get("/api/matches/"+c.ID+"/replay", "")
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	body, _ := io.ReadAll(resp.Body)
	require.Contains(t, string(body), "jury's token shows it live")

	_, resp, err = ts.dialAs("/api/matches/"+c.ID+"/stream", seat)
	require.Error(t, err)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "a seat's token watches nothing more")
	require.Equal(t, http.StatusUnauthorized, ts.get("/api/matches/"+c.ID+"/replay", seat).StatusCode)
	_, resp, err = ts.dial("/api/matches/" + c.ID + "/stream?token=" + seat)
	require.Error(t, err)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode, "a token in the address is refused")

	for _, tok := range []string{ts.jury, ts.admin} {
		conn, _, err := ts.dialAs("/api/matches/"+c.ID+"/stream", tok)
		require.NoError(t, err)
		conn.SetReadLimit(game.MaxLine)
		header := next(t, conn, 5*time.Second)
		require.Contains(t, header, `"seed":5`, "the jury sees the match whole")
		require.Contains(t, header, "maze:20x14")
		conn.CloseNow()
		resp := ts.get("/api/matches/"+c.ID+"/replay", tok)
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
	browser, _, err := websocket.Dial(ctx(t), "ws"+strings.TrimPrefix(ts.http.URL, "http")+"/api/matches/"+c.ID+"/stream",
		&websocket.DialOptions{Subprotocols: []string{stream.Protocol, stream.BearerProtocol + ts.jury}})
	require.NoError(t, err)
	defer browser.CloseNow()
	require.Equal(t, stream.Protocol, browser.Subprotocol(), "a browser's WebSocket needs its subprotocol answered")
	browser.SetReadLimit(game.MaxLine)
	require.Contains(t, next(t, browser, 5*time.Second), `"seed":5`)

	jury := &stream.Client{Base: ts.http.URL, Jury: ts.jury}
	w := jury.Watch(ctx(t), c.ID)
	defer w.Close()
	<-w.Ready()
	require.NotNil(t, w.Recording(), "the client shows the jury's token")
	_, err = jury.Create(ctx(t), stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "remote"}})
	require.ErrorContains(t, err, "needs the admin token", "the jury cannot create matches")

	for _, m := range []stream.CreateRequest{
		{Title: "guardains", Seats: []string{"hunter", "explorer"}},
		{Title: "santorini", Seats: []string{"remote", "remote"}},
	} {
		made := ts.create(m)
		in, err := ts.client.Match(ctx(t), made.ID)
		require.NoError(t, err)
		require.Equal(t, "all", in.Spectators, "%v: nothing to hide from a seat that could watch", m.Seats)
	}
}

// The public sees a hidden match at its end, whole: its first line comes
// once the match has finished.
func TestAHiddenMatchReachesThePublicAtItsEnd(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := ts.create(stream.CreateRequest{Title: "guardains", Seats: []string{"remote", "explorer"}, Map: "maze:20x14", Seed: 3,
		Options: map[string]string{"turns": "12"}, Limit: "20s"})
	public, _, err := ts.dial("/api/matches/" + c.ID + "/stream")
	require.NoError(t, err)
	public.SetReadLimit(game.MaxLine)
	require.Contains(t, next(t, public, 5*time.Second), `"wait":`)
	bot, err := guardains.Title{}.NewBot("hunter", "", 0, nil)
	require.NoError(t, err)
	feed := ts.client.Play(ctx(t), c.ID, 0, c.Seats[0].Token, bot)
	defer feed.Close()
	header := next(t, public, 60*time.Second)
	require.Contains(t, header, `"seed":3`)
	in, err := ts.client.Match(ctx(t), c.ID)
	require.NoError(t, err)
	require.Equal(t, stream.Finished, in.Status, "the public's first line came after the end")
	lines := []string{header}
	for {
		l := next(t, public, 5*time.Second)
		if l == "" {
			break
		}
		lines = append(lines, l)
	}
	data, err := (&stream.Client{Base: ts.http.URL}).Replay(ctx(t), c.ID)
	require.NoError(t, err)
	require.Equal(t, replayLines(t, data), lines, "then the whole match")
}

// The admin's and the jury's tokens are read from the Authorization
// header only: in an address they are refused. Arena's own client never
// puts a token in an address, a seat's neither.
func TestTokensStayOutOfAddresses(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	code, out := ts.post("/api/matches?token="+ts.admin, "", `{"title":"santorini","seats":["alphabeta:1","remote"]}`)
	require.Equal(t, http.StatusBadRequest, code)
	require.Contains(t, out, "Authorization header")
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "remote"}, Seed: 2, Limit: "20s"})
	resp := ts.get("/api/matches/"+c.ID+"/replay?token="+ts.admin, "")
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)
	_, resp, err := ts.dial("/api/matches/" + c.ID + "/stream?token=" + ts.jury)
	require.Error(t, err)
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)

	// Arena's clients, through a proxy that keeps every address asked.
	target, _ := url.Parse(ts.http.URL)
	var mu sync.Mutex
	var asked []string
	rp := httputil.NewSingleHostReverseProxy(target)
	px := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.String())
		mu.Unlock()
		rp.ServeHTTP(w, r)
	}))
	defer px.Close()
	defer px.CloseClientConnections()
	title, _ := game.Lookup("santorini")
	bot, err := title.NewBot("alphabeta", "1", 1, nil)
	require.NoError(t, err)
	player := (&stream.Client{Base: px.URL}).Play(ctx(t), c.ID, 1, c.Seats[1].Token, bot)
	defer player.Close()
	admin := &stream.Client{Base: px.URL, Admin: ts.admin}
	jury := &stream.Client{Base: px.URL, Jury: ts.jury}
	for _, f := range []*stream.Feed{player, admin.Watch(ctx(t), c.ID), jury.Watch(ctx(t), c.ID)} {
		select {
		case <-f.Done():
		case <-time.After(60 * time.Second):
			t.Fatalf("the match did not end: %s", f.Status())
		}
		require.NoError(t, f.Err())
	}
	_, err = jury.Replay(ctx(t), c.ID)
	require.NoError(t, err)
	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, asked)
	for _, u := range asked {
		for _, tok := range []string{ts.admin, ts.jury, c.Seats[1].Token} {
			require.NotContains(t, u, tok, "a token in an address")
		}
	}
}

// The public list names seats by kind and name: never a program's
// command line.
func TestTheListNamesNoCommandLines(t *testing.T) {
	t.Parallel()
	title, err := game.Lookup("alienwarz")
	require.NoError(t, err)
	p, err := readCreate([]byte(`{"title":"alienwarz","seats":["remote","strategist"],"names":["Team Rocket"]}`))
	require.NoError(t, err)
	require.Equal(t, []string{"Team Rocket", ""}, p.names)
	for _, body := range []string{
		`{"title":"alienwarz","seats":["remote","strategist"],"names":["a","b","c"]}`,
		`{"title":"alienwarz","seats":["remote","strategist"],"names":["a\nb"]}`,
		`{"title":"alienwarz","seats":["remote","strategist"],"names":["` + strings.Repeat("x", maxName+1) + `"]}`,
	} {
		_, err := readCreate([]byte(body))
		require.ErrorContains(t, err, "names:", body)
	}
	for _, c := range []struct {
		spec game.SeatSpec
		name string
		want string
	}{
		{game.SeatSpec{Kind: "process", Strength: "/home/org/bots/team7/run.sh"}, "", "process"},
		{game.SeatSpec{Kind: "process", Strength: "/home/org/bots/team7/run.sh"}, "Team 7", "Team 7"},
		{game.SeatSpec{Kind: Remote}, "", Remote},
		{game.SeatSpec{Kind: "strategist", Strength: "2"}, "", "strategist:2"},
	} {
		require.Equal(t, c.want, publicName(title, c.spec, c.name))
	}

	ts := newTestServer(t, Options{})
	script := filepath.Join(t.TempDir(), "team7-secret", "run.sh")
	require.NoError(t, os.MkdirAll(filepath.Dir(script), 0o755))
	require.NoError(t, os.WriteFile(script, []byte("while read view; do echo mine; done\n"), 0o755))
	code, out := ts.post("/api/matches", ts.admin, `{"title":"alienwarz","seats":["process:`+script+`","miner"],"names":["","Team Rocket"]}`)
	require.Equal(t, http.StatusCreated, code, out)
	require.NotContains(t, out, "team7-secret", "nor the answer to the admin")
	list, err := ts.client.Matches(ctx(t))
	require.NoError(t, err)
	data, _ := json.Marshal(list)
	require.NotContains(t, string(data), "team7-secret")
	require.Equal(t, "process", list[0].Seats[0].Player)
	require.Equal(t, "Team Rocket", list[0].Seats[1].Player)
	created := ts.create(stream.CreateRequest{Title: "alienwarz", Seats: []string{"remote", "strategist"}, Names: []string{"Team Rocket"}})
	in, err := ts.client.Match(ctx(t), created.ID)
	require.NoError(t, err)
	require.Equal(t, "Team Rocket", in.Seats[0].Player)
	require.Equal(t, Remote, in.Seats[0].Kind)
	require.Contains(t, in.Seats[1].Player, "strategist")
}
