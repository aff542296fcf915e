// Package hex is hexagonal grid geometry in axial coordinates (q, r), with
// s = -q-r, after Red Blob Games' guide: distance, neighbours, rings,
// spirals, line drawing and the pixel layout with its inverse for picking.
package hex

import "math"

// Hex is a cell in axial coordinates.
type Hex struct{ Q, R int }

// S is the third cube coordinate, -q-r.
func (h Hex) S() int { return -h.Q - h.R }

// Add is h + o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Sub is h - o.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Scale multiplies h by k.
func (h Hex) Scale(k int) Hex { return Hex{h.Q * k, h.R * k} }

// Length is the distance from the origin.
func (h Hex) Length() int { return (abs(h.Q) + abs(h.R) + abs(h.S())) / 2 }

// Distance is the number of steps between two cells.
func Distance(a, b Hex) int { return a.Sub(b).Length() }

// Ring is the ring number of h around the origin: max(|q|, |r|, |s|).
func (h Hex) Ring() int { return max(abs(h.Q), abs(h.R), abs(h.S())) }

// Directions are the six neighbour offsets in the order E, SE, SW, W, NW, NE
// (r grows downward, as on the AIBG map).
var Directions = [6]Hex{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// Neighbour is the cell next to h in direction d (0..5, see Directions).
func (h Hex) Neighbour(d int) Hex { return h.Add(Directions[((d%6)+6)%6]) }

// Neighbours lists the six cells next to h, in direction order.
func (h Hex) Neighbours() [6]Hex {
	var out [6]Hex
	for d := range Directions {
		out[d] = h.Add(Directions[d])
	}
	return out
}

// Ring lists the cells at distance radius from center, starting at
// center + radius*Directions[4] (straight "up", the NW offset (0,-1)) and
// walking radius steps in each direction E, SE, SW, W, NW, NE. Radius 0 is
// the centre alone.
func Ring(center Hex, radius int) []Hex {
	if radius == 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*radius)
	h := center.Add(Directions[4].Scale(radius))
	for d := 0; d < 6; d++ {
		for i := 0; i < radius; i++ {
			out = append(out, h)
			h = h.Neighbour(d)
		}
	}
	return out
}

// Spiral lists the cells within radius of center, ring by ring from the
// centre outwards.
func Spiral(center Hex, radius int) []Hex {
	out := []Hex{center}
	for r := 1; r <= radius; r++ {
		out = append(out, Ring(center, r)...)
	}
	return out
}

// Round rounds fractional cube coordinates to the nearest cell, the way the
// guide does: the coordinate with the largest rounding error is rebuilt
// from the other two. round is the rounding of one number (math.Round, or a
// contest's own, such as Java's floor(x+0.5)).
func Round(q, r float64, round func(float64) float64) Hex {
	s := -q - r
	rq, rr, rs := round(q), round(r), round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{int(rq), int(rr)}
}

// Line lists the cells on the straight line from a to b, both included,
// with the guide's nudge so that lines along cell edges fall to one side.
func Line(a, b Hex) []Hex {
	n := Distance(a, b)
	out := make([]Hex, 0, n+1)
	const eps = 1e-6
	aq, ar := float64(a.Q)+eps, float64(a.R)+eps
	bq, br := float64(b.Q)+eps, float64(b.R)+eps
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		out = append(out, Round(aq+(bq-aq)*t, ar+(br-ar)*t, math.Round))
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
