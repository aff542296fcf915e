//go:build !js

package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tournament commands' errors: a bad spec names its line and column
// and writes nothing; a missing command, folder or NATS address is said.
func TestTournamentCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	require.NoError(t, os.WriteFile(bad, []byte("title = \"alienwarz\"\ngames = \"two\"\n"), 0o644))
	code, _, stderr := arena("tournament", "run", bad, "--out", filepath.Join(dir, "out"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "bad.toml:2:9: games: expected a whole number of games, got a TOML string")
	require.NoDirExists(t, filepath.Join(dir, "out"), "nothing is written for a bad spec")
	code, _, stderr = arena("tournament")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "expected run SPEC, status DIR, worker --nats URL or show DIR|URL")
	code, _, stderr = arena("tournament", "status", filepath.Join(dir, "none"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "holds no tournament (no tournament.json)")
	code, _, stderr = arena("tournament", "worker")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "expected: arena tournament worker --nats URL")
	code, out, _ := arena("tournament", "run", "--help")
	require.Equal(t, 0, code)
	_ = out
}
