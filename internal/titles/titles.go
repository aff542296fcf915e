// Package titles is the list of the games Arena plays and draws, for the
// programs that draw them (the desktop's command line, internal/cli, and
// the browser's page, main_js.go): each game's engine, Arena's own maps and
// levels for it, and its view.
package titles

import (
	_ "github.com/arena-games/arena/game/aibg5"
	_ "github.com/arena-games/arena/game/aic21"
	_ "github.com/arena-games/arena/game/alienwarz"
	_ "github.com/arena-games/arena/game/guardains"
	_ "github.com/arena-games/arena/game/santorini"
	_ "github.com/arena-games/arena/levels/aibg5"     // Arena's AIBG 5.0 maps, the default among them
	_ "github.com/arena-games/arena/levels/aic21"     // Arena's AIC21 maps, the default among them
	_ "github.com/arena-games/arena/levels/alienwarz" // Arena's AlienWarz levels, the default set
	_ "github.com/arena-games/arena/levels/guardains" // Arena's GuardAIns mazes: the generator and the hand-made levels
	_ "github.com/arena-games/arena/render/aibg5"
	_ "github.com/arena-games/arena/render/aic21"
	_ "github.com/arena-games/arena/render/alienwarz"
	_ "github.com/arena-games/arena/render/guardains"
	_ "github.com/arena-games/arena/render/santorini"
)
