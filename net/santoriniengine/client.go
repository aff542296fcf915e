package santoriniengine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/arena-games/arena/net/sandbox"
)

// Client is the host's end of the protocol: it writes commands to an engine
// and reads its answer lines. The engine may be a process (Process) or a
// Serve in this process. Commands go through a sandbox.Feed, so an engine
// that stops reading them never blocks the host; answer lines longer than
// MaxLine are dropped.
type Client struct {
	feed  *sandbox.Feed
	lines chan string // closed at the end of the engine's output
	err   error       // why the output ended; set before lines is closed
}

// sendWait is how long a command waits for an engine that is not reading
// its commands before Send gives up.
const sendWait = 2 * time.Second

// NewClient starts reading the engine's output r, which it closes at its
// end when r is an io.Closer; commands go to w, which Close closes.
func NewClient(w io.WriteCloser, r io.Reader) *Client {
	c := &Client{feed: sandbox.NewFeed(w, 16), lines: make(chan string, 64)}
	go func() {
		lr := newLineReader(r)
		for {
			line, err := lr.next()
			if errors.Is(err, errLongLine) {
				slog.Warn("engine output: a line too long, dropped", "limit", MaxLine)
				continue
			}
			if err != nil {
				c.err = err
				break
			}
			c.lines <- line
		}
		if rc, ok := r.(io.Closer); ok {
			rc.Close()
		}
		close(c.lines)
	}()
	return c
}

// Send writes one command.
func (c *Client) Send(cmd Command) error { return c.SendLine(cmd.String()) }

// SendLine writes one line as it is (tests use it for malformed commands).
func (c *Client) SendLine(line string) error {
	if err := c.feed.Send([]byte(line+"\n"), time.Now().Add(sendWait)); err != nil {
		return fmt.Errorf("send %q to the engine: %w", line, err)
	}
	return nil
}

// CloseInput closes the engine's input: its end of input.
func (c *Client) CloseInput() error { return c.feed.Close() }

// Line returns the engine's next output line, without its line ending (a CR
// is dropped too). At the end of the output it returns io.EOF (or the read
// error); when ctx ends first, ctx's error.
func (c *Client) Line(ctx context.Context) (string, error) {
	select {
	case l, ok := <-c.lines:
		if !ok {
			return "", c.err
		}
		return l, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// drain drops the lines already received and not read; it returns how
// many bestmove lines were among them.
func (c *Client) drain() (bestmoves int) {
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return bestmoves
			}
			if isBestMove(l) {
				bestmoves++
			}
		default:
			return bestmoves
		}
	}
}

// isBestMove reports whether line is a bestmove line, well-formed or not.
func isBestMove(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && f[0] == "bestmove"
}
