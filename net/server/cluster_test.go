//go:build !js

package server

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/stream"
)

// Two servers on one NATS share their matches: a match created on one is
// listed, watched and played through the other, and when its server stops
// answering, the other counts it interrupted.
func TestServersOnOneNATSShareTheirMatches(t *testing.T) {
	admin := NewToken()
	hub, err := bus.Open(bus.Options{Dir: filepath.Join(t.TempDir(), "js"), Port: 0, Name: "cluster"})
	require.NoError(t, err)
	defer hub.Close()
	var servers []*Server
	var clients []*stream.Client
	for range 2 {
		s, c := serverOn(t, hub.Address, "server", 0, admin)
		servers, clients = append(servers, s), append(clients, c)
	}
	created, err := clients[0].Create(ctx(t), stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 9, Limit: "20s"})
	require.NoError(t, err)
	list, err := clients[1].Matches(ctx(t))
	require.NoError(t, err)
	require.Len(t, list, 1, "the other server lists it")
	require.Equal(t, created.ID, list[0].ID)
	title, _ := game.Lookup("santorini")
	bot, err := title.NewBot("alphabeta", "1", 0, nil)
	require.NoError(t, err)
	player := clients[1].Play(ctx(t), created.ID, 0, created.Seats[0].Token, bot)
	defer player.Close()
	watch := clients[1].Watch(ctx(t), created.ID)
	defer watch.Close()
	for _, f := range []*stream.Feed{player, watch} {
		select {
		case <-f.Done():
		case <-time.After(60 * time.Second):
			t.Fatalf("not ended: %s", f.Status())
		}
		require.NoError(t, f.Err())
		require.Contains(t, f.Ended(), "finished")
	}
	in, err := clients[1].Match(ctx(t), created.ID)
	require.NoError(t, err)
	require.Equal(t, stream.Finished, in.Status)

	// A running match whose server vanishes is interrupted for the others.
	running, err := clients[0].Create(ctx(t), stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "remote"}, Seed: 1})
	require.NoError(t, err)
	rec, err := servers[1].get(ctx(t), running.ID)
	require.NoError(t, err)
	rec.Beat = time.Now().Add(-2 * staleAge)
	rec.Owner = "a server that died"
	require.NoError(t, putRaw(servers[1], rec))
	in, err = clients[1].Match(ctx(t), running.ID)
	require.NoError(t, err)
	require.Equal(t, stream.Interrupted, in.Status)
	w := clients[1].Watch(ctx(t), running.ID)
	defer w.Close()
	select {
	case <-w.Done():
	case <-time.After(20 * time.Second):
		t.Fatal("the stream of an interrupted match does not end")
	}
	require.Contains(t, w.Ended(), "interrupted")
	require.Eventually(t, func() bool {
		servers[0].mu.Lock()
		defer servers[0].mu.Unlock()
		return servers[0].matches[running.ID] == nil
	}, 3*beatEvery, 10*time.Millisecond, "its own server learns it and stops it")
	in, err = clients[0].Match(ctx(t), running.ID)
	require.NoError(t, err)
	require.Equal(t, stream.Interrupted, in.Status)
}

// serverOn starts a server on the NATS at addr, keeping replicas copies
// of its streams (0: as the cluster can), with the admin token, and its
// HTTP handler; they stop with the test. Its client holds the admin token.
func serverOn(t testing.TB, addr bus.Address, name string, replicas int, admin string) (*Server, *stream.Client) {
	t.Helper()
	b, err := bus.Open(bus.Options{Address: addr, Name: name, Replicas: replicas})
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
	s, err := New(Options{Bus: b, Dir: t.TempDir(), AdminToken: admin})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(ts.CloseClientConnections)
	return s, &stream.Client{Base: ts.URL, Admin: admin}
}

// putRaw writes a record as it is, as another server would.
func putRaw(s *Server, r *record) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = s.kv.Put(context.Background(), r.ID, data)
	return err
}
