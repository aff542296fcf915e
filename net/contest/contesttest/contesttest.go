// Package contesttest helps the tests of the contest protocol servers:
// matches with contest seats run in the background, bots written in
// Python run with Debian's interpreter and packages, and a finished
// match's replay is checked against a local replay of its moves.
package contesttest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// Python is the Debian interpreter with the given modules, such as
// "requests" or "socketio". Without them the test is skipped, except
// under CI=true (where `make test` installs them), where it fails.
func Python(t testing.TB, modules ...string) string {
	t.Helper()
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		if py, err = exec.LookPath("python3"); err != nil {
			missing(t, "python3 is not installed")
		}
	}
	for _, m := range modules {
		if out, err := exec.Command(py, "-c", "import "+m).CombinedOutput(); err != nil {
			missing(t, "python3 has no module "+m+" (Debian: python3-"+m+"; make test installs it): "+string(out))
		}
	}
	return py
}

func missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// Match is a match with contest seats, running in the background.
type Match struct {
	// Lines are the lines that say how to connect.
	Lines chan string
	// Out is the replay.
	Out     string
	started chan struct{} // closed when the match runs
	done    chan struct{}
	m       *game.Match
	res     game.Result
	err     error
}

// Start sets a match up and plays it in the background: the set-up waits
// for the contest seats, which the test connects once it has read where
// from Lines. The replay goes to a temporary folder unless st.Out is set.
func Start(t testing.TB, st game.Setup) *Match {
	t.Helper()
	if st.Out == "" {
		st.Out = filepath.Join(t.TempDir(), "match.arena")
	}
	if st.Contest.Listen == "" {
		st.Contest.Listen = "127.0.0.1:0"
	}
	m := &Match{Lines: make(chan string, 64), Out: st.Out, started: make(chan struct{}), done: make(chan struct{})}
	st.Contest.Announce = func(line string) {
		select {
		case m.Lines <- line:
		default:
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	go func() {
		defer close(m.done)
		defer cancel()
		match, closeFiles, err := st.StartContext(ctx)
		if err != nil {
			m.err = err
			return
		}
		m.m = match
		close(m.started)
		m.res, m.err = match.Run(ctx)
		if err := closeFiles(); m.err == nil {
			m.err = err
		}
	}()
	return m
}

var addrRE = regexp.MustCompile(`(127\.0\.0\.1):(\d+)`)

// Beyond is a --listen address beyond loopback: an IPv4 address of this
// machine that is not a loopback one, on any free port. Without one the
// test is skipped (the unit tests of contest.Loopback still decide the
// case).
func Beyond(t testing.TB) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	require.NoError(t, err)
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return net.JoinHostPort(n.IP.String(), "0")
		}
	}
	t.Skip("this machine has no IPv4 address beyond loopback to listen on")
	return ""
}

// Line is the next connect line, within 20 s.
func (m *Match) Line(t testing.TB) string {
	t.Helper()
	select {
	case line := <-m.Lines:
		return line
	case <-m.done:
		t.Fatalf("the match ended before it listened: %v", m.err)
	case <-time.After(20 * time.Second):
		t.Fatal("the match did not listen within 20 s")
	}
	return ""
}

// Addr is the host:port of the next connect line.
func (m *Match) Addr(t testing.TB) string {
	t.Helper()
	return AddrOf(t, m.Line(t))
}

// AddrOf is the host:port of a connect line.
func AddrOf(t testing.TB, line string) string {
	t.Helper()
	a := addrRE.FindString(line)
	require.NotEmpty(t, a, "no address in %q", line)
	return a
}

// Running waits for the seats to join and returns the match, running.
func (m *Match) Running(t testing.TB) *game.Match {
	t.Helper()
	select {
	case <-m.started:
		return m.m
	case <-m.done:
		t.Fatalf("the match did not start: %v", m.err)
	}
	return nil
}

// Wait waits for the match to end, within limit, and returns it and its
// result.
func (m *Match) Wait(t testing.TB, limit time.Duration) (*game.Match, game.Result, error) {
	t.Helper()
	select {
	case <-m.done:
	case <-time.After(limit):
		t.Fatalf("the match did not end within %v", limit)
	}
	return m.m, m.res, m.err
}

// SameAsLocal opens a finished match's replay, which re-plays its moves
// on a fresh engine, and checks that it ends as the match did; then plays
// the moves once more step by step and checks the result again.
func SameAsLocal(t testing.TB, path string, want game.Result) *game.Recording {
	t.Helper()
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	got, over := rec.Result()
	require.True(t, over, "the replay's game is not over")
	require.Equal(t, want, got)
	eng, err := rec.Title.New(rec.Header.Config)
	require.NoError(t, err)
	for i := 1; i < rec.Timeline.Len(); i++ {
		require.NoError(t, eng.Step(rec.Timeline.Frame(i).Moves), "step %d", i)
	}
	require.True(t, eng.Over())
	require.Equal(t, want, eng.Result())
	return rec
}

// SeatNotes opens a replay and returns the notes of seat's moves, step by
// step: what its bot sent beside them, debug marks and all.
func SeatNotes(t testing.TB, path string, seat game.Seat) []game.Notes {
	t.Helper()
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	var notes []game.Notes
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if _, ok := f.Moves[seat]; ok {
			notes = append(notes, f.Notes[seat])
		}
	}
	return notes
}

// DocExample writes the starter bot that docs/debug-drawing.md shows
// under its "<!-- example: NAME -->" into a new folder, as file, and
// returns its path: the tests run the examples as the docs write them.
func DocExample(t testing.TB, name, file string) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no go.mod above the test's folder")
		dir = parent
	}
	doc, err := os.ReadFile(filepath.Join(dir, "docs", "debug-drawing.md"))
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(doc), fmt.Sprintf("<!-- example: %s -->\n```", name))
	require.True(t, ok, "docs/debug-drawing.md has no example %q", name)
	_, rest, _ = strings.Cut(rest, "\n")
	code, _, ok := strings.Cut(rest, "\n```\n")
	require.True(t, ok, "the example %q has no end", name)
	path := filepath.Join(t.TempDir(), file)
	require.NoError(t, os.WriteFile(path, []byte(code+"\n"), 0o755))
	return path
}

// RunBot starts a bot's program, its output going to a log that the test
// shows when it fails; the program is killed when the test ends.
func RunBot(t testing.TB, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	out, err := os.Create(filepath.Join(t.TempDir(), "bot.log"))
	require.NoError(t, err)
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		out.Close()
		if t.Failed() {
			log, _ := os.ReadFile(out.Name())
			t.Logf("the bot printed:\n%s", log)
		}
	})
}
