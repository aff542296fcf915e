package scenes

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Settings are what people choose for the window, kept between runs: the
// screens' language, the interface's size on top of the window's, the
// colour-blind-safe palette, whether matches open with the map first, and
// the server last watched.
type Settings struct {
	// Lang is the screens' language, by its BCP 47 tag ("sr-Latn"); ""
	// leaves the language the program started in.
	Lang        string  `json:"lang,omitempty"`
	UIScale     float64 `json:"ui_scale"`
	SafePalette bool    `json:"safe_palette"`
	MapFirst    bool    `json:"map_first,omitempty"`
	// WatchServer is the server "Watch a server…" last connected to.
	WatchServer string `json:"watch_server,omitempty"`
}

// SettingsPath is where the settings are kept: $XDG_CONFIG_HOME/arena, or
// ~/.config/arena.
func SettingsPath() string {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "arena", "settings.json")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".config", "arena", "settings.json")
	}
	return "arena-settings.json"
}

// LoadSettings applies the kept settings to the app; none kept, or a file
// that does not read, leaves the defaults (the latter with an error).
func LoadSettings(a *App, path string) error {
	data, err := readSettings(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	var st Settings
	if err := json.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("settings %s: %w (delete it to start afresh)", path, err)
	}
	a.apply(st)
	return nil
}

// keptLang is the language the settings keep: "" while people have chosen
// none (the screens speak the system's).
var keptLang string

// apply makes settings st the app's; no language, or one it does not know,
// leaves the screens' language as it is.
func (a *App) apply(st Settings) {
	keptLang = ""
	if t, err := lang.Parse(st.Lang); err == nil {
		keptLang = string(t)
		if t != lang.Current() {
			lang.Set(t)
		}
	}
	if st.UIScale >= 0.5 && st.UIScale <= 2 {
		a.UIScale = st.UIScale
	}
	render.SafePalette = st.SafePalette
	openMapFirst = st.MapFirst
	if st.WatchServer != "" {
		lastServer = st.WatchServer
	}
	a.Scale = fitScale(a.W, a.H, a.UIScale)
}

// kept is the app's settings as they are now, to keep.
func (a *App) kept() Settings {
	return Settings{Lang: keptLang, UIScale: a.UIScale, SafePalette: render.SafePalette, MapFirst: openMapFirst, WatchServer: lastServer}
}

// uiScales are the interface sizes offered.
var uiScales = []string{"75%", "100%", "125%", "150%"}

// SettingsScene is the overlay that changes the settings and keeps them.
type SettingsScene struct {
	dialog
	path                            string
	language, scale, colors, layout *ui.Choice
	done                            *ui.Button
}

// languageNames are the languages on offer, each by its name in itself
// (names the catalogue does not have: no language translates them).
func languageNames() []string {
	out := make([]string, len(lang.Tags))
	for i, t := range lang.Tags {
		out[i] = t.Name()
	}
	return out
}

// NewSettings opens the settings kept at path.
func NewSettings(a *App, path string) *SettingsScene {
	d := &SettingsScene{path: path, language: &ui.Choice{Options: languageNames()},
		scale:  &ui.Choice{Prefix: "interface", Options: uiScales},
		colors: &ui.Choice{Options: []string{"team colours as the games have them", "colour-blind-safe palette"}},
		layout: &ui.Choice{Options: []string{"matches show the panels beside the map", "matches show the map first"}},
		done:   &ui.Button{Label: "Done", Primary: true}}
	d.language.Select(lang.Current().Name())
	d.scale.Select(strconv.Itoa(int(a.UIScale*100+0.5)) + "%")
	if render.SafePalette {
		d.colors.Index = 1
	}
	if openMapFirst {
		d.layout.Index = 1
	}
	d.heading, d.width = "Settings", 640
	d.text = "The language changes every screen at once. A larger interface reads from afar, on a projector; a smaller one leaves the map more room. The safe palette colours the players' marks, charts and timeline so that people with any colour vision tell them apart; seats also have shapes: ● ■ ▲ ♦. The map first, for a projector, gives a match's window to its map under a scoreboard; H brings the panels back."
	d.form.Items = []ui.Widget{d.language, d.scale, d.colors, d.layout, d.done}
	return d
}

func (*SettingsScene) overlay() {}

// Update applies a change at once, and keeps the settings on Done.
func (d *SettingsScene) Update(a *App) error {
	d.place(a)
	hit := d.form.Update(&a.In.UI)
	pct, _ := strconv.Atoi(strings.TrimSuffix(d.scale.Value(), "%"))
	st := Settings{Lang: keptLang, UIScale: float64(pct) / 100, SafePalette: d.colors.Index == 1, MapFirst: d.layout.Index == 1, WatchServer: lastServer}
	if d.language.Changed {
		st.Lang = string(lang.Tags[d.language.Index])
	}
	a.apply(st)
	if a.In.Just(ActBack) || hit == d.done {
		if err := keepSettings(d.path, st); err != nil {
			a.Toast("%v", err)
		}
		a.Pop()
	}
	return nil
}

// Draw draws the dialog.
func (d *SettingsScene) Draw(dst *ebiten.Image, a *App) { d.draw(dst, a) }
