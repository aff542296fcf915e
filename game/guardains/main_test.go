package guardains_test

import (
	"os"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	levels "github.com/arena-games/arena/levels/guardains"
)

// TestMain makes the tests' title, GuardAIns with Arena's levels (which the
// package's own tests cannot import), and installs it: the replays of
// their games name it.
func TestMain(m *testing.M) {
	guardains.Arena = guardains.Title{Shelf: levels.Shelf}
	game.Install(game.Catalog{Titles: []game.Title{guardains.Arena}})
	os.Exit(m.Run())
}
