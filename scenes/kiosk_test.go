package scenes

import (
	"image"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// residentBytes is the process's resident memory, from /proc.
func residentBytes(tb testing.TB) float64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		tb.Skip("no /proc/self/statm on this system")
	}
	f := strings.Fields(string(data))
	pages, _ := strconv.ParseFloat(f[1], 64)
	return pages * float64(os.Getpagesize())
}

// BenchmarkKioskMemory plays a folder of replays of every game through the
// kiosk, title and result cards and all, drawing each tick at 640x400, and
// compares the memory after 100 games with the memory after 10: the kiosk
// runs for hours, its memory must stay flat (the target: within
// 10%).
func BenchmarkKioskMemory(b *testing.B) {
	dir := b.TempDir()
	for name, rec := range map[string]*game.Recording{
		"ants.arena":     aic21Game(b, 20),
		"maze.arena":     botMatchOn(b, "guardains", "maze:60x60", []string{"hunter", "explorer"}, map[string]string{"turns": "20"}),
		"ships.arena":    botMatch(b, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "5"}),
		"aliens.arena":   botMatch(b, "alienwarz", []string{"strategist", "miner"}, map[string]string{"turns": "20"}),
		"santorini.txt":  nil,
		"unreadable.bin": nil,
	} {
		path := filepath.Join(dir, name)
		switch {
		case rec != nil:
			require.NoError(b, game.Save(rec, path))
		case name == "santorini.txt":
			data, err := os.ReadFile(fixture)
			if err != nil {
				b.Skip("fixture missing")
			}
			require.NoError(b, os.WriteFile(path, data, 0o644))
		default:
			require.NoError(b, os.WriteFile(path, []byte("junk"), 0o644))
		}
	}
	for range b.N {
		show := NewKiosk(dir, true, 64, 1)
		a := newTestApp(show)
		a.W, a.H, a.Scale = 640, 400, fitScale(640, 400, 1)
		dst := ebiten.NewImage(a.W, a.H)
		measure := func(games int) (rss, heap float64) {
			for show.Games < games {
				require.NoError(b, a.update())
				a.In = Input{}
				// The cards' times pass at once: only the games play.
				if show.phase != showPlaying {
					show.since -= 100
				}
				a.Draw(dst)
				flush(dst)
			}
			runtime.GC()
			debug.FreeOSMemory()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			return residentBytes(b), float64(ms.HeapAlloc)
		}
		rss10, heap10 := measure(10)
		rss100, heap100 := measure(100)
		show.Close()
		dst.Deallocate()
		b.ReportMetric(rss10/1e6, "MB-rss-after-10")
		b.ReportMetric(rss100/1e6, "MB-rss-after-100")
		b.ReportMetric(rss100/rss10, "rss-100/10")
		b.ReportMetric(heap100/1e6, "MB-heap-after-100")
		b.ReportMetric(heap100/heap10, "heap-100/10")
	}
}

// flush makes the GPU do the frame's commands, as the end of a frame does.
func flush(dst *ebiten.Image) {
	px := make([]byte, 4)
	dst.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px)
}
