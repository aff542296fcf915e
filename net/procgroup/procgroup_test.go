package procgroup

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// groupAlive reports whether any process of group pgid is left.
func groupAlive(pgid int) bool {
	return syscall.Kill(-pgid, 0) == nil
}

// TestMain lets the test binary play Arena in a child process: with
// ARENA_PROCGROUP_PARENT set it starts a program that starts another and
// ignores its input, prints the group's id, and waits to be killed.
func TestMain(m *testing.M) {
	if os.Getenv("ARENA_PROCGROUP_PARENT") != "" {
		cmd := exec.Command("bash", "-c", "sleep 300 & sleep 300")
		if err := Start(cmd); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println(cmd.Process.Pid)
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// When Arena dies without cleaning up (SIGKILL), the programs it started
// end too, with whatever they started themselves.
func TestParentDeathEndsTheGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Pdeathsig is Linux's")
	}
	parent := exec.Command(os.Args[0], "-test.run=^$")
	parent.Env = append(os.Environ(), "ARENA_PROCGROUP_PARENT=1")
	out, err := parent.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, parent.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	pgid, err := strconv.Atoi(strings.TrimSpace(line))
	require.NoError(t, err, line)
	require.Eventually(t, func() bool { return groupAlive(pgid) }, time.Second, 10*time.Millisecond)
	require.NoError(t, parent.Process.Kill())
	parent.Wait()
	require.Eventually(t, func() bool { return !groupAlive(pgid) }, 5*time.Second, 20*time.Millisecond,
		"the bot's group outlived Arena")
}

// KillAll ends every program started and not yet killed, with its children.
func TestKillAll(t *testing.T) {
	var pgids []int
	for range 3 {
		cmd := exec.Command("bash", "-c", "sleep 300 & sleep 300")
		require.NoError(t, Start(cmd))
		pgids = append(pgids, cmd.Process.Pid)
		go cmd.Wait()
	}
	require.GreaterOrEqual(t, Running(), 3)
	require.GreaterOrEqual(t, KillAll(), 3)
	require.Zero(t, Running())
	for _, pgid := range pgids {
		require.Eventually(t, func() bool { return !groupAlive(pgid) }, 5*time.Second, 20*time.Millisecond)
	}
}

// The guard passes on the program's input and its exit status.
func TestGuardKeepsInputAndStatus(t *testing.T) {
	cmd := exec.Command("bash", "-c", "read x; exit ${#x}")
	cmd.Stdin = strings.NewReader("hello\n")
	require.NoError(t, Start(cmd))
	err := cmd.Wait()
	Kill(cmd)
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 5, exit.ExitCode())
}

// A program that never reads: Send fails at its deadline instead of
// blocking, every line that went through is whole, and Close returns.
func TestFeedNeverBlocks(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	f := NewFeed(w, 4)
	line := []byte(strings.Repeat("v", 10_000) + "\n")
	var sent int
	var sendErr error
	for range 100 {
		start := time.Now()
		if sendErr = f.Send(line, time.Now().Add(50*time.Millisecond)); sendErr != nil {
			require.Less(t, time.Since(start), time.Second)
			break
		}
		sent++
	}
	require.ErrorIs(t, sendErr, ErrNotReading)
	require.Greater(t, sent, 4, "the pipe's buffer and the queue took some")
	done := make(chan error)
	go func() { done <- f.Close() }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Close blocked on a program that does not read")
	}
	require.Error(t, f.Send(line, time.Now().Add(time.Second)))

	// Once the program goes, Send says so at once.
	r2, w2, _ := os.Pipe()
	f2 := NewFeed(w2, 1)
	r2.Close()
	require.Eventually(t, func() bool {
		err := f2.Send([]byte("x\n"), time.Now().Add(10*time.Millisecond))
		return err != nil && !errors.Is(err, ErrNotReading)
	}, 2*time.Second, 10*time.Millisecond)
	f2.Close()
}
