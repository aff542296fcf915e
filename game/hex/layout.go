package hex

import "math"

// Orientation is how hexagons sit on screen: pointy-top or flat-top.
type Orientation struct {
	f0, f1, f2, f3 float64 // hex to pixel
	b0, b1, b2, b3 float64 // pixel to hex
	start          float64 // angle of the first corner, in sixths of a turn
}

var sqrt3 = math.Sqrt(3)

// Pointy hexagons have a corner at the top; rows are horizontal.
var Pointy = Orientation{sqrt3, sqrt3 / 2, 0, 3.0 / 2, sqrt3 / 3, -1.0 / 3, 0, 2.0 / 3, 0.5}

// Flat hexagons have an edge at the top; columns are vertical.
var Flat = Orientation{3.0 / 2, 0, sqrt3 / 2, sqrt3, 2.0 / 3, 0, -1.0 / 3, sqrt3 / 3, 0}

// Layout places cells on screen: the orientation, the size of a hexagon
// (centre to corner, per axis) and the pixel position of the cell (0,0).
type Layout struct {
	Orientation  Orientation
	SizeX, SizeY float64
	OriginX      float64
	OriginY      float64
}

// Center is the pixel position of a cell's centre.
func (l Layout) Center(h Hex) (x, y float64) {
	o := l.Orientation
	q, r := float64(h.Q), float64(h.R)
	return (o.f0*q+o.f1*r)*l.SizeX + l.OriginX, (o.f2*q+o.f3*r)*l.SizeY + l.OriginY
}

// At is the cell under a pixel: the inverse of Center, for mouse picking.
func (l Layout) At(x, y float64) Hex {
	q, r := l.Fractional(x, y)
	return Round(q, r, math.Round)
}

// Fractional is the pixel's position in fractional axial coordinates.
func (l Layout) Fractional(x, y float64) (q, r float64) {
	o := l.Orientation
	px, py := (x-l.OriginX)/l.SizeX, (y-l.OriginY)/l.SizeY
	return o.b0*px + o.b1*py, o.b2*px + o.b3*py
}

// Corners are the pixel positions of a cell's six corners.
func (l Layout) Corners(h Hex) [6][2]float64 {
	cx, cy := l.Center(h)
	var out [6][2]float64
	for i := range out {
		a := 2 * math.Pi * (l.Orientation.start + float64(i)) / 6
		out[i] = [2]float64{cx + l.SizeX*math.Cos(a), cy + l.SizeY*math.Sin(a)}
	}
	return out
}
