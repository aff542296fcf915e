//go:build js

package main

import (
	"log/slog"
	"os"

	"github.com/arena-games/arena/scenes"
)

// main is Arena in a browser's page: the window is the page's canvas, and
// the page's address says what to open (scenes.StartPage).
func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	a := scenes.NewApp(scenes.NewMenu())
	scenes.StartPage(a)
	if err := scenes.Run(a, "Arena"); err != nil {
		slog.Error("arena", "error", err)
	}
}
