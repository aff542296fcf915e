package guardains

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	gg "github.com/arena-games/arena/game/guardains"
	levels "github.com/arena-games/arena/levels/guardains"
	"github.com/arena-games/arena/net/contest/contesttest"
)

// title is GuardAIns with Arena's levels, as arena plays it.
var title = gg.Title{Shelf: levels.Shelf}

// TestMain installs the title and its contest, as arena does.
func TestMain(m *testing.M) {
	game.Install(game.Catalog{Titles: []game.Title{title}, Contests: []game.Contest{Contest}})
	os.Exit(m.Run())
}

// bot runs testdata/bot.py (python-socketio, as the contest's template)
// for a player in a mode; its printed events are read back with lines.
type bot struct {
	cmd   *exec.Cmd
	out   string
	views string
}

func startBot(t *testing.T, url, player, mode string) *bot {
	t.Helper()
	py := contesttest.Python(t, "socketio", "websocket")
	dir := t.TempDir()
	b := &bot{out: filepath.Join(dir, "out.log"), views: filepath.Join(dir, "views.jsonl")}
	f, err := os.Create(b.out)
	require.NoError(t, err)
	b.cmd = exec.Command(py, "testdata/bot.py", url, player, mode, b.views)
	b.cmd.Stdout, b.cmd.Stderr = f, f
	require.NoError(t, b.cmd.Start())
	t.Cleanup(func() {
		b.cmd.Process.Kill()
		b.cmd.Wait()
		f.Close()
		if t.Failed() {
			t.Logf("the bot %s %s printed:\n%s", player, mode, strings.Join(b.lines(t), "\n"))
		}
	})
	return b
}

// wait waits for the bot's process to end by itself.
func (b *bot) wait(t *testing.T) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("the bot did not end; it printed:\n%s", strings.Join(b.lines(t), "\n"))
	}
}

// lines are the lines the bot printed.
func (b *bot) lines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(b.out)
	require.NoError(t, err)
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// setup is a match on the original 50x50 maze.
func setup(t *testing.T, seats string, turns string, limit time.Duration) game.Setup {
	var specs []game.SeatSpec
	for _, k := range strings.Split(seats, ",") {
		specs = append(specs, game.SeatSpec{Kind: k})
	}
	return game.Setup{Title: title, Seed: 7, Map: "original", Seats: specs, Limit: limit,
		Out: filepath.Join(t.TempDir(), "guardains.arena"), Options: map[string]string{"turns": turns},
		Contest: game.ContestOptions{JoinTimeout: 30 * time.Second}}
}

// Logins from the handshake's auth header: the refusals of §6 and R32.
func TestLogins(t *testing.T) {
	t.Parallel()
	m := contesttest.Start(t, setup(t, "contest,hunter", "2", 300*time.Millisecond))
	url := "http://" + m.Addr(t)
	// python-socketio takes seconds to give up: the refused logins try at
	// once, then the good one.
	var bots []*bot
	for _, c := range []string{"no-auth", "wrong-password", "wrong-room", "not-a-seat"} {
		bots = append(bots, startBot(t, url, "player1", "probe:"+c))
	}
	for _, b := range bots {
		b.wait(t)
	}
	b := startBot(t, url, "player1", "probe:good")
	b.wait(t)
	bots = append(bots, b)
	// python-socketio reports a refusal without the server's reason.
	got := map[string]string{}
	for _, b := range bots {
		for _, l := range b.lines(t) {
			if name, _, ok := strings.Cut(l, " refused: "); ok {
				got[name] = "refused"
			} else if name, ok := strings.CutSuffix(l, " ok"); ok {
				got[name] = "ok"
			}
		}
	}
	require.Equal(t, map[string]string{"no-auth": "refused", "wrong-password": "refused", "wrong-room": "refused",
		"not-a-seat": "refused", "good": "ok", "second": "refused"}, got)
	_, _, err := m.Wait(t, 30*time.Second)
	require.NoError(t, err)

	// The login may also come as the CONNECT packet's auth payload.
	m = contesttest.Start(t, setup(t, "contest,hunter", "3", 0))
	b = startBot(t, "http://"+m.Addr(t), "player1", "payload")
	match, _, err := m.Wait(t, 30*time.Second)
	require.NoError(t, err)
	views, err := os.ReadFile(b.views)
	require.NoError(t, err)
	require.Equal(t, 3, strings.Count(string(views), "\n"), "a view a round")
	require.Equal(t, 3, match.Timeline.Len()-1)
}

// Teams' own logins: a seat's player_id and password are its team's
// (player1 is no login then); a team's login with its password as
// player_id is refused beyond loopback; two seats cannot share one.
func TestTeamLogins(t *testing.T) {
	t.Parallel()
	st := setup(t, "hunter,contest", "3", 300*time.Millisecond)
	st.Contest.Logins = map[game.Seat]game.Login{1: {User: "glarbs", Password: "glarbs"}}
	m := contesttest.Start(t, st)
	line := m.Line(t)
	require.Contains(t, line, `"player_id": "glarbs"`)
	url := "http://" + contesttest.AddrOf(t, line)
	probe := startBot(t, url, "player2", "probe:good")
	probe.wait(t)
	require.Contains(t, strings.Join(probe.lines(t), "\n"), "good refused")
	startBot(t, url, "glarbs", "payload")
	match, _, err := m.Wait(t, 30*time.Second)
	require.NoError(t, err)
	require.Equal(t, 3, match.Timeline.Len()-1)

	_, err = Open(map[game.Seat]game.SeatSpec{0: {Kind: "contest"}, 1: {Kind: "contest"}}, game.ContestOptions{Listen: "127.0.0.1:0",
		Logins: map[game.Seat]game.Login{0: {User: "q", Password: "x"}, 1: {User: "q", Password: "y"}}})
	require.ErrorContains(t, err, `contest seat 2: the player_id "q" already has a seat`)
	_, err = Open(map[game.Seat]game.SeatSpec{0: {Kind: "contest"}, 1: {Kind: "contest"}}, game.ContestOptions{Listen: "127.0.0.1:0",
		Logins: map[game.Seat]game.Login{0: {User: "q", Password: "x"}}})
	require.ErrorContains(t, err, "contest seat 2 has no login")
}

// A full match: a Python bot of the contest, over Socket.IO, against
// Arena's hunter. Its views are the engine's, byte for byte; it hears
// the statuses of §6 in order; the replay re-plays to the same end.
func TestPythonBotMatch(t *testing.T) {
	t.Parallel()
	st := setup(t, "hunter,contest", "12", 0)
	m := contesttest.Start(t, st)
	b := startBot(t, "http://"+m.Addr(t), "player2", "play")
	match, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, st.Out, res)

	// The views it got are the engine's views of seat 2, round by round.
	f, err := os.Open(b.views)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	round := 0
	for sc.Scan() {
		s := rec.Timeline.Frame(round).State.(*gg.State)
		require.Equal(t, string(s.View(2)), sc.Text(), "round %d", round)
		round++
	}
	require.Equal(t, match.Timeline.Len()-1, round, "one view a round")

	lines := b.lines(t)
	require.Equal(t, `connected {"data": "Connected"}`, lines[0])
	var statuses []string
	for _, l := range lines {
		if s, ok := strings.CutPrefix(l, "game_status "); ok && !strings.HasPrefix(s, "Game Starts in") {
			statuses = append(statuses, s)
		}
	}
	want := []string{}
	for r := 1; r <= 12; r++ {
		want = append(want, fmt.Sprintf("Game Running - Round %d", r))
	}
	want = append(want, resultLine(match.Timeline.Last().State.(*gg.State)), "Game Over")
	// The client runs each event's handler in a thread of its own: the
	// order it prints them in is not the order they came in.
	require.ElementsMatch(t, want, statuses)
	require.Eventually(t, func() bool { return slices.Contains(b.lines(t), "disconnected") }, 10*time.Second, 50*time.Millisecond,
		"Arena closes the bot's socket at the end")
}

// Bots that misbehave: one never answers (no ack), one quits, one comes
// back; one sends malformed actions, one floods. Both matches finish, with
// the rules' penalties.
func TestMisbehavingBots(t *testing.T) {
	st := setup(t, "contest,contest", "12", 300*time.Millisecond)
	m := contesttest.Start(t, st)
	url := "http://" + m.Addr(t)
	startBot(t, url, "player1", "silent")
	resume := startBot(t, url, "player2", "resume")
	match, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	s := match.Timeline.Last().State.(*gg.State)
	require.Equal(t, 300-12*gg.PenaltyTimeout, s.Penalty[0], "the silent bot times out every round (-1)")
	require.Less(t, s.Penalty[1], 300, "the bot away for some rounds times out then")
	require.Greater(t, s.Penalty[1], 300-12, "and plays again once back")
	require.Contains(t, resume.lines(t), "resumed")

	st = setup(t, "contest,contest", "8", 300*time.Millisecond)
	m = contesttest.Start(t, st)
	url = "http://" + m.Addr(t)
	startBot(t, url, "player1", "garbage")
	startBot(t, url, "player2", "flood")
	match, res, err = m.Wait(t, time.Minute)
	require.NoError(t, err)
	contesttest.SameAsLocal(t, st.Out, res)
	s = match.Timeline.Last().State.(*gg.State)
	require.Equal(t, "penalty", res.Reason, "the flood's penalty falls below zero: it loses")
	require.Equal(t, 1, res.Winner)
	require.Less(t, s.Penalty[0], 300-10, "every malformed action costs 2")
}
