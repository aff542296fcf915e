//go:build js

package main

import (
	"log/slog"
	"os"

	_ "github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/scenes"
)

// main is Arena in a browser's page: the window is the page's canvas, and
// the page's address says what to open (scenes.StartPage). The page has no
// command line: it builds the titles and the window alone.
func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	a := scenes.NewApp(scenes.NewMenu())
	scenes.StartPage(a)
	if err := scenes.Run(a, "Arena"); err != nil {
		slog.Error("arena", "error", err)
	}
}
