package scenes

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The language tests' screens of AIBG 5.0 and AlienWarz at a person's
// turn: the status line's hint, the lit cells and AlienWarz's action
// panel, which no replay draws.
func init() {
	hotseat := func(id string, bots ...string) func(t *testing.T) *App {
		return func(t *testing.T) *App {
			title, err := game.Lookup(id)
			require.NoError(t, err)
			a := newTestApp(NewMenu())
			a.ReplayDir = t.TempDir()
			seats := []game.SeatSpec{{Kind: "human"}}
			for _, b := range bots {
				seats = append(seats, game.SeatSpec{Kind: b})
			}
			v, err := StartMatch(a, game.Setup{Title: title, Seats: seats, Seed: 3}, game.PaceStep)
			require.NoError(t, err)
			t.Cleanup(v.Close)
			a.Push(v)
			h, _ := v.match.IsHuman(0)
			waitAway(t, a, h.Waiting)
			tickAway(t, a)
			return a
		}
	}
	languageScreens = append(languageScreens,
		shownScreen{"aibg5 hotseat", hotseat("aibg5", "greedy", "greedy", "tactical")},
		shownScreen{"alienwarz hotseat", hotseat("alienwarz", "strategist")},
	)
}
