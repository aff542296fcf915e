//go:build unix

// Package procgroup runs outside programs (bots, engines) in a process group
// of their own, so that ending one ends whatever it started too.
package procgroup

import (
	"errors"
	"os/exec"
	"syscall"
)

// Own makes cmd, when started, the leader of a new process group.
func Own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// Kill kills cmd's whole process group; one already gone is no error.
func Kill(cmd *exec.Cmd) error {
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}
