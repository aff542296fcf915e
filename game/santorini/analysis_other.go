//go:build !js

package santorini

// pauseForPage is needed only in a browser: elsewhere the search runs on
// its own thread.
func pauseForPage() {}
