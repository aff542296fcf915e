//go:build !js

package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/stream"
	"github.com/arena-games/arena/scenes"
)

// A server's matches seen from another machine: watch, and what play,
// replay, info and kiosk do with a server's address.

var cmdWatch = &Command{
	Name:     "watch",
	Window:   true,
	Synopsis: []string{"URL [--match ID] [--token-file FILE] [--lang TAG]"},
	Short:    "watch a server's matches, live or from their start",
	Long: `Open the window on an Arena server's matches, live first, with their turn
and players, and watch the one chosen: live, with rewind (pause, step, scrub
back; End returns to live). URL may also be a match's address, or --match
names it: it opens at once. With the jury's token (--token-file; also on
replay URL, kiosk URL and info URL), the matches the public sees at their
end are shown live and whole; the token goes to that server only, in a
header, never in an address.`,
	Flags: func(fs *flag.FlagSet, e *Env) Run {
		match := fs.String("match", "", "open this match at once")
		juryFile := juryFlag(fs)
		return func(ctx context.Context, pos []string) error {
			if len(pos) != 1 {
				return usagef("expected a server's address, such as arena watch http://127.0.0.1:7070")
			}
			c, id, _, err := stream.ParseMatchURL(pos[0])
			if err != nil {
				if c, err = stream.NewClient(pos[0]); err != nil {
					return usageError{err}
				}
			}
			if *match != "" {
				id = *match
			}
			if id != "" && !stream.ValidID(id) {
				return usagef("--match %q: expected a match's id, as the server lists it", id)
			}
			if err := withJury(c, *juryFile); err != nil {
				return err
			}
			a := scenes.NewApp(scenes.NewMenu())
			a.Push(scenes.NewServerWatch(c))
			if id != "" {
				a.Push(scenes.NewOpening(c.Watch(context.Background(), id), nil))
			}
			if err := runWindow(ctx, a, "Arena: "+c.Base); err != nil {
				return err
			}
			return interrupted(ctx, "the window closed")
		}
	},
}

// interrupted is why a window's command ended when ctx ended (Ctrl-C,
// SIGTERM), so that it exits with status 130; nil when people closed it.
func interrupted(ctx context.Context, why string) error {
	if ctx.Err() != nil {
		return errors.New(why)
	}
	return nil
}

// fetchWait bounds reading a match or a replay from a server.
const fetchWait = 60 * time.Second

// juryFlag is the --token-file flag of the commands that watch a
// server's matches.
func juryFlag(fs *flag.FlagSet) *string {
	return fs.String("token-file", "", "the file holding the server's jury token (arena serve says where it is): "+
		"the matches the public sees at their end are shown live and whole, as to the organisers' projector")
}

// withJury gives client c the jury's token kept in the file at path
// ("" for none): it goes to c's server only, in a header, never in an
// address.
func withJury(c *stream.Client, path string) error {
	if path == "" {
		return nil
	}
	tok, err := readToken("--token-file", path)
	c.Jury = tok
	return err
}

// readToken reads a server's token from the file at path, which the flag
// named.
func readToken(flag, path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", usagef("%s: %v", flag, err)
	}
	tok := strings.TrimSpace(string(data))
	if len(tok) < 16 || len(tok) > 256 || strings.ContainsAny(tok, " \t\r\n") {
		return "", usagef("%s %s: expected a token of 16 to 256 characters on one line, as arena serve writes it", flag, path)
	}
	return tok, nil
}

// remoteFlags are the flags of `arena play --server`: a seat of a
// server's match, played in the window.
type remoteFlags struct {
	server, match, token string
	seat                 int
}

func (r *remoteFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.server, "server", "", "play a seat of a match on this Arena server (http://host:7070)")
	fs.StringVar(&r.match, "match", "", "with --server: the match's id")
	fs.IntVar(&r.seat, "seat", 0, "with --server: the seat to play, from 1")
	fs.StringVar(&r.token, "token", "", "with --server: the seat's token, as the organisers gave it")
}

// play opens the window on the seat's stream: the person plays it as at
// the hotseat, seeing what the seat may see.
func (r *remoteFlags) play(ctx context.Context, pos []string) error {
	if len(pos) > 0 {
		return usagef("with --server, the game is the match's: expected no TITLE, got %q", pos)
	}
	c, err := stream.NewClient(r.server)
	if err != nil {
		return usageError{err}
	}
	switch {
	case !stream.ValidID(r.match):
		return usagef("--match %q: expected the match's id", r.match)
	case r.seat < 1:
		return usagef("--seat %d: expected the seat's number, from 1", r.seat)
	case r.token == "":
		return usagef("--token is required: the seat's token, as the organisers gave it")
	}
	fetch, cancel := context.WithTimeout(ctx, fetchWait)
	defer cancel()
	in, err := c.Match(fetch, r.match)
	if err != nil {
		return err
	}
	if r.seat > len(in.Seats) || in.Seats[r.seat-1].Kind != "remote" {
		return usagef("--seat %d: match %s's remote seats are %v", r.seat, r.match, remoteSeats(in))
	}
	human := game.NewHuman()
	a := scenes.NewApp(scenes.NewMenu())
	a.Push(scenes.NewOpening(c.Play(context.Background(), r.match, game.Seat(r.seat-1), r.token, human), human))
	return runWindow(ctx, a, fmt.Sprintf("Arena: seat %d of %s", r.seat, c.MatchURL(r.match)))
}

func remoteSeats(in stream.Info) []int {
	var out []int
	for _, s := range in.Seats {
		if s.Kind == "remote" {
			out = append(out, s.Seat)
		}
	}
	return out
}

// openURL reads a match or a replay on a server for `arena info`: the
// replay of everything so far (as the jury sees it, with the jury's token
// in the file juryFile).
func openURL(ctx context.Context, u, juryFile string) (*game.Recording, error) {
	c, id, _, err := stream.ParseMatchURL(u)
	if err != nil {
		return nil, usageError{err}
	}
	if err := withJury(c, juryFile); err != nil {
		return nil, err
	}
	fetch, cancel := context.WithTimeout(ctx, fetchWait)
	defer cancel()
	return c.Open(fetch, id)
}

// replayURL opens the viewer on a server's match: a match's address
// follows it live (from its start), a replay's shows what was played; as
// the jury sees them, with the jury's token in the file juryFile.
func replayURL(ctx context.Context, u string, turn int, juryFile string) error {
	c, id, replay, err := stream.ParseMatchURL(u)
	if err != nil {
		return usageError{err}
	}
	if err := withJury(c, juryFile); err != nil {
		return err
	}
	a := scenes.NewApp(scenes.NewMenu())
	if !replay {
		a.Push(scenes.NewServerWatch(c))
		a.Push(scenes.NewOpening(c.Watch(context.Background(), id), nil))
		return runWindow(ctx, a, "Arena: "+u)
	}
	rec, err := openURL(ctx, u, juryFile)
	if err != nil {
		return err
	}
	v, err := scenes.NewRecordingViewer(rec)
	if err != nil {
		return err
	}
	if turn >= 0 {
		v.Seek(turn)
	}
	a.Push(v)
	return runWindow(ctx, a, "Arena: "+u)
}
