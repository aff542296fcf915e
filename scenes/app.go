// Package scenes is Arena's window: the scene stack and the scenes (menu,
// match set-up, viewer, pause, results, help) and the input they share.
package scenes

import (
	"log/slog"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// A Scene is one screen of Arena.
type Scene interface {
	Update(a *App) error
	Draw(dst *ebiten.Image, a *App)
}

// An Overlay is a scene drawn over the scene below it, such as the pause menu.
type Overlay interface {
	Scene
	overlay()
}

// fadeTime is the length of a cross-fade between scenes, in seconds.
const fadeTime = 0.25

// App is the window: a stack of scenes, the input of this tick and the
// screen's size and scale. It implements ebiten.Game.
type App struct {
	stack []Scene
	In    Input
	W, H  int
	// Scale is the size of the interface relative to a 1280x800 window.
	Scale float64
	// Clock is seconds since the window opened.
	Clock float64
	// ReplayDir is where the matches played in the window keep their
	// replays and move files.
	ReplayDir string
	// OnFirstFrame, when set, is called after the first frame is drawn.
	OnFirstFrame func()
	// Speed is the playback speed people chose last (a factor of 1x), kept
	// from game to game of a show; 0 until they choose one.
	Speed float64
	// UIScale is the interface's size on top of the window's: larger on a
	// big screen seen from afar (the settings set it).
	UIScale float64
	// Plain draws the backdrop flat, without its lights: films (GIFs)
	// draw faster and compress better.
	Plain bool
	// Lang is the language the command line or the page's address chose
	// for this run; "" leaves Settings' choice, else the system's.
	Lang lang.Tag

	fade     *ebiten.Image // the screen as it was when a transition began
	fadeLeft float64
	toast    string
	toastAt  float64
	drawn    bool
	quit     atomic.Bool // set by Quit, from any goroutine
	later    chan func(*App)
}

// NewApp starts the window on scene first.
func NewApp(first Scene) *App {
	return &App{stack: []Scene{first}, W: 1280, H: 800, Scale: 1, UIScale: 1, ReplayDir: DefaultReplayDir(),
		later: make(chan func(*App), 16)}
}

// Later runs f on the window's goroutine at its next tick: for what other
// goroutines (a download, the browser's events) bring to the window. It
// waits while 16 others wait.
func (a *App) Later(f func(*App)) { a.later <- f }

// runLater runs what Later queued.
func (a *App) runLater() {
	for {
		select {
		case f := <-a.later:
			f(a)
		default:
			return
		}
	}
}

// DefaultReplayDir is where Arena keeps the replays of matches played in
// the window: $XDG_DATA_HOME/arena/replays, or ~/.local/share/arena/replays.
func DefaultReplayDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "arena", "replays")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "arena", "replays")
	}
	return "replays"
}

// Top is the scene on top of the stack.
func (a *App) Top() Scene { return a.stack[len(a.stack)-1] }

// Push opens s over the current scene; overlays open without a fade.
func (a *App) Push(s Scene) {
	if _, ok := s.(Overlay); !ok {
		a.startFade()
	}
	a.stack = append(a.stack, s)
}

// Pop closes the top scene.
func (a *App) Pop() {
	if len(a.stack) == 1 {
		return
	}
	if _, ok := a.Top().(Overlay); !ok {
		a.startFade()
	}
	a.closeScene(a.Top())
	a.stack = a.stack[:len(a.stack)-1]
}

// Replace swaps the top scene for s.
func (a *App) Replace(s Scene) {
	a.startFade()
	a.closeScene(a.Top())
	a.stack[len(a.stack)-1] = s
}

// Reset closes every scene and starts again from s.
func (a *App) Reset(s Scene) {
	a.startFade()
	for _, sc := range a.stack {
		a.closeScene(sc)
	}
	a.stack = []Scene{s}
}

// Open shows a replay (or an original game's file) in a viewer over the
// current scene, or says why it cannot. It reports whether it opened.
func (a *App) Open(path string) bool {
	v, err := OpenReplay(path)
	if err != nil {
		a.Toast("%v", err)
		return false
	}
	a.Push(v)
	return true
}

// Quit ends the program after this tick.
func (a *App) Quit() { a.quit.Store(true) }

// Toast shows a short message at the bottom of the window: format is
// English, said in the screens' language as lang.F says it.
func (a *App) Toast(format string, args ...any) {
	a.toast = lang.F(format, args...)
	a.toastAt = a.Clock
	slog.Info("toast", "message", a.toast)
}

// closeScene lets a scene that holds resources (a running match) end them.
func (a *App) closeScene(s Scene) {
	if c, ok := s.(interface{ Close() }); ok {
		c.Close()
	}
}

func (a *App) startFade() {
	if !a.drawn {
		return
	}
	if a.fade == nil || a.fade.Bounds().Dx() != a.W || a.fade.Bounds().Dy() != a.H {
		if a.fade != nil {
			a.fade.Deallocate()
		}
		a.fade = ebiten.NewImage(a.W, a.H)
	}
	a.fade.Clear()
	a.drawStack(a.fade)
	a.fadeLeft = fadeTime
}

// Update reads the input and runs one tick of the top scene.
func (a *App) Update() error {
	a.In.read()
	a.dropped() // platform_*.go
	a.runLater()
	if ebiten.IsWindowBeingClosed() {
		// Closing the window ends a running match cleanly: its replay and
		// move file are finished, not cut off.
		a.Quit()
	}
	return a.update()
}

// update runs one tick with the input as it is.
func (a *App) update() error {
	dt := 1.0 / float64(ebiten.TPS())
	a.Clock += dt
	a.fadeLeft = max(0, a.fadeLeft-dt)
	if a.In.Just(ActFullscreen) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	if a.quit.Load() {
		for _, s := range a.stack {
			a.closeScene(s)
		}
		return ebiten.Termination
	}
	if err := a.Top().Update(a); err != nil {
		return err
	}
	if a.quit.Load() {
		for _, s := range a.stack {
			a.closeScene(s)
		}
		return ebiten.Termination
	}
	return nil
}

// Draw draws the stack from its topmost full scene up, the fade and the toast.
func (a *App) Draw(screen *ebiten.Image) {
	a.drawStack(screen)
	if a.fadeLeft > 0 && a.fade != nil {
		t := a.fadeLeft / fadeTime
		render.Sprite(screen, a.fade, 0, 0, 1, 1, render.Fade(whiteColor, t*t))
	}
	a.drawToast(screen)
	if !a.drawn {
		a.drawn = true
		if a.OnFirstFrame != nil {
			a.OnFirstFrame()
		}
	}
}

func (a *App) drawStack(dst *ebiten.Image) {
	from := len(a.stack) - 1
	for from > 0 {
		if _, ok := a.stack[from].(Overlay); !ok {
			break
		}
		from--
	}
	for _, s := range a.stack[from:] {
		s.Draw(dst, a)
	}
}

func (a *App) drawToast(dst *ebiten.Image) {
	const shown = 4.0
	age := a.Clock - a.toastAt
	if a.toast == "" || age > shown {
		return
	}
	alpha := min(1, (shown-age)*2)
	s := a.Scale
	size := 17 * s
	w, _ := render.Measure(a.toast, render.Regular, size)
	w = min(w, float64(a.W)-80*s)
	text := render.Clip(a.toast, render.Regular, size, w)
	r := rectXYWH(float64(a.W)/2-w/2-18*s, float64(a.H)-140*s, w+36*s, 44*s)
	render.Shadow(dst, r, 12*s, 12*s, render.Fade(render.ShadowInk, alpha))
	render.Panel(dst, r, 12*s, render.Fade(toastBg, alpha))
	render.Text(dst, text, render.Regular, size, float64(a.W)/2, float64(r.Min.Y)+11*s, render.Fade(render.Ink, alpha), render.Center)
}

// Layout sizes the screen to the window in device pixels, so the interface
// stays sharp; the scenes scale with it.
func (a *App) Layout(w, h int) (int, int) {
	f := ebiten.Monitor().DeviceScaleFactor()
	a.W, a.H = max(1, int(float64(w)*f)), max(1, int(float64(h)*f))
	a.Scale = fitScale(a.W, a.H, a.UIScale)
	return a.W, a.H
}

// fitScale is the interface's scale in a w x h window: 1 at 1280x800,
// times the scale people chose, and never so large that a 1280x800 layout
// leaves the window.
func fitScale(w, h int, ui float64) float64 {
	fit := min(float64(w)/1280, float64(h)/800)
	if ui <= 0 {
		ui = 1
	}
	return max(0.5, min(fit*ui, fit*1.6))
}

// Run opens the window and runs the app until it quits. The screens speak
// the language the command line or the page's address chose (a.Lang), else
// the one kept in the settings, else the system's (the browser's, on a
// page).
func Run(a *App, title string) error {
	lang.Set(startLanguage()) // platform_*.go
	if err := LoadSettings(a, SettingsPath()); err != nil {
		slog.Warn("settings", "error", err)
	}
	if a.Lang != "" {
		lang.Set(a.Lang)
	}
	ebiten.SetWindowTitle(title)
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowSizeLimits(640, 400, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(true)
	ebiten.SetWindowClosingHandled(true)
	start := time.Now()
	first := a.OnFirstFrame
	a.OnFirstFrame = func() {
		slog.Debug("first frame", "after", time.Since(start))
		if first != nil {
			first()
		}
	}
	return ebiten.RunGame(a)
}
