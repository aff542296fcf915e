//go:build !js

package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/bus"
	"github.com/arena-games/arena/net/contest"
	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/net/stream"
	tnet "github.com/arena-games/arena/net/tournament"
	"github.com/arena-games/arena/scenes"
)

var cmdTournament = &Command{
	Name:  "tournament",
	Short: "tournaments: run one, see where it stands, lend cores to one, show it, check its teams",
	Long: `Tournaments: run one from its spec (a TOML file), see where it stands, lend
this machine's cores to one, show it in the window, or check a contest
night's teams file and make its passwords.`,
	Flags:    group("expected run SPEC, status DIR, worker --nats URL, show DIR|URL or teams FILE"),
	Commands: []*Command{cmdTournamentRun, cmdTournamentStatus, cmdTournamentWorker, cmdTournamentShow, cmdTournamentTeams},
}

var cmdTournamentRun = &Command{
	Name: "run",
	Synopsis: []string{"SPEC [--out DIR] [--workers N] [--nats URL [--nats-creds FILE] [--nats-ca FILE] [--replicas N]] [--json] " +
		"[--ack-wait 30s] [--listen HOST:PORT] [--join-timeout 100s] [--server URL --admin-token-file FILE] [--sandbox MODE]"},
	Short: "play a tournament (a TOML spec); continues after a stop",
	Long: `Play the tournament SPEC describes, writing its standings (standings.json,
standings.csv), cross table, index (tournament.json) and every match's replay
to DIR. NATS runs in this process unless --nats names a cluster; --workers
local workers play the matches, and arena tournament worker on any machine
can join them, with the credentials the run names (NATS in this process makes
new ones for each run, in DIR/nats/client.nk). A result counts only once its
replay, re-simulated, gives it; the others are refused and logged in
DIR/tournament.log. Interrupted, the same command continues where it stopped.
Teams' own bots (entrants with seat = "contest" and their teams' logins)
connect to --listen and take their seats by their logins; the run says
where. The port stays open all night and plays several matches at once,
each team one at a time (AIBG 5.0, GuardAIns; AIC21's teams hand in programs).
Each match waits for the teams' bots for --join-timeout, else the spec's
join_timeout, else 100s. With --server, the Arena server at that URL plays
the matches (arena serve, whose admin token is in FILE): the room watches
them live there, and the teams' bots connect to its contest listener
(arena serve --listen) instead.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		out := fs.String("out", "", "the tournament's folder (default: the spec's name in "+e.Tournaments+")")
		workers := fs.Int("workers", e.Cores, "local workers to play matches, by default one per core (0: only other machines' workers)")
		natsAddr := natsFlags(fs, "an existing NATS cluster with JetStream, such as nats://host:4222, or its servers' URLs separated by commas (default: one in this process, for clients with this run's credentials)")
		asJSON := fs.Bool("json", false, "print one JSON line per finished match instead of a progress bar")
		ackWait := fs.Duration("ack-wait", tnet.DefaultAckWait, "how long a match stays with a worker that stops answering")
		replicas := replicasFlag(fs, "the queue, results and replays")
		listen := fs.String("listen", "", "teams' bots (contest entrants): where they connect, HOST:PORT (default: the original's port on 127.0.0.1)")
		joinTimeout := fs.Duration("join-timeout", 0, "teams' bots (contest entrants): how long each match waits for them to join (default: the spec's join_timeout, else 100s)")
		host := hostingFlags(fs)
		fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 {
				return usagef("expected one spec file, got %q", pos)
			}
			if err := checkNATS(natsAddr); err != nil {
				return err
			}
			if *workers < 0 || *ackWait < time.Second {
				return usagef("--workers %d, --ack-wait %v: expected 0 or more workers and at least 1s", *workers, *ackWait)
			}
			if err := checkReplicas(*replicas, natsAddr); err != nil {
				return err
			}
			given := isSet(fs, "join-timeout")
			if given && *joinTimeout <= 0 {
				return usagef("--join-timeout %v: expected a time such as 100s", *joinTimeout)
			}
			spec, err := tnet.ReadSpec(pos[0])
			if err != nil {
				return err
			}
			server, err := host.client()
			if err != nil {
				return err
			}
			join, joinFrom := joinTime(spec, given, *joinTimeout)
			teams, shared, err := teamsNote(spec, *listen, server, join, joinFrom)
			if err != nil {
				return err
			}
			slots := 1
			if teams != "" && *workers > 1 {
				// The teams' bots connect to one port, which one process
				// holds: its slots play the matches at once where the
				// contest shares its port, else one at a time.
				if shared {
					slots = *workers
				}
				*workers = 1
			}
			dir := *out
			if dir == "" {
				dir = filepath.Join(e.Tournaments, strings.TrimSuffix(filepath.Base(pos[0]), filepath.Ext(pos[0])))
			}
			sandbox.Protect(dir)
			exe, err := os.Executable()
			if err != nil {
				return err
			}
			o := tnet.Options{Dir: dir, NATS: *natsAddr, Workers: *workers, AckWait: *ackWait, Replicas: *replicas,
				Listen: *listen, JoinTimeout: join,
				StartWorker: func(i int) *exec.Cmd {
					// One core a worker: its garbage collector too, so that the
					// workers share the machine evenly. The runner hands it the
					// NATS address on its standard input.
					cmd := exec.Command(exe, append([]string{"tournament", "worker", "--nats", "-", "--slots", strconv.Itoa(slots), "--name", fmt.Sprintf("local-%d", i+1),
						"--sandbox", sandbox.CurrentPolicy().String()}, host.args()...)...)
					cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
					return cmd
				}}
			p := &progress{stderr: e.Stderr, title: spec.Name}
			o.OnStart = func(s tnet.Start) {
				where := "NATS in this process at " + s.NATS.URL + ": more workers on this machine join with `" + workerCommand(s.NATS) +
					"` (the credentials of this run, readable by you only)"
				if !s.Embedded {
					where = "NATS at " + bus.Redact(s.NATS.URL) + ": more workers join, on any machine, with `" + workerCommand(s.NATS) + "`"
					if files := strings.Join(slices.DeleteFunc([]string{s.NATS.Creds, s.NATS.CA}, func(f string) bool { return f == "" }), " and "); files != "" {
						where += "; copy " + files + " to those machines"
					}
				}
				fmt.Fprintf(e.Stderr, "arena: %s in %s; %s\n", spec.Name, dir, where)
				if !s.Embedded {
					fmt.Fprintf(e.Stderr, "arena: %s\n", s.Replicas)
				}
				if teams != "" {
					fmt.Fprintf(e.Stderr, "arena: %s\n", teams)
				}
				if !*asJSON {
					p.start(s.Progress)
				}
			}
			if *asJSON {
				o.OnResult = func(ev tnet.Event) { fmt.Fprintln(e.Stdout, matchLine(ev)) }
			} else {
				o.OnResult = func(ev tnet.Event) { p.update(ev.Progress) }
				o.OnProgress = p.update
			}
			st, err := tnet.Run(ctx, spec, o)
			p.finish()
			if err != nil {
				if ctx.Err() != nil {
					return fmt.Errorf("the tournament stopped; the same command continues it: %w", err)
				}
				return err
			}
			if !*asJSON {
				printStandings(e.Stdout, spec.Name, st)
			}
			return nil
		}
	},
}

var cmdTournamentStatus = &Command{
	Name:     "status",
	Synopsis: []string{"DIR|URL"},
	Short:    "print a tournament's progress and standings",
	Long: `Print where a tournament stands: its progress, the matches being played
or waited for now, and its standings.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		return func(ctx context.Context, pos []string) error {
			_, snap, err := loadTournament(ctx, pos)
			if err != nil {
				return err
			}
			ix := snap.Index
			fmt.Fprintf(e.Stdout, "%s (%s, %s): %s, %d of %d matches played (%d known), updated %s\n", ix.Name, ix.Title, ix.System, ix.Status,
				ix.Done, ix.Estimate, ix.Planned, ix.Updated.Local().Format(time.DateTime))
			for i := range ix.Now {
				n := &ix.Now[i]
				fmt.Fprintf(e.Stdout, "  now: %s: %s\n", ix.NowLabel(n), tournament.NowText(n, ix.EntrantName, time.Now()))
			}
			for _, s := range ix.Stages {
				if s.Kind != tournament.KindBracket {
					continue
				}
				for _, r := range s.Rounds {
					var ties []string
					for _, se := range r.Series {
						ties = append(ties, seriesText(ix, se))
					}
					fmt.Fprintf(e.Stdout, "  %s, %s: %s\n", s.Name, r.Name, strings.Join(ties, "; "))
				}
			}
			printStandings(e.Stdout, ix.Name, snap.Standings)
			return nil
		}
	},
}

var cmdTournamentWorker = &Command{
	Name:     "worker",
	Synopsis: []string{"--nats URL [--nats-creds FILE] [--nats-ca FILE] [--slots N] [--name NAME] [--server URL --admin-token-file FILE] [--sandbox MODE]"},
	Short:    "play a tournament's matches from a NATS cluster",
	Long: `Play tournament matches from the NATS cluster at URL, N at a time, until
interrupted: one line on stderr per match taken and finished. With --server,
the Arena server at that URL plays them (arena serve, whose admin token is in
FILE): the room watches them live there, and the teams' bots connect to the
server's contest listener (arena serve --listen).`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		natsAddr := natsFlags(fs, "the `URL` of the NATS cluster the tournament runs on, such as nats://host:4222; - reads it, with its credentials, as JSON from standard input (how arena tournament run starts its local workers)")
		slots := fs.Int("slots", e.Cores, "matches to play at once, by default one per core")
		name := fs.String("name", "", "this worker's name in the results (default: host/pid)")
		host := hostingFlags(fs)
		fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 0 || natsAddr.URL == "" || *slots < 1 {
				return usagef("expected: arena tournament worker --nats URL [--nats-creds FILE] [--nats-ca FILE] [--slots N]")
			}
			server, err := host.client()
			if err != nil {
				return err
			}
			if err := readNATS(natsAddr, e.Stdin); err != nil {
				return err
			}
			b, err := bus.Open(bus.Options{Address: *natsAddr, Name: "arena tournament worker"})
			if err != nil {
				return err
			}
			defer b.Close()
			logf := func(format string, args ...any) {
				fmt.Fprintf(e.Stderr, "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
			}
			return tnet.Work(ctx, b, tnet.WorkerOptions{Slots: *slots, Name: *name, Log: logf, Server: server})
		}
	},
}

var cmdTournamentShow = &Command{
	Name:     "show",
	Window:   true,
	Synopsis: []string{"DIR|URL [--lang TAG]"},
	Short:    "show a tournament in the window, live",
	Long: `Open the window on a tournament: its standings, cross table and bracket,
updated as matches finish. URL is any HTTP server that serves its folder.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		return func(ctx context.Context, pos []string) error {
			src, snap, err := loadTournament(ctx, pos)
			if err != nil {
				return err
			}
			a := scenes.NewApp(scenes.NewMenu())
			a.Push(scenes.NewTournament(src, snap))
			return runWindow(ctx, a, "Arena: "+snap.Index.Name)
		}
	},
}

// hosting is the flags that have an Arena server play a tournament's
// matches: --server URL and --admin-token-file FILE.
type hosting struct{ url, tokenFile *string }

func hostingFlags(fs *flag.FlagSet) hosting {
	return hosting{
		url:       fs.String("server", "", "the `URL` of an Arena server (arena serve) that plays the matches, where the room watches them live and the teams' bots connect to its contest listener"),
		tokenFile: fs.String("admin-token-file", "", "with --server: the `FILE` holding that server's admin token (arena serve says where it is)"),
	}
}

// client is the server's client with its admin token; nil without --server.
func (h hosting) client() (*stream.Client, error) {
	switch {
	case *h.url == "" && *h.tokenFile == "":
		return nil, nil
	case *h.url == "" || *h.tokenFile == "":
		return nil, usagef("--server URL and --admin-token-file FILE go together")
	}
	c, err := stream.NewClient(*h.url)
	if err != nil {
		return nil, usagef("--server: %v", err)
	}
	c.Admin, err = readToken("--admin-token-file", *h.tokenFile)
	return c, err
}

// args are the flags again, for a local worker's command line.
func (h hosting) args() []string {
	if *h.url == "" {
		return nil
	}
	abs, _ := filepath.Abs(*h.tokenFile)
	return []string{"--server", *h.url, "--admin-token-file", abs}
}

// joinTime is how long each match of spec waits for the teams' bots, and
// where that comes from: --join-timeout when given (fromFlag), else the spec's
// join_timeout, else the contests' 100 s.
func joinTime(spec *tnet.Spec, given bool, fromFlag time.Duration) (time.Duration, string) {
	switch {
	case given:
		return fromFlag, "--join-timeout"
	case spec.JoinTimeout > 0:
		return spec.JoinTimeout, "the spec's join_timeout"
	}
	return game.DefaultJoinTimeout, "the default; the spec's join_timeout or --join-timeout sets it"
}

// isSet reports whether the command line gave fs's flag name.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

var cmdTournamentTeams = &Command{
	Name:     "teams",
	Synopsis: []string{"FILE [--passwords]"},
	Short:    "check a contest night's teams file; make the passwords its teams lack",
	Long: `Check the teams file FILE (docs/contest-night.md) and print its teams: each
one's name, and its login or its program, never a password; a team whose
login has no password yet is marked, and so is a program that is not
there (then the command fails).

With --passwords, every team that has a login but no password (no
password key, or password = "") gets a new one, random: four groups of
four letters and digits, none that read alike. The file is written back
whole or not at all (a new file renamed over it), readable by you only
(mode 600), with its comments, its order and the passwords already there
kept. The new passwords are printed once, each beside its team's login,
for you to hand out: Arena never prints a password again (they are in the
file). Run again, it makes none.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		passwords := fs.Bool("passwords", false, "give each team with a login but no password a new one, write the file back (mode 600) and print them once")
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 {
				return usagef("expected one teams file, got %q", pos)
			}
			path := pos[0]
			var filled *tnet.Filled
			if *passwords {
				var err error
				if filled, err = tnet.FillPasswords(path); err != nil {
					return err
				}
			}
			teams, err := tnet.ReadTeams(path)
			if err != nil {
				return err
			}
			missing := printTeams(e.Stdout, path, teams)
			if filled != nil {
				printPasswords(e.Stdout, path, filled)
			}
			var lacking []string
			for _, t := range teams {
				if t.Login.User != "" && t.Login.Password == "" {
					lacking = append(lacking, t.Name)
				}
			}
			if len(lacking) > 0 {
				fmt.Fprintf(e.Stdout, "%s a login but no password (%s): arena tournament teams %s --passwords makes them\n",
					teamsWord(len(lacking), "has", "have"), strings.Join(lacking, ", "), path)
			}
			if len(missing) > 0 {
				what := "a team's program is"
				if len(missing) > 1 {
					what = fmt.Sprintf("%d teams' programs are", len(missing))
				}
				return fmt.Errorf("%s: %s not there: %s", path, what, strings.Join(missing, ", "))
			}
			return nil
		}
	},
}

// printTeams prints the teams of the teams file path as a table: name,
// login, password (set or not, never which) and program. It returns the
// programs that are not there.
func printTeams(w io.Writer, path string, teams []tnet.Team) (missing []string) {
	fmt.Fprintf(w, "%s: %s\n", path, teamsWord(len(teams), "", ""))
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tlogin\tpassword\tprogram")
	for _, t := range teams {
		password, program := "", t.Program
		switch {
		case t.Login.User != "" && t.Login.Password != "":
			password = "set"
		case t.Login.User != "":
			password = "none yet"
		}
		if program != "" {
			if _, err := os.Stat(program); err != nil {
				program += " (not there)"
				missing = append(missing, t.Program)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", t.Name, t.Login.User, password, program)
	}
	tw.Flush()
	return missing
}

// teamsWord is "1 team" or "N teams", followed by the verb one or many
// takes, if any.
func teamsWord(n int, one, many string) string {
	w, verb := fmt.Sprintf("%d teams", n), many
	if n == 1 {
		w, verb = "1 team", one
	}
	return strings.TrimSpace(w + " " + verb)
}

// printPasswords prints the passwords FillPasswords made, each beside its
// team's login: the only time Arena prints them.
func printPasswords(w io.Writer, path string, f *tnet.Filled) {
	if len(f.Teams) == 0 {
		fmt.Fprintf(w, "every team with a login has its password: none made, %s not written\n", path)
		return
	}
	kept := "its comments and layout kept"
	if f.Rewritten {
		kept = "written again from its keys (its teams are not all [[team]] tables): its comments are gone"
	}
	fmt.Fprintf(w, "\nnew passwords for %s, written to %s (mode 600; %s); hand each to its team, they are not printed again:\n", teamsWord(len(f.Teams), "", ""), path, kept)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tlogin\tpassword")
	for _, t := range f.Teams {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", t.Name, t.Login.User, t.Login.Password)
	}
	tw.Flush()
}

// matchLine is the --json line of a finished match.
func matchLine(e tnet.Event) string {
	name := func(seat int) string {
		if seat < 1 || seat > len(e.Names) {
			return ""
		}
		return e.Names[seat-1]
	}
	var ranking []string
	for _, s := range e.Result.Ranking {
		ranking = append(ranking, name(s))
	}
	replay := ""
	if len(e.Result.Files) > 0 {
		replay = e.Result.Files[0]
	}
	b, _ := json.Marshal(struct {
		ID       string   `json:"id"`
		Stage    string   `json:"stage"`
		Round    int      `json:"round"`
		Game     int      `json:"game"`
		Seats    []string `json:"seats"`
		Winner   string   `json:"winner"`
		Ranking  []string `json:"ranking"`
		Reason   string   `json:"reason"`
		Turns    int      `json:"turns"`
		Seed     int64    `json:"seed"`
		Replay   string   `json:"replay"`
		Worker   string   `json:"worker"`
		Seconds  float64  `json:"seconds"`
		Done     int      `json:"done"`
		Left     int      `json:"left"`
		Estimate int      `json:"estimate"`
	}{e.Match.ID, e.Stage, e.Match.Round, e.Match.Game, e.Names, name(e.Result.Winner), ranking, e.Result.Reason, e.Result.Turns,
		e.Match.Seed, replay, e.Result.Worker, e.Result.Seconds, e.Done, e.Left + e.Running, e.Estimate})
	return string(b)
}

// progress shows a tournament's progress on the terminal: a progress bar
// with the matches done, running and left and the estimated finish; where
// stderr is not a terminal, a line every ten seconds.
type progress struct {
	stderr io.Writer
	title  string
	bar    *progressbar.ProgressBar
	first  int
	last   time.Time
}

func (p *progress) start(s tnet.Progress) {
	if f, ok := p.stderr.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		p.update(s)
		return
	}
	p.first = s.Done
	p.bar = progressbar.NewOptions(max(1, s.Estimate-s.Done), progressbar.OptionSetWriter(p.stderr),
		progressbar.OptionSetPredictTime(true), progressbar.OptionShowIts(), progressbar.OptionSetItsString("matches"),
		progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetWidth(30), progressbar.OptionSetElapsedTime(true))
	p.update(s)
}

func (p *progress) update(s tnet.Progress) {
	line := fmt.Sprintf("%s: %d/%d done · %d running · %d left", p.title, s.Done, s.Estimate, s.Running, s.Left)
	if s.Waiting != "" {
		line += " · " + s.Waiting
	}
	if p.bar == nil {
		if time.Since(p.last) >= 10*time.Second {
			p.last = time.Now()
			fmt.Fprintln(p.stderr, "arena: "+line)
		}
		return
	}
	p.bar.ChangeMax(max(1, s.Estimate-p.first))
	p.bar.Describe(line)
	p.bar.Set(s.Done - p.first)
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
		fmt.Fprintln(p.stderr)
	}
}

// printStandings prints the standings as a table.
func printStandings(w io.Writer, title string, st *tournament.Standings) {
	fmt.Fprintf(w, "%s: %d matches\n", title, st.Matches)
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "place\tname\tplayed\twins\tdraws\tlosses\tpoints\trating\t")
	for _, r := range st.Standings {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%g\t%.0f ± %.0f\t\n", r.Place, r.Name, r.Played, r.Wins, r.Draws, r.Losses, r.Points, r.Rating, 2*r.RD)
	}
	tw.Flush()
}

// loadTournament reads the tournament that a command's one argument
// names: a folder or a URL.
func loadTournament(ctx context.Context, pos []string) (tnet.Source, *tnet.Snapshot, error) {
	if len(pos) != 1 {
		return tnet.Source{}, nil, usagef("expected one tournament folder or URL, got %q", pos)
	}
	src, err := tnet.ParseSource(pos[0])
	if err != nil {
		return tnet.Source{}, nil, usageError{err}
	}
	load, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	snap, err := src.Load(load, "")
	return src, snap, err
}

// seriesText writes a bracket's tie: "*a 2 - b 1", "*a - bye".
func seriesText(ix *tournament.Index, s tournament.Series) string {
	var sides []string
	for i, e := range s.Entrants {
		side := ix.EntrantName(e)
		if s.Score != nil {
			side += fmt.Sprintf(" %g", s.Score[i])
		}
		if e == s.Winner && s.Done && e >= 0 {
			side = "*" + side
		}
		sides = append(sides, side)
	}
	return strings.Join(sides, " - ")
}

// teamsNote says where the teams' own bots of spec's contest entrants
// connect, at the listener listen, and how long a match waits for them
// (join, which from says where it comes from); "" when no entrant's bot
// logs in. shared is set when the contest plays several matches at once
// on its port.
func teamsNote(spec *tnet.Spec, listen string, server *stream.Client, join time.Duration, from string) (note string, shared bool, err error) {
	var teams []string
	first := -1
	for i, l := range spec.Logins {
		if l.User != "" {
			teams = append(teams, spec.Entrants[i].Name)
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		return "", false, nil
	}
	c, _, _ := game.FindContest(spec.Title, spec.Seats[first].Kind)
	addr, err := contest.Address(listen, c.Port)
	if err != nil {
		return "", false, usagef("%v", err)
	}
	if server != nil {
		addr = "the contest listener of the server " + server.Base + " (its --listen), which plays the matches,"
	}
	at := "one match at a time"
	if c.Shared {
		at = "several matches at once on that port"
	}
	return fmt.Sprintf("the teams' bots (%s) connect to %s with their teams' logins (%s's protocol) and take their seats by them; %s, each waiting %v for them (%s)",
		strings.Join(teams, ", "), addr, spec.Title.Name(), at, join, from), c.Shared, nil
}
