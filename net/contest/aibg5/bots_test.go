package aibg5

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	aibg "github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// botName is the username of the bot of seat i playing in a mode.
func botName(i int, mode string) string { return "bot" + string(rune('A'+i)) + "-" + mode }

// accounts writes an accounts file for bots playing in the modes, in seat
// order, each with the password "pw".
func accounts(t *testing.T, modes ...string) string {
	path := filepath.Join(t.TempDir(), "accounts.txt")
	var lines []byte
	for i, mode := range modes {
		lines = append(lines, botName(i, mode)+" pw\n"...)
	}
	require.NoError(t, os.WriteFile(path, lines, 0o644))
	return path
}

// pythonBots starts testdata/bot.py once per mode, the i-th logging in as
// botName(i, mode); their output goes to the test's log folder.
func pythonBots(t *testing.T, url string, modes ...string) {
	py := contesttest.Python(t, "requests")
	for i, mode := range modes {
		out, err := os.Create(filepath.Join(t.TempDir(), mode+".log"))
		require.NoError(t, err)
		cmd := exec.Command(py, "testdata/bot.py", url, botName(i, mode), mode)
		cmd.Stdout, cmd.Stderr = out, out
		require.NoError(t, cmd.Start())
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
			out.Close()
		})
	}
}

// A full match: a Python bot of the contest, over the original protocol,
// against Arena's built-in players; its replay re-plays to the same end.
func TestPythonBotMatch(t *testing.T) {
	t.Parallel()
	st := game.Setup{Title: title, Seed: 11, Out: filepath.Join(t.TempDir(), "aibg5.arena"),
		Seats:   []game.SeatSpec{{Kind: "tactical"}, {Kind: "contest"}, {Kind: "greedy"}, {Kind: "greedy"}},
		Options: map[string]string{"turns": "25"}, Contest: game.ContestOptions{JoinTimeout: 30 * time.Second}}
	m := contesttest.Start(t, st)
	pythonBots(t, "http://"+m.Addr(t), "play")
	match, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	require.Equal(t, aibg.ReasonRounds, res.Reason)
	rec := contesttest.SameAsLocal(t, st.Out, res)
	require.Equal(t, []string{"tactical", "contest", "greedy", "greedy"}, rec.Header.Seats)
	require.Equal(t, "botA-play", rec.Header.Config.Options["name2"])
	last := match.Timeline.Last().State.(*aibg.State)
	require.False(t, last.Player(2).Removed, "the Python bot played every turn in time")
	require.Equal(t, 25, last.Round)
}

// Bots that misbehave: one joins and goes silent, one quits after three
// turns, one sends bodies and actions that are not the protocol's, one
// floods. The match finishes; the silent and the quitter are removed
// (R21), the garbage costs penalties, the flood gets "Niste na potezu".
func TestMisbehavingBots(t *testing.T) {
	st := game.Setup{Title: title, Seed: 2, Out: filepath.Join(t.TempDir(), "bad.arena"), Limit: 500 * time.Millisecond,
		Seats:   []game.SeatSpec{{Kind: "contest"}, {Kind: "contest"}, {Kind: "contest"}, {Kind: "contest"}},
		Options: map[string]string{"turns": "12"}, Contest: game.ContestOptions{JoinTimeout: 30 * time.Second,
			Accounts: accounts(t, "silent", "quit", "garbage", "flood")}}
	m := contesttest.Start(t, st)
	pythonBots(t, "http://"+m.Addr(t), "silent", "quit", "garbage", "flood")
	match, res, err := m.Wait(t, 2*time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	last := match.Timeline.Last().State.(*aibg.State)
	require.True(t, last.Player(1).Removed, "the silent bot is removed")
	require.True(t, last.Player(2).Removed, "the bot that quit is removed")
	penalties := map[int][]string{}
	for i := 1; i < match.Timeline.Len(); i++ {
		for _, ev := range match.Timeline.Frame(i).Events {
			if p, ok := ev.Data.(aibg.Penalty); ok {
				penalties[p.Player] = append(penalties[p.Player], p.Message)
			}
		}
	}
	require.Contains(t, penalties[3], aibg.MsgFields, "the garbage action is penalised")
	require.False(t, last.Player(3).Removed)
	require.False(t, last.Player(4).Removed, "the flood bot plays its turns")
	require.Equal(t, aibg.ReasonRounds, res.Reason, "the two bots left play to the last round")
}
