package main

import (
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// A gauntlet between two fixed-depth players: every game reported, colours
// alternating over the openings, and a summary with the Elo interval.
func TestSantoriniMatch(t *testing.T) {
	dir := t.TempDir()
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

// A gauntlet against an external engine, from an openings file, stopped by
// the sequential test.
func TestSantoriniMatchAgainstAnEngine(t *testing.T) {
	bin := arenaBinary(t)
	file := filepath.Join(t.TempDir(), "openings.txt")
	require.NoError(t, os.WriteFile(file, []byte("# two openings\n0000000000000000000000000/1/C3,B2/B3,D2\n\n0000000000000000000000000/1/C2,C4/B3,D3\n"), 0o644))
	code, stdout, stderr := arena("santorini", "match", "--a", "alphabeta:3", "--b", "engine:20ms:"+bin+" santorini engine",
		"--games", "8", "--openings", file, "--sprt", "-50,50", "--alpha", "0.3", "--beta", "0.3")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, "from 2 openings")
	require.Regexp(t, `sprt: elo0 -50, elo1 50, alpha 0.3, beta 0.3: LLR -?\d+\.\d+ \(bounds -0\.85, 0\.85\): `, stdout)
	require.Regexp(t, `forfeits: A 0, B 0; slowest move: A \d+\.\d ms, B \d+\.\d ms \(a game's first: A \d+\.\d ms, B \d+\.\d ms\)`, stdout)
	require.Regexp(t, `late: A no time per move, B \d+ of \d+ moves over 40\.0 ms`, stdout)
	m := regexp.MustCompile(`result: .*: (\d+) games`).FindStringSubmatch(stdout)
	require.NotNil(t, m, stdout)
	n, _ := strconv.Atoi(m[1])
	require.LessOrEqual(t, n, 8)
	if n < 8 {
		require.Regexp(t, `H[01] accepted`, stdout, "it stopped early only on a decision")
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("0000000000000000000000000/1/C3,B2/B3,D2\n0000000000000000000000000/1//\n"), 0o644))
	code, _, stderr = arena("santorini", "match", "--a", "alphabeta:1", "--b", "alphabeta:1", "--openings", bad)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "bad.txt:2: position")
	require.Contains(t, stderr, "not in play")
}

// The statistics of the gauntlet: Elo of a score, its Wilson interval, and
// the sequential test's log-likelihood ratio.
func TestGauntletStatistics(t *testing.T) {
	require.Equal(t, "+0", eloText(0.5))
	require.Equal(t, "+191", eloText(0.75))
	require.Equal(t, "-191", eloText(0.25))
	require.Equal(t, "+inf", eloText(1))
	require.Equal(t, "-inf", eloText(0))
	lo, hi := wilson(0.5, 100)
	require.InDelta(t, 0.404, lo, 0.001)
	require.InDelta(t, 0.596, hi, 0.001)
	lo, hi = wilson(1, 20)
	require.InDelta(t, 0.839, lo, 0.001)
	require.Equal(t, 1.0, hi)
	require.InDelta(t, 0.5, eloScore(0), 1e-12)
	require.InDelta(t, 0.909, eloScore(400), 0.001)

	s, err := parseSPRT("0,30", 0.05, 0.05)
	require.NoError(t, err)
	require.InDelta(t, math.Log(19), s.upper, 1e-9)
	require.InDelta(t, -math.Log(19), s.lower, 1e-9)
	require.Zero(t, s.llr(0, 0, 0))
	require.Empty(t, s.verdict(3, 0, 1), "four games decide nothing")
	require.Contains(t, s.verdict(300, 0, 100), "H1 accepted")
	require.Contains(t, s.verdict(500, 0, 500), "H0 accepted")
	require.Greater(t, s.llr(60, 0, 40), s.llr(50, 0, 50))
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
//	go test -run '^$' -bench Gauntlet -benchtime 1x -timeout 0 . \
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
		n := float64(t.games())
		s := (float64(t.wins) + float64(t.draws)/2) / n
		lo, hi := wilson(s, t.games())
		b.ReportMetric(100*s, "%score")
		b.ReportMetric(eloOf(s), "elo")
		b.ReportMetric(eloOf(lo), "elo-low")
		b.ReportMetric(eloOf(hi), "elo-high")
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
	require.GreaterOrEqual(t, tl.games(), 2)
	require.Less(t, tl.games(), 40)
	require.Contains(t, out.String(), "match: interrupted; the ")
	require.Regexp(t, `result: A alphabeta:1 against B alphabeta:1: \d+ games`, out.String())
}
