//go:build !unix

// Package procgroup runs outside programs (bots, engines) in a process group
// of their own, so that ending one ends whatever it started too.
package procgroup

import "os/exec"

// Own does nothing where there are no process groups.
func Own(cmd *exec.Cmd) {}

// Kill kills cmd (its children are not tracked here).
func Kill(cmd *exec.Cmd) error { return cmd.Process.Kill() }
