// Package aibg5 draws AIBG 5.0: the hexagonal battlefield in space, alive
// with swirling black holes, pulsing wormholes, bobbing pickups and the
// breathing boss; ships that fly, fire beams and explode; the boss's next
// pattern glowing before it fires; a live scoreboard; and a person's clicks
// and keys turned into moves and attacks.
package aibg5

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// The team colours of the four ships.
var teamColors = [4]color.NRGBA{
	{0x4f, 0xc3, 0xf7, 0xff}, // cyan
	{0xff, 0x5c, 0x8a, 0xff}, // pink
	{0x9b, 0xe1, 0x5d, 0xff}, // lime
	{0xff, 0xb7, 0x4d, 0xff}, // amber
}

// Zone tints of the tiles: the boss's direct-attack ring red, the pattern
// rings violet, the safe rim blue.
var zoneColors = [4]color.NRGBA{
	{0x9a, 0xd6, 0x9a, 0xff},
	{0xe0, 0x7a, 0x8a, 0xff},
	{0xa0, 0x8a, 0xe0, 0xff},
	{0x7d, 0x9c, 0xe0, 0xff},
}

// wormholeColors tell the pairs apart, by id.
var wormholeColors = [6]color.NRGBA{
	{0x6f, 0xe3, 0xff, 0xff}, {0xff, 0x7a, 0xf0, 0xff}, {0xff, 0xd4, 0x5e, 0xff},
	{0x7d, 0xff, 0xa8, 0xff}, {0xff, 0x8a, 0x5e, 0xff}, {0xb0, 0x9a, 0xff, 0xff},
}

var (
	white     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	danger    = color.NRGBA{0xff, 0x3b, 0x3b, 0xff}
	moveGlow  = color.NRGBA{0x7d, 0xf0, 0x9a, 0xff}
	aimGlow   = color.NRGBA{0xff, 0x6b, 0x6b, 0xff}
	bossGreen = color.NRGBA{0x5f, 0xff, 0x8a, 0xff}
)

// worldSize is the world's hex layout: one sprite pixel per world unit.
var worldLayout = hex.Layout{Orientation: hex.Pointy, SizeX: sprites.HexRadius, SizeY: sprites.HexRadius}

// View draws AIBG 5.0 frames.
type View struct {
	// debug draws the seats' debug marks (MarkCell places them).
	debug render.DebugMarks
	area  image.Rectangle
	scale float64
	cam   render.Camera
	sheet *sprites.AIBG
	batch render.Batch
	marks render.Markers // the ships' markers at low zoom
	sky   *ebiten.Image
	in    entry
	look  render.Look
	// world is this frame's world-to-screen transform; scratch is reused
	// for each sprite's.
	world, scratch ebiten.GeoM
	status         statusMemo
}

// Drawn is how AIBG 5.0 is drawn.
var Drawn = render.Drawn{Title: aibg5.Title{}.ID(), Blurb: "Four spaceships and a boss on a hex map: fight, level up, outscore",
	New: func() render.View { return New() }}

// New makes an AIBG 5.0 view.
func New() *View {
	v := &View{sheet: sprites.AIBGSheet(), scale: 1, cam: fitCamera(image.Rect(0, 0, 1280, 800))}
	v.in.reset()
	return v
}

// fitCamera is a camera that shows the whole map in area.
func fitCamera(area image.Rectangle) render.Camera {
	var c render.Camera
	_, y0 := worldLayout.Center(hex.Hex{Q: 0, R: -aibg5.Radius})
	x1, _ := worldLayout.Center(hex.Hex{Q: aibg5.Radius, R: 0})
	_, y1 := worldLayout.Center(hex.Hex{Q: 0, R: aibg5.Radius})
	x0, _ := worldLayout.Center(hex.Hex{Q: -aibg5.Radius, R: 0})
	m := float64(sprites.HexRadius)
	c.SetArea(area)
	c.SetWorld(x0-m, y0-m, x1+m, y1+m)
	return c
}

// CellOnScreen is where the middle of cell h is drawn when the whole map
// is shown in area, as it is when a view opens.
func CellOnScreen(area image.Rectangle, h hex.Hex) (x, y float64) {
	c := fitCamera(area)
	return c.ToScreen(center(h))
}

// Layout gives the view its area.
func (v *View) Layout(area image.Rectangle, scale float64) {
	if area != v.area && v.sky != nil {
		v.sky.Deallocate()
		v.sky = nil
	}
	v.area, v.scale = area, scale
	v.cam.SetArea(area)
}

// Zoom, Pan and Fit move the camera (render.Navigator).
func (v *View) Zoom(f, x, y float64) { v.cam.Zoom(f, x, y) }

// Pan drags the map by (dx, dy) pixels.
func (v *View) Pan(dx, dy float64) { v.cam.Pan(dx, dy) }

// Fit shows the whole map.
func (v *View) Fit() { v.cam.Fit() }

// Camera is the view's camera (render.Mapped).
func (v *View) Camera() *render.Camera { return &v.cam }

// Spot is the middle of the hex (q, r) in world units.
func (v *View) Spot(c [2]int) (float64, float64) { return center(hex.Hex{Q: c[0], R: c[1]}) }

// CellSize is a hex's width in world units.
func (v *View) CellSize() float64 { return 2 * sprites.HexRadius }

// SeatColor is the team colour of a ship.
func (v *View) SeatColor(s game.Seat) color.NRGBA { return team(int(s) & 3) }

// team is seat i's colour: the game's, or the safe palette's when people
// chose it (render.SafePalette), on the ships as in the panels.
func team(i int) color.NRGBA { return render.SeatInk(teamColors[i&3], i) }

// state is the frame's aibg5.State, nil for another title's.
func state(f game.Frame) *aibg5.State { return render.StateOf[aibg5.State](f) }

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
	entering := v.in.active && v.in.turn == s.Turn
	key := statusKey{s, entering}
	if !v.status.ok || v.status.key != key {
		v.status.ok, v.status.key, v.status.words = true, key, statusOf(f, s, entering)
	}
	return v.status.words
}

// statusOf is StatusWords, worked out.
func statusOf(f game.Frame, s *aibg5.State, entering bool) game.Words {
	if f.Over {
		return game.Verdict(f, aibg5.Title{}.Why(f))
	}
	if s.ToMove == 0 {
		return game.Say("Round %d", s.Round+1)
	}
	p := s.Player(s.ToMove)
	w := game.Say("Round %d · %s to act", s.Round+1, game.Say("Player %d", s.ToMove))
	if p.Trapped {
		w = game.Say("%s %s", w, game.Say("(trapped in a black hole)"))
	}
	if entering {
		w = game.Say("%s: %s", w, game.Say("click a green cell to move or a red target to attack"))
	}
	if n := s.Boss.NextIn; n == 0 && len(s.Boss.Next) > 0 {
		w = game.Say("%s · %s", w, game.Say("the boss fires after this round"))
	}
	return w
}

// statusMemo is the status line last worked out, and what it says of.
type statusMemo struct {
	ok    bool
	key   statusKey
	words game.Words
}

// statusKey is what the status line says of: a frame's state and whether
// a person enters an action in it.
type statusKey struct {
	s        *aibg5.State
	entering bool
}

// center is a cell's centre in world units.
func center(h hex.Hex) (float64, float64) { return worldLayout.Center(h) }

// Update eases the camera to the moment's clock; a moment without a
// person to move ends a half-entered one.
func (v *View) Update(m *render.Moment) {
	if !m.Hint {
		v.in.active = false
	}
	v.cam.Tick(m.Clock)
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
	v.drawSky(dst, m.Clock)
	v.world = v.cam.GeoM()
	g := &v.world
	b := &v.batch
	b.Begin(v.sheet.Atlas)
	v.marks.Begin()
	v.drawTiles(b, g, cur, m)
	v.drawHighlights(b, g, cur, m)
	v.drawEntities(b, g, cur, prev, m)
	v.drawShips(b, g, cur, prev, m)
	v.drawEffects(b, g, cur, prev, m)
	board := dst.SubImage(v.area).(*ebiten.Image) // what is zoomed in stays in the area
	b.Flush(board)
	v.marks.Flush(board)
	v.debug.Draw(board, m.Marks, v, v.scale)
	v.drawCard(dst, cur, m)
}

// drawSky draws the starfield, painted once per area size, and a slow
// nebula.
func (v *View) drawSky(dst *ebiten.Image, clock float64) {
	if v.area.Empty() {
		return
	}
	if v.sky == nil {
		v.sky = paintSky(v.area.Dx(), v.area.Dy())
	}
	render.Sprite(dst, v.sky, float64(v.area.Min.X), float64(v.area.Min.Y), 1, 1, white)
}

// paintSky paints a field of stars on black space.
func paintSky(w, h int) *ebiten.Image {
	c := sprites.NewCanvas(w, h)
	sprites.Rect(c.Path(), 0, 0, float64(w), float64(h))
	c.Fill(sprites.Radial(float64(w)*0.3, float64(h)*0.2, float64(w), sprites.Hex(0x141a3a).Alpha(0.85), sprites.Hex(0x04050d).Alpha(0.9)))
	rng := game.NewRand(7, 1)
	for i := 0; i < w*h/900; i++ {
		x, y := rng.Float64()*float64(w), rng.Float64()*float64(h)
		r := 0.4 + rng.Float64()*rng.Float64()*1.6
		tint := sprites.Hex(0xffffff).Mix(sprites.Hex(0x9ab8ff), rng.Float64())
		c.Dot(x, y, r, tint.Alpha(0.3+0.7*rng.Float64()))
	}
	return ebiten.NewImageFromImage(c.RGBA)
}

// at returns the transform that draws sprite img centred on world point
// (x, y), scaled by k and turned by angle. The transform is the view's
// scratch value, valid until the next call: Batch.Add uses it at once.
func (v *View) at(img *ebiten.Image, x, y, k, angle float64) *ebiten.GeoM {
	t := &v.scratch
	t.Reset()
	r := img.Bounds()
	t.Translate(-float64(r.Dx())/2, -float64(r.Dy())/2)
	t.Scale(k, k)
	if angle != 0 {
		t.Rotate(angle)
	}
	t.Translate(x, y)
	t.Concat(v.world)
	return t
}

// drawTiles draws the 631 glass tiles tinted by zone, with a slow shimmer
// running outwards from the boss, and brighter rims where zones meet.
func (v *View) drawTiles(b *render.Batch, g *ebiten.GeoM, s *aibg5.State, m *render.Moment) {
	sh := v.sheet
	k := v.cam.Scale()
	tw, th := float64(sh.Hex.Bounds().Dx())*k, float64(sh.Hex.Bounds().Dy())*k
	var shimmer [aibg5.Radius + 1]color.NRGBA
	for ring := range shimmer {
		f := 0.82 + 0.1*math.Sin(m.Clock*1.6-float64(ring)*0.55)
		c := zoneColors[aibg5.Zone(hex.Hex{Q: ring})]
		c.R, c.G, c.B = scale8(c.R, f), scale8(c.G, f), scale8(c.B, f)
		shimmer[ring] = c
	}
	for _, h := range s.Cells {
		x, y := v.cam.ToScreen(center(h))
		ring := h.Ring()
		b.AddRect(sh.Hex, x-tw/2, y-th/2, tw, th, shimmer[ring])
		if ring == 4 || ring == 10 || ring == 14 {
			b.AddRect(sh.HexRim, x-tw/2, y-th/2, tw, th, render.Fade(zoneColors[aibg5.Zone(h)], 0.55))
		}
	}
}

func scale8(v uint8, k float64) uint8 { return uint8(math.Min(255, float64(v)*k)) }

// drawHighlights lights the boss's next pattern, the cells it just hit, and
// a person's options.
func (v *View) drawHighlights(b *render.Batch, g *ebiten.GeoM, s *aibg5.State, m *render.Moment) {
	sh := v.sheet
	// The telegraph: the cells of the pattern the next boss turn fires pulse
	// red; a pattern further off glows faintly.
	pulse := 0.5 + 0.5*math.Sin(m.Clock*6)
	for _, h := range s.Boss.Next {
		x, y := center(h)
		b.Add(sh.HexFill, v.at(sh.HexFill, x, y, 0.92, 0), render.Fade(danger, 0.18+0.22*pulse))
		b.Add(sh.HexRim, v.at(sh.HexRim, x, y, 1, 0), render.Fade(danger, 0.6+0.4*pulse))
	}
	if len(s.Boss.Next) == 0 && s.Boss.NextIn > 0 && s.Boss.NextIn <= 2 {
		for _, h := range s.Boss.NextCells {
			x, y := center(h)
			b.Add(sh.HexRim, v.at(sh.HexRim, x, y, 1, 0), render.Fade(danger, 0.25))
		}
	}
	// A boss strike in this step flashes its cells, then fades.
	if m.T < 1 {
		for _, e := range m.Cur.Events {
			if d, ok := e.Data.(aibg5.BossStrike); ok {
				flash := 1 - m.T
				for _, cells := range [][]hex.Hex{d.Direct, d.Pattern} {
					for _, h := range cells {
						x, y := center(h)
						b.Add(sh.HexFill, v.at(sh.HexFill, x, y, 0.95, 0), render.Fade(color.NRGBA{0xff, 0xe0, 0xc0, 0xff}, flash*0.8))
					}
				}
			}
		}
	}
	v.drawOptions(b, g, s, m)
}

// drawEntities draws what stands on the tiles: black holes, wormholes,
// pickups, asteroids and the boss.
func (v *View) drawEntities(b *render.Batch, g *ebiten.GeoM, s *aibg5.State, prev *aibg5.State, m *render.Moment) {
	sh := v.sheet
	clock := m.Clock
	for i, h := range s.Cells {
		t := s.Tiles[i]
		x, y := center(h)
		phase := float64(h.Q*7+h.R*13) * 0.37
		switch t.Kind {
		case aibg5.Blackhole:
			b.Add(sh.BlackHole, v.at(sh.BlackHole, x, y, 0.95, -clock*1.7+phase), color.NRGBA{0xb0, 0x7a, 0xff, 0xff})
			b.Add(sh.BlackHole, v.at(sh.BlackHole, x, y, 0.6, -clock*2.9+phase), color.NRGBA{0xff, 0x9a, 0xe0, 0xc0})
			b.Add(sh.HoleCore, v.at(sh.HoleCore, x, y, 1.1, 0), white)
		case aibg5.Wormhole:
			c := wormholeColors[t.Wormhole%len(wormholeColors)]
			pulse := 0.85 + 0.15*math.Sin(clock*3+float64(t.Wormhole))
			b.Add(sh.Wormhole, v.at(sh.Wormhole, x, y, 0.9*pulse, 0), c)
			b.Add(sh.Spark, v.at(sh.Spark, x, y, 0.8, clock*0.8), render.Fade(c, 0.7))
			v.number(b, g, t.Wormhole, x, y+sprites.HexRadius*0.55, 0.45, render.Fade(c, 0.95))
		case aibg5.Health, aibg5.Experience:
			img := sh.Health
			if t.Kind == aibg5.Experience {
				img = sh.XP
			}
			bob := math.Sin(clock*2.4+phase) * 5
			b.Add(sh.Glow, v.at(sh.Glow, x, y, 0.55, 0), render.Fade(itemGlow(t.Kind), 0.35))
			b.Add(img, v.at(img, x, y+bob, 0.95, 0), white)
			glint := math.Mod(clock*0.7+phase, 3)
			if glint < 0.5 {
				a := math.Sin(glint / 0.5 * math.Pi)
				b.Add(sh.Spark, v.at(sh.Spark, x+12, y-16+bob, 0.9*a, clock), render.Fade(white, a))
			}
		case aibg5.Asteroid:
			stage := 0
			switch {
			case t.Asteroid <= aibg5.AsteroidLife/3:
				stage = 2
			case t.Asteroid <= 2*aibg5.AsteroidLife/3:
				stage = 1
			}
			img := sh.Asteroid[stage]
			b.Add(img, v.at(img, x, y, 0.95, math.Sin(clock*0.3+phase)*0.15+phase), white)
		}
	}
	// The boss: one creature over its seven cells, breathing, its eye
	// glowing brighter as a pattern nears.
	breath := 1 + 0.035*math.Sin(clock*1.8)
	anger := 0.0
	if len(s.Boss.Next) > 0 {
		anger = 0.5 + 0.5*math.Sin(clock*8)
	}
	b.Add(sh.Glow, v.at(sh.Glow, 0, 0, 2.6*breath, 0), render.Fade(bossGreen, 0.22+0.2*anger))
	b.Add(sh.Boss, v.at(sh.Boss, 0, 0, 0.92*breath, clock*0.05), white)
	b.Add(sh.Glow, v.at(sh.Glow, 0, 0, 0.9, 0), render.Fade(color.NRGBA{0xff, 0x70, 0x30, 0xff}, 0.35+0.5*anger))
	b.Add(sh.BossEye, v.at(sh.BossEye, 0, 0, 0.95+0.08*anger, 0), white)
}

func itemGlow(k aibg5.Kind) color.NRGBA {
	if k == aibg5.Health {
		return color.NRGBA{0x5f, 0xff, 0x9a, 0xff}
	}
	return color.NRGBA{0xff, 0xc8, 0x4a, 0xff}
}

// number draws an integer from the atlas's digits, centred at (x, y) in the
// world, glyphs k times their size.
func (v *View) number(b *render.Batch, g *ebiten.GeoM, n int, x, y, k float64, c color.NRGBA) {
	v.text(b, g, render.Itoa(n), x, y, k, c)
}

// text draws the atlas's glyphs (digits, - + L v K O) centred at (x, y).
func (v *View) text(b *render.Batch, g *ebiten.GeoM, s string, x, y, k float64, c color.NRGBA) {
	w := 0.0
	for _, r := range s {
		if img := v.sheet.Digits[r]; img != nil {
			w += float64(img.Bounds().Dx()-4) * k
		}
	}
	cx := x - w/2
	for _, r := range s {
		img := v.sheet.Digits[r]
		if img == nil {
			continue
		}
		gw := float64(img.Bounds().Dx()-4) * k
		b.Add(img, v.at(img, cx+gw/2, y, k, 0), c)
		cx += gw
	}
}

// MoveLabel writes an action beside its words for the move list
// (render.MoveLabeler): "move,-6,-7 · move to (-6,-7)".
func (v *View) MoveLabel(_ game.Seat, move string) string {
	if words := moveWords(move); words != "" {
		return move + " · " + words
	}
	return move
}

// moveWords is aibg5.MoveWords in the screens' language.
func moveWords(move string) string {
	switch move {
	case "":
		return ""
	case aibg5.NullAction:
		return lang.T("no action")
	case aibg5.TimeUp:
		return lang.T("out of time")
	}
	a, err := aibg5.ParseAction(move)
	switch {
	case err != nil:
		return lang.T("not an action")
	case a.Attack:
		return lang.F("attack (%d,%d)", a.Target.Q, a.Target.R)
	}
	return lang.F("move to (%d,%d)", a.Target.Q, a.Target.R)
}

// Dispose lets go of the sky's picture (render.Disposer).
func (v *View) Dispose() {
	if v.sky != nil {
		v.sky.Deallocate()
		v.sky = nil
	}
}
