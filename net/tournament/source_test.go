//go:build !js

package tournament

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
)

// A tournament's folder served by any HTTP server reads as the folder
// does: the index, the standings, a replay; an unchanged index is not
// read again.
func TestSourceOverHTTP(t *testing.T) {
	t.Parallel()
	spec := writeSpec(t, threeMiners)
	dir := filepath.Join(t.TempDir(), "cup")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := Run(ctx, spec, Options{Dir: dir, Workers: 1})
	require.NoError(t, err)
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	for _, where := range []string{dir, srv.URL + "/"} {
		src, err := ParseSource(where)
		require.NoError(t, err)
		snap, err := src.Load(ctx, "")
		require.NoError(t, err, where)
		require.Equal(t, "Test cup", snap.Index.Name)
		require.Len(t, snap.Standings.Standings, 3)
		again, err := src.Load(ctx, snap.Stamp)
		require.NoError(t, err)
		require.Nil(t, again, "%s: unchanged", where)
		rec, err := src.Replay(ctx, &snap.Index.Matches[0])
		require.NoError(t, err)
		require.Equal(t, "alienwarz", rec.Title.ID())
	}
	src, _ := ParseSource(srv.URL + "/nowhere")
	_, err = src.Load(ctx, "")
	require.ErrorContains(t, err, "404")
	require.NoError(t, os.Remove(filepath.Join(dir, tournament.IndexFile)))
	src, _ = ParseSource(dir)
	_, err = src.Load(ctx, "")
	require.ErrorContains(t, err, "holds no tournament")
	bad := tournament.Played{Match: tournament.Match{ID: "x"}, Result: &tournament.Result{Files: []string{"../spec.toml"}}}
	_, err = src.Replay(ctx, &bad)
	require.ErrorContains(t, err, "not a file of the tournament's folder")
}
