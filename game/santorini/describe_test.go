package santorini

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

func TestStatsMarkersAndWhy(t *testing.T) {
	t.Parallel()
	eng, err := Title{}.New(game.Config{})
	require.NoError(t, err)
	lines := []string{"C3 B2", "C2 D2", "C3 B3 A3", "C2 D3 E3"}
	for _, l := range lines {
		require.NoError(t, eng.Step(map[game.Seat]string{eng.ToMove()[0]: l}))
	}
	f := eng.Frame()
	stats := Title{}.Stats(f, game.AllSeats)
	require.Equal(t, "Highest worker", stats[0].Name)
	require.Len(t, stats[1].Values, 2)
	require.Positive(t, stats[1].Values[0], "player 1 has turns open")
	require.Empty(t, Title{}.Why(f), "a game that runs has no verdict yet")
	require.NoError(t, Title{}.CheckOptions(map[string]string{"kandic_win_build": "1"}))
	require.Error(t, Title{}.CheckOptions(map[string]string{"kandic": "1"}))

	won := game.Frame{State: &Board{Phase: Over, Winner: 2, Reason: "nomoves"},
		Events: []game.Event{{Data: Moved{Player: 1, ToHeight: 2, FromHeight: 1}}, {Data: Built{Player: 1, Level: 4}}}}
	kinds := map[string]bool{}
	for _, m := range (Title{}).Markers(won, game.AllSeats) {
		kinds[m.Kind] = true
	}
	require.True(t, kinds[game.MarkLevel] && kinds[game.MarkBuild] && kinds[game.MarkEnd])
	require.Equal(t, "player 1 cannot move", Title{}.Why(won).String())
}

// A forced win is said in words, not as 999999.00.
func TestValueWords(t *testing.T) {
	t.Parallel()
	require.Equal(t, "wins in 1 turn", valueWords(winValue-1))
	require.Equal(t, "wins in 2 turns", valueWords(winValue-3))
	require.Equal(t, "loses in 1 turn", valueWords(-(winValue - 2)))
	require.Equal(t, "= 6.85", valueWords(6.85))
}
