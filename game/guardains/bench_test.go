package guardains

import (
	"testing"

	"github.com/arena-games/arena/game"
)

// hunterWins plays the measurement's games, seeds from to to on 200x200
// mazes: the hunter is seat 1 in odd games and seat 2 in even ones. It
// counts the hunter's wins.
func hunterWins(tb testing.TB, from, to int64) (wins int) {
	for seed := from; seed <= to; seed++ {
		seat := int(seed-1) % 2
		kinds := [2]string{"explorer", "explorer"}
		kinds[seat] = "hunter"
		s := playGame(tb, game.Config{Seed: seed}, kinds)
		if s.Winner == seat+1 {
			wins++
		}
		if testing.Verbose() {
			var alive [2]int
			for i := range s.Guardians {
				for _, g := range s.Guardians[i] {
					if g.Alive {
						alive[i]++
					}
				}
			}
			tb.Logf("seed %d hunter P%d: winner %d (%s) round %d score %.4f/%.4f alive %v", seed, seat+1, s.Winner, s.Reason, s.Round, s.Score[0], s.Score[1], alive)
		}
	}
	return wins
}

// BenchmarkHunter is the measurement of the hunter: it must win at least
// 70 of the 100 games of hunterWins. Run it on request:
//
//	go test -run '^$' -bench Hunter -benchtime 1x ./game/guardains/
func BenchmarkHunter(b *testing.B) {
	for b.Loop() {
		wins := hunterWins(b, 1, 100)
		b.ReportMetric(float64(wins), "wins/100")
		if wins < 70 {
			b.Errorf("the hunter won %d of 100 games against the explorer, want at least 70", wins)
		}
	}
}

// BenchmarkHeadless plays whole games between the hunter and the explorer
// on 200x200 mazes as `arena run` does, through game.Match (without
// files), and reports rounds per second: 2,000 at least.
func BenchmarkHeadless(b *testing.B) {
	rounds, n := 0, int64(0)
	for b.Loop() {
		n++
		var seats []game.Entrant
		for i, k := range []string{"hunter", "explorer"} {
			p, err := Title{}.NewBot(k, "", game.Seat(i), nil)
			if err != nil {
				b.Fatal(err)
			}
			seats = append(seats, game.Entrant{Spec: game.SeatSpec{Kind: k}, Player: p})
		}
		m, err := game.NewMatch(Title{}, game.Config{Seed: n}, seats)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Run(b.Context()); err != nil {
			b.Fatal(err)
		}
		rounds += m.Timeline.Len() - 1
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
}
