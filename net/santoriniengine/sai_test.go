//go:build !js

package santoriniengine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/santorini"
)

// The lines of testdata/sai/*.jsonl are santorini-ai's own (e7a8c92, built
// with shared/tools/peers): its best_move lines for one position each,
// captured as `set_position POSITION`, 100 ms, `stop`. open1, side2,
// place1 and place2 end with the stop_flag line; win1 (a win in one) ends
// by itself with end_of_line lines at every depth.

// saiFakeEnv makes this test binary a fake santorini-ai uci program (fakeSai)
// in the mode it names.
const saiFakeEnv = "ARENA_TEST_FAKE_SAI"

// The positions of the recordings, in Arena's notation.
var saiRecorded = map[string]string{
	"open1":  "0000000000000000000000000/1/C3,B2/B3,D2",
	"side2":  "0000000000000000000000010/2/C3,C1/B3,D2",
	"win1":   "0000000000000000000023000/1/A1,E5/C3,D3",
	"place1": "0000000000000000000000000/1//",
	"place2": "0000000000000000000000000/2/C3,B2/",
}

// saiRecording is the recorded lines of a position, as santorini-ai wrote them.
func saiRecording(t testing.TB, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sai", name+".jsonl"))
	require.NoError(t, err)
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// fakeSai speaks santorini-ai's protocol on stdin and stdout with the
// recorded lines: set_position writes the lines of its position (found by
// its untagged form) but the last, with original_str as sent, and searches
// "forever"; stop writes the last line (a stop_flag one) unless the
// recording ended by itself. A position it has no recording of gets
// santorini-ai's error on stderr. The modes:
//
//	play     as above
//	garbage  lines that are not its protocol (and one over MaxLine) before each search's
//	illegal  every move is E5>E4^E3, which no recorded position allows
//	slow     starts each search 150 ms late (held back by a busy machine)
//	silent   searches its first position (the bridge's warm-up), then is silent and deaf
//	crash    exits with status 3 at the first set_position after the warm-up
//	panic    reports a panic of its search thread on stderr then
//	dead     exits at once with status 4
func fakeSai(mode string) int {
	if mode == "dead" {
		fmt.Fprintln(os.Stderr, "fake santorini-ai: dead on arrival")
		return 4
	}
	recorded := map[string][]string{}
	for name := range saiRecorded {
		data, err := os.ReadFile(filepath.Join("testdata", "sai", name+".jsonl"))
		if err != nil {
			panic(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		var first struct {
			OriginalStr string `json:"original_str"`
		}
		if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
			panic(err)
		}
		recorded[first.OriginalStr] = lines
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(line string) {
		out.WriteString(line + "\n")
		out.Flush()
	}
	say(`{"type":"started"}`)
	var pending string // the stop_flag line of the running search
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		switch {
		case len(f) == 1 && f[0] == "quit":
			return 0
		case len(f) == 1 && f[0] == "stop":
			if pending != "" {
				say(pending)
				pending = ""
				fmt.Fprintln(os.Stderr, "Error: Stopping with best move: ...")
			} else {
				fmt.Fprintln(os.Stderr, "Error: Attempted to stop, but no active execution")
			}
		case len(f) == 2 && f[0] == "set_position":
			warm := strings.Contains(f[1], "warm") // the bridge's warm-up search
			if mode == "silent" && !warm {
				select {}
			}
			switch {
			case warm:
			case mode == "crash":
				fmt.Fprintln(os.Stderr, "fake santorini-ai: crashing")
				return 3
			case mode == "panic":
				fmt.Fprintln(os.Stderr, "thread '<unnamed>' panicked at santorini_core/src/search.rs:470:17:")
				continue
			case mode == "garbage":
				say("not json at all")
				say(`{"type":"surprise"}`)
				say(`{"type":"best_move","trigger":"improvement"}`)
				say(`{"type":"best_move","original_str":"` + f[1] + `","trigger":"improvement","meta":{"score":1,"calculated_depth":1,"elapsed_seconds":0.1,"action_str":"Z9>A1^A2"}}`)
				say(strings.Repeat("x", MaxLine+100))
			}
			sent := f[1]
			heights, rest, _ := strings.Cut(sent, "/")
			heights = strings.Map(func(r rune) rune {
				if r >= 'a' && r <= 'z' {
					return -1
				}
				return r
			}, heights)
			lines, ok := recorded[heights+"/"+rest]
			if !ok {
				fmt.Fprintf(os.Stderr, "Error: Error parsing FEN: no recording of %s\n", sent)
				continue
			}
			out := make([]string, len(lines))
			for i, l := range lines {
				l = strings.Replace(l, `"original_str":"`+heights+"/"+rest+`"`, `"original_str":"`+sent+`"`, 1)
				if mode == "illegal" {
					var j map[string]any
					json.Unmarshal([]byte(l), &j)
					j["meta"].(map[string]any)["action_str"] = "E5>E4^E3"
					b, _ := json.Marshal(j)
					l = string(b)
				}
				out[i] = l
			}
			pending = ""
			if mode == "slow" && !warm {
				time.Sleep(150 * time.Millisecond)
			}
			if strings.Contains(out[len(out)-1], `"trigger":"stop_flag"`) {
				pending, out = out[len(out)-1], out[:len(out)-1]
			}
			for _, l := range out {
				say(l)
			}
		}
	}
	return 0
}

// bridgeRun is a Bridge on a fake santorini-ai (or a real one: args).
type bridgeRun struct {
	in       *io.PipeWriter
	lines    chan string
	finished chan struct{} // closed when Bridge has returned
	err      error         // what it returned
	log      *strings.Builder
}

// wait waits for Bridge to return and returns its error.
func (r *bridgeRun) wait(t *testing.T) error {
	t.Helper()
	select {
	case <-r.finished:
		return r.err
	case <-time.After(5 * time.Second):
		t.Fatal("the bridge did not end")
	}
	return nil
}

func startBridge(t *testing.T, args []string) *bridgeRun {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &bridgeRun{in: inW, lines: make(chan string, 256), finished: make(chan struct{}), log: &strings.Builder{}}
	go func() {
		defer close(r.finished)
		r.err = Bridge(context.Background(), args, inR, outW, r.log)
		outW.Close()
		inR.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
		close(r.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		r.wait(t)
	})
	return r
}

func fakeSaiArgs(t testing.TB, mode string) []string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	return []string{"env", saiFakeEnv + "=" + mode, exe}
}

func (r *bridgeRun) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		_, err := io.WriteString(r.in, l+"\n")
		require.NoError(t, err)
	}
}

// trySend sends lines to a bridge that may have ended.
func (r *bridgeRun) trySend(lines ...string) {
	for _, l := range lines {
		io.WriteString(r.in, l+"\n")
	}
}

// until reads lines until one that starts with prefix; it returns them all.
func (r *bridgeRun) until(t *testing.T, prefix string, limit time.Duration) []string {
	t.Helper()
	var got []string
	deadline := time.After(limit)
	for {
		select {
		case l, ok := <-r.lines:
			if !ok {
				t.Fatalf("the bridge's output ended before %q; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-deadline:
			t.Fatalf("no %q within %s; got %q", prefix, limit, got)
		}
	}
}

// TestSaiTranslation checks the translation both ways against santorini-ai's
// own answers: the position Arena sends is the one santorini-ai searched
// (original_str), and every move it reported is legal on Arena's board and
// leads to the position santorini-ai says it leads to (next_state).
func TestSaiTranslation(t *testing.T) {
	for name, pos := range saiRecorded {
		b, err := santorini.ParsePosition(pos)
		require.NoError(t, err, name)
		lines := saiRecording(t, name)
		for _, line := range lines {
			best, err := parseSaiLine(line)
			require.NoError(t, err, name)
			require.Equal(t, saiPosition(&b), best.Position, name)
			turn, err := best.Move.Turn(&b)
			require.NoError(t, err, "%s: %s", name, best.Action)
			next, err := b.Apply(turn)
			require.NoError(t, err)
			var j struct {
				NextState string `json:"next_state"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &j))
			require.Equal(t, sameSet(j.NextState), sameSet(saiPosition(&next)), "%s: %s", name, best.Action)
		}
	}
	tagged := saiTagged(&santorini.Board{}, 27)
	require.True(t, strings.HasPrefix(tagged, "0000000000000000000000000bb/"), tagged)
}

// sameSet is a position in santorini-ai's notation with each worker list
// sorted and the winner's mark dropped: santorini-ai writes its workers in
// board order.
func sameSet(pos string) string {
	parts := strings.Split(strings.ReplaceAll(pos, "#", ""), "/")
	for i := 2; i < len(parts); i++ {
		list := strings.TrimPrefix(parts[i], "mortal")
		list = strings.TrimPrefix(list, ":")
		cells := strings.Split(list, ",")
		sort.Strings(cells)
		parts[i] = strings.Join(cells, ",")
	}
	return strings.Join(parts, "/")
}

func TestBridgeMoveTime(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "play"))
	// The fake searches until stop. The typical answer comes within MS +
	// 20 ms and none after the protocol's second (a test on a busy machine
	// would measure the machine, not the bridge).
	for _, ms := range []int{100, 30} {
		var took []time.Duration
		for range 5 {
			r.send(t, "position "+saiRecorded["open1"])
			start := time.Now()
			r.send(t, fmt.Sprintf("go movetime %d", ms))
			got := r.until(t, "bestmove", 2*time.Second)
			took = append(took, time.Since(start))
			require.Equal(t, "bestmove B2 C2 B1", got[len(got)-1])
			require.Contains(t, got, "info depth 5 score 0.69 nodes 12089 nps 338340 pv B2>C2^B1")
		}
		slices.Sort(took)
		median := took[len(took)/2]
		require.LessOrEqual(t, median, time.Duration(ms+20)*time.Millisecond, "the median answer at %d ms: %v", ms, took)
		require.GreaterOrEqual(t, median, time.Duration(ms*3/4)*time.Millisecond, "stop comes at MS - 20 ms: %v", took)
		require.Less(t, took[len(took)-1], time.Second, "the slowest answer at %d ms", ms)
	}
	// Side 2 and the placements.
	for name, want := range map[string]string{"side2": "bestmove B3 C2 D1", "place1": "bestmove C4 C3", "place2": "bestmove B3 C2"} {
		r.send(t, "position "+saiRecorded[name], "go movetime 50")
		got := r.until(t, "bestmove", 2*time.Second)
		require.Equal(t, want, got[len(got)-1], name)
	}
	r.send(t, "quit")
	require.NoError(t, r.wait(t))
}

// A santorini-ai held back past its time answers with its first move,
// late rather than with none (which forfeits at once).
func TestBridgeLateFirstMove(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "slow"))
	r.send(t, "position "+saiRecorded["open1"])
	start := time.Now()
	r.send(t, "go movetime 100")
	got := r.until(t, "bestmove", 2*time.Second)
	took := time.Since(start)
	require.Equal(t, "bestmove B2 C2 B1", got[len(got)-1])
	require.Less(t, took, 100*time.Millisecond+bridgeLateWait, "the first move answers at once")
	require.GreaterOrEqual(t, took, 150*time.Millisecond)
	require.Contains(t, r.log.String(), "had no move")
	// The next search, in time, is not disturbed by the late one's lines.
	r.send(t, "position "+saiRecorded["side2"], "go movetime 300")
	got = r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, "bestmove B3 C2 D1", got[len(got)-1])
}

func TestBridgeEndOfLine(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "play"))
	r.send(t, "position "+saiRecorded["win1"])
	start := time.Now()
	r.send(t, "go movetime 5000")
	got := r.until(t, "bestmove", 2*time.Second)
	require.Less(t, time.Since(start), time.Second, "the game's outcome answers at once")
	require.Equal(t, []string{"info depth 1 score 999999 nodes 1 nps 2027 pv A1>B1", "bestmove A1 B1"}, got)
	// The rest of that search's lines are not taken for the next one's,
	// though it searches the same position.
	r.send(t, "go depth 2")
	got = r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, "bestmove A1 B1", got[len(got)-1])
}

func TestBridgeDepth(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "play"))
	r.send(t, "position "+saiRecorded["open1"], "go depth 3")
	got := r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, []string{
		"info depth 1 score 0.75 nodes 52 nps 28314 pv B2>C2^B1",
		"info depth 2 score 1.2 nodes 141 nps 59416 pv B2>C2^B1",
		"info depth 3 score 0.49 nodes 356 nps 96780 pv B2>C2^B1",
		"bestmove B2 C2 B1",
	}, got)
	// The ones santorini-ai has not: perft, and a finished game.
	r.send(t, "perft 2")
	require.Contains(t, r.until(t, "error", time.Second)[0], "santorini-ai has no perft")
	r.send(t, "position 0000000000000000000033000/2/B1,E5/C3,D3", "go movetime 100")
	require.Contains(t, r.until(t, "error", time.Second)[0], "the game is over")
	// stop answers a depth search at once.
	r.send(t, "position "+saiRecorded["side2"], "go depth 40")
	time.Sleep(20 * time.Millisecond)
	r.send(t, "stop")
	got = r.until(t, "bestmove", time.Second)
	require.Equal(t, "bestmove B3 C2 D1", got[len(got)-1])
}

func TestBridgeHostileOutput(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "garbage"))
	r.send(t, "position "+saiRecorded["open1"], "go movetime 100")
	got := r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, "bestmove B2 C2 B1", got[len(got)-1])
	r.send(t, "quit")
	require.NoError(t, r.wait(t))
	log := r.log.String()
	require.Contains(t, log, `not a JSON line: "not json at all"`)
	require.Contains(t, log, `unknown line type "surprise"`)
	require.Contains(t, log, "want original_str and meta")
	require.Contains(t, log, `action_str "Z9>A1^A2" is not a move`)
	require.Contains(t, log, "a line longer than 65536 bytes")
}

func TestBridgeIllegalMove(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "illegal"))
	r.send(t, "position "+saiRecorded["open1"], "go movetime 50")
	got := r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, "bestmove E5 E4 E3", got[len(got)-1])
	require.Contains(t, got[len(got)-2], "answered the illegal move E5>E4^E3")
}

func TestBridgeRefusedPosition(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "play"))
	r.send(t, "position 0000000000000000000000000/1/C3,B2/C2,D2", "go movetime 2000")
	start := time.Now()
	got := r.until(t, "bestmove", time.Second)
	require.Less(t, time.Since(start), time.Second)
	require.Equal(t, "bestmove none", got[len(got)-1])
	require.Contains(t, got[len(got)-2], "refused the position")
	require.Contains(t, got[len(got)-2], "Error parsing FEN")
}

func TestBridgeSilentChild(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "silent"))
	r.send(t, "position "+saiRecorded["open1"])
	start := time.Now()
	r.send(t, "go movetime 100")
	got := r.until(t, "bestmove", 2*time.Second)
	took := time.Since(start)
	require.LessOrEqual(t, took, 120*time.Millisecond+bridgeLateWait, "it waits for a first move, then gives up")
	require.GreaterOrEqual(t, took, bridgeLateWait)
	require.Equal(t, "bestmove none", got[len(got)-1])
	require.Contains(t, got[len(got)-2], "gave no move")
	// It ignores quit: the bridge kills it.
	start = time.Now()
	r.send(t, "quit")
	require.NoError(t, r.wait(t))
	require.Less(t, time.Since(start), 3*time.Second)
}

func TestBridgeChildEnds(t *testing.T) {
	for mode, want := range map[string]string{
		"crash": "ended (exit status 3); its stderr ends: Error: Stopping with best move: ... | fake santorini-ai: crashing",
		"panic": "failed: thread '<unnamed>' panicked at",
		"dead":  "ended (exit status 4); its stderr ends: fake santorini-ai: dead on arrival",
	} {
		t.Run(mode, func(t *testing.T) {
			r := startBridge(t, fakeSaiArgs(t, mode))
			r.trySend("position "+saiRecorded["open1"], "go movetime 300")
			err := r.wait(t)
			require.ErrorContains(t, err, want)
			require.ErrorContains(t, err, saiFakeEnv+"="+mode)
			got := r.until(t, "error", time.Second)
			require.Contains(t, got[len(got)-1], want)
		})
	}
}

// TestBridgeRealSai plays a few moves with the real santorini-ai when it is
// built (shared/tools/peers/build_sai.sh; ARENA_SAI names another build).
func TestBridgeRealSai(t *testing.T) {
	path := os.Getenv("ARENA_SAI")
	if path == "" {
		path = "/tmp/peers/sai/target/release/uci"
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no santorini-ai at %s (build it with shared/tools/peers/build_sai.sh)", path)
	}
	r := startBridge(t, []string{path})
	b, err := santorini.ParsePosition(saiRecorded["open1"])
	require.NoError(t, err)
	const ms = 100
	for ply := 0; ply < 6 && b.Phase != santorini.Over; ply++ {
		r.send(t, "position "+b.Position())
		start := time.Now()
		r.send(t, fmt.Sprintf("go movetime %d", ms))
		got := r.until(t, "bestmove", 2*time.Second)
		took := time.Since(start)
		require.LessOrEqual(t, took, time.Duration(ms+20)*time.Millisecond, "ply %d", ply)
		a, err := ParseAnswer(got[len(got)-1])
		require.NoError(t, err)
		turn, err := a.(*BestMove).Move.Turn(&b)
		require.NoError(t, err, "ply %d: %q", ply, got)
		b, err = b.Apply(turn)
		require.NoError(t, err)
		t.Logf("ply %d: %s in %d ms (%s)", ply, turn, took.Milliseconds(), got[max(len(got)-2, 0)])
	}
	// A win in one is answered at once.
	r.send(t, "position "+saiRecorded["win1"], "go movetime 2000")
	start := time.Now()
	got := r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, "bestmove A1 B1", got[len(got)-1])
	require.Less(t, time.Since(start), 500*time.Millisecond)
	r.send(t, "quit")
	require.NoError(t, r.wait(t))
}

// quit answers the running search at once; the end of the input lets it
// run for a second at most; either way santorini-ai ends with the bridge.
func TestBridgeQuitAndEnd(t *testing.T) {
	r := startBridge(t, fakeSaiArgs(t, "play"))
	r.send(t, "position "+saiRecorded["open1"], "go movetime 60000")
	time.Sleep(20 * time.Millisecond)
	start := time.Now()
	r.send(t, "quit")
	got := r.until(t, "bestmove", time.Second)
	require.Equal(t, "bestmove B2 C2 B1", got[len(got)-1])
	require.Less(t, time.Since(start), 500*time.Millisecond)
	require.NoError(t, r.wait(t))

	r = startBridge(t, fakeSaiArgs(t, "play"))
	r.send(t, "position "+saiRecorded["side2"], "go movetime 60000", "position "+saiRecorded["open1"], "go movetime 60000")
	start = time.Now()
	r.in.Close()
	got = r.until(t, "bestmove", 2*time.Second)
	require.Equal(t, "bestmove B3 C2 D1", got[len(got)-1])
	require.Less(t, time.Since(start), 1500*time.Millisecond, "a second after the end of the input")
	require.NoError(t, r.wait(t))
	_, more := <-r.lines
	require.False(t, more, "the commands after the running search are dropped")
}
