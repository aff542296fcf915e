// Package gametest helps the tests of Arena's games: Conform checks a
// title against the contract of a game (determinism, replays, seeking, what
// each seat sees, illegal moves); Play and SeatStreams play games between
// bots; and the original systems' fixtures (../shared/fixtures) are read
// so that a test that needs one is skipped where they are absent, and fails
// under CI=true, where they must be.
package gametest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"sort"
	"testing"
)

// Fixture reads the fixture file at path.
func Fixture(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		Missing(t, err)
	}
	return data
}

// Need skips (or, under CI, fails) the test when path does not exist.
func Need(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		Missing(t, err)
	}
}

// Missing ends the test for a fixture that could not be read.
func Missing(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("fixture missing under CI: %v", err)
	}
	t.Skipf("fixture absent (%v): skipping", err)
}

// TarGz reads the regular files of the fixture tar.gz at path: their
// names, sorted, and their contents by name.
func TarGz(t testing.TB, path string) ([]string, map[string]string) {
	t.Helper()
	gz, err := gzip.NewReader(bytes.NewReader(Fixture(t, path)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	tr := tar.NewReader(gz)
	files := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatalf("%s: %s: %v", path, h.Name, err)
		}
		files[h.Name] = string(data)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, files
}
