//go:build !js

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// Interrupted, `arena run` ends every program it started, keeps what was
// played under the temporary name, and leaves the replay that was there.
func TestInterruptedRunEndsItsProgramsAndKeepsTheReplay(t *testing.T) {
	bin := buildArena(t)
	dir := t.TempDir()
	botDir := filepath.Join(dir, "bot")
	require.NoError(t, os.Mkdir(botDir, 0o755))
	script := filepath.Join(botDir, "run.sh")
	marker := fmt.Sprintf("arena-interrupted-bot-%d", time.Now().UnixNano())
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/bash\n(exec -a "+marker+"-child sleep 1000) &\nexec -a "+marker+" bash -c 'while read -r v; do sleep 0.05; echo rest; done'\n"), 0o755))
	running := func() (n int) {
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range procs {
			if data, _ := os.ReadFile(p); strings.Contains(string(data), marker) {
				n++
			}
		}
		return n
	}
	out := filepath.Join(dir, "keep.arena")
	code, _, stderr := arena("run", "alienwarz", "--seats", "miner,miner", "--out", out)
	require.Equal(t, 0, code, stderr)
	good, _ := os.ReadFile(out)

	cmd := exec.Command(bin, "run", "alienwarz", "--seats", "process:"+script+",miner", "--out", out)
	var errs bytes.Buffer
	cmd.Stderr = &errs
	require.NoError(t, cmd.Start())
	require.Eventually(t, func() bool { return running() == 2 }, 10*time.Second, 20*time.Millisecond, "the bot and its child run")
	time.Sleep(500 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err := cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 130, exit.ExitCode(), errs.String())
	require.Contains(t, errs.String(), "interrupted: the match stopped after")
	require.Contains(t, errs.String(), "keep.txt are left as they were")

	require.Eventually(t, func() bool { return running() == 0 }, 3*time.Second, 20*time.Millisecond, "the bot or its child still runs")
	got, _ := os.ReadFile(out)
	require.Equal(t, good, got, "the finished replay is untouched")
	parts, _ := filepath.Glob(filepath.Join(dir, "keep.arena.*.part"))
	require.Len(t, parts, 1)
	rec, err := game.OpenFile(parts[0])
	require.NoError(t, err)
	require.Equal(t, "unfinished", rec.Summary().Reason)
	require.Positive(t, rec.Summary().Turns)
}
