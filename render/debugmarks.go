package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/sprites"
)

// SeatMarks are the debug marks one seat drew for the moment shown
// (game.Mark), and the seat's colour, which a mark without its own takes.
type SeatMarks struct {
	Seat  game.Seat
	Color color.NRGBA
	Marks []game.Mark
}

// MarkCell is a cell of a map as debug marks see it on screen: its middle,
// its size (the distance to its neighbours' middles) and its outline, N
// corners in order round it.
type MarkCell struct {
	X, Y, Size float64
	Corners    [6][2]float64
	N          int
}

// A MarkMap places the cells of its game's protocol on screen, for debug
// marks: each render/<title> says how its protocol's coordinates map to
// its cells.
type MarkMap interface {
	// MarkCell is cell c, in the coordinates of the game's protocol, on
	// screen; on a map that wraps round, its copy nearest the screen point
	// (nearX, nearY). false when the map has no such cell.
	MarkCell(c [2]int, nearX, nearY float64) (MarkCell, bool)
}

// SquareCell is the MarkCell of a square cell size pixels wide centred at
// (x, y), whose top face is squash times as deep as it is wide.
func SquareCell(x, y, size, squash float64) MarkCell {
	w, h := size/2, size*squash/2
	return MarkCell{X: x, Y: y, Size: size, N: 4,
		Corners: [6][2]float64{{x - w, y - h}, {x + w, y - h}, {x + w, y + h}, {x - w, y + h}}}
}

// DebugMarks draws seats' debug marks over a map: cells filled, lines,
// arrows and circles with a dark edge under them so they read on any
// ground, and texts with a shadow, all at a size that reads at any zoom.
// Its buffers are reused from frame to frame.
type DebugMarks struct {
	batch Batch
	texts []markText
	// inks are the marks' colours by what they say ("red", "#0f0"): a
	// few, read once.
	inks map[string]color.NRGBA
	// short are texts too long for a cell, shortened, by their words.
	short map[string]string
	// layer holds the marks drawn last, drawn again while what they were
	// drawn from stays: the same marks, cells at the same places (the
	// camera still), the same bounds and scale.
	layer      *ebiten.Image
	drawn, was []drawnSeat
	cells      []MarkCell
	bounds     image.Rectangle
	scale      float64
}

// drawnSeat is what a seat's marks in the layer were drawn from.
type drawnSeat struct {
	first *game.Mark
	n     int
	color color.NRGBA
}

// markText is a text mark waiting for the shapes to be drawn under it.
type markText struct {
	s    string
	x, y float64
	c    color.NRGBA
}

// markShadow is the dark edge under marks' shapes and texts; markPlate
// the plate under a text.
var (
	markShadow = color.NRGBA{0x04, 0x06, 0x0c, 0xb0}
	markPlate  = color.NRGBA{0x04, 0x06, 0x0c, 0xa0}
)

// ink is the colour mark m gives itself.
func (d *DebugMarks) ink(m *game.Mark) color.NRGBA {
	c, ok := d.inks[m.Color]
	if !ok {
		r, g, b, _ := m.RGB()
		c = color.NRGBA{r, g, b, 0xff}
		if d.inks == nil {
			d.inks = map[string]color.NRGBA{}
		}
		if len(d.inks) < 256 {
			d.inks[m.Color] = c
		}
	}
	return c
}

// markTextMax is the most bytes of a text mark shown on the map: a short
// text on a cell (a log line shows whole in the side panel).
const markTextMax = 32

// shorten is text as the map shows it: at most markTextMax bytes.
func (d *DebugMarks) shorten(text string) string {
	if len(text) <= markTextMax {
		return text
	}
	short, ok := d.short[text]
	if !ok {
		if d.short == nil || len(d.short) > 4096 {
			d.short = map[string]string{}
		}
		short = game.Clip(text, markTextMax)
		d.short[text] = short
	}
	return short
}

// markLeast is the least size of a cell as marks draw it, in pixels at
// interface scale 1.
const markLeast = 8

// markQuads is how many quads a batch of marks takes before it is drawn,
// within a batch's 16-bit indices.
const markQuads = 12000

// Draw draws the marks of every seat in seats onto dst, cells placed by m,
// at interface scale: the view calls it above its units and under its own
// cards, so that a curtain hides them too.
func (d *DebugMarks) Draw(dst *ebiten.Image, seats []SeatMarks, m MarkMap, scale float64) {
	if len(seats) == 0 {
		return
	}
	b := dst.Bounds()
	if !d.same(seats, m, b, scale) {
		if d.layer == nil || d.layer.Bounds().Size() != b.Max {
			if d.layer != nil {
				d.layer.Deallocate()
			}
			d.layer = ebiten.NewImage(b.Max.X, b.Max.Y)
		}
		d.layer.Clear()
		d.draw(d.layer.SubImage(b).(*ebiten.Image), seats, m, scale)
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(d.layer.SubImage(b).(*ebiten.Image), &op)
}

// same reports whether the layer holds these marks as they would be
// drawn now; if not, it notes what they will be drawn from.
func (d *DebugMarks) same(seats []SeatMarks, m MarkMap, b image.Rectangle, scale float64) bool {
	same := d.layer != nil && b == d.bounds && scale == d.scale && len(seats) == len(d.drawn)
	d.bounds, d.scale = b, scale
	d.was, d.drawn = d.drawn, d.was[:0]
	for i, sm := range seats {
		ds := drawnSeat{n: len(sm.Marks), color: sm.Color}
		if ds.n > 0 {
			ds.first = &sm.Marks[0]
		}
		same = same && ds == d.was[i]
		d.drawn = append(d.drawn, ds)
	}
	cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
	k := 0
	for _, sm := range seats {
		for i := range sm.Marks {
			for _, c := range []*[2]int{sm.Marks[i].At, sm.Marks[i].To} {
				if c == nil {
					continue
				}
				at, _ := m.MarkCell(*c, cx, cy)
				if k < len(d.cells) {
					same = same && d.cells[k] == at
					d.cells[k] = at
				} else {
					same = false
					d.cells = append(d.cells, at)
				}
				k++
			}
		}
	}
	d.cells = d.cells[:k]
	return same
}

// draw draws the marks onto dst.
func (d *DebugMarks) draw(dst *ebiten.Image, seats []SeatMarks, m MarkMap, scale float64) {
	b := dst.Bounds()
	cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
	d.batch.Begin(sprites.Interface().Atlas)
	d.texts = d.texts[:0]
	// Two passes: the dark edges of every shape first, then the shapes,
	// so that no mark's edge cuts across another mark.
	for pass := 0; pass < 2; pass++ {
		for _, sm := range seats {
			for i := range sm.Marks {
				mk := &sm.Marks[i]
				if mk.Kind == "log" || mk.At == nil {
					continue
				}
				at, ok := m.MarkCell(*mk.At, cx, cy)
				if !ok {
					continue
				}
				ink := sm.Color
				if mk.Color != "" {
					ink = d.ink(mk)
				}
				d.shape(b, pass == 0, mk, at, ink, m, scale)
				if d.batch.Len() > markQuads {
					d.batch.Flush(dst)
				}
			}
		}
	}
	// The texts, each on a dark plate (its shadow): they read on any
	// ground, at a size that reads at any zoom.
	size := 13 * scale
	px := sprites.Interface().Pixel
	for _, t := range d.texts {
		w, _ := Measure(t.s, Bold, size)
		d.batch.AddRect(px, t.x-w/2-3*scale, t.y, w+6*scale, size*1.25, markPlate)
	}
	d.batch.Flush(dst)
	for _, t := range d.texts {
		Text(dst, t.s, Bold, size, t.x, t.y, t.c, Center)
	}
}

// stroke is the width of a line of marks over cells size pixels wide.
func stroke(size, scale float64) float64 { return max(2*scale, min(5*scale, size*0.08)) }

// shape queues one mark's shape into the batch: its dark edge when edge
// is set, else the mark itself; a text's words are kept for after.
func (d *DebugMarks) shape(bounds image.Rectangle, edge bool, mk *game.Mark, at MarkCell, ink color.NRGBA, m MarkMap, scale float64) {
	w := stroke(at.Size, scale)
	e := max(1, 1.2*scale) // the edge's width on each side
	px := sprites.Interface().Pixel
	line := func(x0, y0, x1, y1, w float64, c color.NRGBA) {
		if edge {
			w, c = w+2*e, markShadow
		}
		d.line(px, x0, y0, x1, y1, w, c)
	}
	reach := at.Size * (0.5 + mk.Radius)
	if !onScreen(bounds, at.X, at.Y, reach) && mk.To == nil {
		return
	}
	if least := markLeast * scale; at.Size < least {
		// Zoomed far out, a cell is drawn as big as a mark needs to be
		// seen: a marker of the cell rather than the cell.
		k := least / at.Size
		for i := 0; i < at.N; i++ {
			at.Corners[i] = [2]float64{at.X + (at.Corners[i][0]-at.X)*k, at.Y + (at.Corners[i][1]-at.Y)*k}
		}
		at.Size = least
	}
	switch mk.Kind {
	case "cell":
		if !edge && at.N >= 3 {
			for i := 1; i+1 < at.N; i++ { // a fan of triangles
				d.batch.AddQuad(px, [4][2]float64{at.Corners[0], at.Corners[i], at.Corners[0], at.Corners[i+1]}, Fade(ink, 0.32))
			}
		}
		for i := 0; i < at.N; i++ {
			p, q := at.Corners[i], at.Corners[(i+1)%at.N]
			line(p[0], p[1], q[0], q[1], w*0.75, Fade(ink, 0.95))
		}
	case "line", "arrow":
		to, ok := m.MarkCell(*mk.To, at.X, at.Y)
		if !ok {
			return
		}
		if !segmentOnScreen(bounds, at.X, at.Y, to.X, to.Y, at.Size) {
			return
		}
		x1, y1 := to.X, to.Y
		l := math.Hypot(x1-at.X, y1-at.Y)
		if mk.Kind == "line" || l < 1 {
			line(at.X, at.Y, x1, y1, w, ink)
			break
		}
		head := min(max(9*scale, min(20*scale, at.Size*0.4)), max(0.6*l, 6*scale))
		ux, uy := (x1-at.X)/l, (y1-at.Y)/l
		bx, by := x1-ux*head, y1-uy*head // the head's base
		line(at.X, at.Y, bx+ux*w*0.5, by+uy*w*0.5, w, ink)
		hw := head * 0.55
		tip, left, right := [2]float64{x1, y1}, [2]float64{bx - uy*hw, by + ux*hw}, [2]float64{bx + uy*hw, by - ux*hw}
		c := ink
		if edge {
			c = markShadow
			g := e * 1.8 // the head grown by its edge
			tip = [2]float64{x1 + ux*g, y1 + uy*g}
			left = [2]float64{left[0] - ux*e - uy*g, left[1] - uy*e + ux*g}
			right = [2]float64{right[0] - ux*e + uy*g, right[1] - uy*e - ux*g}
		}
		d.batch.AddQuad(px, [4][2]float64{tip, tip, left, right}, c)
	case "circle":
		r := at.Size * 0.5
		if mk.Radius > 0 {
			r = at.Size * mk.Radius
		}
		n := int(max(12, min(96, math.Pi*math.Sqrt(r/0.6)))) // facets under a third of a pixel deep
		for i := 0; i < n; i++ {
			a0, a1 := 2*math.Pi*float64(i)/float64(n), 2*math.Pi*float64(i+1)/float64(n)
			// Each piece reaches a little past its end, closing the joins.
			x0, y0 := at.X+r*math.Cos(a0), at.Y+r*math.Sin(a0)
			x1, y1 := at.X+r*math.Cos(a1), at.Y+r*math.Sin(a1)
			ox, oy := (x1-x0)*0.08, (y1-y0)*0.08
			line(x0-ox, y0-oy, x1+ox, y1+oy, w, ink)
		}
	case "text":
		if !edge {
			d.texts = append(d.texts, markText{s: d.shorten(mk.Text), x: at.X, y: at.Y - 13*scale*0.65, c: textInk(ink)})
		}
	}
}

// line queues a line of width w from (x0, y0) to (x1, y1).
func (d *DebugMarks) line(px *ebiten.Image, x0, y0, x1, y1, w float64, c color.NRGBA) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		return
	}
	nx, ny := -(y1-y0)/l*w/2, (x1-x0)/l*w/2
	d.batch.AddQuad(px, [4][2]float64{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x0 - nx, y0 - ny}, {x1 - nx, y1 - ny}}, c)
}

// textInk is a mark's colour as its text reads on a dark map: a dark
// colour is lightened.
func textInk(c color.NRGBA) color.NRGBA {
	lum := 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
	if lum >= 110 {
		return c
	}
	k := (110 - lum) / 255 * 1.6
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*min(1, k)) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}

// onScreen reports whether a thing of radius r at (x, y) touches bounds.
func onScreen(b image.Rectangle, x, y, r float64) bool {
	return x+r >= float64(b.Min.X) && x-r <= float64(b.Max.X) && y+r >= float64(b.Min.Y) && y-r <= float64(b.Max.Y)
}

// segmentOnScreen reports whether the box round a segment, grown by r,
// touches bounds.
func segmentOnScreen(b image.Rectangle, x0, y0, x1, y1, r float64) bool {
	return max(x0, x1)+r >= float64(b.Min.X) && min(x0, x1)-r <= float64(b.Max.X) &&
		max(y0, y1)+r >= float64(b.Min.Y) && min(y0, y1)-r <= float64(b.Max.Y)
}
