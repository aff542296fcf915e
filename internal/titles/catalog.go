//go:build !js

package titles

import (
	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/botproc"
	caibg5 "github.com/arena-games/arena/net/contest/aibg5"
	caic21 "github.com/arena-games/arena/net/contest/aic21"
	cguardains "github.com/arena-games/arena/net/contest/guardains"
	"github.com/arena-games/arena/net/santoriniengine"
)

// Catalog is what Arena plays on a desktop or a server: the Games, and the
// seats that only a process that starts programs and opens ports can hold:
// the programs of AlienWarz ("process:PATH") and Santorini
// ("engine:TIME:COMMAND"), and the contests' original protocols, served
// for the "contest" seats (and AIC21's "process" seats).
func Catalog() game.Catalog {
	return game.Catalog{
		Titles:     Games(),
		Connectors: []game.Connector{botproc.Connector, santoriniengine.Connector},
		Contests:   []game.Contest{caibg5.Contest, caic21.Contest, cguardains.Contest},
	}
}
