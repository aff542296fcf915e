package gametest

import (
	"testing"

	"github.com/arena-games/arena/game"
)

// Bots makes title's built-in players of the kinds, one per seat in order,
// each with rng(seat) as its randomness (rng nil: none).
func Bots(tb testing.TB, title game.Title, kinds []string, rng func(seat int) *game.Rand) []game.Player {
	tb.Helper()
	players := make([]game.Player, len(kinds))
	for i, kind := range kinds {
		var r *game.Rand
		if rng != nil {
			r = rng(i)
		}
		p, err := title.NewBot(kind, "", game.Seat(i), r)
		if err != nil {
			tb.Fatal(err)
		}
		players[i] = p
	}
	return players
}

// Play plays a game of title with cfg between the players, one per seat,
// for up to n steps (n < 0: to its end). Each step every seat to move
// answers what it observes. It returns the engine and the frames: the
// start, then one per step.
func Play(tb testing.TB, title game.Title, cfg game.Config, players []game.Player, n int) (game.Engine, []game.Frame) {
	tb.Helper()
	cfg.Seats = len(players)
	eng, err := title.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	frames := []game.Frame{eng.Frame()}
	for i := 0; (n < 0 || i < n) && !eng.Over(); i++ {
		moves := map[game.Seat]string{}
		for _, seat := range eng.ToMove() {
			a, err := players[seat].Play(tb.Context(), eng.Observe(seat))
			if err != nil {
				tb.Fatal(err)
			}
			moves[seat] = a.Move
		}
		if err := eng.Step(moves); err != nil {
			tb.Fatal(err)
		}
		frames = append(frames, eng.Frame())
	}
	return eng, frames
}
