package alienwarz

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
)

// play plays a game between two built-in bots on one of Arena's levels and
// counts the events of each seat by kind.
func play(t *testing.T, level string, kinds [2]string) (*alienwarz.State, [2]map[string]int) {
	t.Helper()
	eng, err := title.New(game.Config{Map: level})
	require.NoError(t, err)
	var players [2]game.Player
	for i, k := range kinds {
		players[i], err = alienwarz.Title{}.NewBot(k, "", game.Seat(i), nil)
		require.NoError(t, err)
	}
	counts := [2]map[string]int{{}, {}}
	for !eng.Over() {
		seat := eng.ToMove()[0]
		a, err := players[seat].Play(context.Background(), eng.Observe(seat))
		require.NoError(t, err)
		require.NoError(t, eng.Step(map[game.Seat]string{seat: a.Move}))
		for _, ev := range eng.Frame().Events {
			counts[ev.Seat][ev.Kind]++
		}
	}
	return eng.Observe(0).(*alienwarz.State), counts
}

func TestStrategistOnArenasLevels(t *testing.T) {
	t.Parallel()
	for _, name := range Names {
		for seat := range 2 {
			kinds := [2]string{"miner", "miner"}
			kinds[seat] = "strategist"
			s, counts := play(t, name, kinds)
			require.Zero(t, counts[0]["invalid"]+counts[1]["invalid"], "%s %v", name, kinds)
			if name == "outposts" {
				// Far from home, a refinery pays: it builds one and uses it.
				require.Positive(t, counts[seat]["built"], "%s %v", name, kinds)
				require.Positive(t, counts[seat]["put"], "%s %v", name, kinds)
				require.Positive(t, counts[seat]["took"], "%s %v", name, kinds)
				require.Equal(t, seat+1, s.Winner, "%s %v", name, kinds)
			}
		}
	}
}

func TestStrategistMirror(t *testing.T) {
	t.Parallel()
	// Two strategists on the outposts: refineries, attacks on them, shopping.
	_, counts := play(t, "outposts", [2]string{"strategist", "strategist"})
	for seat := range 2 {
		require.Zero(t, counts[seat]["invalid"])
		require.Positive(t, counts[seat]["built"])
		require.Positive(t, counts[seat]["attacked"])
	}
}
