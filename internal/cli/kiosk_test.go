//go:build !js

package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/render/rendertest"
)

// Interrupted (Ctrl-C or SIGTERM), the kiosk closes its window and exits
// with status 130, as every other command does, instead of playing on.
func TestKioskExitsOnAnInterrupt(t *testing.T) {
	if _, err := os.Stat(fixture); err != nil {
		t.Skipf("fixture missing: %v", err)
	}
	display := rendertest.Display(t, "1280x800x24")
	bin := filepath.Join(t.TempDir(), "arena")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	build.Dir = "../.."
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	dir := t.TempDir()
	data, err := os.ReadFile(fixture)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.txt"), data, 0o644))
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "kiosk", dir, "--windowed", "--cards", "1")
			cmd.Env = append(os.Environ(), "DISPLAY="+display, "XDG_CONFIG_HOME="+t.TempDir())
			var errs bytes.Buffer
			cmd.Stderr = &errs
			require.NoError(t, cmd.Start())
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			time.Sleep(3 * time.Second) // the window is up, the first game on
			require.NoError(t, cmd.Process.Signal(sig))
			select {
			case err := <-done:
				var exit *exec.ExitError
				require.True(t, errors.As(err, &exit), "exit: %v; %s", err, errs.String())
				require.Equal(t, 130, exit.ExitCode(), errs.String())
				require.Contains(t, errs.String(), "interrupted")
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("the kiosk plays on after %v: %s", sig, errs.String())
			}
		})
	}
}
