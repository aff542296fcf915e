package game

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// Outputs are the files one match writes (its replay, the move file beside
// it), each written as it goes under a temporary name beside its path. Close
// renames them to their paths together: always for a finished game; for an
// unfinished one (the match was left or interrupted) only when none of the
// paths holds a file yet. So an unfinished game never replaces a file, and a
// killed process leaves its files, readable, under their temporary names.
type Outputs struct {
	files    []output
	finished func() bool
}

type output struct {
	path, temp string
	end        func(commit bool) error
}

// Add adds a replay; the game counts as finished once its result is written.
func (o *Outputs) Add(w *ReplayWriter) {
	o.files = append(o.files, output{path: w.path(), temp: w.TempPath(), end: w.end})
	o.finished = w.Finished
}

// AddFile adds another file of the match.
func (o *Outputs) AddFile(f *AtomicFile) {
	o.files = append(o.files, output{path: f.Path(), temp: f.TempPath(), end: func(commit bool) error {
		if commit {
			return f.Commit()
		}
		return f.File.Close()
	}})
}

// Close ends every file and renames them to their paths, or keeps them under
// their temporary names, as the type's comment says; then the error is a
// *KeptError naming where they are.
func (o *Outputs) Close() error {
	commit := o.finished == nil || o.finished()
	if !commit {
		commit = true
		for _, f := range o.files {
			if _, err := os.Lstat(f.path); f.temp != "" && err == nil {
				commit = false
			}
		}
	}
	var errs []error
	kept := &KeptError{}
	for _, f := range o.files {
		if err := f.end(commit); err != nil {
			errs = append(errs, err)
		} else if !commit && f.temp != "" {
			kept.Paths = append(kept.Paths, f.path)
			kept.Temps = append(kept.Temps, f.temp)
		}
	}
	if len(kept.Paths) > 0 {
		errs = append(errs, kept)
	}
	return errors.Join(errs...)
}

// KeptError tells where an unfinished game's files were kept, because files
// were already at their paths.
type KeptError struct {
	Paths []string // where the files would have gone
	Temps []string // where they are
}

func (e *KeptError) Error() string {
	left := "are left as they were"
	if len(e.Paths) == 1 {
		left = "is left as it was"
	}
	return fmt.Sprintf("the game did not finish: what was played is kept in %s; %s %s",
		strings.Join(e.Temps, " and "), strings.Join(e.Paths, " and "), left)
}
