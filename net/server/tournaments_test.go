//go:build !js

package server

import (
	"io"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/net/tournament/tournamenttest"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
	tnet "github.com/arena-games/arena/net/tournament"
)

// A tournament played into the server's tournaments folder is shown by
// the server: listed, its standings read over HTTP as `arena tournament
// show URL` reads them, polled cheaply, its replays opened; its other
// files (the spec, the logs, JetStream's) are not served.
func TestTheServerShowsItsTournaments(t *testing.T) {
	root := t.TempDir()
	tournamenttest.Cup(t, filepath.Join(root, "cup"), "Minimax cup", "round-robin", 1)
	ts := newTestServer(t, Options{Tournaments: root})

	list, err := tnet.List(ctx(t), ts.http.URL)
	require.NoError(t, err)
	require.Len(t, list, 1)
	cup := list[0]
	require.Equal(t, "cup", cup.Name)
	require.Equal(t, tournament.StatusComplete, cup.Status)
	require.Equal(t, ts.http.URL+"/tournaments/cup/", cup.URL)

	root404, err := tnet.ParseSource(ts.http.URL)
	require.NoError(t, err)
	_, err = root404.Load(ctx(t), "")
	require.ErrorContains(t, err, "an Arena server lists its tournaments at "+ts.http.URL+"/api/tournaments")

	src, err := tnet.ParseSource(cup.URL)
	require.NoError(t, err)
	snap, err := src.Load(ctx(t), "")
	require.NoError(t, err)
	require.Equal(t, "Minimax cup", snap.Index.Name)
	require.NotEmpty(t, snap.Stamp, "Last-Modified lets a viewer poll cheaply")
	again, err := src.Load(ctx(t), snap.Stamp)
	require.NoError(t, err)
	require.Nil(t, again, "nothing changed")
	played := snap.Index.Matches[0]
	rec, err := src.Replay(ctx(t), &played)
	require.NoError(t, err)
	require.Equal(t, "santorini", rec.Title.ID())

	for _, file := range []string{"cup/spec.toml", "cup/results.jsonl", "cup/workers.log", "cup/nats", "cup/../cup.toml", "nope/tournament.json", "cup/matches/"} {
		resp, err := http.Get(ts.http.URL + "/tournaments/" + file)
		require.NoError(t, err, file)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, http.StatusNotFound, resp.StatusCode, "%s: %s", file, body)
	}
}

// Without a tournaments folder the server shows none.
func TestNoTournamentsFolderShowsNone(t *testing.T) {
	ts := newTestServer(t, Options{})
	resp, err := http.Get(ts.http.URL + "/api/tournaments")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}
