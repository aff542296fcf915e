//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	tnet "github.com/arena-games/arena/net/tournament"
)

// writeFile writes a file into dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

// recorded reads a tournament's results log: every match recorded, in
// the order it was.
func recorded(t testing.TB, dir string) []tournament.Result {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "results.jsonl"))
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	var out []tournament.Result
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var r tournament.Result
		require.NoError(t, json.Unmarshal(line, &r), string(line))
		out = append(out, r)
	}
	return out
}

// checkComplete checks a complete tournament's folder: every planned match
// recorded exactly once, with its replay, and the standings count each
// game once for each of its players.
func checkComplete(t testing.TB, dir string, matches int) {
	t.Helper()
	results := recorded(t, dir)
	seen := map[string]bool{}
	for _, r := range results {
		require.False(t, seen[r.ID], "match %s recorded twice", r.ID)
		seen[r.ID] = true
		_, err := game.OpenFile(filepath.Join(dir, r.Files[0]))
		require.NoError(t, err, r.ID)
	}
	require.Len(t, results, matches)
	data, err := os.ReadFile(filepath.Join(dir, "standings.json"))
	require.NoError(t, err)
	st, err := tournament.ReadStandings("standings.json", data)
	require.NoError(t, err)
	require.Equal(t, matches, st.Matches)
	played := 0
	for _, r := range st.Standings {
		played += r.Played
		require.Equal(t, r.Played, r.Wins+r.Draws+r.Losses)
	}
	require.Equal(t, 2*matches, played, "each match once in the standings")
	data, err = os.ReadFile(filepath.Join(dir, "tournament.json"))
	require.NoError(t, err)
	ix, err := tournament.ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, tournament.StatusComplete, ix.Status)
	require.NoDirExists(t, filepath.Join(dir, "nats"))
}

// A tournament stopped by Ctrl-C, then killed outright, continues each
// time with the same command, and ends with every match counted once.
func TestTournamentResumesAfterInterruptAndKill(t *testing.T) {
	bin := arenaBinary(t)
	dir := t.TempDir()
	spec := writeFile(t, dir, "cup.toml", benchCup(3))
	out := filepath.Join(dir, "cup")
	start := func() *exec.Cmd {
		cmd := exec.Command(bin, "tournament", "run", spec, "--out", out, "--workers", "2", "--json")
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		require.NoError(t, cmd.Start())
		return cmd
	}
	waitRecorded := func(n int) {
		deadline := time.Now().Add(60 * time.Second)
		for len(recorded(t, out)) < n {
			require.True(t, time.Now().Before(deadline), "no progress")
			time.Sleep(20 * time.Millisecond)
		}
	}
	cmd := start()
	waitRecorded(3)
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 130, exit.ExitCode(), "interrupted")
	data, _ := os.ReadFile(filepath.Join(out, "tournament.json"))
	ix, err := tournament.ReadIndex("tournament.json", data)
	require.NoError(t, err)
	require.Equal(t, tournament.StatusStopped, ix.Status)
	before := len(recorded(t, out))

	cmd = start()
	waitRecorded(before + 3)
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()

	var stdout bytes.Buffer
	cmd = exec.Command(bin, "tournament", "run", spec, "--out", out, "--workers", "2", "--json")
	cmd.Stdout = &stdout
	outErr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	stderr, _ := io.ReadAll(outErr)
	require.NoError(t, cmd.Wait(), string(stderr))
	checkComplete(t, out, 10*3)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	require.NotEmpty(t, lines)
	var line map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &line), lines[0])
	for _, k := range []string{"id", "stage", "seats", "winner", "ranking", "reason", "turns", "replay", "done", "left"} {
		require.Contains(t, line, k)
	}
	require.EqualValues(t, 30, mustLast(t, lines)["done"])

	// Done: the same command changes nothing.
	code, _, stderrText := arenaRun(bin, "tournament", "run", spec, "--out", out, "--workers", "1")
	require.Equal(t, 0, code, stderrText)
	require.Len(t, recorded(t, out), 30)
	code, status, _ := arenaRun(bin, "tournament", "status", out)
	require.Equal(t, 0, code)
	require.Contains(t, status, "Benchmark cup (alienwarz, round-robin): complete, 30 of 30 matches played")
}

func mustLast(t *testing.T, lines []string) map[string]any {
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &m))
	return m
}

// arenaRun runs the built binary and returns its exit status and output.
func arenaRun(bin string, args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), out.String(), errs.String()
	}
	return 0, out.String(), errs.String()
}

// Three worker processes on the embedded NATS, one killed with SIGKILL in
// the middle of a match: the match goes to another worker once the ack
// wait passes, and the tournament completes with every match exactly once.
func TestTournamentSurvivesAKilledWorker(t *testing.T) {
	bin := arenaBinary(t)
	dir := t.TempDir()
	// Santorini's competitive player thinks 150 ms a move: a game lasts
	// seconds, long enough to be killed in.
	spec := writeFile(t, dir, "cup.toml", `title = "santorini"
format = "round-robin"
games = 2
[[entrant]]
name = "thinker"
seat = "competitive:150ms"
[[entrant]]
name = "deep"
seat = "alphabeta:3"
[[entrant]]
name = "quick"
seat = "competitive:100ms"
`)
	out := filepath.Join(dir, "cup")
	run := exec.Command(bin, "tournament", "run", spec, "--out", out, "--workers", "0", "--ack-wait", "2s", "--json")
	runErr, err := run.StderrPipe()
	require.NoError(t, err)
	var runOut bytes.Buffer
	run.Stdout = &runOut
	require.NoError(t, run.Start())
	defer run.Process.Kill()
	urls := make(chan []string, 1)
	var runLog bytes.Buffer
	go func() {
		sc := bufio.NewScanner(runErr)
		re := regexp.MustCompile("--nats (nats://127\\.0\\.0\\.1:\\d+) --nats-creds ([^\\s`]+)")
		for sc.Scan() {
			runLog.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1:]
			}
		}
	}()
	var url, creds string
	select {
	case m := <-urls:
		url, creds = m[0], m[1]
	case <-time.After(30 * time.Second):
		t.Fatal("the runner did not say where NATS is")
	}
	type worker struct {
		cmd   *exec.Cmd
		took  chan string
		lines chan string
	}
	workers := make([]*worker, 3)
	for i := range workers {
		w := &worker{took: make(chan string, 16), lines: make(chan string, 256)}
		w.cmd = exec.Command(bin, "tournament", "worker", "--nats", url, "--nats-creds", creds, "--slots", "1", "--name", "w"+string(rune('1'+i)))
		stderr, err := w.cmd.StderrPipe()
		require.NoError(t, err)
		require.NoError(t, w.cmd.Start())
		defer w.cmd.Process.Kill()
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				if len(f) >= 3 && f[1] == "took" {
					w.took <- f[2]
				}
				select {
				case w.lines <- sc.Text():
				default:
				}
			}
		}()
		workers[i] = w
	}
	// Kill the second worker while it plays its first match: at once, as
	// a loaded machine may show its line late.
	var killed string
	select {
	case killed = <-workers[1].took:
	case <-time.After(60 * time.Second):
		t.Fatal("worker 2 took no match")
	}
	require.NoError(t, workers[1].cmd.Process.Signal(syscall.SIGKILL))
	workers[1].cmd.Wait()
	done := make(chan error, 1)
	go func() { done <- run.Wait() }()
	select {
	case err := <-done:
		require.NoError(t, err, runLog.String())
	case <-time.After(120 * time.Second):
		t.Fatal("the tournament did not finish")
	}
	checkComplete(t, out, 6)
	for _, r := range recorded(t, out) {
		if r.ID == killed {
			require.NotEqual(t, "w2", r.Worker, "the killed worker's match was played again by another")
		}
		require.NotEqual(t, "w2", r.Worker, "w2 died in its first match")
	}
	require.Len(t, strings.Split(strings.TrimSpace(runOut.String()), "\n"), 6, "one --json line per match")
}

// benchCup is a round robin of AlienWarz's built-in bots: five entrants,
// games games per pairing (1,000 matches with 100).
func benchCup(games int) string {
	return fmt.Sprintf(`title = "alienwarz"
name = "Benchmark cup"
format = "round-robin"
games = %d
seed = 1
[[entrant]]
name = "strategist"
seat = "strategist"
[[entrant]]
name = "miner"
seat = "miner"
[[entrant]]
name = "strategist-b"
seat = "strategist"
[[entrant]]
name = "miner-b"
seat = "miner"
[[entrant]]
name = "miner-c"
seat = "miner"
`, games)
}

// cupRun is what a run of a tournament took.
type cupRun struct {
	// wall is the command's time; busy the time each worker was at work,
	// from the first match it began to the end of its last one, added up.
	wall, busy time.Duration
	// steady is the time from the first match begun to the last ended.
	steady time.Duration
	// play is the time the matches took, in all.
	play time.Duration
	n    int
}

// runCup plays a spec with the arena binary and local workers, into a
// folder under base (when "", the benchmark's temporary folder).
func runCup(b *testing.B, bin, spec string, workers int, base string) cupRun {
	b.Helper()
	dir := b.TempDir() // removed at the end: a deletion now would slow the next run's files
	if base != "" {
		var err error
		if dir, err = os.MkdirTemp(base, "cup-"); err != nil {
			b.Fatal(err)
		}
		defer os.RemoveAll(dir)
	}
	out := filepath.Join(dir, "cup")
	start := time.Now()
	code, _, stderr := arenaRun(bin, "tournament", "run", spec, "--out", out, "--workers", fmt.Sprint(workers), "--json")
	r := cupRun{wall: time.Since(start)}
	if code != 0 {
		b.Fatal(stderr)
	}
	type span struct{ first, last time.Time }
	spans := map[string]*span{}
	var all span
	for _, res := range recorded(&testing.T{}, out) {
		took := time.Duration(res.Seconds * float64(time.Second))
		r.play += took
		r.n++
		end := res.Began.Add(took)
		for _, s := range []*span{spans[res.Worker], &all} {
			if s == nil {
				s = &span{res.Began, end}
				spans[res.Worker] = s
			}
			if res.Began.Before(s.first) || s.first.IsZero() {
				s.first = res.Began
			}
			if end.After(s.last) {
				s.last = end
			}
		}
	}
	for _, s := range spans {
		r.busy += s.last.Sub(s.first)
	}
	r.steady = all.last.Sub(all.first)
	return r
}

// BenchmarkTournament1000 plays a 1,000-match AlienWarz round robin
// between built-in bots with two local worker processes on the embedded
// NATS, as `arena tournament run` does, twice, and reports the scheduling
// overhead: the share of the workers' time not spent playing matches,
// each from the first match it began to the end of its last (the queue,
// the results and the replays); and the same share of the whole command's
// time (with the start of NATS and of the workers, and the last files).
//
//	go test -run '^$' -bench Tournament1000 -benchtime 1x .
func BenchmarkTournament1000(b *testing.B) {
	bin := arenaBinary(b)
	spec := writeFile(&testing.T{}, b.TempDir(), "cup.toml", benchCup(100))
	for b.Loop() {
		var wall, busy, play time.Duration
		for range 2 {
			r := runCup(b, bin, spec, 2, "")
			if r.n != 1000 {
				b.Fatalf("%d matches", r.n)
			}
			wall, busy, play = wall+r.wall, busy+r.busy, play+r.play
		}
		b.ReportMetric(wall.Seconds()/2, "wall-s")
		b.ReportMetric(play.Seconds()/2, "ms/match")
		b.ReportMetric(100*(1-play.Seconds()/busy.Seconds()), "overhead-%")
		b.ReportMetric(100*(1-play.Seconds()/(2*wall.Seconds())), "overhead-with-start-%")
	}
}

// BenchmarkTournamentWorkers plays the same 1,000-match round robin with
// one local worker and with two, twice each in turn, and reports how many
// times more matches a second two workers play than one: over the time
// matches were being played (throughput), and over the whole command's
// time (with the start of NATS and the workers, and the end). The machine
// is shared, so it also reports what a second core gives at the same
// moments: the same matches played by one bare process and by two (no
// queue, no runner), and the tournament's gain as a share of that.
//
// The folder is on disk, as an organiser's is. Where /dev/shm exists the
// same runs are made with the folder there too (memory-speedup), which
// leaves out the file system: on ext4 without a journal, creating a file
// scans the inodes deleted in the last minutes (recently_deleted), so
// the disk figure falls after a run that deleted many files.
//
//	go test -run '^$' -bench TournamentWorkers -benchtime 1x .
func BenchmarkTournamentWorkers(b *testing.B) {
	bin := arenaBinary(b)
	spec := writeFile(&testing.T{}, b.TempDir(), "cup.toml", benchCup(100))
	shm := ""
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		shm = "/dev/shm"
	}
	for b.Loop() {
		var one, two, oneMem, twoMem cupRun
		var bare1, bare2 time.Duration
		add := func(sum *cupRun, r cupRun) { sum.wall, sum.steady = sum.wall+r.wall, sum.steady+r.steady }
		for range 2 {
			bare1 += playBare(b, spec, 1)
			add(&one, runCup(b, bin, spec, 1, ""))
			if shm != "" {
				add(&oneMem, runCup(b, bin, spec, 1, shm))
			}
			bare2 += playBare(b, spec, 2)
			add(&two, runCup(b, bin, spec, 2, ""))
			if shm != "" {
				add(&twoMem, runCup(b, bin, spec, 2, shm))
			}
		}
		speedup := one.steady.Seconds() / two.steady.Seconds()
		b.ReportMetric(one.steady.Seconds()/2, "s-1worker")
		b.ReportMetric(two.steady.Seconds()/2, "s-2workers")
		b.ReportMetric(speedup, "speedup")
		b.ReportMetric(one.wall.Seconds()/two.wall.Seconds(), "speedup-with-start")
		b.ReportMetric(bare1.Seconds()/bare2.Seconds(), "bare-speedup")
		b.ReportMetric(100*speedup/(bare1.Seconds()/bare2.Seconds()), "of-bare-%")
		if shm != "" {
			b.ReportMetric(oneMem.steady.Seconds()/twoMem.steady.Seconds(), "memory-speedup")
		}
	}
}

// playBare plays the spec's matches in n processes of this test binary
// (TestBarePlay), each with one core and its share of the matches, and
// returns the time they took.
func playBare(b *testing.B, spec string, n int) time.Duration {
	start := time.Now()
	var cmds []*exec.Cmd
	for i := range n {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestBarePlay$")
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "ARENA_BARE_SPEC="+spec, fmt.Sprintf("ARENA_BARE_PART=%d/%d", i, n))
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			b.Fatal(err)
		}
	}
	return time.Since(start)
}

// TestBarePlay is not a test: BenchmarkTournamentWorkers starts it as a
// process that plays part I of N of a spec's matches, bare, as a worker
// plays them (each replay written to its scratch space).
func TestBarePlay(t *testing.T) {
	spec, part := os.Getenv("ARENA_BARE_SPEC"), os.Getenv("ARENA_BARE_PART")
	if spec == "" {
		t.Skip("a process the benchmarks start")
	}
	var i, n int
	fmt.Sscanf(part, "%d/%d", &i, &n)
	s, err := tnet.ReadSpec(spec)
	require.NoError(t, err)
	plan, err := s.Format.Plan(nil)
	require.NoError(t, err)
	dir := t.TempDir()
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		dir, err = os.MkdirTemp("/dev/shm", "arena-bare-")
		require.NoError(t, err)
		defer os.RemoveAll(dir)
	}
	for k, m := range plan.Matches {
		if k%n != i {
			continue
		}
		st := game.Setup{Title: s.Title, Seed: m.Seed, Map: m.Map, Options: map[string]string{}, Out: filepath.Join(dir, m.ID+".arena")}
		for _, e := range m.Entrants {
			st.Seats = append(st.Seats, s.Seats[e])
		}
		match, closeFiles, err := st.Start()
		require.NoError(t, err)
		match.Run(context.Background())
		require.NoError(t, closeFiles())
	}
}

// The example specs of docs/tournaments.md are in docs/specs, and each one
// is a tournament that starts. (The contests' nights beside them,
// *-night.toml, need a teams file: net/tournament's TestNightPresets.)
func TestExampleSpecs(t *testing.T) {
	readme, err := os.ReadFile("docs/tournaments.md")
	require.NoError(t, err)
	files, _ := filepath.Glob("docs/specs/*.toml")
	files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "-night.toml") })
	require.Len(t, files, 5, "one per game")
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var indented []string
		for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			if l != "" {
				l = "    " + l
			}
			indented = append(indented, l)
		}
		require.Contains(t, string(readme), strings.Join(indented, "\n"), "%s as docs/tournaments.md shows it", f)
		s, err := tnet.ReadSpec(f)
		require.NoError(t, err, f)
		p, err := s.Format.Plan(nil)
		require.NoError(t, err)
		require.NotEmpty(t, p.Matches, f)
	}
}

// A tournament's NATS secrets are nowhere a bot of the same user can read
// them from another process: not on the command line of the runner or of
// its local workers (/proc/PID/cmdline, which every user can read), not in
// their environment (/proc/PID/environ), not in what the runner prints.
// The credentials file is its owner's alone, and a client without it is
// refused.
func TestTournamentCredentialsStayOffProc(t *testing.T) {
	bin := arenaBinary(t)
	dir := t.TempDir()
	// Two thinkers a few seconds a game: the test reads /proc while they
	// play.
	spec := writeFile(t, dir, "cup.toml", `title = "santorini"
games = 2
[[entrant]]
name = "thinker"
seat = "competitive:150ms"
[[entrant]]
name = "other"
seat = "competitive:120ms"
`)
	out := filepath.Join(dir, "cup")
	run := exec.Command(bin, "tournament", "run", spec, "--out", out, "--workers", "1", "--json")
	var stderr lockedBuffer
	run.Stderr, run.Stdout = &stderr, io.Discard
	require.NoError(t, run.Start())
	defer run.Process.Kill()
	creds := filepath.Join(out, "nats", "client.nk")
	var worker int
	require.Eventually(t, func() bool {
		worker = childOf(run.Process.Pid, "tournament\x00worker\x00")
		return worker != 0
	}, 30*time.Second, 20*time.Millisecond, "the local worker")
	seed, err := os.ReadFile(creds)
	require.NoError(t, err)
	secret := strings.TrimSpace(string(seed))
	require.True(t, strings.HasPrefix(secret, "SU"), "an nkey seed")
	st, err := os.Stat(creds)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	for _, pid := range []int{run.Process.Pid, worker} {
		for _, file := range []string{"cmdline", "environ"} {
			data, err := os.ReadFile(fmt.Sprintf("/proc/%d/%s", pid, file))
			require.NoError(t, err)
			require.NotContains(t, string(data), secret, "/proc/%d/%s", pid, file)
		}
	}
	cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", worker))
	require.Contains(t, string(cmdline), "--nats\x00-\x00", "the worker reads its address on stdin")
	re := regexp.MustCompile("--nats (nats://127\\.0\\.0\\.1:\\d+) --nats-creds ([^\\s`]+)")
	require.Eventually(t, func() bool { return re.MatchString(stderr.String()) }, 10*time.Second, 20*time.Millisecond)
	m := re.FindStringSubmatch(stderr.String())
	require.Equal(t, creds, m[2])
	require.NotContains(t, stderr.String(), secret)
	// A worker started by hand without the credentials is refused.
	code, _, errText := arenaRun(bin, "tournament", "worker", "--nats", m[1])
	require.Equal(t, 1, code)
	require.Contains(t, errText, "refused the credentials")
	require.NoError(t, run.Process.Signal(syscall.SIGINT))
	run.Wait()
}

// childOf is the first child process of pid whose command line holds
// word, or 0.
func childOf(pid int, word string) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		var child int
		if _, err := fmt.Sscan(e.Name(), &child); err != nil {
			continue
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		rest := string(stat[bytes.LastIndexByte(stat, ')')+1:])
		var state string
		var ppid int
		if _, err := fmt.Sscan(rest, &state, &ppid); err != nil || ppid != pid {
			continue
		}
		if cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", child)); bytes.Contains(cmd, []byte(word)) {
			return child
		}
	}
	return 0
}

// lockedBuffer is a buffer that a process writes while a test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
