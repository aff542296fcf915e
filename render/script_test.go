package render

import (
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"
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

// Vazirmatn's glyphs are asked through Ebitengine's UnsafeInternal: an
// Ebitengine that answers otherwise fails here, not on the screens.
func TestVazirmatnAnswers(t *testing.T) {
	_, ok := source(Regular + 3).UnsafeInternal().(*font.Face)
	require.True(t, ok)
	require.True(t, inVazirmatn('ب'))
	require.True(t, inVazirmatn('A'))
	require.False(t, inVazirmatn('Ж'))
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

		if tag.RTL() { // a line Vazirmatn cannot draw whole keeps its order
			arrows := "↑ ↓ انتخاب"
			l = layoutOf(arrows, Regular, 20, Left, true)
			require.Greater(t, xOf(t, l, arrows, 0), xOf(t, l, arrows, strings.Index(arrows, "انتخاب")), "the arrows, first, on the right")
			named := "Звезда тим برد"
			l = layoutOf(named, Bold, 20, Left, true)
			win := xOf(t, l, named, strings.Index(named, "برد"))
			require.Greater(t, xOf(t, l, named, 0), win, "the Cyrillic name, first, on the right")
			require.Less(t, xOf(t, l, named, 0), xOf(t, l, named, strings.Index(named, "тим")), "the name reads left to right")
			w, _ := Measure(named, Bold, 20)
			require.InDelta(t, 0, min(win, xOf(t, l, named, 0)), w/3, "drawn Left, the line starts at x")
		}

		latin := "Zvezda tim"
		l = layoutOf(latin, Regular, 20, Left, true)
		require.Less(t, xOf(t, l, latin, 0), xOf(t, l, latin, strings.Index(latin, "tim")), "%s: a Latin name reads left to right", tag)
		w, _ := Measure(latin, Regular, 20)
		require.InDelta(t, 0, xOf(t, l, latin, 0), 2, "%s: text drawn Left starts at x", tag)
		require.Positive(t, w)
	}
}
