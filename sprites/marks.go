package sprites

import "math"

// The seats' marks: a shape for each seat beside its colour, so that people
// who do not tell the colours apart tell the seats apart. Seat s has shape
// s&3.
const (
	MarkDisc = iota
	MarkSquare
	MarkTriangle
	MarkDiamond
	markCount
)

// Sizes of the marks' sprites, in atlas pixels: a mark of size MarkUnit
// (its disc is 0.8 of it across) sits in the middle of a MarkCanvas square,
// which leaves room for its edge.
const (
	MarkCanvas = 80
	MarkUnit   = 48
	// markEdge is how far a mark's edge reaches out of its shape.
	markEdge = 0.12 * MarkUnit
)

// paintMarks draws each seat's shape in white, and the same shape grown by
// its edge, which a marker draws dark under it for contrast on any ground.
func paintMarks() (shapes, edges [markCount]*Canvas) {
	for i := range markCount {
		shapes[i] = paintMark(i, 0)
		edges[i] = paintMark(i, markEdge)
	}
	return shapes, edges
}

// paintMark draws shape i grown by e pixels.
func paintMark(i int, e float64) *Canvas {
	c := NewCanvas(MarkCanvas, MarkCanvas)
	z := c.Path()
	const m, u = MarkCanvas / 2, MarkUnit
	switch i {
	case MarkDisc:
		r := 0.4*u + e
		Ellipse(z, m, m, r, r)
	case MarkSquare:
		h := 0.36*u + e
		RoundRect(z, m-h, m-h, 2*h, 2*h, e)
	case MarkTriangle:
		// Pointing up, its centroid in the middle: an edge of e moves
		// each corner out by 2e.
		r := 0.55*u + 2*e
		Polygon(z, m, m-r, m+r*math.Sqrt(3)/2, m+r/2, m-r*math.Sqrt(3)/2, m+r/2)
	case MarkDiamond:
		d := 0.5*u + e*math.Sqrt2
		Polygon(z, m, m-d, m+d*0.8, m, m, m+d, m-d*0.8, m)
	}
	c.Fill(Solid(Hex(0xffffff)))
	return c
}
