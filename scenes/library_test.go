package scenes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The library's rows call the players by their names where the replay
// knows them (a tournament's entrants, an imported log's teams), else by
// their seats' kinds; a file without its players says so.
func TestLibraryRowsNameThePlayers(t *testing.T) {
	openFixture(t)
	dir := t.TempDir()
	data, err := os.ReadFile(fixture)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "moves.txt"), data, 0o644))
	const log = "../../shared/fixtures/aic21/replays/map1_template_log.json.gz"
	data, err = os.ReadFile(log)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "log.json.gz"), data, 0o644))
	rec := botMatch(t, "aic21", []string{"colony", "forager"}, map[string]string{"turns": "3"})
	require.NoError(t, game.Save(rec, filepath.Join(dir, "bots.arena")))
	named := game.Setup{Title: rec.Title, Seed: 7, Options: map[string]string{"turns": "3"},
		Seats: []game.SeatSpec{{Kind: "colony"}, {Kind: "forager"}}, Names: []string{"Quiffs", "Glarbs"},
		Out: filepath.Join(dir, "named.arena")}
	m, closeFiles, err := named.Start()
	require.NoError(t, err)
	_, err = m.Run(t.Context())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	rec = m.Recording()
	imported, err := game.OpenFile(log)
	require.NoError(t, err)

	l := NewLibrary(dir)
	a := newTestApp(l)
	defer l.Close()
	waitFor(t, a, func() bool { return l.pending == 0 })
	tick(t, a, 1)
	byName := map[string]*libEntry{}
	for _, e := range l.entries {
		byName[filepath.Base(e.path)] = e
	}
	require.Equal(t, "Quiffs · Glarbs", byName["named.arena"].players)
	require.Equal(t, "colony · forager", byName["bots.arena"].players)
	require.Equal(t, imported.Header.Seats[0]+" · "+imported.Header.Seats[1], byName["log.json.gz"].players)
	require.Equal(t, "Players not in the file · Santorini move file", byName["moves.txt"].players)
	require.Equal(t, "Player 1 wins: a worker climbed to level 3", byName["moves.txt"].verdict)
	if w := rec.Timeline.Last().Result.Winner; w > 0 {
		require.Contains(t, byName["named.arena"].verdict, rec.Header.Players[w-1]+" wins")
	}
	l.filter.Text = "glarbs"
	tick(t, a, 1)
	require.Len(t, l.shown, 1, "the filter finds a player by name")
}
