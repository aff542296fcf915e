//go:build !js

package server

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/net/tournament/tournamenttest"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	tnet "github.com/arena-games/arena/net/tournament"
)

// A tournament played into the server's tournaments folder is shown by
// the server: listed, its standings read over HTTP as `arena tournament
// show URL` reads them, polled cheaply, its replays opened; its other
// files (the spec, the logs, JetStream's) are not served.
func TestTheServerShowsItsTournaments(t *testing.T) {
	t.Parallel()
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

// Every file the server serves says its type and nosniff: a file of a
// tournament's matches/ that holds HTML is never served as HTML.
func TestFilesAreServedWithTheirTypes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tournamenttest.Cup(t, filepath.Join(root, "cup"), "Minimax cup", "round-robin", 1)
	page := []byte("<!doctype html><script>fetch('/api/matches',{method:'POST'})</script>")
	for _, name := range []string{"notes", "x.html", "y.svg"} {
		require.NoError(t, os.WriteFile(filepath.Join(root, "cup", tournament.MatchesDir, name), page, 0o644))
	}
	ts := newTestServer(t, Options{Tournaments: root})
	for file, want := range map[string]string{
		"matches/notes":  "application/octet-stream",
		"matches/x.html": "application/octet-stream",
		"matches/y.svg":  "application/octet-stream",
		"standings.json": "application/json",
		"standings.csv":  "text/csv; charset=utf-8",
	} {
		resp := ts.get("/tournaments/cup/"+file, "")
		require.Equal(t, http.StatusOK, resp.StatusCode, file)
		require.Equal(t, want, resp.Header.Get("Content-Type"), file)
		require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), file)
	}
	for _, path := range []string{"/api/matches", "/api/tournaments", "/api/matches/nosuch", "/nowhere"} {
		require.Equal(t, "nosniff", ts.get(path, "").Header.Get("X-Content-Type-Options"), path)
	}
}

// Without a tournaments folder the server shows none.
func TestNoTournamentsFolderShowsNone(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t, Options{})
	resp, err := http.Get(ts.http.URL + "/api/tournaments")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// A tournament keeps its replays whole; the public downloads them without
// the bots' debug marks, the jury with them.
func TestTournamentReplaysHideMarksFromThePublic(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	tournamenttest.Cup(t, filepath.Join(root, "cup"), "Minimax cup", "round-robin", 1)
	data, err := os.ReadFile(filepath.Join(root, "cup", tournament.IndexFile))
	require.NoError(t, err)
	ix, err := tournament.ReadIndex("cup", data)
	require.NoError(t, err)
	file := filepath.Join(root, "cup", ix.Matches[0].Replay())
	rp, err := game.ReadReplay(file, mustRead(t, file))
	require.NoError(t, err)
	n := game.Notes{Text: "deep"}
	n.AddMarks(game.Mark{Kind: "cell", At: &[2]int{1, 2}, Color: "red"}, game.Mark{Kind: "line"})
	rp.Steps[0].Notes = map[game.Seat]game.Notes{0: n}
	marked, err := rp.Simulate()
	require.NoError(t, err)
	require.NoError(t, game.Save(marked, file))
	ts := newTestServer(t, Options{Tournaments: root})

	for token, want := range map[string]int{"": 0, ts.jury: 1, ts.admin: 1} {
		resp := ts.get("/tournaments/cup/"+ix.Matches[0].Replay(), token)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
		got, err := game.Open("download.arena", body)
		require.NoError(t, err)
		notes := got.Timeline.Frame(1).Notes[0]
		require.Len(t, notes.Marks, want, "token %q", token)
		require.Equal(t, want, notes.Cut, "token %q: the cut marks too", token)
		require.Equal(t, "deep", notes.Text, "the notes' other parts stay")
	}

	whole := mustRead(t, file)
	require.NoError(t, os.WriteFile(filepath.Join(root, "cup", tournament.MatchesDir, "cut.arena"), whole[:len(whole)*3/4], 0o644))
	resp := ts.get("/tournaments/cup/"+tournament.MatchesDir+"/cut.arena", "")
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	got, err := game.Open("cut.arena", body)
	require.NoError(t, err, "a replay cut short, as by a crash, is served as far as it reads")
	require.Empty(t, got.Timeline.Frame(1).Notes[0].Marks)
}

func mustRead(t *testing.T, path string) []byte {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}
