//go:build !js

package cli

import (
	"fmt"
	"strings"

	"github.com/arena-games/arena/game"
)

// usage is arena --help: the commands, then what every command shares
// (seats, contest seats, the sandbox, NATS), then the games.
func usage() string {
	var b strings.Builder
	b.WriteString("Arena: AI-competition games, watched and played.\n\nUsage:\n")
	b.WriteString(overview())
	for _, p := range shared() {
		fmt.Fprintf(&b, "\n%s\n", p.text)
	}
	b.WriteString("\n" + gamesUsage())
	return b.String()
}

// The columns of the list of commands: a command's short line starts at
// shortAt, and is at most shortWidth wide; synopses wrap at synopsisWidth.
const (
	shortAt       = 47
	shortWidth    = 52
	synopsisWidth = 98
)

// overview is the list of commands: each command's synopsis, and what it
// does at column shortAt (beside a short synopsis, else under it).
func overview() string {
	var b strings.Builder
	table.walk("arena", func(path string, c *Command) {
		if len(c.Synopsis) == 0 {
			return // a group: its commands are listed
		}
		lines := c.synopsis(path)
		short := wrapWords(c.Short, shortWidth)
		if len(lines) == 1 && len(lines[0]) < shortAt-3 {
			fmt.Fprintf(&b, "  %-*s%s\n", shortAt-2, lines[0], short[0])
			short = short[1:]
		} else {
			for _, l := range lines {
				fmt.Fprintf(&b, "  %s\n", l)
			}
		}
		for _, l := range short {
			fmt.Fprintf(&b, "%*s%s\n", shortAt, "", l)
		}
	})
	return b.String()
}

// paragraph is a part of the help that no one command owns.
type paragraph struct{ title, text string }

// shared is what the commands share: seats, contest seats, the sandbox of
// programs and NATS, each naming the commands it concerns from the table.
func shared() []paragraph {
	return []paragraph{
		{"Seats", `Seats are "human" or a computer player with its strength, such as
"alphabeta:4" or "competitive:1s"; --turns sets a game's turn or round
limit, --level, --levels and --config the options of the same names.`},
		{"Contest seats", `A seat "contest" of AIBG 5.0, GuardAIns or AIC21 is a bot written for the
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
password that Arena prints once (AIBG 5.0: or --accounts).`},
		{"Programs in a sandbox", `Programs (process: bots, engine: engines, AIC21 units) run in a sandbox:
they read their own folder and the system's, write a scratch folder, reach
only the address their protocol needs, within limits of memory, CPU time
and processes, and end whole with their match. --sandbox on (the default:
every layer this system has, naming those it lacks), strict (refuse a
program unless every layer works) or off (trusted programs, unconfined),
with settings such as --sandbox memory=1GiB,cpu=10m,procs=64,read=/opt/jdk.
` + wrapText("The commands that take --sandbox: "+withFlag("sandbox")+".")},
		{"NATS", `Matches and tournaments live in NATS JetStream: by default in a NATS
server of the process itself (arena serve's listens on no port, a
tournament's on 127.0.0.1, for workers with the run's own credentials);
--nats URL names an existing cluster instead (nats://host:4222),
--nats-creds FILE the credentials to sign in with (a .creds or nkey seed
file, readable by its owner only; or in the URL) and --nats-ca FILE the
authority that signs its TLS certificates (the connection then requires
TLS).
` + wrapText("The commands that take them: "+withFlag("nats")+".")},
	}
}

// withFlag lists the commands that have the flag name, in the table's
// order: "arena, play and run".
func withFlag(name string) string {
	var names []string
	table.walk("arena", func(path string, c *Command) {
		fs, _ := c.flagSet(path, &Env{})
		if fs.Lookup(name) != nil {
			names = append(names, strings.TrimPrefix(strings.TrimPrefix(path, "arena"), " "))
		}
	})
	if names[0] == "" {
		names[0] = "arena"
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// gamesUsage is the part of the usage text about each game, made from what
// the titles tell of themselves: their computer players, maps and levels,
// and rule options with their types, defaults and help.
func gamesUsage() string {
	var b strings.Builder
	b.WriteString("The games (TITLE), their players, maps and rule options (--option NAME=VALUE):\n")
	for _, t := range game.Titles() {
		fmt.Fprintf(&b, "\n%s (%s), %d seats\n", t.ID(), t.Name(), t.Seats())
		var bots []string
		for _, bot := range t.Bots() {
			s := bot.Kind
			if bot.Default != "" {
				s += ":" + strings.ToUpper(bot.Strength)
			}
			bots = append(bots, s)
		}
		for _, c := range game.Connectors(t) {
			bots = append(bots, c.Usage)
		}
		fmt.Fprintf(&b, "  seats: human, %s\n", strings.Join(bots, ", "))
		if ms := game.Maps(t); len(ms) > 0 {
			var names []string
			for _, m := range ms {
				names = append(names, m.Name)
			}
			fmt.Fprintf(&b, "  --map: %s (default %s), or a file's path\n", strings.Join(names, ", "), names[0])
		}
		b.WriteString(game.UsageOptions(t, "  "))
	}
	return b.String()
}

// wrapSynopsis wraps a synopsis to synopsisWidth, the lines after the
// first indented by indent: a bracketed part, or a flag and its value,
// stays on one line.
func wrapSynopsis(s string, indent int) []string {
	var units []string
	depth := 0
	for _, w := range strings.Fields(s) {
		joined := len(units) > 0 && (depth > 0 ||
			strings.HasPrefix(units[len(units)-1], "--") && !strings.ContainsAny(units[len(units)-1], " [") && !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "[") && w != "|")
		if joined {
			units[len(units)-1] += " " + w
		} else {
			units = append(units, w)
		}
		depth += strings.Count(w, "[") - strings.Count(w, "]")
	}
	return fill(units, synopsisWidth, strings.Repeat(" ", indent))
}

// wrapWords wraps text to lines of at most width.
func wrapWords(text string, width int) []string {
	return fill(strings.Fields(text), width, "")
}

// wrapText wraps a sentence to lines of at most 76 characters.
func wrapText(text string) string {
	return strings.Join(wrapWords(text, 76), "\n")
}

// fill lays units out on lines of at most width (a longer unit alone on
// its line), the lines after the first starting with indent.
func fill(units []string, width int, indent string) []string {
	var lines []string
	line := ""
	for _, u := range units {
		switch {
		case line == "":
			line = u
		case len(line)+1+len(u) <= width:
			line += " " + u
		default:
			lines = append(lines, line)
			line = indent + u
		}
	}
	return append(lines, line)
}
