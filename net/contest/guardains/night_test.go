package guardains

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	gg "github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/contest/contesttest"
	tnet "github.com/arena-games/arena/net/tournament"
)

// night are the logins of the night's teams. On loopback a password may
// be the player_id, as testdata/bot.py logs in.
var night = []game.Login{{User: "ants", Password: "ants"}, {User: "bees", Password: "bees"},
	{User: "cats", Password: "cats"}, {User: "dogs", Password: "dogs"}, {User: "eels", Password: "eels"}}

// freeAddr is a 127.0.0.1 address nobody listens on now: a night's door.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// nightMatch starts a match of turns rounds on the night's door at addr:
// team a's bot plays seat 1, team b's seat 2.
func nightMatch(t *testing.T, addr string, seed int64, turns int, a, b string) *contesttest.Match {
	st := setup(t, "contest,contest", fmt.Sprint(turns), 0)
	st.Seed = seed
	st.Contest = game.ContestOptions{Listen: addr, JoinTimeout: 20 * time.Second, KeepOpen: true, Teams: night,
		Logins: map[game.Seat]game.Login{0: {User: a, Password: a}, 1: {User: b, Password: b}}}
	m := contesttest.Start(t, st)
	m.Line(t) // the connect lines, one a seat: it is open
	m.Line(t)
	return m
}

// goBot is one login of a team's bot written in Go, as the template
// behaves: its login in the handshake's auth header; to every view one
// action, which names its team (malformed: it costs 2, and the replay
// shows who played the seat), and the ack. It keeps what it heard.
type goBot struct {
	login string
	quit  int                  // it leaves, without answering, at its quit-th view (0: never)
	games int                  // it leaves after its games-th "Game Over" (0: never)
	think func() time.Duration // how long it takes over an answer (nil: none)

	mu        sync.Mutex
	statuses  []string
	views     []string
	connected int
	joined    time.Time // when its login was accepted
	viewed    time.Time // when its first view came
}

// play logs in at addr and plays until the server closes the connection,
// ctx ends or it leaves; the error is a refusal, or a dial's.
func (b *goBot) play(ctx context.Context, addr, password, room string) error {
	auth, _ := json.Marshal(map[string]string{"player_id": b.login, "password": password, "room": room})
	c, _, err := websocket.Dial(ctx, "ws://"+addr+"/socket.io/?EIO=4&transport=websocket",
		&websocket.DialOptions{HTTPHeader: http.Header{"Auth": {string(auth)}}})
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(-1)
	send := func(p string) { c.Write(ctx, websocket.MessageText, []byte(p)) }
	send("40")
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			return nil
		}
		p := string(msg)
		switch {
		case p == "2":
			send("3")
		case strings.HasPrefix(p, "40"):
			b.mu.Lock()
			b.joined = time.Now()
			b.mu.Unlock()
		case strings.HasPrefix(p, "44"):
			return fmt.Errorf("refused: %s", p[2:])
		case strings.HasPrefix(p, "42"):
			body := strings.TrimLeft(p[2:], "0123456789")
			ack := p[2 : len(p)-len(body)]
			var ev []json.RawMessage
			if json.Unmarshal([]byte(body), &ev) != nil || len(ev) < 2 {
				continue
			}
			var name, status string
			json.Unmarshal(ev[0], &name)
			b.mu.Lock()
			switch name {
			case "connected":
				b.connected++
			case "game_status":
				json.Unmarshal(ev[1], &status)
				b.statuses = append(b.statuses, status)
			case "action":
				if b.viewed.IsZero() {
					b.viewed = time.Now()
				}
				b.views = append(b.views, string(ev[1]))
			}
			quit := name == "action" && len(b.views) == b.quit ||
				name == "game_status" && status == "Game Over" && b.games > 0 && b.games == b.over()
			b.mu.Unlock()
			if quit {
				return nil
			}
			if name == "action" {
				if b.think != nil {
					time.Sleep(b.think())
				}
				send(`42["action",{"team":"` + b.login + `"}]`)
				send("43" + ack + "[]")
			}
		}
	}
}

// waited reports whether the bot was told to wait ("Game Starts in"),
// and before any view.
func (b *goBot) waited() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.connected > 0 && len(b.views) == 0 && slices.ContainsFunc(b.statuses, func(s string) bool { return strings.HasPrefix(s, "Game Starts in") })
}

// over is how many times it heard "Game Over". b.mu is held.
func (b *goBot) over() int {
	return len(slices.DeleteFunc(slices.Clone(b.statuses), func(s string) bool { return s != "Game Over" }))
}

// running are the "Game Running" and later statuses it heard.
func (b *goBot) running() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, s := range b.statuses {
		if !strings.HasPrefix(s, "Game Starts in") {
			out = append(out, s)
		}
	}
	return out
}

// playing plays bot b in the background; done is closed when its
// connection ends.
func playing(t *testing.T, addr string, b *goBot) (done chan struct{}) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	done = make(chan struct{})
	go func() {
		defer close(done)
		defer cancel()
		if err := b.play(ctx, addr, b.login, "gameRoom"); err != nil {
			t.Errorf("%s: %v", b.login, err)
		}
	}()
	return done
}

// played checks a match against what its bots heard: each bot's views are
// the engine's of its seat, round by round, in its own match; its
// statuses are its own match's, each round's and the result.
func played(t *testing.T, m *contesttest.Match, bots ...*goBot) {
	t.Helper()
	match, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, m.Out, res)
	rounds := match.Timeline.Len() - 1
	for seat, b := range bots {
		b.mu.Lock()
		views := slices.Clone(b.views)
		b.mu.Unlock()
		require.Len(t, views, rounds, "%s: a view a round", b.login)
		for r, v := range views {
			require.Equal(t, string(rec.Timeline.Frame(r).State.(*gg.State).View(seat+1)), v, "%s: round %d", b.login, r)
		}
		want := []string{}
		for r := 1; r <= rounds; r++ {
			want = append(want, fmt.Sprintf("Game Running - Round %d", r))
		}
		want = append(want, resultLine(match.Timeline.Last().State.(*gg.State)), "Game Over")
		require.Equal(t, want, b.running(), "%s hears its own match only", b.login)
		for r := 1; r < match.Timeline.Len(); r++ {
			require.Equal(t, `{"team":"`+b.login+`"}`, match.Timeline.Frame(r).Moves[game.Seat(seat)], "%s plays seat %d", b.login, seat+1)
		}
	}
}

// The night's door: two matches at once on one port, four teams' bots
// that come in any order, each seated by its login in its own match, each
// hearing its own match only; the matches end as their replays say.
func TestDoorPlaysTwoMatchesAtOnce(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	m1 := nightMatch(t, addr, 1, 4, "ants", "bees")
	m2 := nightMatch(t, addr, 2, 7, "cats", "dogs")
	bots := map[string]*goBot{}
	var done []chan struct{}
	for _, team := range []string{"dogs", "bees", "cats", "ants"} {
		bots[team] = &goBot{login: team, games: 1}
		done = append(done, playing(t, addr, bots[team]))
	}
	played(t, m1, bots["ants"], bots["bees"])
	played(t, m2, bots["cats"], bots["dogs"])
	for _, d := range done {
		<-d // they left after their match
	}
	for _, pair := range [][2]*goBot{{bots["ants"], bots["bees"]}, {bots["cats"], bots["dogs"]}} {
		last := pair[0].joined
		if pair[1].joined.After(last) {
			last = pair[1].joined
		}
		t.Logf("%s - %s: from the last login to the first view: %v", pair[0].login, pair[1].login, min(pair[0].viewed.Sub(last), pair[1].viewed.Sub(last)).Round(time.Microsecond))
	}
	require.Equal(t, 3, bots["ants"].connected+bots["bees"].connected, "each login greets its match's sockets: seat 1 gets two")
	require.Equal(t, 3, bots["cats"].connected+bots["dogs"].connected)
}

// The door holds a team's bot whose match has not opened, whether it
// comes early or between two of its matches, and seats it when the match
// opens. The early ones are the contest's own python-socketio bots
// (testdata/bot.py, as the template): they wait more than python-socketio's
// 1 s of wait_timeout, and play.
func TestDoorHoldsBotsUntilTheirMatch(t *testing.T) {
	t.Parallel()
	contesttest.Python(t, "socketio", "websocket")
	addr := freeAddr(t)
	m1 := nightMatch(t, addr, 3, 3, "ants", "bees")
	ants, bees := &goBot{login: "ants", games: 1}, &goBot{login: "bees", games: 1}
	playing(t, addr, ants)
	playing(t, addr, bees)

	// Cats and dogs come before their match opens: they wait.
	url := "http://" + addr
	cats, dogs := startBot(t, url, "cats", "play"), startBot(t, url, "dogs", "play")
	for _, b := range []*bot{cats, dogs} {
		require.Eventually(t, func() bool {
			n := 0
			for _, l := range b.lines(t) {
				if strings.HasPrefix(l, "game_status Game Starts in") {
					n++
				}
			}
			return n >= 3
		}, 20*time.Second, 20*time.Millisecond, "the bot waits, told so every second")
	}
	m2 := nightMatch(t, addr, 4, 5, "cats", "dogs")
	played(t, m1, ants, bees)

	// Ants come back between their two matches, and eels before their
	// first: both wait, then play.
	again, eels := &goBot{login: "ants", games: 1}, &goBot{login: "eels", games: 1}
	playing(t, addr, again)
	playing(t, addr, eels)
	require.Eventually(t, func() bool { return again.waited() && eels.waited() }, 10*time.Second, 10*time.Millisecond)
	opened := time.Now()
	m3 := nightMatch(t, addr, 5, 3, "eels", "ants")
	played(t, m3, eels, again)
	again.mu.Lock()
	t.Logf("from the match's opening to the waiting bots' first view: %v", again.viewed.Sub(opened).Round(time.Millisecond))
	again.mu.Unlock()

	match, res, err := m2.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, m2.Out, res)
	for seat, b := range []*bot{cats, dogs} {
		views, err := os.ReadFile(b.views)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(views)), "\n")
		require.Len(t, lines, match.Timeline.Len()-1, "a view a round")
		for r, v := range lines {
			require.Equal(t, string(rec.Timeline.Frame(r).State.(*gg.State).View(seat+1)), v, "seat %d, round %d", seat+1, r)
		}
		require.Contains(t, b.lines(t), "game_status Game Over")
	}
}

// The night's door refuses a login nobody knows and a wrong password with
// the original's texts, and a second login of a team whose bot is
// connected (R32), seated or waiting; a team's bot may name any room.
func TestDoorRefusals(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	m := nightMatch(t, addr, 6, 3, "ants", "bees")
	eels := &goBot{login: "eels"}
	playing(t, addr, eels)
	require.Eventually(t, eels.waited, 10*time.Second, 10*time.Millisecond)
	refused := func(id, password string) string {
		return wsLogin(t, addr, "", map[string]string{"player_id": id, "password": password, "room": "room12"})
	}
	require.Equal(t, `refused: {"data":null,"message":"Wrong Username"}`, refused("owls", "owls"))
	require.Equal(t, `refused: {"data":null,"message":"Wrong Password for ants"}`, refused("ants", "bees"))
	require.Equal(t, `refused: {"data":null,"message":"Wrong Password for eels"}`, refused("eels", "x"))
	require.Equal(t, `refused: {"data":null,"message":"eels Already Connected"}`, refused("eels", "eels"))
	require.Equal(t, "connected", refused("cats", "cats"), "a team of the night, in any room")
	ants := &goBot{login: "ants"}
	playing(t, addr, ants)
	require.Eventually(t, func() bool { ants.mu.Lock(); defer ants.mu.Unlock(); return ants.connected > 0 }, 10*time.Second, 10*time.Millisecond)
	require.Equal(t, `refused: {"data":null,"message":"ants Already Connected"}`, refused("ants", "ants"))
	bees := &goBot{login: "bees"}
	playing(t, addr, bees)
	played(t, m, ants, bees)
}

// A tournament night of four teams on the night's door, as arena
// tournament plays it: two matches at once (GuardAIns' contest is
// Shared), each team's bot logged in once (again while the door is not
// open yet) and waiting on its connection for its next match after each;
// every team plays each of its matches in its own seat, as the replays'
// moves show, and every result counts.
func TestDoorTournamentNight(t *testing.T) {
	t.Parallel()
	require.True(t, Contest.Shared)
	dir := t.TempDir()
	teams, entrants := "", ""
	for _, team := range []string{"ants", "bees", "cats", "dogs"} {
		teams += fmt.Sprintf("[[team]]\nname = %q\nlogin = %q\npassword = %q\n", team, team, team+"-pw")
		entrants += fmt.Sprintf("[[entrant]]\nteam = %q\n", team)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "teams.toml"), []byte(teams), 0o644))
	path := filepath.Join(dir, "night.toml")
	require.NoError(t, os.WriteFile(path, []byte(`title = "guardains"
name = "Night"
teams = "teams.toml"
format = "round-robin"
games = 1
seed = 11
maps = ["original"]
[options]
turns = 30
`+entrants), 0o644))
	spec, err := tnet.ReadSpec(path)
	require.NoError(t, err)
	addr := freeAddr(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bots, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var mu sync.Mutex
	played, logins, viewed := map[string]int{}, map[string]int{}, map[string]bool{}
	for _, team := range []string{"ants", "bees", "cats", "dogs"} {
		// Until all four teams have had a view, a tenth of a second an
		// answer keeps the first match going (up to 3 s: 30 rounds) while
		// the other worker starts the other match of its round on a busy
		// machine; from then on, no time.
		think := func() time.Duration {
			mu.Lock()
			defer mu.Unlock()
			if viewed[team] = true; len(viewed) < 4 {
				return 100 * time.Millisecond
			}
			return 0
		}
		wg.Go(func() {
			for bots.Err() == nil {
				b := &goBot{login: team, think: think}
				if err := b.play(bots, addr, team+"-pw", "gameRoom"); err != nil {
					time.Sleep(20 * time.Millisecond) // the door is not open yet
					continue
				}
				mu.Lock()
				played[team] += b.over()
				logins[team]++
				mu.Unlock()
			}
		})
	}
	out := filepath.Join(t.TempDir(), "night")
	st, err := tnet.Run(ctx, spec, tnet.Options{Dir: out, Workers: 2, AckWait: 20 * time.Second, Listen: addr, JoinTimeout: 30 * time.Second})
	stop()
	wg.Wait()
	require.NoError(t, err)
	require.Equal(t, 6, st.Matches)
	require.Equal(t, map[string]int{"ants": 3, "bees": 3, "cats": 3, "dogs": 3}, played)
	require.Equal(t, map[string]int{"ants": 1, "bees": 1, "cats": 1, "dogs": 1}, logins, "one login a team, all night")
	var idx tournament.Index
	data, err := os.ReadFile(filepath.Join(out, "tournament.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &idx))
	require.Len(t, idx.Matches, 6)
	type span struct{ from, to time.Time }
	var spans []span
	for _, m := range idx.Matches {
		require.NotNil(t, m.Result, m.ID)
		spans = append(spans, span{m.Result.Began, m.Result.Began.Add(time.Duration(m.Result.Seconds * float64(time.Second)))})
		rec, err := game.OpenFile(filepath.Join(out, m.Replay()))
		require.NoError(t, err, m.ID)
		for seat, e := range m.Entrants {
			login := spec.Logins[e].User
			for r := 1; r < rec.Timeline.Len(); r++ {
				require.Equal(t, `{"team":"`+login+`"}`, rec.Timeline.Frame(r).Moves[game.Seat(seat)], "%s: seat %d is %s's", m.ID, seat+1, login)
			}
		}
	}
	overlap := false
	for i, a := range spans {
		for _, b := range spans[i+1:] {
			overlap = overlap || (a.from.Before(b.to) && b.from.Before(a.to))
		}
	}
	require.True(t, overlap, "two matches were played at once")
}

// A team's bot that leaves mid-match logs in again on the night's door
// and resumes its seat (R32): it gets the views of the rounds from then
// on, its seat's; the rounds it was away, it answered nothing.
func TestDoorResumesASeat(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	m := nightMatch(t, addr, 8, 8, "ants", "bees")
	bees := playing(t, addr, &goBot{login: "bees", games: 1})
	ants := &goBot{login: "ants", quit: 3}
	require.NoError(t, ants.play(context.Background(), addr, "ants", "gameRoom"), "its first login")
	ants.quit, ants.games = 0, 1
	<-playing(t, addr, ants)
	<-bees
	match, res, err := m.Wait(t, time.Minute)
	require.NoError(t, err)
	rec := contesttest.SameAsLocal(t, m.Out, res)
	var rounds []int
	for _, v := range ants.views {
		var view struct {
			Round int `json:"round_no"`
		}
		require.NoError(t, json.Unmarshal([]byte(v), &view))
		require.Equal(t, string(rec.Timeline.Frame(view.Round).State.(*gg.State).View(1)), v, "round %d", view.Round)
		rounds = append(rounds, view.Round)
	}
	require.Equal(t, []int{0, 1, 2}, rounds[:3])
	require.Greater(t, len(rounds), 3, "it resumed")
	require.Equal(t, match.Timeline.Len()-2, rounds[len(rounds)-1], "up to the last round")
	for r := 1; r < match.Timeline.Len(); r++ {
		want := `{"team":"ants"}`
		if !slices.Contains(rounds, r-1) || r == 3 {
			want = "" // away, or gone with the view unanswered
		}
		require.Equal(t, want, match.Timeline.Frame(r).Moves[0], "round %d", r-1)
	}
}

// The night's door checks the teams' logins: a login's password is the
// same all night, and beyond loopback none is its player_id.
func TestDoorChecksLogins(t *testing.T) {
	t.Parallel()
	seats := map[game.Seat]game.SeatSpec{0: {Kind: "contest"}, 1: {Kind: "contest"}}
	opts := game.ContestOptions{Listen: freeAddr(t), KeepOpen: true, Teams: night,
		Logins: map[game.Seat]game.Login{0: {User: "ants", Password: "ants"}, 1: {User: "bees", Password: "bees"}}}
	l, err := Open(seats, opts)
	require.NoError(t, err)
	require.NoError(t, l.Close())
	opts.Logins = map[game.Seat]game.Login{0: {User: "cats", Password: "x"}, 1: {User: "dogs", Password: "dogs"}}
	_, err = Open(seats, opts)
	require.ErrorContains(t, err, `login "cats": its password is not the one it had tonight`)
	opts.Listen = contesttest.Beyond(t)
	opts.Logins = map[game.Seat]game.Login{0: {User: "cats", Password: "c-secret"}, 1: {User: "dogs", Password: "d-secret"}}
	_, err = Open(seats, opts)
	require.ErrorContains(t, err, `the password of login "ants" is its player_id, which anyone guesses`)
}
