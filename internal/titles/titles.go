// Package titles is the one list of what Arena plays: the five games, each
// made with Arena's own maps and levels (Games), and, on a desktop or a
// server, the seats that live outside Arena's process (Catalog). A program
// installs it at the start of main (game.Install); the views that draw the
// games are listed beside it, in internal/titles/views.
package titles

import (
	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/game/santorini"
	levaibg5 "github.com/arena-games/arena/levels/aibg5"
	levaic21 "github.com/arena-games/arena/levels/aic21"
	levalienwarz "github.com/arena-games/arena/levels/alienwarz"
	levguardains "github.com/arena-games/arena/levels/guardains"
)

// Games are the games Arena plays, each made with Arena's own maps and
// levels, the default among them.
func Games() []game.Title {
	return []game.Title{
		aibg5.Title{Shelf: levaibg5.Shelf},
		aic21.Title{Shelf: levaic21.Shelf},
		alienwarz.Title{Levels: levalienwarz.Levels()},
		guardains.Title{Shelf: levguardains.Shelf},
		santorini.Title{},
	}
}
