//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	aibg "github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/contest/contesttest"
	"github.com/arena-games/arena/net/stream"
)

// loopbackPort is a free port on 127.0.0.1, as HOST:PORT.
func loopbackPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// teamBot is a team's bot on the night: its program, started again each
// time it exits (once per match, as the teams ran theirs), until the
// night ends; its output's lines are kept, and the test may kill the
// running process.
type teamBot struct {
	name string
	args []string
	mu   sync.Mutex
	// starts are when it was started, while the night ran; lines its
	// output, with runs[i] the run (0, 1, ...) of lines[i].
	starts []time.Time
	lines  []string
	runs   []int
	cmd    *exec.Cmd
}

// run starts the bot over and over until ctx ends, then kills it.
func (b *teamBot) run(ctx context.Context) {
	for ctx.Err() == nil {
		cmd := exec.Command(b.args[0], b.args[1:]...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		out, err := cmd.StdoutPipe()
		cmd.Stderr = cmd.Stdout
		if err != nil || cmd.Start() != nil {
			return
		}
		b.mu.Lock()
		b.starts = append(b.starts, time.Now())
		b.cmd = cmd
		b.mu.Unlock()
		stop := context.AfterFunc(ctx, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			b.mu.Lock()
			b.lines, b.runs = append(b.lines, sc.Text()), append(b.runs, len(b.starts)-1)
			b.mu.Unlock()
		}
		cmd.Wait()
		stop()
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// kill kills the bot's running process with SIGKILL, as a crash would.
func (b *teamBot) kill() {
	b.mu.Lock()
	defer b.mu.Unlock()
	syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
}

// said counts the lines of the bot's output that begin with prefix, in
// its run (0, 1, ...; -1: in every run).
func (b *teamBot) said(prefix string, run int) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for i, l := range b.lines {
		if strings.HasPrefix(l, prefix) && (run < 0 || b.runs[i] == run) {
			n++
		}
	}
	return n
}

// night runs `arena tournament run SPEC --listen ADDR --join-timeout
// JOIN` (and the flags more) with the teams' bots running meanwhile;
// during is called while it runs. It returns the tournament's index, its
// folder and what the run printed, once the bots are stopped and no
// process of the night is left.
func night(t *testing.T, dir, spec, addr, join string, more []string, bots []*teamBot, during func()) (ix *tournament.Index, out, printed string) {
	t.Helper()
	bin := arenaBinary(t)
	out = filepath.Join(dir, "night")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"tournament", "run", spec, "--out", out, "--listen", addr, "--join-timeout", join, "--workers", "2"}, more...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	botsCtx, stopBots := context.WithCancel(ctx)
	var wg sync.WaitGroup
	if len(bots) > 0 {
		// The teams start their bots when the organiser's port is open.
		require.Eventually(t, func() bool {
			c, err := net.Dial("tcp", addr)
			if err == nil {
				c.Close()
			}
			return err == nil
		}, time.Minute, 20*time.Millisecond)
	}
	for _, b := range bots {
		wg.Go(func() { b.run(botsCtx) })
	}
	if during != nil {
		during()
	}
	err := cmd.Wait()
	ended := time.Now()
	stopBots()
	wg.Wait()
	for _, b := range bots {
		b.starts = slices.DeleteFunc(b.starts, func(at time.Time) bool { return at.After(ended) })
	}
	require.NoError(t, err, "the run:\n%s\n%s", stdout.String(), stderr.String())
	require.Eventually(t, func() bool {
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range procs {
			data, _ := os.ReadFile(p)
			// (The server that the room watches stays.)
			if bytes.Contains(data, []byte(dir)) && !bytes.Contains(data, []byte("\x00serve\x00")) {
				return false
			}
		}
		return true
	}, 10*time.Second, 100*time.Millisecond, "no process of the night is left")
	data, err := os.ReadFile(filepath.Join(out, tournament.IndexFile))
	require.NoError(t, err)
	ix, err = tournament.ReadIndex(tournament.IndexFile, data)
	require.NoError(t, err)
	require.Equal(t, tournament.StatusComplete, ix.Status)
	require.NotContains(t, string(data), "-pass", "no password in the tournament's files")
	for _, m := range ix.Matches {
		require.NotNil(t, m.Result, m.ID)
		rec, err := game.OpenFile(filepath.Join(out, m.Replay()))
		require.NoError(t, err, m.ID)
		for i, e := range m.Entrants {
			if e >= 0 {
				require.Equal(t, ix.EntrantName(e), rec.Header.Players[i], "%s: the replay names its players", m.ID)
			}
		}
	}
	code, info, _ := arenaRun(bin, "info", filepath.Join(out, ix.Matches[0].Replay()))
	require.Equal(t, 0, code)
	require.Contains(t, info, fmt.Sprintf("%q", ix.EntrantName(ix.Matches[0].Entrants[0])), "arena info names the players")
	return ix, out, stderr.String()
}

// The AIBG 5.0 night end to end, as an organiser runs it: a teams file of
// five teams and a spec of eight entrants (three built-in bots) in the
// contest's format, two groups of four played at once on one port, then
// the final; `arena tournament run SPEC --listen --join-timeout`. The
// teams' bots are Python with requests, as the contest's were: three are
// started once per match, one stays for the whole night, one team never
// comes (its matches wait out the join time, it places last, the night
// goes on), and one bot is killed in the middle of a match and started
// again (it logs in, joins, and plays on in its seat).
func TestAIBGNightEndToEnd(t *testing.T) {
	t.Parallel()
	aibgNight(t, false)
}

// The same night played on the server that the room watches: `arena serve
// --listen` holds the contest listener, and `arena tournament run
// --server` has it play every match (the teams' bots connect to the
// server); the server lists the matches with the teams' names, and the
// runner checks the replays it took from there.
func TestAIBGNightOnTheServer(t *testing.T) {
	t.Parallel()
	aibgNight(t, true)
}

// aibgNight plays the AIBG 5.0 night, on a server when hosted.
func aibgNight(t *testing.T, hosted bool) {
	py := contesttest.Python(t, "requests")
	dir := t.TempDir()
	code, err := os.ReadFile("net/contest/aibg5/testdata/bot.py")
	require.NoError(t, err)
	writeFile(t, dir, "bot.py", string(code))
	writeFile(t, dir, "teams.toml", `[[team]]
name = "Hiperparametri"
login = "hiper"
password = "hiper-pass"
[[team]]
name = "BotDiff"
login = "botdiff"
password = "botdiff-pass"
[[team]]
name = "CHOP"
login = "chop"
password = "chop-pass"
[[team]]
name = "Deep_bAlt"
login = "deepbalt"
password = "deepbalt-pass"
[[team]]
name = "Ghosts"
login = "ghosts"
password = "ghosts-pass"
`)
	entrants := ""
	for _, team := range []string{"Hiperparametri", "BotDiff", "CHOP", "Deep_bAlt", "Ghosts"} {
		entrants += fmt.Sprintf("[[entrant]]\nteam = %q\n", team)
	}
	for i, seat := range []string{"greedy", "tactical", "greedy"} {
		entrants += fmt.Sprintf("[[entrant]]\nname = \"House %d\"\nseat = %q\n", i+1, seat)
	}
	spec := writeFile(t, dir, "night.toml", "title = \"aibg5\"\nname = \"Finals\"\nteams = \"teams.toml\"\nformat = \"aibg5\"\ngames = 1\n"+
		"house = \"greedy\"\nseed = 7\nlimit = \"3s\"\n[options]\nturns = 12\n"+entrants)
	addr := loopbackPort(t)
	url := "http://" + addr
	bot := func(name, login, mode string) *teamBot {
		return &teamBot{name: name, args: []string{py, filepath.Join(dir, "bot.py"), url, login, mode, login + "-pass"}}
	}
	hiper, botdiff, chop, deep := bot("Hiperparametri", "hiper", "play"), bot("BotDiff", "botdiff", "play"),
		bot("CHOP", "chop", "stay"), bot("Deep_bAlt", "deepbalt", "play")
	var more []string
	var srv *serveProcess
	if hosted {
		data := t.TempDir()
		srv = startServe(t, arenaBinary(t), "127.0.0.1:0", data, "--listen", addr, "--tournaments", dir)
		more = []string{"--server", srv.url, "--admin-token-file", filepath.Join(data, "admin-token")}
	}
	ix, out, printed := night(t, dir, spec, addr, "8s", more, []*teamBot{hiper, botdiff, chop, deep}, func() {
		require.Eventually(t, func() bool { return botdiff.said("turn 4", 0) > 0 }, 2*time.Minute, 20*time.Millisecond)
		botdiff.kill() // in the middle of its first match
	})
	if hosted {
		require.Contains(t, printed, "connect to the contest listener of the server "+srv.url, "the run says where the bots connect")
		c, err := stream.NewClient(srv.url)
		require.NoError(t, err)
		list, err := c.Matches(context.Background())
		require.NoError(t, err)
		require.Len(t, list, len(ix.Matches), "the server played every match")
		var players []string
		for _, in := range list {
			require.Equal(t, stream.Finished, in.Status)
			for _, seat := range in.Seats {
				players = append(players, seat.Player)
			}
		}
		require.Subset(t, players, []string{"Hiperparametri", "BotDiff", "CHOP", "Deep_bAlt", "Ghosts"}, "the server names the teams")
	} else {
		require.Contains(t, printed, "connect to "+addr, "the run says where the bots connect")
	}
	final := ix.Matches[len(ix.Matches)-1]
	require.Equal(t, 2, final.Round, "two groups (and their deciders), then the final: %v", ix.Matches)
	require.GreaterOrEqual(t, len(botdiff.starts), 2, "BotDiff's bot was started again")
	require.Positive(t, botdiff.said("joined", 1), "BotDiff's bot joined again after its crash")
	chopMatches := 0
	for _, m := range ix.Matches {
		if slices.Contains(m.Entrants, 2) {
			chopMatches++
		}
	}
	require.Equal(t, chopMatches, chop.said("joined", 0), "CHOP's bot, started once, played all its matches: %q", chop.lines)
	teams := map[int]*teamBot{0: hiper, 1: botdiff, 2: chop, 3: deep}
	for _, m := range ix.Matches {
		rec, err := game.OpenFile(filepath.Join(out, m.Replay()))
		require.NoError(t, err, m.ID)
		last := rec.Timeline.Last().State.(*aibg.State)
		for i, e := range m.Entrants {
			switch {
			case e == 4:
				require.Equal(t, i+1, m.Result.Ranking[len(m.Result.Ranking)-1], "%s: Ghosts never came and placed last", m.ID)
			case teams[e] != nil:
				require.Equal(t, teams[e].name, ix.EntrantName(e))
				require.Equal(t, []string{"hiper", "botdiff", "chop", "deepbalt"}[e], rec.Header.Config.Options[fmt.Sprintf("name%d", i+1)],
					"%s: seat %d is its team's", m.ID, i+1)
				require.False(t, last.Player(i+1).Removed, "%s: %s's bot played every turn (BotDiff's came back in time)", m.ID, teams[e].name)
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(out, tournament.StandingsFile))
	require.NoError(t, err)
	st, err := tournament.ReadStandings(tournament.StandingsFile, data)
	require.NoError(t, err)
	var names []string
	for _, r := range st.Standings {
		names = append(names, r.Name)
		if r.Name == "Ghosts" {
			require.Equal(t, st.Standings[len(st.Standings)-1].Place, r.Place, "the team that never came shares the last place: %+v", st.Standings)
			require.Zero(t, r.Points)
		}
	}
	require.ElementsMatch(t, []string{"Hiperparametri", "BotDiff", "CHOP", "Deep_bAlt", "Ghosts", "House 1", "House 2", "House 3"}, names)
}

// The AIC21 night: the teams hand in programs, and Arena's server starts
// their units, as the original's ran the uploaded clients; a round robin
// of three teams whose units are Python over raw TCP, one team's exiting
// on KILL at once, as the teams' clients did.
func TestAIC21NightEndToEnd(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t)
	dir := t.TempDir()
	code, err := os.ReadFile("net/contest/aic21/testdata/unit.py")
	require.NoError(t, err)
	teams := ""
	for _, team := range []struct{ name, mode string }{{"Formicidae", "mortal"}, {"Atta", "play"}, {"Lasius", "play"}} {
		folder := filepath.Join(dir, strings.ToLower(team.name))
		require.NoError(t, os.MkdirAll(folder, 0o755))
		writeFile(t, folder, "unit.py", string(code))
		require.NoError(t, os.WriteFile(filepath.Join(folder, "run.sh"),
			fmt.Appendf(nil, "#!/bin/sh\nexec %s %s %s\n", py, filepath.Join(folder, "unit.py"), team.mode), 0o755))
		teams += fmt.Sprintf("[[team]]\nname = %q\nprogram = %q\n", team.name, strings.ToLower(team.name)+"/run.sh")
	}
	writeFile(t, dir, "teams.toml", teams)
	spec := writeFile(t, dir, "night.toml", "title = \"aic21\"\nname = \"Colonies\"\nteams = \"teams.toml\"\nseed = 3\ngames = 1\n[options]\nturns = 25\n"+
		"[[entrant]]\nteam = \"Formicidae\"\n[[entrant]]\nteam = \"Atta\"\n[[entrant]]\nteam = \"Lasius\"\n")
	ix, _, _ := night(t, dir, spec, loopbackPort(t), "30s", nil, nil, nil)
	require.Len(t, ix.Matches, 3, "a round robin of three")
	for _, m := range ix.Matches {
		require.NotEqual(t, "forfeit", m.Result.Reason, "%s: no team forfeited for a unit the game killed", m.ID)
	}
	require.True(t, slices.ContainsFunc(ix.Entrants, func(e tournament.Entrant) bool { return strings.HasPrefix(e.Seat, "process:") }))
}

// The GuardAIns night: four teams in a round robin on one Socket.IO port,
// two matches at once; the teams' bots are Python with python-socketio,
// as the contest's template, started once and never exiting (after each
// match the server keeps their connections, waiting for their team's next
// match); one team never comes (it loses each
// match at once, as the rules say, and the night goes on), and one bot is killed
// in the middle of a match and started again (it resumes its seat, R32).
func TestGuardAInsNightEndToEnd(t *testing.T) {
	t.Parallel()
	py := contesttest.Python(t, "socketio")
	dir := t.TempDir()
	code, err := os.ReadFile("net/contest/guardains/testdata/bot.py")
	require.NoError(t, err)
	writeFile(t, dir, "bot.py", string(code))
	teams, entrants := "", ""
	for _, team := range []string{"Anubis", "Bastet", "Horus", "Seth"} {
		// The template logs in with its player_id as its password.
		login := strings.ToLower(team)
		teams += fmt.Sprintf("[[team]]\nname = %q\nlogin = %q\npassword = %q\n", team, login, login)
		entrants += fmt.Sprintf("[[entrant]]\nteam = %q\n", team)
	}
	writeFile(t, dir, "teams.toml", teams)
	spec := writeFile(t, dir, "night.toml", "title = \"guardains\"\nname = \"Guardians\"\nteams = \"teams.toml\"\nformat = \"round-robin\"\n"+
		"games = 1\nseed = 5\nmaps = [\"original\"]\nlimit = \"1s\"\n[options]\nturns = 20\n"+entrants)
	addr := loopbackPort(t)
	bot := func(name string) *teamBot {
		login := strings.ToLower(name)
		return &teamBot{name: name, args: []string{py, filepath.Join(dir, "bot.py"), "http://" + addr, login, "play"}}
	}
	anubis, bastet, horus := bot("Anubis"), bot("Bastet"), bot("Horus")
	ix, out, printed := night(t, dir, spec, addr, "5s", nil, []*teamBot{anubis, bastet, horus}, func() {
		require.Eventually(t, func() bool { return bastet.said("game_status Game Running - Round 5", 0) > 0 }, 2*time.Minute, 20*time.Millisecond)
		bastet.kill() // in the middle of its first match
	})
	require.Contains(t, printed, "connect to "+addr, "the run says where the bots connect")
	require.Len(t, ix.Matches, 6, "a round robin of four")
	anubisMatches := 0
	for _, m := range ix.Matches {
		if slices.Contains(m.Entrants, 0) {
			anubisMatches++
		}
	}
	require.Equal(t, anubisMatches, anubis.said("game_status Game Over", 0),
		"the template's bot, started once, played all its matches on one login: %q", anubis.lines)
	require.GreaterOrEqual(t, len(bastet.starts), 2, "Bastet's bot was started again")
	require.Positive(t, bastet.said("connected", 1), "Bastet's bot logged in again after its crash")
	for _, m := range ix.Matches {
		seth := slices.Index(m.Entrants, 3)
		if seth < 0 {
			require.NotEqual(t, "forfeit", m.Result.Reason, m.ID)
			continue
		}
		require.Equal(t, 2-seth, m.Result.Winner, "%s: Seth never came and lost", m.ID)
		require.Equal(t, "absent", m.Result.Reason, "%s: a seat not connected at the start loses at once", m.ID)
	}
	data, err := os.ReadFile(filepath.Join(out, tournament.StandingsFile))
	require.NoError(t, err)
	st, err := tournament.ReadStandings(tournament.StandingsFile, data)
	require.NoError(t, err)
	require.Equal(t, "Seth", st.Standings[len(st.Standings)-1].Name, "the team that never came is last")
}
