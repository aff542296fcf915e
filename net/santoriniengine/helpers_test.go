package santoriniengine

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
)

// serveEnv makes this test binary run Serve on stdin and stdout instead of
// the tests: it is Arena's own engine as a real child process (the same
// code `arena santorini engine` runs) without building the whole program.
const serveEnv = "ARENA_ENGINE_TEST_SERVE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(saiFakeEnv); mode != "" {
		os.Exit(fakeSai(mode))
	}
	if os.Getenv(serveEnv) == "1" {
		if err := Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	game.Install(game.Catalog{Titles: []game.Title{santorini.Title{}}, Connectors: []game.Connector{Connector}})
	os.Exit(m.Run())
}

// ownEngine is the command line of Arena's engine as a child process.
func ownEngine(t testing.TB) []string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	return []string{"env", serveEnv + "=1", exe}
}

// Positions of rules/santorini.md.
const (
	zero       = "0000000000000000000000000"
	opening    = zero + "/1/C3,B2/B3,D2" // F4, scenario 16's first position
	seedStart  = zero + "/1/C3,B2/C2,D2" // F3
	empty      = zero + "/1//"
	scenario12 = "0000000000000300002000000/1/D2,A1/E5,A5"
	midgame    = "0000004300331230201000000/1/C3,E1/A5,D2" // F7
	scenario3  = "0000000000100010000000000/1/B3,B2/D3,D2" // F5
)

// transport opens a Client on Arena's engine.
type transport struct {
	name string
	open func(t *testing.T) *Client
}

var transports = []transport{
	{"in-process", pipeEngine},
	{"child process", childEngine},
}

// pipeEngine runs Serve in this process behind a pair of pipes.
func pipeEngine(t *testing.T) *Client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		err := Serve(ctx, inR, outW)
		outW.Close()
		done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("Serve did not return")
		}
	})
	return NewClient(inW, outR)
}

// childEngine runs Arena's engine as a child process.
func childEngine(t *testing.T) *Client {
	p, err := StartProcess(ownEngine(t), "")
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	return p.Client
}

// send writes command lines or fails the test.
func send(t *testing.T, c *Client, lines ...string) {
	t.Helper()
	for _, l := range lines {
		require.NoError(t, c.SendLine(l))
	}
}

// next reads one line within 10 s or fails the test.
func next(t *testing.T, c *Client) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	l, err := c.Line(ctx)
	require.NoError(t, err, "no line from the engine")
	return l
}

// bestmove reads lines up to the bestmove; every line before it must be a
// well-formed info line.
func bestmove(t *testing.T, c *Client) (*BestMove, []*Info) {
	t.Helper()
	var infos []*Info
	for {
		l := next(t, c)
		a, err := ParseAnswer(l)
		require.NoError(t, err, l)
		switch a := a.(type) {
		case *Info:
			require.Equal(t, l, a.String(), "info lines are written as the formatter writes them")
			infos = append(infos, a)
		case *BestMove:
			require.Equal(t, l, a.String(), "bestmove is strict")
			return a, infos
		default:
			t.Fatalf("want info or bestmove, got %q", l)
		}
	}
}

// noMoreBestmove checks that nothing but the answer to a perft 1 follows:
// exactly one bestmove was written.
func noMoreBestmove(t *testing.T, c *Client) {
	t.Helper()
	send(t, c, "perft 1")
	l := next(t, c)
	require.True(t, strings.HasPrefix(l, "perft 1 nodes "), "want only the perft answer, got %q", l)
}

func board(t testing.TB, pos string) santorini.Board {
	t.Helper()
	b, err := santorini.ParsePosition(pos)
	require.NoError(t, err, pos)
	return b
}

// script writes an executable shell script for a fake engine and returns
// its command line.
func script(t *testing.T, body string) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "engine.sh")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755))
	return []string{path}
}
