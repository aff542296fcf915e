//go:build !js

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/internal/titles/views"
	"github.com/arena-games/arena/render"
)

// The arena binary, built once for the tests that run it as a child process.
var (
	binOnce sync.Once
	binDir  string
	binPath string
	binErr  error
)

// TestMain installs what arena plays and draws, as main does, for the
// tests that run the command line in this process.
func TestMain(m *testing.M) {
	game.Install(titles.Catalog())
	render.Install(views.Drawn()...)
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// arenaBinary builds the arena binary once (go build -o DIR/arena .).
func arenaBinary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "arena-bin-")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "arena")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = &buildError{err, string(out)}
		}
	})
	require.NoError(t, binErr)
	return binPath
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

// Arena against Arena over the engine protocol: the real binary as the
// engine seat, placing its own workers, through the command line.
func TestEngineVersusEngine(t *testing.T) {
	bin := arenaBinary(t)
	for _, seats := range []string{
		"engine:100ms:" + bin + " santorini engine,competitive:100ms",
		"competitive:50ms,engine:50ms:" + bin + " santorini engine",
		"engine:50ms:\"" + bin + "\" santorini engine,engine:50ms:" + bin + " santorini engine",
	} {
		dir := t.TempDir()
		out := filepath.Join(dir, "m.arena")
		code, stdout, stderr := arena("run", "santorini", "--seats", seats, "--out", out)
		require.Equal(t, 0, code, stderr)
		require.NotContains(t, stderr, "forfeit", seats)
		var sum game.Summary
		require.NoError(t, json.Unmarshal([]byte(stdout), &sum))
		require.Contains(t, []int{1, 2}, sum.Winner)
		require.Contains(t, []string{"level3", "nomoves"}, sum.Reason, "played to the end, no forfeit: %s", seats)
		moves, err := os.ReadFile(filepath.Join(dir, "m.txt"))
		require.NoError(t, err)
		g, err := santorini.ReadMoveFile("m.txt", moves)
		require.NoError(t, err)
		require.Len(t, g.Turns, sum.Turns)
		require.True(t, g.Turns[0].Place && g.Turns[1].Place, "both sides placed")
		t.Logf("%s: P%d wins by %s after %d turns", seats, sum.Winner, sum.Reason, sum.Turns)
	}
}

// A gauntlet against an external engine, from an openings file, stopped by
// the sequential test.
func TestSantoriniMatchAgainstAnEngine(t *testing.T) {
	bin := arenaBinary(t)
	file := filepath.Join(t.TempDir(), "openings.txt")
	require.NoError(t, os.WriteFile(file, []byte("# two openings\n0000000000000000000000000/1/C3,B2/B3,D2\n\n0000000000000000000000000/1/C2,C4/B3,D3\n"), 0o644))
	code, stdout, stderr := arena("santorini", "match", "--a", "alphabeta:3", "--b", "engine:20ms:"+bin+" santorini engine",
		"--games", "8", "--openings", file, "--sprt", "-50,50", "--alpha", "0.3", "--beta", "0.3")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "from 2 openings")
	require.Regexp(t, `sprt: elo0 -50, elo1 50, alpha 0.3, beta 0.3: LLR -?\d+\.\d+ \(bounds -0\.85, 0\.85\): `, stdout)
	require.Regexp(t, `forfeits: A 0, B 0; slowest move: A \d+\.\d ms, B \d+\.\d ms \(a game's first: A \d+\.\d ms, B \d+\.\d ms\)`, stdout)
	require.Regexp(t, `late: A no time per move, B \d+ of \d+ moves over 40\.0 ms`, stdout)
	m := regexp.MustCompile(`result: .*: (\d+) games`).FindStringSubmatch(stdout)
	require.NotNil(t, m, stdout)
	n, _ := strconv.Atoi(m[1])
	require.LessOrEqual(t, n, 8)
	if n < 8 {
		require.Regexp(t, `H[01] accepted`, stdout, "it stopped early only on a decision")
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("0000000000000000000000000/1/C3,B2/B3,D2\n0002000042000004300004000/2/C3,C1/A1,E5\n"), 0o644))
	code, _, stderr = arena("santorini", "match", "--a", "alphabeta:1", "--b", "alphabeta:1", "--openings", bad)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "bad.txt:2: ")
	require.Contains(t, stderr, "an opening is in the placement or in play")
}
