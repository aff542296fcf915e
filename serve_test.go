//go:build !js

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena-games/arena/render/rendertest"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/net/stream"
	rs "github.com/arena-games/arena/render/santorini"
	"github.com/arena-games/arena/scenes"
)

// serveProcess is `arena serve` running as a process of its own.
type serveProcess struct {
	cmd  *exec.Cmd
	url  string
	logs *strings.Builder
	jury string // the jury token's file, as it says
}

var (
	readyLine = regexp.MustCompile(`^arena serve: (http://127\.0\.0\.1:\d+) \(admin token in (.+)\)$`)
	juryLine  = regexp.MustCompile(`^arena serve: the jury's token, which watches every match live and whole, in (.+)$`)
)

// startServe runs `arena serve` on addr with its data in dir (and the
// flags more), and waits for its line.
func startServe(t *testing.T, bin, addr, dir string, more ...string) *serveProcess {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--data", dir}, more...)...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	logs := &strings.Builder{}
	cmd.Stderr = logs
	require.NoError(t, cmd.Start())
	p := &serveProcess{cmd: cmd, logs: logs}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if t.Failed() {
			t.Logf("arena serve's log:\n%s", logs.String())
		}
	})
	line := make(chan string, 2)
	go func() {
		sc := bufio.NewScanner(out)
		for range 2 {
			if sc.Scan() {
				line <- sc.Text()
			}
		}
		io.Copy(io.Discard, out)
	}()
	for _, want := range []*regexp.Regexp{readyLine, juryLine} {
		select {
		case l := <-line:
			m := want.FindStringSubmatch(l)
			require.NotNil(t, m, "the ready lines: %q", l)
			if want == readyLine {
				require.Equal(t, filepath.Join(dir, "admin-token"), m[2])
				p.url = m[1]
			} else {
				require.Equal(t, filepath.Join(dir, "jury-token"), m[1], "beside the admin token")
				p.jury = m[1]
			}
		case <-time.After(30 * time.Second):
			t.Fatal("arena serve did not say it was ready")
		}
	}
	return p
}

// `arena serve` makes a jury token beside the admin's, readable by its
// owner only; with it (--token-file), `arena info` reads a match that the
// public sees at its end; without it, the server says why not.
func TestServeHasAJuryToken(t *testing.T) {
	dir := t.TempDir()
	srv := startServe(t, arenaBinary(t), "127.0.0.1:0", dir)
	st, err := os.Stat(srv.jury)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	admin, err := os.ReadFile(filepath.Join(dir, "admin-token"))
	require.NoError(t, err)
	client := &stream.Client{Base: srv.url, Admin: strings.TrimSpace(string(admin))}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hidden, err := client.Create(ctx, stream.CreateRequest{Title: "guardains", Seats: []string{"remote", "explorer"}, Seed: 4})
	require.NoError(t, err)
	url := client.MatchURL(hidden.ID)
	code, _, stderr := arena("info", url)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "at its end (the jury's token shows it live)")
	code, stdout, stderr := arena("info", url, "--token-file", srv.jury)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, `"seed":4`)
	bad := filepath.Join(t.TempDir(), "bad-token")
	require.NoError(t, os.WriteFile(bad, []byte("two words\n"), 0o600))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", url, "--token-file", filepath.Join(dir, "nope")}, "--token-file: open"},
		{[]string{"info", url, "--token-file", bad}, "--token-file " + bad + ": expected a token of 16 to 256 characters on one line"},
		{[]string{"replay", filepath.Join(dir, "x.arena"), "--token-file", srv.jury}, "a replay file needs no token"},
		{[]string{"kiosk", dir, "--token-file", srv.jury}, "a folder's replays need no token"},
		{[]string{"serve", "--data", t.TempDir(), "--max-total-conns", "3"}, "--max-total-conns 3: expected 16 or more"},
		{[]string{"serve", "--data", dir, "--jury-token-file", filepath.Join(dir, "admin-token")}, "holds the admin token: the jury's token must be its own"},
	} {
		code, _, stderr := arena(c.args...)
		require.Equal(t, 2, code, c.args)
		require.Contains(t, stderr, c.want, c.args)
	}
}

// serveForTest starts `arena serve` with its data in dir, and returns a
// client with its admin token and a context for the test's requests.
func serveForTest(t *testing.T, bin, dir string) (*serveProcess, *stream.Client, context.Context) {
	t.Helper()
	srv := startServe(t, bin, "127.0.0.1:0", dir)
	token, err := os.ReadFile(filepath.Join(dir, "admin-token"))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	return srv, &stream.Client{Base: srv.url, Admin: strings.TrimSpace(string(token))}, ctx
}

// badgeIsRed reports whether the LIVE badge under the viewer's timeline
// (at 1280x800) is drawn in red: the newest turn is shown.
func badgeIsRed(t *testing.T, path string) bool {
	t.Helper()
	img := rendertest.ReadPNG(t, path)
	red := 0
	for y := 770; y < 798; y++ {
		for x := 620; x < 720; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 180 && g>>8 < 120 && b>>8 < 120 {
				red++
			}
		}
	}
	return red > 300
}

// The server as people run it: a bot match created through the API and
// watched with `arena watch` (LIVE, rewound and back to live); the server
// killed with SIGKILL mid-match and started again: the interrupted match
// keeps its frames, the finished one its replay.
func TestServeWatchKillAndRestart(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	dir := t.TempDir()
	srv, client, ctx := serveForTest(t, bin, dir)

	done, err := client.Create(ctx, stream.CreateRequest{Title: "santorini", Seats: []string{"alphabeta:2", "minimax:2"}, Seed: 3})
	require.NoError(t, err)
	live, err := client.Create(ctx, stream.CreateRequest{Title: "aic21", Seats: []string{"colony", "forager"}, Seed: 5,
		Options: map[string]string{"turns": "2000"}, Pace: "150ms"})
	require.NoError(t, err)
	var finished stream.Info
	require.Eventually(t, func() bool {
		finished, err = client.Match(ctx, done.ID)
		return err == nil && finished.Status == stream.Finished
	}, 60*time.Second, 50*time.Millisecond)
	code, before, stderr := arena("info", client.MatchURL(done.ID))
	require.Equal(t, 0, code, stderr)
	require.Contains(t, before, fmt.Sprintf(`"turns":%d`, finished.Turn))

	w := openWindow(t, bin, "watch", srv.url, "--match", live.ID)
	time.Sleep(2 * time.Second)
	shot := shotPath(t, "serve-live.png")
	w.screenshot(shot)
	require.True(t, badgeIsRed(t, shot), "the LIVE badge, red: the newest turn is shown")
	w.key("Home")
	time.Sleep(500 * time.Millisecond)
	rewound := shotPath(t, "serve-rewound.png")
	w.screenshot(rewound)
	require.False(t, badgeIsRed(t, rewound), "rewound: the badge dims")
	w.key("space")
	time.Sleep(time.Second)
	w.key("space", "End")
	time.Sleep(time.Second)
	back := shotPath(t, "serve-back-live.png")
	w.screenshot(back)
	require.True(t, badgeIsRed(t, back), "End returns to live")

	in, err := client.Match(ctx, live.ID)
	require.NoError(t, err)
	require.Equal(t, stream.Live, in.Status)
	time.Sleep(600 * time.Millisecond) // the record takes its turn twice a second
	in, err = client.Match(ctx, live.ID)
	require.NoError(t, err)
	killedAt := in.Turn
	require.Positive(t, killedAt)
	require.NoError(t, srv.cmd.Process.Signal(syscall.SIGKILL))
	srv.cmd.Wait()
	reconnecting := shotPath(t, "serve-reconnecting.png")
	time.Sleep(time.Second)
	w.screenshot(reconnecting)
	require.False(t, badgeIsRed(t, reconnecting), "the server is gone: the badge says it reconnects")

	addr := strings.TrimPrefix(srv.url, "http://")
	again := startServe(t, bin, addr, dir)
	require.Equal(t, srv.url, again.url)
	in, err = client.Match(ctx, live.ID)
	require.NoError(t, err)
	require.Equal(t, stream.Interrupted, in.Status)
	rec, err := client.Open(ctx, live.ID)
	require.NoError(t, err)
	sum := rec.Summary()
	require.Equal(t, "unfinished", sum.Reason)
	require.GreaterOrEqual(t, sum.Turns, killedAt, "every frame acknowledged before the kill is kept")
	code, after, stderr := arena("info", client.MatchURL(done.ID))
	require.Equal(t, 0, code, stderr)
	require.Equal(t, before, after, "the finished match's replay is as it was")
	parts, _ := filepath.Glob(filepath.Join(dir, "replays", live.ID+".arena.*.part"))
	require.Len(t, parts, 1, "the interrupted match's file is kept under its temporary name")
	partial, err := game.OpenFile(parts[0])
	require.NoError(t, err)
	require.LessOrEqual(t, partial.Summary().Turns, sum.Turns)
	_, err = os.Stat(filepath.Join(dir, "replays", done.ID+".arena"))
	require.NoError(t, err, "the finished match's file")

	// The viewer got its stream back from the restarted server, and the
	// interrupted match's end.
	time.Sleep(3 * time.Second)
	ended := shotPath(t, "serve-ended.png")
	w.screenshot(ended)
	require.False(t, badgeIsRed(t, ended))
}

// A person plays a seat of a server's match from their own window, by
// clicks as at the hotseat: Santorini against the server's alphabeta.
func TestPlayASeatOfAServerMatchInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	dir := t.TempDir()
	srv, client, ctx := serveForTest(t, bin, dir)
	created, err := client.Create(ctx, stream.CreateRequest{Title: "santorini", Seats: []string{"remote", "alphabeta:1"}, Seed: 8, Limit: "120s"})
	require.NoError(t, err)
	w := openWindow(t, bin, "play", "--server", srv.url, "--match", created.ID, "--seat", "1", "--token", created.Seats[0].Token)

	// last is the match as the server has it, once it holds n turns.
	last := func(n int) *santorini.Board {
		var rec *game.Recording
		require.Eventually(t, func() bool {
			rec, err = client.Open(ctx, created.ID)
			return err == nil && rec.Timeline.Len() > n
		}, 60*time.Second, 50*time.Millisecond, "turn %d", n)
		time.Sleep(700 * time.Millisecond) // the window shows it, animated
		return rec.Timeline.Frame(n).State.(*santorini.Board)
	}
	geo := rs.BoardGeometry(scenes.BoardArea(1280, 800, 1), 1)
	clickCell := func(b *santorini.Board, c santorini.Cell) {
		x, y := geo.Center(c, float64(min(b.Height[c], 3)))
		w.click(x, y)
	}
	b := last(0)
	c3, _ := santorini.ParseCell("C3")
	b2, _ := santorini.ParseCell("B2")
	clickCell(b, c3)
	clickCell(b, b2)
	b = last(2)
	rec, err := client.Open(ctx, created.ID)
	require.NoError(t, err)
	require.Equal(t, "C3 B2", rec.Timeline.Frame(1).Moves[0], "placement by two clicks, over the network")
	mv := b.Legal()[len(b.Legal())/2]
	clickCell(b, mv.From)
	clickCell(b, mv.To)
	if !mv.Win {
		clickCell(b, mv.Build)
	}
	last(3)
	rec, err = client.Open(ctx, created.ID)
	require.NoError(t, err)
	require.Equal(t, mv.String(), rec.Timeline.Frame(3).Moves[0], "a move by clicks")
	w.screenshot(shotPath(t, "e2e-remote-santorini.png"))
}
