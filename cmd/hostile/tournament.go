//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// cup is a tournament whose entrants are a hostile AlienWarz program and
// two built-in bots; its twin is the same tournament with the program
// without its attacks.
type cup struct {
	p        *proc
	name     string
	dir      string // its folder, under the server's tournaments
	spec     string
	twinSpec string
	entrant  string // the hostile program's folder
	mark     string
	natsFile string
	nats     chan string // the NATS URL, once the runner says it
	watch    *escapees
	err      error // why it could not start
}

// cupSpec is the spec of the tournament with the entrant's program.
func cupSpec(name, program string) string {
	return fmt.Sprintf(`title = "alienwarz"
name = %q
format = "round-robin"
games = 2
seed = 7
[options]
turns = 150
[[entrant]]
name = "hostile"
seat = "process:%s"
[[entrant]]
name = "miner"
seat = "miner"
[[entrant]]
name = "strategist"
seat = "strategist"
`, name, program)
}

var natsRE = regexp.MustCompile(`NATS in this process at nats://127\.0\.0\.1:(\d+)`)

// startTournament writes the hostile entrant and its twin, and starts
// `arena tournament run` with two local workers into a folder the server
// shows. The entrant learns the runner's NATS port as an attacker who
// found it would (the harness writes it into the entrant's folder).
func (h *harness) startTournament() *cup {
	c := &cup{name: "hostile-cup", nats: make(chan string, 1)}
	c.dir = filepath.Join(h.srv.tournaments, c.name)
	c.entrant = filepath.Join(h.work, "programs", "entrant")
	c.mark = h.mark + "-entrant"
	c.natsFile = filepath.Join(c.entrant, "nats-port")
	canaryTCP, canaryUDP := h.canary.ports()
	strategy, err := h.honestEntrant()
	if err != nil {
		c.err = err
		return c
	}
	t := targets{Program: "entrant", Mark: c.mark, Attack: true, Delay: "0.05",
		AdminToken: filepath.Join(h.srv.data, "admin-token"), JuryToken: filepath.Join(h.srv.data, "jury-token"),
		DataDirs: []string{c.dir, filepath.Join(c.dir, "nats"), filepath.Join(c.dir, "matches"), h.srv.data},
		Replays:  []string{filepath.Join(c.dir, "results.jsonl"), filepath.Join(c.dir, "nats", "client.nk"), filepath.Join(c.dir, "workers.log")},
		Others:   []string{strategy, filepath.Join(h.work, "programs", "alienwarz", "targets.sh")},
		OwnFiles: []string{filepath.Join(c.entrant, "run.sh"), filepath.Join(c.entrant, "pwned")},
		Elsewhere: []string{filepath.Join(c.dir, "results.jsonl"), filepath.Join(c.dir, "matches", "rr-r1-t1-g1.arena"), filepath.Join(c.dir, "standings.json"),
			strategy, filepath.Join(h.srv.data, "pwned")},
		Secret: h.secret, ArenaPID: h.srv.p.cmd.Process.Pid, ArenaPorts: []int{h.srv.port, canaryTCP}, Ports: []int{h.srv.port, canaryTCP},
		UDPPort: canaryUDP, NATSFile: c.natsFile, NATSSubj: "$KV.arena-results-hostile-cup.forged", Forks: 300}
	run, err := writeProgram(c.entrant, "alienwarz", t)
	if err == nil {
		t.Attack, t.Program = false, "entrant-twin"
		var twin string
		twin, err = writeProgram(c.entrant+"-twin", "alienwarz", t)
		c.spec, c.twinSpec = filepath.Join(h.work, "specs", "hostile-cup.toml"), filepath.Join(h.work, "specs", "twin-cup.toml")
		if err == nil {
			err = os.MkdirAll(filepath.Dir(c.spec), 0o755)
		}
		if err == nil {
			err = os.WriteFile(c.spec, []byte(cupSpec("Hostile cup", run)), 0o644)
		}
		if err == nil {
			err = os.WriteFile(c.twinSpec, []byte(cupSpec("Twin cup", twin)), 0o644)
		}
	}
	if err != nil {
		c.err = err
		return c
	}
	c.watch = h.watchEscapees(c.mark)
	cmd := h.command(h.underAttack("tournament", "run", c.spec, "--out", c.dir, "--workers", "2", "--json")...)
	errs, err := cmd.StderrPipe()
	if err != nil {
		c.err = err
		return c
	}
	if c.p, err = h.launch("arena tournament run", cmd); err != nil {
		c.err = err
		return c
	}
	h.progress("tournament %s: a hostile AlienWarz entrant, miner and strategist, 2 local workers", c.name)
	go func() {
		sc := bufio.NewScanner(errs)
		told := false
		for sc.Scan() {
			if m := natsRE.FindStringSubmatch(sc.Text()); m != nil && !told {
				told = true
				os.WriteFile(c.natsFile+".tmp", []byte(m[1]+"\n"), 0o644)
				os.Rename(c.natsFile+".tmp", c.natsFile)
				c.nats <- "127.0.0.1:" + m[1]
			}
		}
	}()
	return c
}

// honestEntrant makes the folder of an honest entrant, with its secret
// strategy, which no other program may read; it returns the strategy's
// path.
func (h *harness) honestEntrant() (string, error) {
	dir := filepath.Join(h.work, "programs", "honest")
	strategy := filepath.Join(dir, "strategy.txt")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if _, err := os.Stat(strategy); err == nil {
		return strategy, nil
	}
	return strategy, os.WriteFile(strategy, []byte("the honest team's secret strategy\n"), 0o644)
}

// finishTournament waits for the tournament and checks it: NATS refuses a
// client without the run's credentials, the entrant's attempts all
// failed, nothing of it is left, and the standings are the twin's.
func (h *harness) finishTournament(c *cup) {
	if c.err != nil {
		h.rep.add("tournament/standings", false, "the tournament did not start: %v", c.err)
		return
	}
	select {
	case addr := <-c.nats:
		h.natsWithoutCredentials(addr)
	case <-c.p.done:
		h.rep.add("tournament/nats-without-credentials", false, "the runner never said where its NATS is")
	case <-time.After(60 * time.Second):
		h.rep.add("tournament/nats-without-credentials", false, "the runner did not say where its NATS is within 60 s")
	}
	if !c.p.wait(3 * time.Minute) {
		c.p.stop(10 * time.Second)
		h.rep.add("tournament/standings", false, "arena tournament run did not end within 3 minutes")
		return
	}
	c.watch.stop()
	h.progress("tournament %s ended: %v", c.name, c.p.err)
	matches, _ := filepath.Glob(filepath.Join(c.dir, "matches", "*.stderr.log"))
	lines := readAttempts(matches...)
	h.judge("tournament", lines, []programRun{{"entrant", append(slices.Clone(everyAttempt), entrantAttempts...)}})
	h.judgeEscapees("tournament/escape-setsid", []*escapees{c.watch})
	if left := gone(5*time.Second, "", c.mark, c.entrant+"/"); len(left) > 0 {
		h.rep.add("left/entrant", false, "still running after the tournament: %s", strings.Join(left, "; "))
	} else {
		h.rep.add("left/entrant", true, "nothing of the tournament's entrant, its workers or its runner runs once it ended")
	}
	if c.p.err != nil {
		h.rep.add("tournament/standings", false, "arena tournament run: %v (see %s)", c.p.err, filepath.Join(c.dir, "workers.log"))
		return
	}
	twinDir := filepath.Join(h.work, "twin-cup")
	cmd := h.command("tournament", "run", c.twinSpec, "--out", twinDir, "--workers", "2", "--json")
	p, err := h.launch("the twin tournament", cmd)
	if err == nil && !p.wait(3*time.Minute) {
		p.stop(10 * time.Second)
		err = fmt.Errorf("it did not end within 3 minutes")
	}
	if err == nil {
		err = p.err
	}
	if err != nil {
		h.rep.add("tournament/standings", false, "the twin tournament: %v", err)
		return
	}
	got, err1 := standings(c.dir)
	want, err2 := standings(twinDir)
	switch {
	case err1 != nil || err2 != nil:
		h.rep.add("tournament/standings", false, "the standings: %v %v", err1, err2)
	case got != want:
		h.rep.add("tournament/standings", false, "the standings differ from the twin tournament's:\n%s\nthe twin's:\n%s", got, want)
	default:
		h.rep.add("tournament/standings", true, "the tournament's standings (%s) are those of the same tournament with the entrant's twin, which attacks nothing", clip(got, 200))
	}
}

// standings reads a tournament's standings, without the seats (the
// programs' paths differ from a tournament to its twin).
func standings(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "standings.json"))
	if err != nil {
		return "", err
	}
	var s struct {
		Matches   int              `json:"matches"`
		Standings []map[string]any `json:"standings"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d matches:", s.Matches)
	for _, row := range s.Standings {
		delete(row, "seat")
		fmt.Fprintf(&b, " %v. %v %v points (%v-%v-%v, rating %v);", row["place"], row["name"], row["points"], row["wins"], row["draws"], row["losses"], row["rating"])
	}
	return b.String(), nil
}

// natsWithoutCredentials speaks NATS to the tournament's server as a bot
// that found its port would, from outside any sandbox: without
// credentials, and with guessed ones, it is refused.
func (h *harness) natsWithoutCredentials(addr string) {
	var got []string
	for _, connect := range []string{`{"verbose":true}`, `{"verbose":true,"user":"arena","pass":"arena"}`, `{"verbose":true,"auth_token":"` + guess() + `"}`} {
		got = append(got, natsConnect(addr, connect))
	}
	for _, g := range got {
		if !strings.Contains(g, "-ERR") || !strings.Contains(strings.ToLower(g), "authorization") {
			h.rep.add("tournament/nats-without-credentials", false, "the tournament's NATS at %s: %s", addr, strings.Join(got, " | "))
			return
		}
	}
	h.rep.add("tournament/nats-without-credentials", true, "the tournament's NATS at %s, reached from outside any sandbox without the run's credentials (none, guessed user, guessed token): %s", addr, clip(got[0], 80))
}

// natsConnect connects to NATS with a CONNECT message, publishes a forged
// result and pings: it returns what the server answered.
func natsConnect(addr, connect string) string {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return "dial: " + err.Error()
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	r := bufio.NewReader(conn)
	if _, err := r.ReadString('\n'); err != nil {
		return "no INFO: " + err.Error()
	}
	fmt.Fprintf(conn, "CONNECT %s\r\nPUB $KV.arena-results-hostile-cup.forged 12\r\n{\"winner\":1}\r\nPING\r\n", connect)
	var out bytes.Buffer
	for {
		line, err := r.ReadString('\n')
		out.WriteString(strings.TrimSpace(line) + " ")
		if err != nil || strings.HasPrefix(line, "PONG") || strings.HasPrefix(line, "-ERR") {
			break
		}
	}
	return strings.TrimSpace(out.String())
}
