package scenes

import (
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// Help is the overlay that lists every shortcut (? or F1).
type Help struct {
	board []render.Binding
}

// NewHelp lists the keys of every scene.
func NewHelp() *Help { return &Help{} }

// NewBoardHelp lists the keys and the board's own controls of a view.
func NewBoardHelp(v render.View) *Help { return &Help{board: bindingsOf(v)} }

func (*Help) overlay() {}

// Update closes the help on any key that means "back", or a click.
func (h *Help) Update(a *App) error {
	if a.In.Just(ActBack) || a.In.Just(ActHelp) || a.In.Just(ActConfirm) || a.In.UI.Pressed || a.In.RightClick {
		a.Pop()
	}
	return nil
}

// helpLine is a line of the help: a heading, or a key and what it does,
// in English (the catalogue's keys; docs/controls.md is written from the
// same bindings and stays English): Draw says them.
type helpLine struct {
	head     bool
	key, say string
}

// lines are the help's lines: the board's own controls, then Arena's.
func (h *Help) lines() []helpLine {
	var out []helpLine
	if len(h.board) > 0 {
		out = append(out, helpLine{head: true, key: "ON THE BOARD"})
		for _, b := range h.board {
			if b.Names != "" {
				out = append(out, helpLine{key: b.Names, say: b.About})
			}
		}
	}
	for _, sec := range keySections() {
		if sec.head == inMenus {
			continue // what the arrows do in menus: the mouse's line says it
		}
		out = append(out, helpLine{head: true, key: sec.head})
		for _, b := range sec.bindings {
			out = append(out, helpLine{key: b.Names, say: b.About})
		}
	}
	return out
}

// keySection is a heading of Arena's own keys and the bindings under it.
type keySection struct {
	head     string
	bindings []render.Binding
}

// keySections are Arena's own keys as the help lists them: the mouse and
// the keys that work everywhere, then those of some scenes only, each
// binding once under the first binding that names its keys.
func keySections() []keySection {
	out := []keySection{{head: "EVERYWHERE", bindings: []render.Binding{mouse}}}
	var elsewhere []Action
	for act, b := range keymap {
		switch {
		case b.Names == "":
		case sections[Action(act)] != "":
			elsewhere = append(elsewhere, Action(act))
		default:
			out[0].bindings = append(out[0].bindings, b)
		}
	}
	for i, act := range elsewhere {
		if i == 0 || sections[act] != sections[elsewhere[i-1]] {
			out = append(out, keySection{head: sections[act]})
		}
		last := &out[len(out)-1]
		last.bindings = append(last.bindings, keymap[act])
	}
	return out
}

// Draw draws the list of keys, in two columns where one does not fit.
func (h *Help) Draw(dst *ebiten.Image, a *App) {
	dim(dst, a, 0.72)
	s := a.Scale
	lines := h.lines()
	lh := 26 * s
	room := float64(a.H) - 40*s - 110*s
	cols := 1
	if n := float64(len(lines)); n*lh > room {
		lh = max(22*s, room/n) // a little tighter before two columns
		if n*lh > room {
			cols, lh = 2, 26*s
		}
	}
	per := (len(lines) + cols - 1) / cols
	colW := min(820*s, (float64(a.W)-40*s)/float64(cols))
	w, hgt := colW*float64(cols), float64(per)*lh+100*s
	x, y := float64(a.W)/2-w/2, max(12*s, float64(a.H)/2-hgt/2)
	opaqueCard(dst, a, rectXYWH(x, y, w, hgt))
	rtl := lang.RTL() // right to left: the first column on the right, each line from its right
	tx, align := cardStart(x+36*s, w-72*s)
	render.FitText(dst, lang.T("Keys and controls"), render.Bold, 28*s, tx, y+28*s, w-72*s, render.Ink, align)
	keyW := min(160*s, colW*0.28)
	for i, l := range lines {
		col := i / per
		cx := x + float64(col)*colW + 36*s
		kx, sx := cx, cx+keyW
		if rtl {
			cx = x + float64(cols-col)*colW - 36*s // the column's right edge
			kx, sx = cx, cx-keyW
		}
		cy := y + 80*s + float64(i%per)*lh
		if l.head {
			render.FitText(dst, lang.T(l.key), render.Bold, 14*s, cx, cy+4*s, colW-60*s, render.InkDim, align)
			continue
		}
		render.FitText(dst, keyName(l.key), render.Bold, 16*s, kx, cy, keyW-8*s, render.Accent, align)
		render.FitText(dst, lang.T(l.say), render.Regular, 16*s, sx, cy, colW-keyW-60*s, render.Ink, align)
	}
}

// keyName is a key's name in the screens' language: a key's letter or
// sign stays as it is written on the key (D is D in every language, not
// the tournament's column of draws).
func keyName(s string) string {
	if utf8.RuneCountInString(s) == 1 {
		return s
	}
	return lang.T(s)
}
