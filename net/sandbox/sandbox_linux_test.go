package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/net/sandbox/launcher"
)

// parentEnv makes the test binary play Arena in a child process: it
// starts a sandboxed program that starts escapees with the marker the
// variable holds, says so, and waits to be killed.
const parentEnv = "ARENA_SANDBOX_TEST_PARENT"

func TestMain(m *testing.M) {
	if marker := os.Getenv(parentEnv); marker != "" {
		dir, _ := os.MkdirTemp("", "arena-parent-*")
		cmd := exec.Command("bash", "-c", escapees(marker)+"echo started; sleep 300")
		cmd.Dir = dir
		out, _ := cmd.StdoutPipe()
		if err := Start(cmd, Program{Name: "parent's program", Dir: dir}); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		line, _ := bufio.NewReader(out).ReadString('\n')
		fmt.Print(line)
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// escapees is bash that starts processes which try to outlive their
// sandbox: in a session of their own (setsid), double-forked, ignoring
// SIGTERM and SIGHUP. Each has the marker in its command line.
func escapees(marker string) string {
	return fmt.Sprintf(`setsid bash -c 'exec -a %[1]s-setsid sleep 300' </dev/null >/dev/null 2>&1 &
( ( trap "" TERM HUP; exec -a %[1]s-double sleep 300 ) & ) </dev/null >/dev/null 2>&1
nohup setsid bash -c 'trap "" TERM HUP; ( exec -a %[1]s-nohup sleep 300 ) & wait' </dev/null >/dev/null 2>&1 &
`, marker)
}

// marker is a name no other process has.
func marker() string { return fmt.Sprintf("arena-escapee-%d", rand.Int64()) }

// withMarker lists the processes of this machine whose command line holds
// marker.
func withMarker(marker string) []string {
	var found []string
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		data, _ := os.ReadFile(p)
		if bytes.Contains(data, []byte(marker)) {
			found = append(found, p+": "+string(bytes.ReplaceAll(data, []byte{0}, []byte{' '})))
		}
	}
	return found
}

// requireGone waits for every process with marker to end.
func requireGone(t *testing.T, marker string) {
	t.Helper()
	require.Eventually(t, func() bool { return len(withMarker(marker)) == 0 }, 5*time.Second, 20*time.Millisecond,
		"still running: %v", withMarker(marker))
}

// usePolicy sets the policy for one test.
func usePolicy(t *testing.T, p Policy) {
	old := CurrentPolicy()
	SetPolicy(p)
	t.Cleanup(func() { SetPolicy(old) })
}

// arenaData is what a hostile program must not reach: a server's admin
// token, another entrant's program and a live replay, each in folders
// beside the program's own.
type arenaData struct {
	token, other, part string
}

func makeArenaData(t *testing.T) arenaData {
	server := t.TempDir()
	other := t.TempDir()
	d := arenaData{token: filepath.Join(server, "admin-token"), other: filepath.Join(other, "run.sh"), part: filepath.Join(server, "match-7.arena.1234.part")}
	require.NoError(t, os.WriteFile(d.token, []byte("secret-admin-token\n"), 0o600))
	require.NoError(t, os.WriteFile(d.other, []byte("#!/bin/bash\necho secret-strategy\n"), 0o755))
	require.NoError(t, os.WriteFile(d.part, []byte("secret-replay\n"), 0o644))
	return d
}

// program writes a bash program into a folder of its own and returns its
// path.
func program(t testing.TB, body string) string {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.sh")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/bash\n"+body), 0o755))
	return path
}

// runProgram runs a program to its end (at most 20 s) and returns its
// output, stdout then stderr.
func runProgram(t *testing.T, path string, p Program, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{path}, args...)...)
	cmd.Dir = filepath.Dir(path)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := Start(cmd, p); err != nil {
		return "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		Kill(cmd)
		<-done
		t.Fatalf("the program ran for 20 s: %s", out.String())
	}
	Kill(cmd)
	return out.String(), err
}

// A hostile program tries to read Arena's data, another entrant's program
// and a live replay, with their paths known: in the sandbox every read
// fails, and the program still runs to its end. Unconfined, the same
// program reads them all.
func TestHostileProgramReadsNoneOfArenasData(t *testing.T) {
	d := makeArenaData(t)
	path := program(t, `for f in "$@"; do
  if data=$(cat "$f" 2>/dev/null); then echo "READ $f: $data"; fi
  if ls "$(dirname "$f")" >/dev/null 2>&1; then echo "LISTED $(dirname "$f")"; fi
done
for p in /proc/[0-9]*; do if tr '\0' ' ' < $p/environ 2>/dev/null | grep -q secret; then echo "READ $p/environ"; fi; done
echo finished
`)
	os.Setenv("ARENA_TEST_SECRET", "secret-in-arenas-environment")
	defer os.Unsetenv("ARENA_TEST_SECRET")
	out, err := runProgram(t, path, Program{Name: "hostile"}, d.token, d.other, d.part)
	require.NoError(t, err, out)
	require.Contains(t, out, "finished")
	require.NotContains(t, out, "READ", "the sandbox let the program read Arena's data")
	require.NotContains(t, out, "LISTED")

	usePolicy(t, Policy{Mode: Off})
	out, err = runProgram(t, path, Program{Name: "hostile"}, d.token, d.other, d.part)
	require.NoError(t, err, out)
	require.Contains(t, out, "READ "+d.token+": secret-admin-token", "unconfined, the program reads the token: the test attacks")
	require.Contains(t, out, "READ "+d.other)
	require.Contains(t, out, "READ "+d.part)
}

// A hostile program tries to write into its own folder, beside it, into
// the home folder and into /tmp: only its scratch folder takes writes,
// and that is gone at the end.
func TestHostileProgramWritesOnlyItsScratch(t *testing.T) {
	beside := t.TempDir()
	home, _ := os.UserHomeDir()
	name := fmt.Sprintf("arena-sandbox-test-%d", rand.Int64())
	path := program(t, `for f in "$@"; do
  if echo x > "$f" 2>/dev/null; then echo "WROTE $f"; fi
done
echo scratch > "$HOME/kept" && echo "scratch ok $(cat $HOME/kept) in $HOME"
echo tmp > "/tmp/$NAME" && echo "tmp ok"
echo finished
`)
	targets := []string{filepath.Join(filepath.Dir(path), "run.sh"), filepath.Join(filepath.Dir(path), name),
		filepath.Join(beside, name), filepath.Join(home, name), "/etc/" + name}
	os.Setenv("NAME", name)
	defer os.Unsetenv("NAME")
	out, err := runProgram(t, path, Program{Name: "hostile"}, targets...)
	require.NoError(t, err, out)
	require.Contains(t, out, "finished")
	require.Contains(t, out, "scratch ok scratch", "the scratch folder takes writes")
	require.NotContains(t, out, "WROTE")
	for _, f := range append(targets[1:], "/tmp/"+name) {
		require.NoFileExists(t, f, "/tmp in the sandbox is its scratch folder")
	}
	script, _ := os.ReadFile(path)
	require.Contains(t, string(script), "for f in", "its own program is untouched")
	left, _ := filepath.Glob(filepath.Join(os.TempDir(), fmt.Sprintf("arena-sandbox-%d-*", os.Getpid())))
	require.Empty(t, left, "scratch folders left on the host")

	usePolicy(t, Policy{Mode: Off})
	out, err = runProgram(t, program(t, `if echo x > "$1"; then echo "WROTE $1"; fi`), Program{Name: "unconfined"}, targets[2])
	require.NoError(t, err, out)
	require.Contains(t, out, "WROTE "+targets[2], "unconfined, the program writes beside its folder: the test attacks")
}

// listen opens a TCP listener on loopback that counts what reaches it.
func listen(t *testing.T) (string, chan string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	got := make(chan string, 16)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				c.SetDeadline(time.Now().Add(5 * time.Second))
				line, _ := bufio.NewReader(c).ReadString('\n')
				got <- strings.TrimSpace(line)
				c.Write([]byte("welcome\n"))
			}()
		}
	}()
	return ln.Addr().String(), got
}

// connectScript tries to reach each HOST PORT pair over TCP, UDP and, in
// Python, Multipath TCP, and says which worked.
const connectScript = `while [ $# -gt 1 ]; do
  host=$1 port=$2; shift 2
  if exec 3<>/dev/tcp/$host/$port 2>/dev/null; then echo "hello-tcp" >&3; read -t 2 answer <&3; echo "TCP $port $answer"; exec 3>&-; fi
  if echo hello-udp 2>/dev/null > /dev/udp/$host/$port; then echo "UDP-SENT $port"; fi
  python3 -c "
import socket, sys
try:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, 262)
    s.settimeout(2); s.connect(('$host', $port)); s.sendall(b'hello-mptcp\n'); print('MPTCP $port')
except OSError:
    pass
" 2>/dev/null
done
echo finished
`

// A program without network reaches no port; a program whose protocol
// needs one address (an AIC21 unit) reaches that one and no other, by
// TCP, UDP or Multipath TCP.
func TestHostileProgramReachesOnlyItsAddress(t *testing.T) {
	lobby, atLobby := listen(t)
	other, atOther := listen(t)
	udp, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer udp.Close()
	_, udpPort, _ := net.SplitHostPort(udp.LocalAddr().String())
	lh, lp, _ := net.SplitHostPort(lobby)
	_, op, _ := net.SplitHostPort(other)
	path := program(t, connectScript)

	noDatagram := func() {
		t.Helper()
		udp.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
		_, _, err := udp.ReadFrom(make([]byte, 64))
		require.Error(t, err, "a datagram reached the host")
	}
	out, err := runProgram(t, path, Program{Name: "no network"}, lh, lp, lh, op, lh, udpPort)
	require.NoError(t, err, out)
	require.Contains(t, out, "finished")
	require.NotContains(t, out, "TCP")
	noDatagram()

	out, err = runProgram(t, path, Program{Name: "unit", Connect: lobby}, lh, lp, lh, op, lh, udpPort)
	require.NoError(t, err, out)
	require.Contains(t, out, "TCP "+lp+" welcome", "the unit reaches its match's port")
	require.NotContains(t, out, "TCP "+op)
	require.NotContains(t, out, "MPTCP "+op)
	require.Equal(t, "hello-tcp", <-atLobby)
	noDatagram()
	select {
	case got := <-atOther:
		t.Fatalf("the other port got %q", got)
	case <-time.After(100 * time.Millisecond):
	}

	usePolicy(t, Policy{Mode: Off})
	out, err = runProgram(t, path, Program{Name: "unconfined"}, lh, op)
	require.NoError(t, err, out)
	require.Contains(t, out, "TCP "+op+" welcome", "unconfined, the program reaches any port: the test attacks")
}

// A fork bomb stops at the process limit, and nothing of it is left.
func TestForkBombIsBounded(t *testing.T) {
	m := marker()
	path := program(t, fmt.Sprintf(`exec -a %s python3 -c '
import os, time
started = 0
for i in range(200):
    try:
        if os.fork() == 0:
            time.sleep(300)
            os._exit(0)
        started += 1
    except OSError:
        break
print("running", len([p for p in os.listdir("/proc") if p.isdigit()]), "started", started, flush=True)
'
`, m))
	usePolicy(t, Policy{Limits: Limits{Procs: 40}})
	out, err := runProgram(t, path, Program{Name: "fork bomb"})
	require.NoError(t, err, out)
	var running int
	_, scanErr := fmt.Sscanf(out[strings.Index(out, "running"):], "running %d", &running)
	require.NoError(t, scanErr, out)
	require.LessOrEqual(t, running, 40+launcher.Threads, "processes in the sandbox")
	require.Greater(t, running, 10)
	require.Contains(t, out, fmt.Sprintf("started %d", running-2), "forks failed once the sandbox was full")
	requireGone(t, m)
}

// Memory, CPU time and file sizes are bounded as the policy says.
func TestLimitsBind(t *testing.T) {
	usePolicy(t, Policy{Limits: Limits{Memory: 128 << 20, CPU: time.Second, FileSize: 1 << 20}})
	out, err := runProgram(t, program(t, `python3 -c 'b = bytearray(64 << 20); print("64 MiB fit", flush=True); c = bytearray(256 << 20); print("256 MiB fit")'`), Program{Name: "glutton"})
	require.Error(t, err, out)
	require.Contains(t, out, "64 MiB fit")
	require.Contains(t, out, "MemoryError")
	require.NotContains(t, out, "256 MiB fit")

	t0 := time.Now()
	_, err = runProgram(t, program(t, "while :; do :; done"), Program{Name: "spinner"})
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Contains(t, []int{128 + 24, 128 + 9}, exit.ExitCode(), "SIGXCPU, then SIGKILL")
	require.Less(t, time.Since(t0), 15*time.Second)

	out, err = runProgram(t, program(t, `head -c 2000000 /dev/zero > "$HOME/big"; echo "status $?"; stat -c %s "$HOME/big"`), Program{Name: "filler"})
	require.NoError(t, err, out)
	require.Contains(t, out, "status 153", "SIGXFSZ")
	require.Contains(t, out, "1048576")
}

// Processes that leave the program's session (setsid), double-fork and
// ignore SIGTERM end with the program: when Arena kills it, and when it
// ends by itself.
func TestEscapeesEndWithTheProgram(t *testing.T) {
	for _, pol := range []Policy{{}, {Mode: Off}} {
		t.Run(pol.Mode.String(), func(t *testing.T) {
			usePolicy(t, pol)
			m := marker()
			cmd := exec.Command("bash", "-c", escapees(m)+"echo started; sleep 300")
			out, _ := cmd.StdoutPipe()
			require.NoError(t, Start(cmd, Program{Name: "escaper", Dir: t.TempDir()}))
			line, _ := bufio.NewReader(out).ReadString('\n')
			require.Equal(t, "started\n", line)
			require.Eventually(t, func() bool { return len(withMarker(m)) >= 3 }, 5*time.Second, 10*time.Millisecond, "%v", withMarker(m))
			require.NoError(t, Kill(cmd))
			cmd.Wait()
			requireGone(t, m)

			m = marker()
			_, err := runProgram(t, program(t, escapees(m)+"sleep 0.3; exit 3"), Program{Name: "escaper"})
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit)
			require.Equal(t, 3, exit.ExitCode(), "the program's status comes through")
			requireGone(t, m)
		})
	}
}

// When Arena dies without cleaning up (SIGKILL), its programs end too,
// with all they started.
func TestArenaKilledEndsItsPrograms(t *testing.T) {
	m := marker()
	parent := exec.Command(os.Args[0], "-test.run=^$")
	parent.Env = append(os.Environ(), parentEnv+"="+m, "TMPDIR="+t.TempDir()) // its program's folder
	out, err := parent.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, parent.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "started\n", line)
	require.Eventually(t, func() bool { return len(withMarker(m)) >= 3 }, 5*time.Second, 10*time.Millisecond, "%v", withMarker(m))
	require.NoError(t, parent.Process.Kill())
	parent.Wait()
	requireGone(t, m)
}

// KillAll ends every program started and not yet killed, with their
// children.
func TestKillAll(t *testing.T) {
	m := marker()
	for range 3 {
		cmd := exec.Command("bash", "-c", fmt.Sprintf("(exec -a %s sleep 300) & sleep 300", m))
		require.NoError(t, Start(cmd, Program{Name: "sleeper", Dir: t.TempDir()}))
		go cmd.Wait()
	}
	require.Eventually(t, func() bool { return len(withMarker(m)) >= 3 }, 5*time.Second, 10*time.Millisecond)
	require.GreaterOrEqual(t, Running(), 3)
	require.GreaterOrEqual(t, KillAll(), 3)
	require.Zero(t, Running())
	requireGone(t, m)
}

// The launcher passes on the program's input, its output and its exit
// status.
func TestProgramKeepsInputOutputAndStatus(t *testing.T) {
	cmd := exec.Command("bash", "-c", "read x; echo got $x; exit ${#x}")
	cmd.Stdin = strings.NewReader("hello\n")
	var out bytes.Buffer
	cmd.Stdout = &out
	require.NoError(t, Start(cmd, Program{Name: "reader", Dir: t.TempDir()}))
	err := cmd.Wait()
	Kill(cmd)
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 5, exit.ExitCode())
	require.Equal(t, "got hello\n", out.String())
}

// Well-behaved bots play in the sandbox: one in bash, one in Python (as
// PATH finds it: through pyenv's shims on this machine), and one written
// as AlienWarz's originals were, whose run.sh writes its pid.log first.
func TestWellBehavedBotsRun(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	bash := program(t, "while read -r line; do echo \"echo $line\"; done\n")
	py := filepath.Join(t.TempDir(), "bot.py")
	require.NoError(t, os.WriteFile(py, []byte("import sys\nfor line in sys.stdin:\n    print('echo ' + line.strip(), flush=True)\n"), 0o644))
	original := program(t, `SCRIPT_DIR="$( cd "$( dirname "${BASH_SOURCE[0]}" )" && pwd )"
echo "$$" > "$SCRIPT_DIR/pid.log" && exec python3 "$SCRIPT_DIR/bot.py"
`)
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(original), "bot.py"), []byte("import sys\nfor line in sys.stdin:\n    print('echo ' + line.strip(), flush=True)\n"), 0o644))
	for _, c := range []struct {
		name string
		args []string
		p    Program
	}{
		{"bash", []string{"bash", bash}, Program{}},
		{"python", []string{python, py}, Program{}},
		{"original run.sh", []string{"bash", original, filepath.Dir(original)}, Program{Write: []string{"pid.log"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(c.args[0], c.args[1:]...)
			in, _ := cmd.StdinPipe()
			out, _ := cmd.StdoutPipe()
			var errs bytes.Buffer
			cmd.Stderr = &errs
			c.p.Name = c.name
			require.NoError(t, Start(cmd, c.p))
			defer func() { Kill(cmd); cmd.Wait() }()
			r := bufio.NewReader(out)
			for i := range 3 {
				fmt.Fprintf(in, "view %d\n", i)
				line, err := r.ReadString('\n')
				require.NoError(t, err, errs.String())
				require.Equal(t, fmt.Sprintf("echo view %d\n", i), line)
			}
		})
	}
	pid, err := os.ReadFile(filepath.Join(filepath.Dir(original), "pid.log"))
	require.NoError(t, err)
	_, err = strconv.Atoi(strings.TrimSpace(string(pid)))
	require.NoError(t, err, "the original bot wrote its pid.log")
}

// A program whose folder holds Arena's data is refused, with an error
// that says what to do.
func TestProgramInArenasFolderIsRefused(t *testing.T) {
	dir := t.TempDir()
	Protect(filepath.Join(dir, "server"))
	path := filepath.Join(dir, "run.sh")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/bash\necho hi\n"), 0o755))
	_, err := runProgram(t, path, Program{Name: "bot run.sh"})
	require.ErrorContains(t, err, "bot run.sh")
	require.ErrorContains(t, err, "holds Arena's data")
	require.ErrorContains(t, err, "a folder of its own")
}

// Where a layer is missing, mode on runs the program with the others and
// names the missing layer; mode strict refuses, naming it.
func TestMissingLayers(t *testing.T) {
	d := makeArenaData(t)
	path := program(t, `if cat "$1" 2>/dev/null; then echo READ; fi; echo finished`)
	for _, layer := range []string{"namespaces", "landlock"} {
		t.Run(layer, func(t *testing.T) {
			disabled[layer] = true
			defer delete(disabled, layer)
			out, err := runProgram(t, path, Program{Name: "hostile"}, d.token)
			require.NoError(t, err, out)
			require.Contains(t, out, "finished")
			require.NotContains(t, out, "READ", "the other layer keeps the token")

			usePolicy(t, Policy{Mode: Strict})
			_, err = runProgram(t, path, Program{Name: "hostile"}, d.token)
			require.ErrorContains(t, err, "hostile")
			require.ErrorContains(t, err, map[string]string{"namespaces": launcher.LayerUserNS, "landlock": launcher.LayerLandlock}[layer])
		})
	}
}

// Scratch folders that an Arena killed without clearing up left on the
// host (without a mount namespace) go when the next Arena makes one.
func TestStaleScratchIsSwept(t *testing.T) {
	stale := filepath.Join(os.TempDir(), fmt.Sprintf("arena-sandbox-%d-123", 1<<22+1))
	require.NoError(t, os.MkdirAll(filepath.Join(stale, "junk"), 0o755))
	sweep = sync.Once{}
	disabled["namespaces"] = true
	defer delete(disabled, "namespaces")
	out, err := runProgram(t, program(t, "echo hi"), Program{Name: "sweeper"})
	require.NoError(t, err, out)
	require.NoDirExists(t, stale)
}

// The sandbox works for an unprivileged user too: this test binary runs
// the hostile programs' tests again as nobody.
func TestUnprivileged(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("runs as root, to become nobody")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv is not installed")
	}
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o755))
	require.NoError(t, os.Chmod(filepath.Dir(dir), 0o755))
	exe := filepath.Join(dir, "sandbox.test")
	src, err := os.Open(os.Args[0])
	require.NoError(t, err)
	dst, err := os.OpenFile(exe, os.O_CREATE|os.O_WRONLY, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(dst, src)
	require.NoError(t, err)
	src.Close()
	dst.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--reset-env",
		exe, "-test.run=^(TestHostile|TestForkBomb|TestLimitsBind|TestEscapees|TestArenaKilled|TestWellBehavedBots|TestMissingLayers)", "-test.count=1")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=/nonexistent"}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "PASS")
}
