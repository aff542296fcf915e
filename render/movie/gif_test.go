package movie

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// gradient is a w x h gradient with a square of colour c at x.
func gradient(w, h, x int, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for py := range h {
		for px := range w {
			img.SetRGBA(px, py, color.RGBA{uint8(px * 255 / w), uint8(py * 255 / h), 90, 255})
		}
	}
	for py := 10; py < 20; py++ {
		for px := x; px < x+10; px++ {
			img.SetRGBA(px, py, c)
		}
	}
	return img
}

// A clip's frames keep only what changed, its palette suits its
// pictures, an unchanged picture lengthens the frame before, and the
// file decodes with the delays given.
func TestGIF(t *testing.T) {
	red := color.RGBA{0xff, 0x20, 0x20, 0xff}
	pics := []*image.RGBA{gradient(64, 40, 5, red), gradient(64, 40, 30, red), gradient(64, 40, 30, red), gradient(64, 40, 40, red)}
	g := NewGIF(64, 40, pics[:2], true)
	for _, p := range pics {
		g.Add(p, 100*time.Millisecond)
	}
	var buf bytes.Buffer
	require.NoError(t, g.Write(&buf))
	require.Equal(t, 3, g.Frames(), "the unchanged third picture adds no frame")
	out, err := gif.DecodeAll(&buf)
	require.NoError(t, err)
	require.Len(t, out.Image, 3)
	require.Equal(t, []int{10, 20, 10}, out.Delay)
	require.Equal(t, image.Rect(0, 0, 64, 40), out.Image[0].Bounds())
	require.True(t, out.Image[1].Bounds().In(image.Rect(5, 10, 40, 20)), "only the square that moved: %v", out.Image[1].Bounds())
	require.LessOrEqual(t, len(out.Image[0].Palette), 256)
	// The red square is red in the palette's colours.
	r, gg, b, _ := out.Image[0].At(7, 12).RGBA()
	require.Greater(t, r>>8, uint32(0xd0))
	require.Less(t, gg>>8, uint32(0x60))
	require.Less(t, b>>8, uint32(0x60))
}
