package scenes

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// screenSizes are the window sizes every screen is drawn at: the
// smallest window and the default; with $ARENA_SHOTS, for people to look
// at, a 4K screen too.
func screenSizes() [][2]int {
	if os.Getenv("ARENA_SHOTS") != "" {
		return [][2]int{{800, 600}, {1280, 800}, {3840, 2160}}
	}
	return [][2]int{{800, 600}, {1280, 800}}
}

// screen draws the app's scenes at w x h, settled, and returns the picture.
// With $ARENA_SHOTS set it also writes it there as name-WxH.png, for
// people to look at.
func screen(t *testing.T, a *App, w, h int, name string) *image.RGBA {
	t.Helper()
	a.W, a.H = w, h
	a.Scale = fitScale(w, h, a.UIScale)
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	for range 2 {
		dst.Clear()
		a.Clock += 1
		a.drawStack(dst)
	}
	img := rendertest.Pixels(dst)
	if dir := os.Getenv("ARENA_SHOTS"); dir != "" {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, w, h)))
		require.NoError(t, err)
		require.NoError(t, png.Encode(f, img))
		require.NoError(t, f.Close())
	}
	return img
}

// inside reports whether every widget rectangle lies in the window.
func inside(t *testing.T, rs []image.Rectangle, w, h int, what string) {
	t.Helper()
	win := image.Rect(0, 0, w, h)
	for _, r := range rs {
		if r.Min.X < -1000 { // scrolled out of view
			continue
		}
		require.True(t, r.In(win), "%s at %dx%d: %v leaves the window", what, w, h, r)
	}
}

// The new screens at every size: their controls stay in the window. At
// 1280x800 some are kept as golden pictures.
func TestScreensAtEverySize(t *testing.T) {
	for _, size := range screenSizes() {
		w, h := size[0], size[1]
		menu := NewMenu()
		a := newTestApp(menu)
		screen(t, a, w, h, "menu")
		var rs []image.Rectangle
		for _, it := range menu.form.Items {
			rs = append(rs, it.Rect())
		}
		inside(t, rs, w, h, "menu")

		for _, title := range MenuTitles() {
			s := NewSetup(title)
			a := newTestApp(s)
			screen(t, a, w, h, "setup-"+title.ID())
			rs = rs[:0]
			for _, it := range s.form.Items {
				rs = append(rs, it.Rect())
			}
			inside(t, rs, w, h, "set-up of "+title.ID())
			if s.rules != nil {
				r := NewRules(s)
				a.Push(r)
				img := screen(t, a, w, h, "rules-"+title.ID())
				inside(t, []image.Rectangle{r.done.Rect(), r.cancel.Rect(), r.reset.Rect()}, w, h, "rules of "+title.ID())
				if w == 1280 && title.ID() == "guardains" {
					rendertest.Golden(t, img, "rules-guardains.png")
				}
			}
		}
		a = newTestApp(NewMenu())
		a.Push(NewHelp())
		img := screen(t, a, w, h, "help")
		if w == 1280 {
			rendertest.Golden(t, img, "help.png")
		}
		a = newTestApp(NewMenu())
		a.Push(NewSettings(a, filepath.Join(t.TempDir(), "settings.json")))
		screen(t, a, w, h, "settings")
	}
}

// The kiosk's cards and the results at every size.
func TestShowCardsAtEverySize(t *testing.T) {
	rec := openFixture(t)
	for _, size := range screenSizes() {
		w, h := size[0], size[1]
		show := NewKiosk(t.TempDir(), false, 0, 1)
		a := newTestApp(show)
		view := mustView(t)
		v := NewViewer(rec, view)
		show.start(a, v)
		img := screen(t, a, w, h, "kiosk-title")
		if w == 1280 {
			rendertest.Golden(t, img, "kiosk-title.png")
		}
		v.Seek(rec.Timeline.Len() - 1)
		v.step(a) // the board at its end, under the card
		show.phase = showResult
		img = screen(t, a, w, h, "kiosk-result")
		if w == 1280 {
			rendertest.Golden(t, img, "kiosk-result.png")
		}
	}
}

// uiScaleValues are the interface scales people may choose (settings.go).
var uiScaleValues = []float64{0.75, 1, 1.25, 1.5}

// TestShotsOfTheViewers draws the viewer of each game's fixture, in the
// middle and at the end, at every size, with the panels and map first,
// and at 1280x720 at every interface scale, into $ARENA_SHOTS for people
// to look at (ARENA_SHOTS=DIR xvfb-run -a go test -run Shots ./scenes/).
func TestShotsOfTheViewers(t *testing.T) {
	if os.Getenv("ARENA_SHOTS") == "" {
		t.Skip("set ARENA_SHOTS to a folder to draw every viewer into it")
	}
	type shot struct {
		w, h     int
		ui       float64
		mapFirst bool
	}
	var shots []shot
	for _, size := range append(screenSizes(), [2]int{1920, 1080}) {
		shots = append(shots, shot{size[0], size[1], 1, false}, shot{size[0], size[1], 1, true})
	}
	for _, ui := range uiScaleValues {
		shots = append(shots, shot{1280, 720, ui, false}, shot{1280, 720, ui, true})
	}
	games := map[string]*game.Recording{}
	addFixtures(t, games, map[string]string{"santorini": "santorini", "aic21": "aic21", "guardains": "guardains", "alienwarz": "alienwarz", "aibg5": "aibg5"})
	for id, rec := range games {
		for _, sh := range shots {
			view, err := render.NewView(rec.Title.ID())
			require.NoError(t, err)
			v := NewViewer(rec, view)
			v.mapFirst = sh.mapFirst
			a := newTestApp(v)
			a.UIScale = sh.ui
			for !v.chron.Done() {
				v.chron.Update(v.sight())
			}
			name := fmt.Sprintf("viewer-%s-ui%d", id, int(sh.ui*100))
			if sh.mapFirst {
				name += "-map"
			}
			v.Seek(rec.Timeline.Len() / 2)
			screen(t, a, sh.w, sh.h, name)
			v.Seek(rec.Timeline.Len() - 1)
			screen(t, a, sh.w, sh.h, name+"-end")
		}
	}
}
