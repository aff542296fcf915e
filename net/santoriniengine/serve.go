package santoriniengine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/arena-games/arena/game/santorini"
)

// A `go movetime MS` search stops by MS - searchReserve at the latest (its
// own time management may stop it sooner), and the watchdog answers at
// MS - watchdogReserve if the search has not. Both leave room for a process
// that the operating system holds up for a few tens of milliseconds on a
// busy machine; the watchdog's answer is the best move of the last
// completed depth, the same move the search would answer.
const (
	searchReserve   = 15 * time.Millisecond
	watchdogReserve = 10 * time.Millisecond
)

// Serve is Arena's engine speaking the protocol of §6: it reads commands
// from in, one per line, and writes its answers to out, each line flushed
// as soon as it is written. It returns nil after `quit` or at the end of in
// (after the running search and the commands read after it have been
// answered), ctx's error when ctx ends, or the error that made reading or
// writing fail.
//
// The position starts as the empty board with P1 to place. `go` searches in
// its own goroutine, so `stop` and `quit` are read while it runs: `stop`
// answers the bestmove at once (and is ignored with no search running),
// `quit` stops the running search the same way and ends Serve. Every completed depth
// writes one info line; placement positions are searched too, by the
// placement search (its info lines' pv: the placement and, for P1, the
// reply expected), or answered from the placement book for go movetime. `go movetime MS` answers within MS plus a few
// milliseconds: the search stops with room to spare, and a watchdog answers
// with the best move so far should the search be held up. A malformed
// command, or a line longer than MaxLine, gets one `error ...` line and
// changes nothing.
//
// Other commands that arrive while a search or a perft runs wait for its
// answer and then run in their order, so a script piped into the engine
// reads like a conversation; quit drops them and abandons a perft. At the
// end of the input the commands read before it still run, for a second at
// most (endGrace): then a running search answers at once, as with stop, a
// perft and the commands left are dropped, and Serve returns.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	s := &server{answers: answers{out: bufio.NewWriter(out)}, board: santorini.NewBoard(), search: santorini.NewCompetitive()}
	lines, readErr := readCommands(ctx, in)
	for {
		var idle <-chan struct{} // the running job's end, when commands wait for it
		if len(s.queue) > 0 {
			idle = s.job.done
		}
		select {
		case <-ctx.Done():
			s.abandon()
			return ctx.Err()
		case <-idle:
			s.runQueue(ctx)
		case r, ok := <-lines:
			if !ok {
				s.finish(ctx)
				if err := <-readErr; err != nil {
					return fmt.Errorf("engine: read commands: %w", err)
				}
				return s.writeErr()
			}
			if (s.running() || len(s.queue) > 0) && !stopOrQuit(r.text) {
				s.queue = append(s.queue, r)
				continue
			}
			if quit := s.handle(ctx, r); quit {
				s.stop() // the running search answers, as with stop
				s.abandon()
				return s.writeErr()
			}
		}
		if err := s.writeErr(); err != nil {
			s.abandon()
			return err
		}
	}
}

// endGrace is how long the commands read before the end of the input may
// still run once it comes.
const endGrace = time.Second

// finish runs what is left at the end of the input: the running job and the
// waiting commands, for endGrace at most; then a running search answers at
// once, as with stop, and a perft and the commands left are dropped.
func (s *server) finish(ctx context.Context) {
	deadline := time.NewTimer(endGrace)
	defer deadline.Stop()
	for s.running() || len(s.queue) > 0 {
		if !s.running() {
			s.runQueue(ctx)
			continue
		}
		select {
		case <-s.job.done:
		case <-deadline.C:
			s.stop()
			s.abandon()
			return
		}
	}
}

// stopOrQuit reports whether a line is the stop or the quit command, which
// are read while a search runs.
func stopOrQuit(line string) bool {
	c, err := ParseCommand(line)
	return err == nil && (c.Name == CmdStop || c.Name == CmdQuit)
}

// runQueue runs the waiting commands until one of them starts a job. A
// go movetime counts its time from when it runs.
func (s *server) runQueue(ctx context.Context) {
	for len(s.queue) > 0 && !s.running() {
		r := s.queue[0]
		s.queue = s.queue[1:]
		r.at = time.Now()
		s.handle(ctx, r) // never quit: quit is not queued
	}
}

// received is one command line and when it was read; long is a line
// longer than MaxLine, whose text is dropped.
type received struct {
	text string
	long bool
	at   time.Time
}

// readCommands reads in's lines in the background until its end or ctx's:
// lines gets each (closed at the end), then readErr the reading's error
// (nil at the end of the input).
func readCommands(ctx context.Context, in io.Reader) (lines <-chan received, readErr <-chan error) {
	out := make(chan received)
	errc := make(chan error, 1)
	go func() {
		lr := newLineReader(in)
		for {
			text, err := lr.next()
			long := errors.Is(err, errLongLine)
			if err != nil && !long {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				errc <- err
				close(out)
				return
			}
			select {
			case out <- received{text: text, long: long, at: time.Now()}:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out, errc
}

// server is the state of one Serve.
type server struct {
	mu sync.Mutex // guards answers and job.answered
	answers
	board  santorini.Board        // the position; only the Serve loop touches it
	search *santorini.Competitive // used by one job at a time
	job    *job                   // the last search or perft started
	queue  []received             // commands waiting for the job to end
}

// job is one search or perft running in its own goroutine.
type job struct {
	cancel   context.CancelFunc
	done     chan struct{} // closed when the goroutine has returned
	watchdog *time.Timer   // answers a movetime search that runs late
	answered bool          // the answer line is written (under server.mu)
	best     santorini.Turn
	search   bool // a search (stop answers it), not a perft
}

// write writes one line and flushes it; a failure is kept for writeErr.
func (s *server) write(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers.write(line)
}

// answers are an engine's answer lines, each flushed as it is written; the
// first failure is kept and ends the writing.
type answers struct {
	out *bufio.Writer
	err error
}

func (w *answers) write(line string) {
	if w.err != nil {
		return
	}
	if _, err := w.out.WriteString(line + "\n"); err != nil {
		w.err = err
		return
	}
	w.err = w.out.Flush()
}

func (s *server) writeErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return fmt.Errorf("engine: write answers: %w", s.err)
	}
	return nil
}

// busy reports whether a job is running and has not answered.
func (s *server) busy() bool {
	if s.job == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.job.answered
}

// running reports whether the last job's goroutine has not returned.
func (s *server) running() bool {
	if s.job == nil {
		return false
	}
	select {
	case <-s.job.done:
		return false
	default:
		return true
	}
}

// wait waits for the last job's goroutine to return.
func (s *server) wait() {
	if s.job != nil {
		<-s.job.done
	}
}

// abandon ends the running job without its answer (quit, ctx ended) and
// waits for it to stop.
func (s *server) abandon() {
	j := s.job
	if j == nil {
		return
	}
	s.mu.Lock()
	j.answered = true
	s.mu.Unlock()
	j.cancel()
	<-j.done
}

// handle runs one command line; it reports true for quit.
func (s *server) handle(ctx context.Context, r received) bool {
	if r.long {
		s.write((&ErrorReport{Text: fmt.Sprintf("a command line longer than %d bytes: ignored", MaxLine)}).String())
		return false
	}
	if len(r.text) == 0 || isSpace(r.text) {
		return false
	}
	c, err := ParseCommand(r.text)
	if err != nil {
		s.write((&ErrorReport{Text: err.Error()}).String())
		return false
	}
	switch c.Name {
	case CmdQuit:
		return true
	case CmdStop:
		s.stop()
	case CmdPosition:
		s.position(c)
	case CmdGo, CmdPerft:
		s.wait() // Serve queues commands while a job runs; this is a safeguard
		if c.Name == CmdPerft {
			s.perft(ctx, c.Depth)
		} else {
			s.goSearch(ctx, c, r.at)
		}
	}
	return false
}

func isSpace(s string) bool {
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\r' {
			return false
		}
	}
	return true
}

// position sets the position from a POSITION or a move file.
func (s *server) position(c Command) {
	b, err := c.position()
	if err != nil {
		s.write((&ErrorReport{Text: err.Error()}).String())
		return
	}
	s.board = b
}

// position is the position command's board: POSITION, or the last of the
// move file FILE.
func (c Command) position() (santorini.Board, error) {
	if c.File == "" {
		return c.Board, nil
	}
	data, err := os.ReadFile(c.File)
	if err != nil {
		return santorini.Board{}, fmt.Errorf("position moves: %w", err)
	}
	g, err := santorini.ReadMoveFile(c.File, data)
	if err != nil {
		return santorini.Board{}, err
	}
	return g.Last(), nil
}

// stop answers the running search at once.
func (s *server) stop() {
	j := s.job
	if j == nil || !j.search || !s.busy() {
		return
	}
	j.cancel()
	select { // the search notices within a fraction of a millisecond
	case <-j.done:
	case <-time.After(10 * time.Millisecond):
		s.answer(j, nil)
	}
}

// answer writes the job's bestmove unless it has been written; best, when
// not nil, is the search's final choice, else the best move so far.
func (s *server) answer(j *job, best *santorini.Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if j.answered {
		return
	}
	if best != nil {
		j.best = *best
	}
	j.answered = true
	s.answers.write((&BestMove{Move: MoveOf(j.best)}).String())
}

// goSearch answers go by a search in its own goroutine: the competitive
// search, or in placement its placement search (santorini.Competitive.Place);
// go movetime in a placement the book has answers from it at once, with one
// info line. at is when the command was read, from which movetime counts.
func (s *server) goSearch(ctx context.Context, c Command, at time.Time) {
	b := s.board
	search := s.search.Search
	switch b.Phase {
	case santorini.Over:
		s.write((&ErrorReport{Text: fmt.Sprintf("go: the game is over: P%d won (%s)", b.Winner, b.Reason)}).String())
		return
	case santorini.Place1, santorini.Place2:
		if res, ok := santorini.BookPlacement(&b); ok && c.MoveTime > 0 {
			s.write((&Info{Depth: res.Depth, Score: res.Value, PV: []Move{MoveOf(res.Best)}}).String())
			s.write((&BestMove{Move: MoveOf(res.Best)}).String())
			return
		}
		search = s.search.Place
	}
	j := &job{done: make(chan struct{}), search: true, best: fallback(&b)}
	limit := santorini.Limit{Depth: c.Depth}
	var sctx context.Context
	if c.MoveTime > 0 {
		// The search's own deadline keeps room for the answer; the watchdog
		// answers with the best move so far if the search overruns it.
		ms := c.MoveTime
		limit = santorini.Limit{Time: max(time.Until(at.Add(ms)), time.Microsecond)}
		sctx, j.cancel = context.WithDeadline(ctx, at.Add(ms-min(ms/6, searchReserve)))
		j.watchdog = time.AfterFunc(time.Until(at.Add(ms-min(ms/8, watchdogReserve))), func() {
			s.answer(j, nil)
			j.cancel()
		})
	} else {
		sctx, j.cancel = context.WithCancel(ctx)
	}
	s.job = j
	go func() {
		defer close(j.done)
		defer j.cancel()
		res, err := search(sctx, &b, limit, func(in santorini.Info) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if j.answered {
				return
			}
			if len(in.PV) > 0 {
				j.best = in.PV[0]
			}
			nps := uint64(0)
			if in.Elapsed > 0 {
				nps = uint64(float64(in.Nodes) / in.Elapsed.Seconds())
			}
			info := Info{Depth: in.Depth, Score: in.Score, Nodes: uint64(in.Nodes), NPS: nps}
			for _, t := range in.PV {
				info.PV = append(info.PV, MoveOf(t))
			}
			s.answers.write(info.String())
		})
		if j.watchdog != nil {
			j.watchdog.Stop()
		}
		if err != nil {
			s.answer(j, nil)
			return
		}
		s.answer(j, &res.Best)
	}()
}

// splitDepth is the depth below which perft counts each subtree in one
// call, tens of milliseconds at most; above it, it checks ctx between them.
const splitDepth = 4

// perft is santorini.Perft, stopped when ctx ends (then with ctx's error).
func perft(ctx context.Context, b santorini.Board, depth int) (uint64, error) {
	if depth <= splitDepth {
		return santorini.Perft(b, depth), ctx.Err()
	}
	var n uint64
	for _, t := range b.Legal() {
		if t.Place && t.Cells[0] > t.Cells[1] {
			continue // Perft counts a placement once, not per order
		}
		if err := ctx.Err(); err != nil {
			return n, err
		}
		next, err := b.Apply(t)
		if err != nil {
			return n, err
		}
		c, err := perft(ctx, next, depth-1)
		n += c
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// fallback is the move a search answers before it has finished depth 1: in
// placement the placement heuristic's (santorini.Placement), else a winning
// move when there is one, else the first legal turn.
func fallback(b *santorini.Board) santorini.Turn {
	if b.Phase == santorini.Place1 || b.Phase == santorini.Place2 {
		t, _ := santorini.Placement(b, nil)
		return t
	}
	legal := b.Legal()
	for _, t := range legal {
		if t.Win {
			return t
		}
	}
	if len(legal) == 0 {
		return santorini.Turn{}
	}
	return legal[0]
}

// perft counts leaf turns in its own goroutine, so quit is still read and
// stops it.
func (s *server) perft(ctx context.Context, depth int) {
	b := s.board
	j := &job{done: make(chan struct{})}
	var pctx context.Context
	pctx, j.cancel = context.WithCancel(ctx)
	s.job = j
	go func() {
		defer close(j.done)
		defer j.cancel()
		start := time.Now()
		n, err := perft(pctx, b, depth)
		if err != nil {
			return // abandoned
		}
		el := time.Since(start)
		nps := uint64(float64(n) / max(el.Seconds(), 1e-9))
		s.mu.Lock()
		defer s.mu.Unlock()
		if j.answered {
			return
		}
		j.answered = true
		s.answers.write((&PerftReport{Depth: depth, Nodes: n, Time: el.Truncate(time.Millisecond), NPS: nps}).String())
	}()
}
