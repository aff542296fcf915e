package guardains

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
)

// minimapSide is the minimap's side at scale 1, in pixels.
const minimapSide = 180

// minimap is the whole maze small, in the corner of the view: two pixels
// per cell (floor and wall), the fog, the guardians as dots, and the
// camera's frame. Its image is painted again only when the chart changes:
// the maze, or what a seat has seen of it.
type minimap struct {
	img  *ebiten.Image
	from chart
	pix  []byte
	// shown is where the minimap was drawn last; empty while hidden.
	shown image.Rectangle
	// corner is the view's corner it stands in, one of corners.
	corner int
}

// corners are where the minimap may stand, in the order it prefers them,
// as (right, bottom): the top-right, the top-left, the bottom-right, the
// bottom-left.
var corners = [4][2]bool{{true, false}, {false, false}, {true, true}, {false, true}}

var (
	miniFloor = color.NRGBA{0x1a, 0x20, 0x30, 0xff}
	miniWall  = color.NRGBA{0x6a, 0x86, 0xb0, 0xff}
	// miniUnknown is a side of a seen cell that the seat's views did not
	// show; miniVoid a cell never seen.
	miniUnknown = color.NRGBA{0x30, 0x3c, 0x54, 0xff}
	miniVoid    = color.NRGBA{0x0c, 0x10, 0x1a, 0xff}
)

// miniRect is where the minimap is drawn: in its corner of the view.
func (v *View) miniRect(s *guardains.State) image.Rectangle { return v.miniRectAt(s, v.mini.corner) }

// miniRectAt is where the minimap of s stands in corner i of the view.
func (v *View) miniRectAt(s *guardains.State, i int) image.Rectangle {
	side := minimapSide * v.scale
	w, h := side, side
	if s.W() > s.H() {
		h = side * float64(s.H()) / float64(s.W())
	} else {
		w = side * float64(s.W()) / float64(s.H())
	}
	gap := 12 * v.scale
	x, y := float64(v.area.Min.X)+gap, float64(v.area.Min.Y)+gap
	if corners[i][0] {
		x = float64(v.area.Max.X) - w - gap
	}
	if corners[i][1] {
		y = float64(v.area.Max.Y) - h - gap
	}
	return image.Rect(int(x), int(y), int(x+w), int(y+h))
}

// placeMinimap keeps the minimap off what is watched in frame s in fog
// mode: the middle of where the camera is going, which never has it, and
// the guardians shown, which have it as seldom as a corner allows. It
// stays in its corner while that covers neither; the bottom corners are
// not taken while the order panel stands along the bottom.
func (v *View) placeMinimap(s *guardains.State, mode int) {
	x0, y0, x1, y1 := v.cam.Target()
	tx, ty := (x0+x1)/2, (y0+y1)/2
	near := render.MarkerSize * v.scale
	cover := func(i int) int {
		r := v.miniRectAt(s, i)
		in := func(wx, wy, k float64) bool {
			sx, sy := v.cam.ToScreen(wx, wy)
			return sx > float64(r.Min.X)-k && sx < float64(r.Max.X)+k && sy > float64(r.Min.Y)-k && sy < float64(r.Max.Y)+k
		}
		if in(tx, ty, 0) {
			return 1 << 10
		}
		n := 0
		for seat := range s.Guardians {
			for h := range s.Guardians[seat] {
				g := &s.Guardians[seat][h]
				if !g.Alive || !s.Maze.In(g.Pos) || g.Seat != mode && mode != godView && !visible(s, mode, g.Pos) {
					continue
				}
				if gx, gy := center(g.Pos); in(gx, gy, near) {
					n++
				}
			}
		}
		return n
	}
	allowed := func(i int) bool { return !v.in.active || !corners[i][1] }
	best, least := v.mini.corner, math.MaxInt
	if allowed(best) {
		least = cover(best)
	}
	for i := range corners {
		if least == 0 {
			break
		}
		if n := cover(i); allowed(i) && n < least {
			best, least = i, n
		}
	}
	v.mini.corner = best
}

// picture is chart ch at two pixels per cell (a cell's floor, its right
// and bottom sides, a post), painted again only when the chart changes:
// the minimap, and the whole maze at low zoom.
func (mm *minimap) picture(ch chart) *ebiten.Image {
	if mm.from != ch {
		mm.paint(ch)
	}
	return mm.img
}

// paint draws chart ch into the minimap's image at two pixels per cell.
func (mm *minimap) paint(ch chart) {
	m := ch.maze
	w, h := 2*m.W, 2*m.H
	if mm.img == nil || mm.img.Bounds().Dx() != w || mm.img.Bounds().Dy() != h {
		if mm.img != nil {
			mm.img.Deallocate()
		}
		mm.img = ebiten.NewImage(w, h)
		mm.pix = make([]byte, 4*w*h)
	}
	set := func(x, y int, c color.NRGBA) {
		i := 4 * (y*w + x)
		mm.pix[i], mm.pix[i+1], mm.pix[i+2], mm.pix[i+3] = c.R, c.G, c.B, c.A
	}
	looks := [3]color.NRGBA{sideNone: miniFloor, sideWall: miniWall, sideUnknown: miniUnknown}
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			c := guardains.Cell{X: x, Y: y}
			floor, right, down, post := miniVoid, miniVoid, miniVoid, miniVoid
			if ch.charted(c) {
				floor, post = miniFloor, miniWall
			}
			if l := ch.side(c, guardains.Right); l != sideNone || ch.charted(c) {
				right = looks[l]
			}
			if l := ch.side(c, guardains.Down); l != sideNone || ch.charted(c) {
				down = looks[l]
			}
			set(2*x, 2*y, floor)
			set(2*x+1, 2*y, right)
			set(2*x, 2*y+1, down)
			set(2*x+1, 2*y+1, post)
		}
	}
	mm.img.WritePixels(mm.pix)
	mm.from = ch
}

// draw draws the minimap for frame s in fog mode, when the camera does not
// show the whole maze already.
func (mm *minimap) draw(dst *ebiten.Image, v *View, s *guardains.State, mode int) {
	mm.shown = image.Rectangle{}
	if x0, y0, x1, y1 := v.cam.Visible(); x0 <= 0 && y0 <= 0 && x1 >= float64(s.W()*unit) && y1 >= float64(s.H()*unit) {
		return
	}
	img := mm.picture(chartOf(s))
	r := v.miniRect(s)
	mm.shown = r
	sc := v.scale
	render.Shadow(dst, r, 6*sc, 10*sc, render.ShadowInk)
	render.Panel(dst, r.Inset(-int(3*sc)), 6*sc, color.NRGBA{0x0a, 0x0e, 0x18, 0xf0})
	kx := float64(r.Dx()) / float64(s.W())
	ky := float64(r.Dy()) / float64(s.H())
	var op ebiten.DrawImageOptions
	op.Filter = ebiten.FilterLinear
	op.GeoM.Scale(kx/2, ky/2)
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	dst.DrawImage(img, &op)
	if mode != godView && v.fog.img != nil {
		op.GeoM.Reset()
		op.GeoM.Scale(kx, ky)
		op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
		dst.DrawImage(v.fog.img, &op)
	}
	at := func(c guardains.Cell) (float64, float64) { return miniSpot(r, s.W(), s.H(), c) }
	for i, base := range s.Bases {
		if !s.Maze.In(base) {
			continue
		}
		x, y := at(base)
		render.Disc(dst, x, y, 4*sc, teamColors[i])
	}
	if visible(s, mode, s.Stone) {
		x, y := at(s.Stone)
		render.Disc(dst, x, y, 3.5*sc, stoneGlow)
	}
	for seat := range s.Guardians {
		for i := range s.Guardians[seat] {
			g := &s.Guardians[seat][i]
			if !g.Alive || !s.Maze.In(g.Pos) || (g.Seat != mode && mode != godView && !visible(s, mode, g.Pos)) {
				continue
			}
			x, y := at(g.Pos)
			render.Disc(dst, x, y, 2.5*sc, teamColors[seat])
		}
	}
	// The camera's frame.
	x0, y0, x1, y1 := v.cam.Visible()
	fx0 := float64(r.Min.X) + x0/unit*kx
	fy0 := float64(r.Min.Y) + y0/unit*ky
	fx1 := float64(r.Min.X) + x1/unit*kx
	fy1 := float64(r.Min.Y) + y1/unit*ky
	fx0, fy0 = max(fx0, float64(r.Min.X)), max(fy0, float64(r.Min.Y))
	fx1, fy1 = min(fx1, float64(r.Max.X)), min(fy1, float64(r.Max.Y))
	line := 1.5 * sc
	c := render.Fade(white, 0.8)
	render.FillRect(dst, fx0, fy0, fx1-fx0, line, c)
	render.FillRect(dst, fx0, fy1-line, fx1-fx0, line, c)
	render.FillRect(dst, fx0, fy0, line, fy1-fy0, c)
	render.FillRect(dst, fx1-line, fy0, line, fy1-fy0, c)
}

// MinimapSpot is where the middle of cell c of a w x h maze shows on the
// minimap as it was drawn last; ok is false while the minimap is hidden
// (the whole maze is on screen).
func (v *View) MinimapSpot(w, h int, c guardains.Cell) (x, y float64, ok bool) {
	if v.mini.shown.Empty() {
		return 0, 0, false
	}
	x, y = miniSpot(v.mini.shown, w, h, c)
	return x, y, true
}

// miniSpot is where the middle of cell c of a w x h maze is on a minimap
// drawn in r.
func miniSpot(r image.Rectangle, w, h int, c guardains.Cell) (float64, float64) {
	kx, ky := float64(r.Dx())/float64(w), float64(r.Dy())/float64(h)
	return float64(r.Min.X) + (float64(c.X)+0.5)*kx, float64(r.Min.Y) + (float64(c.Y)+0.5)*ky
}
