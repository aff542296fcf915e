// Package procgroup runs outside programs (bots, engines) in a process group
// of their own, so that ending one ends whatever it started too, and feeds
// their input without ever waiting on a program that does not read.
//
// Every program Arena starts goes through Start; KillAll ends them all, as
// Arena does when it is interrupted (SIGINT, SIGTERM). Where the system
// allows it (Linux), a program's group also ends when Arena dies without a
// chance to clean up (SIGKILL, a crash).
package procgroup

import (
	"os/exec"
	"sync"
)

var live struct {
	sync.Mutex
	cmds map[*exec.Cmd]bool
}

// Start starts cmd in a process group of its own (see Own) and remembers
// it until Kill, so that KillAll can end it.
func Start(cmd *exec.Cmd) error {
	Own(cmd)
	live.Lock()
	defer live.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	if live.cmds == nil {
		live.cmds = map[*exec.Cmd]bool{}
	}
	live.cmds[cmd] = true
	return nil
}

// Kill kills cmd's whole process group; one already gone is no error.
func Kill(cmd *exec.Cmd) error {
	live.Lock()
	delete(live.cmds, cmd)
	live.Unlock()
	return kill(cmd)
}

// KillAll kills the process groups of every program started and not yet
// killed, and returns how many there were.
func KillAll() int {
	live.Lock()
	cmds := live.cmds
	live.cmds = nil
	live.Unlock()
	for cmd := range cmds {
		kill(cmd)
	}
	return len(cmds)
}

// Running is the number of programs started and not yet killed.
func Running() int {
	live.Lock()
	defer live.Unlock()
	return len(live.cmds)
}
