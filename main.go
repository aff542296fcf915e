//go:build !js

package main

import (
	"os"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/cli"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/internal/titles/views"
	"github.com/arena-games/arena/render"
)

// main installs what Arena plays and draws, hands the command line to the
// table of commands and exits with its status.
func main() {
	game.Install(titles.Catalog())
	render.Install(views.Drawn()...)
	os.Exit(cli.Main(os.Args[1:]))
}
