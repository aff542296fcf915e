//go:build !js

// The arena program end to end: the tests here build it and run it (in a
// window under X, driven by xdotool, where they need one); the commands
// in-process are tested in internal/cli.
package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/cli"
	rsaibg5 "github.com/arena-games/arena/render/aibg5"
	rsaic21 "github.com/arena-games/arena/render/aic21"
	rsaliens "github.com/arena-games/arena/render/alienwarz"
	rsguard "github.com/arena-games/arena/render/guardains"
	"github.com/arena-games/arena/render/rendertest"
	rs "github.com/arena-games/arena/render/santorini"
	"github.com/arena-games/arena/scenes"
)

const fixture = "../shared/fixtures/santorini/game.txt"

// arena runs the command line in-process and returns its exit status and
// output.
func arena(args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	code := cli.Exec(context.Background(), cli.NewEnv(strings.NewReader(""), &out, &errs), args)
	return code, out.String(), errs.String()
}

// desktop skips a test that needs a display and the X tools, or fails it
// under CI=true.
func desktop(t *testing.T) {
	t.Helper()
	missing := ""
	if os.Getenv("DISPLAY") == "" {
		missing = "no DISPLAY"
	}
	for _, tool := range []string{"xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = tool + " not installed"
		}
	}
	if missing == "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("end-to-end test: %s (run under xvfb-run: make test)", missing)
	}
	t.Skipf("end-to-end test: %s", missing)
}

func buildArena(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "arena")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	return bin
}

func TestShotWritesAPicture(t *testing.T) {
	desktop(t)
	gametest.Need(t, fixture)
	bin := buildArena(t)
	png := filepath.Join(t.TempDir(), "shot.png")
	out, err := exec.Command(bin, "shot", fixture, "--turn", "9", "--out", png, "--size", "960x600").CombinedOutput()
	require.NoError(t, err, string(out))
	data, err := os.ReadFile(png)
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(data, []byte("\x89PNG")))
	require.Greater(t, len(data), 50_000, "a drawn frame, not a blank one")
}

// window is the real binary running under X, driven by xdotool.
type window struct {
	t       *testing.T
	cmd     *exec.Cmd
	id      string
	display string
}

func openWindow(t *testing.T, bin string, args ...string) *window {
	t.Helper()
	display := rendertest.Display(t, "1600x1000x24")
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(t, cmd.Start())
	w := &window{t: t, cmd: cmd, display: display}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if t.Failed() {
			t.Logf("arena's output:\n%s", logs.String())
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for w.id == "" {
		out, _ := w.command("xdotool", "search", "--onlyvisible", "--pid", fmt.Sprint(cmd.Process.Pid)).Output()
		if ids := strings.Fields(string(out)); len(ids) > 0 {
			w.id = ids[0]
		}
		require.False(t, time.Now().After(deadline), "no window appeared")
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(700 * time.Millisecond) // the first frames
	return w
}

// waitForReplay reads the replay that Arena writes at path until ready
// accepts its timeline, for up to 20 s, and returns that timeline after
// the step's animation.
func waitForReplay(t *testing.T, path, what string, ready func(tl *game.Timeline) bool) *game.Timeline {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		rec, err := game.OpenFile(livePath(t, path))
		require.NoError(t, err)
		if ready(rec.Timeline) {
			time.Sleep(300 * time.Millisecond)
			return rec.Timeline
		}
		require.False(t, time.Now().After(deadline), "waiting for %s", what)
		time.Sleep(100 * time.Millisecond)
	}
}

// livePath is where the replay of a match at path is while the match runs:
// under its temporary name (game.AtomicFile), or at path once it ended.
func livePath(t *testing.T, path string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(path); err == nil {
			return path
		}
		if parts, _ := filepath.Glob(path + ".*.part"); len(parts) == 1 {
			return parts[0]
		}
		require.False(t, time.Now().After(deadline), "no replay at %s", path)
		time.Sleep(50 * time.Millisecond)
	}
}

// shotPath is where an end-to-end test keeps its screenshot called name:
// in $ARENA_SHOTS when set, else in the test's temporary folder.
func shotPath(t *testing.T, name string) string {
	if dir := os.Getenv("ARENA_SHOTS"); dir != "" {
		return filepath.Join(dir, name)
	}
	return filepath.Join(t.TempDir(), name)
}

// command runs an X tool on the window's display.
func (w *window) command(name string, args ...string) *exec.Cmd {
	c := exec.Command(name, args...)
	c.Env = append(os.Environ(), "DISPLAY="+w.display)
	return c
}

func (w *window) xdotool(args ...string) {
	out, err := w.command("xdotool", args...).CombinedOutput()
	require.NoError(w.t, err, string(out))
}

// click clicks at a point of the window. The game loop reads the input once
// a frame, so buttons and keys are held long enough for a busy machine.
func (w *window) click(x, y float64) {
	w.xdotool("mousemove", "--window", w.id, fmt.Sprint(int(x)), fmt.Sprint(int(y)))
	time.Sleep(60 * time.Millisecond)
	w.xdotool("mousedown", "--window", w.id, "1")
	time.Sleep(150 * time.Millisecond)
	w.xdotool("mouseup", "--window", w.id, "1")
	time.Sleep(100 * time.Millisecond)
}

// key presses keys with the pointer over the window's top bar, which has
// the focus: away from the board and from the edge, which pans the map.
// Each key is held for a few frames, so the game loop sees it.
func (w *window) key(keys ...string) {
	w.xdotool("mousemove", "--window", w.id, "640", "30")
	for _, k := range keys {
		w.xdotool("keydown", "--window", w.id, k)
		time.Sleep(250 * time.Millisecond)
		w.xdotool("keyup", "--window", w.id, k)
		time.Sleep(200 * time.Millisecond)
	}
}

func (w *window) screenshot(path string) {
	out, err := w.command("import", "-window", w.id, path).CombinedOutput()
	require.NoError(w.t, err, string(out))
}

// TestHumanAgainstComputerInTheWindow plays the real binary by mouse and
// keyboard: menu -> set-up -> placement and moves by clicks -> pause menu ->
// back to the menu -> quit; then checks the move file and the replay.
func TestHumanAgainstComputerInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	dir := t.TempDir()
	w := openWindow(t, bin, "--replays", dir)

	// The main menu: down to Santorini's card, open it, Start (a person
	// against alphabeta 3, the set-up's default).
	for _, t := range scenes.MenuTitles() {
		if t.ID() == "santorini" {
			break
		}
		w.key("Down")
	}
	w.key("Return")
	time.Sleep(400 * time.Millisecond)
	w.key("Return")

	geo := rs.BoardGeometry(scenes.BoardArea(1280, 800, 1), 1)
	movesPath := func() string { // under its temporary name while the match runs
		files, _ := filepath.Glob(filepath.Join(dir, "santorini-*.txt"))
		live, _ := filepath.Glob(filepath.Join(dir, "santorini-*.txt.*.part"))
		if files = append(files, live...); len(files) != 1 {
			return ""
		}
		return files[0]
	}
	var g santorini.Game
	read := func() int {
		p := movesPath()
		if p == "" {
			return -1
		}
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		g, err = santorini.ReadMoveFile(p, data)
		require.NoError(t, err)
		return len(g.Turns)
	}
	waitTurns := func(n int) {
		deadline := time.Now().Add(30 * time.Second)
		for read() < n {
			if time.Now().After(deadline) {
				w.screenshot(filepath.Join(os.TempDir(), "e2e-failed.png"))
			}
			require.False(t, time.Now().After(deadline), "waiting for turn %d", n)
			time.Sleep(100 * time.Millisecond)
		}
		time.Sleep(300 * time.Millisecond)
	}
	clickCell := func(c santorini.Cell) {
		b := g.Last()
		x, y := geo.Center(c, float64(min(b.Height[c], 3)))
		w.click(x, y)
	}
	require.Eventually(t, func() bool { return movesPath() != "" }, 10*time.Second, 50*time.Millisecond, "the match starts")
	read()
	c3, _ := santorini.ParseCell("C3")
	b2, _ := santorini.ParseCell("B2")
	clickCell(c3)
	clickCell(b2)
	waitTurns(2)
	require.Equal(t, "C3 B2", g.Turns[0].String(), "placement by two clicks")
	for turn := 0; turn < 3 && g.Last().Phase == santorini.Play; turn++ {
		b := g.Last()
		mv := b.Legal()[len(b.Legal())/2]
		before := len(g.Turns)
		clickCell(mv.From)
		clickCell(mv.To)
		if !mv.Win {
			clickCell(mv.Build)
		}
		waitTurns(before + 1)
		require.Equal(t, mv.String(), g.Turns[before].String(), "move by clicks")
		if g.Last().Phase == santorini.Play {
			waitTurns(before + 2)
		}
	}
	w.screenshot(shotPath(t, "e2e-santorini.png"))

	played := len(g.Turns)
	w.quit()

	replays, _ := filepath.Glob(filepath.Join(dir, "santorini-*.arena"))
	require.Len(t, replays, 1)
	rec, err := game.OpenFile(replays[0])
	require.NoError(t, err)
	require.Equal(t, played, rec.Timeline.Len()-1, "the replay keeps every step played")
	require.Equal(t, []string{"human", "alphabeta:3"}, rec.Header.Seats)
	for i, turn := range g.Turns {
		f := rec.Timeline.Frame(i + 1)
		for _, m := range f.Moves {
			require.Equal(t, turn.String(), m)
		}
	}
	data, _ := os.ReadFile(movesPath())
	require.True(t, strings.HasSuffix(string(data), "\n"))
	require.NotContains(t, string(data), " \n", "the strict writer: no trailing spaces")
}

// BenchmarkStartToFirstMenuFrame is the time from starting the process to
// the first drawn frame of the main menu.
func BenchmarkStartToFirstMenuFrame(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("needs a display")
	}
	bin := filepath.Join(b.TempDir(), "arena")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(b, err, string(out))
	var total float64
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(bin, "--replays", b.TempDir())
		cmd.Env = append(os.Environ(), "ARENA_STARTUP_REPORT=1")
		out, err := cmd.CombinedOutput()
		require.NoError(b, err, string(out))
		var ms float64
		_, err = fmt.Sscanf(string(out[bytes.Index(out, []byte("first frame after")):]), "first frame after %f ms", &ms)
		require.NoError(b, err, string(out))
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "ms/first-frame")
}

// TestAIBGHotseatInTheWindow plays AIBG 5.0 in the real window: a person
// against three greedy bots, one move by mouse and one by keyboard.
func TestAIBGHotseatInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "hotseat.arena")
	w := openWindow(t, bin, "play", "aibg5", "--seats", "human,greedy,greedy,greedy", "--map", "arena", "--seed", "3", "--out", out)
	area := scenes.BoardArea(1280, 800, 1)
	waitForTurn := func(steps int) *aibg5.State {
		tl := waitForReplay(t, out, fmt.Sprintf("step %d", steps), func(tl *game.Timeline) bool {
			return tl.Len() > steps && tl.Last().State.(*aibg5.State).ToMove == 1
		})
		return tl.Last().State.(*aibg5.State)
	}
	s := waitForTurn(0)
	// The match opens on the person's ship at a readable zoom; F shows the
	// whole map, where CellOnScreen finds its cells.
	w.key("f")
	time.Sleep(500 * time.Millisecond)
	// By mouse: the first legal move.
	var move string
	for _, a := range s.Legal(1) {
		if act, _ := aibg5.ParseAction(a); !act.Attack {
			move = a
			break
		}
	}
	require.NotEmpty(t, move)
	act, _ := aibg5.ParseAction(move)
	x, y := rsaibg5.CellOnScreen(area, act.Target)
	w.click(x, y)
	s = waitForTurn(4)
	rec, err := game.OpenFile(livePath(t, out))
	require.NoError(t, err)
	require.Equal(t, move, rec.Timeline.Frame(1).Moves[0], "the click played the move")
	require.Equal(t, act.Target, s.Player(1).Pos)

	// By keyboard: a direction key whose move is legal.
	keys := map[int]string{0: "d", 1: "x", 2: "z", 3: "a", 4: "w", 5: "e"}
	legal := map[string]bool{}
	for _, a := range s.Legal(1) {
		legal[a] = true
	}
	played := ""
	for d := 0; d < 6; d++ {
		if mv := aibg5.Move(s.Player(1).Pos.Neighbour(d)); legal[mv] {
			w.key(keys[d])
			played = mv
			break
		}
	}
	require.NotEmpty(t, played)
	waitForTurn(8)
	rec, err = game.OpenFile(livePath(t, out))
	require.NoError(t, err)
	require.Equal(t, played, rec.Timeline.Frame(5).Moves[0], "the key played the move")

	w.screenshot(shotPath(t, "e2e-aibg5.png"))
	w.quit()
}

// TestAlienWarzHotseatInTheWindow plays AlienWarz in the real window: a
// person moves by clicking a lit cell, then rests with the panel's button.
func TestAlienWarzHotseatInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	out := filepath.Join(t.TempDir(), "aliens.arena")
	w := openWindow(t, bin, "play", "alienwarz", "--seats", "human,miner", "--seed", "3", "--out", out)
	area := scenes.BoardArea(1280, 800, 1)
	waitForTurn := func(steps int) *alienwarz.State {
		tl := waitForReplay(t, out, fmt.Sprintf("step %d", steps), func(tl *game.Timeline) bool {
			return tl.Len() > steps && tl.Last().State.(*alienwarz.State).ToAct == 1
		})
		return tl.Last().State.(*alienwarz.State)
	}
	s := waitForTurn(0)
	dest := s.Moves(1)[0]
	x, y := rsaliens.CellOnScreen(area, 1, dest)
	w.click(x, y)
	s = waitForTurn(2)
	require.Equal(t, dest, s.Player(1).Pos, "the click moved the alien")
	r := rsaliens.RestButton(area, 1)
	w.click(float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	waitForTurn(4)
	rec, err := game.OpenFile(livePath(t, out))
	require.NoError(t, err)
	require.Equal(t, "rest", rec.Timeline.Frame(3).Moves[0], "the panel's Rest button")
	moves, err := os.ReadFile(livePath(t, game.TranscriptPath(out, ".txt")))
	require.NoError(t, err)
	require.Contains(t, string(moves), "ACTION: REST", "the game log beside the replay, in the original's shape")

	w.screenshot(shotPath(t, "e2e-alienwarz.png"))
	w.quit()
}

// TestGuardAInsHotseatInTheWindow plays a round of GuardAIns between two
// people at one machine: player 1 picks Rocket, clicks a lit cell and
// presses Ready; a curtain hides the board until player 2 clicks; player 2
// holds; the round resolves with both orders.
func TestGuardAInsHotseatInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	out := filepath.Join(t.TempDir(), "guardians.arena")
	w := openWindow(t, bin, "play", "guardains", "--seats", "human,human", "--map", "open10", "--seed", "3", "--out", out)
	area := scenes.BoardArea(1280, 800, 1)
	rec, err := game.OpenFile(livePath(t, out))
	require.NoError(t, err)
	s := rec.Timeline.Last().State.(*guardains.State)
	press := func(label string) {
		r := rsguard.OrderButton(area, 1, s, label)
		require.False(t, r.Empty(), label)
		w.click(float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	}
	// The match opens on player 1's guardians at a readable zoom; F shows
	// the whole maze, where CellOnScreen finds its cells.
	w.key("f")
	time.Sleep(500 * time.Millisecond)
	press("Rocket")
	rocket := s.Guardian(1, guardains.Rocket)
	var dest guardains.Cell
	for _, c := range s.Moves(1, guardains.Rocket) {
		if c != rocket.Pos {
			dest = c
		}
	}
	w.click(rsguard.CellOnScreen(area, 1, s, dest))
	w.screenshot(shotPath(t, "e2e-guardains-orders.png"))
	press("Ready")
	w.click(640, 400) // player 2 takes the controls
	press("Hold")
	w.key("Return") // a hold waits for Ready, as any order; Enter sends it
	f := waitForReplay(t, out, "the round", func(tl *game.Timeline) bool { return tl.Len() > 1 }).Frame(1)
	a, err := guardains.ParseAction(f.Moves[0], s.W(), s.H(), false, 1, 0)
	require.NoError(t, err)
	require.Equal(t, guardains.Rocket, a.Hero)
	require.Equal(t, dest, a.Target)
	require.Equal(t, dest, f.State.(*guardains.State).Guardian(1, guardains.Rocket).Pos, "Rocket went where player 1 clicked")
	b, err := guardains.ParseAction(f.Moves[1], s.W(), s.H(), false, 2, 0)
	require.NoError(t, err)
	require.Equal(t, guardains.Move, b.Type)
	time.Sleep(time.Second) // the round's animation
	w.screenshot(shotPath(t, "e2e-guardains.png"))
	w.quit()
}

// TestAIC21HotseatInTheWindow commands a colony in the real window: Tab
// picks a unit, the right arrow sends it right (and does not step the
// viewer), End turn sends the orders; the other units follow the colony
// bot.
func TestAIC21HotseatInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	out := filepath.Join(t.TempDir(), "ants.arena")
	w := openWindow(t, bin, "play", "aic21", "--seats", "human,forager", "--seed", "2", "--out", out)
	area := scenes.BoardArea(1280, 800, 1)
	w.key("Tab", "Right")
	r := rsaic21.EndTurnButton(area, 1)
	w.click(float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2)
	tl := waitForReplay(t, out, "the turn", func(tl *game.Timeline) bool { return tl.Len() > 1 })
	moves, err := aic21.ParseUnitMoves(tl.Frame(1).Moves[0])
	require.NoError(t, err)
	start := tl.Frame(0).State.(*aic21.State)
	first := -1
	for _, u := range start.Units {
		if u.Colony == 0 {
			first = u.ID
			break
		}
	}
	found := false
	for _, m := range moves {
		if m.Unit == first {
			found = true
			require.Equal(t, aic21.Right, m.Dir, "the unit Tab picked goes right")
		}
	}
	require.True(t, found, "an order for unit %d in %q", first, tl.Frame(1).Moves[0])

	w.screenshot(shotPath(t, "e2e-aic21.png"))
	w.quit()
}

// quit leaves the viewer through the pause menu and quits from the main
// menu, and checks that Arena ends cleanly.
func (w *window) quit() {
	w.key("Escape", "Up", "Return") // the pause menu's last button: back to the menu
	// The menu: Esc quits; the window is gone before the key is let go.
	w.xdotool("keydown", "--window", w.id, "Escape")
	time.Sleep(250 * time.Millisecond)
	w.command("xdotool", "keyup", "--window", w.id, "Escape").Run()
	done := make(chan error, 1)
	go func() { done <- w.cmd.Wait() }()
	select {
	case err := <-done:
		require.NoError(w.t, err, "arena quits cleanly")
	case <-time.After(10 * time.Second):
		w.t.Fatal("arena did not quit")
	}
}

// arena gif writes a clip of any replay as an animated GIF that decodes,
// reports its size, and refuses to write over its input.
func TestGIFCommand(t *testing.T) {
	desktop(t)
	gametest.Need(t, fixture)
	bin := buildArena(t)
	out := filepath.Join(t.TempDir(), "clip.gif")
	stdout, err := exec.Command(bin, "gif", fixture, "--from", "2", "--to", "8", "--out", out, "--size", "480x300", "--speed", "8").CombinedOutput()
	require.NoError(t, err, string(stdout))
	require.Contains(t, string(stdout), "wrote "+out+": turns 2 to 8")
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	g, err := gif.DecodeAll(f)
	require.NoError(t, err)
	require.Equal(t, 480, g.Config.Width)
	require.GreaterOrEqual(t, len(g.Image), 4, "a picture a turn, where something changed")

	mp4 := filepath.Join(t.TempDir(), "clip.mp4")
	noFFmpeg := exec.Command(bin, "gif", fixture, "--out", mp4)
	noFFmpeg.Env = append(os.Environ(), "PATH="+t.TempDir())
	stdout, err = noFFmpeg.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(stdout), "needs ffmpeg, which is not installed")
	_, statErr := os.Stat(mp4)
	require.True(t, os.IsNotExist(statErr), "no file left behind")

	if _, err := exec.LookPath("ffprobe"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("ffmpeg is missing: make test installs it")
		}
		t.Skip("ffmpeg is not installed (make test installs it)")
	}
	stdout, err = exec.Command(bin, "gif", fixture, "--from", "2", "--to", "8", "--out", mp4, "--size", "480x300").CombinedOutput()
	require.NoError(t, err, string(stdout))
	probe, err := exec.Command("ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames",
		"-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", mp4).Output()
	require.NoError(t, err)
	f2 := strings.Split(strings.TrimSpace(string(probe)), ",")
	require.Len(t, f2, 4, string(probe))
	require.Equal(t, []string{"h264", "480", "300"}, f2[:3], "an H.264 film at the size asked")
	frames, _ := strconv.Atoi(f2[3])
	require.Greater(t, frames, 10, "a film of turns 2 to 8")
}

// TestViewerKeysInTheWindow drives the viewer's new keys in the real
// window: N goes to an event, H hides the side panel, D turns the director
// on, E writes the clip marked with I and O as a GIF into the replay
// folder.
func TestViewerKeysInTheWindow(t *testing.T) {
	desktop(t)
	bin := buildArena(t)
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	t.Setenv("XDG_CONFIG_HOME", dir)
	replay := filepath.Join(dir, "ants.arena")
	code, _, stderr := arena("run", "aic21", "--seats", "colony,forager", "--turns", "60", "--seed", "4", "--out", replay)
	require.Equal(t, 0, code, stderr)
	w := openWindow(t, bin, "replay", replay, "--turn", "0")
	before := shotPath(t, "e2e-viewer-before.png")
	w.screenshot(before)
	w.key("n")
	w.key("h")
	hidden := shotPath(t, "e2e-viewer-hidden.png")
	w.screenshot(hidden)
	a, b := rendertest.ReadPNG(t, before), rendertest.ReadPNG(t, hidden)
	mean, _ := rendertest.Compare(a, b)
	require.Greater(t, mean, 2.0, "H changes the screen: the map takes the side panel's room")
	w.key("h", "d", "i", "Right", "Right", "Right", "o", "e")
	var gifs []string
	require.Eventually(t, func() bool {
		gifs, _ = filepath.Glob(filepath.Join(dir, "arena", "replays", "aic21-*.gif"))
		return len(gifs) == 1
	}, 60*time.Second, 200*time.Millisecond, "E writes the clip")
	time.Sleep(500 * time.Millisecond)
	f, err := os.Open(gifs[0])
	require.NoError(t, err)
	defer f.Close()
	g, err := gif.DecodeAll(f)
	require.NoError(t, err)
	require.Equal(t, 800, g.Config.Width)
	require.GreaterOrEqual(t, len(g.Image), 2)
	w.screenshot(shotPath(t, "e2e-viewer-exported.png"))
	w.quit()
}

// BenchmarkKioskMemory runs `arena kiosk` on a folder of replays of every
// game (and a file it cannot read) with short cards at 64x, and compares
// the memory it logs after 100 games with the memory after 10: the kiosk
// runs for hours, and its memory must stay flat (the target:
// within 10%).
func BenchmarkKioskMemory(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("needs a display")
	}
	dir := b.TempDir()
	for _, g := range [][]string{
		{"run", "aic21", "--seats", "colony,forager", "--turns", "30"},
		{"run", "guardains", "--seats", "hunter,explorer", "--map", "maze:80x80", "--turns", "30"},
		{"run", "aibg5", "--seats", "tactical,greedy,greedy,greedy", "--turns", "8"},
		{"run", "alienwarz", "--seats", "strategist,miner", "--turns", "30"},
		{"run", "santorini", "--seats", "alphabeta:2,minimax:2"},
	} {
		code, _, stderr := arena(append(g, "--out", filepath.Join(dir, g[1]+".arena"))...)
		require.Equal(b, 0, code, stderr)
	}
	require.NoError(b, os.WriteFile(filepath.Join(dir, "unreadable.bin"), []byte("junk"), 0o644))
	bin := filepath.Join(b.TempDir(), "arena")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(b, err, string(out))
	for range b.N {
		cmd := exec.Command(bin, "kiosk", dir, "--speed", "64", "--cards", "0.02", "--windowed")
		cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+b.TempDir())
		stderr, err := cmd.StderrPipe()
		require.NoError(b, err)
		require.NoError(b, cmd.Start())
		rss := map[int]float64{}
		lines := bufio.NewScanner(stderr)
		for lines.Scan() && rss[100] == 0 {
			l := lines.Text()
			var games int
			var mb float64
			if i := strings.Index(l, "show: memory"); i >= 0 {
				fmt.Sscanf(l[strings.Index(l, "games="):], "games=%d", &games)
				fmt.Sscanf(l[strings.Index(l, "rss_mb=")+len("rss_mb="):], "%f", &mb)
				rss[games] = mb
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		require.NotZero(b, rss[100], "the kiosk logs its memory every ten games")
		b.ReportMetric(rss[10], "MB-after-10")
		b.ReportMetric(rss[100], "MB-after-100")
		b.ReportMetric(rss[100]/rss[10], "after-100/after-10")
	}
}
