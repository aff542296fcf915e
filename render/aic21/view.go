// Package aic21 draws AIC21: a torus of soil, rocks, swamps and antlion
// pits that the camera scrolls across without end; bread and grass in
// piles that grow and shrink; each colony's anthill with its health; ants
// and scorpions in their colony's colours that walk the short way round
// the edges, several to a cell; stings and base shots as arcs; each
// colony's chat, its numbers over the turns as small charts; and the
// orders a person gives their colony in a hotseat game.
package aic21

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// The colonies' colours, and the view's own.
var (
	teamColors = [2]color.NRGBA{sprites.AICBlue.Color(), sprites.AICRed.Color()}
	white      = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	black      = color.NRGBA{0, 0, 0, 0xff}
	bread      = sprites.BreadGold.Color()
	grass      = sprites.GrassGreen.Color()
	hurt       = color.NRGBA{0xff, 0x4a, 0x3a, 0xff}
	healthy    = color.NRGBA{0x6a, 0xe8, 0x7a, 0xff}
	mud        = color.NRGBA{0x7a, 0xb0, 0x90, 0xff}
)

// unit is the size of a cell in world units.
const unit = sprites.AICCell

// colW is the width of the colonies' column beside the map, at scale 1.
const colW = 268

// View draws AIC21 frames.
type View struct {
	// debug draws the seats' debug marks (MarkCell places them).
	debug render.DebugMarks
	// drawn is the state Draw draws, for MarkCell.
	drawn         *aic21.State
	board, column image.Rectangle // the map's part of the area, the column's
	area          image.Rectangle
	compact       bool
	scale         float64
	cam           render.Camera
	sheet         *sprites.AIC21
	batch         render.Batch
	marks         render.Markers // the units' markers at low zoom
	ground        ground
	fog           fog
	step          step
	in            orders
	look          render.Look
	// moment is the moment drawn last; people its seats played by people
	// (Moment.People), lastMode its team view.
	moment   render.Moment
	people   uint8
	lastMode int
	over     bool
	// mode is the team view when nobody is entering orders: 0 shows
	// everything, 1 and 2 what colony 0's or 1's units see; chosen is set
	// once someone picks it with a key.
	mode   int
	chosen bool
	// offX and offY are the whole turns of the torus on screen, in world
	// units: sprites are drawn once for each pair where they show.
	offX, offY []float64
	seamBuf    []float64
	status     statusMemo
	// vx0, vy0, vx1, vy1 is the world rectangle on screen.
	vx0, vy0, vx1, vy1 float64
	cellPx             float64 // a cell's size on screen
	quad               [4]ebiten.Vertex
	tileOp             ebiten.DrawTrianglesOptions
}

// Drawn is how AIC21 is drawn.
var Drawn = render.Drawn{Title: aic21.Title{}.ID(), Blurb: "Two ant colonies on a torus: workers gather bread and grass, scorpions fight, every ant thinks alone",
	New: func() render.View { return New() }}

// New makes an AIC21 view.
func New() *View {
	v := &View{sheet: sprites.AICSheet(), scale: 1}
	v.cam.SetWrap(true)
	return v
}

// Layout puts the map on the left of area and the colonies' column on its
// right; compact, or where the column would leave the map less than half
// as wide again as itself (a large interface in a small window), the map
// takes it all while nobody gives orders.
func (v *View) Layout(area image.Rectangle, scale float64) {
	v.scale, v.area = scale, area
	w := int(colW * scale)
	gap := int(12 * scale)
	v.board = image.Rect(area.Min.X, area.Min.Y, area.Max.X-w-gap, area.Max.Y)
	v.column = image.Rect(area.Max.X-w, area.Min.Y, area.Max.X, area.Max.Y)
	narrow := v.board.Dx() < w*3/2
	if (v.compact || narrow) && !v.in.active {
		v.board, v.column = area, image.Rectangle{}
	}
	v.cam.SetArea(v.board)
}

// SetCompact gives the column's room to the map while nobody gives orders
// (render.Compacter).
func (v *View) SetCompact(on bool) {
	if on != v.compact {
		v.compact = on
		v.Layout(v.area, v.scale)
	}
}

// Zoom zooms the map about a screen point (render.Navigator).
func (v *View) Zoom(f, x, y float64) { v.cam.Zoom(f, x, y) }

// Pan drags the map; it wraps around without end.
func (v *View) Pan(dx, dy float64) { v.cam.Pan(dx, dy) }

// Fit shows the whole map.
func (v *View) Fit() { v.cam.Fit() }

// Camera is the view's camera (render.Mapped).
func (v *View) Camera() *render.Camera { return &v.cam }

// Spot is the middle of cell (x, y) in world units.
func (v *View) Spot(c [2]int) (float64, float64) { return center(aic21.Cell{X: c[0], Y: c[1]}) }

// CellSize is the size that must stay readable, in world units: a unit,
// drawn about half a cell wide, several to a cell, with its id and health.
func (v *View) CellSize() float64 { return unit * 0.7 }

// Sight is whose knowledge the view shows (render.Sighted).
func (v *View) Sight() game.Seat {
	switch {
	case v.in.active && v.in.hand.Curtain, !v.in.active && v.people == 3 && !v.over:
		return game.NoSeat
	case v.lastMode == 0:
		return game.AllSeats
	}
	return game.Seat(v.lastMode - 1)
}

// SeatColor is the colony's colour.
func (v *View) SeatColor(s game.Seat) color.NRGBA { return teamColors[int(s)&1] }

// The actions of the board's keys: the team views, a unit's orders, the
// turn's end.
const (
	actAll = iota
	actColony1
	actColony2
	actRight
	actUp
	actLeft
	actDown
	actHold
	actNextUnit
	actSend
	actErase
)

// bindings are the board's mouse and keys.
var bindings = []render.Binding{
	{Names: "Drag · wheel · F", About: "pan (the map wraps round: drag on past an edge), zoom, fit"},
	{Names: "Point at a cell", About: "a card: its units with ids, health and loads, its resource, its ground"},
	{Keys: []ebiten.Key{ebiten.KeyG}, Act: actAll, While: render.Watching, Names: "G · 1 · 2", About: "team view: everything, or what colony 1's or colony 2's units see"},
	{Keys: []ebiten.Key{ebiten.KeyDigit1, ebiten.KeyNumpad1}, Act: actColony1, While: render.Watching},
	{Keys: []ebiten.Key{ebiten.KeyDigit2, ebiten.KeyNumpad2}, Act: actColony2, While: render.Watching},
	{Names: "Your turn: click an ant", About: "select it (click again or Tab for the next); click a lit cell or an arrow key to move it"},
	{Keys: []ebiten.Key{ebiten.KeyTab}, Act: actNextUnit, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyArrowRight}, Act: actRight, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyArrowUp}, Act: actUp, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyArrowLeft}, Act: actLeft, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyArrowDown}, Act: actDown, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeySpace, ebiten.KeyDigit0, ebiten.KeyNumpad0}, Act: actHold, While: render.Moving, Names: "Space · 0", About: "the selected unit stays; Backspace drops its order"},
	{Keys: []ebiten.Key{ebiten.KeyBackspace}, Act: actErase, While: render.Moving},
	{Names: "Message box", About: "click it, type a chat message and its value: the selected unit sends it"},
	{Keys: []ebiten.Key{ebiten.KeyEnter, ebiten.KeyNumpadEnter}, Act: actSend, While: render.Moving, Names: "Enter · End turn", About: "send the orders; units without one follow the colony's bot"},
}

// Bindings are the board's mouse and keys (render.Controlled).
func (v *View) Bindings() []render.Binding { return bindings }

// Act switches the team view when nobody is entering orders
// (render.Actor); while people play a live match, the view stays theirs.
func (v *View) Act(act int) {
	if v.people != 0 {
		return
	}
	switch act {
	case actAll:
		v.mode = 0
	case actColony1:
		v.mode = 1
	case actColony2:
		v.mode = 2
	default:
		return
	}
	v.chosen = true
}

// state is the frame's aic21.State, nil for another title's.
func state(f game.Frame) *aic21.State { return render.StateOf[aic21.State](f) }

// colonyName is how people call colony c: "Colony 1", with the team's name
// when it has one of its own.
func colonyName(s *aic21.State, c int) string {
	name := s.TeamNames[c]
	if name == [2]string{"first_team", "second_team"}[c] {
		name = ""
	}
	return colonyNames.Of(colonyKey{c, name, lang.Current()}, func(k colonyKey) string {
		if k.team == "" {
			return lang.F("Colony %d", k.colony+1)
		}
		return lang.F("Colony %d · %s", k.colony+1, k.team)
	})
}

// colonyKey is a colony, the name of its team ("" for none of its own)
// and the screens' language; colonyNames are the names colonyName made.
type colonyKey struct {
	colony int
	team   string
	lang   lang.Tag
}

var colonyNames render.Cache[colonyKey, string]

// Status says the turn and who leads, or how the game ended, in English
// (StatusWords says it for the screens).
func (v *View) Status(f game.Frame) string { return v.StatusWords(f).String() }

// StatusWords is Status in words for the screens' language, the colonies
// named as seats (render.StatusSayer).
func (v *View) StatusWords(f game.Frame) game.Words {
	s := state(f)
	if s == nil {
		return game.Words{}
	}
	var hint game.Words
	if v.in.active {
		hint = v.in.hint()
	}
	key := statusKey{s, v.Sight(), hint.Format, v.in.colony}
	if !v.status.ok || v.status.key != key {
		v.status.ok, v.status.key, v.status.words = true, key, statusOf(f, s, key.sight, hint)
	}
	return v.status.words
}

// statusMemo is the status line last worked out, and what it says of.
type statusMemo struct {
	ok    bool
	key   statusKey
	words game.Words
}

// statusKey is what the status line says of: a frame's state, whose
// knowledge the board shows and the hint to the person giving orders (""
// for none) with the colony it is for.
type statusKey struct {
	s      *aic21.State
	sight  game.Seat
	hint   string
	colony int
}

// colonyWords is colony c as a seat (the viewer puts the player's name
// there), with its team's name when it has one of its own (see
// colonyName).
func colonyWords(s *aic21.State, c int) game.Words {
	name := s.TeamNames[c]
	if name == [2]string{"first_team", "second_team"}[c] {
		return game.Say("Colony %d", c+1)
	}
	return game.Say("%s · %s", game.Say("Colony %d", c+1), name)
}

// statusOf is StatusWords, worked out.
func statusOf(f game.Frame, s *aic21.State, as game.Seat, hint game.Words) game.Words {
	if s.Over {
		return game.Say("%s wins: %s", colonyWords(s, s.Winner), aic21.Title{}.Why(f))
	}
	var w game.Words
	switch {
	case s.Turn < 0 && s.MaxTurn > 0:
		w = game.Say("Before turn 1 of %d", s.MaxTurn)
	case s.Turn < 0:
		w = game.Say("Before turn 1")
	case s.MaxTurn > 0:
		w = game.Say("Turn %d of %d", s.Turn+1, s.MaxTurn)
	default:
		w = game.Say("Turn %d", s.Turn+1)
	}
	if s.Observer != 0 {
		w = game.Say("%s · %s", w, game.Say("what %s's units know", game.Say("colony %d", s.Observer)))
	} else if as == game.AllSeats {
		if c, k := aic21.Leader(s); c >= 0 {
			a, b := s.Judged(c), s.Judged(1-c)
			w = game.Say("%s · %s", w, game.Say("%s leads on %s, %d to %d", game.Say("Colony %d", c+1), game.Say(aic21.Criteria[k]), a[k], b[k]))
		} else {
			w = game.Say("%s · %s", w, game.Say("tied on every count so far (a full tie at the end is a coin toss)"))
		}
	}
	if hint.Format != "" {
		w = game.Say("%s · %s", w, hint)
	}
	return w
}

// MoveLabel writes a colony's orders shortly, as "7 units · 2 msgs"
// (render.MoveLabeler); a move it cannot read stays as it came.
func (v *View) MoveLabel(_ game.Seat, move string) string {
	moves, err := aic21.ParseUnitMoves(move)
	if err != nil {
		return move
	}
	var units, msgs int
	seen := map[int]bool{}
	for _, m := range moves {
		if m.Move && !seen[m.Unit] {
			seen[m.Unit] = true
			units++
		}
		if m.Chat {
			msgs++
		}
	}
	switch {
	case units == 0 && msgs == 0:
		return lang.T("all hold")
	case msgs == 0:
		return lang.F("%d units", units)
	}
	return lang.F("%d units", units) + " · " + lang.F("%d msgs", msgs)
}

// frames are the moment's states: prev is cur when the step has no
// earlier state of the same map; cur is nil for another title's.
func frames(m *render.Moment) (prev, cur *aic21.State) {
	cur, prev = state(m.Cur), state(m.Prev)
	if prev == nil || cur == nil || prev.W != cur.W || prev.H != cur.H {
		prev = cur
	}
	return prev, cur
}

// Update takes the moment: the camera eases to its clock over the map's
// torus, the step's frames are read once, and the team view shown is
// chosen.
func (v *View) Update(m *render.Moment) {
	prev, cur := frames(m)
	if cur == nil {
		return
	}
	if !m.Hint {
		v.in.active = false
	}
	v.moment, v.people, v.over = *m, m.People, cur.Over
	v.in.hand.Update(m, v.in.active)
	v.cam.SetWorld(0, 0, float64(cur.W*unit), float64(cur.H*unit))
	v.cam.SetMaxZoom(max(12, float64(max(cur.W, cur.H))*96/float64(max(1, min(v.board.Dx(), v.board.Dy())))))
	v.cam.Tick(m.Clock)
	v.step.index(m, prev, cur)
	v.lastMode = v.shownMode(cur)
}

// Draw draws the moment.
func (v *View) Draw(dst *ebiten.Image, m *render.Moment) {
	prev, cur := frames(m)
	if cur == nil {
		return
	}
	// The column's cards cast their shadows inside the area too.
	dst = dst.SubImage(v.area).(*ebiten.Image)
	m = v.in.hand.Replay(m)
	v.frame(cur)

	board := dst.SubImage(v.board).(*ebiten.Image)
	v.ground.draw(board, v, cur)
	mode := v.lastMode
	if mode > 0 {
		v.fog.draw(board, v, cur, mode-1)
	}
	b := &v.batch
	b.Begin(v.sheet.Atlas)
	v.marks.Begin()
	v.drawSwamps(cur, m)
	v.drawResources(cur, prev, m)
	v.drawBases(cur, m)
	v.drawOrders(cur, m)
	v.drawLook(cur)
	v.drawUnits(cur, prev, mode, m)
	v.drawBaseBars(cur)
	v.drawEffects(cur, prev, mode, m)
	b.Flush(board)
	v.drawSeams(board, cur)
	v.marks.Flush(board)
	v.drawn = cur
	v.debug.Draw(board, m.Marks, v, v.scale)
	if !v.column.Empty() {
		v.drawColumn(dst, cur, m)
	}
	v.drawCard(dst, cur, mode)
	v.drawCurtain(dst, cur, m)
}

// shownMode is the team view being shown: a colony's state (a seat's
// stream, a person's side at the hotseat) shows what that colony knows; a
// person entering orders sees what their own colony sees, and so does the
// one person playing a bot between turns, unless a key chose another view.
func (v *View) shownMode(s *aic21.State) int {
	switch h := &v.in.hand; {
	case s.Observer != 0:
		return s.Observer // a colony's knowledge: nothing more to show
	case v.in.active:
		return v.in.colony + 1
	case v.people != 0 && !s.Over:
		if p, ok := v.moment.Person(); ok {
			return int(p) + 1
		}
		return h.Person()
	case !v.chosen && !s.Over && h.Person() != 0:
		return h.Person()
	}
	return v.mode
}

// drawCurtain hides the map and the colonies' column while the controls
// pass from one person to the other, and while the turn of two people at
// one machine resolves.
func (v *View) drawCurtain(dst *ebiten.Image, s *aic21.State, m *render.Moment) {
	h := &v.in.hand
	c := v.in.colony
	switch {
	case m.Hint && v.in.active && h.Curtain:
	case !m.Hint && (h.Both() || v.people == 3) && !s.Over && !v.chosen:
		c = h.Next() - 1
	default:
		return
	}
	render.DrawCurtain(dst, v.board.Union(v.column), v.scale, lang.F("Colony %d", c+1), teamColors[c])
}

// drawSeams marks the map's edges, where the torus wraps round, with a
// dashed line; zoomed out so far that the map shows more than once, the
// copies beside the one in the middle are dimmed, so that each base is
// seen once.
func (v *View) drawSeams(dst *ebiten.Image, s *aic21.State) {
	ww, wh := float64(s.W*unit), float64(s.H*unit)
	cx, cy := v.cam.ToWorld(float64(v.board.Min.X+v.board.Max.X)/2, float64(v.board.Min.Y+v.board.Max.Y)/2)
	kx, ky := math.Floor(cx/ww), math.Floor(cy/wh)
	x0, y0 := v.cam.ToScreen(kx*ww, ky*wh)
	x1, y1 := v.cam.ToScreen((kx+1)*ww, (ky+1)*wh)
	b := v.board
	bx0, by0, bx1, by1 := float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)
	shade := render.Fade(render.Night, 0.62)
	if v.vx1-v.vx0 > ww {
		render.FillRect(dst, bx0, by0, max(0, x0-bx0), by1-by0, shade)
		render.FillRect(dst, x1, by0, max(0, bx1-x1), by1-by0, shade)
	}
	if v.vy1-v.vy0 > wh {
		render.FillRect(dst, max(bx0, x0), by0, min(bx1, x1)-max(bx0, x0), max(0, y0-by0), shade)
		render.FillRect(dst, max(bx0, x0), y1, min(bx1, x1)-max(bx0, x0), max(0, by1-y1), shade)
	}
	lw := max(1, 2*v.scale)
	dash := 10 * v.scale
	ink := render.Fade(render.Accent, 0.55)
	for _, x := range v.seams(v.vx0, v.vx1, ww) {
		sx, _ := v.cam.ToScreen(x, 0)
		for y := by0; y < by1; y += 2 * dash {
			render.FillRect(dst, sx-lw/2, y, lw, min(dash, by1-y), ink)
		}
	}
	for _, y := range v.seams(v.vy0, v.vy1, wh) {
		_, sy := v.cam.ToScreen(0, y)
		for x := bx0; x < bx1; x += 2 * dash {
			render.FillRect(dst, x, sy-lw/2, min(dash, bx1-x), lw, ink)
		}
	}
}

// seams are the world coordinates between a and b where the map wraps,
// every size units.
func (v *View) seams(a, b, size float64) []float64 {
	out := v.seamBuf[:0]
	for k := math.Ceil(a / size); k*size <= b; k++ {
		out = append(out, k*size)
	}
	v.seamBuf = out
	return out
}

// frame works out, for this frame, which turns of the torus are on
// screen and how big a cell is.
func (v *View) frame(s *aic21.State) {
	x0, y0, x1, y1 := v.cam.Visible()
	v.vx0, v.vy0, v.vx1, v.vy1 = x0, y0, x1, y1
	ww, wh := float64(s.W*unit), float64(s.H*unit)
	v.offX, v.offY = v.offX[:0], v.offY[:0]
	const margin = 2 * unit // sprites reach past their cell
	for k := math.Floor((x0 - margin) / ww); k*ww <= x1+margin; k++ {
		v.offX = append(v.offX, k*ww)
	}
	for k := math.Floor((y0 - margin) / wh); k*wh <= y1+margin; k++ {
		v.offY = append(v.offY, k*wh)
	}
	v.cellPx = v.cam.Scale() * unit
}

// visible reports whether a thing of half-size r world units at (x, y)
// is on screen.
func (v *View) visible(x, y, r float64) bool {
	return x+r >= v.vx0 && x-r <= v.vx1 && y+r >= v.vy0 && y-r <= v.vy1
}

// sprite queues img centred at world point (x, y), w world units wide,
// turned by angle, in every turn of the torus where it is on screen.
func (v *View) sprite(img *ebiten.Image, x, y, w, angle float64, c color.NRGBA) {
	if c.A == 0 || w <= 0 {
		return
	}
	r := img.Bounds()
	h := w * float64(r.Dy()) / float64(r.Dx())
	reach := math.Max(w, h) * 0.75
	k := v.cam.Scale()
	for _, ox := range v.offX {
		for _, oy := range v.offY {
			if !v.visible(x+ox, y+oy, reach) {
				continue
			}
			sx, sy := v.cam.ToScreen(x+ox, y+oy)
			v.batch.AddAt(img, sx, sy, w*k/float64(r.Dx()), angle, c)
		}
	}
}

// rect queues a rectangle of the atlas's white pixel, in world units, in
// every turn of the torus where it is on screen.
func (v *View) rect(x, y, w, h float64, c color.NRGBA) {
	if c.A == 0 || w <= 0 || h <= 0 {
		return
	}
	k := v.cam.Scale()
	for _, ox := range v.offX {
		for _, oy := range v.offY {
			if !v.visible(x+ox+w/2, y+oy+h/2, math.Max(w, h)/2) {
				continue
			}
			sx, sy := v.cam.ToScreen(x+ox, y+oy)
			v.batch.AddRect(v.sheet.Pixel, sx, sy, w*k, h*k, c)
		}
	}
}

// glyphs queues a number or sign from the atlas's digits, centred at world
// point (x, y), h world units high, with a dark outline for legibility.
func (v *View) glyphs(s string, x, y, h float64, c color.NRGBA) {
	gs := h / sprites.DigitHeight
	w := 0.0
	for _, r := range s {
		if img := v.sheet.Digits[r]; img != nil {
			w += float64(img.Bounds().Dx()-4) * gs
		}
	}
	shadow := render.Fade(black, float64(c.A)/255*0.8)
	for pass := range 2 {
		cx := x - w/2
		d := 0.0
		col := c
		if pass == 0 {
			d, col = h*0.07, shadow
		}
		for _, r := range s {
			img := v.sheet.Digits[r]
			if img == nil {
				continue
			}
			gw := float64(img.Bounds().Dx()-4) * gs
			v.sprite(img, cx+gw/2+d, y+d, float64(img.Bounds().Dx())*gs, 0, col)
			cx += gw
		}
	}
}

// center is the middle of cell c in world units.
func center(c aic21.Cell) (float64, float64) {
	return (float64(c.X) + 0.5) * unit, (float64(c.Y) + 0.5) * unit
}

// near moves world point (x, y) by whole turns of the torus to where it is
// closest to (rx, ry): the short way round between them.
func near(x, y, rx, ry float64, s *aic21.State) (float64, float64) {
	ww, wh := float64(s.W*unit), float64(s.H*unit)
	x -= math.Round((x-rx)/ww) * ww
	y -= math.Round((y-ry)/wh) * wh
	return x, y
}

// cellAt is the cell under a screen point, wrapped onto the map.
func (v *View) cellAt(s *aic21.State, sx, sy float64) aic21.Cell {
	wx, wy := v.cam.ToWorld(sx, sy)
	x, y := int(math.Floor(wx/unit)), int(math.Floor(wy/unit))
	return aic21.Cell{X: ((x % s.W) + s.W) % s.W, Y: ((y % s.H) + s.H) % s.H}
}

// Dispose lets go of the ground's pictures and the fog (render.Disposer).
func (v *View) Dispose() {
	for i, img := range v.ground.levels {
		if img != nil {
			img.Deallocate()
			v.ground.levels[i] = nil
		}
	}
	v.ground.kinds = nil
	if v.fog.img != nil {
		v.fog.img.Deallocate()
		v.fog.img, v.fog.of = nil, nil
	}
}
