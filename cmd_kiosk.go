package main

import (
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/scenes"
)

// cmdKiosk plays the replays of a folder, or a server's matches, on a
// loop, unattended: full screen, the director camera, a title card before
// each game and the result card after it. An unreadable file is skipped
// with a note.
func cmdKiosk(args []string, stderr io.Writer) error {
	fs := flags("kiosk", stderr)
	shuffle := fs.Bool("shuffle", false, "play the replays in a new random order each pass, not by name")
	speed := fs.Float64("speed", 0, "how fast the games play, as the viewer's speeds (default: each game in about two minutes)")
	windowed := fs.Bool("windowed", false, "stay in a window instead of full screen")
	cards := fs.Float64("cards", 4, "seconds the title card stays before a game (the result card a little longer)")
	juryFile := juryFlag(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("expected: arena kiosk DIR|URL [--shuffle] [--speed X] [--token-file FILE]")
	}
	var server *stream.Client
	if stream.IsURL(pos[0]) {
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
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo})))
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
	return scenes.Run(a, "Arena kiosk: "+pos[0])
}
