package tournament

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/titles"
)

// TestMain installs what arena tournament plays.
func TestMain(m *testing.M) {
	game.Install(titles.Catalog())
	os.Exit(m.Run())
}

// The minimal spec works as written.
const minimal = `title = "alienwarz"
format = "round-robin"   # also "double-round-robin", "swiss", ...
games = 2                # games per pairing, colours/seats alternating
seed = 1
[[entrant]]
name = "strategist"
seat = "strategist"
[[entrant]]
name = "miner"
seat = "miner"
`

func TestMinimalSpec(t *testing.T) {
	t.Parallel()
	s, err := ParseSpec("spec.toml", []byte(minimal))
	require.NoError(t, err)
	require.Equal(t, "alienwarz", s.Title.ID())
	require.Equal(t, "AlienWarz", s.Name)
	require.Equal(t, tournament.RoundRobin, s.Format.System)
	require.Equal(t, 2, s.Format.Games)
	require.EqualValues(t, 1, s.Format.Seed)
	require.Equal(t, []tournament.Entrant{{Name: "strategist", Seat: "strategist"}, {Name: "miner", Seat: "miner"}}, s.Entrants)
	require.Nil(t, s.House)
	require.Len(t, s.Hash, 64)
}

func TestSpecWithEverything(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bot := filepath.Join(dir, "bots", "a", "run.sh")
	require.NoError(t, os.MkdirAll(filepath.Dir(bot), 0o755))
	require.NoError(t, os.WriteFile(bot, []byte("#!/bin/sh\n"), 0o755))
	spec := `title = "alienwarz"
name = "AIBG v4 finals"
format = "alienwarz"
games = 2
seed = 7
maps = ["canyon", "fields"]
limit = "3s"
join_timeout = "45s"
deciders = 1
third_place = true
[options]
orig_move_cost = true
[[entrant]]
name = "Team A"
seat = "process:bots/a/run.sh"
[[entrant]]
name = "Team B"
seat = "miner"
`
	path := filepath.Join(dir, "finals.toml")
	s, err := ParseSpec(path, []byte(spec))
	require.NoError(t, err)
	require.Equal(t, "AIBG v4 finals", s.Name)
	require.NotNil(t, s.House, "the alienwarz format's house bot defaults to Arena's strongest")
	require.Equal(t, "strategist", s.House.Kind)
	require.Equal(t, 1, s.Format.Deciders)
	require.Equal(t, 45*time.Second, s.JoinTimeout)
	require.Equal(t, []string{"canyon", "fields"}, s.Format.Maps)
	require.Equal(t, "true", s.Options["orig_move_cost"])
	require.Equal(t, "process", s.Seats[0].Kind)
	require.Equal(t, 5, s.Format.Direct)
}

func TestSpecErrorsNameTheLineAndTheKey(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ spec, want string }{
		{"title = \"alienwarz\"\nGames = 2\n", "spec.toml:2: Games: keys are case-sensitive: write games"},
		{"title = \"alienwarz\"\ngmaes = 2\n", "spec.toml:2: gmaes: unknown key (known: advance, deciders, direct, draw, entrant, format, games,"},
		{"title = \"alienwarz\"\ngames = \"two\"\n", "spec.toml:2:9: games: expected a whole number of games, got a TOML string"},
		{"title = \"chess\"\n[[entrant]]\nname='a'\nseat='x'\n", `spec.toml:1: title: "chess" is not a game: expected one of`},
		{"title = \"alienwarz\"\n", "spec.toml: entrant: none: a tournament needs [[entrant]] tables"},
		{minimal + "[[entrant]]\nname = \"c\"\nseat = \"strategst\"\n", `spec.toml:13: seat: entrant 3 (c): unknown player "strategst" for AlienWarz (known: human, miner, strategist, process)`},
		{minimal + "[[entrant]]\nname = \"me\"\nseat = \"human\"\n", "spec.toml:13: seat: entrant 3 (me): a person cannot sit in a tournament"},
		{minimal + "[[entrant]]\nname = \"Miner\"\nseat = \"miner\"\n", `spec.toml:12: name: entrant 3 is named "Miner", as entrant 2 is: names must differ`},
		{minimal + "[[entrant]]\nname = \"p\"\nseat = \"process:nowhere/run.sh\"\n", "no bot program at nowhere/run.sh"},
		{minimal + "rounds = 3\n", ""},
		{"title = \"alienwarz\"\nformat = \"swiss\"\nrounds = 9\n" + minimal[len("title = \"alienwarz\"\nformat = \"round-robin\"   # also \"double-round-robin\", \"swiss\", ...\n"):], "spec.toml:3: rounds: 9: a Swiss of 2 entrants plays 1 to 1 rounds"},
		{"title = \"alienwarz\"\nformat = \"league\"\n[[entrant]]\nname='a'\nseat='miner'\n[[entrant]]\nname='b'\nseat='miner'\n", `spec.toml:2: format: "league" is not a format; the formats are round-robin, double-round-robin, swiss`},
		{"title = \"alienwarz\"\nmaps = [\"atlantis\"]\n[[entrant]]\nname='a'\nseat='miner'\n[[entrant]]\nname='b'\nseat='miner'\n", `spec.toml:2: maps: map 1 (atlantis): start AlienWarz: alienwarz: no level "atlantis"`},
		{"title = \"alienwarz\"\nlimit = \"soon\"\n[[entrant]]\nname='a'\nseat='miner'\n[[entrant]]\nname='b'\nseat='miner'\n", `spec.toml:2: limit: "soon": expected a time per move`},
		{"title = \"alienwarz\"\njoin_timeout = \"0s\"\n[[entrant]]\nname='a'\nseat='miner'\n[[entrant]]\nname='b'\nseat='miner'\n", `spec.toml:2: join_timeout: "0s": expected how long each match waits for the teams' bots to join, such as "100s"`},
		{"title = \"aibg5\"\nformat = \"aibg5\"\n[[entrant]]\nname='a'\nseat='greedy'\n[[entrant]]\nname='b'\nseat='greedy'\n[[entrant]]\nname='c'\nseat='greedy'\n", "spec.toml: house: 3 entrants make heats of 3 in round 1, short of the game's 4 seats: set house"},
		{"title = 3\n", "spec.toml:1:9: title: expected a game's ID as text, got a TOML integer"},
		{"title = \n", "spec.toml:1:9: unexpected character"},
	} {
		if c.spec == minimal+"rounds = 3\n" {
			// A key after the last [[entrant]] belongs to it.
			_, err := ParseSpec("spec.toml", []byte(c.spec))
			require.ErrorContains(t, err, "spec.toml:11: entrant.rounds: unknown key (known: login, name, password, seat, team)")
			continue
		}
		_, err := ParseSpec("spec.toml", []byte(c.spec))
		require.ErrorContains(t, err, c.want, c.spec)
	}
}

func FuzzParseSpec(f *testing.F) {
	f.Add([]byte(minimal))
	f.Add([]byte("title = \"aibg5\"\nformat = \"aibg5\"\nhouse = \"greedy\"\n[points]\nplaces = [3, 2, 1, 0]\n[[entrant]]\nname='a'\nseat='greedy'\n[[entrant]]\nname='b'\nseat='tactical'\n"))
	f.Add([]byte("title = \"santorini\"\nformat = \"double-elimination\"\n[[entrant]]\nname='a'\nseat='alphabeta:2'\n[[entrant]]\nname='b'\nseat='minimax:1'\n[[entrant]]\nname='c'\nseat='competitive:50ms'\n"))
	f.Add([]byte("title = \"alienwarz\"\nformat = \"swiss\"\nrounds = 2\n[options]\nturns = 10\n[[entrant]]\nname='a'\nseat='miner'\n[[entrant]]\nname='b'\nseat='miner'\n[[entrant]]\nname='c'\nseat='strategist'\n"))
	f.Add([]byte("\x00\xff[[[[ = "))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSpec("spec.toml", data)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		require.NotEmpty(t, s.Entrants)
		p, err := s.Format.Plan(nil)
		require.NoError(t, err)
		require.LessOrEqual(t, len(p.Matches), tournament.MaxMatches)
	})
}

// sixteenTeams writes a teams file of 16 teams beside a copy of the preset
// docs/specs/NAME: with logins and passwords, or with programs (which it
// writes too); it returns the copy's path.
func sixteenTeams(t *testing.T, name string, programs bool) string {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "specs", name))
	require.NoError(t, err)
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	var teams strings.Builder
	for i := range 16 {
		fmt.Fprintf(&teams, "[[team]]\nname = \"Team %02d\"\n", i+1)
		if programs {
			prog := filepath.Join("teams", fmt.Sprintf("t%02d", i+1), "run.sh")
			require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(prog)), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, prog), []byte("#!/bin/sh\n"), 0o755))
			fmt.Fprintf(&teams, "program = %q\n", prog)
		} else {
			fmt.Fprintf(&teams, "login = \"team%02d\"\npassword = \"pw-%02d\"\n", i+1, i+1)
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "teams.toml"), []byte(teams.String()), 0o600))
	return path
}

// The contests' nights in docs/specs, each run with one teams file of 16
// teams: every team an entrant in the file's order, the contest's own
// settings, and the contest's own plan.
func TestNightPresets(t *testing.T) {
	t.Parallel()
	t.Run("aibg5", func(t *testing.T) {
		s, err := ReadSpec(sixteenTeams(t, "aibg5-night.toml", false))
		require.NoError(t, err)
		require.Equal(t, "aibg5", s.Title.ID())
		require.Equal(t, tournament.AIBG5, s.Format.System)
		require.Len(t, s.Entrants, 16)
		for i, e := range s.Entrants {
			require.Equal(t, tournament.Entrant{Name: fmt.Sprintf("Team %02d", i+1), Seat: "contest"}, e)
			require.Equal(t, fmt.Sprintf("team%02d", i+1), s.Logins[i].User)
		}
		require.Equal(t, 100*time.Second, s.JoinTimeout)
		require.Equal(t, 3*time.Second, s.Limit)
		require.Equal(t, "training", s.House.Kind)
		require.Equal(t, 1, s.Format.Games)
		require.Equal(t, tournament.DrawRandom, s.Format.Draw)

		// The first round: four groups of four, every one playable now.
		p, err := s.Format.Plan(nil)
		require.NoError(t, err)
		rounds := p.Stages[0].Rounds
		require.Len(t, rounds, 2)
		require.Equal(t, "Groups", rounds[0].Name)
		require.Equal(t, "Final", rounds[1].Name)
		require.Len(t, rounds[0].Series, 4)
		var drawn []int
		for _, g := range rounds[0].Series {
			require.Len(t, g.Entrants, 4)
			drawn = append(drawn, g.Entrants...)
		}
		slices.Sort(drawn)
		require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, drawn, "each team in one group")
		require.Len(t, p.Matches, 4, "the four groups' games, known at once: they wait for nothing")
		for _, m := range p.Matches {
			require.Equal(t, 1, m.Round)
		}
		require.Equal(t, 5, p.Estimate)

		// The groups played: the final is the four group winners.
		results := map[string]tournament.Result{}
		var winners []int
		for _, m := range p.Matches {
			results[m.ID] = tournament.Result{ID: m.ID, Winner: 3, Ranking: []int{3, 1, 2, 4}}
			winners = append(winners, m.Entrants[2])
		}
		p, err = s.Format.Plan(results)
		require.NoError(t, err)
		require.Len(t, p.Matches, 5)
		final := p.Matches[4]
		require.Equal(t, 2, final.Round)
		require.ElementsMatch(t, winners, final.Entrants)
	})
	t.Run("guardains", func(t *testing.T) {
		s, err := ReadSpec(sixteenTeams(t, "guardains-night.toml", false))
		require.NoError(t, err)
		require.Equal(t, tournament.GuardAIns, s.Format.System)
		require.Len(t, s.Entrants, 16)
		require.Equal(t, "contest", s.Entrants[15].Seat)
		require.Equal(t, 100*time.Second, s.JoinTimeout)
		require.Equal(t, time.Second, s.Limit)
		require.Equal(t, []string{"original"}, s.Format.Maps)
		require.Equal(t, 4, s.Format.Pools)
		require.Equal(t, 2, s.Format.Advance)
		require.True(t, s.Format.ThirdPlace)
		p, err := s.Format.Plan(nil)
		require.NoError(t, err)
		var pools []string
		for _, st := range p.Stages {
			pools = append(pools, st.Name)
		}
		require.Equal(t, []string{"Pool A", "Pool B", "Pool C", "Pool D", "Knock-out"}, pools)
		require.Len(t, p.Matches, 4*6*2, "four pools of four: six pairings each, two games a pairing")
		ko := p.Stages[4].Rounds
		require.Len(t, ko[0].Series, 4, "quarter-finals: the first two of each pool")
		require.Equal(t, "third", ko[len(ko)-1].Side, "a playoff for third")
	})
	t.Run("alienwarz", func(t *testing.T) {
		s, err := ReadSpec(sixteenTeams(t, "alienwarz-night.toml", true))
		require.NoError(t, err)
		require.Equal(t, tournament.AlienWarz, s.Format.System)
		require.Len(t, s.Entrants, 16)
		require.Equal(t, "process", s.Seats[0].Kind)
		require.Equal(t, filepath.Join(filepath.Dir(s.Path), "teams", "t01", "run.sh"), s.Seats[0].Strength)
		require.Equal(t, "strategist", s.House.Kind, "the organisers' bot: Arena's strongest")
		require.Equal(t, 3*time.Second, s.Limit)
		require.Equal(t, 2, s.Format.Games)
		require.Equal(t, 5, s.Format.Direct)
		require.Equal(t, 6, s.Format.PlayIn)
		p, err := s.Format.Plan(nil)
		require.NoError(t, err)
		require.Equal(t, []string{"Ranking", "Play-in", "Bracket"}, []string{p.Stages[0].Name, p.Stages[1].Name, p.Stages[2].Name})
		require.Len(t, p.Matches, 32, "every team plays the house bot twice, all at once")
		for _, m := range p.Matches {
			require.Contains(t, m.Entrants, tournament.House)
		}
	})
	// A night whose teams have logins but no passwords yet says what to run.
	path := sixteenTeams(t, "aibg5-night.toml", false)
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(path), "teams.toml"), []byte("[[team]]\nname = \"A\"\nlogin = \"a\"\n[[team]]\nname = \"B\"\nlogin = \"b\"\n"), 0o644))
	_, err := ReadSpec(path)
	require.ErrorContains(t, err, "aibg5-night.toml:19: teams: ")
	require.ErrorContains(t, err, "teams.toml:1: password: team 1: A has a login but no password: run arena tournament teams")
}
