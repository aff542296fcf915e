package web_test

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"github.com/arena-games/arena/web"
)

// BenchmarkWasmSize reports the size of arena.wasm, raw and compressed as
// the server sends it.
func BenchmarkWasmSize(b *testing.B) {
	if page.skip != "" {
		b.Skip(page.skip)
	}
	for range b.N {
	}
	for _, f := range []struct{ name, unit string }{{web.Wasm, "MB-raw"}, {web.Wasm + ".gz", "MB-gzip"}, {web.Wasm + ".br", "MB-brotli"}} {
		st, err := os.Stat(filepath.Join(page.dir, f.name))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(st.Size())/1e6, f.unit)
	}
}

// BenchmarkFirstFrame loads the page in a new tab and reports the time
// from the page's start to the menu's first frame.
func BenchmarkFirstFrame(b *testing.B) {
	total := 0.0
	for range b.N {
		tb := open(b, "/")
		total += tb.status().Frame
		tb.close()
	}
	b.ReportMetric(total/float64(b.N), "ms-first-frame")
}

// BenchmarkViewerFrame plays AIC21's fixture game (its largest map) in the
// viewer and reports the time between the page's frames.
func BenchmarkViewerFrame(b *testing.B) {
	tb := open(b, "/?replay="+url.QueryEscape(fixture(b, "aic21/replays/map1_template_log.json.gz")))
	tb.until("the viewer", 30*time.Second, func(s status) bool { return s.Scene == "*scenes.Viewer" })
	tb.keys(kb.Home, " ")
	reportFrames(b, tb)
}

// reportFrames reports the tab's time between frames, a second after it
// settled.
func reportFrames(b *testing.B, tb *tab) {
	time.Sleep(time.Second)
	b.ResetTimer()
	total := 0.0
	for range b.N {
		total += tb.frameTime(2 * time.Second)
	}
	b.ReportMetric(total/float64(b.N), "ms/frame")
}

// BenchmarkMenuFrame reports the time between the page's frames on the
// menu: what software WebGL costs before any game is drawn, the measure
// the viewer's frame time is to be read against.
func BenchmarkMenuFrame(b *testing.B) {
	reportFrames(b, open(b, "/"))
}
