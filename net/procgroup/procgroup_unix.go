//go:build unix

package procgroup

import (
	"errors"
	"os/exec"
	"syscall"
)

// kill kills cmd's whole process group.
func kill(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}
