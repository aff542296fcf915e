//go:build unix && !linux

package procgroup

import (
	"os/exec"
	"syscall"
)

// Own makes cmd, when started, the leader of a new process group. Start
// calls it.
func Own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
