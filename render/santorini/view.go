package santorini

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// The colours of the two players, as everywhere in Arena.
var seatColors = [2]color.NRGBA{sprites.WorkerGold.Color(), sprites.WorkerRed.Color()}

var (
	// moveGlow lights a worker's destinations: a warm white, which stands
	// out on the green grass (a green glow vanished on it); its ring has a
	// dark edge so that it reads on the white stone of a tower too.
	moveGlow  = color.NRGBA{0xff, 0xf4, 0xd6, 0xff}
	buildGlow = color.NRGBA{0x6f, 0xc8, 0xff, 0xff}
	lastMark  = color.NRGBA{0xff, 0xf0, 0xc0, 0xff}
)

// View draws Santorini frames and turns clicks into moves.
type View struct {
	// debug draws the seats' debug marks (MarkCell places them).
	debug render.DebugMarks
	// drawn is the board Draw draws, for MarkCell.
	drawn *santorini.Board
	area  image.Rectangle
	scale float64
	geo   Geometry
	sheet *sprites.Santorini
	tiers [4]tier
	in    entry
	notes notes
	// status is the status line last said, of statusKey.
	status    game.Words
	statusKey statusKey
	statusOK  bool
}

// entry is a person's half-entered move.
type entry struct {
	active bool // a person is entering a move on turn
	turn   int
	legal  []santorini.Turn
	first  santorini.Cell // placement: worker 1's cell
	from   santorini.Cell // play: the selected worker
	to     santorini.Cell // play: its chosen destination
	hover  santorini.Cell
}

// Drawn is how Santorini is drawn.
var Drawn = render.Drawn{Title: santorini.Title{}.ID(), Blurb: "The board game: climb to the third level, or leave your rival no move",
	New: func() render.View { return New() }}

// New makes a Santorini view.
func New() *View {
	v := &View{sheet: sprites.SantoriniSheet(), scale: 1}
	for l := 1; l <= 3; l++ {
		v.tiers[l] = tierOf(v.sheet.Tier[l])
	}
	v.in.reset()
	return v
}

// tier is a tower level's sprite cut in two: its top face, drawn as
// painted, and its front face, drawn squeezed to levelPx high.
type tier struct {
	face, front *ebiten.Image
}

func tierOf(img *ebiten.Image) tier {
	b := img.Bounds()
	cut := b.Max.Y - sprites.TierPx
	return tier{
		face:  img.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, cut)).(*ebiten.Image),
		front: img.SubImage(image.Rect(b.Min.X, cut, b.Max.X, b.Max.Y)).(*ebiten.Image),
	}
}

func (e *entry) reset() {
	e.first, e.from, e.to, e.hover = santorini.NoCell, santorini.NoCell, santorini.NoCell, santorini.NoCell
}

// Layout fits the board into area.
func (v *View) Layout(area image.Rectangle, scale float64) {
	v.area, v.scale = area, scale
	v.geo = BoardGeometry(area, scale)
}

// Geometry is where the board is drawn now.
func (v *View) Geometry() Geometry { return v.geo }

// SeatColor is gold for player 1 and red for player 2.
func (v *View) SeatColor(s game.Seat) color.NRGBA { return seatColors[int(s)&1] }

// bindings are the board's mouse: a move is clicks only.
var bindings = []render.Binding{
	{Names: "Click", About: "a worker, then a lit cell to move to, then a lit cell to build on"},
	{Names: "Placing", About: "click two free cells: worker 1, then worker 2"},
	{Names: "Hover", About: "shows what a click would do: a ghost worker or block"},
	{Names: "Esc · right click", About: "take back the half-entered move, one step at a time"},
}

// Bindings are the board's mouse (render.Controlled).
func (v *View) Bindings() []render.Binding { return bindings }

func board(f game.Frame) *santorini.Board {
	if b, ok := f.State.(*santorini.Board); ok {
		return b
	}
	b := santorini.NewBoard()
	return &b
}

// Status says whose turn it is and what to do, or how the game ended, in
// English (StatusWords says it for the screens).
func (v *View) Status(f game.Frame) string {
	return v.StatusWords(f).String()
}

// StatusWords is Status in words for the screens' language, the player
// named as a seat (render.StatusSayer).
func (v *View) StatusWords(f game.Frame) game.Words {
	b := board(f)
	entering := v.in.active && v.in.turn == b.Turn
	key := statusKey{b, entering, v.in.first, v.in.from, v.in.to}
	if !v.statusOK || v.statusKey != key {
		v.statusOK, v.statusKey, v.status = true, key, v.statusOf(f, b)
	}
	return v.status
}

// statusKey is what the status line says of: a frame's board, and a
// person's half-entered move on it.
type statusKey struct {
	b               *santorini.Board
	entering        bool
	first, from, to santorini.Cell
}

// statusOf is StatusWords, worked out.
func (v *View) statusOf(f game.Frame, b *santorini.Board) game.Words {
	p := game.Say("Player %d", b.Side+1)
	switch b.Phase {
	case santorini.Over:
		return game.Verdict(f, santorini.Title{}.Why(f))
	case santorini.Place1, santorini.Place2:
		if v.in.active && v.in.turn == b.Turn {
			if v.in.first == santorini.NoCell {
				return game.Say("%s: click a free cell for worker 1", p)
			}
			return game.Say("%s: worker 1 on %s; click a cell for worker 2", p, v.in.first.String())
		}
		return game.Say("%s places two workers", p)
	}
	if v.in.active && v.in.turn == b.Turn {
		switch {
		case v.in.from == santorini.NoCell:
			return game.Say("%s: click one of your workers", p)
		case v.in.to == santorini.NoCell:
			return game.Say("%s: move %s to a lit cell", p, v.in.from.String())
		default:
			return game.Say("%s: %s → %s, now build on a blue cell", p, v.in.from.String(), v.in.to.String())
		}
	}
	return game.Say("%s to move", p)
}

// Reset drops a half-entered move.
func (v *View) Reset() bool {
	had := v.in.first != santorini.NoCell || v.in.from != santorini.NoCell
	v.in.reset()
	return had
}

// Input turns clicks on the board into a move for the side to move.
func (v *View) Input(f game.Frame, _ game.Seat, p render.Pointer) (string, bool) {
	b := board(f)
	if !v.in.active || v.in.turn != b.Turn {
		v.in = entry{active: true, turn: b.Turn, legal: b.Legal()}
		v.in.reset()
	}
	c, ok := v.geo.Pick(p.X, p.Y, &b.Height)
	v.in.hover = santorini.NoCell
	if ok {
		v.in.hover = c
	}
	if p.Cancel {
		v.back()
		return "", false
	}
	if !p.Click || !ok {
		return "", false
	}
	if b.Phase == santorini.Place1 || b.Phase == santorini.Place2 {
		return v.clickPlace(b, c)
	}
	return v.clickPlay(b, c)
}

// back takes back the last part of a half-entered move.
func (v *View) back() {
	switch {
	case v.in.to != santorini.NoCell:
		v.in.to = santorini.NoCell
	case v.in.from != santorini.NoCell:
		v.in.from = santorini.NoCell
	default:
		v.in.first = santorini.NoCell
	}
}

func (v *View) clickPlace(b *santorini.Board, c santorini.Cell) (string, bool) {
	if _, _, taken := b.WorkerAt(c); taken {
		return "", false
	}
	switch v.in.first {
	case santorini.NoCell:
		v.in.first = c
	case c:
		v.in.first = santorini.NoCell
	default:
		move := v.in.first.String() + " " + c.String()
		v.in.reset()
		return move, true
	}
	return "", false
}

func (v *View) clickPlay(b *santorini.Board, c santorini.Cell) (string, bool) {
	in := &v.in
	if in.to != santorini.NoCell {
		if t, ok := v.find(in.from, in.to, c); ok {
			in.reset()
			return t.String(), true
		}
		if v.canMove(in.from, c) {
			in.to = c
			return v.finishWin()
		}
	}
	if pl, _, own := b.WorkerAt(c); own && pl == b.Side {
		if in.from == c && in.to == santorini.NoCell {
			in.from = santorini.NoCell
		} else if v.canMove(c, santorini.NoCell) {
			in.from, in.to = c, santorini.NoCell
		}
		return "", false
	}
	if in.from != santorini.NoCell && in.to == santorini.NoCell && v.canMove(in.from, c) {
		in.to = c
		return v.finishWin()
	}
	return "", false
}

// finishWin completes a move that wins at once: no build follows it.
func (v *View) finishWin() (string, bool) {
	for _, t := range v.in.legal {
		if t.From == v.in.from && t.To == v.in.to && t.Win {
			v.in.reset()
			return t.String(), true
		}
	}
	return "", false
}

// canMove reports whether the worker on from may move to to (any
// destination when to is NoCell).
func (v *View) canMove(from, to santorini.Cell) bool {
	for _, t := range v.in.legal {
		if !t.Place && t.From == from && (to == santorini.NoCell || t.To == to) {
			return true
		}
	}
	return false
}

// find returns the legal turn from→to building on build.
func (v *View) find(from, to, build santorini.Cell) (santorini.Turn, bool) {
	for _, t := range v.in.legal {
		if !t.Place && t.From == from && t.To == to && t.Build == build {
			return t, true
		}
	}
	return santorini.Turn{}, false
}

// scene is one frame's picture: heights, workers, and what moves.
type scene struct {
	height  [25]float64 // drawn height of each tower (a falling block excluded)
	workers [2][2]santorini.Cell
	// mover is animated between cells; fall is a block dropping on a cell.
	mover struct {
		player, worker int
		x, y           float64
		on             bool
	}
	fall struct {
		cell        santorini.Cell
		level       uint8
		drop, alpha float64
	}
	ghostCell  santorini.Cell // a translucent worker or block previewing a click
	ghostBlock bool
	ghostSide  int
}

// Update ends a half-entered move when nobody is to move any more.
func (v *View) Update(m *render.Moment) {
	if !m.Hint {
		v.in.active = false
	}
}

// Draw draws the board for the moment m.
func (v *View) Draw(dst *ebiten.Image, m *render.Moment) {
	cur, prev := board(m.Cur), board(m.Prev)
	var sc scene
	v.compose(&sc, cur, prev, m)
	g := v.geo
	s := v.sheet
	k := g.K
	render.Sprite(dst, s.Island, g.X, g.Y, k, k, render.White)
	for c := santorini.Cell(0); c < 25; c++ {
		x, y := g.Ground(c)
		render.Sprite(dst, s.Ground, x, y, k, k, render.White)
	}
	v.drawLastMove(dst, m, cur)
	for row := 4; row >= 0; row-- {
		for col := 0; col < 5; col++ {
			c := santorini.Cell(col*5 + row)
			v.drawTower(dst, c, &sc, m)
			v.drawHighlights(dst, c, cur, &sc, m)
			v.drawWorkerOn(dst, c, &sc, m, cur)
		}
		if sc.mover.on && rowOf(sc.mover.y, g) == row {
			v.drawWorker(dst, sc.mover.player, sc.mover.x, sc.mover.y, 1, m.Clock, false)
		}
	}
	v.drawLabels(dst)
	v.drawn = cur
	v.debug.Draw(dst.SubImage(v.area).(*ebiten.Image), m.Marks, v, v.scale)
	if m.Next != nil && m.T >= 1 {
		v.drawNotes(dst, cur, m.Next)
	}
	v.drawEnd(dst, cur, m)
}

// rowOf is the board row whose depth a worker drawn at screen y belongs to.
func rowOf(y float64, g Geometry) int {
	depth := g.CellW() * sprites.Squash
	r := 4 - int(math.Floor((y-g.Y-sprites.RimPx*sprites.Squash*g.K)/depth))
	return max(0, min(4, r))
}

// compose works out the picture of the moment: the board of the current frame
// with the step from the previous frame animated.
func (v *View) compose(sc *scene, cur, prev *santorini.Board, m *render.Moment) {
	for i, h := range cur.Height {
		sc.height[i] = float64(h)
	}
	sc.workers = cur.Workers
	sc.fall.cell, sc.ghostCell = santorini.NoCell, santorini.NoCell
	t := m.T
	if t < 1 {
		for _, e := range m.Cur.Events {
			switch d := e.Data.(type) {
			case santorini.Moved:
				v.composeMove(sc, d, t)
			case santorini.Built:
				// The block drops in the second part of the step.
				bt := render.Clamp01((t - 0.5) / 0.5)
				sc.height[d.Cell] = float64(prev.Height[d.Cell])
				sc.fall.cell, sc.fall.level = d.Cell, d.Level
				sc.fall.drop = (1 - render.EaseOutBounce(bt)) * 0.8 * v.geo.CellW()
				sc.fall.alpha = render.Clamp01(bt * 6)
			case santorini.Placed:
				sc.mover.on = false
			}
		}
	}
	v.composeGhost(sc, cur, m)
}

func (v *View) composeMove(sc *scene, d santorini.Moved, t float64) {
	mt := render.Ease(t / 0.5)
	x0, y0 := v.geo.Center(d.From, float64(d.FromHeight))
	x1, y1 := v.geo.Center(d.To, float64(d.ToHeight))
	hop := math.Sin(mt*math.Pi) * (0.35*v.geo.CellW() + math.Abs(float64(d.ToHeight)-float64(d.FromHeight))*levelPx*v.geo.K*0.5)
	sc.mover.on = true
	sc.mover.player, sc.mover.worker = d.Player, d.Worker
	sc.mover.x, sc.mover.y = x0+(x1-x0)*mt, y0+(y1-y0)*mt-hop
	sc.workers[d.Player][d.Worker] = santorini.NoCell
}

// composeGhost previews what the hovered click would do.
func (v *View) composeGhost(sc *scene, cur *santorini.Board, m *render.Moment) {
	in := &v.in
	if !m.Hint || !in.active || in.turn != cur.Turn || in.hover == santorini.NoCell {
		return
	}
	sc.ghostSide = cur.Side
	switch {
	case cur.Phase == santorini.Place1 || cur.Phase == santorini.Place2:
		if _, _, taken := cur.WorkerAt(in.hover); !taken && in.hover != in.first {
			sc.ghostCell = in.hover
		}
	case in.to != santorini.NoCell:
		if _, ok := v.find(in.from, in.to, in.hover); ok {
			sc.ghostCell, sc.ghostBlock = in.hover, true
		}
	case in.from != santorini.NoCell:
		if v.canMove(in.from, in.hover) {
			sc.ghostCell = in.hover
		}
	}
}

func (v *View) drawTower(dst *ebiten.Image, c santorini.Cell, sc *scene, m *render.Moment) {
	// Levels are drawn low enough (levelPx) that even a dome never reaches
	// the feet of a worker on the cell behind: no tower needs to be
	// see-through.
	h := int(sc.height[c])
	for l := 1; l <= min(h, 3); l++ {
		v.drawTier(dst, c, l, 0, 1)
	}
	if h == 4 {
		v.drawDome(dst, c, 0, 1)
	}
	if sc.fall.cell == c {
		if sc.fall.level == 4 {
			v.drawDome(dst, c, sc.fall.drop, sc.fall.alpha)
		} else {
			v.drawTier(dst, c, int(sc.fall.level), sc.fall.drop, sc.fall.alpha)
		}
	}
	if sc.ghostCell == c && sc.ghostBlock {
		a := 0.45 + 0.15*math.Sin(m.Clock*5)
		if h >= 3 {
			v.drawDome(dst, c, 0, a)
		} else {
			v.drawTier(dst, c, h+1, 0, a)
		}
	}
}

// drawTier draws tower level l on cell c, lifted by drop pixels.
func (v *View) drawTier(dst *ebiten.Image, c santorini.Cell, l int, drop, alpha float64) {
	t := v.tiers[l]
	k := v.geo.K
	w := float64(t.face.Bounds().Dx()) * k
	x, y := v.geo.Center(c, float64(l))
	y -= w*sprites.Squash/2 + drop
	clr := render.Fade(render.White, alpha)
	render.Sprite(dst, t.front, x-w/2, y+float64(t.face.Bounds().Dy())*k, k, k*tierRise, clr)
	render.Sprite(dst, t.face, x-w/2, y, k, k, clr)
}

func (v *View) drawDome(dst *ebiten.Image, c santorini.Cell, drop, alpha float64) {
	img := v.sheet.Dome
	k := v.geo.K
	w := float64(img.Bounds().Dx()) * k
	x, y := v.geo.Center(c, 3)
	render.Sprite(dst, img, x-w/2, y-(sprites.DomeBase+1)*k-drop, k, k, render.Fade(render.White, alpha))
}

// topFace draws a top-face sprite (an outline or a fill) on cell c at height h.
func (v *View) topFace(dst, img *ebiten.Image, c santorini.Cell, h float64, clr color.NRGBA) {
	v.topFaceScaled(dst, img, c, h, 1, clr)
}

// topFaceScaled is topFace made size times as large.
func (v *View) topFaceScaled(dst, img *ebiten.Image, c santorini.Cell, h, size float64, clr color.NRGBA) {
	x, y := v.geo.Center(c, h)
	w := v.geo.CellW() * 0.86 * size
	if h >= 1 {
		w = v.geo.CellW() * sprites.TierWidth[min(int(h), 3)] * 0.9 * size
	}
	s := w / float64(img.Bounds().Dx())
	render.Sprite(dst, img, x-w/2, y-w*sprites.Squash/2, s, s, clr)
}

// ring outlines cell c's top face at height h in clr over a dark edge, so
// that it reads on grass and on stone alike.
func (v *View) ring(dst *ebiten.Image, c santorini.Cell, h float64, clr color.NRGBA) {
	v.topFaceScaled(dst, v.sheet.Cell, c, h, 1.05, render.Fade(render.Night, 0.75*float64(clr.A)/255))
	v.topFace(dst, v.sheet.Cell, c, h, clr)
	v.topFace(dst, v.sheet.Cell, c, h, clr)
}

// drawHighlights lights the cells a person may click.
func (v *View) drawHighlights(dst *ebiten.Image, c santorini.Cell, cur *santorini.Board, sc *scene, m *render.Moment) {
	in := &v.in
	if !m.Hint || !in.active || in.turn != cur.Turn || m.T < 1 {
		return
	}
	h := sc.height[c]
	pulse := 0.55 + 0.25*math.Sin(m.Clock*4)
	s := v.sheet
	switch {
	case cur.Phase == santorini.Place1 || cur.Phase == santorini.Place2:
		if _, _, taken := cur.WorkerAt(c); !taken && c != in.first {
			v.ring(dst, c, h, render.Fade(moveGlow, 0.55))
		}
	case in.to != santorini.NoCell:
		if _, ok := v.find(in.from, in.to, c); ok {
			v.topFace(dst, s.Fill, c, h, render.Fade(buildGlow, 0.28*pulse))
			v.ring(dst, c, h, render.Fade(buildGlow, 0.6+0.5*pulse))
		}
	case in.from != santorini.NoCell:
		if v.canMove(in.from, c) {
			v.topFace(dst, s.Fill, c, h, render.Fade(moveGlow, 0.25+0.25*pulse))
			v.ring(dst, c, h, render.Fade(moveGlow, 0.6+0.5*pulse))
		}
		if c == in.from {
			v.topFace(dst, s.Cell, c, h, render.Fade(render.Accent, 0.9))
		}
	default:
		if pl, _, ok := cur.WorkerAt(c); ok && pl == cur.Side && v.canMove(c, santorini.NoCell) {
			v.topFace(dst, s.Cell, c, h, render.Fade(render.Accent, pulse))
		}
	}
	if c == in.hover {
		v.topFace(dst, s.Cell, c, h, render.Fade(render.White, 0.5))
	}
}

// drawWorkerOn draws the worker standing on cell c, if any, and ghosts.
func (v *View) drawWorkerOn(dst *ebiten.Image, c santorini.Cell, sc *scene, m *render.Moment, cur *santorini.Board) {
	in := &v.in
	entering := m.Hint && in.active && in.turn == cur.Turn
	for p := 0; p < 2; p++ {
		for w := 0; w < 2; w++ {
			if sc.workers[p][w] != c {
				continue
			}
			if entering && in.to != santorini.NoCell && c == in.from {
				// The selected worker has (in the person's mind) moved on.
				x, y := v.geo.Center(c, math.Min(sc.height[c], 3))
				v.drawWorker(dst, p, x, y, 0.3, m.Clock, false)
				continue
			}
			x, y := v.geo.Center(c, math.Min(sc.height[c], 3))
			y -= v.placeDrop(m, p)
			idle := cur.Phase != santorini.Over && p == cur.Side && m.T >= 1
			v.drawWorker(dst, p, x, y, 1, m.Clock, idle)
		}
	}
	if entering && in.to == c {
		x, y := v.geo.Center(c, math.Min(sc.height[c], 3))
		v.drawWorker(dst, cur.Side, x, y, 1, m.Clock, false)
	}
	if entering && in.first == c {
		x, y := v.geo.Center(c, 0)
		v.drawWorker(dst, cur.Side, x, y, 0.8, m.Clock, true)
	}
	if sc.ghostCell == c && !sc.ghostBlock {
		x, y := v.geo.Center(c, math.Min(sc.height[c], 3))
		v.drawWorker(dst, sc.ghostSide, x, y, 0.45, m.Clock, false)
	}
}

// placeDrop is how high above its cell a worker being placed still is.
func (v *View) placeDrop(m *render.Moment, player int) float64 {
	if m.T >= 1 {
		return 0
	}
	for _, e := range m.Cur.Events {
		if d, ok := e.Data.(santorini.Placed); ok && d.Player == player {
			return (1 - render.EaseOutBounce(m.T)) * 1.5 * v.geo.CellW()
		}
	}
	return 0
}

// drawWorker draws a worker with its feet at (x, y).
func (v *View) drawWorker(dst *ebiten.Image, player int, x, y, alpha, clock float64, idle bool) {
	s := v.sheet
	k := v.geo.K
	sw := float64(s.Shadow.Bounds().Dx()) * k
	render.Sprite(dst, s.Shadow, x-sw/2, y-sw*sprites.Squash/2, k, k, render.Fade(render.White, alpha))
	if idle {
		y -= (1 + math.Sin(clock*3.2)) * 2.5 * k * 4
	}
	img := s.Worker[player]
	w, h := float64(img.Bounds().Dx())*k, float64(img.Bounds().Dy())*k
	render.Sprite(dst, img, x-w/2, y-h+12*k, k, k, render.Fade(render.White, alpha))
}

// drawLastMove marks the step that led to the current frame: where the
// worker came from and the block it built.
func (v *View) drawLastMove(dst *ebiten.Image, m *render.Moment, cur *santorini.Board) {
	if m.T < 1 {
		return
	}
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case santorini.Moved:
			v.topFace(dst, v.sheet.Cell, d.From, 0, render.Fade(seatColors[d.Player], 0.55))
			if cur.Height[d.From] == 0 {
				v.topFace(dst, v.sheet.Fill, d.From, 0, render.Fade(seatColors[d.Player], 0.12))
			}
		}
	}
}

// drawLabels writes the columns A-E under the board and the rows 1-5 beside it.
func (v *View) drawLabels(dst *ebiten.Image) {
	g := v.geo
	size := math.Max(11, 0.13*g.CellW())
	for col := 0; col < 5; col++ {
		x, y := g.Ground(santorini.Cell(col * 5))
		render.Text(dst, colNames[col], render.Bold, size, x+g.CellW()/2,
			y+g.CellW()*sprites.Squash+(sprites.RimPx*sprites.Squash+sprites.CliffPx)*g.K+4*v.scale, render.InkDim, render.Center)
	}
	for row := 0; row < 5; row++ {
		x, y := g.Ground(santorini.Cell(row))
		render.Text(dst, rowNames[row], render.Bold, size, x-sprites.RimPx*g.K-12*v.scale,
			y+g.CellW()*sprites.Squash/2-size*0.65, render.InkDim, render.Center)
	}
}

// The board's columns and rows, as its cells are named.
var (
	colNames = [5]string{"A", "B", "C", "D", "E"}
	rowNames = [5]string{"1", "2", "3", "4", "5"}
)

// candidate is one move a computer weighed, with its value.
type candidate struct {
	from, to, build santorini.Cell
	value           float64
}

// notes are a computer's notes on its candidate moves as the board shows
// them, worked out once for the frame they are about.
type notes struct {
	// of is the board, the chosen move and the number of values they were
	// worked out for.
	of     *santorini.Board
	chosen string
	n      int
	// from, to and build are the chosen move, NoCell where it has none;
	// chips the values, on the destinations, then on the builds of the
	// chosen destination.
	from, to, build santorini.Cell
	chips           []chip
}

// chip is a value on a cell's top face, dx cell-widths right of its
// middle, framed in edge: the best value gold, the chosen one's frame
// full.
type chip struct {
	cell         santorini.Cell
	text         string
	dx           float64
	best, chosen bool
	edge         color.NRGBA
}

// notesOf are the notes of the move after cur that next holds, worked out
// again only when they are another frame's.
func (v *View) notesOf(cur *santorini.Board, next *game.Frame) *notes {
	seat := game.Seat(cur.Side)
	values := next.Notes[seat].Values
	nt := &v.notes
	if nt.of == cur && nt.chosen == next.Moves[seat] && nt.n == len(values) {
		return nt
	}
	*nt = notes{of: cur, chosen: next.Moves[seat], n: len(values), from: santorini.NoCell, to: santorini.NoCell, build: santorini.NoCell}
	var cands []candidate
	for mv, val := range values {
		f := strings.Fields(mv)
		if len(f) < 2 {
			continue
		}
		c := candidate{from: cell(f[0]), to: cell(f[1]), build: santorini.NoCell, value: val}
		if len(f) == 3 {
			c.build = cell(f[2])
		}
		if c.from == santorini.NoCell || c.to == santorini.NoCell {
			continue
		}
		cands = append(cands, c)
	}
	if len(cands) == 0 {
		return nt
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].value > cands[j].value })
	best := cands[0].value
	chosen := strings.Fields(nt.chosen)
	if len(chosen) >= 2 {
		nt.from, nt.to = cell(chosen[0]), cell(chosen[1])
	}
	if len(chosen) == 3 {
		nt.build = cell(chosen[2])
	}
	dest := map[santorini.Cell]float64{}
	for _, c := range cands {
		if old, ok := dest[c.to]; !ok || c.value > old {
			dest[c.to] = c.value
		}
	}
	for c := santorini.Cell(0); c < 25; c++ {
		if val, ok := dest[c]; ok {
			nt.chips = append(nt.chips, chip{cell: c, text: formatValue(val), dx: -0.2, best: val == best, chosen: c == nt.to, edge: moveGlow})
		}
	}
	for _, c := range cands {
		if c.from == nt.from && c.to == nt.to && c.build != santorini.NoCell {
			nt.chips = append(nt.chips, chip{cell: c.build, text: formatValue(c.value), dx: 0.2, best: c.value == best, chosen: c.build == nt.build, edge: buildGlow})
		}
	}
	return nt
}

// drawNotes writes on the board the values the computer gave its candidate
// moves before playing the next move: on each destination (front left, with a
// light edge) the best value of a move there, and on the build cells of the
// chosen destination (front right, blue edge) each build's value. The best
// value is gold; the chosen move is drawn as a path.
func (v *View) drawNotes(dst *ebiten.Image, cur *santorini.Board, next *game.Frame) {
	if cur.Phase != santorini.Play {
		return
	}
	nt := v.notesOf(cur, next)
	if len(nt.chips) == 0 {
		return
	}
	// The chosen move: the worker's path and the build.
	if nt.from != santorini.NoCell && nt.to != santorini.NoCell {
		x0, y0 := v.geo.Center(nt.from, math.Min(float64(cur.Height[nt.from]), 3))
		x1, y1 := v.geo.Center(nt.to, math.Min(float64(cur.Height[nt.to]), 3))
		render.Line(dst, x0, y0, x1, y1, 4*v.scale, render.Fade(render.Accent, 0.8))
		render.Disc(dst, x1, y1, 7*v.scale, render.Accent)
		if nt.build != santorini.NoCell {
			v.topFace(dst, v.sheet.Cell, nt.build, math.Min(float64(cur.Height[nt.build]), 3), render.Fade(buildGlow, 0.9))
		}
	}
	for i := range nt.chips {
		v.chip(dst, &nt.chips[i], cur)
	}
}

func cell(s string) santorini.Cell {
	c, ok := santorini.ParseCell(s)
	if !ok {
		return santorini.NoCell
	}
	return c
}

// chip draws a value at the front of its cell's top face on board b.
func (v *View) chip(dst *ebiten.Image, ch *chip, b *santorini.Board) {
	x, y := v.geo.Center(ch.cell, math.Min(float64(b.Height[ch.cell]), 3))
	x += ch.dx * v.geo.CellW()
	y += 0.19 * v.geo.CellW()
	text, best, edge := lang.Digits(lang.T(ch.text)), ch.best, ch.edge
	size := math.Max(11, 0.12*v.geo.CellW())
	w, _ := render.Measure(text, render.Bold, size)
	r := image.Rect(int(x-w/2-7*v.scale), int(y-size*0.72), int(x+w/2+7*v.scale), int(y+size*0.78))
	bg, ink := color.NRGBA{0x10, 0x18, 0x2a, 0xe6}, render.Ink
	if best {
		bg, ink = render.Accent, render.AccentInk
	}
	frame := render.Fade(edge, 0.7)
	if ch.chosen {
		frame = edge
	}
	render.Panel(dst, r.Inset(-int(2*v.scale)), size*0.6, frame)
	render.Panel(dst, r, size*0.5, bg)
	render.Text(dst, text, render.Bold, size, x, y-size*0.62, ink, render.Center)
}

// formatValue writes an evaluation compactly; a found win or loss is a word.
func formatValue(v float64) string {
	switch {
	case v >= 900000:
		return "WIN"
	case v <= -900000:
		return "LOSS"
	case math.Abs(v) >= 100:
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// drawEnd celebrates the winner: light rises from the winning workers (the
// viewer's banner names the winner).
func (v *View) drawEnd(dst *ebiten.Image, cur *santorini.Board, m *render.Moment) {
	if cur.Phase != santorini.Over || m.T < 1 {
		return
	}
	win := cur.Winner - 1
	for _, c := range cur.Workers[win] {
		if c == santorini.NoCell {
			continue
		}
		x, y := v.geo.Center(c, math.Min(float64(cur.Height[c]), 3))
		pulse := 0.7 + 0.3*math.Sin(m.Clock*3)
		render.Glow(dst, x, y-0.4*v.geo.CellW(), v.geo.CellW()*(0.8+0.2*pulse), render.Fade(seatColors[win], 0.45))
		// Sparks rising around the worker.
		for i := 0; i < 12; i++ {
			fi := float64(i)
			t := math.Mod(m.Clock*0.6+fi*0.37, 1)
			sx := x + math.Sin(fi*2.1+m.Clock)*0.35*v.geo.CellW()
			sy := y - t*1.4*v.geo.CellW()
			render.Disc(dst, sx, sy, (1-t)*4*v.scale+1, render.Fade(lastMark, 1-t))
		}
	}
	loser := 1 - win
	if cur.Reason == "nomoves" || cur.Reason == "forfeit" {
		for _, c := range cur.Workers[loser] {
			if c != santorini.NoCell {
				x, y := v.geo.Center(c, math.Min(float64(cur.Height[c]), 3))
				render.Glow(dst, x, y-0.3*v.geo.CellW(), 0.6*v.geo.CellW(), render.Fade(color.NRGBA{0, 0, 0, 0xff}, 0.5))
			}
		}
	}
}
