//go:build !js

package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
)

// A gauntlet between two fixed-depth players: every game reported, colours
// alternating over the openings, and a summary with the Elo interval.
func TestSantoriniMatch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "games") // made by the match
	code, stdout, stderr := arena("santorini", "match", "--a", "alphabeta:2", "--b", "alphabeta:1", "--games", "4", "--out", dir)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "match: A alphabeta:2 against B alphabeta:1, up to 4 games from 2 openings")
	for i, want := range []string{"game 1 (opening 1, P1 A, P2 B)", "game 2 (opening 1, P1 B, P2 A)", "game 3 (opening 2, P1 A, P2 B)", "game 4 (opening 2, P1 B, P2 A)"} {
		require.Contains(t, stdout, want, i)
	}
	require.Regexp(t, `result: A alphabeta:2 against B alphabeta:1: 4 games, A won \d, drew 0, lost \d \(score \d+\.\d%\)`, stdout)
	require.Regexp(t, `elo: A - B = [-+](\d+|inf), 95% interval [-+](\d+|inf) to [-+](\d+|inf)`, stdout)
	require.Contains(t, stdout, "forfeits: A 0, B 0")
	require.Contains(t, stdout, "late: A no time per move, B no time per move")
	// Each game's replay and move file, from the opening's position.
	files, err := filepath.Glob(filepath.Join(dir, "game-*.arena"))
	require.NoError(t, err)
	require.Len(t, files, 4)
	moves, err := os.ReadFile(filepath.Join(dir, "game-001.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, moves)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--a", "alphabeta:2"}, "--a and --b are required"},
		{[]string{"--a", "human", "--b", "alphabeta:1"}, "not a person"},
		{[]string{"--a", "alphabeta:2", "--b", "chess:1"}, `unknown player "chess"`},
		{[]string{"--a", "alphabeta:2", "--b", "alphabeta:1", "--sprt", "10,0"}, "ELO0 < ELO1"},
		{[]string{"--a", "alphabeta:2", "--b", "alphabeta:1", "--games", "0"}, "at least 1"},
		{[]string{"--a", "alphabeta:2", "--b", "alphabeta:1", "extra"}, "flags only"},
	} {
		code, _, stderr := arena(append([]string{"santorini", "match"}, c.args...)...)
		require.Equal(t, 2, code, c.args)
		require.Contains(t, stderr, c.want, c.args)
	}
}

// Openings in the placement: the players place, their placements are
// timed as moves, and an opening that is over is refused with its line.
func TestGauntletFromPlacement(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "openings.txt")
	require.NoError(t, os.WriteFile(file, []byte("# the empty board, then P1 placed\n0000000000000000000000000/1//\n0000000000000000000000000/2/C3,B2/\n"), 0o644))
	code, stdout, stderr := arena("santorini", "match", "--a", "competitive:50ms", "--b", "alphabeta:1", "--games", "4", "--openings", file, "--out", dir)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "up to 4 games from 2 openings")
	require.Regexp(t, `result: A competitive:50ms against B alphabeta:1: 4 games`, stdout)
	require.Contains(t, stdout, "forfeits: A 0, B 0")
	require.Regexp(t, `late: A \d+ of \d+ moves over 70\.0 ms`, stdout, "the placements are timed too")
	// The move files hold the lines played from the opening: both
	// placements from the empty board, P2's from the second opening.
	for i, placed := range []int{2, 2, 1, 1} {
		moves, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.txt", i+1)))
		require.NoError(t, err)
		lines := strings.Split(string(moves), "\n")
		for k := range placed {
			require.Regexp(t, `^[A-E][1-5] [A-E][1-5]$`, lines[k], i)
		}
		require.Regexp(t, `^[A-E][1-5] [A-E][1-5] [A-E][1-5]$`, lines[placed], i)
	}

	over := filepath.Join(dir, "over.txt")
	require.NoError(t, os.WriteFile(over, []byte("0000000000000000000000000/1/C3,B2/B3,D2\n0002000042000004300004000/2/C3,C1/A1,E5\n"), 0o644))
	code, _, stderr = arena("santorini", "match", "--a", "alphabeta:1", "--b", "alphabeta:1", "--openings", over)
	require.NotEqual(t, 0, code)
	require.Contains(t, stderr, "over.txt:2: ")
	require.Contains(t, stderr, "an opening is in the placement or in play")
}

// The statistics of the gauntlet as it writes them: the Elo of a score
// (+inf and -inf at the ends), and the sequential test's flags. The maths
// are game/tournament's (TestEloAndItsInterval, TestSPRT).
func TestGauntletStatistics(t *testing.T) {
	require.Equal(t, "+0", eloText(0.5))
	require.Equal(t, "+191", eloText(0.75))
	require.Equal(t, "-191", eloText(0.25))
	require.Equal(t, "+inf", eloText(1))
	require.Equal(t, "-inf", eloText(0))

	s, err := parseSPRT("0,30", 0.05, 0.05)
	require.NoError(t, err)
	require.Equal(t, tournament.SPRT{Elo0: 0, Elo1: 30, Alpha: 0.05, Beta: 0.05}, *s)
	g := &gauntlet{sprt: s}
	require.Empty(t, g.verdict(tournament.WDL{Wins: 3, Losses: 1}), "four games decide nothing")
	require.Equal(t, "H1 accepted (A is stronger by about 30 Elo or more)", g.verdict(tournament.WDL{Wins: 300, Losses: 100}))
	require.Equal(t, "H0 accepted (A is not stronger by 30 Elo)", g.verdict(tournament.WDL{Wins: 500, Losses: 500}))
	for _, bad := range []string{"", "30", "30,0", "a,b", "0,30,60"} {
		_, err := parseSPRT(bad, 0.05, 0.05)
		require.Error(t, err, bad)
	}
	_, err = parseSPRT("0,30", 0.5, 0.05)
	require.Error(t, err)
}

// The gauntlet of the targets, run on request: the competitive
// player against another engine (the version before, for instance), for
// example
//
//	go test -run '^$' -bench Gauntlet -benchtime 1x -timeout 0 ./internal/cli \
//	  -gauntlet.b 'engine:300ms:/path/to/arena-before santorini engine'
var (
	gauntletA     = flag.String("gauntlet.a", "competitive:300ms", "BenchmarkGauntlet: the seat under test")
	gauntletB     = flag.String("gauntlet.b", "", "BenchmarkGauntlet: its opponent, such as engine:300ms:./arena-before santorini engine")
	gauntletGames = flag.Int("gauntlet.games", 100, "BenchmarkGauntlet: games")
)

// BenchmarkGauntlet plays -gauntlet.games games of -gauntlet.a against
// -gauntlet.b and reports a's share of the points, the Elo difference and
// its 95% interval, the forfeits, a's slowest move and its moves later
// than its time plus 20 ms (a game's first move apart).
func BenchmarkGauntlet(b *testing.B) {
	if *gauntletB == "" {
		b.Skip("needs -gauntlet.b, the opponent")
	}
	for b.Loop() {
		g, err := newGauntlet(gauntletFlags{a: *gauntletA, b: *gauntletB, games: *gauntletGames, seed: 1, concurrency: 1, grace: time.Second})
		require.NoError(b, err)
		var out strings.Builder
		t, err := g.play(context.Background(), &out)
		require.NoError(b, err, out.String())
		b.Log("\n" + out.String())
		s := t.Score()
		lo, hi := t.Interval()
		b.ReportMetric(100*s, "%score")
		b.ReportMetric(tournament.ScoreElo(s), "elo")
		b.ReportMetric(tournament.ScoreElo(lo), "elo-low")
		b.ReportMetric(tournament.ScoreElo(hi), "elo-high")
		b.ReportMetric(float64(t.forfeits[0]), "forfeits")
		b.ReportMetric(float64(t.timing[0].slowest.Microseconds())/1000, "maxms")
		b.ReportMetric(float64(t.timing[0].late), "late")
	}
}

// A side's answer times: a game's first move apart, the slowest of the
// others and the ones later than the time per move plus 20 ms.
func TestGauntletTiming(t *testing.T) {
	var a timing
	a.add(900*time.Millisecond, 300*time.Millisecond, true) // start-up
	a.add(280*time.Millisecond, 300*time.Millisecond, false)
	a.add(320*time.Millisecond, 300*time.Millisecond, false)
	a.add(321*time.Millisecond, 300*time.Millisecond, false)
	require.Equal(t, timing{first: 900 * time.Millisecond, slowest: 321 * time.Millisecond, late: 1, moves: 3}, a)
	var all timing
	all.merge(a)
	all.merge(timing{first: time.Second, slowest: 300 * time.Millisecond, late: 2, moves: 5})
	require.Equal(t, timing{first: time.Second, slowest: 321 * time.Millisecond, late: 3, moves: 8}, all)
	require.Equal(t, "3 of 8 moves over 320.0 ms", lateText(all, 300*time.Millisecond))
	require.Equal(t, "no time per move", lateText(all, 0))
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	require.Equal(t, 300*time.Millisecond, seatBudget(title, game.SeatSpec{Kind: "engine", Strength: "300ms:./x santorini engine"}))
	require.Equal(t, 1500*time.Millisecond, seatBudget(title, game.SeatSpec{Kind: "competitive", Strength: "1500"}))
	require.Equal(t, time.Duration(0), seatBudget(title, game.SeatSpec{Kind: "alphabeta", Strength: "3"}))
}

// cancelAfter is a writer that cancels a context once the text written to
// it contains want.
type cancelAfter struct {
	strings.Builder
	want   string
	cancel context.CancelFunc
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	n, err := w.Builder.Write(p)
	if strings.Contains(w.String(), w.want) {
		w.cancel()
	}
	return n, err
}

// An interrupted gauntlet prints the summary of the games it finished.
func TestGauntletInterrupted(t *testing.T) {
	g, err := newGauntlet(gauntletFlags{a: "alphabeta:1", b: "alphabeta:1", games: 40, seed: 1, concurrency: 1, grace: time.Second})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(t.Context())
	out := &cancelAfter{want: "game 2 (", cancel: cancel}
	tl, err := g.play(ctx, out)
	require.ErrorIs(t, err, context.Canceled)
	require.GreaterOrEqual(t, tl.Games(), 2)
	require.Less(t, tl.Games(), 40)
	require.Contains(t, out.String(), "match: interrupted; the ")
	require.Regexp(t, `result: A alphabeta:1 against B alphabeta:1: \d+ games`, out.String())
}
