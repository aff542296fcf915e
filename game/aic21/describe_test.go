package aic21

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// The standings rank by the judge's order and mark the deciding column;
// the charts' numbers are the judge's, so that a chart never contradicts
// the scoreboard; kills and hits on bases are marked.
func TestStandingsStatsAndMarkersOfAGame(t *testing.T) {
	t.Parallel()
	m := match(t, game.Config{Seed: 3, Map: "meadow", Options: map[string]string{OptTurns: "150"}}, [2]string{"colony", "forager"})
	tl := m.Timeline
	kinds := map[string]int{}
	delivered := [2]float64{}
	for i := range tl.Len() {
		f := tl.Frame(i)
		s := f.State.(*State)
		st := Title{}.Standings(f, game.AllSeats)
		require.Equal(t, judgeHeads, st.Heads)
		a, b := s.Judged(int(st.Rows[0].Seat)), s.Judged(int(st.Rows[1].Seat))
		if c, k := Leader(s); c >= 0 && !s.Over {
			require.Equal(t, k, st.Decides)
			require.Greater(t, a[k], b[k], "turn %d: the first row leads on the deciding column", s.Turn)
		}
		stats := Title{}.Stats(f, game.AllSeats)
		for c := range 2 {
			j := s.Judged(c)
			require.Equal(t, float64(j[0]), stats[0].Values[c], "base health")
			require.Equal(t, float64(j[4]), stats[3].Values[c], "bread in store, as the scoreboard's BREAD")
			require.True(t, stats[5].PerStep)
			delivered[c] += stats[5].Values[c]
		}
		for _, mk := range (Title{}).Markers(f, game.AllSeats) {
			kinds[mk.Kind]++
		}
	}
	require.Positive(t, delivered[0]+delivered[1], "food was delivered")
	require.Positive(t, kinds[game.MarkKill]+kinds[game.MarkBase], "%v", kinds)
	require.Positive(t, kinds[game.MarkHit])
	require.Contains(t, Title{}.Why(tl.Last()).String(), "after ")

	// A colony's sight knows its own numbers only, and sees the enemy's
	// units where its own units see.
	f := tl.Frame(60)
	s := f.State.(*State)
	st := Title{}.Standings(f, 0)
	for _, row := range st.Rows {
		if row.Seat == 1 {
			require.Equal(t, game.Unknown, row.Cells[0])
		}
	}
	require.True(t, math.IsNaN(Title{}.Stats(f, 0)[0].Values[1]))
	for _, u := range (Title{}).Units(f, 0) {
		if u.Seat == 1 {
			require.True(t, s.Sees(0, Cell{u.Cell[0], u.Cell[1]}))
		}
	}
	carrying := 0
	for i := 0; i < tl.Len(); i++ {
		for _, u := range (Title{}).Units(tl.Frame(i), game.AllSeats) {
			if u.Carries {
				carrying++
			}
		}
	}
	require.Positive(t, carrying, "workers carry food home")
}

// A tie on every count says so, in the judge's words: a coin toss decides
// a full tie at the end.
func TestFixtureLogTie(t *testing.T) {
	t.Parallel()
	rec, err := ImportLog("log.json.gz", fixture(t, "replays/map1_template_log.json.gz"))
	require.NoError(t, err)
	mid := rec.Timeline.Frame(50)
	c, _ := Leader(mid.State.(*State))
	require.Equal(t, -1, c)
	require.Equal(t, -1, Title{}.Standings(mid, game.AllSeats).Decides)
	require.Equal(t, "a coin toss (level on every count), after 100 turns", Title{}.Why(rec.Timeline.Last()).String())
}

func TestOptionsDescribeEveryOptionNewTakes(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, o := range (Title{}).Options() {
		names[o.Name] = true
		require.NotEmpty(t, o.Help, o.Name)
		if o.Default != "" && o.Type != game.OptPath {
			require.NoError(t, Title{}.CheckOptions(map[string]string{o.Name: o.Default}), "%s=%s", o.Name, o.Default)
		}
	}
	for _, n := range OptionNames() {
		require.True(t, names[n], "option %s is not described", n)
	}
	for k := range configKeys {
		require.True(t, names[k], "map.config key %s", k)
	}
	require.Error(t, Title{}.CheckOptions(map[string]string{"compat.multiAction": "maybe"}))
	require.Equal(t, 100, Title{}.Steps(game.Config{Options: map[string]string{OptPreset: PresetOriginal}}))
}
