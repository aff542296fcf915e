package launcher

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"syscall"
)

// devices are the device files a program gets: read-write.
var devices = []string{"null", "zero", "full", "random", "urandom"}

// buildRoot gives the launcher's mount namespace a root of its own, as
// bubblewrap does: a small read-only tmpfs holding the system's folders,
// the program's folder (read-only), its scratch folder (a tmpfs at /tmp),
// a few devices and a fresh /proc. Nothing else of the host is in it: not
// Arena's data, not other programs, not the host's sockets.
func (l *launcher) buildRoot() error {
	c := l.c
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make the mounts private: %w", err)
	}
	// A tmpfs to stand on, with the host's root moved to /oldroot.
	if err := syscall.Mount("tmpfs", "/tmp", "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=0755,size=64k"); err != nil {
		return fmt.Errorf("mount a tmpfs: %w", err)
	}
	for _, d := range []string{"/tmp/newroot", "/tmp/oldroot"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	if err := syscall.PivotRoot("/tmp", "/tmp/oldroot"); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return err
	}
	const root, host = "/newroot", "/oldroot"
	if err := syscall.Mount("tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "mode=0755,size=1m,nr_inodes=4096"); err != nil {
		return fmt.Errorf("mount the root: %w", err)
	}
	// The scratch folder: HOME and TMPDIR.
	scratch := fmt.Sprintf("mode=0755,size=%d,nr_inodes=%d", max(c.Limits.Scratch, 1<<20), 16384)
	if err := os.Mkdir(root+"/tmp", 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", root+"/tmp", "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, scratch); err != nil {
		return fmt.Errorf("mount the scratch folder: %w", err)
	}
	if err := makeDev(root, host); err != nil {
		return fmt.Errorf("/dev: %w", err)
	}
	if err := os.Mkdir(root+"/proc", 0o555); err != nil {
		return err
	}
	if err := syscall.Mount("proc", root+"/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC|syscall.MS_RDONLY, ""); err != nil {
		os.Remove(root + "/proc")
		if err := l.lack(LayerProc, fmt.Errorf("mount proc: %w", err)); err != nil {
			return err
		}
	}
	// The system's folders, then the program's own, in path order so that
	// a folder is bound before what is inside it; links last.
	binds := []string{}
	var links []Entry
	for _, e := range c.Read {
		if e.Link != "" {
			links = append(links, e)
		} else {
			binds = append(binds, e.Path)
		}
	}
	sort.Strings(binds)
	for _, p := range binds {
		if err := bind(host+p, root+p, false); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("bind %s: %w", p, err)
		}
	}
	if !Covered(c.Own, binds) {
		if err := bind(host+c.Own, root+c.Own, false); err != nil {
			return fmt.Errorf("bind the program's folder %s: %w", c.Own, err)
		}
	}
	for _, p := range c.Write {
		if err := bind(host+p, root+p, true); err != nil {
			return fmt.Errorf("bind %s writable: %w", p, err)
		}
	}
	for _, p := range c.Mask {
		if err := mask(root + p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("hide %s: %w", p, err)
		}
	}
	for _, e := range links {
		if err := os.MkdirAll(dir(root+e.Path), 0o755); err != nil {
			return err
		}
		if err := os.Symlink(e.Link, root+e.Path); err != nil && !errors.Is(err, os.ErrExist) {
			return fmt.Errorf("link %s: %w", e.Path, err)
		}
	}
	// Leave the host behind, and make the root read-only.
	if err := syscall.Unmount(host, syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("unmount the host's root: %w", err)
	}
	if err := syscall.Chdir(root); err != nil {
		return err
	}
	if err := syscall.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := syscall.Unmount(".", syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("unmount the old root: %w", err)
	}
	if err := syscall.Chdir("/"); err != nil {
		return err
	}
	return remountRO("/", syscall.MS_NOSUID|syscall.MS_NODEV)
}

// Covered reports whether the clean absolute path is one of folders or
// inside one.
func Covered(path string, folders []string) bool {
	for _, d := range folders {
		if Within(path, d) {
			return true
		}
	}
	return false
}

// makeDev makes the sandbox's /dev: a read-only tmpfs with the host's
// harmless devices bound in, and the usual links.
func makeDev(root, host string) error {
	dev := root + "/dev"
	if err := os.Mkdir(dev, 0o755); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", dev, "tmpfs", syscall.MS_NOSUID|syscall.MS_NOEXEC, "mode=0755,size=64k,nr_inodes=64"); err != nil {
		return err
	}
	for _, d := range devices {
		if err := bind(host+"/dev/"+d, dev+"/"+d, true); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1",
		"stderr": "/proc/self/fd/2", "shm": "/tmp"} {
		if err := os.Symlink(target, dev+"/"+name); err != nil {
			return err
		}
	}
	return remountRO(dev, syscall.MS_NOSUID|syscall.MS_NOEXEC)
}

// bind binds src (a folder or a file) at dst, making dst and the folders
// above it as needed; read-only unless write.
func bind(src, dst string, write bool) error {
	st, err := os.Stat(src)
	if err != nil {
		return err
	}
	if st.IsDir() {
		if err := os.MkdirAll(dst, 0o755); err != nil {
			return err
		}
	} else {
		if err := os.MkdirAll(dir(dst), 0o755); err != nil {
			return err
		}
		if _, err := os.Lstat(dst); err != nil {
			f, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				return err
			}
			f.Close()
		}
	}
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
		return err
	}
	if write {
		return nil
	}
	return remountRO(dst, syscall.MS_NOSUID|syscall.MS_NODEV)
}

// remountRO makes the mount at path read-only with the flags more, keeping
// the flags it has that a user namespace may not clear.
func remountRO(path string, more uintptr) error {
	var fs syscall.Statfs_t
	if err := syscall.Statfs(path, &fs); err != nil {
		return err
	}
	flags := uintptr(syscall.MS_BIND|syscall.MS_REMOUNT|syscall.MS_RDONLY) | more
	for _, f := range []struct{ st, ms uintptr }{{stNoSuid, syscall.MS_NOSUID}, {stNoDev, syscall.MS_NODEV}, {stNoExec, syscall.MS_NOEXEC},
		{stNoAtime, syscall.MS_NOATIME}, {stNoDirAtime, syscall.MS_NODIRATIME}, {stRelAtime, syscall.MS_RELATIME}} {
		if uintptr(fs.Flags)&f.st != 0 {
			flags |= f.ms
		}
	}
	if err := syscall.Mount("", path, "", flags, ""); err != nil {
		return fmt.Errorf("make %s read-only: %w", path, err)
	}
	return nil
}

// mask hides path: an empty read-only tmpfs over a folder, a device that
// cannot be opened over a file.
func mask(path string) error {
	st, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if st.IsDir() {
		return syscall.Mount("tmpfs", path, "tmpfs", syscall.MS_RDONLY|syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "mode=0,size=4k,nr_inodes=1")
	}
	if err := syscall.Mount("/oldroot/dev/null", path, "", syscall.MS_BIND, ""); err != nil {
		return err
	}
	return remountRO(path, syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC)
}

// Within reports whether the clean absolute path is folder or inside it.
func Within(path, folder string) bool {
	return folder == "/" || path == folder || strings.HasPrefix(path, folder+"/")
}

// dir is the folder of a clean absolute path.
func dir(path string) string {
	i := strings.LastIndexByte(path, '/')
	if i <= 0 {
		return "/"
	}
	return path[:i]
}

// Mount flags of statfs(2) (ST_*), which package syscall lacks.
const (
	stNoSuid     = 2
	stNoDev      = 4
	stNoExec     = 8
	stNoAtime    = 1024
	stNoDirAtime = 2048
	stRelAtime   = 4096
)
