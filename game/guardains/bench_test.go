package guardains

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/game"
)

// tally is the outcome of the hunter's games.
type tally struct {
	wins, losses, draws int
}

// hunterWins plays the measurement's games, seeds from to to on map
// mapName (a name of FindLevel; "" is the 200x200 maze): the hunter is
// seat 1 in odd games and seat 2 in even ones. It counts the hunter's
// wins, losses and draws.
func hunterWins(tb testing.TB, mapName string, from, to int64) (t tally) {
	for seed := from; seed <= to; seed++ {
		seat := int(seed-1) % 2
		kinds := [2]string{"explorer", "explorer"}
		kinds[seat] = "hunter"
		s := playGame(tb, game.Config{Seed: seed, Map: mapName}, kinds)
		switch s.Winner {
		case seat + 1:
			t.wins++
		case 0:
			t.draws++
		default:
			t.losses++
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
			tb.Logf("%s seed %d hunter P%d: winner %d (%s) round %d score %.4f/%.4f alive %v", mapName, seed, seat+1, s.Winner, s.Reason, s.Round, s.Score[0], s.Score[1], alive)
		}
	}
	return t
}

// hunterMaps are the maps of BenchmarkHunter, each with the wins of 100
// that the hunter must reach there (0: reported only).
var hunterMaps = []struct {
	name string
	want int
}{
	{"", 70},
	{"original", 70},
	{"maze:100x100", 70},
	{"mirror", 0},
}

// BenchmarkHunter is the measurement of the hunter against the explorer:
// 100 games of hunterWins on each map of hunterMaps, reported as wins and
// losses per 100 with the map's name in the unit; it fails below a map's
// target. Run it on request:
//
//	go test -run '^$' -bench Hunter -benchtime 1x ./game/guardains/
func BenchmarkHunter(b *testing.B) {
	for b.Loop() {
		for _, hm := range hunterMaps {
			name := hm.name
			if name == "" {
				name = "200x200"
			}
			t := hunterWins(b, hm.name, 1, 100)
			unit := strings.ReplaceAll(name, ":", "-")
			b.ReportMetric(float64(t.wins), "wins/100-"+unit)
			b.ReportMetric(float64(t.losses), "losses/100-"+unit)
			if t.wins < hm.want {
				b.Errorf("on %s the hunter won %d of 100 games against the explorer (%d lost), want at least %d", name, t.wins, t.losses, hm.want)
			}
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
		m, err := game.NewMatch(Arena, game.Config{Seed: n}, seats)
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
