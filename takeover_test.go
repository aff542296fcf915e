//go:build !js

package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// TestTakeOverInTheWindow takes over a replay in the real window, twice:
// `arena play --from REPLAY --turn N` with two computers that play on,
// and T in the viewer of `arena replay` at a turn, whose match
// starts with a person to move; each replay names its origin.
func TestTakeOverInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", dir)
	orig := filepath.Join(dir, "game.arena")
	code, _, stderr := arena("run", "santorini", "--seats", "alphabeta:2,minimax:1", "--seed", "3", "--out", orig)
	require.Equal(t, 0, code, stderr)
	first, err := game.OpenFile(orig)
	require.NoError(t, err)

	out := filepath.Join(dir, "play.arena")
	w := openWindow(t, bin, "play", "santorini", "--from", orig, "--turn", "8", "--seats", "minimax:1,minimax:1", "--watch", "run", "--out", out)
	tl := waitForReplay(t, out, "the match to play on", func(tl *game.Timeline) bool { return tl.Len() > 10 })
	for i := 1; i <= 8; i++ {
		require.Equal(t, first.Timeline.Frame(i).Moves, tl.Frame(i).Moves, "step %d", i)
	}
	w.screenshot(shotPath(t, "e2e-takeover-play.png"))
	w.quit()
	rec, err := game.OpenFile(out)
	require.NoError(t, err)
	require.Equal(t, &game.Origin{Replay: orig, Turn: 8}, rec.Header.Origin)

	w = openWindow(t, bin, "replay", orig, "--turn", "5")
	w.key("t")
	time.Sleep(300 * time.Millisecond)
	w.screenshot(shotPath(t, "e2e-takeover-choice.png"))
	w.key("Return") // the focus is on Play from here
	var live []string
	require.Eventually(t, func() bool {
		live, _ = filepath.Glob(filepath.Join(dir, "arena", "replays", "santorini-*.arena*"))
		return len(live) == 1
	}, 10*time.Second, 100*time.Millisecond, "the match starts, its replay in the replay folder")
	time.Sleep(500 * time.Millisecond)
	w.screenshot(shotPath(t, "e2e-takeover-match.png"))
	w.quit()
	replays, _ := filepath.Glob(filepath.Join(dir, "arena", "replays", "santorini-*.arena"))
	require.Len(t, replays, 1)
	rec, err = game.OpenFile(replays[0])
	require.NoError(t, err)
	require.Equal(t, &game.Origin{Replay: orig, Turn: 5}, rec.Header.Origin)
	require.Equal(t, 5, rec.Timeline.Len()-1, "the person to move has not moved")
	require.Equal(t, "human", rec.Header.Seats[first.Timeline.Frame(5).ToMove[0]])
}
