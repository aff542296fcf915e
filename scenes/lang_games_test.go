package scenes

import "testing"

// The language tests' screens of a person's turn, which no replay draws:
// AIBG 5.0's and AlienWarz's status hints, lit cells and AlienWarz's
// action panel, and the orders panels of AIC21 and GuardAIns.
func init() {
	hotseat := func(id, mapName string, bots ...string) func(t *testing.T) *App {
		return func(t *testing.T) *App {
			_, a, _ := fogHotseat(t, id, mapName, bots...)
			tickAway(t, a)
			return a
		}
	}
	languageScreens = append(languageScreens,
		shownScreen{"aibg5 hotseat", hotseat("aibg5", "", "greedy", "greedy", "tactical")},
		shownScreen{"alienwarz hotseat", hotseat("alienwarz", "", "strategist")},
		shownScreen{"aic21 orders", hotseat("aic21", "", "forager")},
		shownScreen{"guardains orders", hotseat("guardains", "open10", "hunter")},
	)
}
