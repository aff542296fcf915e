// Package rendertest runs drawing tests inside Ebitengine's game loop, and
// compares pictures with golden PNGs.
package rendertest

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// update rewrites the golden PNGs instead of comparing with them.
var update = flag.Bool("update", false, "rewrite the golden PNGs")

// loop runs the tests inside its Update. They run on a goroutine of their
// own while Update waits for them, so that EndFrame can let the frame end
// and carry on in the next one's Update.
type loop struct {
	m       *testing.M
	code    int
	started bool
	// ended carries a test's request to end the frame, and is closed when
	// the tests are done; next lets the tests go on in the next frame.
	ended chan struct{}
	next  chan struct{}
}

// running is the loop the tests run in, nil outside Main.
var running *loop

func (l *loop) Update() error {
	if !l.started {
		l.started = true
		go func() {
			l.code = l.m.Run()
			close(l.ended)
		}()
	} else {
		l.next <- struct{}{}
	}
	if _, ok := <-l.ended; !ok {
		return ebiten.Termination
	}
	return nil
}

func (l *loop) Draw(*ebiten.Image) {}

func (l *loop) Layout(int, int) (int, int) { return 320, 240 }

// EndFrame ends the game loop's frame, as a game's frames end (Ebitengine
// then sends what was drawn to the GPU and lets go of the frame's
// buffers), and returns inside the next frame's Update. It must run in a
// test that Main runs.
func EndFrame() {
	running.ended <- struct{}{}
	<-running.next
}

// Main runs a package's tests inside the game loop, as drawing needs (the
// pattern of Ebitengine's own tests). Without a display it skips them, or
// fails under CI=true. The tests get a temporary folder of their own,
// removed after them: what a scene writes there (the demo's replays, a
// live match's) is not left in the machine's.
func Main(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "drawing tests need a display: run them under xvfb-run (make test does)")
			os.Exit(1)
		}
		fmt.Fprintln(os.Stderr, "skipping drawing tests: no display (run under xvfb-run)")
		os.Exit(0)
	}
	tmp, err := os.MkdirTemp("", "arena-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("TMPDIR", tmp)
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("Arena tests")
	// A frame the tests end waits for the next tick, not for the screen.
	ebiten.SetVsyncEnabled(false)
	l := &loop{m: m, ended: make(chan struct{}), next: make(chan struct{})}
	running = l
	if err := ebiten.RunGame(l); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "game loop:", err)
		l.code = 1
	}
	os.RemoveAll(tmp)
	os.Exit(l.code)
}

// Pixels reads an image back from the GPU.
func Pixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// ReadPNG reads a PNG, such as a screenshot, as RGBA.
func ReadPNG(t testing.TB, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// Golden compares got with the PNG testdata/name, allowing the small
// differences of anti-aliasing between GL drivers; with -update it writes
// the PNG instead. A mismatch writes got beside it as name.got.png.
func Golden(t testing.TB, got *image.RGBA, name string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		writePNG(t, path, got)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run the test with -update to create it)", path, err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("golden %s: %v", path, err)
	}
	if diff, bad := Compare(got, want); diff > 2 || bad > 0.01 {
		writePNG(t, path+".got.png", got)
		t.Errorf("%s differs: mean difference %.2f per channel, %.2f%% of pixels far off; see %s.got.png", path, diff, bad*100, path)
	}
}

// Compare returns the mean absolute difference per channel (0..255) and the
// share of pixels that differ by more than 48 in some channel.
func Compare(a *image.RGBA, b image.Image) (mean, far float64) {
	if a.Bounds().Size() != b.Bounds().Size() {
		return math.Inf(1), 1
	}
	var sum, n, bad float64
	bb := b.Bounds()
	for y := 0; y < a.Bounds().Dy(); y++ {
		for x := 0; x < a.Bounds().Dx(); x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			worst := 0.0
			for _, d := range []float64{diff(r1, r2), diff(g1, g2), diff(b1, b2), diff(a1, a2)} {
				sum += d
				worst = math.Max(worst, d)
			}
			n += 4
			if worst > 48 {
				bad++
			}
		}
	}
	return sum / n, bad / (n / 4)
}

// PaintedOutside counts the pixels of img outside area that are not
// transparent: a view must not draw outside its area.
func PaintedOutside(img *image.RGBA, area image.Rectangle) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !image.Pt(x, y).In(area) && img.RGBAAt(x, y).A != 0 {
				n++
			}
		}
	}
	return n
}

func diff(a, b uint32) float64 { return math.Abs(float64(a>>8) - float64(b>>8)) }

func writePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// BenchGame times view drawing a game's frames in turn at 1280x800, each
// step half-way through its animation as often as settled, as a replay
// plays: BenchFrames of the view's Update and Draw.
func BenchGame(b *testing.B, view render.View, frames []game.Frame) {
	dst := ebiten.NewImage(1280, 800)
	view.Layout(image.Rect(0, 0, 1280, 800), 1)
	m := &render.Moment{Clock: 2}
	BenchFrames(b, dst, func(i int) {
		k := 1 + i%(len(frames)-1)
		m.Prev, m.Cur, m.T = frames[k-1], frames[k], float64(i%30)/30
		m.Clock += 1.0 / 60
		view.Update(m)
		view.Draw(dst, m)
	})
}

// BenchFrames times frame(i) for b.N frames as the game loop would run them:
// between frames, outside the timer, the game loop's frame ends (EndFrame)
// and what was drawn is waited for (by reading one pixel back), so that
// the GPU's work, which runs beside the game on a software renderer, is
// not timed nor counted. It reports the CPU time per frame in ms/frame.
func BenchFrames(b *testing.B, dst *ebiten.Image, frame func(i int)) {
	b.ReportAllocs()
	px := make([]byte, 4)
	flush := dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		frame(i)
		total += time.Since(start)
		b.StopTimer()
		EndFrame()
		flush.ReadPixels(px)
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/frame")
}

// DrawCommands runs frame, which draws into dst, and returns how many draw
// commands the GPU received for it. It needs Ebitengine's ebitenginedebug
// build tag, which logs every command (see drawcount_debug.go); without it,
// ok is false.
func DrawCommands(dst *ebiten.Image, frame func()) (n int, ok bool) {
	return countCommands(dst, frame)
}

// Press is the pointer of a tick in which keys were pressed while a person
// enters a move on view, as the viewer gives it: the actions of the view's
// Moving bindings on those keys.
func Press(view render.View, keys ...ebiten.Key) render.Pointer {
	p := render.Pointer{AnyKey: len(keys) > 0}
	if c, ok := view.(render.Controlled); ok {
		p.Acts = render.Acts(nil, c.Bindings(), render.Moving, keys)
	}
	return p
}
