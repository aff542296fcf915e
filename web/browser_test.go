package web_test

// These tests build the page (web.Build) and drive it in Debian's headless
// Chromium through the DevTools protocol, served as `arena serve` serves
// it: web.Site in front of a real net/server on 127.0.0.1:0. Without
// Chromium they skip, except under CI=true, where they fail.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/internal/titles/views"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/server"
	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/web"
)

// fixtures are the original systems' files, shared by the team.
const fixtures = "../../shared/fixtures"

// The page's size in the browser: the desktop window's.
const pageW, pageH = 1280, 800

// page is what TestMain sets up: the built page, the server and the
// browser, or why there are none.
var page struct {
	skip    string // why the tests skip, when they do
	dir     string // the built page
	url     string // http://127.0.0.1:PORT
	admin   *stream.Client
	jury    string // the server's jury token
	browser context.Context
	// tournaments is the folder of the tournaments the server shows.
	tournaments string
}

// TestMain installs what arena serve plays and the page draws, and sets
// up the page.
func TestMain(m *testing.M) {
	game.Install(titles.Catalog())
	render.Install(views.Drawn()...)
	code, cleanup := setUp()
	if code == 0 {
		code = m.Run()
	}
	cleanup()
	os.Exit(code)
}

// setUp builds the page, starts the server and the browser. A non-zero
// code is a failure to report.
func setUp() (int, func()) {
	var undo []func()
	cleanup := func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	fail := func(format string, args ...any) (int, func()) {
		fmt.Fprintf(os.Stderr, "web tests: "+format+"\n", args...)
		return 1, cleanup
	}
	chrome := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chrome = p
			break
		}
	}
	if chrome == "" {
		if os.Getenv("CI") == "true" {
			return fail("Chromium is not installed (make test installs Debian's chromium)")
		}
		page.skip = "Chromium is not installed (make test installs Debian's chromium)"
		return 0, cleanup
	}
	tmp, err := os.MkdirTemp("", "arena-web-")
	if err != nil {
		return fail("%v", err)
	}
	undo = append(undo, func() { os.RemoveAll(tmp) })
	page.dir = filepath.Join(tmp, "dist")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := web.Build(ctx, "", "..", page.dir); err != nil {
		return fail("%v", err)
	}
	// The server, as `arena serve` runs it, with the fixtures beside it.
	b, err := bus.Open(bus.Options{Dir: filepath.Join(tmp, "jetstream"), Port: -1, Name: "web test"})
	if err != nil {
		return fail("%v", err)
	}
	undo = append(undo, func() { b.Close() })
	token := server.NewToken()
	page.jury = server.NewToken()
	page.tournaments = filepath.Join(tmp, "tournaments")
	srv, err := server.New(server.Options{Bus: b, Dir: tmp, AdminToken: token, JuryToken: page.jury, Tournaments: page.tournaments})
	if err != nil {
		return fail("%v", err)
	}
	undo = append(undo, func() { srv.Close() })
	site, err := web.Site(page.dir, srv.Handler())
	if err != nil {
		return fail("%v", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/fixtures/", http.StripPrefix("/fixtures/", http.FileServer(http.Dir(fixtures))))
	mux.Handle("/", site)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail("%v", err)
	}
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	undo = append(undo, func() { hs.Close() })
	page.url = "http://" + ln.Addr().String()
	page.admin = &stream.Client{Base: page.url, Admin: token}
	// The browser: headless, WebGL in software (SwiftShader), no sandbox
	// (tests run as root in CI); its temporary files in the tests' folder,
	// removed after them.
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.Env("TMPDIR="+tmp),
		chromedp.NoSandbox,
		chromedp.WindowSize(pageW, pageH),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("ignore-gpu-blocklist", true),
		chromedp.Flag("force-device-scale-factor", "1"),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	undo = append(undo, acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	undo = append(undo, bcancel)
	if err := chromedp.Do(bctx); err != nil {
		return fail("start Chromium: %v", err)
	}
	page.browser = bctx
	return 0, cleanup
}

// status is what the page's arenaStatus() says.
type status struct {
	Frame float64           `json:"frame"`
	Scene string            `json:"scene"`
	Title string            `json:"title"`
	Turn  int               `json:"turn"`
	Turns int               `json:"turns"`
	Live  bool              `json:"live"`
	Moves map[string]string `json:"moves"`
	Toast string            `json:"toast"`
	Map   bool              `json:"mapFirst"`
	Lang  string            `json:"lang"`
	// Analysis is the engine's analysis on screen.
	Analysis *struct {
		Position string `json:"position"`
		Problem  string `json:"problem"`
		Depth    int    `json:"depth"`
		Nodes    int    `json:"nodes"`
		Best     string `json:"best"`
	} `json:"analysis"`
}

// tab is one browser tab on the page.
type tab struct {
	t     testing.TB
	ctx   context.Context
	close context.CancelFunc // closes the tab
}

// open opens a tab on the page at path (such as "/?replay=...") and
// waits for its first frame; before runs first, before the page loads.
func open(t testing.TB, path string, before ...chromedp.Action[chromedp.Void]) *tab {
	t.Helper()
	if page.skip != "" {
		t.Skip(page.skip)
	}
	tabCtx, closeTab := chromedp.NewContext(page.browser)
	t.Cleanup(closeTab)
	ctx, cancel := context.WithTimeout(tabCtx, 2*time.Minute)
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, close: closeTab}
	tb.run(before...)
	tb.run(chromedp.EmulateViewport(pageW, pageH), chromedp.Navigate(page.url+path))
	tb.until("the first frame", 60*time.Second, func(s status) bool { return s.Frame > 0 })
	return tb
}

func (tb *tab) run(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatalf("the browser: %v", err)
	}
}

// eval evaluates a JavaScript expression on the page.
func eval[T any](tb *tab, expr string, opts ...chromedp.EvaluateOption) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, opts...))
	if err != nil {
		tb.t.Fatalf("the browser: %s: %v", expr, err)
	}
	return v
}

// status asks the page what it shows.
func (tb *tab) status() status {
	tb.t.Helper()
	raw := eval[string](tb, `typeof arenaStatus === "function" ? arenaStatus() : "{}"`)
	var s status
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		tb.t.Fatalf("arenaStatus(): %v: %q", err, raw)
	}
	return s
}

// until waits for the page's status to satisfy ok.
func (tb *tab) until(what string, wait time.Duration, ok func(status) bool) status {
	tb.t.Helper()
	deadline := time.Now().Add(wait)
	for {
		s := tb.status()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("waiting %v for %s: the page shows %+v", wait, what, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// held keeps a key or a button down for two of the page's frames: a
// person's press lasts a few, and a press and release between two frames
// (slow ones, in software WebGL) is not seen.
func (tb *tab) held() {
	tb.t.Helper()
	eval[chromedp.Void](tb, `new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))`, chromedp.EvalAwaitPromise)
}

// keys presses keys, one after another.
func (tb *tab) keys(keys ...string) {
	tb.t.Helper()
	for _, k := range keys {
		for _, r := range k {
			for _, ev := range kb.Encode(r) {
				if ev.Type == input.DispatchKeyEventTypeKeyUp {
					tb.held()
				}
				tb.run(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
					_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *ev)
					return err
				}))
			}
		}
		tb.held()
	}
}

// ctrl presses Ctrl and a key with it: key as the event names it ("v"),
// its code ("KeyV") and its virtual key code (86).
func (tb *tab) ctrl(key, code string, vk int64) {
	tb.t.Helper()
	send := func(ev *input.DispatchKeyEventParams) {
		tb.run(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *ev)
			return err
		}))
	}
	send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17, Modifiers: 2})
	tb.held()
	send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: key, Code: code, WindowsVirtualKeyCode: vk, Modifiers: 2})
	tb.held()
	send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: key, Code: code, WindowsVirtualKeyCode: vk, Modifiers: 2})
	send(&input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: "Control", Code: "ControlLeft", WindowsVirtualKeyCode: 17})
	tb.held()
}

// click clicks the page at (x, y).
func (tb *tab) click(x, y float64) {
	tb.t.Helper()
	tb.run(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	tb.held()
	tb.run(chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	tb.held()
	tb.run(chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	tb.held()
}

// screenshot is the page as the browser shows it.
func (tb *tab) screenshot() *image.RGBA {
	tb.t.Helper()
	buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatalf("the browser: a screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		tb.t.Fatalf("the screenshot: %v", err)
	}
	return toRGBA(img)
}

// frameTime is the time between the page's frames, averaged over d, in
// milliseconds.
func (tb *tab) frameTime(d time.Duration) float64 {
	tb.t.Helper()
	return eval[float64](tb, fmt.Sprintf(`new Promise(done => {
		let n = 0, t0 = -1;
		const tick = t => {
			if (t0 < 0) t0 = t; else n++;
			if (t - t0 < %d) requestAnimationFrame(tick); else done((t - t0) / n);
		};
		requestAnimationFrame(tick);
	})`, d.Milliseconds()), chromedp.EvalAwaitPromise)
}

func toRGBA(img image.Image) *image.RGBA {
	if r, ok := img.(*image.RGBA); ok {
		return r
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(x, y, img.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

// fixture is a shared fixture's path under /fixtures/; without the
// fixtures the test skips, except under CI=true.
func fixture(t testing.TB, name string) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(fixtures, name)); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the fixture %s: %v", name, err)
		}
		t.Skipf("the fixture %s is not here (%v)", name, err)
	}
	return "/fixtures/" + name
}

// setUploadFiles chooses files in the file input that sel finds.
func setUploadFiles(sel string, files ...string) chromedp.Action[chromedp.Void] {
	return chromedp.SetUploadFiles(chromedp.CSS(sel), files)
}

// contextFor is a context for a test's requests.
func contextFor(t testing.TB, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}
