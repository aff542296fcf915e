package scenes

import (
	"image"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// In Persian the viewer is mirrored where a Persian reader expects it: the
// side panel left of the board, the game's name at the right edge and the
// menu's buttons at the top left; the board is not mirrored, and the
// playback buttons and the timeline stay left to right, as a video
// player's. In English nothing moved.
func TestRTLMirrorsTheViewer(t *testing.T) {
	defer lang.Set(lang.Current())
	rec := openFixture(t)
	for _, tag := range []lang.Tag{lang.En, lang.Fa} {
		lang.Set(tag)
		v := NewViewer(rec, mustView(t))
		a := newTestApp(v)
		v.layout(a)
		s := a.Scale
		nameW, _ := render.Measure(lang.T(rec.Title.Name()), render.Bold, 26*s)
		side := sidePanelW(a.W, s)
		require.Less(t, v.first.Rect().Max.X, v.last.Rect().Min.X, "%s: the playback buttons left to right", tag)
		require.Less(t, v.last.Rect().Max.X, v.scrub.Min.X, "%s: the timeline right of the buttons", tag)
		if tag == lang.En {
			require.Equal(t, BoardArea(a.W, a.H, s), v.area, "in English the board is where it was")
			require.Equal(t, rectXYWH(float64(a.W)-side-16*s, (topBarH+8)*s, side, float64(a.H)-(controlsH+topBarH+24)*s), v.side)
			require.LessOrEqual(t, v.area.Max.X, v.side.Min.X, "in English the side panel is right of the board")
			require.Greater(t, float64(v.help.Rect().Min.X), 24*s+nameW, "in English the buttons are right of the name")
			continue
		}
		require.Equal(t, int(16*s), v.side.Min.X, "in Persian the side panel stands at the left edge")
		require.LessOrEqual(t, v.side.Max.X, v.area.Min.X, "in Persian the side panel is left of the board")
		require.Equal(t, BoardArea(a.W, a.H, s).Dx(), v.area.Dx(), "the board keeps its size")
		nameX := float64(a.W) - 24*s - nameW
		require.Less(t, float64(v.menu.Rect().Max.X), nameX, "in Persian the menu button is left of the name")
		require.Less(t, float64(v.help.Rect().Max.X), nameX, "in Persian the help button is left of the name")
		band := v.band(a)
		require.GreaterOrEqual(t, band.Min.X, v.help.Rect().Max.X, "the band is right of the buttons")
		require.LessOrEqual(t, float64(band.Max.X), nameX, "the band is left of the name")
	}
}

// A dialog's heading is drawn right-aligned in Persian and left-aligned in
// English: the ink that the heading adds lies in the card's right half, or
// its left half.
func TestRTLDialogHeading(t *testing.T) {
	defer lang.Set(lang.Current())
	rec := openFixture(t)
	for _, tag := range []lang.Tag{lang.En, lang.Fa} {
		lang.Set(tag)
		v := NewViewer(rec, mustView(t))
		a := newTestApp(v)
		v.layout(a)
		p := NewPause(v)
		a.Push(p)
		v.clock.Playing = false
		shot := func() *image.RGBA { // at the same moment: nothing pulses between the pictures
			a.Clock = 10
			return screen(t, a, 1280, 800, "rtl-pause")
		}
		with, again := shot(), shot()
		p.heading = ""
		without := shot()
		card := p.place(a)
		band := image.Rect(card.Min.X, card.Min.Y, card.Max.X, card.Min.Y+int(80*a.Scale))
		require.True(t, changed(with, again, band).Empty(), "%s: the heading's band %v stands still", tag, changed(with, again, band))
		ink := changed(with, without, band)
		require.False(t, ink.Empty(), "%s: the heading is drawn", tag)
		mid := (card.Min.X + card.Max.X) / 2
		if tag == lang.Fa {
			require.Greater(t, ink.Min.X, mid, "in Persian the heading %v is right-aligned in the card %v", ink, card)
			require.InDelta(t, card.Max.X-int(36*a.Scale), ink.Max.X, 4, "in Persian the heading ends at the card's right margin")
		} else {
			require.Less(t, ink.Max.X, mid, "in English the heading %v is left-aligned in the card %v", ink, card)
		}
	}
}

// changed is the bounds of the pixels in r that differ between a and b.
func changed(a, b *image.RGBA, r image.Rectangle) image.Rectangle {
	var out image.Rectangle
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				out = out.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return out
}
