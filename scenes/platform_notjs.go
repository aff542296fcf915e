//go:build !js

package scenes

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/render/ui"
)

// On the desktop the menu has every tool, and Esc leaves Arena.
const (
	menuNote = ""
	menuKeys = "↑ ↓ to choose · Enter to open · ? for help · Esc to quit"
)

// tools are the menu's buttons under the game cards.
func (m *Menu) tools() []ui.Widget {
	return []ui.Widget{m.library, m.open, m.watch, m.tournaments, m.help, m.settings, m.quit}
}

// openTournaments is the menu's "Tournaments": those of the tournaments
// folder.
func openTournaments(a *App) { a.Push(NewTournaments(DefaultTournamentDir())) }

// leave is Esc at the menu: Arena ends.
func leave(a *App) { a.Quit() }

// openFile is the menu's "Open a file…": the newest replays of the replay
// folder, and a path to type.
func openFile(a *App) { a.Push(NewOpen(a.ReplayDir)) }

// demoReplay is where the demo loop writes a game's replay: the temporary
// folder, not the replay folder.
func demoReplay(title string) string {
	return filepath.Join(os.TempDir(), "arena-demo-"+title+".arena")
}

// dropped opens what was dropped on the window this tick: a replay or a
// move file in the viewer, a folder in the replay library.
func (a *App) dropped() {
	files := ebiten.DroppedFiles()
	if files == nil {
		return
	}
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return
	}
	for _, e := range entries {
		if p, ok := e.(ebiten.AbsPather); ok {
			if e.IsDir() {
				a.Push(NewLibrary(p.AbsPath()))
			} else {
				a.Open(p.AbsPath())
			}
			return
		}
	}
}

// copyText would put s on the clipboard: the desktop window has none
// (Ebitengine offers none), so it reports false.
func copyText(string) bool { return false }

// pasteText would hand the clipboard's text to paste: the desktop window
// has none, so it reports false.
func pasteText(*App, func(*App, string)) bool { return false }
