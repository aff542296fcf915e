//go:build !js

package scenes

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render/ui"
)

// On the desktop what Arena keeps goes to files: the replay saved where
// the person says, films in the replay folder, the settings in the
// configuration folder.

// saveReplay is the pause menu's "Save replay as…": a dialog asks where.
func saveReplay(a *App, v *Viewer) { a.Push(NewSaveAs(v)) }

// deliver writes a file that the person asked for at path, whole or not
// at all, and says where it went and its size.
func deliver(path string, write func(io.Writer) error) (string, int64, error) {
	if err := game.WriteFileAtomic(path, write); err != nil {
		return "", 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return "", 0, err
	}
	return path, st.Size(), nil
}

// readSettings reads the kept settings; none kept is os.ErrNotExist.
func readSettings(path string) ([]byte, error) { return os.ReadFile(path) }

// keepSettings keeps the settings st at path.
func keepSettings(path string, st Settings) error {
	return game.WriteFileAtomic(path, func(w io.Writer) error { return json.NewEncoder(w).Encode(st) })
}

// SaveAs asks where to save the shown game's replay.
type SaveAs struct {
	dialog
	v            *Viewer
	path         *ui.Field
	save, cancel *ui.Button
}

// NewSaveAs offers a path in the home folder.
func NewSaveAs(v *Viewer) *SaveAs {
	home, _ := os.UserHomeDir()
	name := fmt.Sprintf("%s-turn%d.arena", v.rec.Title.ID(), v.rec.Timeline.Len()-1)
	if p := v.ReplayPath(); p != "" {
		name = filepath.Base(p)
	}
	d := &SaveAs{v: v, path: &ui.Field{Text: filepath.Join(home, name), Max: 4096},
		save: &ui.Button{Label: "Save", Primary: true}, cancel: &ui.Button{Label: "Cancel"}}
	d.heading, d.width = "Save replay as", 720
	d.text = "The replay, and the move file beside it where the game has one."
	d.form.Items = []ui.Widget{d.path, d.save, d.cancel}
	return d
}

func (*SaveAs) overlay() {}

// Update handles the path field and the buttons.
func (d *SaveAs) Update(a *App) error {
	d.place(a)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	switch d.form.Update(&a.In.UI) {
	case d.save, d.path:
		path := strings.TrimSpace(d.path.Text)
		if same(path, d.v.ReplayPath()) {
			a.Pop()
			a.Toast("This match is already being saved to %s", path)
			return nil
		}
		if err := game.Save(d.v.rec, path); err != nil {
			a.Toast("%v", err)
			return nil
		}
		a.Pop()
		a.Toast("Saved %s", path)
	case d.cancel:
		a.Pop()
	}
	return nil
}

// Draw draws the dialog.
func (d *SaveAs) Draw(dst *ebiten.Image, a *App) { d.draw(dst, a) }
