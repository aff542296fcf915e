package scenes

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/render"
)

// A hover card over a mark of a named match calls the players by their
// names: "the boss kills Deep_bAlt", not "the boss kills player 1".
func TestBarHoverCardNamesThePlayers(t *testing.T) {
	rec := botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "60"})
	names := []string{"Deep_bAlt", "BotDiff", "Glarbs", "Quiffs"}
	rec.Header.Players = names
	view, err := render.NewView(rec.Title.ID())
	require.NoError(t, err)
	v := NewViewer(rec, view)
	for !v.chron.Done() {
		v.chron.Update(v.sight())
	}
	seen := 0
	for i, ms := range v.chron.Markers {
		for k, m := range ms {
			if k >= 6 || v.say(m.Text) == m.Text.String() {
				continue
			}
			seen++
			line := v.markCard(i)[k+1].Text
			require.NotContains(t, line, "Player ", line)
			require.NotContains(t, line, "player ", line)
			require.True(t, strings.ContainsAny(line, "DBGQ"), line)
			require.True(t, strings.HasSuffix(line, v.say(m.Text)), line)
		}
	}
	require.NotZero(t, seen, "a mark that names a player")
}
