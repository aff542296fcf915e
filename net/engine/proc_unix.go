//go:build unix

package engine

import (
	"errors"
	"os/exec"
	"syscall"
)

// ownGroup makes the process the leader of a new process group, so that
// killGroup also ends whatever it started.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process's whole process group.
func killGroup(cmd *exec.Cmd) error {
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil // already gone
	}
	return err
}
