package santorini

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-games/arena/game"
)

// strengthGames is how many games a strength benchmark plays.
var strengthGames = flag.Int("strength.games", 100, "games per strength benchmark")

// BenchmarkStrengthVsAlphaBeta3 plays competitive at 300 ms per move against
// alphabeta at depth 3 (run it alone: -run '^$' -bench Strength -benchtime 1x).
func BenchmarkStrengthVsAlphaBeta3(b *testing.B) {
	benchStrength(b, "competitive:300ms", "alphabeta:3")
}

// BenchmarkStrengthVs100ms plays competitive at 300 ms per move against
// itself at 100 ms per move.
func BenchmarkStrengthVs100ms(b *testing.B) {
	benchStrength(b, "competitive:300ms", "competitive:100ms")
}

// BenchmarkStrengthVsClassic plays competitive at 300 ms per move against
// the same search with the hand-made evaluation: what the learned one gains.
func BenchmarkStrengthVsClassic(b *testing.B) {
	benchStrength(b, "competitive:300ms", "competitive:300ms:classic")
}

// strengthLimit is the match's time limit per move: the engine protocol's
// 300 ms plus its 20 ms of grace. A later answer loses the game.
const strengthLimit = 320 * time.Millisecond

// benchStrength plays *strengthGames games of hero against rival through the
// match loop, as arena run does: game i has seed i, and hero is P1 in the odd
// games and P2 in the even ones. It reports hero's share of wins (and its
// wins as P1), the mean game length in play turns, how many games differ in
// their move files and in their placements, the games lost by a late answer
// (forfeits), and the longest time hero took for a play turn (maxms).
func benchStrength(b *testing.B, hero, rival string) {
	if testing.Short() {
		b.Skip("strength benchmarks take minutes")
	}
	t := Title{}
	for b.Loop() {
		var (
			wins, turns int
			heroP1Wins  int
			forfeits    int
			files       = map[string]bool{}
			openings    = map[string]bool{}
			slowest     = map[string]time.Duration{}
			mu          sync.Mutex
		)
		for i := 1; i <= *strengthGames; i++ {
			list, heroSeat := hero+","+rival, game.Seat(0)
			if i%2 == 0 {
				list, heroSeat = rival+","+hero, 1
			}
			seats, err := game.ParseSeats(t, list)
			if err != nil {
				b.Fatal(err)
			}
			m, done, err := game.Setup{Title: t, Seats: seats, Seed: int64(i), Limit: strengthLimit}.Start()
			if err != nil {
				b.Fatal(err)
			}
			var moves bytes.Buffer
			var gameSlowest time.Duration
			m.Transcript = &moves
			for s := range m.Seats {
				name := m.Seats[s].Spec.String()
				m.Seats[s].Player = timedPlayer{m.Seats[s].Player, func(d time.Duration) {
					mu.Lock()
					slowest[name] = max(slowest[name], d)
					gameSlowest = max(gameSlowest, d)
					mu.Unlock()
				}}
			}
			res, err := m.Run(context.Background())
			if err != nil {
				b.Fatal(err)
			}
			if err := done(); err != nil {
				b.Fatal(err)
			}
			if res.Reason == ReasonForfeit {
				forfeits++
			}
			won := res.Winner == int(heroSeat)+1
			if won {
				wins++
				if heroSeat == 0 {
					heroP1Wins++
				}
			}
			files[moves.String()] = true
			lines := strings.SplitAfterN(moves.String(), "\n", 3)
			openings[lines[0]+lines[1]] = true
			turns += m.Timeline.Len() - 3 // less the start and the two placements
			fmt.Printf("game %d: %s, winner P%d (%s), %d play turns, slowest %v\n", i, list, res.Winner, res.Reason, m.Timeline.Len()-3, gameSlowest)
		}
		n := float64(*strengthGames)
		b.ReportMetric(100*float64(wins)/n, "%win")
		b.ReportMetric(float64(turns)/n, "turns/game")
		b.ReportMetric(float64(len(files)), "distinct")
		b.ReportMetric(float64(len(openings)), "placements")
		b.ReportMetric(float64(heroP1Wins), "winsAsP1")
		b.ReportMetric(float64(forfeits), "forfeits")
		for name, d := range slowest {
			b.Logf("%s: slowest play turn %v", name, d)
		}
		b.ReportMetric(float64(slowest[hero].Microseconds())/1000, "maxms")
		fmt.Printf("%s vs %s: %d/%d wins (%d as P1), %d distinct games, %d distinct placements\n", hero, rival, wins, *strengthGames, heroP1Wins, len(files), len(openings))
	}
}

// timedPlayer reports how long each play turn of a player took.
type timedPlayer struct {
	game.Player
	took func(time.Duration)
}

// Play times the player's answer; placements are not timed.
func (p timedPlayer) Play(ctx context.Context, obs any) (game.Answer, error) {
	start := time.Now()
	a, err := p.Player.Play(ctx, obs)
	if b, ok := obs.(*Board); ok && b.Phase == Play {
		p.took(time.Since(start))
	}
	return a, err
}
