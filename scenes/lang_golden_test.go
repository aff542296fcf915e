package scenes

import (
	"testing"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render/rendertest"
)

// Persian shapes and reads right to left: the menu and a match's panel in
// Persian, kept as golden pictures.
func TestPersianGolden(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.Fa)
	rendertest.Golden(t, screen(t, newTestApp(NewMenu()), 1280, 800, "fa-menu"), "fa-menu.png")
	rec := openFixture(t)
	v := NewViewer(rec, mustView(t))
	a := newTestApp(v)
	v.layout(a)
	v.Seek(rec.Timeline.Len() / 2)
	v.step(a)
	rendertest.Golden(t, screen(t, a, 1280, 800, "fa-santorini"), "fa-santorini.png")
}

// Team names in Cyrillic and in Persian, as typed, in the English screens:
// the panel, the move list's seats and the banner at the end.
func TestNamesInEveryScript(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.En)
	rec := openFixture(t)
	rec.Header.Players = []string{"Звезда", "تیم ستاره"}
	v := NewViewer(rec, mustView(t))
	a := newTestApp(v)
	v.layout(a)
	v.Seek(rec.Timeline.Len() - 1)
	v.step(a)
	v.atEnd = true
	rendertest.Golden(t, screen(t, a, 1280, 800, "names-in-every-script"), "names-in-every-script.png")
}
