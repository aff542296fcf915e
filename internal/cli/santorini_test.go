//go:build !js

package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

func TestSantoriniPerft(t *testing.T) {
	code, stdout, stderr := arena("santorini", "perft", "0000000000000000000000000/1/C3,B2/C2,D2", "3")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, 2)
	require.Equal(t, "241902", lines[0], "the count alone on the first line")
	require.Regexp(t, `^time \d+ ms, \d+\.\d M leaves/s$`, lines[1])

	code, stdout, _ = arena("santorini", "perft", "0000000000000000000000000/1//", "2")
	require.Equal(t, 0, code)
	require.True(t, strings.HasPrefix(stdout, "75900\n"))

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"santorini"}, 2, "expected perft POSITION DEPTH, engine, bridge, match or train"},
		{[]string{"santorini", "castle"}, 2, `unknown command "castle" (known: perft, engine, bridge, match, train)`},
		{[]string{"santorini", "perft", "0000000000000000000000000/1//"}, 2, "expected perft POSITION DEPTH"},
		{[]string{"santorini", "perft", "123", "3"}, 1, `perft: position "123": want HEIGHTS/SIDE/P1/P2`},
		{[]string{"santorini", "perft", "0000000000000000000000000/1/C3,C3/B3,D2", "3"}, 1, "two workers on C3"},
		{[]string{"santorini", "perft", "0000000000000000000000000/1//", "x"}, 1, `perft: depth "x" is not a number 1..20`},
		{[]string{"santorini", "perft", "0000000000000000000000000/1//", "0"}, 1, `depth "0"`},
		{[]string{"santorini", "engine", "extra"}, 2, "engine takes no arguments"},
		{[]string{"santorini", "bridge"}, 2, "expected bridge COMMAND [ARG...]"},
		{[]string{"santorini", "bridge", "/nonexistent/uci"}, 1, `bridge: start "/nonexistent/uci"`},
		{[]string{"run", "santorini", "--seats", "engine,competitive:1s"}, 2, "engine needs its settings: engine:TIME:COMMAND"},
		{[]string{"run", "santorini", "--seats", "engine:100ms,competitive:1s"}, 1, `engine seat "engine:100ms": want engine:TIME:COMMAND`},
		{[]string{"run", "santorini", "--seats", "engine:soon:./x,competitive:1s"}, 1, `time "soon" is not a time per move`},
		{[]string{"run", "santorini", "--seats", "engine:1s:/nonexistent/engine,competitive:1s"}, 1, `start engine "/nonexistent/engine"`},
	} {
		code, _, stderr := arena(c.args...)
		require.Equal(t, c.code, code, "%v: %s", c.args, stderr)
		require.Contains(t, stderr, c.want, c.args)
	}
	code, stdout, _ = arena("help")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "arena santorini perft POSITION DEPTH")
	require.Contains(t, stdout, "arena santorini engine")
	require.Contains(t, stdout, "engine:TIME:COMMAND")
}

func TestSantoriniEngineCommand(t *testing.T) {
	stdin := strings.NewReader("position 0000000000000300002000000/1/D2,A1/E5,A5\nhello\ngo depth 1\nposition 0000000000000000000000000/1/C3,B2/C2,D2\nperft 3\n")
	code, stdout, stderr := arenaWith(context.Background(), stdin, "santorini", "engine")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	require.Len(t, lines, 4, stdout)
	require.Equal(t, `error unknown command "hello" (known: position, go, perft, stop, quit)`, lines[0])
	require.Regexp(t, `^info depth 1 score 999999 nodes \d+ nps \d+ pv D2>D3$`, lines[1])
	require.Equal(t, "bestmove D2 D3", lines[2])
	require.Regexp(t, `^perft 3 nodes 241902 time \d+ nps \d+$`, lines[3])

	// quit stops the search, which answers, and ends the engine.
	stdin = strings.NewReader("position 0000000000000000000000000/1/C3,B2/B3,D2\ngo depth 50\nquit\nperft 1\n")
	start := time.Now()
	code, stdout, stderr = arenaWith(context.Background(), stdin, "santorini", "engine")
	require.Equal(t, 0, code, stderr)
	require.Less(t, time.Since(start), 2*time.Second)
	require.Equal(t, 1, strings.Count(stdout, "bestmove "), stdout)
	require.NotContains(t, stdout, "perft")
}

// The engine seat's connector is in the catalogue that arena installs.
func TestEngineSeatIsKnown(t *testing.T) {
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	c, ok := game.FindConnector(title, "engine")
	require.True(t, ok)
	require.True(t, strings.HasPrefix(c.Usage, "engine:TIME:COMMAND"))
}

// Interrupted, `santorini train` writes the self-play games it finished to
// --data, trains nothing and exits 130; the next run reads them.
func TestSantoriniTrainInterrupted(t *testing.T) {
	dir := t.TempDir()
	data, out := filepath.Join(dir, "self-play.bin"), filepath.Join(dir, "nnue.bin")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	code, stdout, stderr := arenaWith(ctx, strings.NewReader(""), "santorini", "train", "--positions", "1000000000", "--nodes", "20",
		"--threads", "1", "--data", data, "--out", out)
	require.Equal(t, 130, code, stderr)
	require.Contains(t, stderr, "interrupted")
	require.Regexp(t, `data: wrote \d+ positions of \d+ games to `+regexp.QuoteMeta(data), stdout)
	require.NoFileExists(t, out)
	code, stdout, stderr = arena("santorini", "train", "--data", data, "--epochs", "1", "--hidden", "8", "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "data: read ")
	st, err := os.Stat(out)
	require.NoError(t, err)
	require.Positive(t, st.Size())
}
