package procgroup

import (
	"os/exec"
	"syscall"
)

// guard runs a program under a bash that ends the program's whole group
// when it gets SIGTERM, which Linux sends it when Arena dies (Pdeathsig):
// Pdeathsig alone would reach the guard only, not what the program started.
// The program keeps the guard's stdin, and the guard exits with its status.
const guard = `trap "kill -KILL 0" TERM HUP; "$@" <&0 & wait $!; exit $?`

// Own makes cmd, when started, the leader of a new process group that ends
// when Arena does: cmd runs under a guard shell that kills the group when
// the kernel tells it that Arena has died. Start calls it.
func Own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	bash, err := exec.LookPath("bash")
	if err != nil || cmd.Err != nil || cmd.Path == "" {
		return // no guard: the group still ends with Kill and KillAll
	}
	if _, err := exec.LookPath(cmd.Path); err != nil {
		return // not a program: Start says so
	}
	args := append([]string{"bash", "-c", guard, "arena-guard", cmd.Path}, cmd.Args[1:]...)
	cmd.Path, cmd.Args = bash, args
}
