package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsyscall "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/arena-games/arena/net/sandbox/launcher"
)

// startTimeout bounds how long a launcher may take to set up and start
// its program.
const startTimeout = 20 * time.Second

// spares is how many connections a program with Connect may make: an
// AIC21 unit makes one, and a few more are for reconnecting.
const spares = 4

// box is a started program: its launcher, and what to clear up when it
// ends.
type box struct {
	cmd     *exec.Cmd
	name    string
	trusted bool // a process group, not a sandbox
	pidNS   bool // the launcher is the init of the program's PID namespace
	cg      *cgroup
	scratch string        // a scratch folder on the host, removed at the end
	ended   chan struct{} // closed when the launcher has ended, when known
	once    sync.Once
}

// start starts cmd in a sandbox, or as a trusted program.
func start(cmd *exec.Cmd, p Program) (*box, error) {
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	if cmd.Process != nil {
		return nil, errors.New("sandbox: the program is already started")
	}
	if len(cmd.ExtraFiles) > 0 || cmd.SysProcAttr != nil {
		return nil, fmt.Errorf("sandbox: %s: extra files and process attributes are the sandbox's own", p.Name)
	}
	if p.Trusted {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		return &box{cmd: cmd, name: p.Name, trusted: true}, nil
	}
	pol := CurrentPolicy()
	c, err := describe(cmd, p, pol)
	if err != nil {
		return nil, err
	}
	b := &box{cmd: cmd, name: p.Name}
	var ns namespaces
	if !c.Off {
		ns = probe()
		if disabled["namespaces"] {
			ns = noNamespaces
		}
		c.UserNS, c.PidNS, c.MountNS, c.NetNS = ns.user, ns.flags&unix.CLONE_NEWPID != 0, ns.flags&unix.CLONE_NEWNS != 0, ns.flags&unix.CLONE_NEWNET != 0
		c.Lacks = slices.Clone(ns.lacks)
		b.pidNS = c.PidNS
		if !c.MountNS {
			sweep.Do(sweepScratch)
			if b.scratch, err = os.MkdirTemp("", fmt.Sprintf("arena-sandbox-%d-*", os.Getpid())); err != nil {
				return nil, fmt.Errorf("sandbox: %s: the scratch folder: %w", p.Name, err)
			}
			c.Scratch = b.scratch
			if c.Dir == "" {
				c.Dir = b.scratch
			}
		}
		if os.Geteuid() == 0 || !c.UserNS {
			// RLIMIT_NPROC does not bind uid 0, and without a user
			// namespace it counts the user's every process: the cgroup
			// bounds the sandbox's.
			if disabled["cgroup"] {
				err = errors.New("turned off")
			} else {
				b.cg, err = newCgroup(c.Limits.Memory, c.Limits.Procs)
			}
			if err != nil {
				c.Lacks = append(c.Lacks, launcher.LayerCgroup, launcher.LayerNproc)
			}
			if !c.UserNS {
				c.Limits.Procs = 0 // RLIMIT_NPROC would count the user's other processes too
			}
		}
		if c.Strict && len(c.Lacks) > 0 {
			b.release()
			return nil, fmt.Errorf("sandbox: %s: --sandbox=strict and this system lacks: %s (--sandbox=on runs programs with the layers it has)",
				p.Name, strings.Join(c.Lacks, "; "))
		}
	}
	if c.Dir == "" {
		c.Dir = "/tmp"
	}
	if err := b.launch(c, ns); err != nil {
		b.release()
		return nil, err
	}
	return b, nil
}

// launch starts the launcher, hands it its config and waits for its
// report.
func (b *box) launch(c launcher.Config, ns namespaces) error {
	cmd := b.cmd
	cfgR, cfgW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer cfgR.Close()
	defer cfgW.Close()
	stR, stW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer stR.Close()
	defer stW.Close()
	files := []*os.File{cfgR, stW, nil}
	if !c.Off {
		rs, err := b.ruleset(&c)
		if err != nil {
			return fmt.Errorf("sandbox: %s: %s: %w", c.Name, launcher.LayerLandlock, err)
		}
		if rs != nil {
			defer rs.Close()
			files[launcher.FDRuleset-launcher.FDConfig] = rs
		}
	}
	if c.Connect != "" && c.NetNS {
		for range spares {
			s, err := outsideSocket(c.Connect)
			if err != nil {
				return fmt.Errorf("sandbox: %s: %w", c.Name, err)
			}
			defer s.Close()
			files = append(files, s)
		}
		c.Spares = spares
	}
	cmd.Path, cmd.Args, cmd.Dir, cmd.Env = "/proc/self/exe", []string{launcher.Name}, "/", []string{}
	cmd.ExtraFiles = files
	// A process group of its own, as before the sandbox: the terminal's
	// signals go to Arena, which ends its programs itself.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if !c.PidNS {
		cmd.SysProcAttr.Pdeathsig = syscall.SIGTERM // the launcher kills the rest first
	}
	if !c.Off {
		cmd.SysProcAttr.Cloneflags = ns.flags
		if ns.user {
			cmd.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
			cmd.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
		}
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("sandbox: %s: start the launcher: %w", c.Name, err)
	}
	cfgR.Close()
	stW.Close()
	b.watch()
	if b.cg != nil {
		if err := b.cg.add(cmd.Process.Pid); err != nil {
			cmd.Process.Kill()
			return fmt.Errorf("sandbox: %s: %s: %w", c.Name, launcher.LayerCgroup, err)
		}
	}
	err = json.NewEncoder(cfgW).Encode(c)
	cfgW.Close()
	if err != nil {
		cmd.Process.Kill()
		return fmt.Errorf("sandbox: %s: hand the launcher its config: %w", c.Name, err)
	}
	r, err := readReport(stR)
	if err == nil && r.Error != "" {
		err = errors.New(r.Error)
		if r.Layer != "" {
			err = fmt.Errorf("%s: %s", r.Layer, r.Error)
		}
	}
	if err != nil {
		cmd.Process.Kill()
		return fmt.Errorf("sandbox: cannot start %s: %w", c.Name, err)
	}
	warn(c.Name, r.Lacks)
	return nil
}

// readReport reads the launcher's report, for at most startTimeout.
func readReport(r *os.File) (launcher.Report, error) {
	var rep launcher.Report
	done := make(chan error, 1)
	go func() {
		line, err := bufio.NewReader(r).ReadBytes('\n')
		if err != nil && len(line) == 0 {
			if errors.Is(err, io.EOF) {
				err = errors.New("the launcher ended without a word (see the program's stderr)")
			}
			done <- err
			return
		}
		done <- json.Unmarshal(line, &rep)
	}()
	select {
	case err := <-done:
		return rep, err
	case <-time.After(startTimeout):
		r.Close()
		return rep, fmt.Errorf("the launcher did not start the program within %v", startTimeout)
	}
}

// warned holds the layers already warned about: each once per process.
var warned sync.Map

// warn says once for each layer that this system lacks it.
func warn(name string, lacks []string) {
	for _, l := range lacks {
		if _, seen := warned.LoadOrStore(l, true); !seen {
			slog.Warn("sandbox: this system lacks a layer; programs run without it (--sandbox=strict refuses them)", "layer", l, "program", name)
		}
	}
}

// outsideSocket makes an unconnected TCP socket in Arena's network
// namespace, for the launcher to reach addr with from inside its own.
func outsideSocket(addr string) (*os.File, error) {
	a, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		return nil, err
	}
	family := unix.AF_INET6
	if a.IP.To4() != nil {
		family = unix.AF_INET
	}
	fd, err := unix.Socket(family, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("a socket to reach %s: %w", addr, err)
	}
	return os.NewFile(uintptr(fd), "outside"), nil
}

// watch clears up after the launcher as soon as it ends, when the system
// tells (pidfd); else Kill and KillAll do.
func (b *box) watch() {
	fd, err := unix.PidfdOpen(b.cmd.Process.Pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return
	}
	b.ended = make(chan struct{})
	go func() {
		defer f.Close()
		rc.Read(func(fd uintptr) bool {
			n, _ := unix.Poll([]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}, 0)
			return n > 0
		})
		close(b.ended)
		b.release()
	}()
}

// kill kills the sandbox: the launcher, and so everything in its PID
// namespace; without one, the launcher is told to kill the rest first;
// with a cgroup, all that is in it.
func (b *box) kill() error {
	p := b.cmd.Process
	if p == nil {
		return nil
	}
	var err error
	if b.trusted {
		err = syscall.Kill(-p.Pid, syscall.SIGKILL)
		if errors.Is(err, syscall.ESRCH) {
			err = nil
		}
		return err
	}
	if b.pidNS {
		err = p.Kill()
	} else {
		err = p.Signal(syscall.SIGTERM)
		go func() {
			select {
			case <-b.ended:
			case <-time.After(2 * time.Second):
				p.Kill()
			}
		}()
	}
	if b.cg != nil {
		b.cg.kill()
	}
	if errors.Is(err, os.ErrProcessDone) {
		err = nil
	}
	return err
}

// release clears up after the sandbox once its launcher has ended (or
// after a moment): what is left in its cgroup, the cgroup, the scratch
// folder on the host.
func (b *box) release() {
	b.once.Do(func() {
		if b.ended != nil {
			select {
			case <-b.ended:
			case <-time.After(2 * time.Second):
			}
		}
		if b.cg != nil {
			b.cg.remove()
		}
		if b.scratch != "" {
			os.RemoveAll(b.scratch)
		}
	})
}

// namespaces are the namespaces this system lets Arena make.
type namespaces struct {
	flags uintptr
	user  bool
	lacks []string
}

var probed struct {
	once sync.Once
	ns   namespaces
}

// noNamespaces is a launcher made in none.
var noNamespaces = namespaces{lacks: []string{launcher.LayerUserNS, launcher.LayerPidNS, launcher.LayerMountNS, launcher.LayerNetNS}}

// disabled turns layers off ("namespaces", "landlock", "cgroup") as a
// system that lacks them would: the tests of what happens then use it.
var disabled = map[string]bool{}

// allNamespaces are the namespaces a sandbox lives in.
const allNamespaces = unix.CLONE_NEWUSER | unix.CLONE_NEWPID | unix.CLONE_NEWNS | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS | unix.CLONE_NEWNET | unix.CLONE_NEWCGROUP

// probe finds, once, which namespaces a launcher can be made in: all of
// them; as root, all but a user namespace; or none.
func probe() namespaces {
	probed.once.Do(func() {
		try := []namespaces{{flags: allNamespaces, user: true}}
		if os.Geteuid() == 0 {
			try = append(try, namespaces{flags: allNamespaces &^ unix.CLONE_NEWUSER, lacks: []string{launcher.LayerUserNS}})
		}
		try = append(try, noNamespaces)
		for _, ns := range try {
			cmd := exec.Command("/proc/self/exe")
			cmd.Args = []string{launcher.ProbeName}
			cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: ns.flags, Pdeathsig: syscall.SIGKILL}
			if ns.user {
				cmd.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}}
				cmd.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}}
			}
			if err := cmd.Run(); err == nil || ns.flags == 0 {
				probed.ns = ns
				if err != nil {
					slog.Warn("sandbox: cannot make namespaces", "error", err)
				}
				return
			}
		}
	})
	return probed.ns
}

// describe turns cmd and what the caller knows of it into the launcher's
// config.
func describe(cmd *exec.Cmd, p Program, pol Policy) (launcher.Config, error) {
	lim := DefaultLimits.Over(p.Limits).Over(pol.Limits)
	c := launcher.Config{Name: p.Name, Args: slices.Clone(cmd.Args), Off: pol.Mode == Off, Strict: pol.Mode == Strict,
		Limits: launcher.Limits{Memory: lim.Memory, CPU: int64(lim.CPU.Seconds()), Procs: int64(lim.Procs), Files: int64(lim.Files), FileSize: lim.FileSize, Scratch: lim.Scratch}}
	cwd, err := os.Getwd()
	if err != nil {
		cwd = "/"
	}
	base := cwd
	if cmd.Dir != "" {
		base = abs(cmd.Dir, cwd)
	}
	c.Path = abs(cmd.Path, base)
	if st, err := os.Stat(c.Path); err != nil || st.IsDir() {
		return c, fmt.Errorf("start %s: %s is not a program", p.Name, cmd.Path)
	}
	if c.Off {
		c.Dir, c.Env = base, cmd.Env
		if c.Env == nil {
			c.Env = os.Environ()
		}
		return c, nil
	}
	c.Env = programEnv(cmd.Env, pol.Env)
	system, err := readable(pol)
	if err != nil {
		return c, fmt.Errorf("sandbox: %s: %w", p.Name, err)
	}
	c.Read, c.Mask = system.entries, etcMasks()
	own := p.Dir
	if own == "" {
		own = ownFolder(c.Path, cmd.Args, base, system.binds)
	}
	if own != "" {
		own, err = filepath.EvalSymlinks(abs(own, base))
		if err != nil {
			return c, fmt.Errorf("sandbox: %s: its folder: %w", p.Name, err)
		}
		if err := checkOwn(own); err != nil {
			return c, fmt.Errorf("sandbox: %s: %w", p.Name, err)
		}
		c.Own = own
	}
	switch {
	case cmd.Dir != "" && (launcher.Within(base, own) || launcher.Covered(base, system.binds)):
		c.Dir = base
	case own != "":
		c.Dir = own
	}
	for _, w := range p.Write {
		w = abs(w, own)
		if own == "" || !launcher.Within(w, own) {
			return c, fmt.Errorf("sandbox: %s: %s is not in its folder %s", p.Name, w, own)
		}
		f, err := os.OpenFile(w, os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			continue // Arena's user may not write it either: neither may the program
		}
		f.Close()
		c.Write = append(c.Write, w)
	}
	if p.Connect != "" {
		if _, _, err := net.SplitHostPort(p.Connect); err != nil {
			return c, fmt.Errorf("sandbox: %s: the address it connects to: %w", p.Name, err)
		}
		c.Connect = p.Connect
	}
	return c, nil
}

// abs is path, absolute, relative to base when it is not.
func abs(path, base string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(base, path)
}

// ownFolder is the folder of the first of the program's words that names
// a file outside the system's folders: the program itself, or the script
// or jar that an interpreter runs. "" when all are the system's.
func ownFolder(path string, args []string, base string, system []string) string {
	words := []string{path}
	if len(args) > 1 {
		words = append(words, args[1:]...)
	}
	for _, w := range words {
		if w == "" || strings.HasPrefix(w, "-") {
			continue
		}
		f := abs(w, base)
		if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if real, err := filepath.EvalSymlinks(f); err == nil && !launcher.Covered(real, system) {
			return filepath.Dir(real)
		}
	}
	return ""
}

// checkOwn refuses a program folder that would show Arena's data or the
// whole system: the root, a home folder, a folder that holds Arena's
// data.
func checkOwn(own string) error {
	if own == "/" || own == os.TempDir() || slices.Contains(forbidden, own) {
		return fmt.Errorf("its folder would be %s: put the program in a folder of its own", own)
	}
	if home, err := os.UserHomeDir(); err == nil && own == home {
		return fmt.Errorf("its folder would be your home folder %s: put the program in a folder of its own", own)
	}
	for _, d := range protected() {
		if launcher.Within(d, own) {
			return fmt.Errorf("its folder %s holds Arena's data (%s): put the program in a folder of its own", own, d)
		}
	}
	return nil
}

// forbidden are folders that are never a program's own, nor one to read.
var forbidden = []string{"/proc", "/sys", "/dev", "/tmp", "/run", "/var", "/home", "/root"}

// landlockConfigs are go-landlock's presets by Landlock ABI, as far as
// Arena uses them.
var landlockConfigs = []landlock.Config{landlock.V1, landlock.V2, landlock.V3, landlock.V4, landlock.V5, landlock.V6, landlock.V7}

// ruleset makes the program's Landlock ruleset, for the launcher to add
// its scratch tmpfs and its /proc to and restrict itself with: read and
// run the program's folder and what the system lets programs read; write
// the files it may, a host scratch folder and the harmless devices; TCP
// only to its address. Nil where the kernel has no Landlock.
func (b *box) ruleset(c *launcher.Config) (*os.File, error) {
	abi, err := llsyscall.LandlockGetABIVersion()
	if err != nil || abi < 1 || disabled["landlock"] {
		return nil, nil
	}
	cfg := landlockConfigs[min(abi, len(landlockConfigs))-1]
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
	rules = append(rules, landlock.RWFiles(c.Write...),
		landlock.RWFiles("/dev/null", "/dev/zero", "/dev/full").IgnoreIfMissing(),
		landlock.ROFiles("/dev/random", "/dev/urandom").IgnoreIfMissing())
	if c.Scratch != "" {
		rules = append(rules, landlock.RWDirs(c.Scratch).WithRefer())
	}
	if c.Connect != "" {
		_, port, _ := net.SplitHostPort(c.Connect)
		n, err := strconv.ParseUint(port, 10, 16)
		if err != nil {
			return nil, fmt.Errorf("the port of %s: %w", c.Connect, err)
		}
		rules = append(rules, landlock.ConnectTCP(uint16(n)))
	}
	fd, flags, err := cfg.BestEffort().NewRulesetFD(rules...)
	if err != nil || fd < 0 {
		return nil, err
	}
	c.Landlock, c.RulesetFlags = true, flags
	c.ScratchRights = uint64(cfg.HandledAccessFS)
	c.ReadOnly = uint64(cfg.HandledAccessFS) & (llsyscall.AccessFSExecute | llsyscall.AccessFSReadFile | llsyscall.AccessFSReadDir)
	if abi < 4 && !c.NetNS {
		c.Lacks = append(c.Lacks, launcher.LayerLLNet)
	}
	if abi < 6 && (!c.PidNS || !c.NetNS) {
		c.Lacks = append(c.Lacks, launcher.LayerLLScope)
	}
	return os.NewFile(uintptr(fd), "landlock ruleset"), nil
}

var sweep sync.Once

// sweepScratch removes the scratch folders on the host that Arena
// processes no longer running left (killed before they could clear up).
func sweepScratch() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "arena-sandbox-*-*"))
	for _, d := range dirs {
		owner, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), "arena-sandbox-"), "-")
		if pid, err := strconv.Atoi(owner); err == nil && errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
			os.RemoveAll(d)
		}
	}
}
