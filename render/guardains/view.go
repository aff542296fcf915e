// Package guardains draws GuardAIns: a maze of up to 200x200 cells drawn
// from pre-rendered chunks at any zoom, the ten guardians each as its own
// figure, the power stone and the special cells, fog of war for either
// player or none, a minimap, and a person's orders for the simultaneous
// hotseat.
package guardains

import (
	"encoding/json"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// The teams' colours.
var teamColors = [2]color.NRGBA{sprites.GuardBlue.Color(), sprites.GuardOrange.Color()}

var (
	white     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	stoneGlow = color.NRGBA{0xc0, 0x6a, 0xff, 0xff}
	hurt      = color.NRGBA{0xff, 0x50, 0x50, 0xff}
	good      = color.NRGBA{0x6a, 0xe8, 0x8a, 0xff}
)

// unit is the size of a cell in world units.
const unit = sprites.GuardCell

// Fog modes: the whole game, or what one seat knows.
const (
	godView = 0
)

// View draws GuardAIns frames.
type View struct {
	// debug draws the seats' debug marks (MarkCell places them).
	debug render.DebugMarks
	// drawn is the state Draw draws, for MarkCell.
	drawn *guardains.State
	area  image.Rectangle
	scale float64
	cam   render.Camera
	sheet *sprites.GuardAIns
	maze  mazePicture
	fog   fogLayer
	mini  minimap
	batch render.Batch
	// marks are the guardians' markers at low zoom, over the maze.
	marks render.Markers
	// mode is the fog shown when nobody is entering orders: godView, or a
	// seat's view (1, 2); chosen is set once someone picks it with a key.
	mode   int
	chosen bool
	// people are the seats people play in a live match (Moment.People).
	people uint8
	// lastMode and lastPrivate are the fog and the curtain of the frame
	// drawn last, for Sight.
	lastMode    int
	lastPrivate bool
	scratch     ebiten.GeoM
	in          orders
	look        render.Look
	// crowd and placed are drawGuardians' counts of guardians by cell.
	crowd, placed map[guardains.Cell]int
	status        statusMemo
}

// Drawn is how GuardAIns is drawn.
var Drawn = render.Drawn{Title: guardains.Title{}.ID(), Blurb: "Five guardians against five in a maze: find the power stone, carry it home",
	New: func() render.View { return New() }}

// New makes a GuardAIns view.
func New() *View {
	return &View{sheet: sprites.GuardSheet(), scale: 1}
}

// Layout gives the view its area.
func (v *View) Layout(area image.Rectangle, scale float64) {
	v.area, v.scale = area, scale
	v.cam.SetArea(area)
}

// Zoom, Pan and Fit move the camera (render.Navigator).
func (v *View) Zoom(f, x, y float64) { v.cam.Zoom(f, x, y) }

// Pan drags the maze by (dx, dy) pixels.
func (v *View) Pan(dx, dy float64) { v.cam.Pan(dx, dy) }

// Fit shows the whole maze.
func (v *View) Fit() { v.cam.Fit() }

// Camera is the view's camera (render.Mapped).
func (v *View) Camera() *render.Camera { return &v.cam }

// Spot is the middle of cell (x, y) in world units.
func (v *View) Spot(c [2]int) (float64, float64) { return center(guardains.Cell{X: c[0], Y: c[1]}) }

// CellSize is a cell's size in world units.
func (v *View) CellSize() float64 { return unit }

// SeatColor is the team's colour.
func (v *View) SeatColor(s game.Seat) color.NRGBA { return teamColors[int(s)&1] }

// The actions of the board's keys: the fog shown, the next guardian, the
// order sent.
const (
	actWhole = iota
	actPlayer1
	actPlayer2
	actNextGuardian
	actReady
)

// bindings are the board's mouse and keys.
var bindings = []render.Binding{
	{Keys: []ebiten.Key{ebiten.KeyG}, Act: actWhole, While: render.Watching, Names: "G · 1 · 2", About: "fog of war: the whole game, player 1's view, player 2's view (not while people play)"},
	{Keys: []ebiten.Key{ebiten.KeyDigit1, ebiten.KeyNumpad1}, Act: actPlayer1, While: render.Watching},
	{Keys: []ebiten.Key{ebiten.KeyDigit2, ebiten.KeyNumpad2}, Act: actPlayer2, While: render.Watching},
	{Names: "Drag · wheel", About: "pan · zoom; + − zoom too, the window's edge pans"},
	{Names: "Point at a cell", About: "a card: the guardians there with health and special, the stone, the cell's kind"},
	{Names: "Your turn", About: "pick a guardian (Tab: the next), then Move, Attack or Special, click a lit cell, Ready (Enter); Hold stays put"},
	{Keys: []ebiten.Key{ebiten.KeyTab}, Act: actNextGuardian, While: render.Moving},
	{Keys: []ebiten.Key{ebiten.KeyEnter, ebiten.KeyNumpadEnter}, Act: actReady, While: render.Moving},
}

// Bindings are the board's mouse and keys (render.Controlled).
func (v *View) Bindings() []render.Binding { return bindings }

// Act switches the fog when nobody is entering orders (render.Actor).
// While people play a live match, the fog stays theirs: a key shows no
// more.
func (v *View) Act(act int) {
	if v.people != 0 {
		return
	}
	switch act {
	case actWhole:
		v.mode, v.chosen = godView, true
	case actPlayer1:
		v.mode, v.chosen = 1, true
	case actPlayer2:
		v.mode, v.chosen = 2, true
	}
}

// state is the frame's guardains.State, nil for another title's.
func state(f game.Frame) *guardains.State { return render.StateOf[guardains.State](f) }

// Status says what the round is and how the game stands, in English
// (StatusWords says it for the screens).
func (v *View) Status(f game.Frame) string { return v.StatusWords(f).String() }

// StatusWords is Status in words for the screens' language, the players
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
	o := &v.in
	key := statusKey{s, v.shownMode(s), hint.Format, o.seat, o.hero, o.kind, o.target}
	if !v.status.ok || v.status.key != key {
		v.status.ok, v.status.key, v.status.words = true, key, statusOf(f, s, key.mode, hint)
	}
	return v.status.words
}

// statusOf is StatusWords, worked out.
func statusOf(f game.Frame, s *guardains.State, mode int, hint game.Words) game.Words {
	if s.Over {
		return game.Verdict(f, guardains.Title{}.Why(f))
	}
	w := game.Say("%s · %s", game.Say("Round %d of %d", s.Round, s.Rules().Rounds), fogWords(mode))
	if c := s.Carrier(); c != nil && (mode == godView || mode == c.Seat || visible(s, mode, c.Pos)) {
		w = game.Say("%s · %s", w, game.Say("%s's %s carries the stone", game.Say("Player %d", c.Seat), c.Hero.String()))
	}
	if hint.Format != "" {
		w = game.Say("%s · %s", w, hint)
	}
	return w
}

// fogWords is the fog of mode in words: the whole game, or a player's
// view with the player as a seat.
func fogWords(mode int) game.Words {
	if mode == godView {
		return game.Say("the whole game")
	}
	return game.Say("%s's view", game.Say("player %d", mode))
}

// statusMemo is the status line last worked out, and what it says of.
type statusMemo struct {
	ok    bool
	key   statusKey
	words game.Words
}

// statusKey is what the status line says of: a frame's state, the fog
// shown, the hint to the person giving orders ("" for none) and the
// order it says.
type statusKey struct {
	s      *guardains.State
	mode   int
	hint   string
	seat   int
	hero   guardains.Hero
	kind   int
	target guardains.Cell
}

// shownMode is the fog being shown: a seat's state (a seat's stream, a
// recorded player's transcript, a person's seat at the hotseat) shows
// what that seat saw; a person entering orders sees only their own seat's
// view, and so does a person playing a bot, unless someone picks a view
// with a key; the end shows the whole game.
func (v *View) shownMode(s *guardains.State) int {
	o := &v.in
	switch {
	case s.Observer != 0:
		return s.Observer // a seat's knowledge: nothing more to show
	case o.active:
		return o.seat
	case v.people != 0 && !s.Over:
		if p := o.hand.Person(); p != 0 {
			return p
		}
		if v.people == 1 || v.people == 2 {
			return int(v.people)
		}
		return godView // behind the curtain
	case v.chosen:
		return v.mode
	case !s.Over && o.hand.Person() != 0:
		return o.hand.Person()
	}
	return v.mode
}

// private reports whether the board stays behind the curtain between the
// orders of two people at one machine, so neither sees the other's side.
func (v *View) private(s *guardains.State) bool {
	return (v.in.hand.Both() || v.people == 3) && !s.Over
}

// Sight is whose knowledge the view shows (render.Sighted): a seat's,
// everything, or nothing private while the controls pass between two
// people.
func (v *View) Sight() game.Seat {
	switch {
	case v.in.active && v.in.hand.Curtain, !v.in.active && v.lastPrivate:
		return game.NoSeat
	case v.lastMode == godView:
		return game.AllSeats
	}
	return game.Seat(v.lastMode - 1)
}

// world is the world-to-screen transform of this frame.
func (v *View) world() ebiten.GeoM { return v.cam.GeoM() }

// center is the middle of cell c in world units.
func center(c guardains.Cell) (float64, float64) {
	return (float64(c.X) + 0.5) * unit, (float64(c.Y) + 0.5) * unit
}

// Update takes the moment: the camera eases to its clock over the maze,
// and the fog shown is chosen.
func (v *View) Update(m *render.Moment) {
	cur := state(m.Cur)
	if cur == nil {
		return
	}
	if !m.Hint {
		v.in.active = false
	}
	v.people = m.People
	v.in.hand.Update(m, v.in.active)
	v.cam.SetWorld(0, 0, float64(cur.W()*unit), float64(cur.H()*unit))
	// A big maze lets the camera come close: a cell up to 96 px.
	v.cam.SetMaxZoom(max(12, float64(max(cur.W(), cur.H()))*96/float64(max(1, min(v.area.Dx(), v.area.Dy())))))
	v.cam.Tick(m.Clock)
	v.lastMode, v.lastPrivate = v.shownMode(cur), v.private(cur)
	v.placeMinimap(cur, v.lastMode)
}

// Draw draws the moment.
func (v *View) Draw(dst *ebiten.Image, m *render.Moment) {
	cur, prev := state(m.Cur), state(m.Prev)
	if cur == nil {
		return
	}
	if prev == nil || prev.Maze.W != cur.Maze.W {
		prev = cur
	}
	m = v.in.hand.Replay(m)
	mode := v.lastMode
	board := dst.SubImage(v.area).(*ebiten.Image) // what is zoomed in stays in the area
	v.drawMaze(board, cur)
	v.fog.draw(board, cur, mode, &v.cam)
	b := &v.batch
	b.Begin(v.sheet.Atlas)
	v.marks.Begin()
	v.drawCells(cur, mode, m)
	v.drawLook(cur)
	v.drawOrders(cur, m)
	v.drawGuardians(cur, prev, mode, m)
	v.drawEffects(cur, prev, mode, m)
	b.Flush(board)
	v.marks.Flush(board)
	v.drawn = cur
	v.debug.Draw(board, m.Marks, v, v.scale)
	v.mini.draw(dst, v, cur, mode)
	v.drawCard(dst, cur, mode)
	v.drawOrderPanel(dst, cur, m)
	v.drawCurtain(dst, m)
}

// drawMaze draws the part of the maze that is on screen, at the level of
// detail that suits the zoom: for a seat's state, only what the seat has
// seen of it. Zoomed out, the chunks fade into the maze's blocks.
func (v *View) drawMaze(dst *ebiten.Image, s *guardains.State) {
	cell := v.cam.Scale() * unit
	blocks := max(0, min(1, (blockCell+1-cell)/2))
	if blocks < 1 {
		v.drawChunks(dst, s, cell)
	}
	if blocks > 0 {
		var op ebiten.DrawImageOptions
		op.Filter = ebiten.FilterLinear
		op.GeoM.Scale(unit/2, unit/2)
		op.GeoM.Concat(v.world())
		op.ColorScale.Scale(blockTint[0], blockTint[1], blockTint[2], 1)
		op.ColorScale.ScaleAlpha(float32(blocks))
		dst.DrawImage(v.mini.picture(chartOf(s)), &op)
	}
}

// drawChunks draws the maze's chunks on screen, at the level of detail of
// cells cell screen pixels wide.
func (v *View) drawChunks(dst *ebiten.Image, s *guardains.State, cell float64) {
	v.maze.reset(s.Maze, v.sheet)
	level := 0
	if cell < 8 {
		level = 1
	}
	wx0, wy0, wx1, wy1 := v.cam.Visible()
	x0, y0 := max(0, int(wx0/unit)), max(0, int(wy0/unit))
	x1, y1 := min(s.W(), int(wx1/unit)+1), min(s.H(), int(wy1/unit)+1)
	if x0 >= x1 || y0 >= y1 {
		return
	}
	// Whole chunks: the part of the picture drawn changes only when the
	// camera crosses a chunk's edge (a part is a sub-image, made once).
	x0, y0 = x0/chunkCells*chunkCells, y0/chunkCells*chunkCells
	x1, y1 = min(s.W(), (x1+chunkCells-1)/chunkCells*chunkCells), min(s.H(), (y1+chunkCells-1)/chunkCells*chunkCells)
	px := float64(detail[level])
	var op ebiten.DrawImageOptions
	op.Filter = ebiten.FilterLinear
	op.GeoM.Scale(unit/px, unit/px)
	op.GeoM.Translate(float64(x0*unit), float64(y0*unit))
	op.GeoM.Concat(v.world())
	dst.DrawImage(v.maze.image(chartOf(s), level, x0, y0, x1, y1), &op)
}

// sprite queues img centred at world point (x, y), k cells wide, turned by
// angle.
func (v *View) sprite(img *ebiten.Image, x, y, k, angle float64, c color.NRGBA) {
	t := &v.scratch
	t.Reset()
	r := img.Bounds()
	s := k * unit / float64(r.Dx())
	t.Translate(-float64(r.Dx())/2, -float64(r.Dy())/2)
	t.Scale(s, s)
	if angle != 0 {
		t.Rotate(angle)
	}
	t.Translate(x, y)
	t.Concat(v.world())
	v.batch.Add(img, t, c)
}

// rect queues a rectangle from the atlas's white pixel, in world units.
func (v *View) rect(x, y, w, h float64, c color.NRGBA) {
	sx, sy := v.cam.ToScreen(x, y)
	k := v.cam.Scale()
	v.batch.AddRect(v.sheet.Pixel, sx, sy, w*k, h*k, c)
}

// seen reports whether the cell is shown in a fog mode.
func seen(s *guardains.State, mode int, c guardains.Cell) bool {
	return mode == godView || s.Seen[mode-1].Has(c)
}

// visible reports whether the cell is in view this round in a fog mode.
func visible(s *guardains.State, mode int, c guardains.Cell) bool {
	return mode == godView || s.Visible[mode-1].Has(c)
}

// drawCells draws the bases, the special cells a seat has seen, and the
// stone where it is known.
func (v *View) drawCells(s *guardains.State, mode int, m *render.Moment) {
	sh := v.sheet
	for i, base := range s.Bases {
		if !s.Maze.In(base) {
			continue // a base a recorded player never saw
		}
		x, y := center(base)
		v.sprite(sh.Glow, x, y, 3, 0, render.Fade(teamColors[i], 0.35))
		v.sprite(sh.Base, x, y, 1.2, 0, teamColors[i])
	}
	for c, k := range s.Kinds {
		if !seen(s, mode, c) {
			continue
		}
		x, y := center(c)
		phase := float64(c.X*7+c.Y*13) * 0.1
		switch k {
		case guardains.Teleporter:
			v.sprite(sh.Teleporter, x, y, 1.1, m.Clock*1.5+phase, white)
		case guardains.HealPoint:
			v.sprite(sh.Glow, x, y, 1.6, 0, render.Fade(good, 0.3+0.15*math.Sin(m.Clock*3+phase)))
			v.sprite(sh.HealPoint, x, y, 0.9, 0, white)
		case guardains.Clue:
			v.sprite(sh.Clue, x, y+math.Sin(m.Clock*2+phase)*2, 0.9, 0, white)
		case guardains.Beast:
			v.sprite(sh.Beast, x, y, 1.0, math.Sin(m.Clock*4+phase)*0.08, white)
		}
	}
	// The stone: on its carrier, or where it lies; a seat sees it where its
	// guardians see.
	if c := s.Carrier(); c == nil && visible(s, mode, s.Stone) {
		x, y := center(s.Stone)
		if w := v.markWeight(); w > 0 {
			sx, sy := v.cam.ToScreen(x, y)
			v.marks.Token(sprites.MarkDiamond, sx, sy, render.MarkerSize*v.scale, stoneGlow, w)
		}
		pulse := 0.8 + 0.2*math.Sin(m.Clock*3)
		v.sprite(sh.Glow, x, y, 2.4*pulse, 0, render.Fade(stoneGlow, 0.6))
		v.sprite(sh.Stone, x, y, 0.9, math.Sin(m.Clock)*0.2, white)
	}
}

// MoveLabel writes an action shortly (render.MoveLabeler): the guardian,
// → for a move, × for an attack, » for a special, and the target, as
// "Gamora→3,4", also for an action the rules refused (a target off the
// board); a move it cannot read at all stays as it came.
func (v *View) MoveLabel(s game.Seat, move string) string {
	var a struct {
		Type     string `json:"action_type"`
		Troop    string `json:"troop"`
		Guardian string `json:"guardian"`
		Target   string `json:"target"`
	}
	if p, err := guardains.ParseAction(move, math.MaxInt32, math.MaxInt32, false, int(s)+1, 0); err == nil {
		a.Type, a.Troop, a.Target = p.Type, p.Hero.String(), strconv.Itoa(p.Target.X)+","+strconv.Itoa(p.Target.Y)
	} else if json.Unmarshal([]byte(move), &a) != nil || a.Type == "" {
		return move
	}
	verb, ok := map[string]string{guardains.Move: "→", guardains.Attack: "×", guardains.Special: "»"}[a.Type]
	if !ok {
		return move
	}
	hero := a.Troop
	if hero == "" {
		hero = a.Guardian
	}
	return hero + verb + strings.NewReplacer("(", "", ")", "", " ", "").Replace(a.Target)
}

// Dispose lets go of the maze's chunks, the fog and the minimap
// (render.Disposer).
func (v *View) Dispose() {
	v.maze.dispose()
	for _, img := range []*ebiten.Image{v.fog.img, v.mini.img} {
		if img != nil {
			img.Deallocate()
		}
	}
	v.fog.img, v.mini.img = nil, nil
	v.mini.from = chart{}
}
