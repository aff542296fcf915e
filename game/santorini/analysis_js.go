//go:build js

package santorini

import (
	"syscall/js"
	"time"
)

// The page's frames, as the analysis waits for them.
var (
	pageBusy  time.Time     // when the search last began to run
	slice     time.Duration // how long it runs before it lets the page draw
	lastFrame time.Time     // when the last frame it waited for began
	frameNow  chan struct{} // a frame began
	onFrame   js.Func       // requestAnimationFrame's callback: signals frameNow
)

// pauseForPage lets the page draw: a browser runs Go on one thread without
// preemption, so a search that never blocks would freeze it. After a
// slice of search it waits for the page's next frame (at most a second,
// for a hidden page, which draws none) and searches on from its start:
// the frame's own work, which takes several turns of the page's event
// loop, then runs without the search between them. The slice is a third
// of the page's own time between frames, 8 to 50 ms: 8 ms at 60 frames a
// second, more where drawing is slow (software WebGL), so that the search
// gets on there too. (Sleeping 1 ms every 15 ms let the search take a turn
// between each of the frame's: a frame took three times as long.)
func pauseForPage() {
	if time.Since(pageBusy) < slice {
		return
	}
	if frameNow == nil {
		frameNow = make(chan struct{}, 1)
		onFrame = js.FuncOf(func(js.Value, []js.Value) any {
			select {
			case frameNow <- struct{}{}:
			default:
			}
			return nil
		})
	}
	js.Global().Call("requestAnimationFrame", onFrame)
	select {
	case <-frameNow:
	case <-time.After(time.Second):
	}
	now := time.Now()
	if !lastFrame.IsZero() {
		slice = min(50*time.Millisecond, max(8*time.Millisecond, (now.Sub(lastFrame)-slice)/3))
	}
	lastFrame, pageBusy = now, now
}
