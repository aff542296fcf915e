package tournament

import (
	"os"
	"path/filepath"
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
