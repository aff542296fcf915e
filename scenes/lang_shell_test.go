package scenes

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render/ui"
)

// The shell's screens that the language tests try besides the lead's list:
// the library with replays in it, and "play from here".
func init() {
	languageScreens = append(languageScreens,
		shownScreen{"library with replays", func(t *testing.T) *App {
			dir := t.TempDir()
			for _, f := range fixtureFiles {
				if data, err := os.ReadFile(f); err == nil {
					require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644))
				}
			}
			t.Chdir(dir) // the folder field shows "."
			l := NewLibrary(".")
			t.Cleanup(l.Close)
			for deadline := time.Now().Add(30 * time.Second); l.pending > 0 && time.Now().Before(deadline); {
				l.take()
				time.Sleep(10 * time.Millisecond)
			}
			l.arrange()
			return newTestApp(l)
		}},
		shownScreen{"play from here", func(t *testing.T) *App {
			v := NewViewer(openFixture(t), mustView(t))
			a := newTestApp(v)
			a.Push(NewTakeOver(v, 3))
			return a
		}},
	)
}

// The settings offer every language by its own name, change the screens'
// language at once, keep it as its BCP 47 tag and bring it back.
func TestSettingsLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	defer func() { keptLang = "" }()
	lang.Set(lang.En)
	path := filepath.Join(t.TempDir(), "arena", "settings.json")
	menu := NewMenu()
	a := newTestApp(menu)
	d := NewSettings(a, path)
	a.Push(d)
	require.Equal(t, []string{"English", "Srpski (latinica)", "Српски (ћирилица)", "فارسی"}, d.language.Options,
		"each language by its name in itself")
	require.Equal(t, 0, d.form.Focus, "the language comes first")
	screen(t, a, 1280, 800, "settings-en")
	englishRows := menu.rows

	a.In.UI.Right = true
	tick(t, a, 1)
	require.Equal(t, lang.SrLatn, lang.Current(), "a change applies at once")
	require.Equal(t, "Podešavanja", lang.T("Settings"))
	for _, o := range d.language.Options {
		require.Equal(t, o, lang.T(o), "no language translates the names of the languages")
	}
	screen(t, a, 1280, 800, "settings-sr-Latn")
	require.Equal(t, lang.SrLatn, menu.fitFor.lang, "the menu under the dialog laid out again in Serbian")
	require.GreaterOrEqual(t, menu.rows, englishRows)

	press(t, a, ActBack)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var kept map[string]any
	require.NoError(t, json.Unmarshal(data, &kept))
	require.Equal(t, "sr-Latn", kept["lang"], "kept as its BCP 47 tag: %s", data)

	lang.Set(lang.En)
	require.NoError(t, LoadSettings(newTestApp(NewMenu()), path))
	require.Equal(t, lang.SrLatn, lang.Current(), "the kept language comes back")

	// A settings file without a language, or with one Arena does not
	// speak, leaves the language as it is.
	lang.Set(lang.Fa)
	require.NoError(t, os.WriteFile(path, []byte(`{"ui_scale":1,"lang":"xx"}`), 0o644))
	require.NoError(t, LoadSettings(newTestApp(NewMenu()), path))
	require.Equal(t, lang.Fa, lang.Current())
	require.NoError(t, os.WriteFile(path, []byte(`{"ui_scale":1}`), 0o644))
	require.NoError(t, LoadSettings(newTestApp(NewMenu()), path))
	require.Equal(t, lang.Fa, lang.Current())

	// The dialog opens on the language of the screens; the pseudo-language
	// of the tests is kept as none.
	d = NewSettings(a, path)
	require.Equal(t, "فارسی", d.language.Value())
	lang.Set(lang.Pseudo)
	d = NewSettings(a, path)
	a.Push(d)
	tick(t, a, 1)
	require.Equal(t, lang.Pseudo, lang.Current(), "opening the settings changes no language")
	press(t, a, ActBack)
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	require.NotContains(t, string(data), `"lang"`)

	// What else keeps the settings (the server last watched) keeps the
	// language too.
	lang.Set(lang.En)
	require.NoError(t, os.WriteFile(path, []byte(`{"ui_scale":1,"lang":"sr-Cyrl"}`), 0o644))
	b := newTestApp(NewMenu())
	require.NoError(t, LoadSettings(b, path))
	require.NoError(t, keepSettings(path, b.kept()))
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(data), `"lang":"sr-Cyrl"`)
}

// Every label of the menu, the settings and a set-up fits its button whole
// at its full size, in every language, at 1280x800.
func TestLabelsFitInEveryLanguage(t *testing.T) {
	defer lang.Set(lang.Current())
	titles := MenuTitles()
	require.NotEmpty(t, titles)
	for _, tag := range lang.Tags {
		lang.Set(tag)
		menu := NewMenu()
		a := newTestApp(menu)
		screen(t, a, 1280, 800, "menu-"+string(tag))
		labelsFit(t, menu.form.Items, "the menu in "+tag.Name())

		set := NewSettings(a, filepath.Join(t.TempDir(), "settings.json"))
		a.Push(set)
		screen(t, a, 1280, 800, "settings-"+string(tag))
		labelsFit(t, set.form.Items, "the settings in "+tag.Name())

		for _, title := range titles {
			s := NewSetup(title)
			screen(t, newTestApp(s), 1280, 800, fmt.Sprintf("setup-%s-%s", title.ID(), tag))
			labelsFit(t, s.form.Items, "the set-up of "+title.ID()+" in "+tag.Name())
		}
	}
}

// labelsFit checks that each button of items shows its label whole, unshrunk.
func labelsFit(t *testing.T, items []ui.Widget, where string) {
	t.Helper()
	for _, it := range items {
		b, ok := it.(*ui.Button)
		if !ok || b.Label == "" {
			continue
		}
		label, _, size, _ := b.Fitted()
		require.Equal(t, lang.T(b.Label), label, "%s: %q is cut", where, b.Label)
		full := float64(b.Rect().Dy()) * 0.42
		if b.Detail != "" {
			full = float64(b.Rect().Dy()) * 0.3
		}
		require.InDelta(t, full, size, 0.01, "%s: %q is shrunk", where, b.Label)
	}
}
