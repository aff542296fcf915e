//go:build !js

package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/scenes"
)

// Replays made into other things: export, gif and kiosk.

// cmdExport writes a replay in another system's format: for now AIC21's
// log.json, which the contest's visualizer and tools read.
var cmdExport = &Command{
	Name:     "export",
	Synopsis: []string{"--format aic21-log REPLAY OUT"},
	Short:    "write an AIC21 game as the official log.json",
	Long:     `Write an AIC21 game in the contest's official log.json format.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		format := fs.String("format", "aic21-log", "the format to write: aic21-log (AIC21's official log.json)")
		return func(ctx context.Context, pos []string) error {
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
	},
}

// cmdGIF writes turns of a replay as an animated GIF, or as an MP4 through
// ffmpeg, as the viewer shows them with the director camera.
var cmdGIF = &Command{
	Name:     "gif",
	Synopsis: []string{"REPLAY --from A --to B --out FILE.gif [--size WxH] [--speed X]"},
	Short:    "write turns A to B as an animated GIF (or an MP4 through ffmpeg: --out FILE.mp4)",
	Long: `Write turns A to B of any replay Arena reads as an animated GIF, as the
viewer shows them with the director camera: one palette built for the clip,
ordered dithering, only what changes stored from frame to frame. --speed is
the viewer's (1: a turn in 1.7 s); the last turn rests 2 s. --out FILE.mp4
writes an H.264 MP4 instead, through ffmpeg where it is installed (Debian:
apt-get install ffmpeg), or says that it is not. Prints the file's size and
the time taken. Needs a display (Xvfb is fine).`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		from := fs.Int("from", 0, "the first turn of the clip")
		to := fs.Int("to", -1, "the last turn of the clip (default: the last of the game)")
		out := fs.String("out", "", "the film to write: FILE.gif, or FILE.mp4 where ffmpeg is installed")
		size := fs.String("size", "800x500", "the picture's size, WxH")
		speed := fs.Float64("speed", 4, "how fast the game plays, as the viewer's speeds: 1 is a turn in 1.7 s")
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 || *out == "" {
				return usagef("expected: arena gif REPLAY --from A --to B --out FILE.gif [--size WxH] [--speed X]")
			}
			w, h, err := parseSize(*size)
			if err != nil {
				return usageError{err}
			}
			if *speed <= 0 || *speed > 1000 {
				return usagef("--speed %g: expected a number above 0, such as 0.5, 1 or 8", *speed)
			}
			rec, err := openReplay(pos[0], *out)
			if err != nil {
				return err
			}
			n := rec.Timeline.Len() - 1
			if *to < 0 {
				*to = n
			}
			if *from < 0 || *to > n || *from > *to {
				return usagef("--from %d --to %d: %s has turns 0 to %d", *from, *to, pos[0], n)
			}
			ex, err := scenes.NewExporter(rec, *from, *to, w, h, *speed, *out)
			if err != nil {
				return usageError{err}
			}
			var bytes int64
			var frames int
			var took float64
			defer ex.Close()
			if err := scenes.ShotSteps(func() (bool, error) {
				done, err := ex.Step(100 * time.Millisecond)
				if err != nil || !done {
					return false, err
				}
				frames, _ = ex.Progress()
				size, d, err := ex.Finish()
				bytes, took = size, d.Seconds()
				return true, err
			}); err != nil {
				return err
			}
			fmt.Fprintf(e.Stdout, "wrote %s: turns %d to %d, %d pictures, %dx%d, %.2f MB in %.1f s\n", *out, *from, *to, frames, w, h, float64(bytes)/1e6, took)
			return nil
		}
	},
}

// cmdKiosk plays the replays of a folder, or a server's matches, on a
// loop, unattended: full screen, the director camera, a title card before
// each game and the result card after it. An unreadable file is skipped
// with a note.
var cmdKiosk = &Command{
	Name:     "kiosk",
	Window:   true,
	Synopsis: []string{"DIR|URL [--shuffle] [--speed X] [--cards SECONDS] [--windowed] [--token-file FILE] [--lang TAG]"},
	Short:    "play a folder's replays, or a server's matches (waiting, live, then finished), on a loop, full screen, with title and result cards",
	Long: `Play the replays of a folder (every format Arena reads) over and over,
unattended, full screen, for a projector at an event: a title card before
each game (the game, the players), the game with the director camera, the
result card after it (the verdict and the standings). A file that does not
read is skipped with a note on screen and a line in the log; files added to
the folder join at the next pass. --speed 0.25 to 64, or by default the speed
at which each game lasts about two minutes; --cards is how long the title
card stays (the result card a little longer). Every ten games the log notes
the memory in use.

Given an Arena server's address (http://host:7070) instead, it plays the
server's matches: a card for each match waiting for its teams' bots ("waiting
for BotDiff (0:42)"), then the live ones, watched as they are played, then
the finished ones; the server is asked again between games, so new matches
join in. The
organisers' projector shows every match live with the server's jury token
(--token-file).`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		shuffle := fs.Bool("shuffle", false, "play the replays in a new random order each pass, not by name")
		speed := fs.Float64("speed", 0, "how fast the games play, as the viewer's speeds (default: each game in about two minutes)")
		windowed := fs.Bool("windowed", false, "stay in a window instead of full screen")
		cards := fs.Float64("cards", 4, "seconds the title card stays before a game (the result card a little longer)")
		juryFile := juryFlag(fs)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 {
				return usagef("expected: arena kiosk DIR|URL [--shuffle] [--speed X] [--token-file FILE]")
			}
			var server *stream.Client
			if stream.IsURL(pos[0]) {
				var err error
				if server, err = stream.NewClient(pos[0]); err != nil {
					return usageError{err}
				}
				if *shuffle {
					return usagef("--shuffle: a server's matches play live first, as the server lists them")
				}
				if err := withJury(server, *juryFile); err != nil {
					return err
				}
			} else if *juryFile != "" {
				return usagef("--token-file: a folder's replays need no token; it is for a server's matches")
			} else if st, err := os.Stat(pos[0]); err != nil || !st.IsDir() {
				return usagef("%s: expected a folder of replays, or an Arena server's address (http://host:7070)", pos[0])
			}
			if *cards < 0 || *cards > 600 {
				return usagef("--cards %g: expected seconds from 0 to 600", *cards)
			}
			if *speed < 0 || *speed > 64 {
				return usagef("--speed %g: expected 0.25 to 64 (0: each game in about two minutes)", *speed)
			}
			// The kiosk runs for hours: a skipped file is worth a line in the log,
			// and so is the memory every ten games.
			slog.SetDefault(slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
			show := scenes.NewKiosk(pos[0], *shuffle, *speed, uint64(time.Now().UnixNano()))
			if server != nil {
				show = scenes.NewServerKiosk(server, *speed)
			}
			show.SetCardTime(*cards)
			a := scenes.NewApp(scenes.NewMenu())
			a.Push(show)
			if !*windowed {
				ebiten.SetFullscreen(true)
			}
			if err := runWindow(ctx, a, "Arena kiosk: "+pos[0]); err != nil {
				return err
			}
			return interrupted(ctx, "the kiosk stopped")
		}
	},
}
