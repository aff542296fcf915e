package sandbox

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Mode is how much of the sandbox Arena uses.
type Mode int

const (
	// On confines every program with every layer the kernel offers, and
	// says once which layers it lacks. It is the default.
	On Mode = iota
	// Strict refuses to start a program unless every layer works.
	Strict
	// Off runs programs as Arena's user, as trusted local programs: they
	// are still killed whole at the end of their match.
	Off
)

func (m Mode) String() string {
	switch m {
	case Strict:
		return "strict"
	case Off:
		return "off"
	}
	return "on"
}

// Limits bound what a program may use. A zero field is not set: the
// program's contest default applies, or DefaultLimits'.
type Limits struct {
	Memory   int64         // bytes of data memory (RLIMIT_DATA), and of memory with a cgroup
	CPU      time.Duration // CPU time (RLIMIT_CPU), each process of the program
	Procs    int           // processes and threads together (RLIMIT_NPROC, the pids cgroup)
	Files    int           // open files (RLIMIT_NOFILE)
	FileSize int64         // the largest file it may write (RLIMIT_FSIZE)
	Scratch  int64         // the size of its scratch folder
}

// DefaultLimits are the limits of a program whose contest sets none.
var DefaultLimits = Limits{Memory: 1 << 30, CPU: 30 * time.Minute, Procs: 128, Files: 1024, FileSize: 64 << 20, Scratch: 128 << 20}

// Over is l with every field that o sets taken from o.
func (l Limits) Over(o Limits) Limits {
	if o.Memory != 0 {
		l.Memory = o.Memory
	}
	if o.CPU != 0 {
		l.CPU = o.CPU
	}
	if o.Procs != 0 {
		l.Procs = o.Procs
	}
	if o.Files != 0 {
		l.Files = o.Files
	}
	if o.FileSize != 0 {
		l.FileSize = o.FileSize
	}
	if o.Scratch != 0 {
		l.Scratch = o.Scratch
	}
	return l
}

// Policy is how Arena confines the programs it starts: the command line's
// --sandbox, set once for the whole process.
type Policy struct {
	Mode   Mode
	Limits Limits   // set fields override every program's defaults
	Read   []string // more folders (or files) programs may read, such as a runtime's
	Env    []string // more environment variables passed on to programs, by name
}

// Usage is the help of the --sandbox flag.
const Usage = "the `MODE` programs (bots, engines, AIC21 units) run in: on (the default: every layer this system has, naming those it lacks), " +
	"strict (refuse a program unless every layer works) or off (trusted programs, unconfined); with settings, comma-separated: " +
	"memory=2GB, cpu=15m, procs=128, files=1024, filesize=64MiB, scratch=128MiB, read=/opt/jdk (a folder programs may read), env=NAME (a variable passed on)"

var current struct {
	sync.Mutex
	p Policy
}

// SetPolicy sets the policy of every program started from now on.
func SetPolicy(p Policy) {
	current.Lock()
	defer current.Unlock()
	current.p = p
}

// CurrentPolicy is the policy programs start with.
func CurrentPolicy() Policy {
	current.Lock()
	defer current.Unlock()
	return current.p
}

// Flag is the --sandbox flag of a command that starts programs: setting it
// sets the process's policy.
type Flag struct{}

// String is the current policy, as the flag writes it.
func (Flag) String() string { return CurrentPolicy().String() }

// Set parses a --sandbox value and makes it the policy.
func (Flag) Set(s string) error {
	p, err := ParsePolicy(s)
	if err != nil {
		return err
	}
	SetPolicy(p)
	return nil
}

// String writes p as ParsePolicy reads it.
func (p Policy) String() string {
	parts := []string{p.Mode.String()}
	l := p.Limits
	if l.Memory != 0 {
		parts = append(parts, "memory="+formatSize(l.Memory))
	}
	if l.CPU != 0 {
		parts = append(parts, "cpu="+l.CPU.String())
	}
	if l.Procs != 0 {
		parts = append(parts, "procs="+strconv.Itoa(l.Procs))
	}
	if l.Files != 0 {
		parts = append(parts, "files="+strconv.Itoa(l.Files))
	}
	if l.FileSize != 0 {
		parts = append(parts, "filesize="+formatSize(l.FileSize))
	}
	if l.Scratch != 0 {
		parts = append(parts, "scratch="+formatSize(l.Scratch))
	}
	for _, r := range p.Read {
		parts = append(parts, "read="+r)
	}
	for _, e := range p.Env {
		parts = append(parts, "env="+e)
	}
	return strings.Join(parts, ",")
}

// ParsePolicy reads a --sandbox value: a mode (on, strict, off) and
// settings NAME=VALUE, comma-separated, in any order, such as
// "strict,memory=1GiB,cpu=10m,procs=64,read=/opt/jdk". Without a mode the
// mode is on.
func ParsePolicy(s string) (Policy, error) {
	var p Policy
	mode := ""
	if strings.TrimSpace(s) == "" {
		return p, errors.New("empty: expected on, strict or off, and settings such as memory=1GiB")
	}
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		name, value, isSetting := strings.Cut(item, "=")
		if !isSetting {
			switch item {
			case "on", "strict", "off":
			default:
				return Policy{}, fmt.Errorf("%q: expected on, strict or off, or a setting NAME=VALUE", item)
			}
			if mode != "" && mode != item {
				return Policy{}, fmt.Errorf("two modes, %s and %s: choose one", mode, item)
			}
			mode = item
			continue
		}
		if err := p.set(name, value); err != nil {
			return Policy{}, fmt.Errorf("%s: %w", item, err)
		}
	}
	switch mode {
	case "strict":
		p.Mode = Strict
	case "off":
		p.Mode = Off
	}
	return p, nil
}

// set reads one setting.
func (p *Policy) set(name, value string) error {
	var err error
	switch name {
	case "memory":
		p.Limits.Memory, err = parseSize(value, 16<<20)
	case "filesize":
		p.Limits.FileSize, err = parseSize(value, 1<<20)
	case "scratch":
		p.Limits.Scratch, err = parseSize(value, 1<<20)
	case "cpu":
		var d time.Duration
		d, err = time.ParseDuration(value)
		if err != nil || d < time.Second || d > 1000*time.Hour {
			return errors.New("expected a CPU time such as 90s or 15m, 1s to 1000h")
		}
		p.Limits.CPU = d.Round(time.Second)
	case "procs":
		p.Limits.Procs, err = parseCount(value, 8, 1_000_000)
	case "files":
		p.Limits.Files, err = parseCount(value, 32, 1<<20)
	case "read":
		clean := filepath.Clean(value)
		if !filepath.IsAbs(value) || strings.ContainsAny(value, ",\x00") {
			return errors.New("expected an absolute path, such as /opt/jdk")
		}
		if strings.TrimSpace(clean) != clean {
			return errors.New("a path that ends with a space (a typing slip?): the settings' spaces are not kept")
		}
		p.Read = append(p.Read, clean)
	case "env":
		if value == "" || strings.ContainsAny(value, "=,\x00 ") {
			return errors.New("expected the name of an environment variable, such as JAVA_HOME")
		}
		if !slices.Contains(p.Env, value) {
			p.Env = append(p.Env, value)
		}
	default:
		return errors.New("unknown setting: the settings are memory, cpu, procs, files, filesize, scratch, read and env")
	}
	return err
}

// sizeUnits are the units a size may have.
var sizeUnits = []struct {
	name string
	n    int64
}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}}

// parseSize reads a size such as 512MiB or 2GB, at least least and at
// most 1 TiB.
func parseSize(s string, least int64) (int64, error) {
	bad := fmt.Errorf("expected a size such as 512MiB or 2GB, %s to 1TiB", formatSize(least))
	for _, u := range sizeUnits {
		num, ok := strings.CutSuffix(s, u.name)
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		if err != nil || !(f >= 0) || f*float64(u.n) > 1<<40 {
			return 0, bad
		}
		n := int64(f * float64(u.n))
		if n < least {
			return 0, bad
		}
		return n, nil
	}
	return 0, bad
}

// formatSize writes a size as parseSize reads it.
func formatSize(n int64) string {
	for _, u := range []struct {
		name string
		n    int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n%u.n == 0 {
			return strconv.FormatInt(n/u.n, 10) + u.name
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}

// parseCount reads a whole number from least to most.
func parseCount(s string, least, most int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < least || n > most {
		return 0, fmt.Errorf("expected a whole number, %d to %d", least, most)
	}
	return n, nil
}
