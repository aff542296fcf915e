package scenes

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The hotseat orders panels of AIC21 and GuardAIns, for the language
// tests: a person's colony or team against a bot, waiting for the
// person's orders.
func init() {
	hotseat := func(id, mapName, bot string) func(t *testing.T) *App {
		return func(t *testing.T) *App {
			title, err := game.Lookup(id)
			require.NoError(t, err)
			a := newTestApp(NewMenu())
			a.ReplayDir = t.TempDir()
			st := game.Setup{Title: title, Seats: []game.SeatSpec{{Kind: "human"}, {Kind: bot}}, Map: mapName, Seed: 3}
			v, err := StartMatch(a, st, game.PaceStep)
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
		shownScreen{"aic21 orders", hotseat("aic21", "", "forager")},
		shownScreen{"guardains orders", hotseat("guardains", "open10", "hunter")},
	)
}
