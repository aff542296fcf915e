package alienwarz

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// The standings follow the turn limit's comparison, orig_tiebreak's order
// too; the markers tell trades, sabotage, factories and invalid turns with
// the rules' penalty.
func TestStandingsAndMarkers(t *testing.T) {
	t.Parallel()
	s := empty(func(s *State) { s.Player(2).XP = 30 })
	f := game.Frame{State: s}
	st := Title{}.Standings(f, game.AllSeats)
	require.Equal(t, []string{"XP", "COINS", "ENERGY", "FACT.", "BAG"}, st.Heads)
	require.Equal(t, game.Seat(1), st.Rows[0].Seat)
	require.Equal(t, 0, st.Decides)
	s.Player(2).XP = 0
	s.Player(1).Coins++
	st = Title{}.Standings(f, game.AllSeats)
	require.Equal(t, game.Seat(0), st.Rows[0].Seat)
	require.Equal(t, 1, st.Decides, "coins decide at equal XP")
	orig := *s.Rules()
	orig.OrigTiebreak = true
	s.rules = &orig
	require.Equal(t, []string{"XP", "COINS", "ENERGY", "BAG", "FACT."}, Title{}.Standings(f, game.AllSeats).Heads)

	next, events := step(t, empty(deposit(Mineral, Cell{9, 2})), "move 9 5") // through a deposit: invalid
	ms := Title{}.Markers(game.Frame{State: next, Events: events}, game.AllSeats)
	require.Len(t, ms, 1)
	require.Equal(t, game.MarkFoul, ms[0].Kind)
	require.Contains(t, ms[0].Text.String(), "−250 energy")
}

func TestMarkersOfAGame(t *testing.T) {
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"strategist", "strategist"}, nil)
	gametest.Need(t, filepath.Join(fixtureDir, "levels.json"))
	cfg := game.Config{Seed: 2, Options: map[string]string{OptLevels: filepath.Join(fixtureDir, "levels.json")}}
	_, frames := gametest.Play(t, Title{}, cfg, players, -1)
	kinds := map[string]int{}
	for _, f := range frames {
		for _, m := range (Title{}).Markers(f, game.AllSeats) {
			kinds[m.Kind]++
		}
	}
	require.Positive(t, kinds[game.MarkTrade], "%v", kinds)
	require.Equal(t, 1, kinds[game.MarkEnd])
	last := frames[len(frames)-1]
	require.NotEmpty(t, Title{}.Why(last))
	require.Len(t, Title{}.Stats(last, game.AllSeats), 5)
}

func TestOptionsDescribeEveryOptionNewTakes(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, o := range (Title{}).Options() {
		names[o.Name] = true
		require.NotEmpty(t, o.Help, o.Name)
	}
	for _, n := range OptionNames() {
		require.True(t, names[n] || n == OptStart, "option %s is not described", n)
	}
	require.NoError(t, Title{}.CheckOptions(map[string]string{"orig_tiebreak": "true", OptTurns: "40"}))
	require.ErrorContains(t, Title{}.CheckOptions(map[string]string{OptTurns: "-3"}), "turns")
	require.Equal(t, 40, Title{}.Steps(game.Config{Options: map[string]string{OptTurns: "40"}}))
}
