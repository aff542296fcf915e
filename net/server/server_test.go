//go:build !js

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/stream"
)

// TestMain installs what arena serve plays.
func TestMain(m *testing.M) {
	game.Install(titles.Catalog())
	os.Exit(m.Run())
}

// testServer is a server on an embedded NATS, behind httptest, served
// as arena serve serves it: its http.Server on its Listener.
type testServer struct {
	*Server
	t      *testing.T
	dir    string
	http   *httptest.Server
	admin  string
	jury   string
	client *stream.Client
}

// newTestServer starts a test server; tweak, if given, changes the
// server before it serves (its timeouts, say).
func newTestServer(t *testing.T, opts Options, tweak ...func(*Server)) *testServer {
	t.Helper()
	dir := t.TempDir()
	b, err := bus.Open(bus.Options{Dir: filepath.Join(dir, "jetstream"), Port: -1, Name: "test"})
	require.NoError(t, err)
	opts.Bus, opts.Dir, opts.AdminToken, opts.JuryToken = b, dir, NewToken(), NewToken()
	s, err := New(opts)
	require.NoError(t, err)
	for _, f := range tweak {
		f(s)
	}
	ts := &testServer{Server: s, t: t, dir: dir, admin: opts.AdminToken, jury: opts.JuryToken}
	ts.http = httptest.NewUnstartedServer(nil)
	ts.http.Config = s.HTTPServer()
	ts.http.Listener = s.Listener(ts.http.Listener)
	ts.http.Start()
	ts.client = &stream.Client{Base: ts.http.URL, Admin: ts.admin}
	t.Cleanup(func() {
		ts.http.CloseClientConnections()
		s.Close()
		ts.http.Close()
		b.Close()
	})
	return ts
}

// ctx is a context for one test's requests.
func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return c
}

// create makes a match through the API.
func (ts *testServer) create(req stream.CreateRequest) stream.Created {
	ts.t.Helper()
	c, err := ts.client.Create(ctx(ts.t), req)
	require.NoError(ts.t, err)
	return c
}

// waitStatus waits until match id has the status.
func (ts *testServer) waitStatus(id, status string) stream.Info {
	ts.t.Helper()
	var in stream.Info
	require.Eventually(ts.t, func() bool {
		var err error
		in, err = ts.client.Match(ctx(ts.t), id)
		require.NoError(ts.t, err)
		return in.Status == status
	}, 90*time.Second, 20*time.Millisecond, "match %s to be %s", id, status)
	return in
}

// post sends a raw request to the API.
func (ts *testServer) post(path, token, body string) (int, string) {
	ts.t.Helper()
	req, err := http.NewRequest(http.MethodPost, ts.http.URL+path, strings.NewReader(body))
	require.NoError(ts.t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(ts.t, err)
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String()
}

// replayLines is a replay's lines, inflated.
func replayLines(t testing.TB, data []byte) []string {
	t.Helper()
	raw, err := game.ReplayLimit.Gunzip("replay", data)
	require.NoError(t, err)
	return strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
}

func TestCreateNeedsTheAdminTokenAndAGoodRequest(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	body := `{"title":"santorini","seats":["alphabeta:1","minimax:1"],"seed":7}`
	code, out := ts.post("/api/matches", "", body)
	require.Equal(t, http.StatusUnauthorized, code)
	require.Contains(t, out, `{"error":"creating a match needs the admin token`)
	code, _ = ts.post("/api/matches", "not-the-token", body)
	require.Equal(t, http.StatusUnauthorized, code)
	for _, c := range []struct{ body, want string }{
		{`{"title":"chess","seats":["a","b"]}`, `title: unknown game \"chess\"`},
		{`{"title":"santorini","seats":["alphabeta:1"]}`, "seats: Santorini has 2 seats, got 1"},
		{`{"title":"santorini","seats":["human","remote"]}`, "nobody plays at the server's machine"},
		{`{"title":"santorini","seats":["wizard","remote"]}`, `seats: seat 1: unknown player \"wizard\"`},
		{`{"title":"santorini","seats":["remote","remote"],"spectators":"later"}`, `spectators \"later\": expected all, delayed:N or none`},
		{`{"title":"santorini","seats":["remote","remote"],"pace":"2h"}`, `pace \"2h\"`},
		{`{"title":"santorini","seats":["remote","remote"],"colour":"red"}`, `unknown field \"colour\"`},
		{`{"title":"aibg5","seats":["greedy","greedy","greedy","remote"],"map":"/nonexistent.txt"}`, "nonexistent.txt"},
		{`[1,2]`, "the request: json: cannot unmarshal array"},
	} {
		code, out := ts.post("/api/matches", ts.admin, c.body)
		require.Equal(t, http.StatusBadRequest, code, c.body)
		require.Contains(t, out, c.want, c.body)
	}
	code, out = ts.post("/api/matches", ts.admin, `{"title":"santorini","seats":["remote","remote"],"map":"`+strings.Repeat("x", maxBody)+`"}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, code, out)
	resp, err := http.Get(ts.http.URL + "/api/matches/nosuchmatch")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// A bot match runs to its end: its replay is the file the server keeps,
// line for line, and reads as the match it was.
func TestABotMatchIsKeptInItsStreamAndAFile(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := ts.create(stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:1", "minimax:1"}, Seed: 7})
	require.Len(t, c.Seats, 2)
	require.Empty(t, c.Seats[0].Token, "only remote seats have tokens")
	in := ts.waitStatus(c.ID, stream.Finished)
	require.Contains(t, []int{1, 2}, in.Winner)
	require.Positive(t, in.Turn)
	data, err := ts.client.Replay(ctx(t), c.ID)
	require.NoError(t, err)
	rec, err := game.Open("x.arena", data)
	require.NoError(t, err)
	require.Equal(t, in.Turn, rec.Summary().Turns)
	require.Equal(t, in.Winner, rec.Summary().Winner)
	file, err := os.ReadFile(filepath.Join(ts.dir, "replays", c.ID+".arena"))
	require.NoError(t, err)
	require.Equal(t, replayLines(t, file), replayLines(t, data), "the stream is the file, line for line")
	list, err := ts.client.Matches(ctx(t))
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, in, list[0])
}

// A spectator who joins a running match gets it from the start, then
// live, then the end; its lines are the replay's, byte for byte.
func TestWatchFollowsALiveMatch(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	c := ts.create(stream.CreateRequest{Title: "alienwarz", Seats: []string{"strategist", "miner"}, Seed: 3, Pace: "5ms"})
	ts.waitStatus(c.ID, stream.Live)
	feed := ts.client.Watch(ctx(t), c.ID)
	defer feed.Close()
	select {
	case <-feed.Done():
	case <-time.After(90 * time.Second):
		t.Fatal("the match did not end")
	}
	require.NoError(t, feed.Err())
	require.Contains(t, feed.Ended(), "finished: ")
	data, err := ts.client.Replay(ctx(t), c.ID)
	require.NoError(t, err)
	var got []string
	for _, l := range feed.Lines() {
		got = append(got, string(l))
	}
	require.Equal(t, replayLines(t, data), got)
	rec := feed.Recording()
	require.False(t, rec.Timeline.Live())
	require.True(t, rec.Timeline.Last().Over)
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		require.Len(t, f.Took, len(f.Moves), "turn %d: the spectator gets each mover's thinking time", i)
	}
}

func TestRecordsAreJSON(t *testing.T) {
	t.Parallel()
	r := record{Info: stream.Info{ID: "x", Spectators: "delayed:5"}}
	data, err := json.Marshal(r)
	require.NoError(t, err)
	require.NotContains(t, string(data), "token")
	require.Equal(t, 5, r.delay())
}

// The server's folders are its owner's alone, also where they existed
// before, open to every user: a live match's replay file is what a hidden
// match's public may not see.
func TestTheServersFoldersArePrivate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	replays := filepath.Join(dir, "replays")
	require.NoError(t, os.MkdirAll(replays, 0o755))
	require.NoError(t, os.Chmod(dir, 0o755))
	b, err := bus.Open(bus.Options{Dir: filepath.Join(dir, "jetstream"), Port: -1, Name: "test"})
	require.NoError(t, err)
	defer b.Close()
	s, err := New(Options{Bus: b, Dir: dir, AdminToken: NewToken()})
	require.NoError(t, err)
	defer s.Close()
	for _, d := range []string{dir, replays} {
		st, err := os.Stat(d)
		require.NoError(t, err)
		require.Equal(t, os.FileMode(0o700), st.Mode().Perm(), d)
	}
}
