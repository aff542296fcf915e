//go:build unix && !linux

package sandbox

import (
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"sync"
	"syscall"
)

// box is a started program: in a process group of its own, which kill
// kills. Only Linux has the sandbox's layers.
type box struct{ cmd *exec.Cmd }

var unconfined sync.Once

// start starts cmd in a process group of its own; mode strict refuses,
// as this system has none of the sandbox's layers.
func start(cmd *exec.Cmd, p Program) (*box, error) {
	if !p.Trusted {
		switch CurrentPolicy().Mode {
		case Strict:
			return nil, fmt.Errorf("sandbox: %s: --sandbox=strict, and only Linux has the sandbox's layers (--sandbox=off runs trusted programs)", p.Name)
		case On:
			unconfined.Do(func() {
				slog.Warn("sandbox: this system has none of the sandbox's layers (Linux has): programs run unconfined")
			})
		}
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &box{cmd: cmd}, nil
}

// kill kills the program's process group.
func (b *box) kill() error {
	if b.cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// release has nothing to clear up.
func (b *box) release() {}
