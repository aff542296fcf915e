//go:build !linux

package scenes

// residentMemory is unknown on this system.
func residentMemory() (int64, bool) { return 0, false }
