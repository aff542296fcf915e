//go:build !unix && !js

package tournament

import (
	"fmt"
	"io"
	"os"
)

// lockDir opens the lock file at path; this system gets no lock, so two
// runners on one folder are the user's to avoid.
func lockDir(path string) (io.Closer, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock the tournament's folder: %w", err)
	}
	return f, nil
}
