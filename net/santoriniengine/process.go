package santoriniengine

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/net/sandbox"
)

// quitGrace is how long a process has to end after `quit` before it is
// killed, with its whole sandbox.
const quitGrace = time.Second

// Limits are an engine's limits in its sandbox: memory for large tables,
// CPU time for a long game at a long time per move, and room for threads.
var Limits = sandbox.Limits{Memory: 2 << 30, CPU: time.Hour, Procs: 128}

// stderrTail is how much of a process's stderr is kept for error messages.
const stderrTail = 2048

// Process is an external engine running as a child process in a sandbox
// (net/sandbox) without network: commands go to its stdin, answers come from its stdout
// (through the embedded Client), and its stderr is logged with log/slog
// (level Info) and its end kept for error messages.
type Process struct {
	*Client
	Args []string // the command and its arguments

	cmd     *exec.Cmd
	exited  chan struct{} // closed when the process has ended
	waitErr error         // how it ended; set before exited is closed

	tailMu     sync.Mutex
	tail       []byte
	stderrDone chan struct{} // closed at the end of stderr

	closeOnce sync.Once
	closeErr  error
}

// StartProcess starts the engine args[0] with the arguments args[1:]; its
// stderr is also written to the file stderrLog unless that is "".
func StartProcess(args []string, stderrLog string) (*Process, error) {
	if len(args) == 0 || args[0] == "" {
		return nil, errors.New("engine: no command to run")
	}
	var logFile *os.File
	if stderrLog != "" {
		f, err := os.Create(stderrLog)
		if err != nil {
			return nil, fmt.Errorf("engine %s: stderr log: %w", args[0], err)
		}
		logFile = f
	}
	cmd := exec.Command(args[0], args[1:]...)
	// Plain pipes, not cmd's: Wait must not wait for our reads, so that an
	// engine's end is seen even while its output is being read, and the
	// input is fed from its own goroutine (Client).
	var pipes [6]*os.File // in, out, err: read and write ends
	for i := 0; i < 6; i += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			for _, f := range pipes[:i] {
				f.Close()
			}
			if logFile != nil {
				logFile.Close()
			}
			return nil, fmt.Errorf("engine %s: %w", args[0], err)
		}
		pipes[i], pipes[i+1] = r, w
	}
	inR, inW, outR, outW, errR, errW := pipes[0], pipes[1], pipes[2], pipes[3], pipes[4], pipes[5]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err := sandbox.Start(cmd, sandbox.Program{Name: "engine " + args[0], Limits: Limits})
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		if logFile != nil {
			logFile.Close()
		}
		return nil, fmt.Errorf("start engine %q: %w", strings.Join(args, " "), err)
	}
	p := &Process{Client: NewClient(inW, outR), Args: args, cmd: cmd, exited: make(chan struct{}), stderrDone: make(chan struct{})}
	go p.logStderr(errR, logFile)
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// logStderr logs the engine's stderr line by line, to the file too when
// there is one, and keeps its end.
func (p *Process) logStderr(r io.ReadCloser, file *os.File) {
	defer close(p.stderrDone)
	defer r.Close()
	if file != nil {
		defer file.Close()
	}
	lr := newLineReader(r)
	for {
		line, err := lr.next()
		if errors.Is(err, errLongLine) {
			line = fmt.Sprintf("(a line longer than %d bytes, dropped)", MaxLine)
		} else if err != nil {
			return
		}
		slog.Info("engine stderr", "engine", p.Args[0], "pid", p.Pid(), "line", line)
		if file != nil {
			fmt.Fprintln(file, line)
		}
		p.tailMu.Lock()
		p.tail = append(p.tail, line...)
		p.tail = append(p.tail, '\n')
		if len(p.tail) > stderrTail {
			p.tail = append([]byte(nil), p.tail[len(p.tail)-stderrTail:]...)
		}
		p.tailMu.Unlock()
	}
}

// Pid is the process id of the engine's sandbox (its launcher), which
// is also its process group's id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Exited is closed when the process has ended.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// ExitErr is how the process ended, once Exited is closed: nil for exit
// status 0, else an *exec.ExitError.
func (p *Process) ExitErr() error {
	select {
	case <-p.exited:
		return p.waitErr
	default:
		return nil
	}
}

// Stderr is the end of what the process wrote to stderr.
func (p *Process) Stderr() string {
	p.tailMu.Lock()
	defer p.tailMu.Unlock()
	return strings.TrimSpace(string(p.tail))
}

// Close sends quit, closes the engine's stdin, and kills the process and
// its whole sandbox if it still runs 1 s later (what it left running, at
// once). It waits for the process to end and is safe to call more than
// once.
func (p *Process) Close() error {
	p.closeOnce.Do(func() {
		p.SendLine(CmdQuit)
		p.CloseInput()
		select {
		case <-p.exited:
			sandbox.Kill(p.cmd)
			return
		case <-time.After(quitGrace):
		}
		if err := sandbox.Kill(p.cmd); err != nil {
			p.closeErr = fmt.Errorf("kill engine %s: %w", p.Args[0], err)
		}
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
			p.closeErr = fmt.Errorf("engine %s (pid %d) did not end after being killed", p.Args[0], p.Pid())
		}
	})
	return p.closeErr
}

// SplitCommand splits a command line into its words, as a shell does for
// the simple cases: words are separated by spaces (or tabs), and double
// quotes group words with spaces ("my engine" --book "a b.txt"). There are
// no other escapes.
func SplitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case (r == ' ' || r == '\t') && !quoted:
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("command %q: a double quote is not closed", s)
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 {
		return nil, errors.New("the command is empty")
	}
	return words, nil
}
