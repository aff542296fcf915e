//go:build !js

package titles

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/gametest"
)

// The catalogue names each game once; its contests and connectors seat
// players of its games only; once installed, every game is found by its
// ID.
func TestCatalog(t *testing.T) {
	c := Catalog()
	ids := map[string]bool{}
	for _, g := range c.Titles {
		require.False(t, ids[g.ID()], "%s is listed twice", g.ID())
		ids[g.ID()] = true
	}
	require.Len(t, ids, 5)
	for _, k := range c.Contests {
		require.True(t, ids[k.Title], "the contest of %q, a game the catalogue does not list", k.Title)
	}
	for _, k := range c.Connectors {
		served := 0
		for _, g := range c.Titles {
			if k.Serves(g) {
				served++
			}
		}
		require.Equal(t, 1, served, "the %s seats serve one game", k.Kind)
	}
	game.Install(c)
	for _, g := range c.Titles {
		found, err := game.Lookup(g.ID())
		require.NoError(t, err)
		require.Equal(t, g, found)
	}
	// A recording imported from an original format is of the installed
	// game, made with its maps.
	path := "../../../shared/fixtures/aic21/replays/map1_template_log.json.gz"
	gametest.Need(t, path)
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	require.NotNil(t, rec.Title.(aic21.Title).Shelf)
}

// Each game is made with what it needs: a game that names no map starts
// on the default, and every map the game lists starts a game.
func TestGamesStartOnTheirMaps(t *testing.T) {
	for _, g := range Games() {
		_, err := g.New(game.Config{Seats: g.Seats(), Seed: 1})
		require.NoError(t, err, "%s, its default map", g.ID())
		maps := game.Maps(g)
		if g.ID() != "santorini" {
			require.NotEmpty(t, maps, "%s lists its maps", g.ID())
		}
		for _, m := range maps {
			_, err := g.New(game.Config{Seats: g.Seats(), Seed: 1, Map: m.Name})
			require.NoError(t, err, "%s on %s", g.ID(), m.Name)
			require.NotEmpty(t, m.About, "%s: %s has a line for people", g.ID(), m.Name)
		}
	}
}
