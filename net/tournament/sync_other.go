//go:build !linux

package tournament

import "os"

// syncFiles makes files, written in the folder dir, durable, syncing them
// together: the file system writes them in one go.
func syncFiles(_ string, files []*os.File) error {
	errs := make(chan error, len(files))
	sem := make(chan struct{}, 16)
	for _, f := range files {
		sem <- struct{}{}
		go func() {
			errs <- f.Sync()
			<-sem
		}()
	}
	var first error
	for range files {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}
