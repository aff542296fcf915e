// Command arena is a desktop client for AI-competition games: it plays
// matches between people and bots, shows replays, and runs matches headless.
//
//	arena                                     open the window on the main menu
//	arena play TITLE --seats S1,S2 [flags]    open a match directly
//	arena replay FILE                         open the viewer on a replay
//	arena run TITLE --seats S1,S2 [flags]     play headless, print the result as JSON
//	arena info FILE                           print a replay's result as JSON
//	arena shot FILE --turn N --out PNG        render one frame of a replay to a PNG
//	arena santorini perft POSITION DEPTH      count Santorini's leaf turns
//	arena santorini engine                    Arena's Santorini engine on stdin/stdout
//	arena santorini match --a SEAT --b SEAT   a gauntlet between two Santorini players
//	arena santorini train [--seed N]          train the competitive player's evaluation
//	arena serve [--addr 127.0.0.1:7070]       run matches for other machines to watch and play
//	arena watch URL [--match ID]              watch a server's matches
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	_ "github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/aic21"
	_ "github.com/arena-games/arena/game/alienwarz"
	_ "github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/game/santorini"
	_ "github.com/arena-games/arena/levels/aibg5"     // Arena's AIBG 5.0 maps, the default among them
	_ "github.com/arena-games/arena/levels/aic21"     // Arena's AIC21 maps, the default among them
	_ "github.com/arena-games/arena/levels/alienwarz" // Arena's AlienWarz levels, the default set
	_ "github.com/arena-games/arena/levels/guardains" // Arena's GuardAIns mazes: the generator and the hand-made levels
	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/net/santoriniengine" // also the "engine:TIME:COMMAND" seats
	"github.com/arena-games/arena/net/stream"
	_ "github.com/arena-games/arena/render/aibg5"
	_ "github.com/arena-games/arena/render/aic21"
	_ "github.com/arena-games/arena/render/alienwarz"
	_ "github.com/arena-games/arena/render/guardains"
	_ "github.com/arena-games/arena/render/santorini"
	"github.com/arena-games/arena/scenes"
)

const usage = `Arena: AI-competition games, watched and played.

Usage:
  arena [--replays DIR]                        open the window on the main menu
  arena play TITLE --seats S1,S2 [--seed N] [--map NAME|PATH] [--turns T] [--from FILE] [--out FILE]
             [--watch step|run]
                                               open a match directly
  arena play --server URL --match ID --seat S --token T
                                               play a seat of a server's match in the window
  arena replay FILE|URL [--turn N] [--token-file FILE]
                                               open the viewer on a replay, or a server's match
  arena run TITLE --seats S1,S2 [--seed N] [--map NAME|PATH] [--turns T] [--from FILE] [--out FILE]
            [--option NAME=VALUE] [--limit 2s]
            [--listen HOST:PORT] [--join-timeout 100s] [--accounts FILE] [--room NAME]
                                               play headless; print the result as one JSON line
  arena info FILE|URL [--token-file FILE]      print a replay's result as one JSON line
  arena shot FILE --turn N --out PNG [--size WxH]
                                               render one frame of a replay to a PNG
  arena export --format aic21-log REPLAY OUT   write an AIC21 game as the official log.json
  arena gif REPLAY --from A --to B --out FILE.gif [--size WxH] [--speed X]
                                               write turns A to B as an animated GIF (or an
                                               MP4 through ffmpeg: --out FILE.mp4)
  arena kiosk DIR|URL [--shuffle] [--speed X] [--cards SECONDS] [--windowed] [--token-file FILE]
                                               play a folder's replays, or a server's matches
                                               (live first), on a loop, full screen, with
                                               title and result cards
  arena santorini perft POSITION DEPTH         count the leaf turns DEPTH plies below POSITION
                                               (HEIGHTS/SIDE/P1WORKERS/P2WORKERS, such as
                                               0000000000000000000000000/1/C3,B2/B3,D2)
  arena santorini engine                       Arena's Santorini engine, speaking the engine
                                               protocol on stdin and stdout until quit
  arena santorini match --a SEAT --b SEAT [--games N] [--sprt ELO0,ELO1] [--openings FILE]
                                               play a gauntlet from fixed openings, colours
                                               alternating; print W/D/L and the Elo difference
  arena santorini train [--seed N] [--positions N] [--data FILE] [--out FILE]
                                               self-play, then train the competitive player's
                                               evaluation network; write its weights file
  arena serve [--addr 127.0.0.1:7070] [--data DIR] [--nats URL] [--admin-token-file FILE] [--web DIR]
              [--jury-token-file FILE] [--max-conns N] [--max-total-conns N]
                                               run matches on this machine for others to watch
                                               and play (an HTTP and WebSocket API)
  arena watch URL [--match ID] [--token-file FILE]
                                               watch a server's matches, live or from their start
  arena tournament run SPEC [--out DIR] [--workers N] [--nats URL] [--json]
                                               play a tournament (a TOML spec); continues after a stop
  arena tournament status DIR|URL              print a tournament's progress and standings
  arena tournament worker --nats URL [--nats-creds FILE] [--slots N]
                                               play a tournament's matches from a NATS cluster
  arena tournament show DIR|URL                show a tournament in the window, live

Seats are "human" or a computer player with its strength, such as
"alphabeta:4" or "competitive:1s"; --turns sets a game's turn or round
limit, --level, --levels and --config the options of the same names.
A seat "contest" of AIBG 5.0, GuardAIns or AIC21 is a bot written for the
contest's original server: it connects to Arena, which speaks that protocol
on --listen (default the original's port, 8081, 8000 or 7099, on 127.0.0.1);
the match starts once every contest seat has joined (--join-timeout).
AIBG 5.0 takes --accounts FILE ("username password" lines in seat order),
GuardAIns --room NAME; an AIC21 seat "process:PATH" starts each unit from
PATH (java -jar for a .jar). Each AIC21 unit logs in with a token of its
own, good once (AICToken; --option compat.zeroToken=true: the original's
public one too, on 127.0.0.1 only). The originals' public logins (AIBG's
admin/admin and first logins, GuardAIns' player1/player1) work on 127.0.0.1
only: on an address that other machines reach, each seat has a secret
password that Arena prints once (AIBG 5.0: or --accounts).

Programs (process: bots, engine: engines, AIC21 units) run in a sandbox:
they read their own folder and the system's, write a scratch folder, reach
only the address their protocol needs, within limits of memory, CPU time
and processes, and end whole with their match. --sandbox on (the default:
every layer this system has, naming those it lacks), strict (refuse a
program unless every layer works) or off (trusted programs, unconfined),
with settings such as --sandbox memory=1GiB,cpu=10m,procs=64,read=/opt/jdk,
on arena, play, run, serve, tournament run, tournament worker and santorini
match.

%s`

// started is when the process began, for the start-up time report.
var started = time.Now()

// interrupted ends when Arena is asked to stop (SIGINT, SIGTERM): a headless
// match stops and keeps what it played, the window closes, and every
// program Arena started is ended.
var interrupted = context.Background()

// run runs one command and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	cmd := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	if cmd == "" && len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintf(stdout, usage, gamesUsage())
		return 0
	}
	var err error
	switch cmd {
	case "":
		err = cmdWindow(args, stderr)
	case "play":
		err = cmdPlay(args, stderr)
	case "replay":
		err = cmdReplay(args, stderr)
	case "run":
		err = cmdRun(args, stdout, stderr)
	case "info":
		err = cmdInfo(args, stdout, stderr)
	case "shot":
		err = cmdShot(args, stderr)
	case "export":
		err = cmdExport(args, stderr)
	case "gif":
		err = cmdGIF(args, stdout, stderr)
	case "kiosk":
		err = cmdKiosk(args, stderr)
	case "santorini":
		err = cmdSantorini(args, stdout, stderr)
	case "serve":
		err = cmdServe(args, stdout, stderr)
	case "watch":
		err = cmdWatch(args, stderr)
	case "tournament":
		err = cmdTournament(args, stdout, stderr)
	case "help":
		fmt.Fprintf(stdout, usage, gamesUsage())
		return 0
	default:
		fmt.Fprintf(stderr, "arena: unknown command %q\n\n"+usage, cmd, gamesUsage())
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if interrupted.Err() != nil && err != nil {
		fmt.Fprintf(stderr, "arena %s: interrupted: %v\n", cmd, err)
		return 130
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "arena %s: %v\n", cmd, ue.error)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return 1
	}
	return 0
}

// usageError is a command line that does not make sense: exit status 2.
type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

func titleList() string {
	var ids []string
	for _, t := range game.Titles() {
		ids = append(ids, t.ID())
	}
	return strings.Join(ids, ", ")
}

// flags makes the flag set of a subcommand that reports errors to stderr;
// its --help prints the subcommand's usage (commandHelp) and its flags.
func flags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("arena "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		h := commandHelp[name]
		fmt.Fprintf(fs.Output(), "Usage:\n  %s\n\n%s\n", h.synopsis, h.about)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// parse reads a subcommand's flags, with positional arguments allowed before
// and after them ("arena shot FILE --turn 3" and "arena shot --turn 3 FILE").
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		pos, args = append(pos, args[0]), args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, usageError{err}
	}
	return append(pos, fs.Args()...), nil
}

// options collects repeated --option NAME=VALUE flags.
type options map[string]string

func (o options) String() string { return fmt.Sprint(map[string]string(o)) }

func (o options) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("expected NAME=VALUE, got %q", s)
	}
	o[k] = v
	return nil
}

// matchFlags are the flags that set up a match: play and run share them.
type matchFlags struct {
	seats, from, out string
	mapName          string
	turns            int
	level, levels    string
	config           string
	seed             int64
	options          options
	limit            time.Duration
	contest          game.ContestOptions
}

func (m *matchFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.seats, "seats", "", "who plays each seat: human or KIND:STRENGTH, comma-separated")
	fs.Int64Var(&m.seed, "seed", 1, "the seed of the match's randomness")
	fs.StringVar(&m.from, "from", "", "continue from this replay or move file")
	fs.StringVar(&m.out, "out", "", "write the replay here (the move file goes beside it)")
	m.options = options{}
	fs.Var(m.options, "option", "a rule option NAME=VALUE (repeatable)")
	fs.StringVar(&m.mapName, "map", "", "the map or level: a name of the game's own or a file's path")
	fs.IntVar(&m.turns, "turns", 0, "end the game after this many rounds, for games that have a round cap (0: the game's default)")
	fs.StringVar(&m.level, "level", "", "AlienWarz: the level, by number (from 0) or name")
	fs.StringVar(&m.levels, "levels", "", "AlienWarz: a levels.json file to take the levels from, such as the original's")
	fs.StringVar(&m.config, "config", "", "AlienWarz: an env.txt; AIC21: a map.config")
	fs.DurationVar(&m.limit, "limit", 0, "time each computer player has per move, such as 2s (0: none); a late answer forfeits")
	fs.StringVar(&m.contest.Listen, "listen", "", "contest seats: where their bots connect, HOST:PORT (default: the original's port on 127.0.0.1)")
	fs.DurationVar(&m.contest.JoinTimeout, "join-timeout", game.DefaultJoinTimeout, "contest seats: how long the match waits for their bots to join")
	fs.StringVar(&m.contest.Accounts, "accounts", "", "AIBG 5.0 contest seats: a file of \"username password\" lines, in seat order (without it, beyond 127.0.0.1, Arena makes a secret password per seat)")
	fs.StringVar(&m.contest.Room, "room", "", "GuardAIns contest seats: the room the bots log in to (default gameRoom)")
	fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
}

// setup turns the flags and the title argument into a match set-up.
func (m *matchFlags) setup(pos []string) (game.Setup, error) {
	if len(pos) != 1 {
		return game.Setup{}, usagef("expected one game (%s), got %q", titleList(), pos)
	}
	t, err := game.Lookup(pos[0])
	if err != nil {
		return game.Setup{}, usageError{err}
	}
	if m.seats == "" {
		return game.Setup{}, usagef("--seats is required, e.g. --seats human,%s", exampleBot(t))
	}
	seats, err := game.ParseSeats(t, m.seats)
	if err != nil {
		return game.Setup{}, usageError{err}
	}
	if m.turns < 0 || m.turns > 1_000_000 {
		return game.Setup{}, usagef("--turns %d: expected a number of rounds, 1 to 1,000,000 (0: the game's default)", m.turns)
	}
	if m.limit < 0 {
		return game.Setup{}, usagef("--limit %v: expected a time per move such as 2s or 300ms, or 0 for none", m.limit)
	}
	if m.turns > 0 {
		m.options["turns"] = strconv.Itoa(m.turns)
	}
	for name, v := range map[string]string{"level": m.level, "levels": m.levels, "config": m.config} {
		if v != "" {
			m.options[name] = v
		}
	}
	return game.Setup{Title: t, Seats: seats, Seed: m.seed, From: m.from, Out: m.out, Map: m.mapName, Options: m.options, Limit: m.limit, Contest: m.contest}, nil
}

func exampleBot(t game.Title) string {
	bots := t.Bots()
	if len(bots) == 0 {
		return "human"
	}
	b := bots[len(bots)/2]
	return b.Kind + ":" + b.Default
}

func cmdWindow(args []string, stderr io.Writer) error {
	fs := flags("", stderr)
	dir := fs.String("replays", scenes.DefaultReplayDir(), "where matches played in the window keep their replays")
	fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
	if _, err := parse(fs, args); err != nil {
		return err
	}
	a := scenes.NewApp(scenes.NewMenu())
	a.ReplayDir = *dir
	if os.Getenv("ARENA_STARTUP_REPORT") != "" {
		// For the start-up benchmark: report the first frame, then quit.
		a.OnFirstFrame = func() {
			fmt.Fprintf(stderr, "first frame after %.1f ms\n", float64(time.Since(started).Microseconds())/1000)
			a.Quit()
		}
	}
	return runWindow(a, "Arena")
}

// runWindow runs the app's window until it closes, or until Arena is
// interrupted: then the window closes as when its close button is used
// (matches stop and keep their replays), and should it not within a few
// seconds, every program Arena started is ended and Arena exits.
func runWindow(a *scenes.App, title string) error {
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-interrupted.Done():
		case <-done:
			return
		}
		a.Quit()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			sandbox.KillAll()
			os.Exit(130)
		}
	}()
	return scenes.Run(a, title)
}

func cmdPlay(args []string, stderr io.Writer) error {
	fs := flags("play", stderr)
	var mf matchFlags
	mf.register(fs)
	var remote remoteFlags // cmd_watch.go
	remote.register(fs)
	watch := fs.String("watch", "step", "how to watch computers play each other: step or run")
	dir := fs.String("replays", scenes.DefaultReplayDir(), "where the replay goes when --out is not given")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if remote.server != "" {
		return remote.play(pos)
	}
	st, err := mf.setup(pos)
	if err != nil {
		return err
	}
	st.Contest.Announce = func(line string) { fmt.Fprintln(stderr, line) }
	pace := game.PaceStep
	switch *watch {
	case "step":
	case "run":
		pace = game.PaceRun
	default:
		return usagef("--watch %q: expected step or run", *watch)
	}
	a := scenes.NewApp(scenes.NewMenu())
	a.ReplayDir = *dir
	v, err := scenes.StartMatchContext(interrupted, a, st, pace)
	if err != nil {
		return err
	}
	a.Push(v)
	return runWindow(a, "Arena: "+st.Title.Name())
}

func cmdReplay(args []string, stderr io.Writer) error {
	fs := flags("replay", stderr)
	turn := fs.Int("turn", -1, "open at this turn (default: play from the start)")
	juryFile := juryFlag(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("expected one replay file, got %q", pos)
	}
	if stream.IsURL(pos[0]) {
		return replayURL(pos[0], *turn, *juryFile) // cmd_watch.go
	}
	if *juryFile != "" {
		return usagef("--token-file: a replay file needs no token; it is for a server's match (http://host:7070/api/matches/ID)")
	}
	v, err := scenes.OpenReplay(pos[0])
	if err != nil {
		return err
	}
	if *turn >= 0 {
		v.Seek(*turn)
	}
	a := scenes.NewApp(scenes.NewMenu())
	a.Push(v)
	return runWindow(a, "Arena: "+pos[0])
}

func cmdRun(args []string, stdout, stderr io.Writer) error {
	fs := flags("run", stderr)
	var mf matchFlags
	mf.register(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	st, err := mf.setup(pos)
	if err != nil {
		return err
	}
	for i, s := range st.Seats {
		if s.Kind == "human" {
			return usagef("seat %d is human: a headless run needs computer players", i+1)
		}
	}
	st.Contest.Announce = func(line string) { fmt.Fprintln(stderr, line) }
	m, closeFiles, err := st.StartContext(interrupted)
	if err != nil {
		return err
	}
	_, runErr := m.Run(interrupted)
	closeErr := closeFiles()
	if interrupted.Err() != nil {
		// The match stopped: say where its replay is, not that it stopped.
		if closeErr == nil {
			closeErr = fmt.Errorf("the replay of what was played is %s", st.Out)
		}
		return fmt.Errorf("the match stopped after %d turns: %w", m.Timeline.Len()-1, closeErr)
	}
	if err := errors.Join(runErr, closeErr); err != nil {
		return err
	}
	fmt.Fprintln(stdout, m.Recording().Summary().JSON())
	return nil
}

func cmdInfo(args []string, stdout, stderr io.Writer) error {
	fs := flags("info", stderr)
	juryFile := juryFlag(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("expected one replay file, got %q", pos)
	}
	open := game.OpenFile
	if stream.IsURL(pos[0]) {
		open = func(u string) (*game.Recording, error) { return openURL(u, *juryFile) } // cmd_watch.go
	} else if *juryFile != "" {
		return usagef("--token-file: a replay file needs no token; it is for a server's match (http://host:7070/api/matches/ID)")
	}
	rec, err := open(pos[0])
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, rec.Summary().JSON())
	return nil
}

func cmdShot(args []string, stderr io.Writer) error {
	fs := flags("shot", stderr)
	turn := fs.Int("turn", -1, "the turn to draw (default: the last)")
	out := fs.String("out", "", "the PNG to write")
	size := fs.String("size", "1280x800", "the picture's size, WxH")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *out == "" {
		return usagef("expected: arena shot FILE --turn N --out PNG")
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return usageError{err}
	}
	if err := game.CheckOutputs([]game.NamedPath{{Name: "the replay", Path: pos[0]}}, []game.NamedPath{{Name: "--out", Path: *out}}); err != nil {
		return usageError{err}
	}
	rec, err := game.OpenFile(pos[0])
	if err != nil {
		return err
	}
	n := rec.Timeline.Len() - 1
	if *turn > n {
		return fmt.Errorf("--turn %d: %s has turns 0 to %d", *turn, pos[0], n)
	}
	if *turn < 0 {
		*turn = n
	}
	var img *image.RGBA
	if err := scenes.Shot(func() (err error) {
		img, err = scenes.Picture(rec, *turn, w, h)
		return err
	}); err != nil {
		return err
	}
	return game.WriteFileAtomic(*out, func(w io.Writer) error { return png.Encode(w, img) })
}

func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(s, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 64 || h < 64 || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("--size %q: expected WxH such as 1280x800", s)
	}
	return w, h, nil
}

// stdin is what `arena santorini engine` reads; tests replace it.
var stdin io.Reader = os.Stdin

func cmdSantorini(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if _, err := parse(flags("santorini", stderr), args); err != nil {
			return err
		}
		return usagef("expected perft POSITION DEPTH, engine, match or train")
	}
	switch args[0] {
	case "perft":
		return cmdPerft(args[1:], stdout, stderr)
	case "engine":
		pos, err := parse(flags("santorini engine", stderr), args[1:])
		if err != nil {
			return err
		}
		if len(pos) != 0 {
			return usagef("engine takes no arguments, got %q", pos)
		}
		return santoriniengine.Serve(interrupted, stdin, stdout)
	case "match":
		return cmdSantoriniMatch(args[1:], stdout, stderr)
	case "train":
		return cmdSantoriniTrain(args[1:], stdout, stderr)
	}
	return usagef("unknown command %q (known: perft, engine, match, train)", args[0])
}

// cmdPerft prints the number of leaf turns alone on the first line, then
// the time and the leaves per second.
func cmdPerft(args []string, stdout, stderr io.Writer) error {
	pos, err := parse(flags("santorini perft", stderr), args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("expected perft POSITION DEPTH, such as perft 0000000000000000000000000/1/C3,B2/B3,D2 5")
	}
	b, err := santorini.ParsePosition(pos[0])
	if err != nil {
		return fmt.Errorf("perft: %w", err)
	}
	depth, err := strconv.Atoi(pos[1])
	if err != nil || depth < 1 || depth > santoriniengine.MaxPerftDepth {
		return fmt.Errorf("perft: depth %q is not a number 1..%d", pos[1], santoriniengine.MaxPerftDepth)
	}
	start := time.Now()
	n := santorini.Perft(b, depth)
	took := time.Since(start)
	fmt.Fprintln(stdout, n)
	fmt.Fprintf(stdout, "time %d ms, %.1f M leaves/s\n", took.Milliseconds(), float64(n)/max(took.Seconds(), 1e-9)/1e6)
	return nil
}

// cmdExport writes a replay in another system's format: for now AIC21's
// log.json, which the contest's visualizer and tools read.
func cmdExport(args []string, stderr io.Writer) error {
	fs := flags("export", stderr)
	format := fs.String("format", "aic21-log", "the format to write: aic21-log (AIC21's official log.json)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("expected: arena export --format aic21-log REPLAY OUT")
	}
	if *format != "aic21-log" {
		return usagef("--format %q: the formats are aic21-log", *format)
	}
	if err := game.CheckOutputs([]game.NamedPath{{Name: "REPLAY", Path: pos[0]}}, []game.NamedPath{{Name: "OUT", Path: pos[1]}}); err != nil {
		return usageError{err}
	}
	rec, err := game.OpenFile(pos[0])
	if err != nil {
		return err
	}
	if err := game.WriteFileAtomic(pos[1], func(w io.Writer) error { return aic21.ExportLog(rec, w) }); err != nil {
		return fmt.Errorf("export %s: %w", pos[0], err)
	}
	return nil
}
