package web_test

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arena-games/arena/render/rendertest"

	"github.com/arena-games/arena/net/tournament/tournamenttest"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/stream"
	rs "github.com/arena-games/arena/render/santorini"
	"github.com/arena-games/arena/scenes"
)

// TestMenuInTheBrowser loads the page and compares its first frames with
// the menu's golden picture (set ARENA_GOLDEN=update to rewrite it).
func TestMenuInTheBrowser(t *testing.T) {
	tb := open(t, "/")
	s := tb.status()
	require.Equal(t, "*scenes.Menu", s.Scene)
	time.Sleep(time.Second) // the page's opening fade
	got := tb.screenshot()
	golden(t, got, "testdata/menu.png", 0.02)
}

// TestLanguageInTheBrowser: ?lang= speaks a language in the page, whatever
// the browser's; a language Arena does not speak is said so, and the page
// goes on in the browser's.
func TestLanguageInTheBrowser(t *testing.T) {
	tb := open(t, "/?lang=sr-Cyrl&replay="+url.QueryEscape(fixture(t, "santorini/game.txt")))
	tb.until("the viewer in Serbian Cyrillic", 20*time.Second, func(s status) bool {
		return s.Scene == "*scenes.Viewer" && s.Lang == "sr-Cyrl"
	})
	tb = open(t, "/?lang=de")
	s := tb.status()
	require.Equal(t, "en", s.Lang, "the browser's language")
	require.Contains(t, s.Toast, `?lang=de`)
	require.Contains(t, s.Toast, "want one of en, sr-Latn, sr-Cyrl, fa")
}

// TestLoaderBarAgreesWithItsText watches the loader on every frame it
// paints: its bar stands where its text says ("12.3 of 32.8 MB").
func TestLoaderBarAgreesWithItsText(t *testing.T) {
	watch := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `
window.loaderSeen = [];
(function look() {
  const loader = document.getElementById("loader");
  if (loader) {
    const m = /([\d.]+) of ([\d.]+) MB/.exec(document.getElementById("status").textContent);
    if (m) window.loaderSeen.push([m[1] / m[2], document.getElementById("fill").getBoundingClientRect().width / document.getElementById("bar").clientWidth]);
  }
  if (loader || !document.body) requestAnimationFrame(look);
})();`})
		return err
	})
	tb := open(t, "/", watch)
	seen := eval[[][2]float64](tb, `window.loaderSeen`)
	require.NotEmpty(t, seen, "the loader's text was never painted")
	for _, s := range seen {
		require.InDelta(t, s[0], s[1], 0.01, "the text says %.1f%%, the bar stands at %.1f%%", 100*s[0], 100*s[1])
	}
}

// TestSantoriniHotseatInTheBrowser starts a match from the menu by keys
// (a person against the set-up's default bot) and plays the placement by
// mouse.
func TestSantoriniHotseatInTheBrowser(t *testing.T) {
	tb := open(t, "/")
	time.Sleep(time.Second) // the page's opening fade
	for _, title := range scenes.MenuTitles() {
		if title.ID() == "santorini" {
			break
		}
		tb.keys(kb.ArrowDown)
	}
	tb.keys(kb.Enter)
	time.Sleep(400 * time.Millisecond)
	tb.keys(kb.Enter)
	tb.until("the match", 10*time.Second, func(s status) bool { return s.Title == "santorini" && s.Live })
	time.Sleep(500 * time.Millisecond)
	geo := rs.BoardGeometry(scenes.BoardArea(pageW, pageH, 1), 1)
	for _, name := range []string{"C3", "B2"} {
		c, ok := santorini.ParseCell(name)
		require.True(t, ok, name)
		tb.click(geo.Center(c, 0))
	}
	tb.until("the placement", 10*time.Second, func(s status) bool { return s.Turns >= 1 })
	tb.keys(kb.Home, kb.ArrowRight)
	s := tb.until("the placement shown", 5*time.Second, func(s status) bool { return s.Turn == 1 })
	require.Equal(t, "C3 B2", s.Moves["1"], "the clicks placed the workers: %+v", s)
}

// TestAnalysisBoardInTheBrowser opens Santorini's analysis board from the
// set-up by keys: the engine analyses the start position while the page
// keeps drawing (the search lets the page run every 15 ms), and a click
// on the board builds, which analyses the new position.
func TestAnalysisBoardInTheBrowser(t *testing.T) {
	tb := open(t, "/")
	time.Sleep(time.Second) // the page's opening fade
	menu := tb.frameTime(time.Second)
	for _, title := range scenes.MenuTitles() {
		if title.ID() == "santorini" {
			break
		}
		tb.keys(kb.ArrowDown)
	}
	tb.keys(kb.Enter)
	time.Sleep(400 * time.Millisecond)
	tb.keys(kb.ArrowUp, kb.Enter) // from Start to Analysis board
	s := tb.until("the analysis", 20*time.Second, func(s status) bool {
		return s.Scene == "*scenes.AnalysisBoard" && s.Analysis != nil && s.Analysis.Depth >= 4
	})
	require.Equal(t, scenes.AnalysisStart, s.Analysis.Position)
	before := s.Analysis.Nodes
	ms := tb.frameTime(2 * time.Second)
	s = tb.status()
	t.Logf("analysing: %.1f ms a frame (the menu: %.1f), depth %d, %d nodes in the 2 s", ms, menu, s.Analysis.Depth, s.Analysis.Nodes-before)
	require.Greater(t, s.Analysis.Nodes, before, "the search goes on between the frames")
	// Clear: an empty board has nothing to analyse; the same board's
	// frames without a search.
	tb.click(1164, 756)
	tb.until("the empty board", 5*time.Second, func(s status) bool { return s.Analysis != nil && s.Analysis.Problem != "" })
	idle := tb.frameTime(2 * time.Second)
	t.Logf("the same board without a search: %.1f ms a frame", idle)
	require.Less(t, ms, 3*idle+50, "the page keeps drawing while the engine analyses (a search that never let it run would freeze it)")
	tb.keys(kb.Escape)
	tb.until("the set-up", 5*time.Second, func(s status) bool { return s.Scene == "*scenes.Setup" })
	tb.keys(kb.Enter) // the analysis board's button keeps the focus
	tb.until("the analysis board again", 10*time.Second, func(s status) bool {
		return s.Scene == "*scenes.AnalysisBoard" && s.Analysis != nil && s.Analysis.Depth >= 1
	})
	// Ctrl+V pastes a position from the page's clipboard.
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		tb.run(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted, Origin: page.url})
			return err
		}))
	}
	const pasted = "0000000000000000000023000/1/A1,E5/C5,E3"
	eval[chromedp.Void](tb, `navigator.clipboard.writeText("`+pasted+`")`, chromedp.EvalAwaitPromise)
	tb.ctrl("v", "KeyV", 86)
	s = tb.until("the pasted position's analysis", 10*time.Second, func(s status) bool {
		return s.Analysis != nil && s.Analysis.Position == pasted && s.Analysis.Depth >= 1
	})
	require.Equal(t, "A1 B1", s.Analysis.Best, "the pasted position wins in one")
	// Ctrl+C copies the notation back.
	tb.click(100, 32) // the heading: the field lets go of the keyboard
	tb.ctrl("c", "KeyC", 67)
	s = tb.until("the copy", 5*time.Second, func(s status) bool { return strings.HasPrefix(s.Toast, "Copied ") })
	require.Equal(t, "Copied "+s.Analysis.Position, s.Toast)
	require.Equal(t, s.Analysis.Position, eval[string](tb, `navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	tb.click(954, 756) // Start position
	// A click on A1 builds a level there: the new position is analysed.
	geo := rs.BoardGeometry(scenes.BoardArea(pageW, pageH, 1), 1)
	a1, _ := santorini.ParseCell("A1")
	tb.click(geo.Center(a1, 0))
	tb.until("the new position's analysis", 10*time.Second, func(s status) bool {
		return s.Analysis != nil && s.Analysis.Position == "0000000000000000000010000/1/C3,B2/C2,D2" && s.Analysis.Depth >= 1
	})
}

// TestReplayByURLInTheBrowser opens a fixture by ?replay=URL, with the map
// first (?layout=map, for a projector), and steps it with the viewer's
// keys; H brings the panels back.
func TestReplayByURLInTheBrowser(t *testing.T) {
	tb := open(t, "/?layout=map&replay="+url.QueryEscape(fixture(t, "santorini/game.txt")))
	s := tb.until("the viewer", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })
	require.True(t, s.Map, "the map first")
	if dir := os.Getenv("ARENA_SHOTS"); dir != "" {
		f, err := os.Create(filepath.Join(dir, "page-map-first.png"))
		require.NoError(t, err)
		require.NoError(t, png.Encode(f, tb.screenshot()))
		require.NoError(t, f.Close())
	}
	require.Equal(t, "santorini", s.Title)
	require.False(t, s.Live)
	require.Greater(t, s.Turns, 10)
	tb.keys(kb.Home)
	tb.until("the first turn", 5*time.Second, func(s status) bool { return s.Turn == 0 })
	for want := 1; want <= 3; want++ {
		tb.keys(kb.ArrowRight)
		tb.until(fmt.Sprintf("step %d", want), 5*time.Second, func(s status) bool { return s.Turn == want })
	}
	tb.keys(kb.ArrowLeft)
	tb.until("a step back", 5*time.Second, func(s status) bool { return s.Turn == 2 })
	tb.keys(kb.End)
	tb.until("the end", 5*time.Second, func(s status) bool { return s.Turn == s.Turns })
	tb.keys("h")
	tb.until("the panels", 5*time.Second, func(s status) bool { return !s.Map })
}

// TestSaveAndSettingsInTheBrowser saves the shown replay from the pause
// menu, which the browser downloads (an .arena that Arena opens), and
// keeps the settings in the page's local storage.
func TestSaveAndSettingsInTheBrowser(t *testing.T) {
	tb := open(t, "/?replay="+url.QueryEscape(fixture(t, "santorini/game.txt")))
	tb.until("the viewer", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })
	dir := t.TempDir()
	tb.run(chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
		return err
	}))
	tb.keys(kb.Escape)
	tb.until("the pause menu", 5*time.Second, func(s status) bool { return s.Scene == "*scenes.Pause" })
	tb.keys(kb.ArrowDown, kb.Enter) // Save replay as…
	var saved string
	require.Eventually(t, func() bool {
		found, _ := filepath.Glob(filepath.Join(dir, "santorini-*.arena"))
		if len(found) == 1 {
			saved = found[0]
		}
		return saved != ""
	}, 20*time.Second, 100*time.Millisecond, "the download")
	var rec *game.Recording
	require.Eventually(t, func() bool { // the browser may still be writing it
		var err error
		rec, err = game.OpenFile(saved)
		return err == nil
	}, 10*time.Second, 100*time.Millisecond)
	original, err := game.OpenFile(filepath.Join(fixtures, "santorini/game.txt"))
	require.NoError(t, err)
	require.Equal(t, original.Timeline.Len(), rec.Timeline.Len())
	require.Equal(t, original.Summary().Winner, rec.Summary().Winner)

	require.Equal(t, "*scenes.Viewer", tb.status().Scene, "saved, the pause menu is gone")
	tb.keys(kb.Escape)
	tb.until("the pause menu", 5*time.Second, func(s status) bool { return s.Scene == "*scenes.Pause" })
	tb.keys(kb.ArrowDown, kb.ArrowDown, kb.ArrowDown, kb.ArrowDown, kb.Enter) // Settings… (past Play from here and Santorini's Engine analysis)
	tb.until("the settings", 5*time.Second, func(s status) bool { return s.Scene == "*scenes.SettingsScene" })
	tb.keys(kb.Escape)
	tb.until("the settings kept", 5*time.Second, func(s status) bool { return s.Scene == "*scenes.Pause" })
	kept := eval[string](tb, `localStorage.getItem("arena/settings.json") || ""`)
	require.Contains(t, kept, `"ui_scale":1`)
}

// TestTournamentInTheBrowser lists the server's tournaments from the
// menu, and opens one at /#tournament=NAME.
func TestTournamentInTheBrowser(t *testing.T) {
	if page.skip != "" {
		t.Skip(page.skip)
	}
	tournamenttest.Cup(t, filepath.Join(page.tournaments, "cup"), "Browser cup", "round-robin", 1)

	tb := open(t, "/#tournament=cup")
	tb.until("the tournament", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Tournament" })
	loaded := eval[string](tb, `arenaStatus()`)
	require.Contains(t, loaded, "Tournament")
}

// TestOpenFileInTheBrowser opens a replay through the page's file picker.
func TestOpenFileInTheBrowser(t *testing.T) {
	fixture(t, "aic21/replays/map1_template_log.json.gz")
	tb := open(t, "/")
	abs, err := filepath.Abs(filepath.Join(fixtures, "aic21/replays/map1_template_log.json.gz"))
	require.NoError(t, err)
	tb.run(setUploadFiles("#arena-open", abs))
	s := tb.until("the viewer", 30*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })
	require.Equal(t, "aic21", s.Title)
}

// TestWatchALiveMatchInTheBrowser opens /#match=ID of a bots' match that
// the server is playing, and sees it go on.
func TestWatchALiveMatchInTheBrowser(t *testing.T) {
	if page.skip != "" {
		t.Skip(page.skip)
	}
	ctx, cancel := contextFor(t, time.Minute)
	defer cancel()
	c, err := page.admin.Create(ctx, stream.CreateRequest{Title: "alienwarz", Seats: []string{"strategist", "miner"}, Seed: 3, Pace: "150ms"})
	require.NoError(t, err)
	tb := open(t, "/#match="+c.ID)
	s := tb.until("the match", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" && s.Turns > 0 })
	require.Equal(t, "alienwarz", s.Title)
	first := s.Turns
	tb.until("more turns", 20*time.Second, func(s status) bool { return s.Turns > first+3 })
}

// TestJuryWatchesAHiddenMatchInTheBrowser opens a GuardAIns match played
// from elsewhere, which the public sees at its end: the page shows it to
// the jury (#match=ID&jury=TOKEN, the token sent as the WebSocket's
// subprotocol) and takes the token off the address; without the token,
// nothing of it.
func TestJuryWatchesAHiddenMatchInTheBrowser(t *testing.T) {
	if page.skip != "" {
		t.Skip(page.skip)
	}
	ctx, cancel := contextFor(t, time.Minute)
	defer cancel()
	c, err := page.admin.Create(ctx, stream.CreateRequest{Title: "guardains", Seats: []string{"remote", "explorer"}, Seed: 3})
	require.NoError(t, err)
	jury := open(t, "/#match="+c.ID+"&jury="+page.jury)
	s := jury.until("the match", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })
	require.Equal(t, "guardains", s.Title)
	require.Equal(t, "#match="+c.ID, eval[string](jury, "location.hash"), "the token is taken off the address")

	public := open(t, "/#match="+c.ID)
	time.Sleep(3 * time.Second)
	require.NotEqual(t, "*scenes.Viewer", public.status().Scene, "the public sees it at its end")
}

// TestSameFrameAsTheDesktop draws one replay turn in the browser and with
// `arena shot` on the desktop, and compares the pictures.
func TestSameFrameAsTheDesktop(t *testing.T) {
	replay := fixture(t, "santorini/game.txt")
	if os.Getenv("DISPLAY") == "" {
		t.Skip("the desktop's picture needs a display: run under xvfb-run")
	}
	const turn = 9
	bin := filepath.Join(t.TempDir(), "arena")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	shot := filepath.Join(t.TempDir(), "desktop.png")
	out, err = exec.Command(bin, "shot", filepath.Join(fixtures, "santorini/game.txt"), "--turn", fmt.Sprint(turn),
		"--out", shot, "--size", fmt.Sprintf("%dx%d", pageW, pageH)).CombinedOutput()
	require.NoError(t, err, "%s", out)
	desktop := rendertest.ReadPNG(t, shot)

	tb := open(t, fmt.Sprintf("/?replay=%s&turn=%d", url.QueryEscape(replay), turn))
	tb.until("the viewer at the turn", 20*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" && s.Turn == turn })
	time.Sleep(3 * time.Second) // the fade and the pieces' landing settle, as Picture settles them
	browser := tb.screenshot()
	diff := difference(desktop, browser)
	if diff > 0.03 {
		keep(t, "desktop.png", desktop)
		keep(t, "browser.png", browser)
	}
	require.LessOrEqual(t, diff, 0.03, "the share of pixels that differ between the desktop's and the browser's turn %d", turn)
}

// difference is the share of pixels of a and b whose colours differ by
// more than a rounding's worth in some channel.
func difference(a, b *image.RGBA) float64 {
	if a.Bounds() != b.Bounds() {
		return 1
	}
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			d := int(a.Pix[i+c]) - int(b.Pix[i+c])
			if d > 24 || d < -24 {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a.Pix)/4)
}

// golden compares img with the golden picture at path, allowing a share
// tol of differing pixels (the menu's glow breathes).
func golden(t *testing.T, img *image.RGBA, path string, tol float64) {
	t.Helper()
	if os.Getenv("ARENA_GOLDEN") == "update" {
		f, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, png.Encode(f, img))
		require.NoError(t, f.Close())
		return
	}
	want := rendertest.ReadPNG(t, path)
	diff := difference(want, img)
	if diff > tol {
		keep(t, filepath.Base(path), img)
	}
	require.LessOrEqual(t, diff, tol, "the share of pixels that differ from %s (ARENA_GOLDEN=update rewrites it)", path)
}

// keep writes a picture of a failed comparison where people can look.
func keep(t testing.TB, name string, img image.Image) {
	p := filepath.Join(os.TempDir(), "arena-web-"+strings.ReplaceAll(t.Name(), "/", "-")+"-"+name)
	f, err := os.Create(p)
	if err != nil {
		return
	}
	defer f.Close()
	png.Encode(f, img)
	t.Logf("the browser's picture: %s", p)
}
