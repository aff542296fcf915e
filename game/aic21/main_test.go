package aic21_test

import (
	"os"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	levels "github.com/arena-games/arena/levels/aic21"
)

// TestMain makes the tests' title, AIC21 with Arena's maps (which the
// package's own tests cannot import), and installs it: the replays of
// their games name it.
func TestMain(m *testing.M) {
	aic21.Arena = aic21.Title{Shelf: levels.Shelf}
	game.Install(game.Catalog{Titles: []game.Title{aic21.Arena}})
	os.Exit(m.Run())
}
