//go:build !js

package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/arena-games/arena/net/sandbox"
	"github.com/arena-games/arena/scenes"
)

// table is the table of commands: arena itself, which opens the window,
// and every command under it, in the order the help lists them.
var table = &Command{
	Synopsis: []string{"[--replays DIR] [--sandbox MODE] [--lang en|sr-Latn|sr-Cyrl|fa]"},
	Window:   true,
	Short:    "open the window on the main menu",
	Long: `Open the window on the main menu. Matches played in the window write their
replays to DIR. arena --help lists the commands.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		dir := fs.String("replays", e.Replays, "where matches played in the window keep their replays")
		fs.Var(sandbox.Flag{}, "sandbox", sandbox.Usage)
		return func(ctx context.Context, _ []string) error {
			a := scenes.NewApp(scenes.NewMenu())
			a.ReplayDir = *dir
			if os.Getenv("ARENA_STARTUP_REPORT") != "" {
				// For the start-up benchmark: report the first frame, then quit.
				a.OnFirstFrame = func() {
					fmt.Fprintf(e.Stderr, "first frame after %.1f ms\n", float64(time.Since(started).Microseconds())/1000)
					a.Quit()
				}
			}
			return runWindow(ctx, a, "Arena")
		}
	},
	Commands: []*Command{cmdPlay, cmdReplay, cmdRun, cmdInfo, cmdDiff, cmdShot, cmdExport, cmdGIF, cmdKiosk, cmdSantorini, cmdServe, cmdWatch, cmdTournament},
}
