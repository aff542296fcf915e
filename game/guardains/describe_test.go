package guardains

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

// The fixture transcript ends "Player 2 is the Winner" after the last
// round while player 1's record holds only player 1's score: the standings
// must not show player 2 at 0.000 below player 1, and the reason says where
// the verdict comes from.
func TestTranscriptStandingsAgreeWithTheVerdict(t *testing.T) {
	t.Parallel()
	rec, err := ImportTranscript("transcript", fixture(t, transcriptFile))
	require.NoError(t, err)
	last := rec.Timeline.Last()
	require.Equal(t, 2, last.Result.Winner)
	st := Title{}.Standings(last, game.AllSeats)
	require.Equal(t, []string{"SCORE", "PENALTY", "ALIVE"}, st.Heads)
	require.Equal(t, game.Seat(1), st.Rows[0].Seat, "the winner first")
	require.Equal(t, []string{game.Unknown, game.Unknown, game.Unknown}, st.Rows[0].Cells, "player 2's numbers are not in player 1's record")
	require.Equal(t, "0.687", st.Rows[1].Cells[0])
	require.Equal(t, -1, st.Decides, "no column the screen can show decides it")
	why := Title{}.Why(last).String()
	require.Contains(t, why, "the higher score after the last round")
	require.Contains(t, why, "not in player 1's transcript")
	for _, s := range (Title{}).Stats(last, game.AllSeats) {
		require.True(t, math.IsNaN(s.Values[1]), "%s: player 2 is unknown", s.Name)
	}
}

// What one seat may know: its own numbers and guardians, and the enemy's
// only where its guardians see them; nothing private behind the curtain.
func TestSightsHideTheOtherSide(t *testing.T) {
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"hunter", "hunter"}, func(seat int) *game.Rand { return game.NewRand(7, uint64(seat)) })
	_, frames := gametest.Play(t, Arena, game.Config{Seed: 7, Map: "maze:20x20", Options: map[string]string{OptTurns: "120"}}, players, 120)
	for _, f := range frames[1:] {
		s := f.State.(*State)
		for _, as := range []game.Seat{0, 1} {
			st := Title{}.Standings(f, as)
			for _, row := range st.Rows {
				if row.Seat != as {
					require.Equal(t, game.Unknown, row.Cells[0], "round %d: seat %d sees the other's score", s.Round, as)
				}
			}
			for _, u := range (Title{}).Units(f, as) {
				if u.Seat != as {
					require.True(t, s.Visible[as].Has(Cell{u.Cell[0], u.Cell[1]}), "an enemy guardian out of sight")
				}
			}
			for _, m := range (Title{}).Markers(f, as) {
				if m.Seat != as && m.Placed {
					require.True(t, s.Visible[as].Has(Cell{m.Cell[0], m.Cell[1]}), "an enemy's event out of sight: %s", m.Text)
				}
			}
		}
		require.Empty(t, Title{}.Units(f, game.NoSeat), "behind the curtain, no guardian")
		require.Len(t, Title{}.Units(f, game.AllSeats), alive(s, 1)+alive(s, 2))
		carriers := map[string]bool{}
		for seat := 1; seat <= 2; seat++ {
			for _, g := range s.Guardians[seat-1] {
				carriers[who(seat, g.Hero)] = g.Carrying
			}
		}
		for _, u := range (Title{}).Units(f, game.AllSeats) {
			require.Equal(t, carriers[u.ID], u.Carries, "round %d: whether %s carries the stone", s.Round, u.ID)
		}
	}
}

// The markers tell kills and the stone; the standings rank by score.
func TestMarkersAndStandingsOfAGame(t *testing.T) {
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"hunter", "explorer"}, func(seat int) *game.Rand { return game.NewRand(3, uint64(seat)) })
	_, frames := gametest.Play(t, Arena, game.Config{Seed: 3, Map: "open10"}, players, -1)
	kinds := map[string]int{}
	for _, f := range frames {
		for _, m := range (Title{}).Markers(f, game.AllSeats) {
			kinds[m.Kind]++
			require.NotEmpty(t, m.Text)
		}
		s := f.State.(*State)
		st := Title{}.Standings(f, game.AllSeats)
		if !s.Over && s.Score[0] != s.Score[1] {
			require.Equal(t, 0, st.Decides)
			first := st.Rows[0].Seat
			require.GreaterOrEqual(t, s.Score[first], s.Score[1-first])
		}
	}
	require.Positive(t, kinds[game.MarkEnd], "the end is marked")
	require.Positive(t, kinds[game.MarkHit]+kinds[game.MarkKill]+kinds[game.MarkStone], "%v", kinds)
}

func TestOptionsDescribeEveryOptionNewTakes(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, o := range (Title{}).Options() {
		names[o.Name] = true
		require.NotEmpty(t, o.Help, o.Name)
		if o.Default != "" && o.Type != game.OptChoice {
			require.NoError(t, Title{}.CheckOptions(map[string]string{o.Name: o.Default}), o.Name)
		}
	}
	for _, n := range OptionNames() {
		require.True(t, names[n] || n == OptRounds, "option %s is not described", n)
	}
	require.ErrorContains(t, Title{}.CheckOptions(map[string]string{"turns": "x"}), "turns")
	require.ErrorContains(t, Title{}.CheckOptions(map[string]string{"frobnicate": "1"}), "unknown option")
	usage := game.UsageOptions(Title{}, "  ")
	require.True(t, strings.Contains(usage, "--option compat=none|original2022"), usage)
	require.Equal(t, 120, Title{}.Steps(game.Config{Options: map[string]string{OptTurns: "120"}}))
}
