//go:build js

package main

import (
	"log/slog"
	"os"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/internal/titles/views"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/scenes"
)

// main is Arena in a browser's page: the window is the page's canvas, and
// the page's address says what to open (scenes.StartPage). The page has no
// command line: it installs the games (without the seats that start
// programs or open ports, which a page cannot) and their views, and opens
// the window.
func main() {
	game.Install(game.Catalog{Titles: titles.Games()})
	render.Install(views.Drawn()...)
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	a := scenes.NewApp(scenes.NewMenu())
	scenes.StartPage(a)
	if err := scenes.Run(a, "Arena"); err != nil {
		slog.Error("arena", "error", err)
	}
}
