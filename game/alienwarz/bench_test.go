package alienwarz

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// playGame plays one game between two built-in bots and returns the final
// engine.
func playGame(tb testing.TB, cfg game.Config, kinds [2]string) *Engine {
	tb.Helper()
	eng, _ := gametest.Play(tb, Title{}, cfg, gametest.Bots(tb, Title{}, kinds[:], nil), -1)
	return eng.(*Engine)
}

// strategistWins plays the measurement's 100 games, seeds 1 to 100, in
// pairs on one level with the seats swapped (as the original's "switch
// spots"): the strategist is P1 in odd games and P2 in even ones, and the
// pairs go through the six original levels in turn. It counts the
// strategist's wins.
func strategistWins(tb testing.TB) (wins int) {
	levels := filepath.Join(fixtureDir, "levels.json")
	fixture(tb, "levels.json")
	for seed := int64(1); seed <= 100; seed++ {
		seat := int(seed-1) % 2
		kinds := [2]string{"miner", "miner"}
		kinds[seat] = "strategist"
		cfg := game.Config{Seed: seed, Options: map[string]string{OptLevels: levels, OptLevel: strconv.Itoa(int(seed-1) / 2 % 6)}}
		e := playGame(tb, cfg, kinds)
		st := e.Current()
		if st.Winner == seat+1 {
			wins++
		}
		if testing.Verbose() {
			tb.Logf("seed %d level %d strategist P%d: winner %d (%s) xp %d/%d energy %d/%d", seed, st.Level, seat+1, st.Winner, st.Reason,
				st.Players[0].XP, st.Players[1].XP, st.Players[0].Energy, st.Players[1].Energy)
		}
	}
	return wins
}

// BenchmarkStrategist is the measurement of the strategist: it must win at
// least 80 of the 100 games of strategistWins. Run it on request:
//
//	go test -run '^$' -bench Strategist -benchtime 1x ./game/alienwarz/
func BenchmarkStrategist(b *testing.B) {
	for b.Loop() {
		wins := strategistWins(b)
		b.ReportMetric(float64(wins), "wins/100")
		if wins < 80 {
			b.Errorf("the strategist won %d of 100 games against the miner, want at least 80", wins)
		}
	}
}

// BenchmarkHeadless plays whole games between the strategist and the miner
// on the original levels as `arena run` does, through game.Match (without
// files), and reports turns per second.
func BenchmarkHeadless(b *testing.B) {
	levels, err := ParseLevels("levels.json", fixture(b, "levels.json"))
	if err != nil {
		b.Fatal(err)
	}
	title := Title{Levels: levels}
	turns, n := 0, 0
	for b.Loop() {
		var seats []game.Entrant
		for i, k := range []string{"strategist", "miner"} {
			p, err := Title{}.NewBot(k, "", game.Seat(i), nil)
			if err != nil {
				b.Fatal(err)
			}
			seats = append(seats, game.Entrant{Spec: game.SeatSpec{Kind: k}, Player: p})
		}
		m, err := game.NewMatch(title, game.Config{Seed: int64(n), Options: map[string]string{OptLevel: strconv.Itoa(n % 6)}}, seats)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Run(b.Context()); err != nil {
			b.Fatal(err)
		}
		turns += m.Timeline.Len() - 1
		n++
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}
