package aibg5_test

import (
	"context"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	_ "github.com/arena-games/arena/levels/aibg5"
)

// playGame plays one game to its end between the given bots, seat by seat,
// and returns the final engine.
func playGame(tb testing.TB, cfg game.Config, kinds [4]string) *aibg5.Engine {
	tb.Helper()
	cfg.Seats = 4
	eng, err := aibg5.Title{}.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	e := eng.(*aibg5.Engine)
	var players [4]game.Player
	for i, k := range kinds {
		p, err := aibg5.Title{}.NewBot(k, "", game.Seat(i), game.NewRand(cfg.Seed, uint64(i)+1))
		if err != nil {
			tb.Fatal(err)
		}
		players[i] = p
	}
	ctx := context.Background()
	for !e.Over() {
		seat := e.ToMove()[0]
		a, err := players[seat].Play(ctx, e.Observe(seat))
		if err != nil {
			tb.Fatal(err)
		}
		if err := e.Step(map[game.Seat]string{seat: a.Move}); err != nil {
			tb.Fatal(err)
		}
	}
	return e
}

// tacticalFirsts plays 100 games on the map, one tactical against three
// greedy, seeds 1..100, the tactical seat rotating 1..4, and counts the
// games the tactical player ranks first.
func tacticalFirsts(tb testing.TB, mapName string) int {
	firsts := 0
	for seed := int64(1); seed <= 100; seed++ {
		seat := int(seed-1) % 4
		kinds := [4]string{"greedy", "greedy", "greedy", "greedy"}
		kinds[seat] = "tactical"
		e := playGame(tb, game.Config{Seed: seed, Map: mapName}, kinds)
		if e.Result().Ranking[0] == seat+1 {
			firsts++
		}
	}
	return firsts
}

// BenchmarkTactical is the measurement of the tactical player: in 100
// four-player games on the default map against three greedy players, it
// must rank first at least 60 times. Run it on request:
//
//	go test -run '^$' -bench Tactical -benchtime 1x ./game/aibg5/
func BenchmarkTactical(b *testing.B) {
	for b.Loop() {
		firsts := tacticalFirsts(b, "")
		b.ReportMetric(float64(firsts), "firsts/100")
		if firsts < 60 {
			b.Errorf("tactical ranked first in %d of 100 games, want at least 60", firsts)
		}
	}
}

// BenchmarkHeadless plays whole matches as `arena run` does (the match
// loop, no replay file) on the default map, one tactical and three greedy
// players, and reports the player actions per second.
func BenchmarkHeadless(b *testing.B) {
	title := aibg5.Title{}
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
