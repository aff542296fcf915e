//go:build linux

package main

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/net/stream"
)

// scripts are the hostile programs: the attacks all of them make
// (attacks.sh) and one program a kind, which sources it.
//
//go:embed programs/*.sh
var scripts embed.FS

// The attempts of the programs, by who makes them.
var (
	everyAttempt = []string{"read-admin-token", "read-jury-token", "list-arena-data", "read-live-replays", "read-other-entrants",
		"write-own-folder", "write-elsewhere", "read-arena-environment", "signal-arena", "find-arena-in-proc", "connect-ports",
		"send-udp", "escape-setsid"}
	heavyAttempts   = []string{"launcher-descriptors", "fork-bomb"}
	unitAttempts    = []string{"hijack-public-token", "hijack-guessed-token", "hijack-reused-token"}
	entrantAttempts = []string{"connect-nats"}
)

// targets is a program's targets.sh: what it attacks. The paths and ports
// are those an attacker who knows Arena's layout would know.
type targets struct {
	Program    string
	Mark       string // the prefix of its escapees' and forks' names
	Attack     bool   // false for a twin
	Heavy      bool   // the launcher's descriptors and a fork bomb too
	Delay      string // AlienWarz: how late it answers, in seconds
	AdminToken string
	JuryToken  string
	DataDirs   []string
	Replays    []string
	Others     []string
	OwnFiles   []string
	Elsewhere  []string
	Secret     string
	ArenaPID   int
	ArenaPorts []int
	Ports      []int
	UDPPort    int
	NATSFile   string // where the harness writes the tournament's NATS port
	NATSSubj   string
	Forks      int
}

// shell writes t as bash assignments.
func (t targets) shell() string {
	var b strings.Builder
	set := func(name string, v any) {
		switch v := v.(type) {
		case string:
			fmt.Fprintf(&b, "%s=%s\n", name, quote(v))
		case int:
			fmt.Fprintf(&b, "%s=%d\n", name, v)
		case bool:
			fmt.Fprintf(&b, "%s=%d\n", name, map[bool]int{false: 0, true: 1}[v])
		case []string:
			q := make([]string, len(v))
			for i, s := range v {
				q[i] = quote(s)
			}
			fmt.Fprintf(&b, "%s=(%s)\n", name, strings.Join(q, " "))
		case []int:
			q := make([]string, len(v))
			for i, n := range v {
				q[i] = strconv.Itoa(n)
			}
			fmt.Fprintf(&b, "%s=(%s)\n", name, strings.Join(q, " "))
		}
	}
	b.WriteString("# What this program attacks: written by cmd/hostile.\n")
	set("PROGRAM", t.Program)
	set("MARK", t.Mark)
	set("ATTACK", t.Attack)
	set("HEAVY", t.Heavy)
	set("DELAY", cmp.Or(t.Delay, "0"))
	set("ADMIN_TOKEN", t.AdminToken)
	set("JURY_TOKEN", t.JuryToken)
	set("DATA_DIRS", t.DataDirs)
	set("REPLAYS", t.Replays)
	set("OTHERS", t.Others)
	set("OWN_FILES", t.OwnFiles)
	set("ELSEWHERE", t.Elsewhere)
	set("SECRET", t.Secret)
	set("ARENA_PID", t.ArenaPID)
	set("ARENA_PORTS", t.ArenaPorts)
	set("PORTS", t.Ports)
	set("UDP_PORT", t.UDPPort)
	set("NATS_PORT_FILE", t.NATSFile)
	set("NATS_SUBJECT", t.NATSSubj)
	set("FORKS", t.Forks)
	return b.String()
}

// quote quotes s for bash.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// writeProgram writes a program of kind (alienwarz, engine, unit) into
// dir: its run.sh, the attacks and its targets. It returns its run.sh.
func writeProgram(dir, kind string, t targets) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	run := filepath.Join(dir, "run.sh")
	for _, f := range []struct{ from, to, text string }{
		{"programs/" + kind + ".sh", run, ""},
		{"programs/attacks.sh", filepath.Join(dir, "attacks.sh"), ""},
		{"", filepath.Join(dir, "targets.sh"), t.shell()},
	} {
		data := []byte(f.text)
		if f.from != "" {
			var err error
			if data, err = scripts.ReadFile(f.from); err != nil {
				return "", err
			}
		}
		if err := os.WriteFile(f.to, data, 0o755); err != nil {
			return "", err
		}
	}
	return run, nil
}

// program is a hostile program in a match of the server.
type program struct {
	name     string // alienwarz, engine, unit
	kind     string // its script
	dir      string
	run      string // its run.sh
	twinRun  string // its twin's
	mark     string
	expect   []string
	req      stream.CreateRequest
	twinArgs []string // the `arena run` of its twin
	id       string   // its match
	log      string   // where its reports go
	sum      [32]byte // its files', to see that none changed
	watch    *escapees
}

// startPrograms writes the hostile programs of the server's matches and
// their twins, and creates their matches.
func (h *harness) startPrograms(hon *honest) ([]*program, error) {
	s := h.srv
	seed := func() int64 { return h.rng.Int64N(1<<40) + 1 }
	progs := []*program{
		{name: "alienwarz", kind: "alienwarz", req: stream.CreateRequest{Title: "alienwarz", Seed: seed(), Pace: "250ms",
			Options: map[string]string{"turns": "60"}}},
		{name: "engine", kind: "engine", req: stream.CreateRequest{Title: "santorini", Seed: seed()}},
		{name: "unit", kind: "unit", req: stream.CreateRequest{Title: "aic21", Seed: seed(), Pace: "300ms",
			Options: map[string]string{"turns": "40", "INIT_ANTS": "2"}}},
	}
	strategy, err := h.honestEntrant()
	if err != nil {
		return nil, err
	}
	honestDir := filepath.Dir(strategy)
	for _, p := range progs {
		p.dir = filepath.Join(h.work, "programs", p.name)
		p.mark = h.mark + "-" + p.name
	}
	parts, _ := filepath.Glob(filepath.Join(s.data, "replays", "*.part"))
	canaryTCP, canaryUDP := h.canary.ports()
	for _, p := range progs {
		t := targets{Program: p.name, Mark: p.mark, Attack: true, Heavy: true, Delay: "0.05",
			AdminToken: filepath.Join(s.data, "admin-token"), JuryToken: filepath.Join(s.data, "jury-token"),
			DataDirs: []string{s.data, filepath.Join(s.data, "replays"), filepath.Join(s.data, "jetstream"), s.tournaments, filepath.Join(h.work, "xdg")},
			Replays:  append(parts, filepath.Join(s.data, "replays", hon.id+".arena"), filepath.Join(s.data, "server-id")),
			OwnFiles: []string{filepath.Join(p.dir, "run.sh"), filepath.Join(p.dir, "attacks.sh"), filepath.Join(p.dir, "pwned")},
			Elsewhere: []string{strategy, filepath.Join(honestDir, "pwned"), filepath.Join(s.data, "pwned"), filepath.Join(s.data, "replays", "pwned.arena"),
				filepath.Join(s.tournaments, "pwned")},
			Secret: h.secret, ArenaPID: s.p.cmd.Process.Pid, ArenaPorts: []int{s.port, canaryTCP}, Ports: []int{s.port, canaryTCP},
			UDPPort: canaryUDP, Forks: 300}
		t.Others = append(t.Others, strategy)
		for _, o := range progs {
			if o != p {
				t.Others = append(t.Others, filepath.Join(o.dir, "targets.sh"))
				t.Elsewhere = append(t.Elsewhere, filepath.Join(o.dir, "run.sh"))
			}
		}
		if p.name != "unit" {
			// A unit may reach its match's port, 7099: the others may not.
			t.Ports = append(t.Ports, 7099)
		}
		var err error
		if p.run, err = writeProgram(p.dir, p.kind, t); err != nil {
			return nil, err
		}
		t.Attack, t.Program = false, p.name+"-twin"
		if p.twinRun, err = writeProgram(p.dir+"-twin", p.kind, t); err != nil {
			return nil, err
		}
		p.sum = folderSum(p.dir)
		p.expect = append(slices.Clone(everyAttempt), heavyAttempts...)
	}
	aw, eng, unit := progs[0], progs[1], progs[2]
	aw.req.Seats = []string{"process:" + aw.run, "miner"}
	aw.twinArgs = []string{"run", "alienwarz", "--seed", fmt.Sprint(aw.req.Seed), "--turns", "60", "--seats", "process:" + aw.twinRun + ",miner"}
	eng.req.Seats = []string{"engine:2s:" + eng.run, "alphabeta:2"}
	eng.twinArgs = []string{"run", "santorini", "--seed", fmt.Sprint(eng.req.Seed), "--seats", "engine:2s:" + eng.twinRun + ",alphabeta:2"}
	unit.req.Seats = []string{"process:" + unit.run, "colony"}
	unit.twinArgs = []string{"run", "aic21", "--seed", fmt.Sprint(unit.req.Seed), "--turns", "40", "--option", "INIT_ANTS=2",
		"--listen", "127.0.0.1:0", "--seats", "process:" + unit.twinRun + ",colony"}
	unit.expect = append(unit.expect, unitAttempts...)
	for _, p := range progs {
		p.watch = h.watchEscapees(p.mark)
		c, err := s.create(h.ctx, p.req)
		if err != nil {
			p.watch.stop()
			h.rep.add("match/"+p.name, false, "%v", err)
			continue
		}
		p.id = c.ID
		p.log = filepath.Join(s.data, "replays", c.ID+".p1.stderr.log")
		if p.name == "unit" {
			p.log = filepath.Join(s.data, "replays", c.ID+".p1.units.log")
		}
		h.progress("%s match %s: %s", p.name, p.id, strings.Join(p.req.Seats, " against "))
	}
	return progs, nil
}

// finishPrograms waits for each program's match to end, and checks it:
// the result is its twin's, the program and all it started are gone, its
// files are as they were; then it reads the programs' reports.
func (h *harness) finishPrograms(progs []*program) {
	var wg sync.WaitGroup
	reports := make([][]attemptLine, len(progs))
	for i, p := range progs {
		if p.id == "" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i] = h.finishProgram(p)
		}()
	}
	wg.Wait()
	var all []attemptLine
	var runs []programRun
	for i, p := range progs {
		if p.id != "" {
			all = append(all, reports[i]...)
			runs = append(runs, programRun{p.name, p.expect})
		}
	}
	h.judge("program", all, runs)
	var esc []*escapees
	for _, p := range progs {
		if p.id != "" {
			esc = append(esc, p.watch)
		}
	}
	h.judgeEscapees("program/escape-setsid", esc)
}

// finishProgram waits for p's match and checks it; it returns p's
// reports.
func (h *harness) finishProgram(p *program) []attemptLine {
	in, err := h.srv.waitEnd(h.ctx, p.id, 3*time.Minute)
	p.watch.stop()
	if err != nil {
		h.rep.add("match/"+p.name, false, "%v", err)
		return readAttempts(p.log)
	}
	h.progress("%s match %s ended: %s %s", p.name, p.id, in.Status, in.Reason)
	left := gone(5*time.Second, "", p.mark, p.dir+"/")
	if len(left) > 0 {
		h.rep.add("left/"+p.name, false, "still running after its match ended: %s", strings.Join(left, "; "))
	} else {
		h.rep.add("left/"+p.name, true, "nothing of the %s program runs once its match ended (its processes, escapees and forks)", p.name)
	}
	if folderSum(p.dir) != p.sum {
		h.rep.add("match/"+p.name+"-files", false, "the program's own files changed during its match")
	}
	twin, err := h.twin(h.ctx, p.name, p.twinArgs...)
	switch {
	case err != nil:
		h.rep.add("match/"+p.name, false, "%v", err)
	case in.Status != stream.Finished:
		h.rep.add("match/"+p.name, false, "match %s ended %s: %s", p.id, in.Status, in.Reason)
	default:
		res, err := sameGame(h.srv.replayPath(p.id), twin)
		if err != nil {
			h.rep.add("match/"+p.name, false, "match %s (%s): %v", p.id, strings.Join(p.req.Seats, ", "), err)
		} else {
			h.rep.add("match/"+p.name, true, "match %s (%s against %s) ended as its twin without attacks did, move for move: %s",
				p.id, p.name, p.req.Seats[1], res)
		}
	}
	return readAttempts(p.log)
}

// folderSum is a hash of the files of dir, by name and content, but for
// the pid.log that an AlienWarz bot may write.
func folderSum(dir string) [32]byte {
	h := sha256.New()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() == "pid.log" {
			continue
		}
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		fmt.Fprintf(h, "%s %d\n", e.Name(), len(data))
		h.Write(data)
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// attemptLine is one line of a program's report.
type attemptLine struct {
	program, attempt, verdict, what string
}

// readAttempts reads the report lines in the log files at the paths.
func readAttempts(paths ...string) []attemptLine {
	var out []attemptLine
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			rest, ok := strings.CutPrefix(sc.Text(), "HOSTILE ")
			if !ok {
				continue
			}
			f := strings.SplitN(rest, " ", 4)
			if len(f) < 3 {
				continue
			}
			l := attemptLine{program: f[0], attempt: f[1], verdict: f[2]}
			if len(f) == 4 {
				l.what = f[3]
			}
			out = append(out, l)
		}
		f.Close()
	}
	return out
}

// programRun is a program that ran and the attempts it had to make.
type programRun struct {
	name   string
	expect []string
}

// judge reports each attempt of the programs: held if every program that
// had to make it reported it held; failed if one reported it BROKE, or
// never reported it (its attacks did not all run), or never said it was
// done. Attempts that only the harness can judge ("tried": the canary,
// the escapees) are judged elsewhere. group prefixes the attacks' names;
// the AIC21 units' own attempts go under "unit".
func (h *harness) judge(group string, lines []attemptLine, runs []programRun) {
	type tally struct {
		held, broke, errs []string
		how               string
	}
	byAttempt := map[string]*tally{}
	made := map[string]map[string]bool{} // program -> attempts made
	for _, l := range lines {
		if made[l.program] == nil {
			made[l.program] = map[string]bool{}
		}
		made[l.program][l.attempt] = true
		t := byAttempt[l.attempt]
		if t == nil {
			t = &tally{}
			byAttempt[l.attempt] = t
		}
		switch l.verdict {
		case "BROKE":
			t.broke = append(t.broke, l.program+": "+l.what)
		case "error":
			t.errs = append(t.errs, l.program+": "+l.what)
		case "held":
			t.held = append(t.held, l.program)
			if t.how == "" {
				t.how = l.what
			}
		}
	}
	missing := map[string][]string{}
	for _, r := range runs {
		if !made[r.name]["all"] {
			h.rep.add(group+"/"+r.name+"-attacks", false, "the %s program never said its attacks were done (its match ended first, or it did not run): it reported %d attempts", r.name, len(made[r.name]))
		}
		for _, a := range r.expect {
			if !made[r.name][a] {
				missing[a] = append(missing[a], r.name)
			}
		}
	}
	names := make([]string, 0, len(byAttempt))
	for a := range byAttempt {
		names = append(names, a)
	}
	for a := range missing {
		if byAttempt[a] == nil {
			names = append(names, a)
		}
	}
	sort.Strings(names)
	for _, a := range names {
		if a == "all" || a == "send-udp" || a == "escape-setsid" {
			continue
		}
		g := group
		if strings.HasPrefix(a, "hijack-") {
			g = "unit"
		}
		t := byAttempt[a]
		switch {
		case t != nil && len(t.broke) > 0:
			h.rep.add(g+"/"+a, false, "BROKE: %s", strings.Join(t.broke, " | "))
		case t != nil && len(t.errs) > 0:
			h.rep.add(g+"/"+a, false, "could not be made: %s", strings.Join(t.errs, " | "))
		case len(missing[a]) > 0:
			h.rep.add(g+"/"+a, false, "not made by %s: its report lacks it", strings.Join(missing[a], ", "))
		default:
			how, _, _ := strings.Cut(t.how, "; ")
			h.rep.add(g+"/"+a, true, "refused to %s: %s", counted(t.held), how)
		}
	}
}

// counted lists names with how many times each came: "unit x2, engine".
func counted(names []string) string {
	n := map[string]int{}
	var order []string
	for _, s := range names {
		if n[s] == 0 {
			order = append(order, s)
		}
		n[s]++
	}
	var out []string
	for _, s := range order {
		if n[s] > 1 {
			out = append(out, fmt.Sprintf("%s x%d", s, n[s]))
		} else {
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}

// escapees watches, while a match runs, for the processes that its
// program started to escape (named MARK-setsid, MARK-double, MARK-nohup):
// seeing them shows that the attempt was made.
type escapees struct {
	mark string
	done chan struct{}
	over chan struct{}
	mu   sync.Mutex
	seen int
}

// watchEscapees starts watching for mark's escapees.
func (h *harness) watchEscapees(mark string) *escapees {
	e := &escapees{mark: mark, done: make(chan struct{}), over: make(chan struct{})}
	go func() {
		defer close(e.over)
		for {
			n := len(running("", mark+"-setsid", mark+"-double", mark+"-nohup"))
			e.mu.Lock()
			e.seen = max(e.seen, n)
			e.mu.Unlock()
			select {
			case <-e.done:
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
	return e
}

// stop stops watching.
func (e *escapees) stop() {
	select {
	case <-e.done:
	default:
		close(e.done)
	}
	<-e.over
}

// judgeEscapees reports the escape attempts: each program's escapees were
// seen running during its match, and none is left.
func (h *harness) judgeEscapees(attack string, es []*escapees) {
	var seen, unseen, left []string
	for _, e := range es {
		e.stop()
		e.mu.Lock()
		n := e.seen
		e.mu.Unlock()
		if n > 0 {
			seen = append(seen, fmt.Sprintf("%s (%d)", strings.TrimPrefix(e.mark, h.mark+"-"), n))
		} else {
			unseen = append(unseen, strings.TrimPrefix(e.mark, h.mark+"-"))
		}
		left = append(left, gone(5*time.Second, "", e.mark+"-")...)
	}
	switch {
	case len(left) > 0:
		h.rep.add(attack, false, "escapees outlived their sandbox: %s", strings.Join(left, "; "))
	case len(unseen) > 0:
		h.rep.add(attack, false, "no escapee of %s was seen running: the attempt was not made", strings.Join(unseen, ", "))
	default:
		h.rep.add(attack, true, "setsid, double-forked and nohup'd sleepers ran during the matches (%s) and none outlived its sandbox", strings.Join(seen, ", "))
	}
}
