package render

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/internal/lang"
)

// CardLine is one line of a Card, in its colour.
type CardLine struct {
	Text  string
	Color color.NRGBA
}

// Card draws lines on a small dark panel beside the pointer at (x, y),
// turned to the pointer's other side where it would leave area: the card a
// view shows about what the pointer rests on. The first line is bold; the
// lines align right in a language written right to left.
func Card(dst *ebiten.Image, area image.Rectangle, x, y, scale float64, lines []CardLine) {
	size, lh, pad := 13*scale, 18*scale, 10*scale
	w := 0.0
	for _, l := range lines {
		tw, _ := Measure(l.Text, Bold, size)
		w = max(w, tw)
	}
	w += 2 * pad
	h := float64(len(lines))*lh + 2*pad - (lh - size*1.3)
	cx, cy := x+18*scale, y+18*scale
	if cx+w > float64(area.Max.X) {
		cx = x - 12*scale - w
	}
	if cy+h > float64(area.Max.Y) {
		cy = y - 12*scale - h
	}
	Panel(dst, image.Rect(int(cx), int(cy), int(cx+w), int(cy+h)), 8*scale, Fade(Night, 0.92))
	x, align := cx+pad, Left
	if lang.RTL() { // the lines stand at the card's right edge
		x, align = cx+w-pad, Right
	}
	for k, l := range lines {
		f := Regular
		if k == 0 {
			f = Bold
		}
		Text(dst, l.Text, f, size, x, cy+pad+float64(k)*lh, l.Color, align)
	}
}

// Look is where the pointer rests on a view's board, for its card.
type Look struct {
	X, Y float64
	On   bool // the pointer rests on the board
}

// Set takes the pointer's position (render.Inspector): on only inside area.
func (l *Look) Set(x, y float64, on bool, area image.Rectangle) {
	*l = Look{x, y, on && image.Pt(int(x), int(y)).In(area)}
}
