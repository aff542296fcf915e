package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsyscall "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// init turns this process into a sandbox's launcher when Arena started it
// as one (argv[0] is launcherName): before the rest of Arena runs, it
// confines itself, starts the program, stays its parent and exits with
// its status. The main goroutine stays locked to the main thread, whose
// confinement the program inherits.
func init() {
	if len(os.Args) == 1 && os.Args[0] == probeName {
		os.Exit(0) // it could be made: that was all
	}
	if len(os.Args) == 0 || os.Args[0] != launcherName {
		return
	}
	runtime.LockOSThread()
	os.Exit(launch())
}

// failure is an error at one layer of the sandbox.
type failure struct {
	layer string
	err   error
}

func (f failure) Error() string { return f.layer + ": " + f.err.Error() }

// launch is the launcher: it reads its config, confines itself, starts
// the program and reaps until the program ends.
func launch() int {
	status := os.NewFile(fdStatus, "status")
	in := os.NewFile(fdConfig, "config")
	var c config
	err := json.NewDecoder(in).Decode(&c)
	in.Close()
	if err != nil {
		json.NewEncoder(status).Encode(report{Error: "read the launcher's config: " + err.Error()})
		return 125
	}
	for fd := fdConfig; fd < fdSpares+c.Spares; fd++ {
		syscall.CloseOnExec(fd)
	}
	l := &launcher{c: c, lacks: slices.Clone(c.Layers)}
	pid, err := l.start()
	if err != nil {
		r := report{Error: err.Error()}
		var f failure
		if errors.As(err, &f) {
			r.Layer, r.Error = f.layer, f.err.Error()
		}
		json.NewEncoder(status).Encode(r)
		return 125
	}
	json.NewEncoder(status).Encode(report{Lacks: l.lacks})
	status.Close()
	code := make(chan int)
	go func() { code <- l.reap(pid) }()
	return <-code
}

// launcher is a launcher at work.
type launcher struct {
	c     config
	lacks []string
	relay *net.TCPListener
}

// lack notes a layer that does not work; in strict mode it is an error.
func (l *launcher) lack(layer string, err error) error {
	if l.c.Strict {
		return failure{layer, err}
	}
	l.lacks = append(l.lacks, layer)
	return nil
}

// start confines the launcher's main thread and starts the program from
// it, so that the program inherits every layer.
func (l *launcher) start() (int, error) {
	c := l.c
	if c.Off || !c.PidNS {
		// Without a PID namespace the launcher kills what the program
		// leaves: orphans come to it.
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return 0, failure{layerPidNS, fmt.Errorf("become the subreaper: %w", err)}
		}
		signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM) // reap handles it
	}
	if !c.Off {
		if err := l.confine(); err != nil {
			return 0, err
		}
		c = l.c
	}
	cmd := &exec.Cmd{Path: c.Path, Args: c.Args, Env: c.Env, Dir: c.Dir, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return 0, l.why(err)
	}
	return cmd.Process.Pid, nil
}

// why explains a program that cannot start.
func (l *launcher) why(err error) error {
	c := l.c
	if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.ENOENT) {
		if c.Off {
			return fmt.Errorf("start %s: %w", c.Path, err)
		}
		return failure{layerLandlock, fmt.Errorf("start %s: %w: the program, and every file it runs, must be in its folder %s or the system's folders "+
			"(more with --sandbox read=FOLDER; trusted programs run unconfined with --sandbox=off)", c.Path, err, c.Own)}
	}
	return fmt.Errorf("start %s: %w", c.Path, err)
}

// confine applies the layers, in order: the file system (mount
// namespace), the network, the limits, and last, on the main thread, no
// new privileges, no capabilities and Landlock.
func (l *launcher) confine() error {
	c := l.c
	unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
	home := c.Scratch
	if c.MountNS {
		if err := l.buildRoot(); err != nil {
			return failure{layerMountNS, err}
		}
		home = "/tmp"
		unix.Sethostname([]byte("arena-sandbox"))
	}
	c.Env = append(c.Env, "HOME="+home, "TMPDIR="+home)
	l.c.Env = c.Env
	if c.NetNS {
		if err := loopbackUp(); err != nil {
			return failure{layerNetNS, err}
		}
	}
	if c.Connect != "" && c.NetNS {
		if err := l.listen(); err != nil {
			return failure{layerNetNS, err}
		}
	}
	if err := l.limit(); err != nil {
		return failure{layerRlimits, err}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return failure{"no new privileges", err}
	}
	if err := dropCaps(); err != nil {
		return failure{layerCaps, err}
	}
	return l.landlock()
}

// limit sets the program's resource limits. The launcher's own threads
// count towards the process limit, so it gets them on top.
func (l *launcher) limit() error {
	lim := l.c.Limits
	threads := uint64(pprof.Lookup("threadcreate").Count()) + 4
	cpu := uint64(lim.CPU.Seconds())
	set := []struct {
		res       int
		cur, max  uint64
		name      string
		unlimited bool
	}{
		{unix.RLIMIT_DATA, uint64(lim.Memory), uint64(lim.Memory), "memory", lim.Memory == 0},
		{unix.RLIMIT_CPU, cpu, cpu + 1, "cpu", cpu == 0},
		{unix.RLIMIT_NPROC, uint64(lim.Procs) + threads, uint64(lim.Procs) + threads, "procs", lim.Procs == 0},
		{unix.RLIMIT_NOFILE, uint64(lim.Files), uint64(lim.Files), "files", lim.Files == 0},
		{unix.RLIMIT_FSIZE, uint64(lim.FileSize), uint64(lim.FileSize), "filesize", lim.FileSize == 0},
		{unix.RLIMIT_CORE, 0, 0, "core", false},
	}
	for _, s := range set {
		if s.unlimited {
			continue
		}
		var old syscall.Rlimit
		syscall.Getrlimit(s.res, &old)
		r := syscall.Rlimit{Cur: min(s.cur, old.Max), Max: min(s.max, old.Max)}
		if err := syscall.Setrlimit(s.res, &r); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return nil
}

// landlock restricts the main thread's file access to the program's
// folder, the system's, its scratch folder and a few devices, and its TCP
// to Connect's port.
func (l *launcher) landlock() error {
	c := l.c
	abi, err := llsyscall.LandlockGetABIVersion()
	if c.NoLandlock {
		abi, err = 0, errors.New("turned off")
	}
	if err != nil || abi < 1 {
		if err == nil {
			err = errors.New("not enabled in this kernel")
		}
		return l.lack(layerLandlock, err)
	}
	var rules []landlock.Rule
	read := []string{c.Own}
	for _, e := range c.Read {
		if e.Link == "" {
			read = append(read, e.Path)
		}
	}
	for _, p := range read {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			rules = append(rules, landlock.RODirs(p))
		} else if err == nil {
			rules = append(rules, landlock.ROFiles(p))
		}
	}
	scratch := c.Scratch
	if c.MountNS {
		scratch = "/tmp"
		if _, err := os.Stat("/proc/self"); err == nil {
			rules = append(rules, landlock.RODirs("/proc"))
		}
	}
	rules = append(rules, landlock.RWDirs(scratch).WithRefer(), landlock.RWFiles(c.Write...),
		landlock.RWFiles("/dev/null", "/dev/zero", "/dev/full").IgnoreIfMissing(),
		landlock.ROFiles("/dev/random", "/dev/urandom").IgnoreIfMissing())
	if c.Connect != "" {
		_, port, _ := net.SplitHostPort(c.Connect)
		n, _ := strconv.ParseUint(port, 10, 16)
		rules = append(rules, landlock.ConnectTCP(uint16(n)))
	}
	cfg := landlock.V7.BestEffort()
	fd, flags, err := cfg.NewRulesetFD(rules...)
	if err != nil {
		return failure{layerLandlock, err}
	}
	if fd < 0 {
		return l.lack(layerLandlock, errors.New("nothing to enforce"))
	}
	defer unix.Close(fd)
	if err := llsyscall.LandlockRestrictSelf(fd, flags); err != nil {
		return failure{layerLandlock, err}
	}
	if abi < 4 && !c.NetNS {
		if err := l.lack(layerLLNet, fmt.Errorf("Landlock ABI %d", abi)); err != nil {
			return err
		}
	}
	if abi < 6 {
		if err := l.lack(layerLLScope, fmt.Errorf("Landlock ABI %d", abi)); err != nil {
			return err
		}
	}
	return nil
}

// Secure bits (linux/securebits.h): root is no one special, for good.
const (
	secbitNoRoot              = 1 << 0
	secbitNoRootLocked        = 1 << 1
	secbitNoSetuidFixup       = 1 << 2
	secbitNoSetuidFixupLocked = 1 << 3
	secbitKeepCapsLocked      = 1 << 5
	secbitNoAmbientRaise      = 1 << 6
	secbitNoAmbientRaiseLock  = 1 << 7
)

// dropCaps leaves the main thread, and so the program, no capability:
// none now, none in its bounding set, and none that running as uid 0
// would give back.
func dropCaps() error {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capget: %w", err)
	}
	if data[0].Permitted|data[1].Permitted == 0 && os.Getuid() != 0 {
		return nil // none to drop, and no new privileges keeps it so
	}
	unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
	bits := secbitNoRoot | secbitNoRootLocked | secbitNoSetuidFixup | secbitNoSetuidFixupLocked | secbitKeepCapsLocked | secbitNoAmbientRaise | secbitNoAmbientRaiseLock
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, uintptr(bits), 0, 0, 0); err != nil {
		return fmt.Errorf("securebits: %w", err)
	}
	last := 40
	if data, err := os.ReadFile("/proc/sys/kernel/cap_last_cap"); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
			last = n
		}
	}
	for capability := 0; capability <= last; capability++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(capability), 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
			return fmt.Errorf("drop capability %d: %w", capability, err)
		}
	}
	data = [2]unix.CapUserData{}
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}

// reap waits for the program, reaping whatever else ends, and returns
// its status: its exit code, or 128 plus the signal that ended it.
// Without a PID namespace it first kills what the program left running;
// with one, the kernel kills it when the launcher exits.
func (l *launcher) reap(pid int) int {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGCHLD, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	code := -1
	for code < 0 {
		for {
			var ws unix.WaitStatus
			got, err := unix.Wait4(-1, &ws, unix.WNOHANG, nil)
			if err != nil || got <= 0 {
				break
			}
			if got == pid {
				code = ws.ExitStatus()
				if ws.Signaled() {
					code = 128 + int(ws.Signal())
				}
			}
		}
		if code >= 0 {
			break
		}
		if s := <-signals; s != syscall.SIGCHLD {
			unix.Kill(pid, unix.SIGKILL)
			code = 128 + int(s.(syscall.Signal))
		}
	}
	if !l.c.PidNS || l.c.Off {
		killDescendants()
	}
	return code
}

// killDescendants kills every process the launcher's children started,
// over and over until none is left: orphans come to the launcher, which
// is their subreaper.
func killDescendants() {
	for range 1000 {
		kids := children(os.Getpid())
		if len(kids) == 0 {
			return
		}
		for len(kids) > 0 {
			pid := kids[0]
			kids = append(kids[1:], children(pid)...)
			unix.Kill(pid, unix.SIGKILL)
		}
		for {
			if got, err := unix.Wait4(-1, nil, 0, nil); err != nil || got <= 0 {
				break
			}
		}
	}
}

// children lists the children of pid, from /proc.
func children(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, t := range tasks {
		data, _ := os.ReadFile(t)
		for f := range strings.FieldsSeq(string(data)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}
