//go:build !js

package scenes

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"golang.design/x/clipboard"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/internal/lang"
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

// desktopClipboard readies the system's clipboard once (X11's on Linux,
// opened at run time): nil, or why there is none (no display).
var desktopClipboard = sync.OnceValue(clipboard.Init)

// copyText puts s on the system's clipboard, and reports whether there is
// one.
func copyText(s string) bool {
	if desktopClipboard() != nil {
		return false
	}
	clipboard.Write(clipboard.FmtText, []byte(s))
	return true
}

// pasteText reads the system's clipboard and hands its text to paste on a
// later tick (another program may take a moment to answer), and reports
// whether there is a clipboard.
func pasteText(a *App, paste func(*App, string)) bool {
	if desktopClipboard() != nil {
		return false
	}
	go func() {
		text := string(clipboard.Read(clipboard.FmtText))
		a.Later(func(a *App) { paste(a, text) })
	}()
	return true
}

// startLanguage is the language of the system's locale (LC_ALL,
// LC_MESSAGES, LANG), English for one Arena does not speak.
func startLanguage() lang.Tag { return lang.FromEnv() }
