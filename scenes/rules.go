package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Rules is the set-up screen's overlay of a title's rule options: each
// with its default and help, an on/off or a list to step through, or a
// field to type into. The title checks what people chose before the
// set-up takes it.
type Rules struct {
	setup   *Setup
	opts    []game.Option
	widgets []ui.Widget
	done    *ui.Button
	reset   *ui.Button
	cancel  *ui.Button
	form    ui.Form
	top     int // the first option shown
	shown   int // how many options fit
	err     string
}

// The rules overlay's measures at scale 1.
const (
	rulesRowH  = 62
	rulesWidth = 860
)

// NewRules opens the rule options of the set-up's title, as people last
// chose them.
func NewRules(s *Setup) *Rules {
	r := &Rules{setup: s, opts: s.title.(game.Configurable).Options(),
		done: &ui.Button{Label: "Done", Primary: true}, reset: &ui.Button{Label: "All defaults"}, cancel: &ui.Button{Label: "Cancel"}}
	for _, o := range r.opts {
		value, set := s.options[o.Name]
		if !set {
			value = o.Default
		}
		var w ui.Widget
		switch o.Type {
		case game.OptFlag:
			c := &ui.Choice{Options: []string{"false", "true"}}
			if on, _ := game.ParseFlag(o.Name, value); on {
				c.Index = 1
			}
			w = c
		case game.OptChoice:
			c := &ui.Choice{Options: o.Choices}
			c.Select(value)
			w = c
		default:
			f := &ui.Field{Text: value, Max: 4096, Placeholder: lang.T("none")}
			if o.Type == game.OptInt || o.Type == game.OptNumber {
				f.Accept = func(r rune) bool { return r >= '0' && r <= '9' || r == '-' || r == '.' }
			}
			w = f
		}
		r.widgets = append(r.widgets, w)
	}
	r.form.Items = append(append([]ui.Widget{}, r.widgets...), r.done, r.reset, r.cancel)
	r.form.Focus = len(r.widgets) // Done: ↑ goes up the options
	return r
}

func (*Rules) overlay() {}

// value is what option i's widget holds.
func (r *Rules) value(i int) string {
	switch w := r.widgets[i].(type) {
	case *ui.Choice:
		return w.Value()
	case *ui.Field:
		return w.Text
	}
	return ""
}

// chosen are the options that differ from their defaults, each checked by
// its type, then all of them by the title.
func (r *Rules) chosen() (map[string]string, error) {
	out := map[string]string{}
	for i, o := range r.opts {
		v := r.value(i)
		if v == o.Default || (v == "" && o.Default == "") || (o.Type == game.OptFlag && v == "false" && o.Default == "") {
			continue
		}
		if err := game.CheckOption(o, v); err != nil {
			return nil, err
		}
		out[o.Name] = v
	}
	if err := r.setup.title.(game.Configurable).CheckOptions(out); err != nil {
		return nil, err
	}
	return out, nil
}

func (r *Rules) layout(a *App) (x, y, w, h float64) {
	s := a.Scale
	w = math.Min(rulesWidth*s, float64(a.W)-24*s)
	h = float64(a.H) - 40*s
	x, y = float64(a.W)/2-w/2, 20*s
	r.shown = max(1, int((h-200*s)/(rulesRowH*s)))
	// Keep the focused option in view.
	if f := r.form.Focus; f < len(r.widgets) {
		if f < r.top {
			r.top = f
		}
		if f >= r.top+r.shown {
			r.top = f - r.shown + 1
		}
	}
	r.top = max(0, min(r.top, len(r.widgets)-r.shown))
	row := y + 96*s
	for i, wd := range r.widgets {
		if i < r.top || i >= r.top+r.shown {
			wd.Place(offscreen)
			continue
		}
		wd.Place(rectXYWH(x+w-36*s-280*s, row+6*s, 280*s, 44*s))
		row += rulesRowH * s
	}
	by := y + h - 76*s
	r.cancel.Place(rectXYWH(x+36*s, by, 160*s, 52*s))
	r.reset.Place(rectXYWH(x+w/2-125*s, by, 250*s, 52*s))
	r.done.Place(rectXYWH(x+w-36*s-180*s, by, 180*s, 52*s))
	if lang.RTL() { // right to left: the options' words on the right, their widgets left of them
		for _, wd := range r.form.Items {
			if wd.Rect() != offscreen {
				wd.Place(mirrored(wd.Rect(), int(2*x+w)))
			}
		}
	}
	return x, y, w, h
}

// Update handles the options' widgets, the wheel and the buttons.
func (r *Rules) Update(a *App) error {
	r.layout(a)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	if wh := a.In.UI.Wheel; wh != 0 {
		r.top = max(0, min(r.top-int(math.Copysign(1, wh)), len(r.widgets)-r.shown))
	}
	switch r.form.Update(&a.In.UI) {
	case r.cancel:
		a.Pop()
	case r.reset:
		for i, o := range r.opts {
			switch w := r.widgets[i].(type) {
			case *ui.Choice:
				w.Index = 0
				w.Select(o.Default)
			case *ui.Field:
				w.Text = o.Default
			}
		}
		r.err = ""
	case r.done:
		opts, err := r.chosen()
		if err != nil {
			r.err = err.Error()
			return nil
		}
		r.setup.options = opts
		r.setup.syncRules()
		a.Pop()
	}
	return nil
}

// Draw lists the options in view: name, help, default and widget.
func (r *Rules) Draw(dst *ebiten.Image, a *App) {
	s := a.Scale
	dim(dst, a, 0.72)
	x, y, w, h := r.layout(a)
	opaqueCard(dst, a, rectXYWH(x, y, w, h))
	first, last := r.top+1, min(len(r.opts), r.top+r.shown)
	// The options decide the plural: "options 1–8 of 31".
	shown := lang.F("options %[2]d–%[3]d of %[1]d · ↑ ↓ and the wheel scroll", len(r.opts), first, last)
	shownW, _ := render.Measure(shown, render.Regular, 14*s)
	shownW = min(shownW, (w-72*s)*0.55)
	lx, align, ox, oalign := x+36*s, render.Left, x+w-36*s, render.Right
	if lang.RTL() { // right to left: the heading and the options' words right-aligned on the right
		lx, align, ox, oalign = ox, oalign, lx, align
	}
	render.FitText(dst, lang.F("%s · rules", r.setup.title.Name()), render.Bold, 28*s, lx, y+28*s, w-88*s-shownW, render.Ink, align)
	render.FitText(dst, shown, render.Regular, 14*s, ox, y+40*s, shownW, render.InkFaint, oalign)
	text := w - 72*s - 300*s
	for i := r.top; i < last; i++ {
		o := r.opts[i]
		wr := r.widgets[i].Rect()
		ry := float64(wr.Min.Y) - 6*s
		ink := render.Ink
		if r.value(i) != o.Default && !(o.Type == game.OptFlag && r.value(i) == "false" && o.Default == "") && !(r.value(i) == "" && o.Default == "") {
			ink = render.Accent
		}
		render.FitText(dst, o.Name, render.Bold, 17*s, lx, ry+4*s, text, ink, align)
		help := lang.T(o.Help)
		if o.Default != "" && o.Type != game.OptFlag {
			help += " · " + lang.F("default %s", lang.T(o.Default))
		}
		render.Text(dst, render.ClipWords(help, render.Regular, 13*s, text), render.Regular, 13*s, lx, ry+28*s, render.InkDim, align)
	}
	if r.err != "" {
		wrapText(dst, lang.T(r.err), render.Regular, 14*s, x+36*s, y+h-120*s, w-72*s, render.Bad)
	}
	for i, wd := range r.form.Items {
		if i >= len(r.widgets) || (i >= r.top && i < r.top+r.shown) {
			wd.Draw(dst, i == r.form.Focus, s)
		}
	}
}

// opaqueCard draws a card that hides what is behind it (a screen's title
// under a dialog), where card lets it show faintly.
func opaqueCard(dst *ebiten.Image, a *App, r image.Rectangle) {
	card(dst, a, r)
	solid := render.Surface
	solid.A = 0xff
	render.Panel(dst, r, 18*a.Scale, solid)
}

// offscreen is where a widget scrolled out of view is placed: no pointer
// reaches it.
var offscreen = rectXYWH(-10000, -10000, 1, 1)
