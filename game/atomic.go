package game

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// AtomicFile is an output file that appears at its path whole or not at
// all: it is written under a temporary name in the same folder and renamed
// over the path by Commit, after an fsync. Until then a file already at the
// path is untouched, so a killed or failed command never destroys it.
type AtomicFile struct {
	*os.File
	path string
	done bool
}

// CreateAtomic starts writing the file at path (creating its folder).
func CreateAtomic(path string) (*AtomicFile, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	f, err := os.CreateTemp(dir, base+".*.part")
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	// The file gets the mode of the one it replaces, else the usual one.
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		mode = st.Mode().Perm()
	}
	f.Chmod(mode)
	return &AtomicFile{File: f, path: path}, nil
}

// Path is where the file goes on Commit.
func (a *AtomicFile) Path() string { return a.path }

// TempPath is where the file is being written.
func (a *AtomicFile) TempPath() string { return filepath.Clean(a.File.Name()) }

// Commit syncs the file to disk, closes it and renames it to its path.
func (a *AtomicFile) Commit() error {
	if a.done {
		return fmt.Errorf("write %s: already finished", a.path)
	}
	a.done = true
	err := a.File.Sync()
	if cerr := a.File.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if st, serr := os.Stat(a.path); serr == nil && !st.Mode().IsRegular() {
			err = fmt.Errorf("%s is not a regular file", a.path)
		}
	}
	if err == nil {
		err = os.Rename(a.File.Name(), a.path)
	}
	if err != nil {
		os.Remove(a.File.Name())
		return fmt.Errorf("write %s: %w", a.path, err)
	}
	syncDir(filepath.Dir(a.path))
	return nil
}

// Abort closes and removes the temporary file; the path keeps what it had.
// It does nothing after Commit, so it can be deferred.
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	os.Remove(a.File.Name())
}

// WriteFileAtomic writes the file at path with write, atomically: on any
// error the path keeps what it had.
func WriteFileAtomic(path string, write func(w io.Writer) error) error {
	a, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	defer a.Abort()
	if err := write(a); err != nil {
		return err
	}
	return a.Commit()
}

// syncDir makes a rename in dir durable, where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// SameFile reports whether the paths a and b name the same file: the same
// path once cleaned, or, when both exist, the same file on disk (links).
func SameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == bb {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// ErrOutputIsInput is wrapped by the errors of CheckOutputs.
var ErrOutputIsInput = errors.New("an output would overwrite an input")

// NamedPath is a file a command reads or writes, with how the user named
// it ("--map", "the move file").
type NamedPath struct{ Name, Path string }

// CheckOutputs refuses outputs that would land on one of the inputs, before
// anything is written.
func CheckOutputs(inputs, outputs []NamedPath) error {
	for _, out := range outputs {
		for _, in := range inputs {
			if SameFile(out.Path, in.Path) {
				return fmt.Errorf("%w: %s %s is also %s; choose another output path", ErrOutputIsInput, out.Name, out.Path, in.Name)
			}
		}
	}
	return nil
}
