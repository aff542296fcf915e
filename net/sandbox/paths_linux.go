package sandbox

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/arena-games/arena/net/sandbox/launcher"
)

// systemFolders are the system's libraries, programs and settings: every
// program may read and run them.
var systemFolders = []string{"/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc", "/opt"}

// toolRoot names the folders of PATH whose parent is a tool's root that
// its programs need whole, such as ~/.pyenv for ~/.pyenv/shims.
var toolRoot = map[string]bool{"shims": true, "bin": true, "sbin": true}

// readSet is what programs may read besides their own folder.
type readSet struct {
	entries []launcher.Entry // to bind or link, in the launcher
	binds   []string         // the folders and files bound
}

var readCache struct {
	sync.Mutex
	key string
	set readSet
}

// readable is what programs may read under the policy: the system's
// folders, the folders of PATH (with their tool roots: the parent of a
// shims folder, and of a bin folder outside the home folder, as for
// /usr/local/go/bin), and the policy's read= folders. None of them may
// hold Arena's data.
func readable(pol Policy) (readSet, error) {
	key := os.Getenv("PATH") + "\x00" + strings.Join(pol.Read, "\x00")
	readCache.Lock()
	defer readCache.Unlock()
	if readCache.key == key && readCache.set.entries != nil {
		return readCache.set, nil
	}
	home, _ := os.UserHomeDir()
	var paths []string
	paths = append(paths, systemFolders...)
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if !filepath.IsAbs(d) {
			continue
		}
		d = filepath.Clean(d)
		paths = append(paths, d)
		parent := filepath.Dir(d)
		if toolRoot[filepath.Base(d)] && parent != "/" && (filepath.Base(d) == "shims" || home == "" || !launcher.Within(d, home)) {
			paths = append(paths, parent)
		}
	}
	var set readSet
	links := map[string]string{}
	add := func(p string, mustExist bool) error {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			if mustExist {
				return fmt.Errorf("read=%s: %w", p, err)
			}
			return nil
		}
		if err := checkRead(real); err != nil {
			if mustExist {
				return fmt.Errorf("read=%s: %w", p, err)
			}
			return nil
		}
		set.binds = append(set.binds, real)
		if real != p {
			links[p] = real
		}
		return nil
	}
	for _, p := range paths {
		add(p, false)
	}
	for _, p := range pol.Read {
		if err := add(p, true); err != nil {
			return readSet{}, err
		}
	}
	// Keep the outermost folders; links where nothing bound holds them.
	slices.Sort(set.binds)
	set.binds = slices.Compact(set.binds)
	var outer []string
	for _, b := range set.binds {
		if !launcher.Covered(b, outer) {
			outer = append(outer, b)
		}
	}
	set.binds = outer
	for _, b := range outer {
		set.entries = append(set.entries, launcher.Entry{Path: b})
	}
	for p, target := range links {
		if !launcher.Covered(p, outer) {
			set.entries = append(set.entries, launcher.Entry{Path: p, Link: target})
		}
	}
	readCache.key, readCache.set = key, set
	return set, nil
}

// checkRead refuses a folder programs may not read: one that holds
// Arena's data or another's home, or the system's live state.
func checkRead(p string) error {
	if p == "/" || slices.Contains(forbidden, p) || launcher.Covered(p, []string{"/proc", "/sys", "/dev", "/run"}) {
		return fmt.Errorf("programs may not read %s", p)
	}
	if home, err := os.UserHomeDir(); err == nil && launcher.Within(home, p) {
		return fmt.Errorf("%s holds the home folder %s", p, home)
	}
	for _, d := range protected() {
		if launcher.Within(d, p) {
			return fmt.Errorf("%s holds Arena's data (%s)", p, d)
		}
	}
	return nil
}

var protection struct {
	sync.Mutex
	dirs []string
}

// Protect names folders of Arena's data (a server's, a tournament's) that
// no program may see: a program whose folder holds one is refused, and so
// is a read= folder that does.
func Protect(dirs ...string) {
	protection.Lock()
	defer protection.Unlock()
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if a, err := filepath.Abs(d); err == nil {
			protection.dirs = append(protection.dirs, a)
		}
	}
}

// protected are the folders of Arena's data: its own under the user's
// data folder (replays, servers, tournaments by default) and those named
// with Protect.
func protected() []string {
	protection.Lock()
	defer protection.Unlock()
	out := slices.Clone(protection.dirs)
	data := os.Getenv("XDG_DATA_HOME")
	if data == "" {
		if home, err := os.UserHomeDir(); err == nil {
			data = filepath.Join(home, ".local", "share")
		}
	}
	if data != "" {
		out = append(out, filepath.Join(data, "arena"))
	}
	return out
}

var masks struct {
	once  sync.Once
	paths []string
}

// etcMasks are the entries of /etc that only their owner or group may
// read (/etc/shadow, private keys): the sandbox hides them, so that a
// program sees /etc as any user does, also when Arena runs as root.
func etcMasks() []string {
	masks.once.Do(func() {
		filepath.WalkDir("/etc", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.Type()&fs.ModeSymlink != 0 {
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			perm := info.Mode().Perm()
			switch {
			case d.IsDir() && perm&0o005 != 0o005:
				masks.paths = append(masks.paths, path)
				return filepath.SkipDir
			case !d.IsDir() && perm&0o004 == 0:
				masks.paths = append(masks.paths, path)
			}
			return nil
		})
	})
	return masks.paths
}

// passed are the environment variables a program gets from Arena's
// environment: the ones programs and their runtimes need, none of
// Arena's secrets.
var passed = []string{"PATH", "LANG", "LANGUAGE", "TZ", "TERM", "PYENV_ROOT", "PYENV_VERSION", "JAVA_HOME"}

// programEnv is a program's environment: from Arena's own, only the
// variables passed (and the policy's env= ones); and every variable the
// caller added to cmd.Env, such as a protocol's address.
func programEnv(cmdEnv []string, more []string) []string {
	mine := os.Environ()
	var env []string
	for _, kv := range mine {
		name, _, _ := strings.Cut(kv, "=")
		if slices.Contains(passed, name) || slices.Contains(more, name) || strings.HasPrefix(name, "LC_") {
			env = append(env, kv)
		}
	}
	for _, kv := range cmdEnv {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(mine, kv) || slices.Contains(more, name) {
			env = append(env, kv)
		}
	}
	return env
}
