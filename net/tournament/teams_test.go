package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

const teamsTOML = `[[team]]
name = "Quiffs"
login = "quiffs"
password = "q-pass"

[[team]]
name = "Glarbs"
login = "glarbs"
password = "g-pass"

[[team]]
name = "Ants"
program = "ants/run.sh"
`

// A teams file: names, logins and programs, checked, with errors that
// name the file, the line and the key.
func TestTeams(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "teams.toml")
	teams, err := ParseTeams(path, []byte(teamsTOML))
	require.NoError(t, err)
	require.Equal(t, []Team{{Name: "Quiffs", Login: game.Login{User: "quiffs", Password: "q-pass"}},
		{Name: "Glarbs", Login: game.Login{User: "glarbs", Password: "g-pass"}},
		{Name: "Ants", Program: filepath.Join(dir, "ants", "run.sh")}}, teams)
	for _, c := range []struct{ text, err string }{
		{"", path + ": team: none"},
		{"[[team]]\nname = \"A\"\npassword = \"x\"\n", path + ":1: login: team 1: A has a password but no login"},
		{"[[team]]\nname = \"A\"\nlogin = \"a\"\npassword = \"x\"\n[[team]]\nname = \"a\"\nprogram = \"p\"\n", path + ":6: name: team 2: \"a\" is team 1's name too"},
		{"[[team]]\nname = \"A\"\nlogin = \"a\"\npassword = \"x\"\n[[team]]\nname = \"B\"\nlogin = \"a\"\npassword = \"y\"\n", path + ":7: login: team 2: \"a\" is team 1's login too"},
		{"[[team]]\nname = \"A\"\n", path + ":1: login: team 1: A has neither a login nor a program"},
		{"[[team]]\nname = \"A\"\nlogin = \"a b\"\npassword = \"x\"\n", path + ":3: login: team 1: \"a b\" holds a space"},
		{"[[team]]\nname = \"A\"\ncolour = \"red\"\n", path + ":3: team.colour: unknown key (known: login, name, password, program)"},
		{"[[team]]\nname = \"A\"\nlogin = \"a\"\npassword = \"x\"\nPassword = \"\"\n", path + ":5: team.Password: keys are case-sensitive: write team.password"},
	} {
		_, err := ParseTeams(path, []byte(c.text))
		require.ErrorContains(t, err, c.err, c.text)
	}
}

// A spec's entrants from its teams file, or with their own logins: a
// contest seat whose bots log in needs one; a login is for such a seat
// only; no two entrants share one.
func TestSpecTeams(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "teams.toml"), []byte(teamsTOML), 0o644))
	spec := func(entrants string) (*Spec, error) {
		path := filepath.Join(dir, "spec.toml")
		return ParseSpec(path, []byte("title = \"aibg5\"\nteams = \"teams.toml\"\n"+entrants))
	}
	s, err := spec(`[[entrant]]
team = "quiffs"
[[entrant]]
name = "The Glarbs"
team = "Glarbs"
[[entrant]]
name = "Dust"
seat = "contest"
login = "dust"
password = "d"
[[entrant]]
name = "Rust"
seat = "greedy"
`)
	require.NoError(t, err)
	require.Equal(t, []string{"Quiffs", "The Glarbs", "Dust", "Rust"}, []string{s.Entrants[0].Name, s.Entrants[1].Name, s.Entrants[2].Name, s.Entrants[3].Name})
	require.Equal(t, []game.Login{{User: "quiffs", Password: "q-pass"}, {User: "glarbs", Password: "g-pass"}, {User: "dust", Password: "d"}, {}}, s.Logins)
	require.Equal(t, "contest", s.Entrants[0].Seat)
	data, err := json.Marshal(s.Entrants)
	require.NoError(t, err)
	require.NotContains(t, string(data), "pass", "the entrants, as the tournament's files show them, hold no password")

	for _, c := range []struct{ entrants, err string }{
		{"[[entrant]]\nname = \"A\"\nseat = \"contest\"\n", `spec.toml:5: seat: entrant 1 (A): a "contest" seat needs its team's login and password`},
		{"[[entrant]]\nname = \"A\"\nseat = \"greedy\"\nlogin = \"a\"\npassword = \"p\"\n", `spec.toml:6: login: entrant 1 (A): a login is for a contest seat whose bots log in`},
		{"[[entrant]]\nteam = \"Quiffs\"\n[[entrant]]\nname = \"Q2\"\nseat = \"contest\"\nlogin = \"quiffs\"\npassword = \"p\"\n", `login: entrant 2 (Q2): the login "quiffs" is entrant 1's too`},
		{"[[entrant]]\nteam = \"Nobody\"\n", `spec.toml:4: team: entrant 1: no team "Nobody" in teams.toml`},
		{"[[entrant]]\nteam = \"Quiffs\"\nlogin = \"x\"\npassword = \"y\"\n", `login: entrant 1: give its team or its login and password, not both`},
	} {
		_, err := spec(c.entrants)
		require.ErrorContains(t, err, c.err, c.entrants)
	}
}

// AIC21's units started by hand each need their own token, printed for
// one match at a time: in a tournament a team hands in its client, which
// Arena's server runs, as the original's did.
func TestAIC21TeamsHandInTheirClients(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ants.toml")
	require.NoError(t, os.WriteFile(path, []byte("title = \"aic21\"\n[[entrant]]\nname = \"Atta\"\nseat = \"contest\"\n[[entrant]]\nname = \"House\"\nseat = \"colony\"\n"), 0o644))
	_, err := ReadSpec(path)
	require.ErrorContains(t, err, `ants.toml:4: seat: entrant 1 (Atta): AIC21's units started by hand are for arena play: in a tournament, Arena's server runs each team's client`)
}

// freePort is a port of 127.0.0.1 nobody listens on now.
func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// night is an AIBG 5.0 night of two games with seed: the teams Quiffs and
// Glarbs and two built-in bots; and a free address for the teams' bots.
func night(t *testing.T, seed int) (*Spec, string) { return longNight(t, seed, "200ms", 4) }

// longNight is night with a time per move and turns per game.
func longNight(t *testing.T, seed int, limit string, turns int) (*Spec, string) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "teams.toml"), []byte(teamsTOML), 0o644))
	path := filepath.Join(dir, "night.toml")
	require.NoError(t, os.WriteFile(path, fmt.Appendf(nil, `title = "aibg5"
name = "Night"
teams = "teams.toml"
games = 2
seed = %d
limit = %q
[options]
turns = %d
[[entrant]]
team = "Quiffs"
[[entrant]]
team = "Glarbs"
[[entrant]]
name = "Rust"
seat = "greedy"
[[entrant]]
name = "Dust"
seat = "tactical"
`, seed, limit, turns), 0o644))
	spec, err := ReadSpec(path)
	require.NoError(t, err)
	return spec, freePort(t)
}

// teamBot is a team's AIBG 5.0 bot on a contest night: it logs in with its
// team's login (again and again until a match listens), joins, plays its
// turns until the match is over, and starts again for the next match. It
// tells joined which playerIdx each join gave it.
func teamBot(ctx context.Context, url, user, pass string, joined func(idx int)) {
	call := func(method, path, token string, body any) (int, []byte, error) {
		data, _ := json.Marshal(body)
		req, err := http.NewRequestWithContext(ctx, method, url+path, bytes.NewReader(data))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer res.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(res.Body)
		return res.StatusCode, b.Bytes(), nil
	}
	for ctx.Err() == nil {
		status, body, err := call("POST", "/user/login", "", map[string]string{"username": user, "password": pass})
		if err != nil || status != http.StatusAccepted {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		var tok struct{ Token string }
		json.Unmarshal(body, &tok)
		status, body, err = call("GET", "/game/joinGame", tok.Token, nil)
		if err != nil || status != http.StatusAccepted {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		var r struct{ PlayerIdx int }
		json.Unmarshal(body, &r)
		joined(r.PlayerIdx)
		for ctx.Err() == nil {
			_, body, err := call("POST", "/game/doAction", tok.Token, map[string]string{"action": "attack,0,0"})
			if err != nil || strings.Contains(string(body), "Igra je završena") {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// The headline of a contest night: two teams' bots, started in the same
// order for every match, take their own seats as the seats rotate (by
// their logins, never by the order they come in), every result counts
// (its replay proves which login held which seat) and each team gets its
// own.
func TestTeamsTakeTheirOwnSeats(t *testing.T) {
	t.Parallel()
	spec, addr := night(t, 4)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	seen := map[string][]int{}
	bots, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, team := range []struct{ user, pass string }{{"glarbs", "g-pass"}, {"quiffs", "q-pass"}} {
		wg.Go(func() {
			teamBot(bots, "http://"+addr, team.user, team.pass, func(idx int) {
				mu.Lock()
				seen[team.user] = append(seen[team.user], idx)
				mu.Unlock()
			})
		})
		time.Sleep(50 * time.Millisecond) // Glarbs' bot comes first, every time
	}
	out := filepath.Join(t.TempDir(), "night")
	st, err := Run(ctx, spec, Options{Dir: out, Workers: 1, AckWait: 10 * time.Second, Listen: addr, JoinTimeout: 30 * time.Second})
	stop()
	wg.Wait()
	require.NoError(t, err)
	require.Equal(t, 2, st.Matches)
	results := resultLines(t, out)
	require.Len(t, results, 2)
	var idx tournament.Index
	data, err := os.ReadFile(filepath.Join(out, "tournament.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &idx))
	require.NotContains(t, string(data), "pass", "no password in the tournament's files")
	logins := map[int]string{0: "quiffs", 1: "glarbs"} // by entrant
	held := map[string][]int{}
	for _, m := range idx.Matches {
		rec, err := game.OpenFile(filepath.Join(out, m.Replay()))
		require.NoError(t, err, m.ID)
		var names []string
		for _, e := range m.Entrants {
			names = append(names, spec.Entrants[e].Name)
		}
		require.Equal(t, names, rec.Header.Players, "the replay names the seats' players")
		require.Equal(t, names, rec.Summary().Players, "arena info prints them")
		for i, e := range m.Entrants {
			if login, ok := logins[e]; ok {
				require.Equal(t, login, rec.Header.Config.Options[fmt.Sprintf("name%d", i+1)], "%s: seat %d is %s's", m.ID, i+1, login)
				held[login] = append(held[login], i+1)
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	require.ElementsMatch(t, held["glarbs"], seen["glarbs"], "each join gave Glarbs' bot its own seat")
	require.ElementsMatch(t, held["quiffs"], seen["quiffs"])
	require.NotEqual(t, held["glarbs"][0], held["glarbs"][1], "the seats rotated")
}

// A team that never comes loses each of its matches as the rules say of a
// bot that does not answer (AIBG 5.0: removed, so last), and the
// tournament goes on.
func TestAbsentTeamLoses(t *testing.T) {
	t.Parallel()
	spec, addr := night(t, 9)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bots, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { teamBot(bots, "http://"+addr, "quiffs", "q-pass", func(int) {}) }) // Glarbs never come
	out := filepath.Join(t.TempDir(), "night")
	st, err := Run(ctx, spec, Options{Dir: out, Workers: 1, AckWait: 10 * time.Second, Listen: addr, JoinTimeout: time.Second})
	stop()
	wg.Wait()
	require.NoError(t, err)
	require.Equal(t, 2, st.Matches)
	var idx tournament.Index
	data, err := os.ReadFile(filepath.Join(out, "tournament.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &idx))
	for _, m := range idx.Matches {
		require.NotNil(t, m.Result, m.ID)
		glarbs := slices.Index(m.Entrants, 1) + 1 // Glarbs' seat, as the ranking numbers seats
		require.Equal(t, glarbs, m.Result.Ranking[len(m.Result.Ranking)-1], "%s: the absent team is last: %v", m.ID, m.Result.Ranking)
	}
}

// A teams file is outside input: any bytes give teams that hold up or an
// error that says what is wrong.
func FuzzParseTeams(f *testing.F) {
	f.Add([]byte(teamsTOML))
	f.Add([]byte("[[team]]\nname = \"A\"\nlogin = \"a\"\n"))
	f.Add([]byte("\x00\xff[[[[ = "))
	f.Add([]byte(loginsOnly))
	f.Add([]byte("[[team]]\r\nname = \"A\"\r\nlogin = 'a' # hers\r\npassword = ''"))
	f.Fuzz(func(t *testing.T, data []byte) {
		teams, err := ParseTeams("teams.toml", data)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		require.NotEmpty(t, teams)
		names, logins := map[string]bool{}, map[string]bool{}
		for _, tm := range teams {
			require.NotEmpty(t, tm.Name)
			require.False(t, names[strings.ToLower(tm.Name)], "names differ")
			names[strings.ToLower(tm.Name)] = true
			require.True(t, tm.Login.User != "" || tm.Program != "", "a login or a program")
			require.True(t, tm.Login.User != "" || tm.Login.Password == "", "a password has its login")
			if tm.Login.User != "" {
				require.False(t, logins[tm.Login.User], "logins differ")
				logins[tm.Login.User] = true
			}
		}
		// The passwords written in place read back as the same teams with
		// them, or the file is written again from its keys.
		fresh := map[int]string{}
		for i, tm := range teams {
			if tm.Login.User != "" && tm.Login.Password == "" {
				fresh[i] = fmt.Sprintf("pw%d-abcd", i)
			}
		}
		if len(fresh) > 0 {
			if edited, ok := withPasswords(data, len(teams), fresh); ok {
				require.True(t, samePasswords("teams.toml", edited, teams, fresh), "%q", edited)
			}
		}
	})
}

// The AIBG 5.0 night: eight entrants, four of them teams' bots, in two
// groups played at once on one port (the night's door) and a final; each
// team plays one match at a time, every bot takes its own seat in every
// match, and matches of different teams overlap.
func TestNightPlaysGroupsAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "teams.toml"), []byte(`[[team]]
name = "Ants"
login = "ants"
password = "a"
[[team]]
name = "Bees"
login = "bees"
password = "b"
[[team]]
name = "Cats"
login = "cats"
password = "c"
[[team]]
name = "Dogs"
login = "dogs"
password = "d"
`), 0o644))
	path := filepath.Join(dir, "night.toml")
	entrants := ""
	for _, team := range []string{"Ants", "Bees", "Cats", "Dogs"} {
		entrants += fmt.Sprintf("[[entrant]]\nteam = %q\n", team)
	}
	for _, bot := range []string{"g1", "g2", "g3", "g4"} {
		entrants += fmt.Sprintf("[[entrant]]\nname = %q\nseat = \"greedy\"\n", bot)
	}
	require.NoError(t, os.WriteFile(path, []byte("title = \"aibg5\"\nteams = \"teams.toml\"\nformat = \"aibg5\"\nhouse = \"greedy\"\nseed = 5\nlimit = \"300ms\"\n[options]\nturns = 3\n"+entrants), 0o644))
	spec, err := ReadSpec(path)
	require.NoError(t, err)
	addr := freePort(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	bots, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, team := range []string{"ants", "bees", "cats", "dogs"} {
		wg.Go(func() {
			teamBot(bots, "http://"+addr, team, team[:1], func(int) {})
		})
	}
	out := filepath.Join(t.TempDir(), "night")
	st, err := Run(ctx, spec, Options{Dir: out, Workers: 2, AckWait: 20 * time.Second, Listen: addr, JoinTimeout: 30 * time.Second})
	stop()
	wg.Wait()
	require.NoError(t, err)
	results := resultLines(t, out)
	require.Len(t, results, st.Matches)
	overlap := false
	for i, a := range results {
		for _, b := range results[i+1:] {
			endA, endB := a.Began.Add(time.Duration(a.Seconds*float64(time.Second))), b.Began.Add(time.Duration(b.Seconds*float64(time.Second)))
			overlap = overlap || (a.Began.Before(endB) && b.Began.Before(endA))
		}
	}
	require.True(t, overlap, "two matches were played at once")
	var idx tournament.Index
	data, err := os.ReadFile(filepath.Join(out, "tournament.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &idx))
	for _, m := range idx.Matches {
		rec, err := game.OpenFile(filepath.Join(out, m.Replay()))
		require.NoError(t, err, m.ID)
		for i, e := range m.Entrants {
			if e >= 0 && e < 4 {
				require.Equal(t, strings.ToLower(spec.Entrants[e].Name), rec.Header.Config.Options[fmt.Sprintf("name%d", i+1)], "%s seat %d", m.ID, i+1)
			}
		}
	}
}

// loginsOnly is a teams file as an organiser writes it before the night:
// logins without passwords (one with password = ""), one team that
// already has its password, one with a program; with comments.
const loginsOnly = `# The night's teams.
[[team]]
name = "Quiffs"     # the players' name
login = "quiffs"    # AIBG's username

[[team]]
  name = "Glarbs"
  login = "glarbs"
  password = ""     # to be made

[[team]]
name = "Blips"
login = "blips"
password = "kept-secret"

[[team]]
name = "Ants"
program = "ants/run.sh"
`

// A teams file may be written with logins only; FillPasswords gives each
// team without a password a new one, writes the file back atomically with
// mode 600 and every other line as it was, keeps the passwords already
// there, and has nothing to do the second time.
func TestFillPasswords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "teams.toml")
	require.NoError(t, os.WriteFile(path, []byte(loginsOnly), 0o644))
	teams, err := ReadTeams(path)
	require.NoError(t, err, "logins without passwords make a teams file")
	require.Equal(t, game.Login{User: "quiffs"}, teams[0].Login)
	before, err := os.Stat(path)
	require.NoError(t, err)

	filled, err := FillPasswords(path)
	require.NoError(t, err)
	require.False(t, filled.Rewritten)
	require.Len(t, filled.Teams, 2)
	require.Equal(t, []string{"Quiffs", "Glarbs"}, []string{filled.Teams[0].Name, filled.Teams[1].Name})
	shape := regexp.MustCompile(`^[` + PasswordAlphabet + `]{4}(-[` + PasswordAlphabet + `]{4}){3}$`)
	for _, tm := range filled.Teams {
		require.Regexp(t, shape, tm.Login.Password)
	}
	require.NotEqual(t, filled.Teams[0].Login.Password, filled.Teams[1].Login.Password)

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	want := strings.Replace(loginsOnly, "login = \"quiffs\"    # AIBG's username\n",
		"login = \"quiffs\"    # AIBG's username\npassword = \""+filled.Teams[0].Login.Password+"\"\n", 1)
	want = strings.Replace(want, "  password = \"\"     # to be made", "  password = \""+filled.Teams[1].Login.Password+"\"     # to be made", 1)
	require.Equal(t, want, string(data), "only the passwords change; comments, order and layout stay")
	after, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), after.Mode().Perm(), "readable by its owner only")
	require.False(t, os.SameFile(before, after), "a new file renamed over the old one, never the old one written in place")
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, left, 1, "no temporary file left")
	teams, err = ReadTeams(path)
	require.NoError(t, err)
	require.Equal(t, "kept-secret", teams[2].Login.Password, "a password already there is kept")
	require.Equal(t, filled.Teams[0].Login, teams[0].Login)

	again, err := FillPasswords(path)
	require.NoError(t, err)
	require.Empty(t, again.Teams, "the second time, no team lacks a password")
	same, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, data, same, "and nothing is written")
}

// Files that FillPasswords edits in place: Windows line ends, a login on
// the file's last line without a line end; and teams written as inline
// tables, which it writes again from their keys.
func TestFillPasswordsLayouts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text string
		rewritten  bool
		want       string // with PW for the new password
	}{
		{"crlf", "[[team]]\r\nname = \"A\"\r\nlogin = \"a\" # hers\r\n", false, "[[team]]\r\nname = \"A\"\r\nlogin = \"a\" # hers\r\npassword = \"PW\"\r\n"},
		{"last line", "[[team]]\nname = \"A\"\nlogin = \"a\"", false, "[[team]]\nname = \"A\"\nlogin = \"a\"\npassword = \"PW\"\n"},
		{"literal", "[[team]]\nname = \"A\"\nlogin = 'a'\npassword = ''\n", false, "[[team]]\nname = \"A\"\nlogin = 'a'\npassword = \"PW\"\n"},
		{"inline", "team = [{name = \"A\", login = \"a\"}, {name = \"B\", program = \"b.sh\"}]\n", true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "teams.toml")
			require.NoError(t, os.WriteFile(path, []byte(c.text), 0o600))
			filled, err := FillPasswords(path)
			require.NoError(t, err)
			require.Len(t, filled.Teams, 1)
			require.Equal(t, c.rewritten, filled.Rewritten)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			if c.want != "" {
				require.Equal(t, strings.ReplaceAll(c.want, "PW", filled.Teams[0].Login.Password), string(data))
			}
			teams, err := ReadTeams(path)
			require.NoError(t, err)
			require.Equal(t, filled.Teams[0].Login, teams[0].Login)
			if c.rewritten {
				require.Equal(t, filepath.Join(filepath.Dir(path), "b.sh"), teams[1].Program, "every key kept")
			}
		})
	}
	// A bad teams file is not touched.
	path := filepath.Join(t.TempDir(), "teams.toml")
	require.NoError(t, os.WriteFile(path, []byte("[[team]]\nname = \"A\"\ncolour = \"red\"\n"), 0o644))
	_, err := FillPasswords(path)
	require.ErrorContains(t, err, "teams.toml:3: team.colour: unknown key")
}

// Passwords are random, typeable and never ambiguous to read.
func TestNewPassword(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 200 {
		pw, err := NewPassword()
		require.NoError(t, err)
		require.Len(t, pw, 19)
		require.NotContainsf(t, pw, "0", pw)
		for _, r := range "o1li" {
			require.NotContains(t, pw, string(r))
		}
		require.False(t, seen[pw])
		seen[pw] = true
	}
}

// A spec without [[entrant]] tables plays every team of its teams file,
// in the file's order; a team with a login but no password yet is refused
// with what to run; a team's mistake names the teams file's line.
func TestEveryTeamPlays(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	teams := filepath.Join(dir, "teams.toml")
	require.NoError(t, os.WriteFile(teams, []byte("[[team]]\nname = \"Quiffs\"\nlogin = \"quiffs\"\npassword = \"q-pass\"\n[[team]]\nname = \"Glarbs\"\nlogin = \"glarbs\"\npassword = \"g-pass\"\n"), 0o644))
	spec := func(text string) (*Spec, error) {
		return ParseSpec(filepath.Join(dir, "night.toml"), []byte(text))
	}
	s, err := spec("title = \"aibg5\"\nteams = \"teams.toml\"\nhouse = \"training\"\n")
	require.NoError(t, err)
	require.Equal(t, []tournament.Entrant{{Name: "Quiffs", Seat: "contest"}, {Name: "Glarbs", Seat: "contest"}}, s.Entrants)
	require.Equal(t, []game.Login{{User: "quiffs", Password: "q-pass"}, {User: "glarbs", Password: "g-pass"}}, s.Logins)

	// A program where AIBG 5.0's bots log in; a login where AlienWarz ran
	// the programs; a program that is not there.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "teams.toml"), []byte("[[team]]\nname = \"Quiffs\"\nlogin = \"quiffs\"\npassword = \"q\"\n[[team]]\nname = \"Ants\"\nprogram = \"ants.sh\"\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ants.sh"), []byte("#!/bin/sh\n"), 0o755))
	_, err = spec("title = \"aibg5\"\nteams = \"teams.toml\"\n")
	require.ErrorContains(t, err, "night.toml:2: teams: "+teams+":7: program: team 2 (Ants): unknown player \"process\" for AIBG 5.0")
	require.ErrorContains(t, err, "AIBG 5.0's bots log in to Arena: give the team its login")
	_, err = spec("title = \"alienwarz\"\nformat = \"alienwarz\"\nteams = \"teams.toml\"\n")
	require.ErrorContains(t, err, "night.toml:3: teams: "+teams+":3: login: team 1 (Quiffs): ")
	require.ErrorContains(t, err, "AlienWarz's bots do not log in to Arena: give the team its program")
	require.NoError(t, os.Remove(filepath.Join(dir, "ants.sh")))
	_, err = spec("title = \"alienwarz\"\nteams = \"teams.toml\"\n[[entrant]]\nteam = \"Ants\"\n[[entrant]]\nname = \"m\"\nseat = \"miner\"\n")
	require.ErrorContains(t, err, "night.toml:2: teams: "+teams+":7: program: team 2: Ants's program is not there: "+filepath.Join(dir, "ants.sh"))

	// Logins without passwords: the run says what to do, whether every
	// team plays or the [[entrant]] tables name them.
	require.NoError(t, os.WriteFile(teams, []byte(loginsOnly), 0o644))
	for _, text := range []string{"title = \"aibg5\"\nteams = \"teams.toml\"\n", "title = \"aibg5\"\nteams = \"teams.toml\"\n[[entrant]]\nteam = \"Blips\"\n[[entrant]]\nteam = \"Quiffs\"\n"} {
		_, err = spec(text)
		require.ErrorContains(t, err, "night.toml:2: teams: "+teams+":2: password: team 1: Quiffs has a login but no password: run arena tournament teams "+teams+" --passwords, which gives every team without one a new password")
	}
}
