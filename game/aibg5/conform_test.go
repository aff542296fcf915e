package aibg5

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// AIBG 5.0 keeps the contract of a game. An illegal action costs a tenth
// of the ship's health, once, and the turn (R3, R4, R5); no answer in time
// removes the seat (R21), or is the null action under timeout_null (R6);
// one ship left ends the game.
func TestConform(t *testing.T) {
	t.Parallel()
	gametest.Conform(t, Arena, []string{"tactical", "greedy", "training", "greedy"}, gametest.Suite{
		Configs: []game.Config{
			{Seed: 5, Options: map[string]string{"turns": "15"}},
			{Seed: 2, Map: "maze", Options: map[string]string{"turns": "14", "compat": "true", "timeout_null": "true"}},
		},
		Foul: func(t testing.TB, f gametest.Foul) {
			before, after := f.Before.State.(*State), f.After.State.(*State)
			idx := f.Seat.Number()
			died := false // by the boss, after the round's last action
			for _, d := range eventsOf[Died](f.After) {
				died = died || d.Player == idx
			}
			if !died {
				require.Equal(t, before.Player(idx).Pos, after.Player(idx).Pos, "%q moves no ship", f.Move)
			}
			first := f.After.Events[0]
			if f.Move == "" && !f.Engine.(*Engine).rules.TimeoutNull {
				require.Equal(t, EventRemoved, first.Kind)
				require.True(t, after.Player(idx).Removed)
				if after.Active() <= 1 {
					require.True(t, f.After.Over)
					require.Equal(t, ReasonAlone, f.After.Result.Reason)
				}
				return
			}
			require.Equal(t, EventPenalty, first.Kind)
			p := first.Data.(Penalty)
			require.Equal(t, Penalty{Player: idx, Amount: before.Player(idx).Health / 10, Message: p.Message}, p)
			require.NotEmpty(t, p.Message)
			if !died {
				require.LessOrEqual(t, after.Player(idx).Health, before.Player(idx).Health-p.Amount)
			}
			require.False(t, after.Player(idx).Removed)
		},
	})
}
