//go:build !js

package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
)

// A night's match on the server: its contest seat waits for its team's
// bot on the server's contest listener (Options.Listen), the list says
// whom it waits for and until when, never a password; the bot logs in
// with its team's login and is seated; a login on a seat that does not
// log in is a bad request.
func TestANightsMatchWaitsForItsTeam(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	var logs lockedBuffer
	ts := newTestServer(t, Options{Listen: addr, Log: slog.New(slog.NewTextHandler(&logs, nil))})
	for _, c := range []struct{ body, want string }{
		{`{"title":"aibg5","seats":["greedy","greedy","greedy","contest"],"logins":[{"user":"a","password":"p"}]}`, "logins: seat 1 (greedy) is not a contest seat whose bots log in"},
		{`{"title":"aibg5","seats":["contest","greedy","greedy","greedy"],"logins":[{"user":"a b","password":"p"}]}`, "logins: seat 1: expected a user"},
		{`{"title":"aibg5","seats":["contest","greedy","greedy","greedy"],"join_timeout":"0s"}`, `join_timeout \"0s\"`},
	} {
		code, out := ts.post("/api/matches", ts.admin, c.body)
		require.Equal(t, http.StatusBadRequest, code, c.body)
		require.Contains(t, out, c.want, c.body)
	}
	c := ts.create(stream.CreateRequest{Title: "aibg5", Seats: []string{"greedy", "contest", "greedy", "greedy"}, Seed: 3,
		Options: map[string]string{"turns": "3"}, Names: []string{"", "Quiffs"},
		Logins: []game.Login{{}, {User: "quiffs", Password: "q-secret"}}, Teams: []game.Login{{User: "glarbs", Password: "g-secret"}}, JoinTimeout: "30s"})
	var in stream.Info
	require.Eventually(t, func() bool {
		in, err = ts.client.Match(ctx(t), c.ID)
		require.NoError(t, err)
		return len(in.Awaiting) > 0
	}, 30*time.Second, 20*time.Millisecond)
	require.Equal(t, stream.Waiting, in.Status)
	require.Equal(t, []int{2}, in.Awaiting)
	deadline, err := time.Parse(time.RFC3339, in.Deadline)
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(30*time.Second), deadline, 5*time.Second)
	require.Equal(t, "Quiffs", in.Seats[1].Player)
	list, err := ts.client.Matches(ctx(t))
	require.NoError(t, err)
	data, err := json.Marshal(list)
	require.NoError(t, err)
	require.NotContains(t, string(data), "secret", "no password in the list")

	post := func(path, token string, body any) *http.Response {
		b, _ := json.Marshal(body)
		req, err := http.NewRequest(http.MethodPost, "http://"+addr+path, bytes.NewReader(b))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		return resp
	}
	resp := post("/user/login", "", map[string]string{"username": "quiffs", "password": "q-secret"})
	var login struct{ Token string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&login))
	resp.Body.Close()
	require.Equal(t, http.StatusAccepted, resp.StatusCode)
	req, err := http.NewRequest(http.MethodGet, "http://"+addr+"/game/joinGame", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+login.Token)
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	var joined struct{ PlayerIdx int }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&joined))
	resp.Body.Close()
	require.Equal(t, 2, joined.PlayerIdx, "Quiffs' bot takes its seat by its login")
	in = ts.waitStatus(c.ID, stream.Live)
	require.Empty(t, in.Awaiting)
	require.NotContains(t, logs.String(), "q-secret", "the password is not logged")
	require.Contains(t, logs.String(), `"username\":\"quiffs\"`, "the log says how the team's bot logs in")
}

// lockedBuffer is a buffer that a log may write while a test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
