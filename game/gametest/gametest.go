// Package gametest helps the tests of Arena's games with the original
// systems' fixtures (../shared/fixtures): a test that needs one is skipped
// where they are absent, and fails under CI=true, where they must be.
package gametest

import (
	"os"
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
