// Package sandbox runs the programs Arena starts (AlienWarz bots, Santorini
// engines, AIC21 units, and so the programs tournament workers run)
// confined, and ends each whole at the end of its match: whatever it
// started, even what left its process group with setsid, ends with it.
//
// On Linux a program runs under a launcher, Arena's own program started
// again, that sets up the sandbox layer by layer with the kernel's own
// mechanisms and stays the program's parent: user, PID, mount, IPC, UTS and
// network namespaces (a root of its own holding only the system's folders,
// the program's folder read-only, a scratch folder and a fresh /proc;
// loopback only, with a relay to the one address its protocol needs),
// Landlock file and TCP rules, resource limits, a cgroup where one is
// writable, no capabilities and no new privileges. Each layer that this
// system lacks is named once in a warning (mode on) or makes the start
// fail (mode strict); mode off runs programs unconfined, as trusted local
// programs. Where Arena dies without cleaning up, its programs die with it.
//
// Every program goes through Start; Kill ends one, KillAll every one, as
// Arena does when it is interrupted.
package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"sync"

	_ "github.com/arena-games/arena/net/sandbox/launcher" // a sandbox's first process: Arena's program, started again
)

// Program is what a caller knows of the program it starts.
type Program struct {
	// Name names the program in errors and logs, such as "bot run.sh".
	Name string
	// Dir is the program's own folder, which it may read. "" is the
	// folder of the first of its words (the program, then its arguments)
	// that names a file outside the system's folders: the program itself,
	// or the script or jar an interpreter runs.
	Dir string
	// Write are files of its folder it may write, made when missing (where
	// Arena's user may), such as the pid.log of AlienWarz's bots.
	Write []string
	// Connect is the one TCP address, HOST:PORT, the program may connect
	// to; "" for none.
	Connect string
	// Limits are its contest's limits; --sandbox settings override them.
	Limits Limits
	// Trusted is for Arena's own programs (a tournament's local workers):
	// they are killed whole but not confined.
	Trusted bool
}

var live struct {
	sync.Mutex
	boxes map[*exec.Cmd]*box
}

// Start starts cmd, its Path, Args, Dir, Env and standard files as the
// caller set them, in a sandbox as the policy says, and remembers it until
// Kill. It returns once the program runs, or with an error that names the
// program and the layer that stopped it. The caller waits for cmd as
// usual; its exit status is the program's (128 plus the signal for a
// program a signal ended).
func Start(cmd *exec.Cmd, p Program) error {
	if p.Name == "" {
		p.Name = cmd.Path
	}
	b, err := start(cmd, p)
	if err != nil {
		return err
	}
	live.Lock()
	defer live.Unlock()
	if live.boxes == nil {
		live.boxes = map[*exec.Cmd]*box{}
	}
	live.boxes[cmd] = b
	return nil
}

// Kill kills cmd's sandbox, the program and all it started; one already
// gone is no error.
func Kill(cmd *exec.Cmd) error {
	live.Lock()
	b := live.boxes[cmd]
	delete(live.boxes, cmd)
	live.Unlock()
	if b == nil {
		if cmd.Process == nil {
			return nil
		}
		if err := cmd.Process.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
			return err
		}
		return nil
	}
	return b.kill()
}

// KillAll kills every sandbox started and not yet killed, waits a moment
// for them to end and clears up after them, and returns how many there
// were.
func KillAll() int {
	live.Lock()
	boxes := live.boxes
	live.boxes = nil
	live.Unlock()
	for _, b := range boxes {
		b.kill()
	}
	for _, b := range boxes {
		b.release()
	}
	return len(boxes)
}

// Running is the number of programs started and not yet killed.
func Running() int {
	live.Lock()
	defer live.Unlock()
	return len(live.boxes)
}
