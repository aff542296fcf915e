// Package ui is Arena's small widget set: buttons, choices, text fields and
// forms that work with the mouse and the keyboard and scale with the window.
package ui

import (
	"image"
	"image/color"
	"slices"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// Input is what the widgets see of the mouse and keyboard in one tick.
type Input struct {
	X, Y                  float64
	Pressed               bool // the left button went down this tick
	Released              bool
	Held                  bool // the left button is down
	Wheel                 float64
	Up, Down, Left, Right bool // arrow keys pressed this tick
	Enter                 bool
	Back                  bool // Esc
	Tab                   bool
	Chars                 []rune // typed this tick
	Erase                 bool   // Backspace
	SelectAll             bool   // Ctrl+A (Cmd+A)
}

// Over reports whether the mouse is over r.
func (in *Input) Over(r image.Rectangle) bool {
	return image.Pt(int(in.X), int(in.Y)).In(r)
}

// A Widget is one control of a form.
type Widget interface {
	// Place gives the widget its rectangle on screen.
	Place(r image.Rectangle)
	Rect() image.Rectangle
	// Update handles input; focused is set when the keyboard is on it. It
	// reports whether the widget was activated (clicked, Enter).
	Update(in *Input, focused bool) bool
	Draw(dst *ebiten.Image, focused bool, scale float64)
}

// Form is a column of widgets with one keyboard focus: Up and Down (or Tab)
// move it, the mouse moves it too.
type Form struct {
	Items []Widget
	Focus int
}

// Update routes input to the widgets and returns the one activated, or nil.
func (f *Form) Update(in *Input) Widget {
	if len(f.Items) == 0 {
		return nil
	}
	if in.Up {
		f.Focus = (f.Focus + len(f.Items) - 1) % len(f.Items)
	}
	if in.Down || in.Tab {
		f.Focus = (f.Focus + 1) % len(f.Items)
	}
	var hit Widget
	for i, w := range f.Items {
		if in.Pressed && in.Over(w.Rect()) {
			f.Focus = i
		}
		if w.Update(in, i == f.Focus) {
			hit = w
		}
	}
	return hit
}

// Draw draws every widget.
func (f *Form) Draw(dst *ebiten.Image, scale float64) {
	for i, w := range f.Items {
		w.Draw(dst, i == f.Focus, scale)
	}
}

// Button is a labelled push button, with an optional icon. Its label
// and detail are in English; the button says them in the screens'
// language.
type Button struct {
	Label  string
	Detail string // a smaller second line under the label

	Icon     sprites.Icon
	HasIcon  bool
	Disabled bool
	// Primary buttons are drawn in the accent colour.
	Primary bool
	r       image.Rectangle
	hover   bool
	fit     fitted
}

// fitted keeps a button's label and detail as they fit its width, worked
// out again only when they or the width change.
type fitted struct {
	label, detail string
	w             int
	labelSize     float64
	labelText     string
	detailLines   []string
	detailSize    float64
}

// Fitted is the label and the detail's lines as the button last drew them,
// with their sizes.
func (b *Button) Fitted() (label string, detail []string, labelSize, detailSize float64) {
	return b.fit.labelText, b.fit.detailLines, b.fit.labelSize, b.fit.detailSize
}

// fitTo works out the label and detail for a box w pixels wide, with the
// text at size (the detail at a smaller size, on up to two lines).
func (b *Button) fitTo(w int, size, detail float64) *fitted {
	f := &b.fit
	label, det := lang.T(b.Label), lang.T(b.Detail)
	if f.label == label && f.detail == det && f.w == w && f.labelText != "" {
		return f
	}
	room := float64(w) - min(2*size*0.6, float64(w)*0.12)
	f.label, f.detail, f.w = label, det, w
	f.labelSize = render.Shrink(label, render.Bold, size, size*0.7, room)
	f.labelText = render.Clip(label, render.Bold, f.labelSize, room)
	f.detailSize = render.Shrink(det, render.Regular, detail, detail*0.85, room)
	f.detailLines = render.Wrap(det, render.Regular, f.detailSize, room)
	if len(f.detailLines) > 2 {
		f.detailLines = slices.Clone(f.detailLines[:2]) // Wrap's lines are shared
		f.detailLines[1] = render.Clip(f.detailLines[1]+" …", render.Regular, f.detailSize, room)
	}
	return f
}

// Place sets the button's rectangle.
func (b *Button) Place(r image.Rectangle) { b.r = r }

// Rect is the button's rectangle.
func (b *Button) Rect() image.Rectangle { return b.r }

// Update reports a click or Enter on the button.
func (b *Button) Update(in *Input, focused bool) bool {
	b.hover = in.Over(b.r)
	if b.Disabled {
		return false
	}
	return (in.Pressed && b.hover) || (focused && in.Enter)
}

// Draw draws the button.
func (b *Button) Draw(dst *ebiten.Image, focused bool, scale float64) {
	bg, ink := render.Raised, render.Ink
	switch {
	case b.Disabled:
		ink = render.InkFaint
	case b.Primary:
		bg, ink = render.Accent, render.AccentInk
		if b.hover || focused {
			bg = color.NRGBA{0xff, 0xc8, 0x57, 0xff}
		}
	case b.hover || focused:
		bg = render.Hover
	}
	drawBox(dst, b.r, bg, focused && !b.Disabled, scale)
	size := float64(b.r.Dy()) * 0.42
	cx, cy := float64(b.r.Min.X+b.r.Max.X)/2, float64(b.r.Min.Y+b.r.Max.Y)/2
	if b.HasIcon && b.Label == "" {
		render.Icon(dst, b.Icon, cx, cy, float64(b.r.Dy())*0.5, ink)
		return
	}
	if b.Detail != "" {
		size = float64(b.r.Dy()) * 0.3
		f := b.fitTo(b.r.Dx(), size, size*0.62)
		lines := float64(len(f.detailLines))
		top := cy - (f.labelSize*1.25+lines*f.detailSize*1.3)/2
		render.Text(dst, f.labelText, render.Bold, f.labelSize, cx, top, ink, render.Center)
		for i, l := range f.detailLines {
			render.Text(dst, l, render.Regular, f.detailSize, cx, top+f.labelSize*1.3+float64(i)*f.detailSize*1.3, render.Fade(ink, 0.8), render.Center)
		}
		return
	}
	f := b.fitTo(b.r.Dx(), size, size)
	render.Text(dst, f.labelText, render.Bold, f.labelSize, cx, cy-f.labelSize*0.68, ink, render.Center)
}

// drawBox draws a rounded control with a shadow and, when focused, a ring.
func drawBox(dst *ebiten.Image, r image.Rectangle, bg color.NRGBA, focused bool, scale float64) {
	rad := 10 * scale
	render.Shadow(dst, r.Add(image.Pt(0, int(3*scale))), rad, 8*scale, render.ShadowInk)
	if focused {
		render.Panel(dst, r.Inset(-int(3*scale)), rad+3*scale, render.Accent)
	}
	render.Panel(dst, r, rad, bg)
}

// Choice picks one of several options: Left and Right, or a click on its
// arrows, step through them. Its prefix and options are in English; the
// choice says them in the screens' language.
type Choice struct {
	// Prefix is shown before the value, such as "depth".
	Prefix  string
	Options []string
	Index   int
	// Changed is set by Update when the choice changed this tick.
	Changed bool
	r       image.Rectangle
	hover   bool
}

// Place sets the choice's rectangle.
func (c *Choice) Place(r image.Rectangle) { c.r = r }

// Rect is the choice's rectangle.
func (c *Choice) Rect() image.Rectangle { return c.r }

// Value is the chosen option.
func (c *Choice) Value() string {
	if len(c.Options) == 0 {
		return ""
	}
	return c.Options[c.Index]
}

// Select chooses the option with this text, if there is one.
func (c *Choice) Select(v string) {
	for i, o := range c.Options {
		if o == v {
			c.Index = i
		}
	}
}

// Update steps the choice; a click on its left or right half steps back or on.
func (c *Choice) Update(in *Input, focused bool) bool {
	c.Changed = false
	c.hover = in.Over(c.r)
	step := 0
	if focused && in.Left {
		step = -1
	}
	if focused && (in.Right || in.Enter) {
		step = 1
	}
	if in.Pressed && c.hover {
		if in.X < float64(c.r.Min.X+c.r.Dx()/2) {
			step = -1
		} else {
			step = 1
		}
	}
	if step != 0 && len(c.Options) > 1 {
		c.Index = (c.Index + step + len(c.Options)) % len(c.Options)
		c.Changed = true
	}
	return false
}

// Draw draws the choice as "‹ value ›".
func (c *Choice) Draw(dst *ebiten.Image, focused bool, scale float64) {
	bg := render.Raised
	if c.hover || focused {
		bg = render.Hover
	}
	drawBox(dst, c.r, bg, focused, scale)
	size := float64(c.r.Dy()) * 0.4
	cy := float64(c.r.Min.Y+c.r.Max.Y)/2 - size*0.68
	ink := render.Ink
	arrows := render.InkDim
	if len(c.Options) < 2 {
		arrows = color.NRGBA{}
	}
	pad := float64(c.r.Dy()) * 0.45
	render.Text(dst, "‹", render.Bold, size*1.3, float64(c.r.Min.X)+pad, cy-size*0.2, arrows, render.Center)
	render.Text(dst, "›", render.Bold, size*1.3, float64(c.r.Max.X)-pad, cy-size*0.2, arrows, render.Center)
	label := lang.T(c.Value())
	if c.Prefix != "" {
		label = lang.T(c.Prefix) + " " + label
	}
	render.FitText(dst, label, render.Bold, size, float64(c.r.Min.X+c.r.Max.X)/2, cy, float64(c.r.Dx())-3*pad, ink, render.Center)
}

// Field is a one-line text input.
type Field struct {
	Text        string
	Placeholder string
	// Accept filters typed characters; nil accepts any printable one.
	Accept func(r rune) bool
	Max    int
	r      image.Rectangle
	hover  bool
	blink  int
	// selected is set by Ctrl+A: what is typed next replaces the text,
	// Backspace erases it.
	selected bool
}

// Place sets the field's rectangle.
func (f *Field) Place(r image.Rectangle) { f.r = r }

// Rect is the field's rectangle.
func (f *Field) Rect() image.Rectangle { return f.r }

// Update takes typed characters while focused; Enter activates it.
func (f *Field) Update(in *Input, focused bool) bool {
	f.hover = in.Over(f.r)
	f.blink++
	if !focused {
		f.selected = false
		return false
	}
	if in.SelectAll {
		f.selected = f.Text != ""
	}
	for _, r := range in.Chars {
		if r < ' ' || (f.Accept != nil && !f.Accept(r)) {
			continue
		}
		if f.selected {
			f.Text, f.selected = "", false
		}
		if f.Max > 0 && len([]rune(f.Text)) >= f.Max {
			continue
		}
		f.Text += string(r)
	}
	switch {
	case in.Erase && f.selected:
		f.Text, f.selected = "", false
	case in.Erase && f.Text != "":
		rs := []rune(f.Text)
		f.Text = string(rs[:len(rs)-1])
	case in.Left || in.Right:
		f.selected = false
	}
	return in.Enter
}

// Draw draws the field with its text or placeholder and a caret.
func (f *Field) Draw(dst *ebiten.Image, focused bool, scale float64) {
	bg := color.NRGBA{0x0e, 0x17, 0x29, 0xff}
	drawBox(dst, f.r, bg, focused, scale)
	size := float64(f.r.Dy()) * 0.4
	x := float64(f.r.Min.X) + 12*scale
	y := float64(f.r.Min.Y+f.r.Max.Y)/2 - size*0.68
	s, ink := f.Text, render.Ink
	if s == "" && !focused {
		s, ink = f.Placeholder, render.InkFaint
	}
	// Show the end of a long text.
	room := float64(f.r.Dx()) - 24*scale
	for w, _ := render.Measure(s, render.Mono, size); w > room && utf8.RuneCountInString(s) > 2; w, _ = render.Measure(s, render.Mono, size) {
		s = "…" + string([]rune(s)[2:])
	}
	if f.selected && focused {
		w, _ := render.Measure(s, render.Mono, size)
		render.FillRect(dst, x-2*scale, y-2*scale, w+4*scale, size*1.25+4*scale, render.Hover)
	}
	render.Text(dst, s, render.Mono, size, x, y, ink, render.Left)
	if focused && f.blink/30%2 == 0 {
		w := 0.0
		if f.Text != "" {
			w, _ = render.Measure(s, render.Mono, size)
		}
		render.FillRect(dst, x+w+1, y, 2*scale, size*1.25, render.Accent)
	}
}
