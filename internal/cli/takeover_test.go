//go:build !js

package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// takeOverRuns are a short game of each title between computer players,
// and other players to take it over.
var takeOverRuns = []struct {
	id            string
	seats, others string
	turns         string
}{
	{"aibg5", "greedy,greedy,tactical,training", "training,tactical,greedy,greedy", "10"},
	{"alienwarz", "miner,strategist", "strategist,miner", "40"},
	{"guardains", "explorer,hunter", "hunter,explorer", "30"},
	{"aic21", "forager,colony", "colony,colony", "30"},
	{"santorini", "alphabeta:2,minimax:2", "minimax:1,alphabeta:3", ""},
}

// TestRunTakesOverAReplayAtATurn plays a game of each title, takes it over
// with other players from its middle turn and from its end, and checks
// the new replays: they open, name their origin (as info prints it), and
// their first steps are the original's.
func TestRunTakesOverAReplayAtATurn(t *testing.T) {
	for _, g := range takeOverRuns {
		t.Run(g.id, func(t *testing.T) {
			dir := t.TempDir()
			orig := filepath.Join(dir, "orig.arena")
			args := []string{"run", g.id, "--seats", g.seats, "--seed", "4", "--out", orig}
			if g.turns != "" {
				args = append(args, "--turns", g.turns)
			}
			code, _, stderr := arena(args...)
			require.Equal(t, 0, code, stderr)
			a, err := game.OpenFile(orig)
			require.NoError(t, err)
			n := a.Timeline.Len() - 1
			turn := n / 2

			out := filepath.Join(dir, "took.arena")
			code, stdout, stderr := arena("run", g.id, "--from", orig, "--turn", strconv.Itoa(turn), "--seats", g.others, "--out", out)
			require.Equal(t, 0, code, stderr)
			var sum game.Summary
			require.NoError(t, json.Unmarshal([]byte(stdout), &sum))
			require.Equal(t, &game.Origin{Replay: orig, Turn: turn}, sum.Origin)
			code, info, _ := arena("info", out)
			require.Equal(t, 0, code)
			require.Equal(t, stdout, info, "info prints what run printed")
			require.Contains(t, info, fmt.Sprintf(`"origin":{"replay":%q,"turn":%d}`, orig, turn))

			b, err := game.OpenFile(out)
			require.NoError(t, err)
			require.Equal(t, a.Header.Config, b.Header.Config, "the game's own seed, map and rules")
			for i := 1; i <= turn; i++ {
				require.Equal(t, a.Timeline.Frame(i).Moves, b.Timeline.Frame(i).Moves, "step %d is the original's", i)
				require.Equal(t, a.Timeline.Frame(i).Notes, b.Timeline.Frame(i).Notes, "with what its players thought")
			}
			_, over := b.Result()
			require.True(t, over, "the players played on to the end")

			// Without --turn: from its end, as a move file is continued.
			end := filepath.Join(dir, "end.arena")
			code, stdout, stderr = arena("run", g.id, "--from", orig, "--seats", g.others, "--out", end)
			require.Equal(t, 0, code, stderr)
			require.Contains(t, stdout, fmt.Sprintf(`"origin":{"replay":%q,"turn":%d}`, orig, n))
			c, err := game.OpenFile(end)
			require.NoError(t, err)
			require.Equal(t, n, c.Timeline.Len()-1, "a finished game has no more to play")
		})
	}
}

// TestTakeOverErrors: --from of another game, a turn beyond the replay's,
// --turn without --from, and files that do not play again from their
// moves are usage errors that name the file and what was expected.
func TestTakeOverErrors(t *testing.T) {
	dir := t.TempDir()
	orig := filepath.Join(dir, "s.arena")
	code, _, stderr := arena("run", "santorini", "--seats", "alphabeta:1,alphabeta:1", "--seed", "2", "--out", orig)
	require.Equal(t, 0, code, stderr)
	rec, err := game.OpenFile(orig)
	require.NoError(t, err)
	n := rec.Timeline.Len() - 1
	for _, cmd := range []string{"run", "play"} {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"aibg5", "--seats", "greedy,greedy,greedy,greedy", "--from", orig}, orig + ": a Santorini game, expected one of AIBG 5.0"},
			{[]string{"santorini", "--seats", "alphabeta:1,alphabeta:1", "--from", orig, "--turn", strconv.Itoa(n + 1)},
				fmt.Sprintf("turn %d: %s has turns 0 to %d", n+1, orig, n)},
			{[]string{"santorini", "--seats", "alphabeta:1,alphabeta:1", "--turn", "3"}, "--turn 3: the turn of a replay to take over: give the replay with --from REPLAY"},
			{[]string{"santorini", "--seats", "alphabeta:1,alphabeta:1", "--from", orig, "--turn", "-2"}, `invalid value "-2" for flag -turn: expected a turn, 0 or more`},
			{[]string{"santorini", "--seats", "alphabeta:1,alphabeta:1", "--from", filepath.Join(dir, "none.arena")}, "none.arena: no such file"},
		} {
			code, stdout, stderr := arena(append([]string{cmd}, c.args...)...)
			require.Equal(t, 2, code, "%s %q: %s", cmd, c.args, stderr)
			require.Empty(t, stdout)
			require.Contains(t, stderr, c.want, "%s %q", cmd, c.args)
		}
	}

	// An original system's log that holds no moves, a transcript of one
	// player's view.
	for _, c := range []struct{ id, seats, path, want string }{
		{"aic21", "colony,colony", "../../../shared/fixtures/aic21/replays/map1_template_log.json.gz", "holds no moves"},
		{"guardains", "hunter,hunter", "../../../shared/fixtures/guardains/player1_transcript.jsonl.gz", "cannot be played again from its moves: its first state is not one"},
		{"aibg5", "greedy,greedy,greedy,greedy", "../../../shared/fixtures/aibg5/states/initial_state.json", "cannot be played again from its moves"},
	} {
		gametest.Need(t, c.path)
		code, _, stderr := arena("run", c.id, "--seats", c.seats, "--from", c.path, "--turn", "0", "--out", filepath.Join(dir, c.id+".arena"))
		require.Equal(t, 2, code, stderr)
		require.Contains(t, stderr, c.path)
		require.Contains(t, stderr, c.want)
		_, err := os.Stat(filepath.Join(dir, c.id+".arena"))
		require.True(t, os.IsNotExist(err), "nothing is written")
	}
}

// TestTakeOverOriginalFilesThatReplay takes over the original formats
// whose moves re-simulate them: a Santorini move file and an AlienWarz
// game log.
func TestTakeOverOriginalFilesThatReplay(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ id, seats, path string }{
		{"santorini", "minimax:1,minimax:1", fixture},
		{"alienwarz", "miner,miner", "../../../shared/fixtures/alienwarz/gameLog_2024-05-16_09-52-52.txt"},
	} {
		gametest.Need(t, c.path)
		orig, err := game.OpenFile(c.path)
		require.NoError(t, err)
		out := filepath.Join(dir, c.id+".arena")
		code, stdout, stderr := arena("run", c.id, "--seats", c.seats, "--from", c.path, "--turn", "6", "--out", out)
		require.Equal(t, 0, code, stderr)
		require.Contains(t, stdout, fmt.Sprintf(`"origin":{"replay":%q,"turn":6}`, c.path))
		rec, err := game.OpenFile(out)
		require.NoError(t, err)
		for i := 1; i <= 6; i++ {
			require.Equal(t, orig.Timeline.Frame(i).Moves, rec.Timeline.Frame(i).Moves, "%s step %d", c.id, i)
		}
	}
}
