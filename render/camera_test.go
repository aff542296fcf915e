package render

import (
	"image"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCameraFitsZoomsAndPans(t *testing.T) {
	var c Camera
	c.SetArea(image.Rect(0, 0, 800, 400))
	c.SetWorld(-100, -100, 100, 100)
	x, y := c.ToScreen(0, 0)
	require.Equal(t, 400.0, x, "the world's centre is the area's centre")
	require.Equal(t, 200.0, y)
	require.Equal(t, 2.0, c.Scale(), "the whole world fits: 400 px for 200 units")

	// Zooming about a point keeps that point under the pointer.
	wx, wy := c.ToWorld(600, 300)
	c.Zoom(2, 600, 300)
	for i := 0; i < 200; i++ {
		c.Update(0.05)
	}
	sx, sy := c.ToScreen(wx, wy)
	require.InDelta(t, 600, sx, 0.01)
	require.InDelta(t, 300, sy, 0.01)
	require.InDelta(t, 4.0, c.Scale(), 1e-6)

	// Dragging the world right moves what is on screen right.
	c.Pan(40, 0)
	for i := 0; i < 200; i++ {
		c.Update(0.05)
	}
	sx2, _ := c.ToScreen(wx, wy)
	require.InDelta(t, 640, sx2, 0.01)

	c.Fit()
	for i := 0; i < 200; i++ {
		c.Update(0.05)
	}
	require.InDelta(t, 2.0, c.Scale(), 1e-6)
	c.Zoom(1000, 0, 0)
	require.LessOrEqual(t, c.toZoom, float64(maxZoom), "zoom is bounded")
}

func TestCameraWraps(t *testing.T) {
	var c Camera
	c.SetArea(image.Rect(0, 0, 100, 100))
	c.SetWorld(0, 0, 10, 10)
	c.SetWrap(true)
	settle := func() {
		for i := 0; i < 200; i++ {
			c.Update(0.05)
		}
	}
	// 10 px a unit: dragging the world 60 px left moves the centre from
	// 5 to 11, past the edge, which is 1 a turn back.
	c.Pan(-30, 0)
	settle()
	c.Pan(-30, -30)
	settle()
	x0, y0, x1, _ := c.Visible()
	require.InDelta(t, 1, (x0+x1)/2, 1e-6)
	require.InDelta(t, -4, x0, 1e-6, "the view reaches past the world's left edge")
	require.InDelta(t, 3, y0, 1e-6)
	// Without wrapping the view stops with a quarter of it past the edge:
	// a unit on the edge is seen, not a screen of nothing.
	c.SetWrap(false)
	c.Pan(-100, 0)
	settle()
	x0, _, x1, _ = c.Visible()
	require.InDelta(t, 7.5, (x0+x1)/2, 1e-6)
	require.InDelta(t, 12.5, x1, 1e-6)
}

// Show frames a rectangle, never further out than the least scale people
// can read, and opens there when asked before the world is known.
func TestCameraShowsAtAReadableZoom(t *testing.T) {
	var c Camera
	c.SetArea(image.Rect(0, 0, 800, 400))
	c.SetMaxZoom(100)
	c.Show(90, 90, 110, 110, 0)
	c.SetWorld(0, 0, 1000, 1000)
	require.InDelta(t, 20.0, c.Scale(), 1e-6, "a 20-unit square fills the area's height at once")
	x, y := c.ToScreen(100, 100)
	require.InDelta(t, 400, x, 1e-6)
	require.InDelta(t, 200, y, 1e-6)
	// A rectangle bigger than the area at the least scale: the least scale.
	c.Show(0, 0, 1000, 1000, 2)
	c.Snap()
	require.InDelta(t, 2.0, c.Scale(), 1e-6)
	// Never closer than the closest zoom.
	c.SetMaxZoom(3)
	c.Show(500, 500, 501, 501, 0)
	c.Snap()
	require.InDelta(t, 0.4*3, c.Scale(), 1e-6)
	x0, _, x1, _ := c.Target()
	require.InDelta(t, 500.5, (x0+x1)/2, 1e-6, "centred on the rectangle")
}
