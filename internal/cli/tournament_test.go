//go:build !js

package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/net/stream"
	tnet "github.com/arena-games/arena/net/tournament"
)

// The tournament commands' errors: a bad spec names its line and column
// and writes nothing; a missing command, folder or NATS address is said.
func TestTournamentCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	require.NoError(t, os.WriteFile(bad, []byte("title = \"alienwarz\"\ngames = \"two\"\n"), 0o644))
	code, _, stderr := arena("tournament", "run", bad, "--out", filepath.Join(dir, "out"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "bad.toml:2:9: games: expected a whole number of games, got a TOML string")
	require.NoDirExists(t, filepath.Join(dir, "out"), "nothing is written for a bad spec")
	code, _, stderr = arena("tournament")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "expected run SPEC, status DIR, worker --nats URL, show DIR|URL or teams FILE")
	code, _, stderr = arena("tournament", "status", filepath.Join(dir, "none"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "holds no tournament (no tournament.json)")
	code, _, stderr = arena("tournament", "worker")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "expected: arena tournament worker --nats URL")
	// --replicas: 1 to 5, more than one on a cluster only; the same for
	// arena serve.
	for _, args := range [][]string{
		{"tournament", "run", bad, "--replicas", "3"},
		{"tournament", "run", bad, "--nats", "nats://127.0.0.1:1", "--replicas", "6"},
		{"serve", "--replicas", "3"},
	} {
		code, _, stderr = arena(args...)
		require.Equal(t, 2, code, args)
		require.Contains(t, stderr, "expected 1 to 5 on a cluster (--nats); the embedded NATS keeps 1", args)
	}
	code, out, _ := arena("tournament", "run", "--help")
	require.Equal(t, 0, code)
	_ = out
}

// A tournament with teams' own bots says where they connect, with what,
// and how long a match waits; a bad --listen or --join-timeout is a usage
// error.
func TestTeamsNote(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "night.toml")
	require.NoError(t, os.WriteFile(path, []byte(`title = "aibg5"
house = "greedy"
[[entrant]]
name = "Quiffs"
seat = "contest"
login = "quiffs"
password = "q"
[[entrant]]
name = "Rust"
seat = "greedy"
`), 0o644))
	spec, err := tnet.ReadSpec(path)
	require.NoError(t, err)
	note, shared, err := teamsNote(spec, "", nil, 100*time.Second, "--join-timeout")
	require.NoError(t, err)
	require.True(t, shared)
	require.Equal(t, "the teams' bots (Quiffs) connect to 127.0.0.1:8081 with their teams' logins (AIBG 5.0's protocol) and take their seats by them; several matches at once on that port, each waiting 1m40s for them (--join-timeout)", note)
	note, _, err = teamsNote(spec, ":9000", nil, time.Minute, "the spec's join_timeout")
	require.NoError(t, err)
	require.Contains(t, note, "connect to 127.0.0.1:9000 ")
	require.Contains(t, note, "each waiting 1m0s for them (the spec's join_timeout)")
	note, _, err = teamsNote(spec, ":9000", &stream.Client{Base: "http://10.0.0.5:7070"}, time.Minute, "")
	require.NoError(t, err)
	require.Contains(t, note, "connect to the contest listener of the server http://10.0.0.5:7070 (its --listen), which plays the matches, with their teams' logins")
	_, _, err = teamsNote(spec, "host:port", nil, time.Minute, "")
	require.ErrorContains(t, err, `--listen "host:port"`)
	code, _, stderr := arena("tournament", "run", path, "--join-timeout", "0s")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "--join-timeout 0s: expected a time such as 100s")
	code, _, stderr = arena("tournament", "run", path, "--listen", "host:port", "--out", filepath.Join(t.TempDir(), "out"))
	require.Equal(t, 2, code)
	require.Contains(t, stderr, `the port "port" is not a number`)
}

// Each match waits for the teams' bots for --join-timeout when it is
// given, else for the spec's join_timeout, else 100 s.
func TestJoinTime(t *testing.T) {
	t.Parallel()
	spec := &tnet.Spec{}
	d, from := joinTime(spec, false, 0)
	require.Equal(t, 100*time.Second, d)
	require.Contains(t, from, "the default")
	spec.JoinTimeout = 40 * time.Second
	d, from = joinTime(spec, false, 0)
	require.Equal(t, 40*time.Second, d)
	require.Equal(t, "the spec's join_timeout", from)
	d, from = joinTime(spec, true, 5*time.Second)
	require.Equal(t, 5*time.Second, d, "the flag wins")
	require.Equal(t, "--join-timeout", from)
}

// arena tournament teams lists a teams file's teams without a password;
// --passwords makes those its teams lack, writes them to the file (mode
// 600) and prints them once; run again it makes none. A tournament whose
// teams lack their passwords says to run it.
func TestTournamentTeams(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "teams.toml")
	require.NoError(t, os.WriteFile(path, []byte(`# the night's teams
[[team]]
name = "Quiffs"
login = "quiffs"
[[team]]
name = "Blips"
login = "blips"
password = "kept-secret"
[[team]]
name = "Ants"
program = "ants/run.sh"
`), 0o644))
	night := filepath.Join(dir, "night.toml")
	require.NoError(t, os.WriteFile(night, []byte("title = \"aibg5\"\nteams = \"teams.toml\"\nhouse = \"training\"\n[[entrant]]\nteam = \"Quiffs\"\n[[entrant]]\nteam = \"Blips\"\n"), 0o644))
	code, _, stderr := arena("tournament", "run", night, "--out", filepath.Join(dir, "out"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "password: team 1: Quiffs has a login but no password: run arena tournament teams "+path+" --passwords")
	require.NoDirExists(t, filepath.Join(dir, "out"))

	code, out, stderr := arena("tournament", "teams", path)
	require.Equal(t, 1, code, "a program is not there")
	require.Contains(t, stderr, "teams.toml: a team's program is not there: "+filepath.Join(dir, "ants", "run.sh"))
	require.Regexp(t, `Quiffs\s+quiffs\s+none yet`, out)
	require.Regexp(t, `Blips\s+blips\s+set`, out)
	require.Contains(t, out, filepath.Join(dir, "ants", "run.sh")+" (not there)")
	require.Contains(t, out, "1 team has a login but no password (Quiffs): arena tournament teams "+path+" --passwords makes them")
	require.NotContains(t, out, "kept-secret")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "ants"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ants", "run.sh"), []byte("#!/bin/sh\n"), 0o755))

	code, out, stderr = arena("tournament", "teams", path, "--passwords")
	require.Equal(t, 0, code, stderr)
	m := regexp.MustCompile(`(?m)^Quiffs\s+quiffs\s+(\S+)$`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	require.Regexp(t, `^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$`, m[1])
	require.Contains(t, out, "new passwords for 1 team, written to "+path+" (mode 600; its comments and layout kept)")
	require.NotContains(t, out, "kept-secret", "a password already there is never printed")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(data), "# the night's teams\n[[team]]\nname = \"Quiffs\"\nlogin = \"quiffs\"\npassword = \""+m[1]+"\"\n")
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	code, again, _ := arena("tournament", "teams", path, "--passwords")
	require.Equal(t, 0, code)
	require.NotContains(t, again, m[1], "a password is printed once")
	require.Contains(t, again, "every team with a login has its password: none made")
	same, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, data, same)

	spec, err := tnet.ReadSpec(night)
	require.NoError(t, err, "the run takes the teams now")
	require.Equal(t, m[1], spec.Logins[0].Password)

	code, _, stderr = arena("tournament", "teams")
	require.Equal(t, 2, code)
	require.Contains(t, stderr, "expected one teams file")
}

// arena tournament status says which matches are played or waited for
// now: "waiting for BotDiff (1:30)".
func TestStatusSaysWhatIsOnNow(t *testing.T) {
	t.Parallel()
	f := tournament.Format{System: tournament.AIBG5, Seats: 4, Entrants: 8, Games: 1, House: true}
	require.NoError(t, f.Check())
	tt := &tournament.Tournament{ID: "n", Name: "Finals", Title: "aibg5", Format: f}
	for _, name := range []string{"Hiperparametri", "BotDiff", "CHOP", "Deep_bAlt", "A", "B", "C", "D"} {
		tt.Entrants = append(tt.Entrants, tournament.Entrant{Name: name, Seat: "contest"})
	}
	p, err := f.Plan(map[string]tournament.Result{})
	require.NoError(t, err)
	m := p.Matches[0]
	now := time.Now()
	tt.Now = []tournament.Now{{Match: m.ID, State: tournament.NowWaiting, Waiting: []int{m.Entrants[1]}, Since: now, Deadline: now.Add(90 * time.Second)}}
	ix, st, err := tt.Files(nil, tournament.StatusRunning, now)
	require.NoError(t, err)
	dir := t.TempDir()
	for name, v := range map[string]interface{ JSON() ([]byte, error) }{tournament.IndexFile: ix, tournament.StandingsFile: st} {
		data, err := v.JSON()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	code, out, stderr := arena("tournament", "status", dir)
	require.Equal(t, 0, code, stderr)
	require.Regexp(t, `  now: Groups, group A: .+: waiting for `+regexp.QuoteMeta(ix.EntrantName(m.Entrants[1]))+` \(1:(29|30)\)`, out)
}
