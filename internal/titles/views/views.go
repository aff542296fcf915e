// Package views is the list of the views that draw the games of
// internal/titles, for the programs that draw them: a program installs it
// at the start of main (render.Install).
package views

import (
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/aibg5"
	"github.com/arena-games/arena/render/aic21"
	"github.com/arena-games/arena/render/alienwarz"
	"github.com/arena-games/arena/render/guardains"
	"github.com/arena-games/arena/render/santorini"
)

// Drawn are the views of the games, by their titles.
func Drawn() []render.Drawn {
	return []render.Drawn{aibg5.Drawn, aic21.Drawn, alienwarz.Drawn, guardains.Drawn, santorini.Drawn}
}
