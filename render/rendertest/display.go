//go:build !js

package rendertest

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// Display starts an X server of its own for a test, of screen size such
// as "1600x1000x24", so that the windows of other tests running at the
// same time never cover the one the test drives, and returns its DISPLAY.
// Xvfb picks a free display itself and tells its number through
// -displayfd. Without Xvfb the test is skipped, or fails under CI=true.
func Display(t testing.TB, screen string) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("Xvfb is not installed")
		}
		t.Skip("Xvfb is not installed")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", screen, "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w}
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { stopX(x) })
	got := make(chan string, 1)
	go func() {
		var n int
		if _, err := fmt.Fscan(r, &n); err == nil {
			got <- fmt.Sprintf(":%d", n)
		}
		close(got)
	}()
	select {
	case d, ok := <-got:
		if !ok {
			t.Fatal("Xvfb did not start")
		}
		return d
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not start")
	}
	return ""
}

// stopX ends an X server by SIGTERM, so that it removes its lock file and
// socket: a killed server leaves both, and two servers starting at once may
// then both take the dead one's display number (each removes the stale
// lock, the second removing the first's), so a test's window finds the
// other server or none. It is killed if it has not ended in five seconds.
func stopX(x *exec.Cmd) {
	x.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { x.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		x.Process.Kill()
		<-done
	}
}
