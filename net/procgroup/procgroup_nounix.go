//go:build !unix

package procgroup

import "os/exec"

// Own does nothing where there are no process groups.
func Own(cmd *exec.Cmd) {}

// kill kills cmd (its children are not tracked here).
func kill(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
