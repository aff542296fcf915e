package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/render"
)

// Help is the overlay that lists every shortcut (? or F1).
type Help struct {
	board [][2]string
}

// NewHelp lists the keys of every scene.
func NewHelp() *Help { return &Help{} }

// NewBoardHelp lists the keys and the board's own controls of a view.
func NewBoardHelp(v render.View) *Help {
	h := &Help{}
	if hv, ok := v.(render.Helper); ok {
		h.board = hv.Help()
	}
	return h
}

func (*Help) overlay() {}

// Update closes the help on any key that means "back", or a click.
func (h *Help) Update(a *App) error {
	if a.In.Just(ActBack) || a.In.Just(ActHelp) || a.In.Just(ActConfirm) || a.In.UI.Pressed || a.In.RightClick {
		a.Pop()
	}
	return nil
}

// Draw draws the list of keys.
func (h *Help) Draw(dst *ebiten.Image, a *App) {
	dim(dst, a, 0.6)
	s := a.Scale
	rows := len(keymap) + 2
	if len(h.board) > 0 {
		rows += len(h.board) + 2
	}
	lh := 27 * s
	w, hgt := 820*s, float64(rows)*lh+110*s
	x, y := float64(a.W)/2-w/2, float64(a.H)/2-hgt/2
	card(dst, a, rectXYWH(x, y, w, hgt))
	render.Text(dst, "Keys and controls", render.Bold, 28*s, x+36*s, y+28*s, render.Ink, render.Left)
	y += 80 * s
	row := func(k, about string) {
		render.Text(dst, k, render.Bold, 17*s, x+36*s, y, render.Accent, render.Left)
		render.Text(dst, about, render.Regular, 17*s, x+190*s, y, render.Ink, render.Left)
		y += lh
	}
	head := func(t string) {
		render.Text(dst, t, render.Bold, 15*s, x+36*s, y+4*s, render.InkDim, render.Left)
		y += lh + 4*s
	}
	if len(h.board) > 0 {
		head("ON THE BOARD")
		for _, b := range h.board {
			row(b[0], b[1])
		}
		y += 8 * s
	}
	head("EVERYWHERE")
	row("Mouse", "click buttons, drag the scrub bar; arrows and Enter work too")
	for _, b := range keymap {
		row(b.names, b.about)
	}
}
