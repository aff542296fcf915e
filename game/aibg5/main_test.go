package aibg5_test

import (
	"os"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	levels "github.com/arena-games/arena/levels/aibg5"
)

// TestMain makes the tests' title, AIBG 5.0 with Arena's maps (which the
// package's own tests cannot import), and installs it: the replays of
// their games name it.
func TestMain(m *testing.M) {
	aibg5.Arena = aibg5.Title{Shelf: levels.Shelf}
	game.Install(game.Catalog{Titles: []game.Title{aibg5.Arena}})
	os.Exit(m.Run())
}
