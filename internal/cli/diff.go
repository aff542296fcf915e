//go:build !js

package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/scenes"
)

// cmdDiff compares two replays of one game: where two versions of a bot
// part ways.
var cmdDiff = &Command{
	Name:     "diff",
	Window:   true,
	Synopsis: []string{"A B [--window [--lang TAG]]"},
	Short:    "print the first turn where two replays of one game (title, map, seed) differ, as one JSON line",
	Long: `Compare two replays of the same game (the same title, seats, seed, map and
rule options; any format Arena reads that records the moves) and print where
they part ways as one JSON line:

  {"first_turn":N,"seat":S,"seats":[S],"a":MOVE,"b":MOVE,"turns_a":NA,"turns_b":NB}

first_turn is the first turn whose moves differ (null when the two games are
the same, move for move); seat is the first seat (from 1) whose move differs
there, seats every one (several in a game of simultaneous moves); a and b are
what that seat played there in A and in B, in the game's own notation ("" for
no answer in time). A move is null where the seat has none: it was not to
move, or its game has no such turn: when one game is the other's start (it
ended, or its replay stops, earlier), first_turn is the turn after its end
and its move is null.
turns_a and turns_b are the turns each replay holds. The exit status is 0
whether or not they differ, 1 when they cannot be compared, with the reason:
a file that does not open, another game, another seed, map, option or file
(naming it), or an original format that records states but not moves (AIC21's
log.json). --window opens the two side by side in the window, in step, at the
first turn that differs.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		window := fs.Bool("window", false, "also open the two side by side in the window, at the first turn that differs")
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 2 {
				return usagef("expected two replays: arena diff A B, got %q", pos)
			}
			var recs [2]*game.Recording
			for i, path := range pos {
				rec, err := game.OpenFile(path)
				if err != nil {
					return err
				}
				recs[i] = rec
			}
			d, err := game.Compare(pos[0], recs[0], pos[1], recs[1])
			if err != nil {
				return err
			}
			fmt.Fprintln(e.Stdout, d.JSON())
			if !*window {
				return nil
			}
			c, err := scenes.NewCompare(pos[0], recs[0], pos[1], recs[1])
			if err != nil {
				return err
			}
			a := scenes.NewApp(scenes.NewMenu())
			a.Push(c)
			return runWindow(ctx, a, "Arena: "+pos[0]+" and "+pos[1])
		}
	},
}
