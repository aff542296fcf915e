//go:build !unix

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// box is a started program; without process groups only the program
// itself is killed.
type box struct{ cmd *exec.Cmd }

// start starts cmd; mode strict refuses, as this system has none of the
// sandbox's layers.
func start(cmd *exec.Cmd, p Program) (*box, error) {
	if !p.Trusted && CurrentPolicy().Mode == Strict {
		return nil, fmt.Errorf("sandbox: %s: --sandbox=strict, and only Linux has the sandbox's layers (--sandbox=off runs trusted programs)", p.Name)
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &box{cmd: cmd}, nil
}

// kill kills the program.
func (b *box) kill() error {
	if b.cmd.Process == nil {
		return nil
	}
	if err := b.cmd.Process.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	return nil
}

// release has nothing to clear up.
func (b *box) release() {}
