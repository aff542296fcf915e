package alienwarz

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// AlienWarz keeps the contract of a game. An invalid line, or none in
// time, costs its player the penalty's energy and nothing else; the turn
// passes, and a player left with no energy loses (§4.10, §4.11).
func TestConform(t *testing.T) {
	t.Parallel()
	levels := testLevels(t)
	gametest.Conform(t, Title{}, []string{"strategist", "miner"}, gametest.Suite{
		Configs: []game.Config{
			{Seed: 3, Options: map[string]string{OptLevels: levels}},
			{Seed: 4, Options: map[string]string{OptLevels: levels, OptLevel: "1", OptTurns: "60"}},
		},
		// The game log keeps the views written to the players.
		Kept: func(f game.Frame) any {
			s := f.State.(*State)
			return [2]string{string(s.View(1)), string(s.View(2))}
		},
		Foul: func(t testing.TB, f gametest.Foul) {
			before, after := f.Before.State.(*State), f.After.State.(*State)
			p := f.Seat.Number()
			require.Equal(t, "invalid", f.After.Events[0].Kind)
			require.Equal(t, max(0, before.Player(p).Energy-before.Rules().Penalty), after.Player(p).Energy)
			require.Equal(t, before.Player(p).Pos, after.Player(p).Pos)
			require.Equal(t, before.Player(p).Bag, after.Player(p).Bag)
			require.Equal(t, before.Player(p).Coins, after.Player(p).Coins)
			require.Equal(t, before.Turn+1, after.Turn)
			if after.Player(p).Energy == 0 {
				require.Equal(t, game.Result{Winner: 3 - p, Ranking: []int{3 - p, p}, Reason: "exhausted"}, f.After.Result)
			}
		},
	})
}
