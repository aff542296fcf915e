package guardains

import (
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// GuardAIns keeps the contract of a game. No answer in time costs a
// TIMEOUT, -1 (R24); a malformed action costs an ERROR at receipt and
// another for the round's missing action, -4 (R26); a penalty score below
// zero loses. A seat sees its own guardians as they are, and the enemy's
// and the stone only where its guardians see them.
func TestConform(t *testing.T) {
	t.Parallel()
	var enemiesSeen atomic.Int64
	t.Cleanup(func() {
		if enemiesSeen.Load() == 0 {
			t.Error("in no game does a seat see an enemy: the fog's other side goes untested")
		}
	})
	gametest.Conform(t, Arena, []string{"hunter", "explorer"}, gametest.Suite{
		Configs: []game.Config{
			{Seed: 4, Map: "maze:24x16", Options: map[string]string{OptRounds: "150"}},
			{Seed: 7, Map: "original", Options: map[string]string{OptRounds: "60"}},
			{Seed: 1, Map: "open10", Options: map[string]string{OptCompat: CompatOriginal, OptRounds: "40"}},
			{Seed: 11, Map: "maze:30x12", Options: map[string]string{OptCompat: CompatOriginal, OptRounds: "40"}},
		},
		Foul: func(t testing.TB, f gametest.Foul) {
			before, after := f.Before.State.(*State), f.After.State.(*State)
			i := int(f.Seat)
			cost := PenaltyError + PenaltyError
			if f.Move == "" {
				cost = PenaltyTimeout
				if before.rules.TimeoutError {
					cost = PenaltyError
				}
			}
			require.Equal(t, before.Penalty[i]-cost, after.Penalty[i], "%q", f.Move)
			var kinds []string
			for _, e := range f.After.Events {
				if e.Seat == f.Seat {
					kinds = append(kinds, e.Kind)
				}
			}
			require.Contains(t, kinds, EventPenalty)
			if after.Penalty[i] < 0 && after.Penalty[1-i] >= 0 {
				require.True(t, f.After.Over)
				require.Equal(t, 2-i, f.After.Result.Winner)
			}
		},
		Hidden: func(t testing.TB, s gametest.Sight) {
			seat, i := s.Seat.Number(), int(s.Seat)
			for turn, full := range s.Truth {
				truth, got := full.State.(*State), s.Seen[turn].State.(*State)
				// The stream holds the original server's view, and no more.
				var step game.SeatStep
				require.NoError(t, json.Unmarshal(s.Lines[turn+1], &step))
				want, err := json.Marshal(seatView{W: truth.W(), H: truth.H(), View: truth.View(seat)})
				require.NoError(t, err)
				require.JSONEq(t, string(want), string(step.View), "turn %d", turn)
				require.Equal(t, seat, got.Observer)
				require.True(t, got.Maze.Partial(), "a seat's maze")
				require.Equal(t, Nowhere, got.Bases[1-i], "no view tells the other base")
				for h, g := range got.Guardians[i] {
					want := truth.Guardians[i][h]
					require.Equal(t, [4]any{want.Pos, want.Health, want.Alive, want.Cooldown}, [4]any{g.Pos, g.Health, g.Alive, g.Cooldown}, "turn %d: the seat's own guardians", turn)
				}
				for h, g := range got.Guardians[1-i] {
					if g.Pos == Nowhere {
						continue
					}
					enemiesSeen.Add(1)
					require.Equal(t, truth.Guardians[1-i][h].Pos, g.Pos, "turn %d: an enemy where it is", turn)
					require.True(t, truth.Visible[i].Has(g.Pos), "turn %d: an enemy the seat sees", turn)
				}
				if got.Stone != Nowhere {
					require.True(t, truth.Visible[i].Has(got.Stone), "turn %d: the stone where the seat sees it", turn)
				}
			}
		},
	})
}
