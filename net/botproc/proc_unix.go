//go:build unix

package botproc

import (
	"errors"
	"os/exec"
	"syscall"
)

// ownGroup makes the bot the leader of a new process group, so that
// killGroup also ends whatever its script started.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the bot's whole process group.
func killGroup(cmd *exec.Cmd) error {
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil // already gone
	}
	return err
}
