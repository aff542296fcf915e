package botproc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	levels "github.com/arena-games/arena/levels/alienwarz"
)

// TestMain installs AlienWarz with Arena's levels and the bot programs'
// seats, as arena does.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{alienwarz.Title{Levels: levels.Levels()}}, Connectors: []game.Connector{Connector}})
	os.Exit(m.Run())
}

// bot writes a bot folder with run.sh (body after the shebang) and returns
// the script's path.
func bot(t testing.TB, body string) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "run.sh")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/bash\n"+body), 0o755))
	return path
}

// walker is a tiny bot in bash: it reads its seat and position from the
// view and walks between its base and the cell next to it, resting when it
// cannot. It writes its arguments and folder to stderr first.
const walker = `echo "args=$1 pwd=$PWD" >&2
echo "$$" > "$1/pid.log"
while IFS= read -r view; do
  if [[ $view == *'"firstPlayerTurn":true'* ]]; then me=player1; home="9 0"; out="8 0"; else me=player2; home="0 9"; out="0 8"; fi
  re="\"$me\":\\{[^}]*\"position\": \\[([0-9]+), ([0-9]+)\\]"
  if [[ $view =~ $re ]]; then pos="${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"; else pos=""; fi
  if [[ $pos == "$home" ]]; then echo "move $out"; elif [[ $pos == "$out" ]]; then echo "move $home"; else echo rest; fi
done
`

// game plays a game with the process bot at seat 0 against the miner, for
// at most turns actions, writing the replay and the game log into a
// temporary folder, with the bot's stderr log unless opts names one. It
// returns the recording and the replay's path.
func play(t *testing.T, script string, turns int, opts Options) (*game.Recording, string, *Player) {
	t.Helper()
	if opts.Stderr == "" {
		opts.Stderr = filepath.Join(t.TempDir(), "stderr.log")
	}
	title, err := game.Lookup("alienwarz")
	require.NoError(t, err)
	p, err := Start(script, 0, opts)
	require.NoError(t, err)
	miner, err := title.NewBot("miner", "", 1, nil)
	require.NoError(t, err)
	cfg := game.Config{Seed: 7, Map: "crossroads", Options: map[string]string{alienwarz.OptTurns: strconv.Itoa(turns)}}
	m, err := game.NewMatch(title, cfg, []game.Entrant{{Spec: game.SeatSpec{Kind: "process", Strength: script}, Player: p}, {Spec: game.SeatSpec{Kind: "miner"}, Player: miner}})
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "game.arena")
	m.Replay, err = game.CreateReplay(out, m.Header())
	require.NoError(t, err)
	transcript, err := os.Create(game.TranscriptPath(out, ".txt"))
	require.NoError(t, err)
	m.Transcript = transcript
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err = m.Run(ctx)
	require.NoError(t, err)
	require.NoError(t, m.Replay.Close())
	require.NoError(t, transcript.Close())
	return m.Recording(), out, p
}

// moves are the commands seat 0 played, in order, and the kinds of events
// of its turns.
func moves(rec *game.Recording) (lines []string, kinds []string) {
	for i := 1; i < rec.Timeline.Len(); i++ {
		f := rec.Timeline.Frame(i)
		if m, ok := f.Moves[0]; ok {
			lines = append(lines, m)
			kinds = append(kinds, f.Events[0].Kind)
		}
	}
	return lines, kinds
}

func TestProcessBotPlays(t *testing.T) {
	t.Parallel()
	script := bot(t, walker)
	stderr := filepath.Join(t.TempDir(), "p1.log")
	rec, out, p := play(t, script, 20, Options{Stderr: stderr})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"move 8 0", "move 9 0", "move 8 0"}, lines[:3])
	require.NotContains(t, kinds, "invalid")
	res, over := rec.Result()
	require.True(t, over)
	require.Equal(t, "xp", res.Reason)
	log, err := os.ReadFile(stderr)
	require.NoError(t, err)
	dir := filepath.Dir(p.Script)
	require.Equal(t, "args="+dir+" pwd="+dir+"\n", string(log), "R18: the folder is $1 and the working directory")

	// The game log beside the replay is in the original's shape and reads back.
	data, err := os.ReadFile(strings.TrimSuffix(out, ".arena") + ".txt")
	require.NoError(t, err)
	require.Contains(t, string(data), "] Log: Writing to process: {\"turn\":0,\"firstPlayerTurn\":true,")
	require.Contains(t, string(data), "] Log: ACTION: MOVE 8 0\n")
	g, err := alienwarz.ReadLog(data)
	require.NoError(t, err)
	rp, err := g.Replay(nil)
	require.NoError(t, err)
	require.Empty(t, rp.Diffs)
	require.Equal(t, 20, rp.Compared, "19 later views and the final state")
	imported, err := game.Open("game.txt", data)
	require.NoError(t, err)
	got, over := imported.Result()
	require.True(t, over, "the Game Over line ends the imported game")
	require.Equal(t, res, got)
}

// The bot's sandbox ends with the game: its children too, even one that
// left its session.
func TestBotEndsWholeWithTheGame(t *testing.T) {
	t.Parallel()
	marker := fmt.Sprintf("arena-bot-child-%d", time.Now().UnixNano())
	script := bot(t, `(exec -a `+marker+` sleep 300) &
setsid bash -c 'exec -a `+marker+` sleep 300' </dev/null >/dev/null 2>&1 &
while IFS= read -r view; do echo rest; done
`)
	_, _, p := play(t, script, 4, Options{})
	require.Eventually(t, func() bool { return !running(marker) }, 5*time.Second, 20*time.Millisecond,
		"the bot's children still run after the game")
	select {
	case <-p.Exited():
	default:
		t.Fatal("the bot still runs after the game")
	}
}

func TestGarbageCostsInvalidTurns(t *testing.T) {
	t.Parallel()
	script := bot(t, `while IFS= read -r view; do echo "hello there"; done
`)
	rec, _, _ := play(t, script, 6, Options{})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"hello there", "hello there", "hello there"}, lines)
	require.Equal(t, []string{"invalid", "invalid", "invalid"}, kinds)
	last := rec.Timeline.Last().State.(*alienwarz.State)
	require.Equal(t, 250, last.Players[0].Energy, "1000 - 3 × 250")
}

func TestTwoLinesInOneWrite(t *testing.T) {
	t.Parallel()
	// Scenario 24: "rest\nmove 8 0\n" in one write (cat writes it whole;
	// bash's printf would write line by line): only rest applies.
	script := bot(t, `first=1
while IFS= read -r view; do
  if [[ $first == 1 ]]; then cat <<< $'rest\nmove 8 0'; first=0; else echo "shop daze"; fi
done
`)
	rec, _, _ := play(t, script, 4, Options{})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"rest", "shop daze"}, lines)
	require.Equal(t, []string{"rested", "bought"}, kinds)
}

func TestCrashForfeits(t *testing.T) {
	t.Parallel()
	script := bot(t, `IFS= read -r view
echo "giving up" >&2
exit 3
`)
	stderr := filepath.Join(t.TempDir(), "p1.log")
	rec, _, _ := play(t, script, 20, Options{Stderr: stderr})
	lines, kinds := moves(rec)
	require.Equal(t, []string{"", alienwarz.Forfeit}, lines, "no reply, then the exited process forfeits (R24)")
	require.Equal(t, []string{"invalid", "ended"}, kinds)
	res, _ := rec.Result()
	require.Equal(t, game.Result{Winner: 2, Ranking: []int{2, 1}, Reason: "forfeit"}, res)
	log, err := os.ReadFile(stderr)
	require.NoError(t, err)
	require.Equal(t, "giving up\n", string(log))
}

func TestScenario25Timeout(t *testing.T) {
	t.Parallel()
	// P1 is silent for 3000 ms: the turn is invalid and P2 acts at turn 1;
	// P1's reply, arriving at 3500 ms, is ignored.
	script := bot(t, `first=1
while IFS= read -r view; do
  if [[ $first == 1 ]]; then sleep 3.5; echo "move 8 0"; first=0; else echo rest; fi
done
`)
	start := time.Now()
	rec, _, _ := play(t, script, 4, Options{})
	require.GreaterOrEqual(t, time.Since(start), 3*time.Second)
	lines, kinds := moves(rec)
	require.Equal(t, []string{"", "rest"}, lines)
	require.Equal(t, []string{"invalid", "rested"}, kinds)
	f1 := rec.Timeline.Frame(1)
	require.Equal(t, 750, f1.State.(*alienwarz.State).Players[0].Energy)
	require.Equal(t, []game.Seat{1}, f1.ToMove)
}

func TestStartErrors(t *testing.T) {
	t.Parallel()
	_, err := Start("", 0, Options{})
	require.Error(t, err)
	_, err = Start(filepath.Join(t.TempDir(), "missing.sh"), 0, Options{})
	require.ErrorContains(t, err, "not a bot script")
	title, err := game.Lookup("alienwarz")
	require.NoError(t, err)
	c, ok := game.FindConnector(title, "process")
	require.True(t, ok)
	require.Equal(t, "process:PATH", c.Usage)
}

// A bot that never reads its views: once the pipe is full, each view waits
// at most the turn's time and the turn is lost (an invalid action), and the
// game goes on to its end instead of hanging.
func TestBotThatNeverReads(t *testing.T) {
	t.Parallel()
	script := bot(t, `exec 0<&-
while true; do echo rest; sleep 0.02; done
`)
	start := time.Now()
	rec, _, p := play(t, script, 200, Options{Timeout: time.Second})
	require.Less(t, time.Since(start), 40*time.Second)
	_, over := rec.Result()
	require.True(t, over)
	notes := 0
	for i := 1; i < rec.Timeline.Len(); i++ {
		if n, ok := rec.Timeline.Frame(i).Notes[0]; ok && strings.Contains(n.Text, "has not read its views") {
			notes++
		}
	}
	require.NotZero(t, notes, "turns were lost for views the bot did not take")
	require.NoError(t, p.Close())
}

// running reports whether a process whose command line holds marker runs.
func running(marker string) bool {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if data, _ := os.ReadFile(p); strings.Contains(string(data), marker) {
			return true
		}
	}
	return false
}
