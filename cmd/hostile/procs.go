//go:build linux

package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// canary is a TCP and a UDP port on 127.0.0.1 that no program may reach:
// it counts what reaches it.
type canary struct {
	tcp  net.Listener
	udp  net.PacketConn
	mu   sync.Mutex
	from []string // what reached it
}

func newCanary() (*canary, error) {
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("the canary: %w", err)
	}
	udp, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		tcp.Close()
		return nil, fmt.Errorf("the canary: %w", err)
	}
	c := &canary{tcp: tcp, udp: udp}
	go func() {
		for {
			conn, err := tcp.Accept()
			if err != nil {
				return
			}
			conn.SetReadDeadline(time.Now().Add(2 * time.Second))
			line, _ := bufio.NewReader(conn).ReadString('\n')
			conn.Close()
			c.note("TCP from %s: %q", conn.RemoteAddr(), clip(line, 60))
		}
	}()
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := udp.ReadFrom(buf)
			if err != nil {
				return
			}
			c.note("UDP from %s: %q", from, clip(string(buf[:n]), 60))
		}
	}()
	return c, nil
}

func (c *canary) note(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.from = append(c.from, fmt.Sprintf(format, args...))
}

// ports are the canary's TCP and UDP ports.
func (c *canary) ports() (tcp, udp int) {
	return c.tcp.Addr().(*net.TCPAddr).Port, c.udp.LocalAddr().(*net.UDPAddr).Port
}

// check reports what reached the canary: nothing may have.
func (c *canary) check(rep *report) {
	c.mu.Lock()
	defer c.mu.Unlock()
	tcp, udp := c.ports()
	if len(c.from) > 0 {
		rep.add("program/reach-canary-ports", false, "the canary's ports (TCP %d, UDP %d) were reached: %s", tcp, udp, strings.Join(c.from, "; "))
		return
	}
	rep.add("program/reach-canary-ports", true, "nothing reached the canary's TCP port %d nor its UDP port %d, which every program tried", tcp, udp)
}

func (c *canary) close() {
	c.tcp.Close()
	c.udp.Close()
}

// running lists the processes whose command line holds one of the
// words, or whose program is under the folder dir (such as sandboxes'
// launchers, which are Arena's program started again): "PID: COMMAND".
func running(dir string, words ...string) []string {
	var out []string
	procs, _ := filepath.Glob("/proc/[0-9]*")
	self := os.Getpid()
	for _, p := range procs {
		pid, err := strconv.Atoi(filepath.Base(p))
		if err != nil || pid == self || !alive(pid) {
			continue
		}
		data, _ := os.ReadFile(p + "/cmdline")
		cmd := strings.TrimSpace(strings.ReplaceAll(string(data), "\x00", " "))
		hit := false
		for _, w := range words {
			hit = hit || w != "" && strings.Contains(cmd, w)
		}
		if exe, err := os.Readlink(p + "/exe"); err == nil && dir != "" && strings.HasPrefix(exe, dir+"/") {
			hit = true
		}
		if hit {
			out = append(out, fmt.Sprintf("%d: %s", pid, clip(cmd, 120)))
		}
	}
	return out
}

// gone waits at most d for no process to match (running), and returns
// those still there.
func gone(d time.Duration, dir string, words ...string) []string {
	deadline := time.Now().Add(d)
	for {
		left := running(dir, words...)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// alive reports whether pid runs (a zombie does not count).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && !strings.HasPrefix(strings.TrimSpace(s[i+1:]), "Z")
}

// checkLeftovers reports the processes of the run still running once
// everything has ended: none may be (programs, escapees, forks, Arena's
// own). It kills those it finds, by their ids.
func (h *harness) checkLeftovers() {
	left := gone(5*time.Second, h.work, h.mark, h.work+"/")
	if len(left) > 0 {
		h.rep.add("left/nothing-running", false, "%d processes of the run still run after the end: %s", len(left), strings.Join(left, "; "))
		for _, l := range left {
			pid, _, _ := strings.Cut(l, ":")
			if n, err := strconv.Atoi(pid); err == nil {
				syscall.Kill(n, syscall.SIGKILL)
			}
		}
		return
	}
	h.rep.add("left/nothing-running", true, "no process of the run is left: no program, escapee, fork or Arena process (by %s and the run's folder in command lines and programs)", h.mark)
}
