package scenes

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render/rendertest"
)

// writeDoc draws the app's scenes, settled, into $ARENA_DOCS/name.
func writeDoc(t *testing.T, a *App, name string) {
	t.Helper()
	dst := ebiten.NewImage(a.W, a.H)
	defer dst.Deallocate()
	for range 2 {
		dst.Clear()
		a.Clock++
		a.drawStack(dst)
	}
	f, err := os.Create(filepath.Join(os.Getenv("ARENA_DOCS"), name))
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, rendertest.Pixels(dst)))
	require.NoError(t, f.Close())
}

// TestREADMEPictures draws the README's pictures of the viewer (a chart
// and the timeline's marks), the replay library and the kiosk's title
// card into $ARENA_DOCS (ARENA_DOCS=docs xvfb-run -a go test -run
// READMEPictures ./scenes/).
func TestREADMEPictures(t *testing.T) {
	if os.Getenv("ARENA_DOCS") == "" {
		t.Skip("set ARENA_DOCS to the docs folder to draw the README's pictures")
	}
	dir := t.TempDir()
	ants := filepath.Join(dir, "aic21-colony-forager.arena")
	require.NoError(t, game.Save(aic21Game(t, 120), ants))
	rec, err := game.OpenFile(ants)
	require.NoError(t, err)
	v, a := viewerOf(t, rec)
	for !v.chron.Done() {
		v.chron.Update(v.sight())
	}
	k := v.chron.Next(60)
	require.Positive(t, k)
	v.Seek(k + 3)
	v.chart = 1
	drawApp(a)
	a.In.UI.X, a.In.UI.Y = v.xOf(k), float64(v.scrub.Min.Y)-8*a.Scale
	v.updateScrub(&a.In)
	writeDoc(t, a, "chart.png")

	data, err := os.ReadFile(fixture)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "santorini-final.txt"), data, 0o644))
	maze := filepath.Join(dir, "guardains-hunter-explorer.arena")
	for path, r := range map[string]*game.Recording{
		filepath.Join(dir, "aic21-colony-forager.arena"): rec,
		maze: guardainsGame(t, 60),
		filepath.Join(dir, "alienwarz-strategist.arena"): botMatch(t, "alienwarz", []string{"strategist", "miner"}, nil),
		filepath.Join(dir, "aibg5-tactical.arena"):       botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "40"}),
	} {
		require.NoError(t, game.Save(r, path))
	}
	l := NewLibrary(dir)
	a = newTestApp(l)
	waitFor(t, a, func() bool { return l.pending == 0 })
	for range 10 {
		tick(t, a, 1)
		drawApp(a)
	}
	writeDoc(t, a, "library.png")

	show := NewKiosk(dir, false, 0, 1)
	a = newTestApp(show)
	r, err := game.OpenFile(maze)
	require.NoError(t, err)
	v, _ = viewerOf(t, r)
	show.start(a, v)
	writeDoc(t, a, "kiosk.png")
}
