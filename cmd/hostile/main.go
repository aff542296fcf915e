//go:build linux

// Command hostile plays Arena as its enemies would, on loopback, against
// the real arena program built from this repository, and reports what
// held. `make hostile` runs it; it is not part of `make test`.
//
// Hostile programs enter matches of `arena serve` (an AlienWarz bot, a
// Santorini engine, an AIC21 team's units) and of `arena tournament run`
// (an AlienWarz entrant): they try to read the server's admin and jury
// tokens, its live replays, the other entrants' programs and Arena's
// environment, to write outside their scratch folder, to reach Arena's
// ports, NATS and other listeners, to take the descriptors of their
// sandbox's launcher, to fork without bound, to escape with setsid and a
// double fork, and (AIC21) to play other units with the public token, a
// guessed one and their own again. Each attempt reports one line, held or
// BROKE; the harness watches what only it can see (its canary ports, the
// escapees). Every match must end as its twin does: the same program
// without its attacks, played by `arena run`; the tournament's standings
// must be those of the same tournament with the twin.
//
// Hostile clients meanwhile guess the admin's, the jury's, the seats' and
// the AIC21 units' tokens, put tokens in addresses, peek at a hidden
// match, open WebSockets from another site's page (on the server and on
// the GuardAIns and AIBG listeners), send headers and bodies slowly, hold
// many connections from many loopback addresses, flood illegal moves and
// speak to the tournament's NATS without its credentials, while an honest
// remote seat plays its match to the end and the organiser's requests go
// through.
//
// It prints one line per attack with its outcome and exits with status 0
// only if everything held and nothing was left running.
//
//	go run ./cmd/hostile [--duration 5m] [--seed N] [--keep] [--arena PATH] [--sandbox MODE]
//
// With --sandbox off the programs run unconfined, and their attacks must
// be reported as such: that shows that they attack.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/titles"
)

func main() {
	duration := flag.Duration("duration", 5*time.Minute, "the longest the run may take; past it, it stops and fails")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "the seed of the matches and of the guesses")
	keep := flag.Bool("keep", false, "keep the working folder (the programs, the server's data, the replays and logs)")
	bin := flag.String("arena", "", "the arena program to attack (default: built from this repository)")
	sandbox := flag.String("sandbox", "", "the --sandbox of the server and the tournament under attack, such as off, to see that the attacks attack (default: Arena's)")
	flag.Parse()
	game.Install(titles.Catalog()) // the honest seat plays a game as arena does
	ok, err := run(*duration, *seed, *keep, *bin, *sandbox)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

// harness is one run: its folder, the arena program, what it started and
// what it found.
type harness struct {
	ctx    context.Context
	work   string // the run's folder; every program and file is in it
	bin    string // the arena program
	mark   string // in the command line of every process the attacks start
	secret string // in Arena's environment, which no program may see
	rng    *rand.Rand
	rep    *report
	start  time.Time
	// sandbox is the --sandbox of the server and the tournament; "" for
	// Arena's default.
	sandbox string

	canary *canary
	srv    *server

	mu    sync.Mutex
	procs []*proc // the processes the harness started, to end at the end
}

// run runs every attack within duration and prints the report; it
// returns whether everything held.
func run(duration time.Duration, seed uint64, keep bool, bin, sandbox string) (bool, error) {
	work, err := os.MkdirTemp("", "arena-hostile-")
	if err != nil {
		return false, err
	}
	// The sandbox's programs and the server's users are nobody special:
	// the folder is readable by all, so that an unprivileged Arena could
	// use it too.
	os.Chmod(work, 0o755)
	if !keep {
		defer os.RemoveAll(work)
	}
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	h := &harness{ctx: ctx, work: work, rng: rand.New(rand.NewPCG(seed, 2)), rep: &report{}, start: time.Now(), sandbox: sandbox,
		mark: "arena-hostile-" + strconv.FormatUint(seed%1e9, 36), secret: fmt.Sprintf("hostile-secret-%016x", rand.Uint64())}
	fmt.Printf("hostile: seed %d, at most %v, in %s, as uid %d\n", seed, duration, work, os.Getuid())
	if bin == "" {
		h.bin = filepath.Join(work, "arena")
		h.progress("building arena")
		out, err := exec.Command("go", "build", "-o", h.bin, ".").CombinedOutput()
		if err != nil {
			return false, fmt.Errorf("build arena: %v\n%s", err, out)
		}
	} else if h.bin, err = filepath.Abs(bin); err != nil {
		return false, err
	}
	defer h.endAll()
	// Past its time the run ends what it started: every wait then ends.
	stop := context.AfterFunc(ctx, func() {
		h.rep.add("harness/time", false, "the run did not end within %v (HOSTILETIME): it stopped what it had started", duration)
		h.progress("time is up: stopping")
		h.endAll()
	})
	if err := h.attack(); err != nil {
		h.rep.add("harness/start", false, "%v", err)
	}
	stop()
	h.endAll()
	h.checkLeftovers()
	fmt.Println()
	if lacks := h.lacks(); len(lacks) > 0 {
		fmt.Printf("hostile: the sandbox's layers this system lacks, as Arena warned: %s\n", strings.Join(lacks, "; "))
	}
	ok := h.rep.print(os.Stdout)
	fmt.Printf("hostile: %s in %v\n", map[bool]string{true: "everything held", false: "SOMETHING DID NOT HOLD"}[ok], time.Since(h.start).Round(time.Second))
	return ok, nil
}

// attack runs the attacks: the hostile programs in the server's matches
// and in a tournament, and the hostile clients, side by side.
func (h *harness) attack() error {
	var err error
	if h.canary, err = newCanary(); err != nil {
		return err
	}
	defer h.canary.close()
	h.progress("starting arena serve")
	if h.srv, err = h.startServer(); err != nil {
		return err
	}
	cup := h.startTournament()
	honest, err := h.startHonest()
	if err != nil {
		return err
	}
	h.progress("creating the hostile programs' matches")
	progs, err := h.startPrograms(honest)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { defer wg.Done(); h.clientAttacks(honest, progs) }()
	go func() { defer wg.Done(); h.finishPrograms(progs) }()
	go func() { defer wg.Done(); h.finishTournament(cup) }()
	wg.Wait()
	h.finishHonest(honest)
	h.canary.check(h.rep)
	h.progress("stopping arena serve")
	h.srv.stop(h.rep)
	return nil
}

// progress says what the run is at, on stderr.
func (h *harness) progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "[%5.1fs] %s\n", time.Since(h.start).Seconds(), fmt.Sprintf(format, args...))
}

// underAttack is args with the run's --sandbox, for the commands whose
// programs attack.
func (h *harness) underAttack(args ...string) []string {
	if h.sandbox == "" {
		return args
	}
	return append(args, "--sandbox", h.sandbox)
}

// command makes a command of the arena program, run in the run's
// folder, with Arena's data under it and the secret in its environment.
func (h *harness) command(args ...string) *exec.Cmd {
	cmd := exec.Command(h.bin, args...)
	cmd.Dir = h.work
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(h.work, "xdg"), "ARENA_HOSTILE_SECRET="+h.secret)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	return cmd
}

// proc is a process the harness started, which it ends (with all it
// started) when the run ends.
type proc struct {
	name string
	cmd  *exec.Cmd
	run  context.Context // the run's: waits end with it
	done chan struct{}
	err  error // its end, once done is closed
}

// launch starts cmd and remembers it; once the run's time is up it
// starts nothing.
func (h *harness) launch(name string, cmd *exec.Cmd) (*proc, error) {
	if err := h.ctx.Err(); err != nil {
		return nil, fmt.Errorf("start %s: the run's time is up", name)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, run: h.ctx, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	h.mu.Lock()
	h.procs = append(h.procs, p)
	h.mu.Unlock()
	return p, nil
}

// wait waits at most d for p to end, and reports whether it did; it
// stops waiting when the run's time is up.
func (p *proc) wait(d time.Duration) bool {
	select {
	case <-p.done:
		return true
	case <-time.After(d):
	case <-p.run.Done():
	}
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// stop interrupts p as Ctrl-C would and waits for it, at most d; then it
// kills its process group. It reports whether p ended by itself.
func (p *proc) stop(d time.Duration) bool {
	select {
	case <-p.done:
		return true
	default:
	}
	p.cmd.Process.Signal(syscall.SIGINT)
	var ended bool
	select {
	case <-p.done:
		ended = true
	case <-time.After(d):
	}
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
	return ended
}

// endAll ends the processes the harness started that still run.
func (h *harness) endAll() {
	h.mu.Lock()
	procs := h.procs
	h.procs = nil
	h.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.stop(10 * time.Second)
		}()
	}
	wg.Wait()
}

var lackRE = regexp.MustCompile(`lacks a layer.* layer="([^"]+)"`)

// lacks are the sandbox's layers that Arena warned this system lacks, in
// the logs of the server and of the tournament's workers.
func (h *harness) lacks() []string {
	var out []string
	logs, _ := filepath.Glob(filepath.Join(h.work, "tournaments", "*", "workers.log"))
	for _, f := range append(logs, filepath.Join(h.work, "serve.log")) {
		data, _ := os.ReadFile(f)
		for _, m := range lackRE.FindAllStringSubmatch(string(data), -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	return out
}
