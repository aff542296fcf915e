//go:build !js

package cli

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// diffGames are a short game of each title between its bots.
var diffGames = []struct {
	id, mapName string
	seats       []string
	opts        map[string]string
}{
	{"santorini", "", []string{"alphabeta:1", "alphabeta:2"}, nil},
	{"aibg5", "", []string{"training", "greedy", "greedy", "training"}, map[string]string{"turns": "15"}},
	{"alienwarz", "", []string{"miner", "strategist"}, map[string]string{"turns": "40"}},
	{"guardains", "maze:24x16", []string{"hunter", "explorer"}, map[string]string{"rounds": "40"}},
	{"aic21", "meadow", []string{"forager", "colony"}, map[string]string{"turns": "40"}},
}

// diffLine is the line arena diff prints.
type diffLine struct {
	FirstTurn *int    `json:"first_turn"`
	Seat      *int    `json:"seat"`
	Seats     []int   `json:"seats"`
	A         *string `json:"a"`
	B         *string `json:"b"`
	TurnsA    int     `json:"turns_a"`
	TurnsB    int     `json:"turns_b"`
}

// playTo plays a game of a diffGames entry between its bots into path.
func playTo(t *testing.T, id, mapName string, seats []string, opts map[string]string, seed int64, path string) *game.Recording {
	t.Helper()
	title, err := game.Lookup(id)
	require.NoError(t, err)
	specs, err := game.ParseSeats(title, strings.Join(seats, ","))
	require.NoError(t, err)
	st := game.Setup{Title: title, Seats: specs, Seed: seed, Map: mapName, Options: opts, Out: path}
	m, closeFiles, err := st.Start()
	require.NoError(t, err)
	_, err = m.Run(t.Context())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	rec, err := game.OpenFile(path)
	require.NoError(t, err)
	return rec
}

// diffOf runs arena diff and reads its line.
func diffOf(t *testing.T, a, b string) diffLine {
	t.Helper()
	code, stdout, stderr := arena("diff", a, b)
	require.Equal(t, 0, code, stderr)
	require.Equal(t, 1, strings.Count(stdout, "\n"), "one JSON line")
	var d diffLine
	require.NoError(t, json.Unmarshal([]byte(stdout), &d), stdout)
	return d
}

// In each game, a match and its copy whose one seat played another move
// at turn N part ways at turn N: arena diff names the turn, the seat and
// both moves. A game and itself are the same.
func TestDiffFindsTheTurnWhereOneMoveChanged(t *testing.T) {
	for _, g := range diffGames {
		t.Run(g.id, func(t *testing.T) {
			dir := t.TempDir()
			pathA, pathB := filepath.Join(dir, "a.arena"), filepath.Join(dir, "b.arena")
			a := playTo(t, g.id, g.mapName, g.seats, g.opts, 5, pathA)
			n := a.Timeline.Len()
			require.Greater(t, n, 6, "a game of some turns")

			// Turn N: the first after the middle where a seat moved; its
			// first seat plays another of its moves there.
			turn := n / 2
			for len(a.Timeline.Frame(turn).Moves) == 0 {
				turn++
			}
			moves := a.Timeline.Frame(turn).Moves
			seat := slices.Min(slices.Collect(maps.Keys(moves)))
			other := ""
			for i := 1; i < n && other == ""; i++ {
				if m, ok := a.Timeline.Frame(i).Moves[seat]; ok && m != moves[seat] {
					other = m
				}
			}
			require.NotEmpty(t, other, "%v plays more than one move", seat)

			// B: A's moves, but the other move at turn N, then A's moves
			// while the engine takes them.
			b, eng, err := game.Play(a.Title, a.Header, nil)
			require.NoError(t, err)
			for i := 1; i < n && !eng.Over(); i++ {
				step := maps.Clone(a.Timeline.Frame(i).Moves)
				if i == turn {
					step[seat] = other
				}
				if err := game.Advance(b, eng, step, nil); err != nil {
					require.Greater(t, i, turn, "A's moves play until the games part ways")
					break
				}
			}
			require.NoError(t, game.Save(b, pathB))

			d := diffOf(t, pathA, pathB)
			t.Logf("turn %d, %v: %q, then %q", turn, seat, moves[seat], other)
			require.NotNil(t, d.FirstTurn)
			require.Equal(t, turn, *d.FirstTurn)
			require.Equal(t, seat.Number(), *d.Seat)
			require.Contains(t, d.Seats, seat.Number())
			require.Equal(t, moves[seat], *d.A)
			require.NotNil(t, d.B)
			require.NotEqual(t, *d.A, *d.B)
			require.Equal(t, n-1, d.TurnsA)

			same := diffOf(t, pathA, pathA)
			require.Nil(t, same.FirstTurn, "a game and itself")
			require.Nil(t, same.Seat)
			require.Nil(t, same.A)
			require.Equal(t, n-1, same.TurnsB)
		})
	}
}

// A game that is the other's start differs at the turn after its end,
// where its move is null; two original move files compare too.
func TestDiffOfAGameThatEndsEarlier(t *testing.T) {
	dir := t.TempDir()
	long := playTo(t, "santorini", "", []string{"alphabeta:1", "alphabeta:2"}, nil, 1, filepath.Join(dir, "long.arena"))
	var steps []map[game.Seat]string
	for i := 1; i <= 5; i++ {
		steps = append(steps, long.Timeline.Frame(i).Moves)
	}
	short, _, err := game.Play(long.Title, long.Header, steps)
	require.NoError(t, err)
	require.NoError(t, game.Save(short, filepath.Join(dir, "short.arena")))

	d := diffOf(t, filepath.Join(dir, "short.arena"), filepath.Join(dir, "long.arena"))
	require.Equal(t, 6, *d.FirstTurn)
	require.Nil(t, d.A, "the short game has no turn 6")
	require.Equal(t, long.Timeline.Frame(6).Moves[game.Seat(*d.Seat-1)], *d.B)
	require.Equal(t, [2]int{5, long.Timeline.Len() - 1}, [2]int{d.TurnsA, d.TurnsB})

	// The move files beside the replays: Santorini's original format.
	d = diffOf(t, filepath.Join(dir, "short.txt"), filepath.Join(dir, "long.txt"))
	require.Equal(t, 6, *d.FirstTurn)
	require.Nil(t, d.A)
}

// Replays that cannot be compared: exit status 1, and the reason names
// the file and the field.
func TestDiffRefusesWhatItCannotCompare(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	playTo(t, "santorini", "", []string{"alphabeta:1", "alphabeta:1"}, nil, 1, path("s1.arena"))
	playTo(t, "santorini", "", []string{"alphabeta:1", "alphabeta:1"}, nil, 2, path("s2.arena"))
	playTo(t, "aic21", "meadow", []string{"forager", "forager"}, map[string]string{"turns": "12"}, 1, path("m.arena"))
	playTo(t, "aic21", "crossing", []string{"forager", "forager"}, map[string]string{"turns": "12"}, 1, path("c.arena"))
	playTo(t, "aic21", "meadow", []string{"forager", "forager"}, map[string]string{"turns": "13"}, 1, path("t.arena"))
	for _, f := range []string{"m", "c"} {
		code, _, stderr := arena("export", "--format", "aic21-log", path(f+".arena"), path(f+".json"))
		require.Equal(t, 0, code, stderr)
	}
	for _, c := range []struct {
		a, b string
		want string
	}{
		{"s1.arena", "missing.arena", "missing.arena: no such file"},
		{"s1.arena", "m.arena", "the game is Santorini in " + path("s1.arena") + ", AIC21 in " + path("m.arena")},
		{"s1.arena", "s2.arena", "the seed is 1 in " + path("s1.arena") + ", 2 in " + path("s2.arena")},
		{"m.arena", "c.arena", `the map is "meadow" in ` + path("m.arena") + `, "crossing" in ` + path("c.arena")},
		{"m.arena", "t.arena", `the option turns is "12" in ` + path("m.arena") + `, "13" in ` + path("t.arena")},
		{"m.json", "m.json", path("m.json") + " (AIC21 log.json) records the states of its turns, not the moves"},
	} {
		code, stdout, stderr := arena("diff", path(c.a), path(c.b))
		require.Equal(t, 1, code, "%s %s: %s", c.a, c.b, stdout)
		require.Empty(t, stdout)
		require.Contains(t, stderr, c.want)
	}
	code, _, stderr := arena("diff", path("s1.arena"))
	require.Equal(t, 2, code, "one replay is not a command line that makes sense")
	require.Contains(t, stderr, "expected two replays")
}

// The original formats that record the moves compare: AlienWarz's game
// log with a copy of its game that another move changed at turn 10, and
// each with itself; AIC21's log.json records none (above).
func TestDiffOfOriginalFormats(t *testing.T) {
	const log = "../../../shared/fixtures/alienwarz/gameLog_2024-05-16_09-52-52.txt"
	gametest.Need(t, log)
	a, err := game.OpenFile(log)
	require.NoError(t, err)
	const turn = 10
	seat := slices.Min(slices.Collect(maps.Keys(a.Timeline.Frame(turn).Moves)))
	b, eng, err := game.Play(a.Title, a.Header, nil)
	require.NoError(t, err)
	for i := 1; i < a.Timeline.Len() && !eng.Over(); i++ {
		step := maps.Clone(a.Timeline.Frame(i).Moves)
		if i == turn {
			step[seat] = "rest"
		}
		if game.Advance(b, eng, step, nil) != nil {
			break
		}
	}
	path := filepath.Join(t.TempDir(), "b.arena")
	require.NoError(t, game.Save(b, path))
	d := diffOf(t, log, path)
	require.Equal(t, turn, *d.FirstTurn)
	require.Equal(t, seat.Number(), *d.Seat)
	require.Equal(t, a.Timeline.Frame(turn).Moves[seat], *d.A)
	require.Equal(t, "rest", *d.B)

	for _, f := range []string{log, "../../../shared/fixtures/guardains/player1_transcript.jsonl.gz", "../../../shared/fixtures/aibg5/states/initial_state.json"} {
		gametest.Need(t, f)
		require.Nil(t, diffOf(t, f, f).FirstTurn, f)
	}
}
