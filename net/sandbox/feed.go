package sandbox

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// ErrNotReading is the error of a Send that found no room before its
// deadline: the program has not read its input for that long.
var ErrNotReading = errors.New("the program does not read its input")

// Feed writes lines to a program's input from a goroutine of its own, so
// that a program that stops reading never blocks its caller: each line goes
// to the pipe whole, in order, and Send waits for room in the queue only
// until its deadline.
type Feed struct {
	w     io.WriteCloser
	lines chan []byte
	quit  chan struct{} // closed by Close
	done  chan struct{} // closed when the writer has stopped
	once  sync.Once

	mu  sync.Mutex
	err error // why writing stopped
}

// NewFeed feeds w; queue is how many lines may wait for the program.
func NewFeed(w io.WriteCloser, queue int) *Feed {
	f := &Feed{w: w, lines: make(chan []byte, queue), quit: make(chan struct{}), done: make(chan struct{})}
	go f.write()
	return f
}

// write writes the queued lines until Close, then what is still queued.
func (f *Feed) write() {
	defer close(f.done)
	for {
		var line []byte
		select {
		case line = <-f.lines:
		case <-f.quit:
			select {
			case line = <-f.lines:
			default:
				return
			}
		}
		if _, err := f.w.Write(line); err != nil {
			f.mu.Lock()
			f.err = err
			f.mu.Unlock()
			return
		}
	}
}

// Send queues one line (the caller adds its "\n") for the program, waiting
// until deadline for room. It fails once writing to the program has failed
// (the program ended), with ErrNotReading when the deadline comes first, and
// after Close.
func (f *Feed) Send(line []byte, deadline time.Time) error {
	line = append([]byte(nil), line...)
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case <-f.done:
		return f.failed()
	case <-f.quit:
		return errors.New("write to the program: its input is closed")
	default:
	}
	select {
	case f.lines <- line:
		return nil
	case <-f.done:
		return f.failed()
	case <-f.quit:
		return errors.New("write to the program: its input is closed")
	case <-t.C:
		return ErrNotReading
	}
}

// failed is why writing stopped.
func (f *Feed) failed() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		return errors.New("write to the program: its input is closed")
	}
	return fmt.Errorf("write to the program: %w", f.err)
}

// Close writes what is queued, for as long as the program reads it within
// a moment, and closes the program's input. It is safe to call more than
// once.
func (f *Feed) Close() error {
	var err error
	f.once.Do(func() {
		close(f.quit)
		select {
		case <-f.done:
		case <-time.After(100 * time.Millisecond):
		}
		err = f.w.Close() // also ends a write the program does not read
		<-f.done
	})
	return err
}
