package aibg5

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The standings are the ranking of R23 by the comparator of §1, with the
// column that puts the first ahead marked; the markers tell the kills,
// the level-ups and the boss's patterns.
func TestStandingsAndMarkersOfAGame(t *testing.T) {
	t.Parallel()
	_, frames := botGame(t, openMap(), map[string]string{"turns": "80"}, 5, [4]string{"tactical", "greedy", "greedy", "greedy"})
	kinds := map[string]int{}
	for _, f := range frames {
		s := f.State.(*State)
		st := Title{}.Standings(f, game.AllSeats)
		require.Equal(t, []string{"SCORE", "K/D", "LVL", "HP"}, st.Heads)
		require.Len(t, st.Rows, 4)
		for i := 1; i < len(st.Rows); i++ {
			a, b := s.Player(int(st.Rows[i-1].Seat)+1), s.Player(int(st.Rows[i].Seat)+1)
			if !a.Removed && !b.Removed {
				require.False(t, better(b, a), "the ranking's order")
			}
		}
		if st.Decides == 0 {
			require.Greater(t, s.Player(int(st.Rows[0].Seat)+1).Score, s.Player(int(st.Rows[1].Seat)+1).Score)
		}
		for _, m := range (Title{}).Markers(f, game.AllSeats) {
			kinds[m.Kind]++
		}
	}
	require.Positive(t, kinds[game.MarkBoss], "%v", kinds)
	require.Positive(t, kinds[game.MarkHit]+kinds[game.MarkKill], "%v", kinds)
	require.Len(t, Title{}.Units(frames[0], game.AllSeats), 4)
	require.Len(t, Title{}.Stats(frames[0], game.AllSeats)[0].Values, 4)
}

// One state of the original server, opened as a replay, says what its
// result says without calling a tie a win on points.
func TestOneStateSaysWhatItsResultSays(t *testing.T) {
	t.Parallel()
	rec, err := ImportStates("initial_state.json", fixture(t, "states/initial_state.json"))
	require.NoError(t, err)
	f := rec.Timeline.Last()
	st := Title{}.Standings(f, game.AllSeats)
	require.Equal(t, -1, st.Decides, "every ship is level")
	why := Title{}.Why(f).String()
	if f.Over && f.Result.Winner > 0 {
		require.NotContains(t, why, "the higher score", "a level start is not won on points")
		require.Contains(t, why, "level with player")
	}
	require.NotContains(t, why, "wins with 0 points")
}

func TestOptionsDescribeEveryOptionNewTakes(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, o := range (Title{}).Options() {
		names[o.Name] = true
		require.NotEmpty(t, o.Help, o.Name)
		require.NoError(t, Title{}.CheckOptions(map[string]string{o.Name: o.Default}), o.Name)
	}
	for _, n := range optionNames() {
		require.True(t, names[n], "option %s is not described", n)
	}
	require.ErrorContains(t, Title{}.CheckOptions(map[string]string{"turns": "0"}), "1 to 1,000,000")
	require.True(t, strings.Contains(game.UsageOptions(Title{}, ""), "--option kill_score=INT"))
	require.Equal(t, 4*DefaultRounds, Title{}.Steps(game.Config{}))
}

// A move is said in words, and what is no action says so.
func TestMoveWords(t *testing.T) {
	t.Parallel()
	for move, want := range map[string]string{
		"move,-6,-7": "move to (-6,-7)", "attack,2,3": "attack (2,3)", " attack , 2, 3,,": "attack (2,3)",
		NullAction: "no action", TimeUp: "out of time", "jump,1,1": "not an action", "move,99,0": "not an action", "": "",
	} {
		require.Equal(t, want, MoveWords(move), move)
	}
}
