//go:build unix

// Command soak runs Arena against misbehaving programs for a bounded time:
// bot and engine programs that are silent, slow, flood their output, crash,
// do not read, or write huge lines play against built-in bots in every game
// that takes programs, and Arena is interrupted or killed at random moments.
// It reports the matches played, the files left readable, and the programs
// left running, which must be none. `make soak` runs it.
//
//	go run ./cmd/soak [--duration 5m] [--seed N] [--keep]
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A behaviour is a misbehaving program: its body for AlienWarz (a run.sh
// that gets one view line per turn) and for Santorini (an engine that gets
// protocol commands). Every program starts a child, and another in a
// session of its own (setsid), which outlive it unless its sandbox is
// ended; its folder in their command lines tells them.
type behaviour struct {
	name              string
	alienwarz, engine string
}

// prologue starts a child and an escapee, named after the program's folder.
const prologue = `dir=$(dirname "$0"); (exec -a "$dir/child" sleep 1000) &
setsid bash -c "exec -a '$dir/escapee' sleep 1000" </dev/null >/dev/null 2>&1 &
`

var behaviours = []behaviour{
	{"silent",
		`while read -r v; do :; done`,
		`while read -r c; do :; done`},
	{"slow",
		`while read -r v; do sleep 4; echo rest; done`,
		`while read -r c r; do case $c in go) sleep 3; echo "bestmove C3 C4 C5";; quit) exit 0;; esac; done`},
	{"flooding",
		`while true; do echo "rest rest rest rest rest rest rest rest rest rest"; done`,
		`while true; do echo "info depth 1 score 0 nodes 1 nps 1 pv C3>C4^C5"; done`},
	{"crashing",
		`n=0; while read -r v; do n=$((n+1)); [ $n -gt 3 ] && kill -SEGV $$; echo rest; done`,
		`n=0; while read -r c r; do case $c in go) n=$((n+1)); [ $n -gt 2 ] && exit 139; echo "bestmove C3,B2";; esac; done`},
	{"not-reading",
		`exec 0<&-; while true; do echo rest; sleep 0.01; done`,
		`exec 0<&-; while true; do echo "bestmove C3,B2"; sleep 0.05; done`},
	{"huge-lines",
		`while read -r v; do head -c 3000000 /dev/zero | tr '\0' x; sleep 0.5; done`,
		`while read -r c r; do case $c in go) head -c 3000000 /dev/zero | tr '\0' x; sleep 5;; esac; done`},
	{"ignores-signals",
		`trap '' INT TERM HUP; while read -r v; do echo rest; done; while true; do sleep 1; done`,
		`trap '' INT TERM HUP; while read -r c r; do case $c in go) echo "bestmove C3,B2";; esac; done; while true; do sleep 1; done`},
}

// tally counts what happened.
type tally struct {
	matches, finished, interrupted, killed int
	files, readable                        int
	leftRunning                            int
	problems                               []string
}

func main() {
	duration := flag.Duration("duration", 5*time.Minute, "how long to soak")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "the seed of the random choices")
	keep := flag.Bool("keep", false, "keep the working folder")
	flag.Parse()
	if err := soak(*duration, *seed, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

func soak(duration time.Duration, seed uint64, keep bool) error {
	work, err := os.MkdirTemp("", "arena-soak-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(work)
	}
	bin := filepath.Join(work, "arena")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("build arena: %v\n%s", err, out)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	fmt.Printf("soak: seed %d, %v, in %s\n", seed, duration, work)
	var t tally
	end := time.Now().Add(duration)
	for i := 0; time.Now().Before(end); i++ {
		b := behaviours[rng.IntN(len(behaviours))]
		title := []string{"alienwarz", "santorini"}[rng.IntN(2)]
		dir := filepath.Join(work, fmt.Sprintf("m%04d-%s-%s", i, title, b.name))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		kill := []string{"none", "INT", "TERM", "KILL"}[rng.IntN(4)]
		after := time.Duration(200+rng.IntN(6000)) * time.Millisecond
		one(&t, bin, dir, title, b, kill, after)
	}
	fmt.Printf("soak: %d matches: %d finished, %d interrupted, %d killed; %d of %d files readable; %d programs left running\n",
		t.matches, t.finished, t.interrupted, t.killed, t.readable, t.files, t.leftRunning)
	for _, p := range t.problems {
		fmt.Println("  problem:", p)
	}
	if len(t.problems) > 0 {
		return fmt.Errorf("%d problems", len(t.problems))
	}
	return nil
}

// one plays one match of title with program b against a built-in bot,
// interrupts or kills Arena after the given time (kill "none": never), and
// checks the files and the programs left.
func one(t *tally, bin, dir, title string, b behaviour, kill string, after time.Duration) {
	t.matches++
	script := filepath.Join(dir, "run.sh")
	body := b.alienwarz
	if title == "santorini" {
		body = b.engine
	}
	os.WriteFile(script, []byte("#!/bin/bash\n"+prologue+body+"\n"), 0o755)
	out := filepath.Join(dir, "game.arena")
	var seats string
	args := []string{"run", title, "--out", out}
	switch title {
	case "alienwarz":
		seats = "process:" + script + ",miner"
		args = append(args, "--turns", "60")
	case "santorini":
		seats = "engine:100ms:" + script + ",alphabeta:2"
	}
	args = append(args, "--seats", seats)
	label := fmt.Sprintf("%s %s %s@%v", filepath.Base(dir), title, kill, after)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = nil, nil
	if err := cmd.Start(); err != nil {
		t.problems = append(t.problems, label+": start: "+err.Error())
		return
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	if kill == "none" {
		err = <-done
	} else {
		select {
		case err = <-done:
		case <-time.After(after):
			sig := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM, "KILL": syscall.SIGKILL}[kill]
			cmd.Process.Signal(sig)
			select {
			case err = <-done:
			case <-time.After(30 * time.Second):
				t.problems = append(t.problems, label+": Arena did not stop within 30 s of SIG"+kill)
				cmd.Process.Kill()
				err = <-done
			}
			if kill == "KILL" {
				t.killed++
			} else {
				t.interrupted++
			}
		}
	}
	if ctx.Err() != nil {
		t.problems = append(t.problems, label+": the match did not end within 3 minutes")
	}
	if err == nil {
		t.finished++
	}
	checkFiles(t, bin, dir, label)
	checkPrograms(t, dir, label)
}

// checkFiles opens every replay left in dir (finished, or under its
// temporary name) with `arena info`.
func checkFiles(t *tally, bin, dir, label string) {
	files, _ := filepath.Glob(filepath.Join(dir, "game.arena*"))
	for _, f := range files {
		if !strings.HasSuffix(f, ".arena") && !strings.HasSuffix(f, ".part") || strings.Contains(filepath.Base(f), ".txt.") {
			continue
		}
		t.files++
		out, err := exec.Command(bin, "info", f).CombinedOutput()
		if err != nil {
			t.problems = append(t.problems, fmt.Sprintf("%s: %s is not readable: %s", label, filepath.Base(f), strings.TrimSpace(string(out))))
			continue
		}
		t.readable++
	}
}

// checkPrograms counts the programs of the match that still run (those
// whose command line names its folder), a moment after Arena has ended,
// and ends them.
func checkPrograms(t *tally, dir, label string) {
	deadline := time.Now().Add(3 * time.Second)
	left := programs(dir)
	for len(left) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		left = programs(dir)
	}
	for _, pid := range left {
		t.leftRunning++
		t.problems = append(t.problems, fmt.Sprintf("%s: program %d still runs", label, pid))
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// programs lists the running processes whose command line names dir.
func programs(dir string) []int {
	var out []int
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		data, _ := os.ReadFile(p)
		if !strings.Contains(string(data), dir+"/") {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p))); err == nil && alive(pid) {
			out = append(out, pid)
		}
	}
	return out
}

// alive reports whether pid runs (a zombie does not count).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || !strings.HasPrefix(strings.TrimSpace(s[i+1:]), "Z")
}
