//go:build js

package scenes

import (
	"io/fs"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
)

// comparing is the replay that the next file chosen in the page's picker
// is compared with, nil when it opens on its own. Only the window's
// goroutine touches it.
var comparing *struct {
	name string
	rec  *game.Recording
}

// pickCompare lets people choose the replay to compare rec (named file)
// with: the browser's file picker, whose file opens beside it.
func pickCompare(a *App, file string, rec *game.Recording) {
	if fileInput.IsUndefined() {
		a.Toast("%s", lang.T("This page has no file picker: drop two replays on the page to compare them"))
		return
	}
	if file == "" {
		file = lang.T("this game")
	}
	comparing = &struct {
		name string
		rec  *game.Recording
	}{file, rec}
	a.Toast("%s", lang.F("Choose the replay to compare %s with", file))
	fileInput.Call("click")
}

// openCompared opens rec (named name) beside the replay that pickCompare
// chose to compare, and reports whether there was one.
func openCompared(a *App, name string, rec *game.Recording) bool {
	if comparing == nil {
		return false
	}
	with := comparing
	comparing = nil
	c, err := NewCompare(with.name, with.rec, name, rec)
	if err != nil {
		a.Toast("%s", lang.T(err.Error()))
		return true
	}
	a.Push(c)
	return true
}

// compareDropped opens two files dropped on the page together side by
// side, from another goroutine.
func compareDropped(a *App, files fs.FS, nameA, nameB string) {
	var recs [2]*game.Recording
	for i, name := range []string{nameA, nameB} {
		data, err := fs.ReadFile(files, name)
		if err == nil {
			recs[i], err = game.Open(name, data)
		}
		if err != nil {
			a.Later(func(a *App) { a.Toast("%v", err) })
			return
		}
	}
	a.Later(func(a *App) {
		c, err := NewCompare(nameA, recs[0], nameB, recs[1])
		if err != nil {
			a.Toast("%s", lang.T(err.Error()))
			return
		}
		a.Push(c)
	})
}
