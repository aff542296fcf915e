package render

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/internal/lang"
)

// xOf is where the glyph of s's byte i is laid out.
func xOf(t *testing.T, l *layout, s string, i int) float64 {
	t.Helper()
	for _, g := range l.glyphs {
		if g.StartIndexInBytes == i {
			return g.X
		}
	}
	t.Fatalf("no glyph at byte %d of %q", i, s)
	return 0
}

// Persian is shaped: its letters join, so a word is narrower than its
// letters apart; and a line mixing scripts is ordered by the Unicode
// bidirectional algorithm, in an English screen and in a Persian one.
func TestScriptsShapeAndOrder(t *testing.T) {
	defer lang.Set(lang.Current())
	for _, tag := range []lang.Tag{lang.En, lang.Fa} {
		lang.Set(tag)
		joined, _ := Measure("بببب", Regular, 20)
		alone, _ := Measure("ب", Regular, 20)
		require.Less(t, joined, 4*alone*0.8, "%s: Persian letters join", tag)

		name := "تیم ستاره" // "team star": تیم is read first, on the right
		l := layoutOf(name, Bold, 20, Left, true)
		require.Greater(t, xOf(t, l, name, 0), xOf(t, l, name, strings.Index(name, "ستاره")), "%s: a Persian name reads right to left", tag)

		mixed := "تیم AB ستاره"
		l = layoutOf(mixed, Regular, 20, Left, true)
		a, b := xOf(t, l, mixed, strings.Index(mixed, "A")), xOf(t, l, mixed, strings.Index(mixed, "B"))
		require.Less(t, a, b, "%s: Latin inside Persian reads left to right", tag)
		if tag.RTL() {
			require.Greater(t, xOf(t, l, mixed, 0), b, "a Persian line starts on the right")
		} else {
			require.Less(t, xOf(t, l, mixed, 0), a, "an English line starts on the left")
		}

		latin := "Zvezda tim"
		l = layoutOf(latin, Regular, 20, Left, true)
		require.Less(t, xOf(t, l, latin, 0), xOf(t, l, latin, strings.Index(latin, "tim")), "%s: a Latin name reads left to right", tag)
		w, _ := Measure(latin, Regular, 20)
		require.InDelta(t, 0, xOf(t, l, latin, 0), 2, "%s: text drawn Left starts at x", tag)
		require.Positive(t, w)
	}
}
