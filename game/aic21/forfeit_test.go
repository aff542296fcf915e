package aic21

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// R18: a colony whose unit's connection broke forfeits at the end of the
// turn; a fallen base decides first; both forfeiting leaves it to the
// judge.
func TestForfeit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		m0, m1 string
		over   bool
		winner int
		reason string
	}{
		{m0: "", m1: "", over: false},
		{m0: "0:1", m1: Forfeit, over: true, winner: 0, reason: "forfeit"},
		{m0: "0:1 " + Forfeit, m1: "", over: true, winner: 1, reason: "forfeit"},
		{m0: Forfeit, m1: Forfeit, over: true, winner: 1, reason: "health"},
	} {
		s := newScen(t)
		s.put(0, false, Cell{3, 3})
		if c.m0 == Forfeit && c.m1 == Forfeit {
			s.w().col[0].BaseHealth = 19
		}
		st := s.step(c.m0, c.m1)
		require.Equal(t, c.over, st.Over, "%q %q", c.m0, c.m1)
		if c.over {
			require.Equal(t, c.winner, st.Winner, "%q %q", c.m0, c.m1)
			require.Equal(t, c.reason, st.Reason, "%q %q", c.m0, c.m1)
		}
	}
	moves, lost := CutForfeit("3:1 " + Forfeit)
	require.True(t, lost)
	require.Equal(t, "3:1 ", moves)
	moves, lost = CutForfeit(`3:-:1:"no forfeit"`)
	require.False(t, lost)
	require.Equal(t, `3:-:1:"no forfeit"`, moves)
}
