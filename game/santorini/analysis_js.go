//go:build js

package santorini

import "time"

// pageBusy is when the analysis last let the page run.
var pageBusy time.Time

// pauseForPage lets the page draw: a browser runs Go on one thread without
// preemption, so a search that never blocks would freeze it. Every 15 ms of
// search it sleeps 1 ms, which returns to the page's event loop.
func pauseForPage() {
	if now := time.Now(); now.Sub(pageBusy) >= 15*time.Millisecond {
		time.Sleep(time.Millisecond)
		pageBusy = time.Now()
	}
}
