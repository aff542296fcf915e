package santoriniengine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
)

// newPlayer starts a player for seat on the engine args and closes it at
// the end of the test, checking that its process group is gone.
func newPlayer(t *testing.T, args []string, moveTime time.Duration, seat game.Seat) *Player {
	t.Helper()
	p, err := NewPlayer(args, moveTime, seat, "")
	require.NoError(t, err)
	t.Cleanup(func() {
		require.NoError(t, p.Close())
		requireGone(t, p.Process())
	})
	return p
}

// requireGone checks that no process of the engine's process group (its
// sandbox's) runs.
func requireGone(t *testing.T, proc *Process) {
	t.Helper()
	select {
	case <-proc.Exited():
	default:
		t.Fatal("the engine process still runs")
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		live := liveInGroup(proc.Pid())
		if len(live) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes of the engine's group still run: %v", live)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// liveInGroup lists the processes of process group pgid that are not
// zombies (a killed grandchild stays a zombie until init reaps it).
func liveInGroup(pgid int) []string {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		if errors.Is(syscall.Kill(-pgid, 0), syscall.ESRCH) {
			return nil
		}
		return []string{"some"}
	}
	var live []string
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		stat, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) >= 3 && f[2] == strconv.Itoa(pgid) && f[0] != "Z" {
			live = append(live, s[:i+1]+" "+f[0])
		}
	}
	return live
}

func play(t *testing.T, p *Player, pos string) game.Answer {
	t.Helper()
	b := board(t, pos)
	a, err := p.Play(t.Context(), &b)
	require.NoError(t, err)
	return a
}

// Scenario 16 through the host's player, against Arena's own engine as a
// child process.
func TestPlayerAgainstArenasEngine(t *testing.T) {
	p := newPlayer(t, ownEngine(t), 100*time.Millisecond, 0)

	a := play(t, p, opening)
	b := board(t, opening)
	_, err := santorini.ParseTurn(&b, a.Move)
	require.NoError(t, err, "a strict, legal move: %q", a.Move)
	require.Contains(t, a.Notes.Text, "depth ")
	require.Contains(t, a.Notes.Text, " · pv ")

	a = play(t, p, empty)
	b = board(t, empty)
	tu, err := santorini.ParseTurn(&b, a.Move)
	require.NoError(t, err, a.Move)
	require.True(t, tu.Place)
	require.NotEqual(t, tu.Cells[0], tu.Cells[1])

	a = play(t, p, scenario12)
	require.Equal(t, "D2 D3", a.Move)

	// A cancelled turn sends stop; its late bestmove is not taken for the
	// next turn's answer.
	p.MoveTime = 5 * time.Second
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	b = board(t, opening)
	_, err = p.Play(ctx, &b)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	p.MoveTime = 100 * time.Millisecond
	require.Equal(t, "D2 D3", play(t, p, scenario12).Move)
}

// An external engine's tolerant spellings become the strict move.
func TestPlayerReadsTheTolerantSpellings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ pos, answer, want string }{
		{scenario12, "D2>D3#", "D2 D3"},
		{scenario12, "d2>d3", "D2 D3"},
		{scenario12, "D2 D3", "D2 D3"},
		{opening, "C3>B4^A5", "C3 B4 A5"},
		{opening, "c3 b4 a5", "C3 B4 A5"},
		{opening, "C3 B4 A5", "C3 B4 A5"},
		{empty, "c3,b2", "C3 B2"},
		{empty, "C3 B2", "C3 B2"},
	} {
		p := newPlayer(t, script(t, `
while read -r cmd rest; do
  case "$cmd" in
    go) echo "info depth 1 score 0 nodes 1 nps 1 pv junk"; echo "readyok"; printf 'bestmove `+c.answer+`\r\n' ;;
    quit) exit 0 ;;
  esac
done
`), 50*time.Millisecond, 0)
		require.Equal(t, c.want, play(t, p, c.pos).Move, c.answer)
	}
}

// The forfeits of §6: each ends the match with the other side winning, and
// the engine's process is gone afterwards.
func TestPlayerForfeits(t *testing.T) {
	for _, c := range []struct {
		name   string
		script string
		move   string // the move the player answers
		why    string // in the answer's notes
		event  string // in the forfeit event
	}{
		{"illegal move", `go) echo "bestmove A1 A2 A3" ;;`, "A1 A2 A3",
			`the engine answered the illegal move "A1 A2 A3": E_NO_WORKER: no worker on A1`, `illegal move "A1 A2 A3": E_NO_WORKER`},
		{"bestmove none", `go) echo "bestmove none" ;;`, "none",
			"the engine answered bestmove none", `illegal move "none": E_SYNTAX`},
		{"not a move", `go) echo "bestmove pass" ;;`, "pass",
			`the answer "bestmove pass" is not a move`, `illegal move "pass": E_SYNTAX`},
		{"a move in no known form", `go) echo "bestmove C3>C4 C5" ;;`, "",
			`the answer "bestmove C3>C4 C5" is not a move`, "no move in time"},
		{"crash", `go) echo "out of memory" >&2; exit 3 ;;`, "",
			"the engine ended without a bestmove (exit status 3); its stderr ends: out of memory", "no move in time"},
		// The first go of a game answers, the next never: sleep holds the
		// script, so quit goes unread and Close kills the process group.
		{"no answer", `go) n=$((n+1)); if [ $n -eq 1 ]; then echo "bestmove C3 C4 C5"; else sleep 1000; fi ;;`, "",
			"no bestmove within 1050 ms of go movetime 50", "no move in time"},
		// 3 MB without a newline, the process alive and its stderr open:
		// the deadline holds all the same.
		{"a 3 MB line", `go) n=$((n+1)); if [ $n -eq 1 ]; then echo "bestmove C3 C4 C5"; else head -c 3000000 /dev/zero | tr '\0' x; sleep 1000; fi ;;`, "",
			"no bestmove within 1050 ms of go movetime 50", "no move in time"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := newPlayer(t, script(t, "n=0\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    "+c.script+"\n    quit) exit 0 ;;\n  esac\ndone\n"), 50*time.Millisecond, 0)
			title, err := game.Lookup("santorini")
			require.NoError(t, err)
			bot, err := title.NewBot("competitive", "50ms", 1, nil)
			require.NoError(t, err)
			m, err := game.NewMatch(title, game.Config{Seed: 1}, []game.Entrant{
				{Spec: game.SeatSpec{Kind: "engine", Strength: "50ms:script"}, Player: p},
				{Spec: game.SeatSpec{Kind: "competitive", Strength: "50ms"}, Player: bot},
			})
			require.NoError(t, err)
			m.Prelude = []map[game.Seat]string{{0: "C3 B2"}, {1: "B3 D2"}}
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			start := time.Now()
			res, err := m.Run(ctx)
			require.NoError(t, err, "the match never hangs")
			require.Equal(t, 2, res.Winner)
			require.Equal(t, santorini.ReasonForfeit, res.Reason)
			last := m.Timeline.Last()
			require.Equal(t, c.move, last.Moves[0])
			require.Contains(t, last.Notes[0].Text, "forfeit: "+c.why)
			require.Contains(t, last.Events[0].Text, "P1 forfeits: "+c.event)
			requireGone(t, p.Process()) // Run closed the players
			t.Logf("%s: %v; %s", c.name, time.Since(start).Round(time.Millisecond), last.Events[0].Text)
			// A failed engine forfeits every later turn at once.
			b := board(t, opening)
			a, err := p.Play(t.Context(), &b)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(a.Notes.Text, "forfeit: the engine already failed: "), a.Notes.Text)
		})
	}
}

// The forfeit moves are rejected by the Santorini engine, so they forfeit.
func TestForfeitMovesAreIllegal(t *testing.T) {
	t.Parallel()
	b := board(t, opening)
	for _, raw := range []string{"pass", "none", "C3>B4>A5", "C3 F4", "x,y", "C3#B4", "A1 A2 A3 A4 A5"} {
		m := surelyIllegal(raw)
		if m == "" {
			continue
		}
		_, err := santorini.ParseTurn(&b, strings.Join(strings.Fields(strings.NewReplacer(">", " ", "^", " ", ",", " ").Replace(strings.ToUpper(m))), " "))
		require.Error(t, err, raw)
	}
	require.Equal(t, "", surelyIllegal("C3>C4 C5"))
	require.Equal(t, "", surelyIllegal(""))
}

func TestConnector(t *testing.T) {
	t.Parallel()
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	c, ok := game.FindConnector(title, "engine")
	require.True(t, ok)
	require.Equal(t, "engine:TIME:COMMAND", c.Usage)
	specs, err := game.ParseSeats(title, "competitive:300ms,engine:300ms:./my-engine --flag")
	require.NoError(t, err)
	require.Equal(t, game.SeatSpec{Kind: "engine", Strength: "300ms:./my-engine --flag"}, specs[1])

	_, err = c.New(title, "300ms:/nonexistent/engine", 1, "")
	require.ErrorContains(t, err, `start engine "/nonexistent/engine"`)
	_, err = c.New(title, "soon:./e", 1, "")
	require.ErrorContains(t, err, `time "soon"`)

	logs := filepath.Join(t.TempDir(), "match.p2")
	pl, err := c.New(title, "100ms:"+strings.Join(ownEngine(t), " "), 1, logs)
	require.NoError(t, err)
	_, err = os.Stat(logs + ".stderr.log")
	require.NoError(t, err, "the engine's stderr goes beside the replay")
	p := pl.(*Player)
	require.Equal(t, 100*time.Millisecond, p.MoveTime)
	require.NoError(t, p.Close())
	requireGone(t, p.Process())
	require.NoError(t, p.Close(), "Close twice")
}
