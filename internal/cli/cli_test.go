//go:build !js

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/titles"
	"github.com/arena-games/arena/internal/titles/views"
	"github.com/arena-games/arena/render"
)

// TestMain installs what arena plays and draws, as its main does.
func TestMain(m *testing.M) {
	game.Install(titles.Catalog())
	render.Install(views.Drawn()...)
	os.Exit(m.Run())
}

const fixture = "../../../shared/fixtures/santorini/game.txt"

// arena runs the command line in-process and returns its exit status and
// output.
func arena(args ...string) (int, string, string) {
	return arenaWith(context.Background(), strings.NewReader(""), args...)
}

// arenaWith runs the command line in-process with stdin, interrupted when
// ctx ends.
func arenaWith(ctx context.Context, stdin io.Reader, args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	code := Exec(ctx, NewEnv(stdin, &out, &errs), args)
	return code, out.String(), errs.String()
}

func TestRunPrintsTheResultAndWritesTheFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m.arena")
	code, stdout, stderr := arena("run", "santorini", "--seats", "minimax:2,alphabeta:2", "--seed", "5", "--out", out)
	require.Equal(t, 0, code, stderr)
	var sum game.Summary
	require.NoError(t, json.Unmarshal([]byte(stdout), &sum))
	require.Equal(t, "santorini", sum.Title)
	require.EqualValues(t, 5, sum.Seed)
	require.Equal(t, []string{"minimax:2", "alphabeta:2"}, sum.Seats)
	require.Equal(t, sum.Seats, sum.Players, "players without names of their own are their seats")
	require.Contains(t, []int{1, 2}, sum.Winner)
	require.Equal(t, []int{sum.Winner, 3 - sum.Winner}, sum.Ranking)
	require.Contains(t, []string{"level3", "nomoves"}, sum.Reason)
	require.Equal(t, 1, strings.Count(stdout, "\n"), "one JSON line")

	code, info, _ := arena("info", out)
	require.Equal(t, 0, code)
	require.Equal(t, stdout, info, "info prints what run printed")

	moves, err := os.ReadFile(filepath.Join(filepath.Dir(out), "m.txt"))
	require.NoError(t, err)
	g, err := santorini.ReadMoveFile("m.txt", moves)
	require.NoError(t, err)
	require.Len(t, g.Turns, sum.Turns, "the move file holds every turn")
	require.Equal(t, sum.Winner, g.Last().Winner)
}

func TestRunIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	_, a, _ := arena("run", "santorini", "--seats", "alphabeta:2,competitive:50ms", "--seed", "11", "--out", filepath.Join(dir, "a.arena"))
	_, b, _ := arena("run", "santorini", "--seats", "alphabeta:2,alphabeta:3", "--seed", "11", "--out", filepath.Join(dir, "b.arena"))
	_, c, _ := arena("run", "santorini", "--seats", "alphabeta:2,alphabeta:3", "--seed", "11", "--out", filepath.Join(dir, "c.arena"))
	require.NotEmpty(t, a)
	require.Equal(t, b, c)
	mb, _ := os.ReadFile(filepath.Join(dir, "b.txt"))
	mc, _ := os.ReadFile(filepath.Join(dir, "c.txt"))
	require.Equal(t, string(mb), string(mc), "the same seed and players play the same game")
}

func TestRunContinuesFromAMoveFile(t *testing.T) {
	dir := t.TempDir()
	from := filepath.Join(dir, "start.txt")
	require.NoError(t, os.WriteFile(from, []byte("C3 B2\nC2 D2\nC3 B3 A3\nC2 D3 E3\n"), 0o644))
	out := filepath.Join(dir, "cont.arena")
	code, _, stderr := arena("run", "santorini", "--seats", "alphabeta:1,alphabeta:1", "--from", from, "--out", out)
	require.Equal(t, 0, code, stderr)
	moves, err := os.ReadFile(filepath.Join(dir, "cont.txt"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(moves), "C3 B2\nC2 D2\nC3 B3 A3\nC2 D3 E3\n"), "the loaded lines come first")
}

func TestInfoOnTheFixtureAndOnBadFiles(t *testing.T) {
	gametest.Need(t, fixture)
	code, stdout, _ := arena("info", fixture)
	require.Equal(t, 0, code)
	require.Equal(t, `{"title":"santorini","seed":0,"turns":15,"winner":1,"ranking":[1,2],"seats":["unknown","unknown"],"players":["unknown","unknown"],"reason":"level3"}`+"\n", stdout)

	dir := t.TempDir()
	seed := filepath.Join(dir, "input.txt")
	require.NoError(t, os.WriteFile(seed, []byte("СЗ В2 //постављају се фигуре првог играча\nВ2 D2 //другог играча\nСЗ ВЗ АЗ\nC2 D3 E3\n"), 0o644))
	code, _, stderr := arena("info", seed)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "input.txt:2: E_OCCUPIED: cell B2 already holds P1 worker 2 (line 1)")

	junk := filepath.Join(dir, "junk.arena")
	require.NoError(t, os.WriteFile(junk, []byte{0x1f, 0x8b, 0, 1, 2}, 0o644))
	code, _, stderr = arena("info", junk)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "junk.arena")
}

func TestCommandLineErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"run", "santorini"}, 2, "--seats is required"},
		{[]string{"run", "chess", "--seats", "a,b"}, 2, `unknown game "chess"`},
		{[]string{"run", "santorini", "--seats", "human,alphabeta:2"}, 2, "seat 1 is human"},
		{[]string{"run", "santorini", "--seats", "alphabeta:x,alphabeta:2"}, 1, "seat 1 (alphabeta:x)"},
		{[]string{"run", "santorini", "--seats", "wizard,alphabeta:2"}, 2, `unknown player "wizard"`},
		{[]string{"info"}, 2, "expected one replay file"},
		{[]string{"info", "/nonexistent.arena"}, 1, "no such file"},
		{[]string{"shot", "x.arena"}, 2, "expected: arena shot FILE --turn N --out PNG"},
		{[]string{"play", "santorini", "--seats", "human,alphabeta:2", "--watch", "fast"}, 2, `--watch "fast"`},
	} {
		code, _, stderr := arena(c.args...)
		require.Equal(t, c.code, code, "%v: %s", c.args, stderr)
		require.Contains(t, stderr, c.want, c.args)
	}
	code, stdout, _ := arena("help")
	require.Equal(t, 0, code)
	require.Contains(t, stdout, "arena run TITLE --seats")
}

func TestLimitForfeitsASlowComputer(t *testing.T) {
	code, stdout, stderr := arena("run", "santorini", "--seats", "minimax:5,alphabeta:1", "--limit", "1ms")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, `"winner":2`)
	require.Contains(t, stdout, `"reason":"forfeit"`)
}

func TestGIFAndKioskCommandErrors(t *testing.T) {
	gametest.Need(t, fixture)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"gif", fixture}, 2, "expected: arena gif REPLAY --from A --to B --out FILE.gif"},
		{[]string{"gif", fixture, "--out", fixture}, 2, "an output would overwrite an input"},
		{[]string{"gif", fixture, "--out", "x.gif", "--from", "9", "--to", "3"}, 2, "has turns 0 to 15"},
		{[]string{"gif", fixture, "--out", "x.gif", "--size", "9x9"}, 2, `--size "9x9"`},
		{[]string{"gif", fixture, "--out", "x.gif", "--speed", "0"}, 2, "--speed 0"},
		{[]string{"kiosk", fixture}, 2, "expected a folder of replays"},
		{[]string{"kiosk", t.TempDir(), "--speed", "100"}, 2, "--speed 100"},
	} {
		code, _, stderr := arena(c.args...)
		require.Equal(t, c.code, code, "%v: %s", c.args, stderr)
		require.Contains(t, stderr, c.want, c.args)
	}
}

// The usage text tells each game's players, maps and rule options, made
// from what the titles say of themselves.
func TestUsageListsEachGamesOptions(t *testing.T) {
	code, stdout, _ := arena("help")
	require.Equal(t, 0, code)
	for _, want := range []string{
		"aibg5 (AIBG 5.0), 4 seats", "--option kill_score=INT", "score for a kill (R1; the original gave 100) (default 50)",
		"guardains (GuardAIns)", "--option compat=none|original2022", "--option teleporters=INT",
		"aic21 (AIC21)", "--option compat.multiAction=true|false", "--option GAME_MAXIMUM_TURN_COUNT=INT",
		"alienwarz (AlienWarz)", "--map: random, crossroads", "--option orig_tiebreak=true|false",
		"santorini (Santorini)", "--option kandic_win_build=true|false", "engine:TIME:COMMAND",
		"arena gif REPLAY", "arena kiosk DIR",
	} {
		require.Contains(t, stdout, want)
	}
}
