package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Text that can be long fits its box: wrapped into lines that each fit,
// shrunk down to a floor, or cut after a whole word.
func TestTextFitsItsBox(t *testing.T) {
	long := "hunter: a team: Gamora jumps across the maze, finds the enemy's base and strikes; focused fire on whatever is in range"
	for _, w := range []float64{120, 300, 800} {
		lines := Wrap(long, Regular, 15, w)
		require.NotEmpty(t, lines)
		for _, l := range lines {
			lw, _ := Measure(l, Regular, 15)
			require.LessOrEqual(t, lw, w, "%q", l)
		}
	}
	require.Equal(t, []string{"a", "b"}, Wrap("a\nb", Regular, 15, 100), "newlines stay")
	cut := ClipWords("conv 0 diamond 0 mineral to coins, 2 diamond", Mono, 15, 160)
	require.True(t, strings.HasSuffix(cut, " …"), cut)
	require.False(t, strings.Contains(cut, "minera …"), "cut after a whole word")
	w, _ := Measure(cut, Mono, 15)
	require.LessOrEqual(t, w, 160.0)
	size := Shrink("no order: the bot decides", Regular, 12, 9, 120)
	w, _ = Measure("no order: the bot decides", Regular, size)
	require.True(t, w <= 120 || size == 9)
	require.Equal(t, "x…", Clip("xyz", Bold, 12, 1), "at least a letter stays, with the ellipsis")
}
