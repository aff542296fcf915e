package scenes

import (
	"os"
	"strconv"
	"strings"
)

// residentMemory is the process's resident memory in bytes, from /proc.
func residentMemory() (int64, bool) {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()), err == nil
}
