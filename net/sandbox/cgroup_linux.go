package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arena-games/arena/net/sandbox/launcher"
)

// cgroup is a sandbox's control group: one folder in each hierarchy it
// uses (cgroup v2's one, or v1's memory and pids).
type cgroup struct {
	dirs  []string
	procs string // the cgroup.procs that lists its processes
	v2    bool
}

// cgroupBase is where Arena makes its sandboxes' cgroups, per hierarchy.
var cgroupBase struct {
	once sync.Once
	v2   bool
	dirs []string // v2: one; v1: memory's, pids'
	err  error
}

// sandboxes counts the cgroups this process made, to name them.
var sandboxes atomic.Int64

// newCgroup makes a cgroup with the limits: memory (and no swap) and
// processes.
func newCgroup(memory, procs int64) (*cgroup, error) {
	cgroupBase.once.Do(findCgroups)
	if cgroupBase.err != nil {
		return nil, cgroupBase.err
	}
	name := fmt.Sprintf("%d-%d", os.Getpid(), sandboxes.Add(1))
	g := &cgroup{v2: cgroupBase.v2}
	for _, base := range cgroupBase.dirs {
		d := filepath.Join(base, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			g.remove()
			return nil, err
		}
		g.dirs = append(g.dirs, d)
	}
	mem := strconv.FormatInt(memory, 10)
	pids := strconv.FormatInt(procs+launcher.Threads, 10)
	var writes [][2]string
	if g.v2 {
		d := g.dirs[0]
		g.procs = filepath.Join(d, "cgroup.procs")
		writes = [][2]string{{filepath.Join(d, "pids.max"), pids}}
		if memory > 0 {
			writes = append(writes, [2]string{filepath.Join(d, "memory.max"), mem}, [2]string{filepath.Join(d, "memory.swap.max"), "0"})
		}
	} else {
		g.procs = filepath.Join(g.dirs[1], "cgroup.procs")
		writes = [][2]string{{filepath.Join(g.dirs[1], "pids.max"), pids}}
		if memory > 0 {
			writes = append(writes, [2]string{filepath.Join(g.dirs[0], "memory.limit_in_bytes"), mem})
			if _, err := os.Stat(filepath.Join(g.dirs[0], "memory.memsw.limit_in_bytes")); err == nil {
				writes = append(writes, [2]string{filepath.Join(g.dirs[0], "memory.memsw.limit_in_bytes"), mem})
			}
		}
	}
	for _, w := range writes {
		if err := os.WriteFile(w[0], []byte(w[1]), 0); err != nil && !(strings.HasSuffix(w[0], "swap.max") && errors.Is(err, os.ErrNotExist)) {
			g.remove()
			return nil, err
		}
	}
	return g, nil
}

// add moves the process pid into the cgroup.
func (g *cgroup) add(pid int) error {
	for _, d := range g.dirs {
		if err := os.WriteFile(filepath.Join(d, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return err
		}
	}
	return nil
}

// kill kills every process in the cgroup.
func (g *cgroup) kill() {
	if g.v2 {
		if os.WriteFile(filepath.Join(g.dirs[0], "cgroup.kill"), []byte("1"), 0) == nil {
			return
		}
	}
	for range 100 {
		pids := cgroupProcs(g.procs)
		if len(pids) == 0 {
			return
		}
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// remove kills what is left in the cgroup and removes it, waiting a
// moment for the killed to go.
func (g *cgroup) remove() {
	if g.procs != "" {
		g.kill()
	}
	for i := len(g.dirs) - 1; i >= 0; i-- {
		for try := 0; try < 100; try++ {
			err := os.Remove(g.dirs[i])
			if err == nil || errors.Is(err, os.ErrNotExist) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// cgroupProcs lists the processes of a cgroup.procs file.
func cgroupProcs(path string) []int {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []int
	for f := range strings.FieldsSeq(string(data)) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// findCgroups finds, once, where Arena may make cgroups: under
// /sys/fs/cgroup/arena-sandbox with cgroup v2 (the memory and pids
// controllers enabled on the way), or beside Arena's own cgroups in v1's
// memory and pids hierarchies; and clears away those that Arena processes
// no longer running left.
func findCgroups() {
	b := &cgroupBase
	var fs unix.Statfs_t
	if unix.Statfs("/sys/fs/cgroup", &fs) == nil && fs.Type == unix.CGROUP2_SUPER_MAGIC {
		b.v2 = true
		base := "/sys/fs/cgroup/arena-sandbox"
		if err := os.MkdirAll(base, 0o755); err != nil {
			b.err = fmt.Errorf("cgroup v2 is not writable: %w", err)
			return
		}
		for _, d := range []string{"/sys/fs/cgroup", base} {
			if err := os.WriteFile(filepath.Join(d, "cgroup.subtree_control"), []byte("+memory +pids"), 0); err != nil {
				b.err = fmt.Errorf("enable the memory and pids controllers in %s: %w", d, err)
				return
			}
		}
		b.dirs = []string{base}
	} else {
		own := ownCgroups()
		for _, ctl := range []string{"memory", "pids"} {
			mnt := filepath.Join("/sys/fs/cgroup", ctl)
			if unix.Statfs(mnt, &fs) != nil || fs.Type != unix.CGROUP_SUPER_MAGIC {
				b.err = fmt.Errorf("no cgroup v1 %s hierarchy at %s", ctl, mnt)
				return
			}
			base := filepath.Join(mnt, own[ctl], "arena-sandbox")
			if err := os.MkdirAll(base, 0o755); err != nil {
				b.err = fmt.Errorf("cgroup v1 %s is not writable: %w", ctl, err)
				return
			}
			b.dirs = append(b.dirs, base)
		}
	}
	sweepCgroups(b.dirs, b.v2)
}

// ownCgroups is Arena's own cgroup in each v1 hierarchy, by controller.
func ownCgroups() map[string]string {
	out := map[string]string{}
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return out
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		parts := strings.SplitN(s.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		for ctl := range strings.SplitSeq(parts[1], ",") {
			out[ctl] = parts[2]
		}
	}
	return out
}

// sweepCgroups removes the cgroups of Arena processes that are gone
// (killed before they could clear up), killing what is left in them.
func sweepCgroups(bases []string, v2 bool) {
	entries, _ := os.ReadDir(bases[0])
	for _, e := range entries {
		owner, _, ok := strings.Cut(e.Name(), "-")
		pid, err := strconv.Atoi(owner)
		if !ok || err != nil || syscall.Kill(pid, 0) == nil {
			continue
		}
		g := &cgroup{v2: v2}
		for _, base := range bases {
			g.dirs = append(g.dirs, filepath.Join(base, e.Name()))
		}
		g.procs = filepath.Join(g.dirs[len(g.dirs)-1], "cgroup.procs")
		g.remove()
	}
}
