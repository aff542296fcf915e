// Package botproc plays an AlienWarz seat with an external bot process, the
// way the original referee did (rules/alienwarz.md §6): the bot's run.sh is
// started once with bash in its own folder, gets one view line on stdin
// each turn it is to act, and answers one command line on stdout within
// 3 s. The seat is written "process:PATH".
package botproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/net/sandbox"
)

// Timeout is the time a bot has to answer a view: the original's 3000 ms.
const Timeout = 3 * time.Second

// maxLine bounds a reply; the rest of a longer one is dropped.
const maxLine = 64 << 10

// exitWait is how long a turn waits for the bot's process to end once its
// output or input is gone, to tell a crash (a forfeit) from a bot that
// closed its output.
const exitWait = 500 * time.Millisecond

// feedQueue is how many views may wait for a bot that is slow to read them,
// beyond what the pipe holds.
const feedQueue = 4

// killWait is how long Close waits for the killed sandbox to end.
const killWait = 5 * time.Second

// Limits are a bot's limits in its sandbox: the original's memory cap,
// 2000 MB (rules/alienwarz.md §2), CPU time for its share of 250 turns of
// 3 s, and room for a runtime's threads.
var Limits = sandbox.Limits{Memory: 2000e6, CPU: 15 * time.Minute, Procs: 128}

// Connector makes the "process:PATH" seats of AlienWarz: bot programs.
var Connector = game.Connector{
	Kind:   "process",
	About:  "an AlienWarz bot program as the original referee ran it: PATH is its run.sh, started with bash in its folder; one view line in, one command line out, 3 s per turn",
	Usage:  "process:PATH",
	Serves: func(t game.Title) bool { return t.ID() == alienwarz.Title{}.ID() },
	New: func(_ game.Title, settings string, seat game.Seat, logs string) (game.Player, error) {
		var opt Options
		if logs != "" {
			opt.Stderr = logs + ".stderr.log"
		}
		return Start(settings, seat, opt)
	},
}

// Options adjust a bot process.
type Options struct {
	// Timeout is the time per reply; 0 means Timeout.
	Timeout time.Duration
	// Stderr is the file that gets the bot's stderr; "" means a new file
	// in the temporary folder, whose path is logged.
	Stderr string
}

// Player is a seat played by a bot process. Each turn it writes the view
// (plus "\n") and takes the first line the bot writes back, without its
// "\n", as the command; the engine judges it. What the bot writes outside
// its reply window is discarded: lines already there when a view is sent,
// the rest of a write after the reply, and a reply that comes after the
// timeout (R17). No line in time is the empty command, an invalid action.
// A bot whose process has exited when its turn starts forfeits (R24).
// Its stderr goes to a file; its debug lines ("#mark JSON", "#log TEXT")
// are the turn's marks, given with the reply (marks.go).
type Player struct {
	Seat       game.Seat
	Script     string // the absolute path of run.sh
	StderrPath string // where the bot's stderr goes
	Timeout    time.Duration

	cmd     *exec.Cmd
	stdin   *sandbox.Feed
	chunks  chan []byte   // the bot's stdout as read; closed at its end
	eof     bool          // the bot's stdout has ended
	quit    chan struct{} // closed by Close: stop reading
	exited  chan struct{}
	waitErr error
	stderr  *stderrLog
	owed    int // replies the bot still owes for views it timed out on

	closeOnce sync.Once
	closeErr  error
}

// Start runs the bot script as the original did, with deviations R18: bash
// SCRIPT DIR, in DIR (the script's folder), in a sandbox (net/sandbox)
// where it reads its folder, writes its pid.log and has no network; its
// stderr goes to a file.
func Start(script string, seat game.Seat, opts Options) (*Player, error) {
	script = strings.TrimSpace(script)
	if script == "" {
		return nil, errors.New("process seat: want process:PATH, PATH being the bot's run.sh")
	}
	abs, err := filepath.Abs(script)
	if err != nil {
		return nil, fmt.Errorf("process seat %s: %w", script, err)
	}
	if st, err := os.Stat(abs); err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("process seat: %s is not a bot script (want the path of its run.sh)", script)
	}
	p := &Player{Seat: seat, Script: abs, Timeout: opts.Timeout, chunks: make(chan []byte, 64), quit: make(chan struct{}), exited: make(chan struct{})}
	if p.Timeout <= 0 {
		p.Timeout = Timeout
	}
	var logFile *os.File
	if opts.Stderr != "" {
		logFile, err = os.Create(opts.Stderr)
	} else {
		logFile, err = os.CreateTemp("", fmt.Sprintf("arena-alienwarz-%s-*.stderr.log", strings.ToLower(seat.String())))
	}
	if err != nil {
		return nil, fmt.Errorf("process seat: the bot's stderr log: %w", err)
	}
	p.StderrPath = logFile.Name()
	errR, errW, err := os.Pipe()
	if err != nil {
		logFile.Close()
		return nil, fmt.Errorf("process seat %s: %w", script, err)
	}
	p.stderr = newStderrLog(errR, logFile)
	dir := filepath.Dir(abs)
	p.cmd = exec.Command("bash", abs, dir)
	p.cmd.Dir = dir
	p.cmd.Stderr = errW
	// Plain pipes, not cmd's: Wait must not wait for our reads, so that the
	// bot's end is seen even while its output is read, and the input is
	// fed from its own goroutine (sandbox.Feed), so that a bot that does
	// not read never holds up the match.
	inR, inW, err := os.Pipe()
	if err != nil {
		errW.Close()
		p.stderr.close(killWait)
		return nil, fmt.Errorf("process seat %s: %w", script, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		errW.Close()
		p.stderr.close(killWait)
		return nil, fmt.Errorf("process seat %s: %w", script, err)
	}
	p.cmd.Stdin, p.cmd.Stdout = inR, outW
	err = sandbox.Start(p.cmd, sandbox.Program{Name: "bot " + abs, Dir: dir, Write: []string{"pid.log"}, Limits: Limits})
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		p.stderr.close(killWait)
		return nil, fmt.Errorf("process seat: %w", err)
	}
	p.stdin = sandbox.NewFeed(inW, feedQueue)
	go p.read(outR)
	go func() {
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	slog.Info("bot process started", "seat", seat.String(), "script", abs, "pid", p.cmd.Process.Pid, "stderr", p.StderrPath)
	return p, nil
}

// read passes on the bot's stdout as it comes, chunk by chunk (one read
// each, as the original read it).
func (p *Player) read(r io.ReadCloser) {
	defer close(p.chunks)
	defer r.Close()
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			select {
			case p.chunks <- append([]byte(nil), buf[:n]...):
			case <-p.quit:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// Play sends the view of the observation, a *alienwarz.State, and answers
// the bot's reply: the text up to the first "\n" of the first chunk of
// output that has one (the rest of that chunk is dropped, as the original
// did). Failures are answers, not errors: the empty command (no reply in
// time, or the output ended), or alienwarz.Forfeit when the process has
// exited. The error is ctx's, when it ends first.
func (p *Player) Play(ctx context.Context, obs any) (game.Answer, error) {
	s, ok := obs.(*alienwarz.State)
	if !ok {
		return game.Answer{}, fmt.Errorf("process seat: observation is %T, not a *alienwarz.State", obs)
	}
	if p.eof && p.waitExit() || !p.eof && p.hasExited() {
		return p.forfeit(), nil
	}
	p.drain()
	view := append(s.View(s.ToAct), '\n')
	sent := time.Now()
	// One deadline for the view to go out and the reply to come back.
	deadline := time.NewTimer(p.Timeout)
	defer deadline.Stop()
	if err := p.stdin.Send(view, sent.Add(p.Timeout)); err != nil {
		if errors.Is(err, sandbox.ErrNotReading) {
			return p.fail("", "the bot has not read its views for %v: its turn is lost", p.Timeout), nil
		}
		if p.waitExit() {
			return p.forfeit(), nil
		}
		return p.fail("", "the view cannot be written to the bot: %v", err), nil
	}
	var reply []byte
	for {
		select {
		case chunk, ok := <-p.chunks:
			if !ok {
				p.eof = true
				return p.fail("", "the bot's output ended"), nil
			}
			// Lines that end late replies go first (R17); the reply is the
			// next line, and the rest of its chunk is dropped.
			i := bytes.IndexByte(chunk, '\n')
			for i >= 0 && p.owed > 0 {
				p.owed--
				reply, chunk = reply[:0], chunk[i+1:]
				i = bytes.IndexByte(chunk, '\n')
			}
			if i < 0 {
				if len(reply) < maxLine {
					reply = append(reply, chunk[:min(len(chunk), maxLine-len(reply))]...)
				}
				continue
			}
			reply = append(reply, chunk[:i]...)
			return p.answer(string(reply), fmt.Sprintf("bot process: %d ms", time.Since(sent).Milliseconds())), nil
		case <-deadline.C:
			p.owed++
			return p.fail("", "no reply within %v", p.Timeout), nil
		case <-ctx.Done():
			p.owed++
			return game.Answer{}, ctx.Err()
		}
	}
}

// hasExited reports whether the bot's process has ended.
func (p *Player) hasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// waitExit waits a little for the process to end, once its output or input
// is gone, and reports whether it did.
func (p *Player) waitExit() bool {
	select {
	case <-p.exited:
		return true
	case <-time.After(exitWait):
		return false
	}
}

// forfeit is the answer of a bot whose process has exited (R24).
func (p *Player) forfeit() game.Answer {
	return p.fail(alienwarz.Forfeit, "the bot's process has exited (%s): it forfeits", p.exitStatus())
}

// drain discards what the bot wrote since its last reply; the lines in it
// count as the late replies it owes.
func (p *Player) drain() {
	for {
		select {
		case chunk, ok := <-p.chunks:
			if !ok {
				p.eof = true
				return
			}
			p.owed = max(0, p.owed-bytes.Count(chunk, []byte("\n")))
		default:
			return
		}
	}
}

// answer is the move with its note and the marks the bot wrote for it on
// its stderr.
func (p *Player) answer(move, text string) game.Answer {
	notes := p.stderr.take()
	notes.Text = text
	return game.Answer{Move: move, Notes: &notes}
}

// fail answers move with a note on why, and logs it.
func (p *Player) fail(move, format string, args ...any) game.Answer {
	why := fmt.Sprintf(format, args...)
	slog.Warn("bot process", "seat", p.Seat.String(), "script", p.Script, "why", why, "stderr", p.StderrPath)
	return p.answer(move, "bot process: "+why+" (stderr: "+p.StderrPath+")")
}

// exitStatus is how the process ended.
func (p *Player) exitStatus() string {
	if p.waitErr != nil {
		return p.waitErr.Error()
	}
	return "exit status 0"
}

// Exited is closed when the bot's process has ended.
func (p *Player) Exited() <-chan struct{} { return p.exited }

// Pid is the process id of the bot's sandbox (its launcher), which is
// also its process group's id.
func (p *Player) Pid() int { return p.cmd.Process.Pid }

// Close ends the bot: its whole sandbox is killed, as the original killed
// its process at the end of a game. It waits for the process to end and is safe to
// call more than once.
func (p *Player) Close() error {
	p.closeOnce.Do(func() {
		close(p.quit)
		p.stdin.Close()
		if err := sandbox.Kill(p.cmd); err != nil {
			p.closeErr = fmt.Errorf("kill bot %s: %w", p.Script, err)
		}
		select {
		case <-p.exited:
		case <-time.After(killWait):
			p.closeErr = fmt.Errorf("bot %s (pid %d) did not end after being killed", p.Script, p.Pid())
		}
		if err := p.stderr.close(killWait); err != nil && p.closeErr == nil {
			p.closeErr = err
		}
	})
	return p.closeErr
}
