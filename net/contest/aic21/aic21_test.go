package aic21

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	ants "github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/gametest"
	levels "github.com/arena-games/arena/levels/aic21"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// title is AIC21 with Arena's maps, as arena plays it.
var title = ants.Title{Shelf: levels.Shelf}

// TestMain installs the title and its contest, as arena does.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{title}, Contests: []game.Contest{Contest}})
	os.Exit(m.Run())
}

const fixtures = "../../../../shared/fixtures/aic21"

// wireUnit is one client process of the fixture's run 2: the frames the
// original server sent it, and the frames it answered to each.
type wireUnit struct {
	sent    []string
	answers [][]string
}

// readWire reads wire_frames.tar.gz: one file per process, named by its
// pid; processes were spawned one at a time, so the pids' order is the
// units' ids.
func readWire(t *testing.T) []wireUnit {
	names, files := gametest.TarGz(t, filepath.Join(fixtures, "wire_frames.tar.gz"))
	units := make([]wireUnit, len(names))
	for k, n := range names {
		u := &units[k]
		for _, line := range strings.Split(strings.TrimRight(files[n], "\n"), "\n") {
			dir, frame, _ := strings.Cut(line, " ")
			switch {
			case dir == "S2C":
				u.sent = append(u.sent, frame)
				u.answers = append(u.answers, nil)
			case dir == "C2S" && len(u.sent) > 0:
				u.answers[len(u.answers)-1] = append(u.answers[len(u.answers)-1], frame)
			}
		}
	}
	return units
}

// waitingRE reads the line that asks for a unit started by hand: its id,
// its colony, its token.
var waitingRE = regexp.MustCompile(`waiting for unit (\d+) of colony (\d) .* AICToken=([0-9a-f]{32})\)$`)

// The fixture's run 2, frame for frame, through Arena's listener: twelve
// units started by hand (two contest seats), each connecting when Arena
// asks for it with the token Arena printed for it, sending the original
// clients' frames (the JSON, then the
// NUL, as the template writes them; some split in the middle) and getting
// the original server's frames back, byte for byte. At the end each gets
// KILL, as under the original's --run-manually, and its socket closes.
func TestWireFrames(t *testing.T) {
	t.Parallel()
	units := readWire(t)
	require.Len(t, units, 12)
	st := game.Setup{Title: title, Seed: 1, Map: filepath.Join(fixtures, "maps/map3_2.json"),
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}},
		Options: map[string]string{ants.OptPreset: ants.PresetOriginal, ants.OptTurns: "60", "INIT_SCORPIONS": "2"},
		Contest: game.ContestOptions{JoinTimeout: 30 * time.Second}}
	m := contesttest.Start(t, st)
	addr := m.Addr(t)
	<-m.Lines // seat 2's line
	type result struct {
		id   int
		got  []string
		err  error
		kill bool
	}
	results := make(chan result, len(units))
	for range units {
		line := <-m.Lines
		match := waitingRE.FindStringSubmatch(line)
		require.NotNil(t, match, line)
		id, _ := strconv.Atoi(match[1])
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { conn.Close() })
		write(t, conn, tokenFrame(match[3]), false)
		go func() {
			r := result{id: id}
			c := newConnection(conn)
			u := units[id]
			for i := 0; ; i++ {
				frame, err := c.next()
				if err != nil {
					break
				}
				if string(frame) == `{"type":"7","info":{}}` {
					r.kill = true
					continue
				}
				r.got = append(r.got, string(frame))
				if i < len(u.answers) {
					for k, a := range u.answers[i] {
						write(t, conn, a, k%2 == 1)
					}
				}
			}
			results <- r
		}()
	}
	_, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	for range units {
		r := <-results
		require.True(t, r.kill, "unit %d gets KILL at the end", r.id)
		want := units[r.id].sent
		for i := range min(len(want), len(r.got)) {
			require.True(t, want[i] == r.got[i], "unit %d, frame %d: got\n%.300s\nwant\n%.300s", r.id, i, r.got[i], want[i])
		}
		require.Equal(t, len(want), len(r.got), "unit %d's frames", r.id)
	}
	contesttest.SameAsLocal(t, m.Out, res)
}

// tokenFrame is the first frame of a unit, as the template writes it.
func tokenFrame(token string) string {
	return `{"type": "token", "turn": 0, "info": {"token": "` + token + `"}}`
}

// write sends a frame as the template does, the JSON then the NUL; split
// also cuts the JSON in two writes.
func write(t *testing.T, conn net.Conn, frame string, split bool) {
	parts := []string{frame, "\x00"}
	if split && len(frame) > 2 {
		parts = []string{frame[:len(frame)/2], frame[len(frame)/2:], "\x00"}
	}
	for _, p := range parts {
		if _, err := conn.Write([]byte(p)); err != nil {
			return
		}
	}
}

// unitProgram writes a process seat's program: the Python unit in a mode.
func unitProgram(t testing.TB, mode string) string {
	py := contesttest.Python(t)
	dir := t.TempDir()
	path := filepath.Join(dir, mode+".sh")
	// The unit's code in its folder, the one a sandboxed program reads.
	code, err := os.ReadFile("testdata/unit.py")
	require.NoError(t, err)
	unit := filepath.Join(dir, "unit.py")
	require.NoError(t, os.WriteFile(unit, code, 0o644))
	require.NoError(t, os.WriteFile(path, fmt.Appendf(nil, "#!/bin/sh\nexec %s %s %s\n", py, unit, mode), 0o755))
	return path
}

// A full match: units of a Python client written like the official
// template, one process each, against Arena's colony bot; the replay
// re-plays to the same end; every process is gone afterwards.
func TestPythonUnitsMatch(t *testing.T) {
	t.Parallel()
	st := game.Setup{Title: title, Seed: 4, Out: filepath.Join(t.TempDir(), "aic21.arena"),
		Seats:   []game.SeatSpec{{Kind: "colony"}, {Kind: "process", Strength: unitProgram(t, "play")}},
		Options: map[string]string{ants.OptTurns: "40"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m := contesttest.Start(t, st)
	m.Addr(t)
	_, res, err := m.Wait(t, 3*time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	requireNoUnits(t, st.Out)
}

// Units that the game kills close their connections at once, as the
// teams' clients do on KILL: their colony plays on (a unit's connection
// closed after its KILL was taken for a broken one, R18's forfeit).
func TestKilledUnitsLeave(t *testing.T) {
	t.Parallel()
	st := game.Setup{Title: title, Seed: 4, Out: filepath.Join(t.TempDir(), "mortal.arena"), Limit: time.Second,
		Seats:   []game.SeatSpec{{Kind: "colony"}, {Kind: "process", Strength: unitProgram(t, "mortal")}},
		Options: map[string]string{ants.OptTurns: "150"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m := contesttest.Start(t, st)
	m.Addr(t)
	_, res, err := m.Wait(t, 3*time.Minute)
	require.NoError(t, err)
	require.NotEqual(t, "forfeit", res.Reason)
	rec := contesttest.SameAsLocal(t, st.Out, res)
	died := 0
	for i := range rec.Timeline.Len() {
		for _, e := range rec.Timeline.Frame(i).Events {
			if d, ok := e.Data.(ants.Died); ok && d.Unit.Colony == 1 {
				died++
			}
		}
	}
	t.Logf("%d of colony 2's units died", died)
	require.Positive(t, died, "units of the process seat were killed")
	requireNoUnits(t, st.Out)
}

// requireNoUnits checks that no unit process of a match is left (its
// programs are in folders beside the match's): they were started in
// sandboxes, which were killed.
func requireNoUnits(t *testing.T, out string) {
	t.Helper()
	require.Eventually(t, func() bool {
		procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, p := range procs {
			data, _ := os.ReadFile(p)
			if bytes.Contains(data, []byte("/unit.py")) && bytes.Contains(data, []byte(filepath.Dir(filepath.Dir(out)))) {
				return false
			}
		}
		return true
	}, 10*time.Second, 100*time.Millisecond)
}

// Units that misbehave: silent ones (no END_TURN: the round waits out its
// time), ones that send garbage (ignored, R15) or flood (a 12 MiB frame
// dropped, the moves beyond the first few ignored); and a colony whose
// unit closes its socket, which forfeits (R18). The matches finish.
func TestMisbehavingUnits(t *testing.T) {
	st := game.Setup{Title: title, Seed: 9, Out: filepath.Join(t.TempDir(), "bad.arena"), Limit: 300 * time.Millisecond,
		Seats:   []game.SeatSpec{{Kind: "process", Strength: unitProgram(t, "garbage")}, {Kind: "process", Strength: unitProgram(t, "flood")}},
		Options: map[string]string{ants.OptTurns: "8", "INIT_ANTS": "2"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m := contesttest.Start(t, st)
	m.Addr(t)
	_, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	require.NotEqual(t, "forfeit", res.Reason, "garbage and floods are no forfeit")
	contesttest.SameAsLocal(t, st.Out, res)

	st = game.Setup{Title: title, Seed: 9, Out: filepath.Join(t.TempDir(), "quit.arena"), Limit: 300 * time.Millisecond,
		Seats:   []game.SeatSpec{{Kind: "process", Strength: unitProgram(t, "silent")}, {Kind: "process", Strength: unitProgram(t, "quit")}},
		Options: map[string]string{ants.OptTurns: "20", "INIT_ANTS": "2"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m = contesttest.Start(t, st)
	m.Addr(t)
	match, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	require.Equal(t, "forfeit", res.Reason)
	require.Equal(t, 1, res.Winner, "the colony whose unit quit forfeits")
	require.Less(t, match.Timeline.Len()-1, 20)
	contesttest.SameAsLocal(t, st.Out, res)
	requireNoUnits(t, st.Out)
}

// A process seat's .jar runs as java -jar PATH. Java is an optional
// runtime: without a JDK the test is skipped, under CI too.
func TestJarUnits(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"java", "javac", "jar"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: the .jar seats need a JDK to test", tool)
		}
	}
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/Unit.java")
	require.NoError(t, err)
	out, err := exec.Command("javac", "-d", dir, src).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "manifest.txt"), []byte("Main-Class: Unit\n"), 0o644))
	jar := filepath.Join(dir, "unit.jar")
	cmd := exec.Command("jar", "cfm", jar, "manifest.txt", "Unit.class")
	cmd.Dir = dir
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	st := game.Setup{Title: title, Seed: 6, Out: filepath.Join(dir, "jar.arena"),
		Seats:   []game.SeatSpec{{Kind: "process", Strength: jar}, {Kind: "forager"}},
		Options: map[string]string{ants.OptTurns: "10", "INIT_ANTS": "2"}, Contest: game.ContestOptions{JoinTimeout: time.Minute}}
	m := contesttest.Start(t, st)
	m.Addr(t)
	match, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	require.NotEqual(t, "forfeit", res.Reason)
	require.Equal(t, 10, match.Timeline.Len()-1)
	contesttest.SameAsLocal(t, st.Out, res)
}
