package santoriniengine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Client is the host's end of the protocol: it writes commands to an engine
// and reads its answer lines. The engine may be a process (Process) or a
// Serve in this process.
type Client struct {
	wmu   sync.Mutex
	w     io.Writer
	lines chan string // closed at the end of the engine's output
	err   error       // why the output ended; set before lines is closed
}

// NewClient starts reading the engine's output r, which it closes at its
// end when r is an io.Closer; commands go to w.
func NewClient(w io.Writer, r io.Reader) *Client {
	c := &Client{w: w, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 4096), maxLine)
		for sc.Scan() {
			c.lines <- strings.TrimSuffix(sc.Text(), "\r")
		}
		c.err = sc.Err()
		if c.err == nil {
			c.err = io.EOF
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
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		return fmt.Errorf("send %q to the engine: %w", line, err)
	}
	return nil
}

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
