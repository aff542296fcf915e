package botproc

import (
	"bytes"
	"errors"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/net/sandbox"
)

// maxPipe is the most a pipe holds (Linux's /proc/sys/fs/pipe-max-size).
const maxPipe = 1 << 20

// stderrLog reads a bot's stderr as it comes: it copies it to the log
// file and keeps the marks of the turn under way. Its debug lines
// (game.Notes.AddLine: "#mark JSON", "#log TEXT"), which the original
// referee never read during play, are the marks of the turn the bot is
// thinking about: those read since its last reply go with its next one.
type stderrLog struct {
	pipe *os.File
	file *os.File

	mu      sync.Mutex // held while reading the pipe and taking the marks
	line    []byte     // the line being read, up to maxLine
	long    bool       // the line being read is longer than maxLine
	pending game.Notes // the marks since the last reply
	logged  int64      // bytes written to the log file
	done    chan struct{}
}

// maxLog is the most of a bot's stderr its log file keeps: what the bot
// itself could write to a file in the sandbox (RLIMIT_FSIZE), as it did
// when its stderr was that file.
var maxLog = sandbox.DefaultLimits.FileSize

// logCut ends a log file cut at maxLog.
const logCut = "\n[arena: the rest of the bot's stderr is not kept: more than its file size limit]\n"

func newStderrLog(pipe, file *os.File) *stderrLog {
	l := &stderrLog{pipe: pipe, file: file, done: make(chan struct{})}
	go l.read()
	return l
}

// read copies the pipe until it ends. It reads under mu, so that take can
// stop it between two reads and empty the pipe itself.
func (l *stderrLog) read() {
	defer close(l.done)
	defer l.pipe.Close()
	buf := make([]byte, 4096)
	for {
		l.mu.Lock()
		n, err := l.pipe.Read(buf)
		l.scan(buf[:n])
		l.mu.Unlock()
		if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			return
		}
	}
}

// scan writes a chunk to the log file and takes the marks of its lines.
func (l *stderrLog) scan(chunk []byte) {
	if len(chunk) == 0 {
		return
	}
	if l.logged < maxLog {
		keep := chunk[:min(int64(len(chunk)), maxLog-l.logged)]
		l.file.Write(keep)
		l.logged += int64(len(keep))
		if l.logged == maxLog {
			l.file.WriteString(logCut)
		}
	}
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		part := chunk
		if i >= 0 {
			part = chunk[:i]
		}
		if !l.long {
			if len(l.line)+len(part) > maxLine {
				l.long = true
			} else {
				l.line = append(l.line, part...)
			}
		}
		if i < 0 {
			return
		}
		l.endLine()
		chunk = chunk[i+1:]
	}
}

// endLine takes the line just read, when it is a mark's or a log's.
func (l *stderrLog) endLine() {
	line, long := l.line, l.long
	l.line, l.long = l.line[:0], false
	if long && game.IsDebugLine(line) {
		l.cut("a debug line longer than 64 KiB")
	} else if !long {
		l.pending.AddLine(line)
	}
}

func (l *stderrLog) cut(why string) {
	if l.pending.Cut == 0 {
		l.pending.CutWhy = why
	}
	l.pending.Cut++
}

// take hands over the marks since the last reply. It first reads what
// the bot wrote to its stderr before its reply and is still in the pipe:
// it wakes the reader, holds it, and empties the pipe without waiting.
func (l *stderrLog) take() game.Notes {
	select {
	case <-l.done:
	default:
		l.pipe.SetReadDeadline(time.Now())
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-l.done:
	default:
		l.pipe.SetReadDeadline(time.Time{})
		if raw, err := l.pipe.SyscallConn(); err == nil {
			buf := make([]byte, 4096)
			raw.Read(func(fd uintptr) bool {
				// What is in the pipe, at most what a pipe holds: a bot
				// that writes on does not hold its turn's answer.
				for read := 0; read < maxPipe; {
					n, err := syscall.Read(int(fd), buf)
					if n <= 0 || err != nil {
						break
					}
					l.scan(buf[:n])
					read += n
				}
				return true
			})
		}
	}
	n := l.pending
	l.pending = game.Notes{}
	return n
}

// close waits a little for the pipe's end (the bot's) and closes the log file.
func (l *stderrLog) close(within time.Duration) error {
	select {
	case <-l.done:
	case <-time.After(within):
		l.pipe.Close()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.file.Close()
}
