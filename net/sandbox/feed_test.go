package sandbox

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A program that never reads: Send fails at its deadline instead of
// blocking, every line that went through is whole, and Close returns.
func TestFeedNeverBlocks(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	f := NewFeed(w, 4)
	line := []byte(strings.Repeat("v", 10_000) + "\n")
	var sent int
	var sendErr error
	for range 100 {
		start := time.Now()
		if sendErr = f.Send(line, time.Now().Add(50*time.Millisecond)); sendErr != nil {
			require.Less(t, time.Since(start), time.Second)
			break
		}
		sent++
	}
	require.ErrorIs(t, sendErr, ErrNotReading)
	require.Greater(t, sent, 4, "the pipe's buffer and the queue took some")
	done := make(chan error)
	go func() { done <- f.Close() }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Close blocked on a program that does not read")
	}
	require.Error(t, f.Send(line, time.Now().Add(time.Second)))

	// Once the program goes, Send says so at once.
	r2, w2, _ := os.Pipe()
	f2 := NewFeed(w2, 1)
	r2.Close()
	require.Eventually(t, func() bool {
		err := f2.Send([]byte("x\n"), time.Now().Add(10*time.Millisecond))
		return err != nil && !errors.Is(err, ErrNotReading)
	}, 2*time.Second, 10*time.Millisecond)
	f2.Close()
}
