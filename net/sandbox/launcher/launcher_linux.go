package launcher

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// init turns this process into a sandbox's launcher when Arena started it
// as one. The main goroutine stays locked to the main thread, whose
// confinement the program inherits.
func init() {
	if len(os.Args) == 1 && os.Args[0] == ProbeName {
		os.Exit(0) // it could be made: that was all
	}
	if len(os.Args) != 1 || os.Args[0] != Name {
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

// launch reads the config, confines the launcher, starts the program and
// reaps until the program ends.
func launch() int {
	status := os.NewFile(FDStatus, "status")
	in := os.NewFile(FDConfig, "config")
	var c Config
	err := json.NewDecoder(in).Decode(&c)
	in.Close()
	if err != nil {
		json.NewEncoder(status).Encode(Report{Error: "read the launcher's config: " + err.Error()})
		return 125
	}
	for fd := FDConfig; fd < FDSpares+c.Spares; fd++ {
		syscall.CloseOnExec(fd)
	}
	l := &launcher{c: c, lacks: append([]string(nil), c.Lacks...)}
	pid, err := l.start()
	if err != nil {
		r := Report{Error: err.Error()}
		var f failure
		if errors.As(err, &f) {
			r.Layer, r.Error = f.layer, f.err.Error()
		}
		json.NewEncoder(status).Encode(r)
		return 125
	}
	json.NewEncoder(status).Encode(Report{Lacks: l.lacks})
	status.Close()
	code := make(chan int)
	go func() { code <- l.reap(pid) }()
	return <-code
}

// launcher is a launcher at work.
type launcher struct {
	c     Config
	lacks []string
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
	if l.c.Off || !l.c.PidNS {
		// Without a PID namespace the launcher kills what the program
		// leaves: orphans come to it.
		if err := prctl(prSetChildSubreaper, 1); err != nil {
			return 0, failure{LayerPidNS, fmt.Errorf("become the subreaper: %w", err)}
		}
		signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM) // reap handles it
	}
	if !l.c.Off {
		if err := l.confine(); err != nil {
			return 0, err
		}
	}
	c := l.c
	// The program stops at its exec (ptrace), to get its limits before
	// its first instruction: the launcher keeps none of them.
	limited := !c.Off && c.Limits != Limits{}
	attr := &syscall.ProcAttr{Dir: c.Dir, Env: c.Env, Files: []uintptr{0, 1, 2}, Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Ptrace: limited}}
	pid, err := syscall.ForkExec(c.Path, c.Args, attr)
	if err != nil {
		return 0, l.why(err)
	}
	if limited {
		var ws syscall.WaitStatus
		_, werr := syscall.Wait4(pid, &ws, syscall.WALL, nil)
		if werr == nil && ws.Stopped() {
			err = l.limit(pid)
		}
		syscall.PtraceDetach(pid)
		if werr != nil || err != nil {
			syscall.Kill(pid, syscall.SIGKILL)
			return 0, failure{LayerRlimits, errors.Join(werr, err)}
		}
	}
	return pid, nil
}

// why explains a program that cannot start.
func (l *launcher) why(err error) error {
	c := l.c
	if !c.Off && (errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.ENOENT)) {
		return failure{LayerLandlock, fmt.Errorf("start %s: %w: the program, and every file it runs, must be in its folder %s or the system's folders "+
			"(more with --sandbox read=FOLDER; trusted programs run unconfined with --sandbox=off)", c.Path, err, c.Own)}
	}
	return fmt.Errorf("start %s: %w", c.Path, err)
}

// confine applies the layers, in order: the file system (mount
// namespace), the network, and last, on the main thread, no new
// privileges, no capabilities and Landlock. The limits are the program's
// alone (start).
func (l *launcher) confine() error {
	prctl(syscall.PR_SET_DUMPABLE, 0)
	home := l.c.Scratch
	if l.c.MountNS {
		if err := l.buildRoot(); err != nil {
			return failure{LayerMountNS, err}
		}
		home = "/tmp"
		syscall.Sethostname([]byte("arena-sandbox"))
	}
	l.c.Env = append(l.c.Env, "HOME="+home, "TMPDIR="+home)
	if l.c.NetNS {
		if err := loopbackUp(); err != nil {
			return failure{LayerNetNS, err}
		}
		if l.c.Connect != "" {
			if err := l.listen(); err != nil {
				return failure{LayerNetNS, err}
			}
		}
	}
	if err := prctl(prSetNoNewPrivs, 1); err != nil {
		return failure{"no new privileges", err}
	}
	if err := dropCaps(); err != nil {
		return failure{LayerCaps, err}
	}
	return l.landlock()
}

// The prctl options package syscall lacks.
const (
	prSetChildSubreaper = 36
	prSetNoNewPrivs     = 38
)

// prctl calls prctl(2) on this thread.
func prctl(option int, arg uintptr) error {
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRCTL, uintptr(option), arg, 0, 0, 0, 0); e != 0 {
		return e
	}
	return nil
}

// limit sets the resource limits of the program pid. The launcher's own
// threads count towards the process limit, so it gets Threads more.
func (l *launcher) limit(pid int) error {
	lim := l.c.Limits
	procs := lim.Procs
	if procs > 0 {
		procs += Threads
	}
	for _, s := range []struct {
		res      int
		cur, max int64
		name     string
	}{
		{syscall.RLIMIT_DATA, lim.Memory, lim.Memory, "memory"},
		{syscall.RLIMIT_CPU, lim.CPU, lim.CPU + 1, "cpu"},
		{rlimitNproc, procs, procs, "procs"},
		{syscall.RLIMIT_NOFILE, lim.Files, lim.Files, "files"},
		{rlimitFsize, lim.FileSize, lim.FileSize, "filesize"},
	} {
		if s.cur <= 0 {
			continue
		}
		var old syscall.Rlimit
		syscall.Getrlimit(s.res, &old)
		r := syscall.Rlimit{Cur: min(uint64(s.cur), old.Max), Max: min(uint64(s.max), old.Max)}
		if err := prlimit(pid, s.res, &r); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return prlimit(pid, rlimitCore, &syscall.Rlimit{})
}

// prlimit sets a resource limit of the process pid.
func prlimit(pid, resource int, r *syscall.Rlimit) error {
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(resource), uintptr(unsafe.Pointer(r)), 0, 0, 0); e != 0 {
		return e
	}
	return nil
}

// The resource numbers package syscall lacks.
const (
	rlimitNproc = 6
	rlimitFsize = 1
	rlimitCore  = 4
)

// Landlock's system calls and constants (linux/landlock.h).
const (
	sysLandlockAddRule      = 445
	sysLandlockRestrictSelf = 446
	rulePathBeneath         = 1
	oPath                   = 0x200000
)

// landlock adds the launcher's own rules (its scratch folder, its /proc)
// to Arena's ruleset and restricts the main thread with it.
func (l *launcher) landlock() error {
	c := l.c
	if !c.Landlock {
		return l.lack(LayerLandlock, errors.New("this kernel has no Landlock, or it is turned off"))
	}
	if c.MountNS {
		if err := addRule("/tmp", c.ScratchRights); err != nil {
			return failure{LayerLandlock, fmt.Errorf("the scratch folder: %w", err)}
		}
		if _, err := os.Stat("/proc/self"); err == nil {
			if err := addRule("/proc", c.ReadOnly); err != nil {
				return failure{LayerLandlock, fmt.Errorf("/proc: %w", err)}
			}
		}
	}
	if _, _, e := syscall.RawSyscall(sysLandlockRestrictSelf, FDRuleset, uintptr(c.RulesetFlags), 0); e != 0 {
		return failure{LayerLandlock, fmt.Errorf("landlock_restrict_self: %w", e)}
	}
	syscall.Close(FDRuleset)
	return nil
}

// addRule lets the program use path, and what is beneath it, with the
// rights.
func addRule(path string, rights uint64) error {
	fd, err := syscall.Open(path, oPath|syscall.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	var attr [12]byte // struct landlock_path_beneath_attr, packed
	*(*uint64)(unsafe.Pointer(&attr[0])) = rights
	*(*int32)(unsafe.Pointer(&attr[8])) = int32(fd)
	if _, _, e := syscall.Syscall6(sysLandlockAddRule, FDRuleset, rulePathBeneath, uintptr(unsafe.Pointer(&attr[0])), 0, 0, 0); e != 0 {
		return e
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

// Capability calls (linux/prctl.h, linux/capability.h).
const (
	prCapAmbient         = 47
	prCapAmbientClearAll = 4
	prCapbsetDrop        = 24
	prSetSecurebits      = 28
	capVersion3          = 0x20080522
)

// capHeader and capData are the structs of capget(2) and capset(2).
type capHeader struct {
	version uint32
	pid     int32
}

type capData struct{ effective, permitted, inheritable uint32 }

// dropCaps leaves the main thread, and so the program, no capability:
// none now, none in its bounding set, and none that running as uid 0
// would give back.
func dropCaps() error {
	hdr := capHeader{version: capVersion3}
	var data [2]capData
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPGET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return fmt.Errorf("capget: %w", e)
	}
	if data[0].permitted|data[1].permitted == 0 && os.Getuid() != 0 {
		return nil // none to drop, and no new privileges keeps it so
	}
	prctl(prCapAmbient, prCapAmbientClearAll)
	bits := secbitNoRoot | secbitNoRootLocked | secbitNoSetuidFixup | secbitNoSetuidFixupLocked | secbitKeepCapsLocked | secbitNoAmbientRaise | secbitNoAmbientRaiseLock
	if err := prctl(prSetSecurebits, uintptr(bits)); err != nil {
		return fmt.Errorf("securebits: %w", err)
	}
	for capability := 0; capability <= 63; capability++ {
		if err := prctl(prCapbsetDrop, uintptr(capability)); err != nil {
			if errors.Is(err, syscall.EINVAL) {
				break // past the last capability
			}
			return fmt.Errorf("drop capability %d: %w", capability, err)
		}
	}
	data = [2]capData{}
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return fmt.Errorf("capset: %w", e)
	}
	return nil
}

// reap waits for the program, reaping whatever else ends, and returns its
// status: its exit code, or 128 plus the signal that ended it. Without a
// PID namespace it first kills what the program left running; with one,
// the kernel kills it when the launcher exits.
func (l *launcher) reap(pid int) int {
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGCHLD, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	code := -1
	for code < 0 {
		for {
			var ws syscall.WaitStatus
			got, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
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
			syscall.Kill(pid, syscall.SIGKILL)
			code = 128 + int(s.(syscall.Signal))
		}
	}
	if !l.c.PidNS || l.c.Off {
		killDescendants()
	}
	return code
}

// killDescendants kills every process the launcher's children started,
// over and over until the launcher has no child left: orphans come to the
// launcher, which is their subreaper, and /proc's lists of children may
// miss a process that is forking, so only wait4's ECHILD ends it. It never
// blocks on a child: one that comes while it waits is killed on the next
// pass.
func killDescendants() {
	for range 2000 {
		for kids := children(os.Getpid()); len(kids) > 0; {
			pid := kids[0]
			kids = append(kids[1:], children(pid)...)
			syscall.Kill(pid, syscall.SIGKILL)
		}
		for {
			got, err := syscall.Wait4(-1, nil, syscall.WNOHANG|syscall.WALL, nil)
			if errors.Is(err, syscall.ECHILD) {
				return
			}
			if err != nil || got <= 0 {
				break
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// children lists the children of pid, from /proc.
func children(pid int) []int {
	var out []int
	dir := "/proc/" + strconv.Itoa(pid) + "/task"
	tasks, _ := os.ReadDir(dir)
	for _, t := range tasks {
		data, _ := os.ReadFile(dir + "/" + t.Name() + "/children")
		for _, f := range strings.Fields(string(data)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}
