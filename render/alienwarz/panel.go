package alienwarz

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// dialog is what the action panel shows besides its buttons.
type dialog int

const (
	noDialog dialog = iota
	buildDialog
	convertDialog
	factoryDialog
)

// convLabel is row i of the conversion dialog, in the command's order
// (coins, energy, XP, each diamonds then minerals), with the rules' rate:
// "diamond → 50 coins".
func convLabel(r *alienwarz.Rules, i int) string {
	k := rowKind(i)
	rate := [3][2]int{r.ToCoins, r.ToEnergy, r.ToXP}[i/2][k]
	return lang.F(convFormats[i/2][k], rate)
}

// convFormats are the conversion dialog's rows, by what they give and by
// the kind converted.
var convFormats = [3][2]string{
	{"mineral → %d coins", "diamond → %d coins"},
	{"mineral → %d energy", "diamond → %d energy"},
	{"mineral → %d XP", "diamond → %d XP"},
}

// rowKind is the kind of item that row i of the conversion dialog, or of
// the factory's, counts: diamonds on even conversion rows, minerals on
// odd ones; minerals then diamonds, put then take, in the factory's.
func rowKind(i int) alienwarz.Kind {
	if i%2 == 0 {
		return alienwarz.Diamond
	}
	return alienwarz.Mineral
}

// factoryKind is the kind of row i of the factory dialog.
func factoryKind(i int) alienwarz.Kind {
	if i%2 == 0 {
		return alienwarz.Mineral
	}
	return alienwarz.Diamond
}

// panel is the action panel of a person's turn: the buttons of every
// action, and the dialogs for building, converting and using a factory. It
// offers only what is legal now.
type panel struct {
	active  bool
	turn    int
	player  int
	dialog  dialog
	factory alienwarz.Cell
	counts  [6]int // conversion rows, or put minerals, put diamonds, take minerals, take diamonds
	hover   alienwarz.Cell
	onBoard bool
	moves   map[alienwarz.Cell]string
	mines   map[alienwarz.Cell]bool
	attacks map[alienwarz.Cell]bool
	builds  map[alienwarz.Cell]bool
	owns    map[alienwarz.Cell]bool // the person's factories next to them
	// refused is why the last click on the board did nothing, in the
	// rules' words; "" when it did something.
	refused string

	build, convert, rest, freeze, daze, backpack, ok, ok2, cancel ui.Button
	minus, plus                                                   [6]ui.Button
}

func (p *panel) reset() { *p = panel{} }

// prepare reads the legal actions of the player to act.
func (p *panel) prepare(s *alienwarz.State) {
	p.reset()
	p.active, p.turn, p.player = true, s.Turn, s.ToAct
	p.moves = map[alienwarz.Cell]string{}
	for _, c := range s.Moves(p.player) {
		p.moves[c] = s.MoveCommand(p.player, c)
	}
	set := func(a alienwarz.Action) map[alienwarz.Cell]bool {
		out := map[alienwarz.Cell]bool{}
		for _, c := range s.Targets(p.player, a) {
			out[c] = true
		}
		return out
	}
	p.mines, p.attacks, p.builds, p.owns = set(alienwarz.ActMine), set(alienwarz.ActAttack), set(alienwarz.ActBuild), set(alienwarz.ActPut)
}

// hint is a line for the status: what a person can do now; why the last
// click did nothing as it was said then.
func (p *panel) hint(s *alienwarz.State) game.Words {
	if p.refused != "" {
		return game.Say("%s", p.refused)
	}
	switch p.dialog {
	case buildDialog:
		return game.Say("click a lit cell to build a factory there")
	case convertDialog:
		return game.Say("choose what to convert, then Convert")
	case factoryDialog:
		return game.Say("put items in the factory or take refined ones")
	}
	return game.Say("click a lit cell to move, a deposit to mine, a factory to use or attack; or use the panel")
}

// Reset closes an open dialog.
func (v *View) Reset() bool {
	had := v.panel.dialog != noDialog
	v.panel.dialog = noDialog
	return had
}

// panelRect is where the action panel sits: under the cards.
func (v *View) panelRect() image.Rectangle {
	r := v.card(2)
	return image.Rect(v.hud.Min.X, r.Max.Y+int(12*v.scale), v.hud.Max.X, v.hud.Max.Y)
}

// layoutPanel places the panel's buttons.
func (v *View) layoutPanel() {
	p := &v.panel
	sc := v.scale
	r := v.panelRect()
	x, y := float64(r.Min.X), float64(r.Min.Y)+30*sc
	w := float64(r.Dx())
	bw, bh, gap := (w-8*sc)/2, 34*sc, 8*sc
	row := func(i int) float64 { return y + float64(i)*(bh+gap) }
	if p.dialog == noDialog {
		p.build.Place(rect(x, row(0), bw, bh))
		p.rest.Place(rect(x+bw+gap, row(0), bw, bh))
		p.convert.Place(rect(x, row(1), w, bh))
		third := (w - 2*gap) / 3
		p.freeze.Place(rect(x, row(2), third, bh))
		p.daze.Place(rect(x+third+gap, row(2), third, bh))
		p.backpack.Place(rect(x+2*(third+gap), row(2), third, bh))
		return
	}
	rows := p.rows()
	for i := 0; i < rows; i++ {
		ry := y + float64(i)*(28*sc)
		p.minus[i].Place(rect(x+w-84*sc, ry, 26*sc, 24*sc))
		p.plus[i].Place(rect(x+w-26*sc, ry, 26*sc, 24*sc))
	}
	by := y + float64(max(rows, 1))*(28*sc) + 8*sc
	switch p.dialog {
	case factoryDialog:
		third := (w - 2*gap) / 3
		p.ok.Place(rect(x, by, third, bh))
		p.ok2.Place(rect(x+third+gap, by, third, bh))
		p.cancel.Place(rect(x+2*(third+gap), by, third, bh))
	default:
		p.ok.Place(rect(x, by, bw, bh))
		p.cancel.Place(rect(x+bw+gap, by, bw, bh))
	}
}

func rect(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
}

// rows is the number of counters of the open dialog.
func (p *panel) rows() int {
	switch p.dialog {
	case convertDialog:
		return 6
	case factoryDialog:
		return 4
	}
	return 0
}

// Input turns clicks on the board and the panel into a command.
func (v *View) Input(f game.Frame, _ game.Seat, ptr render.Pointer) (string, bool) {
	s := state(f)
	if s == nil || s.Over || s.ToAct == 0 {
		return "", false
	}
	p := &v.panel
	if !p.active || p.turn != s.Turn {
		p.prepare(s)
	}
	if ptr.Cancel {
		p.dialog = noDialog
	}
	if ptr.Click {
		p.refused = ""
	}
	p.hover, p.onBoard = v.cellUnder(ptr.X, ptr.Y)
	v.layoutPanel()
	v.enableButtons(s)
	in := ui.Input{X: ptr.X, Y: ptr.Y, Pressed: ptr.Click}
	if cmd, ok := v.panelClick(s, &in); ok || (ptr.Click && !p.onBoard) {
		return cmd, ok
	}
	if !ptr.Click || !p.onBoard {
		return "", false
	}
	c := p.hover
	switch {
	case p.dialog == buildDialog && p.builds[c]:
		p.dialog = noDialog
		return fmt.Sprintf("build %d %d", c.X, c.Z), true
	case p.moves[c] != "":
		return p.moves[c], true
	case p.mines[c]:
		return fmt.Sprintf("mine %d %d", c.X, c.Z), true
	case p.attacks[c]:
		return fmt.Sprintf("attack %d %d", c.X, c.Z), true
	case p.owns[c]:
		p.dialog, p.factory, p.counts = factoryDialog, c, [6]int{}
	default:
		p.refused = v.whyNot(s, c)
	}
	return "", false
}

// whyNot is why a click on cell c does nothing: the command the cell asks
// for (build there in the build dialog, mine a deposit, attack a rival's
// factory, else move there) and the reason the rules refuse it.
func (v *View) whyNot(s *alienwarz.State, c alienwarz.Cell) string {
	p := &v.panel
	cmd := s.MoveCommand(p.player, c)
	switch f := s.FactoryAt(c); {
	case p.dialog == buildDialog:
		cmd = fmt.Sprintf("build %d %d", c.X, c.Z)
	case s.DepositAt(c) != nil:
		cmd = fmt.Sprintf("mine %d %d", c.X, c.Z)
	case f != nil && f.Owner != p.player:
		cmd = fmt.Sprintf("attack %d %d", c.X, c.Z)
	}
	if err := s.Check(p.player, cmd); err != nil {
		return lang.F("can't %s: %s", v.MoveLabel(0, cmd), sayRefusal(err))
	}
	return ""
}

// enableButtons offers only the legal actions.
func (v *View) enableButtons(s *alienwarz.State) {
	p := &v.panel
	legal := func(line string) bool { return s.Check(p.player, line) == nil }
	r := s.Rules()
	p.build = button(p.build, lang.F("Build · %d", r.FactoryCost), len(p.builds) > 0)
	p.rest = button(p.rest, "Rest", true)
	me := s.Player(p.player)
	p.convert = button(p.convert, "Convert at base", me.Pos == alienwarz.Base(p.player) && len(me.Bag) > 0)
	p.freeze = button(p.freeze, lang.F("Freeze %d", r.FreezeCost), legal("shop freeze"))
	p.daze = button(p.daze, lang.F("Daze %d", r.DazeCost), legal("shop daze"))
	p.backpack = button(p.backpack, lang.F("Bag %d", r.BackpackCost), legal("shop backpack"))
	switch p.dialog {
	case convertDialog:
		p.ok = button(p.ok, "Convert", legal(v.convCommand()))
		p.cancel = button(p.cancel, "Cancel", true)
	case factoryDialog:
		p.ok = button(p.ok, "Put", legal(v.putCommand()))
		p.ok2 = button(p.ok2, "Take", legal(v.takeCommand()))
		p.cancel = button(p.cancel, "Cancel", true)
	case buildDialog:
		p.ok = button(p.ok, "Build", false)
		p.cancel = button(p.cancel, "Cancel", true)
	}
	for i := range p.minus {
		p.minus[i] = button(p.minus[i], "−", p.counts[i] > 0)
		p.plus[i] = button(p.plus[i], "+", i < p.rows() && p.counts[i] < v.most(s, i))
	}
}

// most is the highest count row i of the open dialog can ask for: the
// items of its kind in the bag that the other rows leave, or in the
// factory ready to take.
func (v *View) most(s *alienwarz.State, i int) int {
	p := &v.panel
	me := s.Player(p.player)
	switch p.dialog {
	case convertDialog:
		n := me.Count(rowKind(i))
		for j := 0; j < 6; j++ {
			if j != i && rowKind(j) == rowKind(i) {
				n -= p.counts[j]
			}
		}
		return n
	case factoryDialog:
		k := factoryKind(i)
		if i < 2 {
			return me.Count(k)
		}
		n := 0
		for _, f := range s.Factories {
			if f.Pos != p.factory {
				continue
			}
			for _, st := range f.Contents {
				if st.Item.Kind == k && readyNow(s, st) {
					n++
				}
			}
		}
		return n
	}
	return 0
}

// refusal is why the open dialog's action cannot be played now, in the
// rules' words; "" when it can, or when nothing is counted yet.
func (v *View) refusal(s *alienwarz.State) string {
	p := &v.panel
	if p.counts == [6]int{} {
		return ""
	}
	var err error
	switch p.dialog {
	case convertDialog:
		err = s.Check(p.player, v.convCommand())
	case factoryDialog:
		if p.counts[0]+p.counts[1] > 0 {
			err = s.Check(p.player, v.putCommand())
		} else {
			err = s.Check(p.player, v.takeCommand())
		}
	}
	if err == nil {
		return ""
	}
	return sayRefusal(err)
}

// sayRefusal is why the rules refuse a command, in the screens' language:
// a RuleError's words with the kinds and items in them said too; another
// error in its English.
func sayRefusal(err error) string {
	var re *alienwarz.RuleError
	if !errors.As(err, &re) || re.Words.Format == "" {
		return err.Error()
	}
	args := make([]any, len(re.Words.Args))
	for i, a := range re.Words.Args {
		switch a := a.(type) {
		case alienwarz.Kind:
			args[i] = lang.T(a.String())
		case string:
			args[i] = lang.T(a)
		default:
			args[i] = a
		}
	}
	return lang.F(re.Words.Format, args...)
}

// button keeps a button's place and sets its label and state.
func button(b ui.Button, label string, enabled bool) ui.Button {
	b.Label, b.Disabled = label, !enabled
	return b
}

// panelClick handles a click on the panel's buttons.
func (v *View) panelClick(s *alienwarz.State, in *ui.Input) (string, bool) {
	p := &v.panel
	if p.dialog == noDialog {
		switch {
		case p.build.Update(in, false):
			p.dialog = buildDialog
		case p.rest.Update(in, false):
			return "rest", true
		case p.convert.Update(in, false):
			p.dialog, p.counts = convertDialog, [6]int{}
		case p.freeze.Update(in, false):
			return "shop freeze", true
		case p.daze.Update(in, false):
			return "shop daze", true
		case p.backpack.Update(in, false):
			return "shop backpack", true
		}
		return "", false
	}
	for i := 0; i < p.rows(); i++ {
		if p.minus[i].Update(in, false) && p.counts[i] > 0 {
			p.counts[i]--
		}
		if p.plus[i].Update(in, false) && p.counts[i] < v.most(s, i) {
			p.counts[i]++
		}
	}
	switch {
	case p.cancel.Update(in, false):
		p.dialog = noDialog
	case p.dialog == convertDialog && p.ok.Update(in, false):
		p.dialog = noDialog
		return v.convCommand(), true
	case p.dialog == factoryDialog && p.ok.Update(in, false):
		p.dialog = noDialog
		return v.putCommand(), true
	case p.dialog == factoryDialog && p.ok2.Update(in, false):
		p.dialog = noDialog
		return v.takeCommand(), true
	}
	return "", false
}

// convCommand is the conversion the dialog's counters describe.
func (v *View) convCommand() string {
	c := v.panel.counts
	return fmt.Sprintf("conv %d diamond %d mineral to coins, %d diamond %d mineral to energy, %d diamond %d mineral to xp",
		c[0], c[1], c[2], c[3], c[4], c[5])
}

func (v *View) putCommand() string {
	p := &v.panel
	return fmt.Sprintf("refinement-put %d %d mineral %d diamond %d", p.factory.X, p.factory.Z, p.counts[0], p.counts[1])
}

func (v *View) takeCommand() string {
	p := &v.panel
	return fmt.Sprintf("refinement-take %d %d mineral %d diamond %d", p.factory.X, p.factory.Z, p.counts[2], p.counts[3])
}

// drawOptions lights the cells a person can click: moves green, deposits to
// mine gold, the rival's factories red, their own factories and build
// sites blue.
func (v *View) drawOptions(s *alienwarz.State, m *render.Moment) {
	p := &v.panel
	if !m.Hint || !p.active || p.turn != s.Turn || m.T < 1 {
		return
	}
	sh := v.sheet
	pulse := 0.55 + 0.35*math.Sin(m.Clock*5)
	lit := func(c alienwarz.Cell, col color.NRGBA, k float64) {
		x, y := v.cellAt(c)
		v.batch.AddRect(sh.Fill, x, y, v.cell, v.cell, render.Fade(col, 0.14*k))
		v.batch.AddRect(sh.Grid, x, y, v.cell, v.cell, render.Fade(col, pulse*k))
	}
	if p.dialog == buildDialog {
		for c := range p.builds {
			lit(c, buildBlue, 1)
		}
		return
	}
	for c := range p.moves {
		lit(c, moveGreen, 0.8)
	}
	for c := range p.mines {
		lit(c, gold, 1)
	}
	for c := range p.attacks {
		lit(c, bad, 1)
	}
	for c := range p.owns {
		lit(c, buildBlue, 1)
	}
	if p.onBoard {
		if _, ok := p.moves[p.hover]; ok {
			x, y := v.centerOf(p.hover)
			v.sprite(sh.Alien[p.player-1], x, y, 0.8, 0, render.Fade(white, 0.4))
		}
	}
}

// drawPanelText draws the action panel and, under the pointer, the energy
// a move would cost.
func (v *View) drawPanelText(dst *ebiten.Image, s *alienwarz.State, m *render.Moment) {
	p := &v.panel
	if !m.Hint || !p.active || p.turn != s.Turn {
		return
	}
	sc := v.scale
	r := v.panelRect()
	render.Text(dst, lang.T("ACTIONS"), render.Bold, 12*sc, float64(r.Min.X), float64(r.Min.Y)+8*sc, render.InkFaint, render.Left)
	if p.dialog == noDialog {
		for _, b := range []*ui.Button{&p.build, &p.rest, &p.convert, &p.freeze, &p.daze, &p.backpack} {
			b.Draw(dst, false, sc)
		}
	} else {
		me := s.Player(p.player)
		head := lang.F("bag: %d diamonds, %d minerals", me.Count(alienwarz.Diamond), me.Count(alienwarz.Mineral))
		render.FitText(dst, head, render.Regular, 12*sc, float64(r.Max.X), float64(r.Min.Y)+8*sc, float64(r.Dx())-70*sc, render.InkDim, render.Right)
		for i := 0; i < p.rows(); i++ {
			mr := p.minus[i].Rect()
			label := ""
			if p.dialog == factoryDialog {
				label = lang.T([4]string{"put minerals", "put diamonds", "take minerals", "take diamonds"}[i])
			} else {
				label = convLabel(s.Rules(), i)
			}
			render.FitText(dst, label, render.Regular, 13*sc, float64(r.Min.X), float64(mr.Min.Y)+4*sc, float64(mr.Min.X-r.Min.X)-6*sc, render.Ink, render.Left)
			render.Text(dst, lang.Digits(render.Itoa(p.counts[i])), render.Bold, 14*sc, float64(mr.Max.X)+16*sc, float64(mr.Min.Y)+3*sc, render.Ink, render.Center)
			p.minus[i].Draw(dst, false, sc)
			p.plus[i].Draw(dst, false, sc)
		}
		p.ok.Draw(dst, false, sc)
		if p.dialog == factoryDialog {
			p.ok2.Draw(dst, false, sc)
		}
		p.cancel.Draw(dst, false, sc)
		if why := v.refusal(s); why != "" {
			cr := p.cancel.Rect()
			render.WrapText(dst, why, render.Regular, 12*sc, float64(r.Min.X), float64(cr.Max.Y)+8*sc, float64(r.Dx()), render.Bad)
		}
	}
	if p.onBoard && p.dialog == noDialog {
		if _, ok := p.moves[p.hover]; ok {
			x, y := v.centerOf(p.hover)
			cost := s.MoveCost(p.player, p.hover)
			render.Text(dst, said("−%d energy", cost), render.Bold, 13*sc, x, y+v.cell*0.28, gold, render.Center)
		}
	}
}

// gains are what conversions gave, as drawNumbers writes them, by
// language.
var gains render.Cache[gainKey, string]

type gainKey struct {
	d    alienwarz.Converted
	lang lang.Tag
}

// saids are the numbers with words that the view draws in each frame, as
// said: a format, a number and the language.
var saids render.Cache[saidKey, string]

type saidKey struct {
	format string
	n      int
	lang   lang.Tag
}

// said is lang.F(format, n), made once for each language.
func said(format string, n int) string {
	return saids.Of(saidKey{format, n, lang.Current()}, func(k saidKey) string { return lang.F(k.format, k.n) })
}

// drawNumbers writes what a step gained or cost, floating up: the energy a
// move took, the coins, energy and XP a conversion gave.
func (v *View) drawNumbers(dst *ebiten.Image, s *alienwarz.State, m *render.Moment) {
	if m.T >= 1 {
		return
	}
	sc := v.scale
	a := 1 - render.Ease((m.T-0.5)/0.5)
	lift := render.Ease(m.T) * v.cell * 0.7
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case alienwarz.Moved:
			x, y := v.centerOf(d.To)
			render.Text(dst, lang.Digits(render.Numbered("−", d.Cost, "")), render.Bold, 15*sc, x, y-v.cell*0.6-lift, render.Fade(gold, a), render.Center)
		case alienwarz.Converted:
			x, y := v.centerOf(s.Player(d.Player).Pos)
			text := gains.Of(gainKey{d, lang.Current()}, func(k gainKey) string {
				d, text := k.d, ""
				if d.Coins > 0 {
					text += lang.F("+%d coins", d.Coins) + " "
				}
				if d.Energy > 0 {
					text += lang.F("+%d energy", d.Energy) + " "
				}
				if d.XP > 0 {
					text += lang.F("+%d XP", d.XP)
				}
				return text
			})
			render.Text(dst, text, render.Bold, 15*sc, x, y-v.cell*0.9-lift, render.Fade(gold, a), render.Center)
		case alienwarz.Invalid:
			x, y := v.centerOf(s.Player(d.Player).Pos)
			render.Text(dst, said("invalid: −%d", s.Rules().Penalty), render.Bold, 15*sc, x, y-v.cell*0.7-lift, render.Fade(bad, a), render.Center)
		}
	}
}

// CellOnScreen is where the middle of cell c is drawn in area at an
// interface scale: for driving the window from outside, as tests do.
func CellOnScreen(area image.Rectangle, scale float64, c alienwarz.Cell) (x, y float64) {
	var v View
	v.Layout(area, scale)
	return v.centerOf(c)
}

// RestButton is where the action panel's Rest button is in area.
func RestButton(area image.Rectangle, scale float64) image.Rectangle {
	var v View
	v.Layout(area, scale)
	v.layoutPanel()
	return v.panel.rest.Rect()
}
