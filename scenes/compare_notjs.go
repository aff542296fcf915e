//go:build !js

package scenes

import (
	"path/filepath"

	"github.com/arena-games/arena/game"
)

// pickCompare lets people choose the replay to compare rec (the replay at
// file, "" when it is not known) with: the library of its folder (else of
// the replay folder), listing the replays of the same game, map and seed.
func pickCompare(a *App, file string, rec *game.Recording) {
	dir := a.ReplayDir
	if file != "" {
		dir = filepath.Dir(file)
	}
	l := NewLibrary(dir)
	l.compareWith(file, rec)
	a.Push(l)
}
