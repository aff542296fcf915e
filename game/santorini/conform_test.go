package santorini

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// Santorini keeps the contract of a game. An illegal move, or none in
// time, forfeits the game to the other player (R14).
func TestConform(t *testing.T) {
	t.Parallel()
	gametest.Conform(t, Title{}, []string{"alphabeta:2", "minimax:1"}, gametest.Suite{
		Configs: []game.Config{
			{Seed: 1},
			{Seed: 2, Options: map[string]string{"kandic_win_build": "true"}},
			{Seed: 3, Options: map[string]string{"kandic_end_check": "true"}},
		},
		// The move file keeps the board, not the rule options; so it does
		// not say whether the winning move's build was applied (R4).
		Kept: func(f game.Frame) any {
			b := *f.State.(*Board)
			b.Rules = Rules{}
			if b.Phase == Over {
				b.Height = [cellCount]uint8{}
			}
			return b
		},
		Foul: func(t testing.TB, f gametest.Foul) {
			require.True(t, f.After.Over, "%q forfeits", f.Move)
			other := 2 - int(f.Seat)
			require.Equal(t, game.Result{Winner: other, Ranking: []int{other, f.Seat.Number()}, Reason: ReasonForfeit}, f.After.Result)
			require.Equal(t, "forfeit", f.After.Events[0].Kind)
			require.Equal(t, f.Seat, f.After.Events[0].Seat)
		},
	})
}
