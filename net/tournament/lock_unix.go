//go:build unix

package tournament

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// lockDir holds the lock file at path for as long as the process lives
// or until it is closed: a second runner on the same folder is refused.
func lockDir(path string) (io.Closer, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock the tournament's folder: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("another arena tournament run is using this folder (%s is locked)", path)
		}
		return nil, fmt.Errorf("lock the tournament's folder: %w", err)
	}
	return f, nil
}
