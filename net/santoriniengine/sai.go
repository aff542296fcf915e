//go:build !js

package santoriniengine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/sandbox"
)

// The bridge's times. A `go movetime MS` sends stop to santorini-ai at
// MS − bridgeStopReserve and answers with its stop_flag line, or at
// MS − bridgeAnswerReserve at the latest with the last best move it
// reported (both less for a very short MS). A santorini-ai that has no
// searched move by then (a machine too busy to run it) answers with its
// first, at most bridgeLateWait later: late, not forfeited with none.
const (
	bridgeStopReserve   = 20 * time.Millisecond
	bridgeAnswerReserve = 10 * time.Millisecond
	// bridgeLateWait is how long a `go movetime` search that has no move
	// when its time is up waits for the first (a match forfeits a move
	// later than MS + 1 s).
	bridgeLateWait = 700 * time.Millisecond
	// bridgeStopWait is how long `stop` from Arena waits for the
	// stop_flag line before answering with the last best move.
	bridgeStopWait = 10 * time.Millisecond
	// saiStartup is how long santorini-ai has to say it started.
	saiStartup = 10 * time.Second
	// saiSilence is the longest wait between two lines of a `go depth`
	// search (santorini-ai writes one at the start of each depth at least).
	saiSilence = time.Minute
)

// Bridge is `arena santorini bridge COMMAND [ARG...]`: Arena's engine
// protocol on in and out, as Serve speaks it, answered by a santorini-ai
// style `uci` program (args) that it runs as its child. `position` sets
// the position; `go movetime MS` sends `set_position` and, at MS − 20 ms,
// `stop`, and answers santorini-ai's final best move (at once when it
// reports the game's outcome found); `go depth D` answers the best move of
// depth D once santorini-ai starts depth D+1; `stop` answers at once.
// santorini-ai's best moves become info lines, one per completed depth.
// `perft` gets an error line: santorini-ai has none.
//
// santorini-ai's output is not trusted: lines longer than MaxLine and
// lines that are not its JSON are dropped and named on log, lines of
// another search (each is tagged: saiTagged) dropped; a move that is not
// legal gets an error line naming it and is answered as it is, so that
// Arena's match forfeits it; a go it gives no move for in time (or whose
// position it refuses) gets an error line and `bestmove none`. When the
// program ends, reports a panic or is silent for a minute in a depth
// search, Bridge writes an error line naming it and returns an error. It
// returns nil after `quit` or at the end of in (after what was read runs,
// for a second at most); the child gets `quit` and is killed a second
// later if it still runs.
func Bridge(ctx context.Context, args []string, in io.Reader, out io.Writer, log io.Writer) error {
	child, err := startSai(args)
	if err != nil {
		return err
	}
	br := &bridge{child: child, answers: answers{out: bufio.NewWriter(out)}, log: log, board: santorini.NewBoard()}
	defer child.close()
	if err := child.waitStarted(ctx); err != nil {
		br.write((&ErrorReport{Text: err.Error()}).String())
		return err
	}
	return br.run(ctx, in)
}

// saiChild is santorini-ai's process.
type saiChild struct {
	name   string // the command line, for messages
	cmd    *exec.Cmd
	feed   *sandbox.Feed
	lines  chan saiOut   // its stdout; closed at its end
	errs   chan string   // stderr lines that report a failure
	exited chan struct{} // closed once it has ended
	errEOF chan struct{} // closed once its stderr is read to the end
	wait   error         // how it ended, once exited is closed
	tailMu sync.Mutex    // guards tail
	tail   []string      // the last lines of its stderr
	quit   sync.Once     // close runs once
}

// saiOut is a line of santorini-ai's stdout; long is one over MaxLine.
type saiOut struct {
	text string
	long bool
}

func startSai(args []string) (*saiChild, error) {
	if len(args) == 0 || args[0] == "" {
		return nil, errors.New("bridge: no command to run")
	}
	c := &saiChild{name: strings.Join(args, " "), lines: make(chan saiOut, 64), errs: make(chan string, 16), exited: make(chan struct{}), errEOF: make(chan struct{})}
	c.cmd = exec.Command(args[0], args[1:]...)
	stdin, err := c.cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("bridge: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("bridge: %w", err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("bridge: %w", err)
	}
	c.cmd.Stdout, c.cmd.Stderr = outW, errW
	err = c.cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("bridge: start %q: %w", c.name, err)
	}
	c.feed = sandbox.NewFeed(stdin, 16)
	go c.readStdout(outR)
	go c.readStderr(errR)
	go func() {
		c.wait = c.cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

func (c *saiChild) readStdout(r io.ReadCloser) {
	defer close(c.lines)
	defer r.Close()
	lr := newLineReader(r)
	for {
		text, err := lr.next()
		long := errors.Is(err, errLongLine)
		if err != nil && !long {
			return
		}
		c.lines <- saiOut{text: text, long: long}
	}
}

// saiStopErrors begin santorini-ai's stderr answers to stop, which it
// writes as errors; the other "Error: " lines and panics are failures.
var saiStopErrors = []string{"Error: Stopping with best move", "Error: Attempted to stop", "Error: Search returned no results"}

func (c *saiChild) readStderr(r io.ReadCloser) {
	defer close(c.errEOF)
	defer r.Close()
	lr := newLineReader(r)
	for {
		line, err := lr.next()
		if errors.Is(err, errLongLine) {
			continue
		} else if err != nil {
			return
		}
		line = clip(line)
		c.tailMu.Lock()
		c.tail = append(c.tail, line)
		if len(c.tail) > 4 {
			c.tail = c.tail[1:]
		}
		c.tailMu.Unlock()
		failure := strings.Contains(line, "panicked at")
		if strings.HasPrefix(line, "Error: ") {
			failure = true
			for _, p := range saiStopErrors {
				if strings.HasPrefix(line, p) {
					failure = false
				}
			}
		}
		if failure {
			select {
			case c.errs <- line:
			default:
			}
		}
	}
}

// stderrTail is the last lines of the child's stderr, for messages.
func (c *saiChild) stderrTail() string {
	c.tailMu.Lock()
	defer c.tailMu.Unlock()
	return strings.Join(c.tail, " | ")
}

// send writes one command line to the child.
func (c *saiChild) send(line string) error {
	if err := c.feed.Send([]byte(line+"\n"), time.Now().Add(time.Second)); err != nil {
		return fmt.Errorf("bridge: santorini-ai %q does not read its commands: %w", c.name, err)
	}
	return nil
}

// ended is the error of a child whose output ended.
func (c *saiChild) ended() error {
	select {
	case <-c.exited:
	case <-time.After(time.Second):
	}
	why := "ended"
	select {
	case <-c.exited:
		if c.wait != nil {
			why += " (" + c.wait.Error() + ")"
		}
	default:
		why = "closed its output"
	}
	select { // its last words, which may still be on their way
	case <-c.errEOF:
	case <-time.After(100 * time.Millisecond):
	}
	if tail := c.stderrTail(); tail != "" {
		why += "; its stderr ends: " + tail
	}
	return fmt.Errorf("bridge: santorini-ai %q %s", c.name, why)
}

// waitStarted waits for santorini-ai's {"type":"started"} line.
func (c *saiChild) waitStarted(ctx context.Context) error {
	limit := time.After(saiStartup)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-limit:
			return fmt.Errorf("bridge: santorini-ai %q did not say started within %s", c.name, saiStartup)
		case o, ok := <-c.lines:
			if !ok {
				return c.ended()
			}
			if strings.TrimSpace(o.text) == `{"type":"started"}` {
				return c.warmUp(ctx, limit)
			}
		}
	}
}

// saiWarmUp is the position of the warm-up search.
const saiWarmUp = "0000000000000000000000000warm/1/mortal:C3,B2/mortal:B3,D2"

// warmUp starts and stops one search and waits for its end line:
// santorini-ai readies its search (a few hundred milliseconds) at the
// first set_position, which must not come out of the first move's time.
func (c *saiChild) warmUp(ctx context.Context, limit <-chan time.Time) error {
	if err := c.send("set_position " + saiWarmUp); err != nil { // the tag "warm" is ours alone
		return err
	}
	if err := c.send(CmdStop); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-limit:
			return fmt.Errorf("bridge: santorini-ai %q did not end its first search within %s", c.name, saiStartup)
		case e := <-c.errs:
			return fmt.Errorf("bridge: santorini-ai %q failed its first search: %s", c.name, e)
		case o, ok := <-c.lines:
			if !ok {
				return c.ended()
			}
			if b, err := parseSaiLine(o.text); err == nil && b != nil && b.Position == saiWarmUp && b.Trigger == saiStopFlag {
				return nil
			}
		}
	}
}

// close sends quit, closes the child's input and kills it if it still
// runs quitGrace later; it waits for it to end.
func (c *saiChild) close() {
	c.quit.Do(func() {
		c.send(CmdQuit)
		c.feed.Close()
		select {
		case <-c.exited:
			return
		case <-time.After(quitGrace):
		}
		c.cmd.Process.Kill()
		<-c.exited
	})
}

// bridge is the state of one Bridge.
type bridge struct {
	child *saiChild
	answers
	log   io.Writer
	board santorini.Board
	queue []received // commands that wait for the running search
	cur   *saiSearch // the running search, or nil
	n     int        // searches started: the tag of the next one
}

// saiSearch is one go that santorini-ai searches.
type saiSearch struct {
	board    santorini.Board
	fen      string    // the position sent with set_position, tagged
	depth    int       // go depth D; 0 for go movetime
	stopAt   time.Time // when to send stop; zero for none
	answerAt time.Time // when to answer with the last best move; zero for none
	stopped  bool      // stop has been sent
	late     bool      // the time came before any move: the first one answers
	lastLine time.Time // when its last line came
	last     *saiBest  // its last best move
	depthEnd *saiBest  // its last improvement line: the best of the depth it searches
	reported int       // the deepest depth written as an info line; -1 for none
}

// searched reports whether santorini-ai reported a move of its search (its
// seed move, the first it writes, is not searched).
func (s *saiSearch) searched() bool { return s.last != nil && s.last.Trigger != saiSeed }

func (br *bridge) logf(format string, args ...any) {
	if br.log != nil {
		fmt.Fprintf(br.log, "bridge: "+format+"\n", args...)
	}
}

// fatal writes the error line and returns the error.
func (br *bridge) fatal(err error) error {
	br.write((&ErrorReport{Text: err.Error()}).String())
	return err
}

func (br *bridge) run(ctx context.Context, in io.Reader) error {
	lines, readErr := readCommands(ctx, in)
	var eofAt time.Time // the end of the input came: finish by then
	for {
		if br.err != nil {
			return fmt.Errorf("bridge: write answers: %w", br.err)
		}
		if br.cur == nil && len(br.queue) > 0 {
			quit, err := br.runQueue()
			if quit || err != nil {
				return err
			}
			continue
		}
		if !eofAt.IsZero() && br.cur == nil {
			if err := <-readErr; err != nil {
				return fmt.Errorf("bridge: read commands: %w", err)
			}
			return nil
		}
		wake := br.wake(eofAt)
		var timer <-chan time.Time
		if !wake.IsZero() {
			timer = time.After(time.Until(wake))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case r, ok := <-lines:
			if !ok {
				lines = nil
				eofAt = time.Now().Add(endGrace)
				continue
			}
			if br.cur != nil && !stopOrQuit(r.text) {
				br.queue = append(br.queue, r)
				continue
			}
			quit, err := br.handle(r)
			if quit || err != nil {
				return err
			}
		case o, ok := <-br.child.lines:
			if !ok {
				return br.fatal(br.child.ended())
			}
			if err := br.childLine(o); err != nil {
				return err
			}
		case e := <-br.child.errs:
			if err := br.childError(e); err != nil {
				return err
			}
		case <-timer:
			if err := br.tick(eofAt); err != nil {
				return err
			}
		}
	}
}

// runQueue runs waiting commands until one starts a search.
func (br *bridge) runQueue() (quit bool, err error) {
	for len(br.queue) > 0 && br.cur == nil {
		r := br.queue[0]
		br.queue = br.queue[1:]
		r.at = time.Now()
		if quit, err := br.handle(r); quit || err != nil {
			return quit, err
		}
	}
	return false, nil
}

// wake is the next time the loop has something to do without input.
func (br *bridge) wake(eofAt time.Time) time.Time {
	var t time.Time
	earliest := func(u time.Time) {
		if !u.IsZero() && (t.IsZero() || u.Before(t)) {
			t = u
		}
	}
	if s := br.cur; s != nil {
		if !s.stopped {
			earliest(s.stopAt)
		}
		earliest(s.answerAt)
		if s.depth > 0 {
			earliest(s.lastLine.Add(saiSilence))
		}
	}
	earliest(eofAt)
	return t
}

// tick does what is due.
func (br *bridge) tick(eofAt time.Time) error {
	now := time.Now()
	s := br.cur
	if s == nil {
		return nil
	}
	switch {
	case !eofAt.IsZero() && !now.Before(eofAt):
		br.queue = nil
		return br.answer(s.last)
	case !s.answerAt.IsZero() && !now.Before(s.answerAt):
		if !s.searched() && !s.late {
			// A machine busy enough to hold santorini-ai back until its
			// time ran out: its first searched move answers, late rather
			// than none (or its unsearched seed move).
			s.late = true
			s.answerAt = now.Add(bridgeLateWait)
			br.logf("santorini-ai had no move for %s in time: waiting %s for its first", s.fen, bridgeLateWait)
			return nil
		}
		return br.answer(s.last)
	case !s.stopped && !s.stopAt.IsZero() && !now.Before(s.stopAt):
		if !s.searched() { // stopped now, it would answer with no searched move
			s.stopAt = time.Time{}
			return nil
		}
		s.stopped = true
		if err := br.child.send(CmdStop); err != nil {
			return br.fatal(err)
		}
	case s.depth > 0 && now.After(s.lastLine.Add(saiSilence)):
		return br.fatal(fmt.Errorf("bridge: santorini-ai %q wrote nothing for %s in go depth %d", br.child.name, saiSilence, s.depth))
	}
	return nil
}

// handle runs one command; it reports true for quit.
func (br *bridge) handle(r received) (bool, error) {
	if r.long {
		br.write((&ErrorReport{Text: fmt.Sprintf("a command line longer than %d bytes: ignored", MaxLine)}).String())
		return false, nil
	}
	if isSpace(r.text) {
		return false, nil
	}
	c, err := ParseCommand(r.text)
	if err != nil {
		br.write((&ErrorReport{Text: err.Error()}).String())
		return false, nil
	}
	switch c.Name {
	case CmdQuit:
		if br.cur != nil {
			return true, br.answer(br.cur.last)
		}
		return true, nil
	case CmdStop:
		if s := br.cur; s != nil {
			if !s.stopped {
				s.stopped = true
				if err := br.child.send(CmdStop); err != nil {
					return false, br.fatal(err)
				}
			}
			if at := time.Now().Add(bridgeStopWait); s.answerAt.IsZero() || at.Before(s.answerAt) {
				s.answerAt = at
			}
		}
	case CmdPosition:
		br.position(c)
	case CmdPerft:
		br.write((&ErrorReport{Text: "perft: santorini-ai has no perft; run it on arena santorini engine"}).String())
	case CmdGo:
		return false, br.goSearch(c, r.at)
	}
	return false, nil
}

// position sets the position from a POSITION or a move file.
func (br *bridge) position(c Command) {
	b, err := c.position()
	if err != nil {
		br.write((&ErrorReport{Text: err.Error()}).String())
		return
	}
	br.board = b
}

// goSearch starts santorini-ai's search of the position.
func (br *bridge) goSearch(c Command, at time.Time) error {
	b := br.board
	if b.Phase == santorini.Over {
		br.write((&ErrorReport{Text: fmt.Sprintf("go: the game is over: P%d won (%s)", b.Winner, b.Reason)}).String())
		return nil
	}
	s := &saiSearch{board: b, fen: saiTagged(&b, br.n), depth: c.Depth, lastLine: time.Now(), reported: -1}
	if ms := c.MoveTime; ms > 0 {
		s.stopAt = at.Add(ms - min(ms/4, bridgeStopReserve))
		s.answerAt = at.Add(ms - min(ms/8, bridgeAnswerReserve))
	}
	br.cur = s
	br.n++
	if err := br.child.send("set_position " + s.fen); err != nil {
		return br.fatal(err)
	}
	return nil
}

// childLine reads one line of santorini-ai's output.
func (br *bridge) childLine(o saiOut) error {
	if o.long {
		br.logf("santorini-ai wrote a line longer than %d bytes: dropped", MaxLine)
		return nil
	}
	best, err := parseSaiLine(o.text)
	if err != nil {
		br.logf("santorini-ai: %v: dropped", err)
		return nil
	}
	if best == nil {
		return nil
	}
	s := br.cur
	if s == nil || best.Position != s.fen {
		return nil // a line of a search answered before (or of none)
	}
	s.lastLine = time.Now()
	if d := s.depthEnd; d != nil && best.Depth > d.Depth && best.Trigger != saiSaved {
		br.report(d) // depth d.Depth is complete
		if s.depth > 0 && d.Depth >= s.depth {
			return br.answer(d)
		}
	}
	if best.Trigger == saiImprovement || best.Trigger == saiEndOfLine {
		s.depthEnd = best
	}
	s.last = best
	if s.late && !s.stopped && s.searched() {
		s.stopped = true
		s.answerAt = time.Now().Add(bridgeStopWait)
		if err := br.child.send(CmdStop); err != nil {
			return br.fatal(err)
		}
	}
	if best.Trigger == saiEndOfLine || best.Trigger == saiStopFlag {
		br.report(best)
		return br.answer(best)
	}
	return nil
}

// report writes best as an info line unless its depth was written.
func (br *bridge) report(best *saiBest) {
	s := br.cur
	if best.Trigger == saiSeed || best.Trigger == saiSaved || best.Depth <= s.reported {
		return
	}
	s.reported = best.Depth
	in := best.info()
	br.write(in.String())
}

// childError is a failure that santorini-ai wrote on stderr.
func (br *bridge) childError(line string) error {
	if strings.Contains(line, "panicked at") {
		return br.fatal(fmt.Errorf("bridge: santorini-ai %q failed: %s", br.child.name, line))
	}
	s := br.cur
	if s == nil || s.last != nil {
		br.logf("santorini-ai: %s", line)
		return nil
	}
	// set_position was refused: no search runs and no line will come.
	br.write((&ErrorReport{Text: fmt.Sprintf("santorini-ai %q refused the position %s: %s", br.child.name, s.fen, line)}).String())
	br.cur = nil
	br.write((&BestMove{None: true}).String())
	return nil
}

// answer writes the bestmove of the running search, best checked on its
// board, and stops santorini-ai's search unless stop was sent. Its lines
// that still come are dropped: they name its position.
func (br *bridge) answer(best *saiBest) error {
	s := br.cur
	br.cur = nil
	if !s.stopped {
		if err := br.child.send(CmdStop); err != nil {
			return br.fatal(err)
		}
	}
	if best == nil {
		br.write((&ErrorReport{Text: fmt.Sprintf("santorini-ai %q gave no move for %s in time", br.child.name, s.fen)}).String())
		br.write((&BestMove{None: true}).String())
		return nil
	}
	t, err := best.Move.Turn(&s.board)
	if err != nil {
		br.write((&ErrorReport{Text: fmt.Sprintf("santorini-ai %q answered the illegal move %s (%s) in %s: %v", br.child.name, best.Move.Compact(), best.Action, s.fen, err)}).String())
		br.write((&BestMove{Move: best.Move}).String())
		return nil
	}
	br.write((&BestMove{Move: MoveOf(t)}).String())
	return nil
}
