// Package alienwarz draws AlienWarz: a neon 10x10 field where two aliens
// walk, mine, freeze in ice and wobble when dazed; deposits that count down
// to replenish; factories with their owner's colour, health and refining
// items; each player's energy, coins, XP, backpack and active effects; and
// the action panel that turns a person's clicks into commands.
package alienwarz

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// The aliens' colours, and the field's.
var (
	teamColors = [2]color.NRGBA{sprites.AlienBlue.Color(), sprites.AlienRed.Color()}
	neon       = color.NRGBA{0x4a, 0xe8, 0xff, 0xff}
	white      = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	iceBlue    = color.NRGBA{0xb8, 0xee, 0xff, 0xff}
	bad        = color.NRGBA{0xff, 0x40, 0x50, 0xff}
	gold       = color.NRGBA{0xff, 0xd0, 0x50, 0xff}
	moveGreen  = color.NRGBA{0x7d, 0xf0, 0x9a, 0xff}
	buildBlue  = color.NRGBA{0x6f, 0xb8, 0xff, 0xff}
)

// hudW is the width of the players' column beside the board.
const hudW = 300

// View draws AlienWarz frames.
type View struct {
	// debug draws the seats' debug marks (MarkCell places them).
	debug render.DebugMarks
	area  image.Rectangle
	scale float64
	sheet *sprites.AlienWarz
	batch render.Batch
	// board is the field's rectangle on screen; cell the size of a cell.
	bx, by, cell float64
	hud          image.Rectangle
	scratch      ebiten.GeoM
	panel        panel
	status       statusMemo
}

// Drawn is how AlienWarz is drawn.
var Drawn = render.Drawn{Title: alienwarz.Title{}.ID(), Blurb: "Two aliens mine a neon field, refine, trade and sabotage: energy is the clock",
	New: func() render.View { return New() }}

// New makes an AlienWarz view.
func New() *View {
	v := &View{sheet: sprites.AlienSheet(), scale: 1}
	v.panel.reset()
	return v
}

// Layout puts the square field on the left of area and the players' column
// on its right.
func (v *View) Layout(area image.Rectangle, scale float64) {
	v.area, v.scale = area, scale
	hw := hudW * scale
	// The field's neon frame and the glow of the bases in its corners
	// reach past it by up to margin of a cell: they stay in the area.
	const margin = 0.15
	side := math.Min(float64(area.Dy()), float64(area.Dx())-hw-16*scale) / (1 + 2*margin/alienwarz.Size)
	v.cell = side / alienwarz.Size
	v.bx = float64(area.Min.X) + (float64(area.Dx())-hw-16*scale-side)/2
	v.by = float64(area.Min.Y) + (float64(area.Dy())-side)/2
	v.hud = image.Rect(int(v.bx+side+16*scale), area.Min.Y, area.Max.X, area.Max.Y)
	// The panel follows a new size at once, even while nobody is to act
	// (the window resized behind the pause menu).
	v.layoutPanel()
}

// SeatColor is the alien's colour.
func (v *View) SeatColor(s game.Seat) color.NRGBA { return teamColors[int(s)&1] }

// bindings are the board's mouse: a person's turn is clicks only.
var bindings = []render.Binding{
	{Names: "Click a lit cell", About: "move there (the energy it costs shows under the pointer)"},
	{Names: "Click next to you", About: "a deposit: mine · your factory: put or take · the rival's: attack"},
	{Names: "Panel buttons", About: "build, convert at your base, rest, shop: freeze, daze, backpack"},
	{Names: "Esc · right click", About: "close the open dialog"},
}

// Bindings are the board's mouse (render.Controlled).
func (v *View) Bindings() []render.Binding { return bindings }

// state is the frame's alienwarz.State, nil for another title's.
func state(f game.Frame) *alienwarz.State { return render.StateOf[alienwarz.State](f) }

// Status says whose turn it is, or how the game ended, in English
// (StatusWords says it for the screens).
func (v *View) Status(f game.Frame) string { return v.StatusWords(f).String() }

// StatusWords is Status in words for the screens' language, the player
// to act named as a seat (render.StatusSayer).
func (v *View) StatusWords(f game.Frame) game.Words {
	s := state(f)
	if s == nil {
		return game.Words{}
	}
	var hint game.Words
	if v.panel.active && v.panel.turn == s.Turn {
		hint = v.panel.hint(s)
	}
	key := statusKey{s, hint.Format, v.panel.refused}
	if !v.status.ok || v.status.key != key {
		v.status.ok, v.status.key, v.status.words = true, key, statusOf(f, s, hint)
	}
	return v.status.words
}

// statusOf is StatusWords, worked out.
func statusOf(f game.Frame, s *alienwarz.State, hint game.Words) game.Words {
	if s.Over {
		return game.Verdict(f, alienwarz.Title{}.Why(f))
	}
	w := game.Say("%d of %d turns played · %s to act", s.Turn, s.Rules().MaxTurns, game.Say("Player %d", s.ToAct))
	if p := s.Player(s.ToAct); p.Daze > 0 {
		w = game.Say("%s %s", w, game.Say("(dazed: moves are reversed)"))
	}
	if hint.Format != "" {
		w = game.Say("%s: %s", w, hint)
	}
	return w
}

// statusMemo is the status line last worked out, and what it says of.
type statusMemo struct {
	ok    bool
	key   statusKey
	words game.Words
}

// statusKey is what the status line says of: a frame's state, the hint
// to the person entering a command ("" for none) and the refusal in it.
type statusKey struct {
	s       *alienwarz.State
	hint    string
	refused string
}

// cellRect is the screen position of cell c's top-left corner.
func (v *View) cellAt(c alienwarz.Cell) (x, y float64) {
	return v.bx + float64(c.Z)*v.cell, v.by + float64(c.X)*v.cell
}

// centerOf is the middle of cell c on screen.
func (v *View) centerOf(c alienwarz.Cell) (x, y float64) {
	x, y = v.cellAt(c)
	return x + v.cell/2, y + v.cell/2
}

// cellUnder is the cell under a screen point.
func (v *View) cellUnder(x, y float64) (alienwarz.Cell, bool) {
	c := alienwarz.Cell{X: int(math.Floor((y - v.by) / v.cell)), Z: int(math.Floor((x - v.bx) / v.cell))}
	return c, c.On()
}

// sprite queues img centred at (x, y), scaled to k cells wide of the
// atlas's cell size, turned by angle.
func (v *View) sprite(img *ebiten.Image, x, y, k, angle float64, c color.NRGBA) {
	s := v.cell / sprites.AlienCell * k
	t := &v.scratch
	t.Reset()
	r := img.Bounds()
	t.Translate(-float64(r.Dx())/2, -float64(r.Dy())/2)
	t.Scale(s, s)
	if angle != 0 {
		t.Rotate(angle)
	}
	t.Translate(x, y)
	v.batch.Add(img, t, c)
}

// bar queues a rectangle from the atlas's white pixel.
func (v *View) bar(x, y, w, h float64, c color.NRGBA) {
	if w > 0 && h > 0 {
		v.batch.AddRect(v.sheet.Pixel, x, y, w, h, c)
	}
}

// Update ends a half-entered command when nobody is to act any more.
func (v *View) Update(m *render.Moment) {
	if !m.Hint {
		v.panel.active = false
	}
}

// Draw draws the moment.
func (v *View) Draw(dst *ebiten.Image, m *render.Moment) {
	cur, prev := state(m.Cur), state(m.Prev)
	if cur == nil {
		return
	}
	if prev == nil {
		prev = cur
	}
	// Numbers that float up from the top row stay in the area.
	dst = dst.SubImage(v.area).(*ebiten.Image)
	b := &v.batch
	b.Begin(v.sheet.Atlas)
	v.drawField(cur, m)
	v.drawOptions(cur, m)
	v.drawDeposits(cur, prev, m)
	v.drawFactories(cur, m)
	v.drawAliens(cur, prev, m)
	v.drawEffects(cur, prev, m)
	b.Flush(dst)
	field := image.Rect(int(v.bx-v.cell/2), int(v.by-v.cell/2), v.hud.Min.X, int(v.by+v.cell*(alienwarz.Size+0.5))) // not over the HUD
	v.debug.Draw(dst.SubImage(field).(*ebiten.Image), m.Marks, v, v.scale)
	b.Begin(v.sheet.Atlas)
	v.drawHUDIcons(cur, m)
	v.drawHUDCards(dst, cur)
	b.Flush(dst)
	v.drawHUDText(dst, cur)
	v.drawPanelText(dst, cur, m)
	v.drawNumbers(dst, cur, m)
}

// drawField draws the tiles with a neon grid whose light runs across the
// field, and the two bases.
func (v *View) drawField(s *alienwarz.State, m *render.Moment) {
	sh := v.sheet
	side := v.cell * alienwarz.Size
	// A neon frame around the field.
	pad := v.cell * 0.12
	v.batch.AddRect(sh.Fill, v.bx-pad, v.by-pad, side+2*pad, side+2*pad, color.NRGBA{0x08, 0x0a, 0x1a, 0xff})
	v.batch.AddRect(sh.Grid, v.bx-pad, v.by-pad, side+2*pad, side+2*pad, render.Fade(neon, 0.55+0.15*math.Sin(m.Clock*1.5)))
	for x := 0; x < alienwarz.Size; x++ {
		for z := 0; z < alienwarz.Size; z++ {
			px, py := v.cellAt(alienwarz.Cell{X: x, Z: z})
			v.batch.AddRect(sh.Tile, px, py, v.cell, v.cell, white)
			wave := 0.35 + 0.25*math.Sin(m.Clock*2-float64(x+z)*0.45)
			v.batch.AddRect(sh.Grid, px, py, v.cell, v.cell, render.Fade(neon, wave))
		}
	}
	for p := 1; p <= 2; p++ {
		x, y := v.centerOf(alienwarz.Base(p))
		pulse := 0.85 + 0.15*math.Sin(m.Clock*2.5+float64(p))
		v.sprite(sh.Glow, x, y, 1.3, 0, render.Fade(teamColors[p-1], 0.35))
		v.sprite(sh.Base, x, y, pulse, m.Clock*0.4, teamColors[p-1])
		v.glyphs(string(rune('A'+p-1)), x, y+v.cell*0.3, 0.42, render.Fade(teamColors[p-1], 0.9))
	}
}

// glyphs queues text from the atlas's glyphs, centred at (x, y), k times
// a cell's size relative to the glyphs' height.
func (v *View) glyphs(s string, x, y, k float64, c color.NRGBA) {
	gs := v.cell * k / sprites.DigitHeight
	w := 0.0
	for _, r := range s {
		if img := v.sheet.Digits[r]; img != nil {
			w += float64(img.Bounds().Dx()-4) * gs
		}
	}
	cx := x - w/2
	for _, r := range s {
		img := v.sheet.Digits[r]
		if img == nil {
			continue
		}
		gw := float64(img.Bounds().Dx()-4) * gs
		t := &v.scratch
		t.Reset()
		t.Translate(-float64(img.Bounds().Dx())/2, -float64(img.Bounds().Dy())/2)
		t.Scale(gs, gs)
		t.Translate(cx+gw/2, y)
		v.batch.Add(img, t, c)
		cx += gw
	}
}

// drawDeposits draws the minerals and diamonds: the hits left as pips, and
// an emptied deposit dimmed, with a ring that fills as it replenishes and
// the turns still to wait.
func (v *View) drawDeposits(s, prev *alienwarz.State, m *render.Moment) {
	sh := v.sheet
	for i := range s.Deposits {
		d := &s.Deposits[i]
		x, y := v.centerOf(d.Pos)
		img := sh.Mineral
		if d.Kind == alienwarz.Diamond {
			img = sh.Diamond
		}
		shake := 0.0
		for _, e := range m.Cur.Events {
			if mn, ok := e.Data.(alienwarz.Mined); ok && mn.At == d.Pos && m.T < 1 {
				shake = math.Sin(m.T*40) * (1 - m.T) * 0.08
			}
		}
		alpha := 1.0
		if d.Remaining == 0 {
			alpha = 0.3
		}
		glint := 0.85 + 0.15*math.Sin(m.Clock*3+float64(d.Pos.X*3+d.Pos.Z))
		v.sprite(sh.Glow, x, y, 0.9, 0, render.Fade(depositGlow(d.Kind), 0.25*alpha*glint))
		v.sprite(img, x, y, 0.8, shake, render.Fade(white, alpha))
		// Hits left.
		pip := v.cell * 0.07
		for h := 0; h < d.Max; h++ {
			px := x + (float64(h)-float64(d.Max-1)/2)*pip*1.5
			c := render.Fade(white, 0.2)
			if h < d.Remaining {
				c = depositGlow(d.Kind)
			}
			v.sprite(sh.Disc, px, y+v.cell*0.38, pip/v.cell*sprites.AlienCell/(2*sprites.DiscRadius)*1.1, 0, c)
		}
		if d.Remaining == 0 && d.EmptiedTurn >= 0 {
			k := d.Countdown(s.Turn)
			frac := 1 - float64(k)/float64(max(1, d.Replenish))
			v.arc(x, y, v.cell*0.36, v.cell*0.05, frac, depositGlow(d.Kind))
			v.glyphs(render.Itoa(k), x, y, 0.34, white)
		}
	}
}

func depositGlow(k alienwarz.Kind) color.NRGBA {
	if k == alienwarz.Diamond {
		return color.NRGBA{0x6a, 0xc8, 0xff, 0xff}
	}
	return color.NRGBA{0x7a, 0xff, 0x8a, 0xff}
}

// arc queues a ring of radius r and width w around (x, y), the fraction
// frac of it filled clockwise from the top.
func (v *View) arc(x, y, r, w, frac float64, c color.NRGBA) {
	const segments = 40
	n := int(math.Ceil(frac * segments))
	for i := 0; i < n; i++ {
		a0 := -math.Pi/2 + 2*math.Pi*float64(i)/segments
		a1 := -math.Pi/2 + 2*math.Pi*math.Min(float64(i+1)/segments, frac)
		v.batch.AddQuad(v.sheet.Pixel, [4][2]float64{
			{x + (r-w)*math.Cos(a0), y + (r-w)*math.Sin(a0)},
			{x + r*math.Cos(a0), y + r*math.Sin(a0)},
			{x + (r-w)*math.Cos(a1), y + (r-w)*math.Sin(a1)},
			{x + r*math.Cos(a1), y + r*math.Sin(a1)},
		}, c)
	}
}

// drawFactories draws each refinery in its owner's colour, with its health
// as pips and its refining items, ready ones glowing.
func (v *View) drawFactories(s *alienwarz.State, m *render.Moment) {
	sh := v.sheet
	for i := range s.Factories {
		f := &s.Factories[i]
		x, y := v.centerOf(f.Pos)
		grow := 1.0
		for _, e := range m.Cur.Events {
			if bt, ok := e.Data.(alienwarz.Built); ok && bt.At == f.Pos && m.T < 1 {
				grow = render.EaseOutBack(m.T)
			}
		}
		owner := teamColors[(f.Owner-1)&1]
		v.sprite(sh.Glow, x, y, 1.0*grow, 0, render.Fade(owner, 0.3))
		v.sprite(sh.Factory, x, y, 0.86*grow, 0, owner)
		v.sprite(sh.Roof, x, y, 0.86*grow, 0, white)
		// Smoke while it refines.
		if len(f.Contents) > 0 {
			for k := 0; k < 3; k++ {
				t := math.Mod(m.Clock*0.5+float64(k)/3, 1)
				v.sprite(sh.Glow, x+v.cell*0.24+math.Sin(t*6)*v.cell*0.03, y-v.cell*(0.3+0.35*t), 0.12+0.12*t, 0, render.Fade(white, 0.35*(1-t)))
			}
		}
		for h := 0; h < 3; h++ {
			c := render.Fade(white, 0.2)
			if h < f.Health {
				c = owner
			}
			v.sprite(sh.Disc, x+(float64(h)-1)*v.cell*0.12, y+v.cell*0.41, 0.07, 0, c)
		}
		// The items inside, ready ones lit.
		for k, st := range f.Contents {
			if k >= 6 {
				break
			}
			ready := s.Rules() != nil && readyNow(s, st)
			ix := x - v.cell*0.38 + float64(k)*v.cell*0.15
			iy := y - v.cell*0.42
			img := sh.Mineral
			if st.Item.Kind == alienwarz.Diamond {
				img = sh.Diamond
			}
			c := render.Fade(white, 0.5)
			if ready {
				c = white
				v.sprite(sh.Glow, ix, iy, 0.25, 0, render.Fade(gold, 0.6))
			}
			v.sprite(img, ix, iy, 0.22, 0, c)
		}
	}
}

// readyNow reports whether a stored item can be taken this turn.
func readyNow(s *alienwarz.State, st alienwarz.Stored) bool {
	f := alienwarz.Factory{Contents: []alienwarz.Stored{st}}
	m, d := s.Ready(&f, s.Turn)
	return m+d > 0
}

// MoveLabel writes a command shortly for the move list (render.MoveLabeler),
// in the screens' language: a conversion or a factory's put and take say
// only what they move; the other commands say their words and cells.
func (v *View) MoveLabel(_ game.Seat, move string) string {
	c, err := alienwarz.ParseCommand(move)
	if err != nil {
		return move
	}
	items := func(a alienwarz.Amount) string {
		var parts []string
		if a.Diamonds > 0 {
			parts = append(parts, lang.F("%d diamonds", a.Diamonds))
		}
		if a.Minerals > 0 {
			parts = append(parts, lang.F("%d minerals", a.Minerals))
		}
		return strings.Join(parts, " + ")
	}
	switch c.Action {
	case alienwarz.ActConvert:
		var parts []string
		arrow := " → "
		if lang.RTL() {
			arrow = " ← " // into, in a line read from the right
		}
		for _, p := range []struct {
			a    alienwarz.Amount
			into string
		}{{c.Coins, "coins"}, {c.Energy, "energy"}, {c.XP, "XP"}} {
			if s := items(p.a); s != "" {
				parts = append(parts, s+arrow+lang.T(p.into))
			}
		}
		sep := ", "
		if lang.RTL() {
			sep = "، " // the Arabic script's comma
		}
		return lang.F("convert %s", strings.Join(parts, sep))
	case alienwarz.ActPut:
		return lang.F("put %s", items(c.Items))
	case alienwarz.ActTake:
		return lang.F("take %s", items(c.Items))
	case alienwarz.ActMove:
		return lang.F("move %d %d", c.At.X, c.At.Z)
	case alienwarz.ActMine:
		return lang.F("mine %d %d", c.At.X, c.At.Z)
	case alienwarz.ActBuild:
		return lang.F("build %d %d", c.At.X, c.At.Z)
	case alienwarz.ActAttack:
		return lang.F("attack %d %d", c.At.X, c.At.Z)
	case alienwarz.ActRest:
		return lang.T("rest")
	case alienwarz.ActShop:
		return lang.F("shop %s", lang.T(c.Item))
	}
	return move
}
