package scenes

import (
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Setup is the match set-up screen: who plays each seat and how strong,
// the seed, a file to continue from, and how to watch computers play.
type Setup struct {
	title     game.Title
	kinds     []*ui.Choice
	strengths []*ui.Choice
	// settings are the text fields of seats played from outside Arena
	// (an external engine's time and command).
	settings []*ui.Field
	seed     *ui.Field
	maps     *ui.Choice // nil when the title has no maps of its own
	mapInfo  []game.MapInfo
	limit    *ui.Choice // the time per move of people
	from     *ui.Field
	watch    *ui.Choice
	rules    *ui.Button // opens the rule options; nil when the title has none
	// analysis opens the title's analysis board; nil when it has none.
	analysis *ui.Button
	start    *ui.Button
	back     *ui.Button
	form     ui.Form
	view     render.View
	// options are the rule options people changed from their defaults.
	options map[string]string
	// about is the line on the focused player or map, as wrapped last (in
	// the screens' language).
	about      string
	aboutLines []string
	aboutW     float64
}

const (
	watchStep = "Step by step"
	watchRun  = "Run to the end"
	noLimit   = "no limit"
)

// NewSetup prepares a match of t: a person against the title's second
// computer player by default.
func NewSetup(t game.Title) *Setup {
	s := &Setup{title: t}
	s.view, _ = render.NewView(t.ID())
	kinds := []string{"Human"}
	for _, b := range t.Bots() {
		kinds = append(kinds, b.Kind)
	}
	for _, c := range game.Connectors(t) {
		kinds = append(kinds, c.Kind)
	}
	for i := 0; i < t.Seats(); i++ {
		k := &ui.Choice{Options: kinds}
		if i > 0 && len(kinds) > 2 {
			k.Index = 2
		}
		s.kinds = append(s.kinds, k)
		s.strengths = append(s.strengths, &ui.Choice{})
		s.settings = append(s.settings, &ui.Field{Max: 4096})
		s.form.Items = append(s.form.Items, k, nil)
		s.syncStrength(i)
	}
	s.seed = &ui.Field{Text: strconv.Itoa(1 + rand.IntN(99999)), Max: 18,
		Accept: func(r rune) bool { return r >= '0' && r <= '9' || r == '-' }}
	s.from = &ui.Field{Placeholder: lang.T("none: a new game (or type a path)"), Max: 4096}
	s.watch = &ui.Choice{Options: []string{watchStep, watchRun}}
	s.limit = &ui.Choice{Options: []string{noLimit, "3s", "10s", "30s", "60s"}}
	s.start = &ui.Button{Label: "Start", Primary: true}
	s.back = &ui.Button{Label: "Back"}
	s.options = map[string]string{}
	s.form.Items = append(s.form.Items, s.seed)
	if s.mapInfo = game.Maps(t); len(s.mapInfo) > 0 {
		s.maps = &ui.Choice{}
		for _, m := range s.mapInfo {
			s.maps.Options = append(s.maps.Options, m.Name)
		}
		s.form.Items = append(s.form.Items, s.maps)
	}
	s.form.Items = append(s.form.Items, s.from)
	if c, ok := t.(game.Configurable); ok && len(c.Options()) > 0 {
		s.rules = &ui.Button{}
		s.syncRules()
		s.form.Items = append(s.form.Items, s.rules)
	}
	s.form.Items = append(s.form.Items, s.limit, s.watch)
	if t.ID() == (santorini.Title{}).ID() {
		s.analysis = &ui.Button{Label: "Analysis board"}
		s.form.Items = append(s.form.Items, s.analysis)
	}
	s.form.Items = append(s.form.Items, s.start, s.back)
	s.form.Focus = len(s.form.Items) - 2
	return s
}

// Use fills the screen from an earlier set-up, as for a rematch.
func (s *Setup) Use(st game.Setup) {
	for i, spec := range st.Seats {
		if spec.Kind == "human" {
			s.kinds[i].Index = 0
		} else {
			s.kinds[i].Select(spec.Kind)
		}
		s.syncStrength(i)
		s.strengths[i].Select(spec.Strength)
		s.settings[i].Text = spec.Strength
	}
	s.seed.Text = strconv.FormatInt(st.Seed, 10)
	if s.maps != nil && st.Map != "" {
		s.maps.Select(st.Map)
	}
	if s.rules != nil {
		s.options = maps.Clone(st.Options)
		if s.options == nil {
			s.options = map[string]string{}
		}
		s.syncRules()
	}
}

// syncRules labels the rules button with how many options people
// changed, in the screens' language.
func (s *Setup) syncRules() {
	switch n := len(s.options); n {
	case 0:
		s.rules.Label = "the defaults · change…"
	default:
		s.rules.Label = lang.F("%d options changed · change…", n)
	}
}

// syncStrength offers the strengths of the computer player chosen for seat
// i, or a text field for the settings of a seat played from outside.
func (s *Setup) syncStrength(i int) {
	st := s.strengths[i]
	s.form.Items[2*i+1] = st
	if c, ok := game.FindConnector(s.title, s.kinds[i].Value()); ok {
		s.settings[i].Placeholder = strings.TrimPrefix(c.Usage, c.Kind+":")
		s.form.Items[2*i+1] = s.settings[i]
		return
	}
	bot, ok := game.FindBot(s.title, s.kinds[i].Value())
	if !ok || len(bot.Choices) == 0 {
		st.Options, st.Index, st.Prefix = []string{"—"}, 0, ""
		return
	}
	st.Options, st.Prefix = bot.Choices, bot.Strength
	st.Index = 0
	st.Select(bot.Default)
}

func (s *Setup) allComputers() bool {
	for _, k := range s.kinds {
		if k.Index == 0 {
			return false
		}
	}
	return true
}

// Game is the set-up as the match needs it.
func (s *Setup) Game() (game.Setup, game.PaceMode, error) {
	st := game.Setup{Title: s.title, From: strings.TrimSpace(s.from.Text)}
	seed, err := strconv.ParseInt(s.seed.Text, 10, 64)
	if err != nil {
		return st, 0, errors.New(lang.F("seed %q: expected a whole number", s.seed.Text))
	}
	st.Seed = seed
	for i, k := range s.kinds {
		spec := game.SeatSpec{Kind: "human"}
		switch c, outside := game.FindConnector(s.title, k.Value()); {
		case outside:
			settings := strings.TrimSpace(s.settings[i].Text)
			if settings == "" {
				return st, 0, errors.New(lang.F("player %d: %s needs its settings: %s", i+1, c.Kind, c.Usage))
			}
			spec = game.SeatSpec{Kind: k.Value(), Strength: settings}
		case k.Index > 0:
			spec = game.SeatSpec{Kind: k.Value()}
			if bot, _ := game.FindBot(s.title, k.Value()); len(bot.Choices) > 0 {
				spec.Strength = s.strengths[i].Value()
			}
		}
		st.Seats = append(st.Seats, spec)
	}
	if s.maps != nil {
		st.Map = s.maps.Value()
	}
	if len(s.options) > 0 {
		st.Options = maps.Clone(s.options)
		if err := s.title.(game.Configurable).CheckOptions(st.Options); err != nil {
			return st, 0, err
		}
	}
	if s.limit.Value() != noLimit {
		st.HumanLimit, _ = time.ParseDuration(s.limit.Value())
	}
	pace := game.PaceStep
	if s.watch.Value() == watchRun {
		pace = game.PaceRun
	}
	return st, pace, nil
}

func (s *Setup) layout(a *App) (x, y, w float64) {
	sc := s.scale(a)
	w = min(760*sc, float64(a.W)-24*sc)
	x = float64(a.W)/2 - w/2
	h := s.height() * sc
	y = max(8*sc, float64(a.H)/2-h/2)
	row := y + 100*sc
	lx := x + 230*sc
	cw := (w - 230*sc - 36*sc - 16*sc) / 2
	for i := range s.kinds {
		s.kinds[i].Place(rectXYWH(lx, row, cw, setupRowH*sc))
		s.strengths[i].Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
		s.settings[i].Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
		row += setupGap * sc
	}
	row += 12 * sc
	s.seed.Place(rectXYWH(lx, row, cw, setupRowH*sc))
	if s.maps != nil {
		s.maps.Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
	}
	row += setupGap * sc
	s.from.Place(rectXYWH(lx, row, 2*cw+16*sc, setupRowH*sc))
	row += setupGap * sc
	if s.rules != nil {
		s.rules.Place(rectXYWH(lx, row, 2*cw+16*sc, setupRowH*sc))
		row += setupGap * sc
	}
	s.limit.Place(rectXYWH(lx, row, cw, setupRowH*sc))
	s.watch.Place(rectXYWH(lx+cw+16*sc, row, cw, setupRowH*sc))
	row += (setupGap + aboutH) * sc
	s.start.Place(rectXYWH(x+w-36*sc-220*sc, row, 220*sc, 56*sc))
	s.back.Place(rectXYWH(x+36*sc, row, 160*sc, 56*sc))
	if s.analysis != nil {
		s.analysis.Place(rectXYWH(x+36*sc+160*sc+16*sc, row, 270*sc, 56*sc))
	}
	if lang.RTL() { // right to left: the labels on the right, the controls left of them
		ws := []ui.Widget{s.seed, s.from, s.limit, s.watch, s.start, s.back}
		for i := range s.kinds {
			ws = append(ws, s.kinds[i], s.strengths[i], s.settings[i])
		}
		if s.maps != nil {
			ws = append(ws, s.maps)
		}
		if s.rules != nil {
			ws = append(ws, s.rules)
		}
		if s.analysis != nil {
			ws = append(ws, s.analysis)
		}
		for _, wd := range ws {
			wd.Place(mirrored(wd.Rect(), int(2*x+w)))
		}
	}
	return x, y, w
}

// A control's height, and the step to the next row, at scale 1.
const setupRowH, setupGap = 44, 56

// height is the card's height at scale 1: as tall as its rows, the
// heading, the seats, seed, file, rules, time, the line about the
// players, the buttons.
func (s *Setup) height() float64 {
	rows := len(s.kinds) + 3
	if s.rules != nil {
		rows++
	}
	return 100 + float64(rows)*setupGap + 12 + aboutH + 56 + 30
}

// scale is the set-up's own scale: the app's, less where the card would
// not fit the window.
func (s *Setup) scale(a *App) float64 {
	return max(0.3, min(a.Scale, float64(a.H-16)/s.height(), float64(a.W-24)/760))
}

// aboutH is the room under the controls for the line about the focused
// player or map, at scale 1: the hint and three lines.
const aboutH = 86

// Update handles the form.
func (s *Setup) Update(a *App) error {
	s.layout(a)
	_, editing := s.form.Items[s.form.Focus].(*ui.Field)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	if a.In.Just(ActHelp) && !editing {
		a.Push(NewHelp())
		return nil
	}
	hit := s.form.Update(&a.In.UI)
	for i, k := range s.kinds {
		if k.Changed {
			s.syncStrength(i)
		}
	}
	switch hit {
	case s.rules:
		a.Push(NewRules(s))
	case s.back:
		a.Pop()
	case s.analysis:
		ab, _ := NewAnalysisBoard(AnalysisStart)
		a.Push(ab)
	case s.start:
		if v := startSetUp(a, s.Game); v != nil {
			a.Replace(v)
		}
	}
	return nil
}

// Draw draws the set-up card.
func (s *Setup) Draw(dst *ebiten.Image, a *App) {
	backdrop(dst, a)
	x, y, w := s.layout(a)
	sc := s.scale(a)
	card(dst, a, rectXYWH(x, y, w, float64(s.start.Rect().Max.Y)-y+32*sc))
	if s.rules != nil {
		s.syncRules() // in the language of the screens, which may have changed
	}
	nameW, _ := render.Measure(s.title.Name(), render.Bold, 34*sc)
	// In a language written right to left the card is mirrored: the
	// name and the labels on the right, right-aligned.
	rtl := lang.RTL()
	lx, align, ox, oalign := x+36*sc, render.Left, x+w-36*sc, render.Right
	if rtl {
		lx, align, ox, oalign = ox, oalign, lx, align
	}
	render.Text(dst, s.title.Name(), render.Bold, 34*sc, lx, y+30*sc, render.Ink, align)
	render.FitText(dst, lang.T("Set up a match"), render.Regular, 18*sc, ox, y+42*sc, w-nameW-96*sc, render.InkDim, oalign)
	// The labels left of the controls, in the room the controls leave.
	labelW := 230*sc - 36*sc - 8*sc
	label := func(text string, r ui.Widget) {
		rr := r.Rect()
		render.FitText(dst, lang.T(text), render.Bold, 17*sc, lx, float64(rr.Min.Y)+13*sc, labelW, render.InkDim, align)
	}
	for i, k := range s.kinds {
		seat := game.Seat(i)
		r := k.Rect()
		c := render.Ink
		dx, tx := x+44*sc, x+62*sc
		if rtl {
			dx, tx = x+w-44*sc, x+w-62*sc
		}
		if s.view != nil {
			render.Disc(dst, dx, float64(r.Min.Y+r.Max.Y)/2, 8*sc, s.view.SeatColor(seat))
		}
		render.FitText(dst, lang.F("Player %d", seat.Number()), render.Bold, 19*sc, tx, float64(r.Min.Y)+11*sc, labelW-26*sc, c, align)
	}
	if s.maps == nil {
		label("Seed", s.seed)
	} else {
		label("Seed · map", s.seed)
	}
	label("Continue from", s.from)
	if s.rules != nil {
		label("Rules", s.rules)
	}
	label("Time per move", s.limit)
	hint := "people: time per move · computers play step by step or run"
	if s.allComputers() {
		hint = "computers play step by step or run to the end"
	}
	r := s.limit.Rect()
	if rtl {
		render.FitText(dst, lang.T(hint), render.Regular, 13*sc, float64(r.Max.X), float64(r.Max.Y)+4*sc, float64(r.Max.X)-x-36*sc, render.InkFaint, render.Right)
	} else {
		render.FitText(dst, lang.T(hint), render.Regular, 13*sc, float64(r.Min.X), float64(r.Max.Y)+4*sc, x+w-36*sc-float64(r.Min.X), render.InkFaint, render.Left)
	}
	// What the computer players are: the focused one, else the last.
	about := ""
	for i, k := range s.kinds {
		text := ""
		if bot, ok := game.FindBot(s.title, k.Value()); ok {
			text = bot.Kind + ": " + lang.T(bot.About)
		} else if c, ok := game.FindConnector(s.title, k.Value()); ok {
			text = c.Kind + ": " + lang.T(c.About) + " (" + c.Usage + ")"
		}
		if text != "" && (about == "" || s.form.Focus/2 == i) {
			about = text
		}
	}
	if s.maps != nil {
		if i := s.maps.Index; i < len(s.mapInfo) && s.mapInfo[i].About != "" && s.form.Items[s.form.Focus] == s.maps {
			about = lang.F("map %s: %s", s.mapInfo[i].Name, lang.T(s.mapInfo[i].About))
		}
	}
	if s.rules != nil && s.form.Items[s.form.Focus] == s.rules {
		about = lang.F("The rule options of %s: turn limits, the maps' constants and the original systems' behaviours, each with its default", s.title.Name())
	}
	if about != s.about || w != s.aboutW {
		s.about, s.aboutW = about, w
		s.aboutLines = render.Wrap(about, render.Regular, 15*sc, w-72*sc)
		if len(s.aboutLines) > 3 {
			s.aboutLines = slices.Clone(s.aboutLines[:3]) // Wrap's lines are shared
			s.aboutLines[2] = render.ClipWords(s.aboutLines[2]+" …", render.Regular, 15*sc, w-72*sc)
		}
	}
	ay := float64(r.Max.Y) + 26*sc
	for _, l := range s.aboutLines {
		render.Text(dst, l, render.Regular, 15*sc, lx, ay, render.InkDim, align)
		ay += 20 * sc
	}
	s.form.Draw(dst, sc)
}
