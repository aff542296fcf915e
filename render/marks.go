package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/sprites"
)

// MarkerSize is a unit's marker across at low zoom, in screen pixels at
// interface scale 1: big enough to see and to tell its shape on a
// projector whatever the zoom.
const MarkerSize = 16

// The band of zoom where a unit turns from its sprite into its marker, as
// the size of the unit's figure on screen in pixels at interface scale 1:
// at spriteFigure and over, the sprite reads; at markerFigure and under,
// only the marker shows; between, the two crossfade so that zooming does
// not pop.
const (
	markerFigure = 14
	spriteFigure = 20
)

// MarkerWeight is how much of a unit shows as its marker when its figure
// is figurePx screen pixels wide at interface scale scale: 0 is the sprite
// alone, 1 the marker alone.
func MarkerWeight(figurePx, scale float64) float64 {
	t := (spriteFigure*scale - figurePx) / ((spriteFigure - markerFigure) * scale)
	t = max(0, min(1, t))
	return t * t * (3 - 2*t)
}

// markEdge is the dark edge around a marker, for contrast on any ground.
var markEdge = color.NRGBA{0x06, 0x0a, 0x12, 0xe6}

// SeatMark draws seat s's shape in colour c, size wide, centred at (x, y):
// the mark beside a seat's name, and the shape of its units' markers.
func SeatMark(dst *ebiten.Image, s game.Seat, x, y, size float64, c color.NRGBA) {
	SpriteAt(dst, sprites.Interface().Marks[s&3], x, y, size*sprites.MarkCanvas/sprites.MarkUnit, 0, c)
}

// Markers draws units as markers at low zoom, all in one batch: each in its
// seat's shape and colour over a dark edge, sized in screen pixels, with a
// token for what a unit carries.
type Markers struct {
	batch Batch
}

// Begin starts the markers of a frame.
func (m *Markers) Begin() { m.batch.Begin(sprites.Interface().Atlas) }

// Unit queues the marker of a unit of seat s in colour c, size screen
// pixels wide, centred at screen point (x, y), faded by alpha.
func (m *Markers) Unit(s game.Seat, x, y, size float64, c color.NRGBA, alpha float64) {
	m.Token(int(s&3), x, y, size, c, alpha)
}

// Load queues the token of what the unit of a marker of size at (x, y)
// carries: shape (sprites.MarkDisc...) in colour c on the marker's
// top-right shoulder.
func (m *Markers) Load(shape int, x, y, size float64, c color.NRGBA, alpha float64) {
	m.Token(shape, x+size*0.45, y-size*0.45, size*0.62, c, alpha)
}

// Token queues a thing on the map at low zoom (a stone, a resource): shape
// (sprites.MarkDisc...) in colour c over a dark edge, size screen pixels
// wide, centred at (x, y).
func (m *Markers) Token(shape int, x, y, size float64, c color.NRGBA, alpha float64) {
	ui := sprites.Interface()
	k := size / sprites.MarkUnit
	m.batch.AddAt(ui.MarkEdges[shape], x, y, k, 0, Fade(markEdge, alpha))
	m.batch.AddAt(ui.Marks[shape], x, y, k, 0, Fade(c, alpha))
}

// Flush draws the queued markers onto dst.
func (m *Markers) Flush(dst *ebiten.Image) { m.batch.Flush(dst) }
