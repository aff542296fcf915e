//go:build !js

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/gametest/hostile"
)

// copyFile copies the file src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(dst, data, 0o644))
}

// An output that would land on an input is refused before anything is
// written, for every way it can happen.
func TestOutputsNeverOverwriteInputs(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "m.json")
	copyFile(t, "../../levels/aic21/maps/meadow.json", m)
	env := filepath.Join(dir, "env.txt")
	require.NoError(t, os.WriteFile(env, []byte("max_number_of_turns=40\n"), 0o644))
	from := filepath.Join(dir, "game.txt")
	require.NoError(t, os.WriteFile(from, []byte("C3 B2\nC2 D2\n"), 0o644))
	inputs := map[string][]byte{}
	for _, p := range []string{m, env, from} {
		inputs[p], _ = os.ReadFile(p)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "aic21", "--seats", "forager,forager", "--map", m, "--out", m}, "--out " + m + " is also --map"},
		{[]string{"run", "alienwarz", "--seats", "miner,miner", "--config", env, "--out", filepath.Join(dir, "env.arena")}, "the move file beside the replay " + env + " is also --config"},
		{[]string{"run", "santorini", "--seats", "alphabeta:1,alphabeta:1", "--from", from, "--out", filepath.Join(dir, "game.arena")}, "the move file beside the replay " + from + " is also --from"},
		{[]string{"export", "--format", "aic21-log", m, m}, "OUT " + m + " is also REPLAY"},
		{[]string{"shot", from, "--out", from}, "--out " + from + " is also the replay"},
	} {
		code, _, stderr := arena(c.args...)
		require.NotEqual(t, 0, code, c.args)
		require.Contains(t, stderr, c.want, c.args)
		require.Contains(t, stderr, "choose another output path")
		for p, data := range inputs {
			got, _ := os.ReadFile(p)
			require.Equal(t, data, got, "%v changed %s", c.args, p)
		}
	}
	entries, _ := os.ReadDir(dir)
	require.Len(t, entries, 3, "nothing was written")
}

// A failed export leaves the file that was there.
func TestFailedExportKeepsTheTarget(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "s.arena")
	code, _, stderr := arena("run", "santorini", "--seats", "alphabeta:1,alphabeta:1", "--out", replay)
	require.Equal(t, 0, code, stderr)
	target := filepath.Join(dir, "log.json")
	require.NoError(t, os.WriteFile(target, []byte("precious"), 0o644))
	code, _, stderr = arena("export", "--format", "aic21-log", replay, target)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "a Santorini game, not AIC21")
	got, _ := os.ReadFile(target)
	require.Equal(t, "precious", string(got))
	entries, _ := os.ReadDir(dir)
	require.Len(t, entries, 3, "no temporary file is left: %v", entries)
}

// A replay of a user's map opens from anywhere, after the map is edited or
// gone, and is the same game.
func TestReplaysAreSelfContained(t *testing.T) {
	dir := t.TempDir()
	m9 := filepath.Join(dir, "m9.json")
	copyFile(t, "../../levels/aic21/maps/canyons.json", m9)
	out := filepath.Join(dir, "game.arena")
	code, stdout, stderr := arena("run", "aic21", "--seats", "colony,forager", "--map", m9, "--turns", "60", "--out", out)
	require.Equal(t, 0, code, stderr)
	elsewhere := filepath.Join(t.TempDir(), "moved.arena")
	require.NoError(t, os.Rename(out, elsewhere))
	copyFile(t, "../../levels/aic21/maps/meadow.json", m9) // edited
	code, info, stderr := arena("info", elsewhere)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, stdout, info)
	require.NoError(t, os.Remove(m9))
	code, info, stderr = arena("info", elsewhere)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, stdout, info)
}

// The exported AIC21 log names the teams after the seats.
func TestExportNamesTheTeamsAfterTheSeats(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "game.arena")
	code, _, stderr := arena("run", "aic21", "--seats", "colony,forager", "--turns", "20", "--out", out)
	require.Equal(t, 0, code, stderr)
	logPath := filepath.Join(dir, "log.json")
	code, _, stderr = arena("export", "--format", "aic21-log", out, logPath)
	require.Equal(t, 0, code, stderr)
	var log struct {
		Config struct {
			Team0 string `json:"team0_name"`
			Team1 string `json:"team1_name"`
		} `json:"game_config"`
	}
	data, _ := os.ReadFile(logPath)
	require.NoError(t, json.Unmarshal(data, &log))
	require.Equal(t, "colony", log.Config.Team0)
	require.Equal(t, "forager", log.Config.Team1)
}

// Files that are no known format, or too much once inflated, are clear
// errors with exit status 1, never a game or a crash.
func TestHostileFilesAreClearErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	for _, c := range []struct {
		path string
		want string
	}{
		{write("empty.txt", nil), "the file is empty"},
		{write("other.gz", hostile.Gzip([]byte(`{"kind":"notes"}`))), `not a known replay format (gzip of JSON starting "{\"kind\":\"notes\"}")`},
		{write("bomb.arena", hostile.GzipBomb(`{"format":"arena-replay","version":1,"title":"santorini"}`+"\n", 300<<20)), "its gzip stream inflates past 256 MiB; an Arena replay is at most 256 MiB"},
		{write("bomb.json.gz", hostile.GzipBomb(`{"game_config":`, 300<<20)), "an AIC21 log.json is at most 128 MiB"},
		{write("bin.dat", []byte{0, 1, 2, 0xff}), "not a known replay format (binary data)"},
	} {
		code, stdout, stderr := arena("info", c.path)
		require.Equal(t, 1, code, "%s: %s", c.path, stdout)
		require.Contains(t, stderr, c.want, c.path)
	}
	levels := write("levels.json", []byte(`{"levels":[{"cheap":[[1,2]],"expensive":[]}]}`))
	code, _, stderr := arena("run", "alienwarz", "--seats", "miner,miner", "--config", levels)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "no env.txt keys in the file")
	noise := write("noise.bin", []byte{0xff, 0xfe, 0, 7})
	code, _, stderr = arena("run", "alienwarz", "--seats", "miner,miner", "--config", noise)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "not a text file of key=value lines")
	many := write("many.json", []byte(`{"levels":[`+strings.Repeat(`{"cheap":[[1,2]]},`, 20_000)+`{"cheap":[[1,2]]}]}`))
	code, _, stderr = arena("run", "alienwarz", "--seats", "miner,miner", "--levels", many)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "20001 levels; a levels file holds 1 to 10000")
}

// Every subcommand has its help; limits and bad durations are named.
func TestHelpAndLimits(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}} {
		code, stdout, _ := arena(args...)
		require.Equal(t, 0, code)
		require.Contains(t, stdout, "arena run TITLE --seats")
		require.Contains(t, stdout, "arena export --format aic21-log")
	}
	for _, sub := range []string{"play", "replay", "run", "info", "diff", "shot", "export", "gif", "kiosk", "santorini", "santorini perft", "santorini engine",
		"santorini match", "santorini train", "serve", "watch", "tournament run", "tournament status", "tournament worker", "tournament show"} {
		code, _, stderr := arena(append(strings.Fields(sub), "--help")...)
		require.Equal(t, 0, code, sub)
		require.Contains(t, stderr, "Usage:\n  arena "+sub, sub)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "santorini", "--seats", "alphabeta:1,alphabeta:1", "--limit", "-1s"}, "--limit -1s: expected a time per move"},
		{[]string{"run", "guardains", "--seats", "explorer,explorer", "--turns", "2000000"}, "1 to 1,000,000"},
		{[]string{"run", "guardains", "--seats", "explorer,explorer", "--option", "rounds=0"}, `option rounds="0": expected a whole number of rounds, 1 to 1,000,000`},
		{[]string{"run", "santorini", "--seats", "alphabeta:7,alphabeta:1"}, "depth 1 to 6"},
	} {
		code, _, stderr := arena(c.args...)
		require.NotEqual(t, 0, code, c.args)
		require.Contains(t, stderr, c.want, c.args)
	}
}
