//go:build !js

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/scenes"
)

// A Command is one command of the arena program: how it is written, what
// it does, its flags and its run. A group (santorini, tournament) holds
// commands written after its name; arena itself is the group of all, and
// opens the window when no command is named.
type Command struct {
	// Name is the command's word: "run", "match" (of santorini); "" for
	// arena itself.
	Name string
	// Synopsis is how the command is written after its full name, a line
	// for each form: "TITLE --seats S1,S2 [--seed N] ...". A group without
	// one is written as its commands are.
	Synopsis []string
	// Short says what the command does, in a phrase, for the list of
	// commands.
	Short string
	// Long is the command's help: what it does, in paragraphs.
	Long string
	// Flags defines the command's flags on fs, for a run in e, and returns
	// the command's run, which reads them once they are parsed.
	Flags func(fs *flag.FlagSet, e *Env) Run
	// Commands are a group's commands.
	Commands []*Command
	// Window marks a command that opens the window: it takes --lang.
	Window bool
}

// Run runs a command with its arguments, the flags taken out; ctx ends
// when Arena is asked to stop (SIGINT, SIGTERM).
type Run func(ctx context.Context, args []string) error

// Env is what the commands run with: the standard streams, and the
// defaults that depend on the machine (its folders and cores), which the
// documentation writes in words.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Replays is where matches played in the window keep their replays,
	// Server where arena serve keeps its matches, Tournaments where
	// tournaments are written and found.
	Replays, Server, Tournaments string
	// Cores is the default number of local workers and of a worker's
	// slots: the machine's cores (0 in the documentation).
	Cores int
}

// NewEnv is the environment of a command line run on this machine with
// these streams.
func NewEnv(stdin io.Reader, stdout, stderr io.Writer) *Env {
	replays := scenes.DefaultReplayDir()
	return &Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Replays: replays,
		Server: filepath.Join(filepath.Dir(replays), "server"), Tournaments: scenes.DefaultTournamentDir(), Cores: runtime.NumCPU()}
}

// started is when the process began, for the start-up time report.
var started = time.Now()

// Main runs the command line args on this machine's standard streams and
// returns the exit status. SIGINT and SIGTERM interrupt it: a headless
// match stops and keeps what it played, the window closes; every program
// Arena started is ended.
func Main(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Exec(ctx, NewEnv(os.Stdin, os.Stdout, os.Stderr), args)
	stop()
	sandbox.KillAll()
	return code
}

// Exec runs the command line args in e and returns the exit status: 0, 1
// for an error, 2 for a command line that does not make sense, 130 when
// ctx ended (an interrupt) before the command did.
func Exec(ctx context.Context, e *Env, args []string) int {
	slog.SetDefault(slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	name := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name = args[0]
	}
	if name == "help" || name == "" && len(args) > 0 && isHelp(args[0]) {
		fmt.Fprint(e.Stdout, usage())
		return 0
	}
	c, path := table, "arena"
	if name != "" {
		if c = table.find(name); c == nil {
			fmt.Fprintf(e.Stderr, "arena: unknown command %q\n\n%s", name, usage())
			return 2
		}
		path, args = path+" "+name, args[1:]
	}
	err := c.exec(ctx, e, path, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if ctx.Err() != nil && err != nil {
		fmt.Fprintf(e.Stderr, "arena %s: interrupted: %v\n", name, err)
		return 130
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(e.Stderr, "arena %s: %v\n", name, ue.error)
		return 2
	}
	if err != nil {
		fmt.Fprintf(e.Stderr, "arena: %v\n", err)
		return 1
	}
	return 0
}

// exec runs c, whose full name is path, with args: a group's command when
// the first argument names one, else c's own run.
func (c *Command) exec(ctx context.Context, e *Env, path string, args []string) error {
	if len(c.Commands) > 0 && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub := c.find(args[0])
		if sub == nil {
			var names []string
			for _, s := range c.Commands {
				names = append(names, s.Name)
			}
			return usagef("unknown command %q (known: %s)", args[0], strings.Join(names, ", "))
		}
		return sub.exec(ctx, e, path+" "+sub.Name, args[1:])
	}
	fs, run := c.flagSet(path, e)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	return run(ctx, pos)
}

// find is the command of group c named name, or nil.
func (c *Command) find(name string) *Command {
	for _, s := range c.Commands {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// flagSet makes c's flag set, which reports errors to e's stderr; its
// --help prints c's help. It returns c's run too.
func (c *Command) flagSet(path string, e *Env) (*flag.FlagSet, Run) {
	fs := flag.NewFlagSet(path, flag.ContinueOnError)
	fs.SetOutput(e.Stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), c.help(path, fs)) }
	windowLang = ""
	if c.Window {
		fs.Func("lang", "the window's language, a `TAG`: en, sr-Latn, sr-Cyrl or fa (default: the one chosen in Settings, else the locale's, else en)", func(s string) error {
			t, err := lang.Parse(s)
			windowLang = t
			return err
		})
	}
	return fs, c.Flags(fs, e)
}

// windowLang is the language --lang chose for the window; "" for none.
var windowLang lang.Tag

// help is c's --help: its synopsis, what it does and its flags.
func (c *Command) help(path string, fs *flag.FlagSet) string {
	var b strings.Builder
	b.WriteString("Usage:\n")
	for _, line := range c.synopsis(path) {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	fmt.Fprintf(&b, "\n%s\n", c.Long)
	if hasFlags(fs) {
		b.WriteString("\nFlags:\n")
		out := fs.Output()
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
	return b.String()
}

// synopsis is how c, whose full name is path, is written: a line for each
// of its forms (or of its commands' forms), wrapped.
func (c *Command) synopsis(path string) []string {
	if len(c.Synopsis) == 0 {
		var lines []string
		for _, sub := range c.Commands {
			lines = append(lines, sub.synopsis(path+" "+sub.Name)...)
		}
		return lines
	}
	var lines []string
	for _, form := range c.Synopsis {
		lines = append(lines, wrapSynopsis(strings.TrimSpace(path+" "+form), len(path)+1)...)
	}
	return lines
}

// walk calls f with every command under c (c first), and its full name.
func (c *Command) walk(path string, f func(path string, c *Command)) {
	f(path, c)
	for _, sub := range c.Commands {
		sub.walk(path+" "+sub.Name, f)
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// usageError is a command line that does not make sense: exit status 2.
type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// parse reads a command's flags, with positional arguments allowed before
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

// group is the flags of a group of commands, which has none: run without
// one of its commands, it says which it expected.
func group(expected string) func(*flag.FlagSet, *Env) Run {
	return func(*flag.FlagSet, *Env) Run {
		return func(context.Context, []string) error { return usageError{errors.New(expected)} }
	}
}
