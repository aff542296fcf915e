package aibg5_test

import (
	"context"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/gametest"
	levels "github.com/arena-games/arena/levels/aibg5"
)

// officialMaps are the original contest's map files, relative to this
// package.
var officialMaps = []string{"test1.txt", "test2.txt", "JokNejeTest.txt"}

// officialMap is the path of one of the original contest's map files; it
// skips the test or benchmark when the fixtures are absent.
func officialMap(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join("../../../shared/fixtures/aibg5/maps", name)
	gametest.Need(tb, path)
	return path
}

// playGame plays one game to its end between the given bots, seat by seat,
// and returns the final engine.
func playGame(cfg game.Config, kinds [4]string) (*aibg5.Engine, error) {
	cfg.Seats = 4
	eng, err := aibg5.Arena.New(cfg)
	if err != nil {
		return nil, err
	}
	e := eng.(*aibg5.Engine)
	var players [4]game.Player
	for i, k := range kinds {
		p, err := aibg5.Title{}.NewBot(k, "", game.Seat(i), game.NewRand(cfg.Seed, uint64(i)+1))
		if err != nil {
			return nil, err
		}
		players[i] = p
	}
	ctx := context.Background()
	for !e.Over() {
		seat := e.ToMove()[0]
		a, err := players[seat].Play(ctx, e.Observe(seat))
		if err != nil {
			return nil, err
		}
		if err := e.Step(map[game.Seat]string{seat: a.Move}); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// tacticalWins plays one game on the map, the tactical player in the
// seat the seed rotates to (seed 1: seat 1, seed 2: seat 2, ...) against
// three greedy players, and reports whether it ranks first.
func tacticalWins(mapName string, seed int64) (bool, error) {
	seat := int(seed-1) % 4
	kinds := [4]string{"greedy", "greedy", "greedy", "greedy"}
	kinds[seat] = "tactical"
	e, err := playGame(game.Config{Seed: seed, Map: mapName}, kinds)
	if err != nil {
		return false, err
	}
	return e.Result().Ranking[0] == seat+1, nil
}

// tacticalFirsts plays the games of seeds 1..games on the map, on every
// core, and counts those the tactical player ranks first.
func tacticalFirsts(tb testing.TB, mapName string, games int) int {
	tb.Helper()
	var next, firsts atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for seed := next.Add(1); seed <= int64(games); seed = next.Add(1) {
				won, err := tacticalWins(mapName, seed)
				if err != nil {
					tb.Errorf("%s, seed %d: %v", mapName, seed, err)
					return
				}
				if won {
					firsts.Add(1)
				}
			}
		})
	}
	wg.Wait()
	return int(firsts.Load())
}

// benchMaps are the maps the tactical player is measured on: Arena's own
// and the original contest's.
func benchMaps(tb testing.TB) []string {
	maps := levels.Names()
	for _, name := range officialMaps {
		maps = append(maps, officialMap(tb, name))
	}
	return maps
}

// BenchmarkTactical is the measurement of the tactical player: in 100
// four-player games against three greedy players (seeds 1 to 100, its seat
// rotating), it must rank first at least 60 times on the default map. It
// reports the first places on every map, Arena's and the original
// contest's. Run it on request:
//
//	go test -run '^$' -bench Tactical -benchtime 1x ./game/aibg5/
func BenchmarkTactical(b *testing.B) {
	for b.Loop() {
		for _, m := range benchMaps(b) {
			name := filepath.Base(m)
			firsts := tacticalFirsts(b, m, 100)
			b.ReportMetric(float64(firsts), name+"-firsts/100")
			if name == levels.Default && firsts < 60 {
				b.Errorf("%s: tactical ranked first in %d of 100 games, want at least 60", name, firsts)
			}
		}
	}
}

// BenchmarkHeadless plays whole matches as `arena run` does (the match
// loop, no replay file) on the default map, one tactical and three greedy
// players, and reports the player actions per second.
func BenchmarkHeadless(b *testing.B) {
	title := aibg5.Arena
	actions, seed := 0, int64(0)
	for b.Loop() {
		seed++
		var entrants []game.Entrant
		for i, kind := range []string{"tactical", "greedy", "greedy", "greedy"} {
			p, err := title.NewBot(kind, "", game.Seat(i), game.NewRand(seed, uint64(i)+1))
			if err != nil {
				b.Fatal(err)
			}
			entrants = append(entrants, game.Entrant{Spec: game.SeatSpec{Kind: kind}, Player: p})
		}
		m, err := game.NewMatch(title, game.Config{Seed: seed}, entrants)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
		actions += m.Timeline.Len() - 1
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}
