//go:build !js

// Package tournamenttest plays small tournaments for other packages'
// tests.
package tournamenttest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	tnet "github.com/arena-games/arena/net/tournament"
)

// Cup plays a Santorini tournament named name between two bots, "deep"
// (alphabeta:2) and "shallow" (minimax:1), in format with games a
// pairing, into the folder out.
func Cup(t testing.TB, out, name, format string, games int) {
	t.Helper()
	spec := filepath.Join(t.TempDir(), "cup.toml")
	require.NoError(t, os.WriteFile(spec, fmt.Appendf(nil, `title = "santorini"
name = %q
format = %q
games = %d
[[entrant]]
name = "deep"
seat = "alphabeta:2"
[[entrant]]
name = "shallow"
seat = "minimax:1"
`, name, format, games), 0o644))
	s, err := tnet.ReadSpec(spec)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err = tnet.Run(ctx, s, tnet.Options{Dir: out, Workers: 2})
	require.NoError(t, err)
}
