//go:build !js

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/scenes"
)

// The window and matches: arena itself (the window, in table.go), play,
// replay, run, info and shot.

var cmdPlay = &Command{
	Name:   "play",
	Window: true,
	Synopsis: []string{
		"TITLE --seats S1,S2 [--seed N] [--map NAME|PATH] [--turns T] [--level L] [--levels FILE] [--config FILE] " +
			"[--option NAME=VALUE] [--from REPLAY [--turn N]] [--out FILE] [--replays DIR] [--watch step|run] [--limit 2s] " +
			"[--listen HOST:PORT] [--join-timeout 100s] [--accounts FILE] [--room NAME] [--sandbox MODE] [--lang TAG]",
		"--server URL --match ID --seat S --token T [--lang TAG]",
	},
	Short: "open a match directly, or play a seat of a server's match in the window",
	Long: `Open a match directly in the window: people and computer players, one seat
each. The replay goes to --out, or to the replays folder. --from takes
over a replay of the game (or a Santorini move file) from its turn --turn
N, or from its end: its moves are played again, then the seats play on, and
the new replay names its origin (arena info prints it); --watch is how two
computers play each other: step by step, or run to the end.

With --server, play seat S of a match on an Arena server, with the seat's
token: the same mouse and keys as at the hotseat, for every game; the window
shows what the seat may see (GuardAIns' fog, an AIC21 colony's team view) and
the clock of the seat's move.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		var mf matchFlags
		mf.register(fs)
		var remote remoteFlags // watch.go
		remote.register(fs)
		watch := fs.String("watch", "step", "how to watch computers play each other: step or run")
		dir := fs.String("replays", e.Replays, "where the replay goes when --out is not given")
		return func(ctx context.Context, pos []string) error {
			if remote.server != "" {
				return remote.play(ctx, pos)
			}
			st, err := mf.setup(pos)
			if err != nil {
				return err
			}
			st.Contest.Announce = func(line string) { fmt.Fprintln(e.Stderr, line) }
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
			v, err := scenes.StartMatchContext(ctx, a, st, pace)
			if err != nil {
				return err
			}
			a.Push(v)
			return runWindow(ctx, a, "Arena: "+st.Title.Name())
		}
	},
}

var cmdReplay = &Command{
	Name:     "replay",
	Window:   true,
	Synopsis: []string{"FILE|URL [--turn N] [--token-file FILE] [--lang TAG]"},
	Short:    "open the viewer on a replay, or a server's match",
	Long: `Open the viewer on a replay: Arena's (.arena) or an original system's format;
or a server's match (http://host:7070/api/matches/ID, followed live from its
start) or its replay (.../ID/replay, what was played so far), as the jury
sees them with its token (--token-file).`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		turn := fs.Int("turn", -1, "open at this turn (default: play from the start)")
		juryFile := juryFlag(fs)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 {
				return usagef("expected one replay file, got %q", pos)
			}
			if stream.IsURL(pos[0]) {
				return replayURL(ctx, pos[0], *turn, *juryFile) // watch.go
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
			return runWindow(ctx, a, "Arena: "+pos[0])
		}
	},
}

var cmdRun = &Command{
	Name: "run",
	Synopsis: []string{"TITLE --seats S1,S2 [--seed N] [--map NAME|PATH] [--turns T] [--level L] [--levels FILE] [--config FILE] " +
		"[--option NAME=VALUE] [--from REPLAY [--turn N]] [--out FILE] [--limit 2s] " +
		"[--listen HOST:PORT] [--join-timeout 100s] [--accounts FILE] [--room NAME] [--sandbox MODE]"},
	Short: "play headless; print the result as one JSON line",
	Long: `Play a match between computer players without a window and print its result
as one JSON line: title, seed, turns, winner (the winning seat, from 1; 0 for
a draw), ranking (seats, best first), seats, players (each seat's player by
name: a tournament's entrant, else its seat), reason. The replay (and the move
file beside it) is written under a temporary name beside --out and takes its
name at the end; a match that is interrupted (Ctrl-C, SIGTERM) never replaces
a file: it stops, ends every program it started and exits with status 130.
--from REPLAY --turn N takes over a replay of the game from its turn N (from
its end without --turn), as play does; the result then has its "origin":
{"replay": REPLAY, "turn": N}.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		var mf matchFlags
		mf.register(fs)
		return func(ctx context.Context, pos []string) error {
			st, err := mf.setup(pos)
			if err != nil {
				return err
			}
			for i, s := range st.Seats {
				if s.Kind == "human" {
					return usagef("seat %d is human: a headless run needs computer players", i+1)
				}
			}
			st.Contest.Announce = func(line string) { fmt.Fprintln(e.Stderr, line) }
			m, closeFiles, err := st.StartContext(ctx)
			if err != nil {
				return err
			}
			_, runErr := m.Run(ctx)
			closeErr := closeFiles()
			if ctx.Err() != nil {
				// The match stopped: say where its replay is, not that it stopped.
				if closeErr == nil {
					closeErr = fmt.Errorf("the replay of what was played is %s", st.Out)
				}
				return fmt.Errorf("the match stopped after %d turns: %w", m.Timeline.Len()-1, closeErr)
			}
			if err := errors.Join(runErr, closeErr); err != nil {
				return err
			}
			fmt.Fprintln(e.Stdout, m.Recording().Summary().JSON())
			return nil
		}
	},
}

var cmdInfo = &Command{
	Name:     "info",
	Synopsis: []string{"FILE|URL [--token-file FILE]"},
	Short:    "print a replay's result as one JSON line",
	Long: `Print the result of any replay Arena reads as one JSON line (as run does),
or a clear error and exit status 1. A game taken over from a replay has its
"origin": {"replay": FILE, "turn": N}. An unfinished game's reason is
"unfinished". A server's match (http://host:7070/api/matches/ID, or
.../ID/replay) reads as its replay so far.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		juryFile := juryFlag(fs)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 {
				return usagef("expected one replay file, got %q", pos)
			}
			open := game.OpenFile
			if stream.IsURL(pos[0]) {
				open = func(u string) (*game.Recording, error) { return openURL(ctx, u, *juryFile) } // watch.go
			} else if *juryFile != "" {
				return usagef("--token-file: a replay file needs no token; it is for a server's match (http://host:7070/api/matches/ID)")
			}
			rec, err := open(pos[0])
			if err != nil {
				return err
			}
			fmt.Fprintln(e.Stdout, rec.Summary().JSON())
			return nil
		}
	},
}

var cmdShot = &Command{
	Name:     "shot",
	Synopsis: []string{"FILE --turn N --out PNG [--size WxH]"},
	Short:    "render one frame of a replay to a PNG",
	Long:     `Render one frame of a replay to a PNG (needs a display; Xvfb is fine).`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		turn := fs.Int("turn", -1, "the turn to draw (default: the last)")
		out := fs.String("out", "", "the PNG to write")
		size := fs.String("size", "1280x800", "the picture's size, WxH")
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 || *out == "" {
				return usagef("expected: arena shot FILE --turn N --out PNG")
			}
			w, h, err := parseSize(*size)
			if err != nil {
				return usageError{err}
			}
			rec, err := openReplay(pos[0], *out)
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
	},
}

// openReplay opens the replay at path for a command that draws it into
// out, which must not be the replay itself.
func openReplay(path, out string) (*game.Recording, error) {
	if err := game.CheckOutputs([]game.NamedPath{{Name: "the replay", Path: path}}, []game.NamedPath{{Name: "--out", Path: out}}); err != nil {
		return nil, usageError{err}
	}
	return game.OpenFile(path)
}

// runWindow runs the app's window until it closes, or until ctx ends (an
// interrupt): then the window closes as when its close button is used
// (matches stop and keep their replays), and should it not within a few
// seconds, every program Arena started is ended and Arena exits.
func runWindow(ctx context.Context, a *scenes.App, title string) error {
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
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
	a.Lang = windowLang
	return scenes.Run(a, title)
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
	// turn is --turn, the turn of --from to continue from; -1: not given.
	turn          int
	mapName       string
	turns         int
	level, levels string
	config        string
	seed          int64
	options       options
	limit         time.Duration
	contest       game.ContestOptions
}

func (m *matchFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.seats, "seats", "", "who plays each seat: human or KIND:STRENGTH, comma-separated")
	fs.Int64Var(&m.seed, "seed", 1, "the seed of the match's randomness")
	fs.StringVar(&m.from, "from", "", "take over this replay of the game (or a Santorini move file): play on from its end, or from --turn")
	m.turn = -1
	fs.Func("turn", "with --from: the turn `N` of the replay to play on from (default: its last)", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("expected a turn, 0 or more")
		}
		m.turn = n
		return nil
	})
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
	st := game.Setup{Title: t, Seats: seats, Seed: m.seed, From: m.from, Out: m.out, Map: m.mapName, Options: m.options, Limit: m.limit, Contest: m.contest}
	if m.turn >= 0 && m.from == "" {
		return game.Setup{}, usagef("--turn %d: the turn of a replay to take over: give the replay with --from REPLAY", m.turn)
	}
	if m.from != "" {
		if m.turn >= 0 {
			st.FromTurn = &m.turn
		}
		// The replay is read and checked here: what is wrong with it is
		// a usage error.
		rec, _, _, err := st.Continued()
		if err != nil {
			return game.Setup{}, usageError{fmt.Errorf("--from: %w", err)}
		}
		st.FromRecording = rec
	}
	return st, nil
}

func titleList() string {
	var ids []string
	for _, t := range game.Titles() {
		ids = append(ids, t.ID())
	}
	return strings.Join(ids, ", ")
}

func exampleBot(t game.Title) string {
	bots := t.Bots()
	if len(bots) == 0 {
		return "human"
	}
	b := bots[len(bots)/2]
	return b.Kind + ":" + b.Default
}

// parseSize reads a picture's size, WxH.
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(s, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 64 || h < 64 || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("--size %q: expected WxH such as 1280x800", s)
	}
	return w, h, nil
}
