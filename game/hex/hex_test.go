package hex

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// The reference vectors of Red Blob Games' implementation guide (its test
// suite, in axial form where it used cube).
func TestArithmetic(t *testing.T) {
	t.Parallel()
	require.Equal(t, Hex{4, -10}, Hex{1, -3}.Add(Hex{3, -7}))
	require.Equal(t, Hex{-2, 4}, Hex{1, -3}.Sub(Hex{3, -7}))
	require.Equal(t, 7, Distance(Hex{3, -7}, Hex{0, 0}))
	require.Equal(t, 7, Hex{3, -7}.Length())
	require.Equal(t, 7, Hex{3, -7}.Ring())
}

func TestNeighbours(t *testing.T) {
	t.Parallel()
	// The guide: hex_neighbor(Hex(1, -2, 1), 2) == Hex(1, -3, 2). Its
	// direction 2 is (0,-1), which is our NW (index 4).
	require.Equal(t, Hex{1, -3}, Hex{1, -2}.Neighbour(4))
	n := Hex{0, 0}.Neighbours()
	require.Equal(t, [6]Hex{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}, n)
	for _, h := range n {
		require.Equal(t, 1, h.Length())
	}
}

func TestRound(t *testing.T) {
	t.Parallel()
	// The guide's hex_round tests.
	a, b, c := Hex{0, 0}, Hex{1, -1}, Hex{0, -1}
	lerp := func(x, y Hex, t float64) (float64, float64) {
		return float64(x.Q)*(1-t) + float64(y.Q)*t, float64(x.R)*(1-t) + float64(y.R)*t
	}
	q, r := lerp(Hex{0, 0}, Hex{10, -20}, 0.5)
	require.Equal(t, Hex{5, -10}, Round(q, r, math.Round))
	q, r = lerp(a, b, 0.499)
	require.Equal(t, a, Round(q, r, math.Round))
	q, r = lerp(a, b, 0.501)
	require.Equal(t, b, Round(q, r, math.Round))
	q = float64(a.Q)*0.4 + float64(b.Q)*0.3 + float64(c.Q)*0.3
	r = float64(a.R)*0.4 + float64(b.R)*0.3 + float64(c.R)*0.3
	require.Equal(t, a, Round(q, r, math.Round))
	q = float64(a.Q)*0.3 + float64(b.Q)*0.3 + float64(c.Q)*0.4
	r = float64(a.R)*0.3 + float64(b.R)*0.3 + float64(c.R)*0.4
	require.Equal(t, c, Round(q, r, math.Round))
}

func TestLine(t *testing.T) {
	t.Parallel()
	// The guide: hex_linedraw(Hex(0, 0, 0), Hex(1, -5, 4)).
	require.Equal(t, []Hex{{0, 0}, {0, -1}, {0, -2}, {1, -3}, {1, -4}, {1, -5}}, Line(Hex{0, 0}, Hex{1, -5}))
	require.Equal(t, []Hex{{2, 2}}, Line(Hex{2, 2}, Hex{2, 2}))
}

func TestRingsAndSpirals(t *testing.T) {
	t.Parallel()
	for r := 0; r <= 14; r++ {
		ring := Ring(Hex{0, 0}, r)
		require.Len(t, ring, max(1, 6*r))
		for _, h := range ring {
			require.Equal(t, r, h.Ring())
		}
	}
	require.Equal(t, Hex{0, -6}, Ring(Hex{}, 6)[0], "rings start straight up and walk east first")
	require.Equal(t, Hex{1, -6}, Ring(Hex{}, 6)[1])
	require.Len(t, Spiral(Hex{}, 14), 631, "the AIBG map: 29 across")
	seen := map[Hex]bool{}
	for _, h := range Spiral(Hex{3, -1}, 3) {
		require.False(t, seen[h])
		seen[h] = true
		require.LessOrEqual(t, Distance(h, Hex{3, -1}), 3)
	}
	require.Len(t, seen, 37)
}

func TestLayout(t *testing.T) {
	t.Parallel()
	// The guide: pixel_to_hex(hex_to_pixel(h)) == h for both orientations.
	h := Hex{3, 4}
	for _, l := range []Layout{
		{Flat, 10, 15, 35, 71},
		{Pointy, 10, 15, 35, 71},
	} {
		x, y := l.Center(h)
		require.Equal(t, h, l.At(x, y))
		// Every point just inside a corner picks the cell.
		for _, c := range l.Corners(h) {
			require.Equal(t, h, l.At(x+(c[0]-x)*0.9, y+(c[1]-y)*0.9))
		}
	}
	// Pointy: neighbours east are sqrt(3)*size apart horizontally.
	l := Layout{Pointy, 10, 10, 0, 0}
	x0, _ := l.Center(Hex{0, 0})
	x1, _ := l.Center(Hex{1, 0})
	require.InDelta(t, 10*math.Sqrt(3), x1-x0, 1e-9)
}
