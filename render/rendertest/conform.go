package rendertest

import (
	"cmp"
	"fmt"
	"image"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// Sizes are the window sizes the project tests views at: a small laptop,
// the default window, full HD and 4K.
var Sizes = []image.Point{{800, 600}, {1280, 800}, {1920, 1080}, {3840, 2160}}

// strides are how far apart the frames Conform draws at each size are:
// every frame up to the default window; beyond it, where a software
// renderer (the tests' Mesa) spends most, every second and every sixth,
// with the first, the middle and the last.
var strides = map[image.Point]int{{1920, 1080}: 2, {3840, 2160}: 6}

// steps are the points of a step's animation Conform draws each frame at,
// from its start to settled.
var steps = [...]float64{0, 0.2, 0.45, 0.7, 1}

// Conform checks the drawing contract of a view with frames of its title,
// a game's in their order, at every size of Sizes: each frame, at the
// moments of the step that leads to it (settled, with the next frame as
// what is known of it), draws again without allocating once it has been
// drawn (the steady state of a game loop, which draws a frame many
// times), and nothing is drawn outside the area the view was laid out in.
// The area is where the viewer puts the board, with room on every side.
//
// What Ebitengine's own command queue, atlases and pools allocate as they
// grow to what the frames need is not the view's and is left out; every
// other allocation, the view's or one it causes in Ebitengine's drawing
// calls, fails the test, with the place where it is made.
func Conform(t *testing.T, view render.View, frames []game.Frame) {
	t.Helper()
	if len(frames) == 0 {
		t.Fatal("Conform needs frames")
	}
	for _, size := range Sizes {
		t.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(t *testing.T) {
			conformAt(t, view, frames, size)
		})
	}
}

// conformAt is Conform at one window size. A frame is drawn again at the
// start of a frame of the game loop, as a game draws it; the collector is
// held meanwhile, since it empties the pools Ebitengine draws with.
func conformAt(t *testing.T, view render.View, frames []game.Frame, size image.Point) {
	scale := max(0.5, min(float64(size.X)/1280, float64(size.Y)/800))
	area := image.Rect(int(16*scale), int(72*scale), size.X-int(392*scale), size.Y-int(104*scale))
	dst := ebiten.NewImage(size.X, size.Y)
	defer dst.Deallocate()
	picture := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
	view.Layout(area, scale)
	m := &render.Moment{Clock: 1}
	// Where the area's edge is checked: the first, middle and last frames,
	// half-way and settled.
	checked := map[int]bool{1: true, len(frames) / 2: true, len(frames) - 1: true}
	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 0
	defer func() { runtime.MemProfileRate = rate }()
	before := allocationSites()
	gc := debug.SetGCPercent(-1)
	stride := max(1, strides[size])
	for i := range frames {
		if i%stride != 0 && !checked[i] {
			continue
		}
		m.Prev, m.Cur = frames[max(0, i-1)], frames[i]
		// Settled, a frame shows what is known of the next one, as the
		// viewer shows a computer's notes.
		next := func(tt float64) *game.Frame {
			if tt == 1 && i+1 < len(frames) {
				return &frames[i+1]
			}
			return nil
		}
		// The warm-up: what a new frame works out once, and the buffers
		// that grow to the most it draws.
		for _, tt := range steps {
			m.T, m.Next = tt, next(tt)
			m.Clock += 1.0 / 60
			view.Update(m)
			view.Draw(dst, m)
		}
		EndFrame()
		for _, tt := range steps {
			m.T, m.Next = tt, next(tt)
			m.Clock += 1.0 / 60
			edge := checked[i] && (tt == 0.45 || tt == 1)
			if edge {
				dst.Clear()
			}
			runtime.MemProfileRate = 1
			drawAgain(view, dst, m)
			runtime.MemProfileRate = 0
			if edge {
				dst.ReadPixels(picture.Pix)
				if n := PaintedOutside(picture, area); n > 0 {
					t.Errorf("frame %d at t=%.2f: %d pixels drawn outside the area %v", i, tt, n, area)
				}
			}
		}
	}
	debug.SetGCPercent(gc)
	views, ebitens := 0, 0
	for _, s := range newAllocations(before, allocationSites()) {
		switch {
		case !s.measured:
			continue // another goroutine's, or before the first frame measured
		case s.ebitengine:
			ebitens += s.n
		default:
			views += s.n
			t.Errorf("%d allocations drawing frames again, at %s", s.n, s.where)
		}
	}
	t.Logf("frames drawn again at %d moments each: %d allocations of the view, %d of Ebitengine's own", len(steps), views, ebitens)
}

// drawAgain steps view to m and draws it: a frame Conform measures.
//
//go:noinline
func drawAgain(view render.View, dst *ebiten.Image, m *render.Moment) {
	view.Update(m)
	view.Draw(dst, m)
}

// site is a place where allocations were made.
type site struct {
	where string
	n     int
	// ebitengine is set for Ebitengine's command queue and atlases;
	// measured for the allocations of a frame Conform measures.
	ebitengine, measured bool
}

// allocationSites are the objects allocated so far by stack, as the memory
// profile knows them after a collection has published them.
func allocationSites() map[[32]uintptr]int64 {
	runtime.GC()
	runtime.GC()
	var rs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, true)
	for {
		rs = make([]runtime.MemProfileRecord, n+64)
		var ok bool
		if n, ok = runtime.MemProfile(rs, true); ok {
			break
		}
	}
	out := make(map[[32]uintptr]int64, n)
	for _, r := range rs[:n] {
		out[r.Stack0] += r.AllocObjects
	}
	return out
}

// newAllocations are the places of the allocations made between two
// snapshots, the most first.
func newAllocations(before, after map[[32]uintptr]int64) []site {
	var out []site
	for stack, n := range after {
		if d := n - before[stack]; d > 0 {
			where, ebitengine, measured := place(stack)
			out = append(out, site{where: where, n: int(d), ebitengine: ebitengine, measured: measured})
		}
	}
	slices.SortFunc(out, func(a, b site) int { return cmp.Compare(b.n, a.n) })
	return out
}

// place names where the allocation of stack was made: the first frames
// outside the runtime. ebitengine is set when the allocation is
// Ebitengine's own bookkeeping, in its internal packages or a pool that
// fills again; measured when it was made drawing a frame Conform
// measures.
func place(stack [32]uintptr) (where string, ebitengine, measured bool) {
	frames := runtime.CallersFrames(stack[:])
	var names []string
	for {
		f, more := frames.Next()
		switch {
		case strings.HasSuffix(f.Function, "rendertest.drawAgain"):
			measured = true
		case strings.HasPrefix(f.Function, "sync.(*Pool)."):
			// A pool that the goroutine finds empty on the processor it
			// runs on now fills again, or grows.
			ebitengine = true
		case f.Function == "" || strings.HasPrefix(f.Function, "runtime."):
		case len(names) == 0:
			ebitengine = strings.HasPrefix(f.Function, "github.com/hajimehoshi/ebiten/v2/internal/")
			fallthrough
		case len(names) < 4:
			names = append(names, fmt.Sprintf("%s (%s:%d)", f.Function, f.File, f.Line))
		}
		if !more {
			break
		}
	}
	return strings.Join(names, " < "), ebitengine, measured
}
