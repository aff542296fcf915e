//go:build !unix

package botproc

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the bot (its children are not tracked here).
func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }
