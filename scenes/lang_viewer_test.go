package scenes

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// The viewer's frame says its words in the screens' language: the status
// line, the verdict in its two parts, the turn counter, the seats.
func TestViewerSaysItsWords(t *testing.T) {
	defer lang.Set(lang.Current())
	rec := openFixture(t)
	v := NewViewer(rec, mustView(t))
	a := newTestApp(v)
	v.layout(a)
	last := rec.Timeline.Len() - 1

	toMove := -1
	for i := range last {
		if v.status(rec.Timeline.Frame(i)) == "Player 1 to move" {
			toMove = i
			break
		}
	}
	require.GreaterOrEqual(t, toMove, 0)
	lang.Set(lang.SrLatn)
	require.Equal(t, "Igrač 1 je na potezu", v.status(rec.Timeline.Frame(toMove)))
	head, tail, ok := v.verdictParts(rec.Timeline.Last())
	require.True(t, ok)
	require.Equal(t, "Igrač 1 pobeđuje", head)
	require.Equal(t, "figura se popela na nivo 3", tail)
	require.Equal(t, "Potez 3 / 15", turnLabel([2]int{3, 15}))
	require.Equal(t, "Igrač 2", v.playerName(1, false))

	lang.Set(lang.Fa)
	require.Equal(t, "نوبت ۳ / ۱۵", turnLabel([2]int{3, 15}))
	require.Equal(t, "بازیکن ۲ · حذف‌شده", v.playerName(1, true))

	lang.Set(lang.En)
	text, ok := v.verdict(rec.Timeline.Last())
	require.True(t, ok)
	require.Equal(t, "Player 1 wins: a worker climbed to level 3", text)
	require.Equal(t, "Player 2", v.playerName(1, false))
}

// In a language written right to left, a panel's lines stand at its right
// edge: px and leftAlign turn a line drawn Left at x into one drawn Right
// at x+w; the board does not mirror.
func TestPanelLinesAlignRightToLeft(t *testing.T) {
	defer lang.Set(lang.Current())
	lang.Set(lang.En)
	require.Equal(t, 10.0, px(10, 100))
	require.Equal(t, render.Left, leftAlign())
	lang.Set(lang.Fa)
	require.Equal(t, 110.0, px(10, 100))
	require.Equal(t, render.Right, leftAlign())
}
