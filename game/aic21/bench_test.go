package aic21

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/arena-games/arena/game"
)

// BenchmarkOpenLog opens the official 6.9 MB log.json (gzipped, as the
// fixture is) as `arena replay` does; the target is 500 ms or less.
func BenchmarkOpenLog(b *testing.B) {
	data := fixture(b, "replays/map1_template_log.json.gz")
	for b.Loop() {
		if _, err := game.Open("map1_template_log.json.gz", data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/open")
}

// BenchmarkSeek seeks the imported log to turns all over it and reads what
// a view reads of a frame; the target is 16 ms or less per seek.
func BenchmarkSeek(b *testing.B) {
	rec, err := game.Open("log", fixture(b, "replays/map1_template_log.json.gz"))
	if err != nil {
		b.Fatal(err)
	}
	n := rec.Timeline.Len()
	i := 0
	for b.Loop() {
		f := rec.Timeline.Frame((i * 37) % n)
		s := f.State.(*State)
		sum := 0
		for k := range s.ResAmount {
			sum += s.ResAmount[k]
		}
		for _, u := range s.Units {
			sum += u.Health
		}
		_ = sum
		i++
	}
}

// headlessConfig is the headless benchmark's game: Arena's 35x35 map
// "expanse" with 50 units a colony from the start, so 100 units play
// from turn 0.
func headlessConfig(b *testing.B) game.Config {
	cfg := game.Config{Map: "expanse"}
	m, err := Arena.FindMap(cfg)
	if err != nil || m.W != 35 || m.H != 35 {
		b.Fatalf("the 35x35 map: %v", err)
	}
	return game.Config{Map: cfg.Map, Options: map[string]string{"INIT_ANTS": "40", "INIT_SCORPIONS": "10", OptTurns: "300"}}
}

// BenchmarkHeadless plays whole games between the colony and the forager
// bots as `arena run` does, through game.Match (without files), on a 35x35
// map with 100 units and one agent per unit, and reports turns per second;
// the target is 1,000 or more.
func BenchmarkHeadless(b *testing.B) {
	cfg := headlessConfig(b)
	turns, n := 0, 0
	var units int
	for b.Loop() {
		var seats []game.Entrant
		for i, k := range []string{"colony", "forager"} {
			p, err := Title{}.NewBot(k, "", game.Seat(i), game.NewRand(int64(n), uint64(i)+1))
			if err != nil {
				b.Fatal(err)
			}
			seats = append(seats, game.Entrant{Spec: game.SeatSpec{Kind: k}, Player: p})
		}
		cfg.Seed = int64(n)
		m, err := game.NewMatch(Arena, cfg, seats)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
		turns += m.Timeline.Len() - 1
		units += len(m.Timeline.Frame(1).State.(*State).Units)
		n++
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
	b.ReportMetric(float64(units)/float64(n), "units")
}

// colonyWins plays the measurement's 100 games, seeds 1 to 100: the
// colony bot is colony 0 in odd games and colony 1 in even ones, and the
// maps go in turn, the official final maps and Arena's own. It counts
// the colony's wins.
func colonyWins(tb testing.TB, maps []string) (wins int) {
	for seed := int64(1); seed <= 100; seed++ {
		seat := int(seed-1) % 2
		kinds := [2]string{"forager", "forager"}
		kinds[seat] = "colony"
		mapPath := maps[int(seed-1)%len(maps)]
		e, err := Arena.New(game.Config{Seed: seed, Map: mapPath})
		if err != nil {
			tb.Fatal(err)
		}
		var players [2]game.Player
		for i, k := range kinds {
			if players[i], err = (Title{}).NewBot(k, "", game.Seat(i), game.NewRand(seed, uint64(i)+1)); err != nil {
				tb.Fatal(err)
			}
		}
		for !e.Over() {
			moves := map[game.Seat]string{}
			for _, s := range e.ToMove() {
				a, err := players[s].Play(context.Background(), e.Observe(s))
				if err != nil {
					tb.Fatal(err)
				}
				moves[s] = a.Move
			}
			if err := e.Step(moves); err != nil {
				tb.Fatal(err)
			}
		}
		st := e.(*Engine).Current()
		if st.Winner == seat {
			wins++
		}
		if testing.Verbose() {
			tb.Logf("seed %3d %-10s colony is %d: winner %d (%s) bases %d/%d units %d/%d", seed, filepath.Base(mapPath), seat,
				st.Winner, st.Reason, st.Colonies[0].BaseHealth, st.Colonies[1].BaseHealth, len(unitsOf(st, 0)), len(unitsOf(st, 1)))
		}
	}
	return wins
}

func unitsOf(s *State, c int) []Unit {
	var out []Unit
	for _, u := range s.Units {
		if u.Colony == c {
			out = append(out, u)
		}
	}
	return out
}

// measurementMaps are the official final maps and Arena's own.
func measurementMaps(tb testing.TB) []string {
	var out []string
	for _, name := range finalMaps {
		fixture(tb, filepath.Join("maps", name+".json"))
		out = append(out, filepath.Join(fixtureDir, "maps", name+".json"))
	}
	var own []string
	for _, m := range Arena.Maps() {
		own = append(own, m.Name)
	}
	slices.Sort(own)
	return append(out, own...)
}

// BenchmarkColony is the measurement of the colony bot: it must win at
// least 80 of the 100 games of colonyWins. Run it on request:
//
//	go test -run '^$' -bench Colony -benchtime 1x ./game/aic21/
func BenchmarkColony(b *testing.B) {
	maps := measurementMaps(b)
	for b.Loop() {
		wins := colonyWins(b, maps)
		b.ReportMetric(float64(wins), "wins/100")
		if wins < 80 {
			b.Errorf("the colony won %d of 100 games against the forager, want at least 80", wins)
		}
	}
}
