package game

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A title describes itself to the screens through the small interfaces of
// this file: its standings, the numbers to chart, the events to mark on a
// timeline, its units, and its rule options. The screens format what they
// are given and hold no rules of their own.

// The sights a title's descriptions take besides a seat: what is shown
// when everything may be (a replay, a game between computers, a finished
// game), and when nothing private may be (two people at one machine while
// the controls pass between them).
const (
	AllSeats Seat = -1
	NoSeat   Seat = -2
)

// Knows reports whether what seat s owns may be shown to the sight as.
func Knows(as, s Seat) bool { return as == AllSeats || as == s }

// Standings are the live ranking of a game's seats, built from the same
// comparator that decides the game.
type Standings struct {
	// Heads are the columns' headings, as the original names them.
	Heads []string
	// Rows are the seats, best first.
	Rows []Standing
	// Decides is the column whose difference puts the first row ahead
	// now; -1 when no column does (a tie in every one, or one side is
	// unknown).
	Decides int
}

// Standing is one seat's row of the standings.
type Standing struct {
	Seat Seat
	// Cells are the seat's numbers under the Heads; Unknown where the
	// sight may not know them or the record does not hold them.
	Cells []string
	// Out is set for a seat no longer in the game.
	Out bool
}

// Unknown is a cell of the standings that the sight may not know.
const Unknown = "?"

// A Ranked title ranks its seats while the game runs.
type Ranked interface {
	// Standings ranks the seats in frame f, as the sight as may know them.
	Standings(f Frame, as Seat) Standings
}

// Stat is one quantity that decides a game, per seat, for the charts.
type Stat struct {
	Name string
	// Values are per seat; NaN where the sight may not know the value.
	Values []float64
	// PerStep marks values that are this step's amounts: a chart adds
	// them up over the game.
	PerStep bool
}

// A Charted title gives the numbers of a frame for charts over the game.
type Charted interface {
	Stats(f Frame, as Seat) []Stat
}

// The kinds of marker, coloured and shaped by the screens.
const (
	MarkKill     = "kill"     // a unit killed another
	MarkDeath    = "death"    // a unit died otherwise (a beast, a trap, the boss)
	MarkHit      = "hit"      // an attack that did not kill
	MarkStone    = "stone"    // a stone, flag or treasure picked up or dropped
	MarkBoss     = "boss"     // the environment acted: a boss's wave or attack
	MarkLevel    = "level"    // a unit or side levelled up
	MarkBase     = "base"     // a base or building was hit
	MarkBuild    = "build"    // a building was built
	MarkFoul     = "foul"     // a penalty for an illegal, late or missing move
	MarkTrade    = "trade"    // a trade, conversion or purchase
	MarkSabotage = "sabotage" // one side hindered the other
	MarkEnd      = "end"      // the game ended
)

// Words are a text for people that the screens say in their language:
// an English format, the key of their catalogue, and its arguments, which
// may be Words too. A seat is named by Words of one number: "Player %d",
// "player %d", "P%d" or "colony %d", which the screens may replace by the
// seat's name.
type Words struct {
	Format string
	Args   []any
}

// Say is the Words of format and args, as fmt.Sprintf takes them.
func Say(format string, args ...any) Words { return Words{format, args} }

// String is the words in English.
func (w Words) String() string {
	if len(w.Args) == 0 {
		return w.Format
	}
	return fmt.Sprintf(w.Format, w.Args...)
}

// Phrase is the words' format and arguments, for the screens' catalogue.
func (w Words) Phrase() (string, []any) { return w.Format, w.Args }

// Marker is an event of note in a step, for the timeline's marks, the
// event feed and the director camera.
type Marker struct {
	Kind string
	// Seat is the side the event counts for; AllSeats for none (a boss).
	Seat Seat
	Text Words
	// Cell is where it happened, in the title's own cell coordinates,
	// when Placed.
	Cell   [2]int
	Placed bool
	// Minor marks the action of a step (a hit, a shot) that the director
	// frames but the timeline does not mark.
	Minor bool
}

// A Marked title tells the events of note in a frame's step.
type Marked interface {
	Markers(f Frame, as Seat) []Marker
}

// Unit is a piece of a game that people can follow with the camera.
type Unit struct {
	ID   string // stable across the frames of a game: "P1 Gamora", "ant 12"
	Seat Seat
	Cell [2]int
	// Carries marks a unit that carries something home: a stone, food.
	Carries bool
}

// A Populated title lists the units of a frame that the sight may see.
type Populated interface {
	Units(f Frame, as Seat) []Unit
}

// The types of rule option.
const (
	OptFlag   = "flag"   // true or false
	OptInt    = "int"    // a whole number
	OptNumber = "number" // a decimal number
	OptText   = "text"   // any text
	OptPath   = "path"   // a file's path
	OptChoice = "choice" // one of Choices
)

// Option is one of a title's rule options, as `--option NAME=VALUE` and
// the set-up screen take it.
type Option struct {
	Name    string
	Type    string
	Default string // "" for none
	Help    string
	Choices []string // OptChoice's values
}

// A Configurable title lists its rule options and checks a set of them.
type Configurable interface {
	Options() []Option
	// CheckOptions returns the error a game would give for these options.
	CheckOptions(options map[string]string) error
}

// UsageOptions is the title's options as the command line's help lists
// them, one line each, indented by indent.
func UsageOptions(t Title, indent string) string {
	c, ok := t.(Configurable)
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, o := range c.Options() {
		value := strings.ToUpper(o.Type)
		switch o.Type {
		case OptFlag:
			value = "true|false"
		case OptChoice:
			value = strings.Join(o.Choices, "|")
		}
		line := fmt.Sprintf("%s--option %s=%s", indent, o.Name, value)
		help := o.Help
		if o.Default != "" && o.Type != OptFlag {
			help += " (default " + o.Default + ")"
		}
		fmt.Fprintf(&b, "%-52s %s\n", line, help)
	}
	return b.String()
}

// FlagOptions lists on/off options from their names and help, sorted by
// name, for titles whose compat flags sit in a map.
func FlagOptions(help map[string]string) []Option {
	names := make([]string, 0, len(help))
	for n := range help {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]Option, len(names))
	for i, n := range names {
		out[i] = Option{Name: n, Type: OptFlag, Default: "false", Help: help[n]}
	}
	return out
}

// CheckOption checks a value against an option's type: the screens call
// it as people type, before the title checks the whole set.
func CheckOption(o Option, value string) error {
	switch o.Type {
	case OptFlag:
		_, err := ParseFlag(o.Name, value)
		return err
	case OptInt:
		if _, err := strconv.Atoi(value); err != nil {
			return fmt.Errorf("option %s=%q: want a whole number", o.Name, value)
		}
	case OptNumber:
		if _, err := strconv.ParseFloat(value, 64); err != nil {
			return fmt.Errorf("option %s=%q: want a number", o.Name, value)
		}
	case OptChoice:
		for _, c := range o.Choices {
			if c == value {
				return nil
			}
		}
		return fmt.Errorf("option %s=%q: want one of %s", o.Name, value, strings.Join(o.Choices, ", "))
	}
	return nil
}

// Count is n things, as people say it in English: "1 round", "3 rounds".
// It is for the command line and the files; a screen says a count with
// lang.F and a catalogue entry of plural forms ("%d rounds").
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}

// Verdict is how a frame stands, in one line for a banner and a results
// dialog: who won and why, a draw, or a position of an unfinished game.
// why is the title's words for the result's reason ("the higher score
// after the last round"); none for none.
func Verdict(f Frame, why Words) Words {
	winner := Say("Player %d", f.Result.Winner)
	switch {
	case !f.Over:
		return Say("Unfinished: the record stops here")
	case f.Result.Winner == 0 && why.Format == "":
		return Say("A draw")
	case f.Result.Winner == 0:
		return Say("A draw: %s", why)
	case why.Format == "":
		return Say("%s wins", winner)
	}
	return Say("%s wins: %s", winner, why)
}

// A Judged title explains a finished game's result in its own words: why
// the winner won (or why it is a draw), for banners and results.
type Judged interface {
	// Why is the reason of frame f's result in words, such as "the
	// higher score after the last round".
	Why(f Frame) Words
}

// A Timed title tells how many steps a game lasts under a config: its
// turn limit, or for a game without one how long a game usually lasts. A
// show picks the speed at which a game fits its time.
type Timed interface {
	Steps(cfg Config) int
}
