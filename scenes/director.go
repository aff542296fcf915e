package scenes

import (
	"math"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// The camera's sizes of a cell, in screen pixels at scale 1: the least at
// which units stay readable, and the one a shot aims for.
const (
	readablePx    = 26
	comfortablePx = 44
)

// How long the director holds a shot (seconds), and how long it keeps away
// after people moved the camera themselves.
const (
	shotHold    = 3.0
	shotIdle    = 6.0
	handsOffFor = 6.0
)

// director is where the camera of a mapped view looks: it opens on what
// matters at a readable zoom, follows a unit, and, on, goes where the
// action is (action.go scores it) and holds each shot long enough to
// read, but never on a shot with no unit while there are units.
type director struct {
	on     bool
	opened bool
	// follow is the unit followed, by game.Unit.ID; close asks for a
	// readable zoom on it at the next frame.
	follow string
	close  bool
	// handsOn is the clock when people last moved the camera; 0 never.
	handsOn float64
	// shotAt is when the shot began; major whether it frames an event of
	// note; cut the frame it was cut for.
	shotAt float64
	major  bool
	cut    int
	// cast are the world points of the units of frame castAt, as sight
	// castAs sees them: whether the shot is empty is asked every tick.
	cast   [][2]float64
	castAt int
	castAs game.Seat
}

// touched notes that people moved the camera: the director keeps away for
// a while.
func (d *director) touched(clock float64) { d.handsOn = clock }

// panned notes that people dragged the map: it stops following a unit.
func (d *director) panned(clock float64) {
	d.touched(clock)
	d.follow = ""
}

// scales are the screen pixels per world unit at which v's cells are
// readable and comfortable.
func scales(v *Viewer, mp render.Mapped) (readable, comfortable float64) {
	cell := mp.CellSize()
	return readablePx * v.scale / cell, comfortablePx * v.scale / cell
}

// spots are the world points of cells.
func spots(mp render.Mapped, cells [][2]int) [][2]float64 {
	out := make([][2]float64, len(cells))
	for i, c := range cells {
		out[i][0], out[i][1] = mp.Spot(c)
	}
	return out
}

// shoot eases the camera to frame the world points, padded to a
// comfortable shot and never further out than readable.
func shoot(v *Viewer, mp render.Mapped, pts [][2]float64) {
	if len(pts) == 0 {
		return
	}
	readable, comfortable := scales(v, mp)
	x0, y0, x1, y1 := bounds(pts)
	cam := mp.Camera()
	area := cam.Area()
	// At least the world a comfortable zoom shows, about the points'
	// middle.
	w := math.Max(x1-x0+4*mp.CellSize(), float64(area.Dx())/comfortable)
	h := math.Max(y1-y0+4*mp.CellSize(), float64(area.Dy())/comfortable)
	cx, cy := (x0+x1)/2, (y0+y1)/2
	cam.Show(cx-w/2, cy-h/2, cx+w/2, cy+h/2, readable)
}

func bounds(pts [][2]float64) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		x0, y0 = math.Min(x0, p[0]), math.Min(y0, p[1])
		x1, y1 = math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	return x0, y0, x1, y1
}

// fits reports whether the points fit in the camera's area at scale k.
func fits(mp render.Mapped, pts [][2]float64, k float64) bool {
	x0, y0, x1, y1 := bounds(pts)
	a := mp.Camera().Area()
	return (x1-x0)*k <= float64(a.Dx())*0.9 && (y1-y0)*k <= float64(a.Dy())*0.9
}

// units are the units of frame f that the viewer's sight sees, of the
// seats in mask (0: every seat).
func units(v *Viewer, f game.Frame, mask uint8) []game.Unit {
	p, ok := v.rec.Title.(game.Populated)
	if !ok {
		return nil
	}
	var out []game.Unit
	for _, u := range p.Units(f, v.sight()) {
		if mask == 0 || (u.Seat >= 0 && mask&(1<<u.Seat) != 0) {
			out = append(out, u)
		}
	}
	return out
}

func cellsOf(us []game.Unit) [][2]int {
	out := make([][2]int, len(us))
	for i, u := range us {
		out[i] = u.Cell
	}
	return out
}

// frame points the camera for this frame: the opening shot, the unit
// followed, or the director's shot.
func (d *director) frame(v *Viewer, a *App) {
	mp, ok := v.view.(render.Mapped)
	if !ok {
		return
	}
	cam := mp.Camera()
	if !d.opened {
		d.opened = true
		d.open(v, mp)
		if cam.Ready() {
			cam.Snap()
		}
	}
	if d.follow != "" {
		x, y, ok := d.followed(v, mp)
		if !ok {
			d.follow = ""
		} else {
			cam.SetRate(0)
			if d.close {
				d.close = false
				readable, comfortable := scales(v, mp)
				area := cam.Area()
				w, h := float64(area.Dx())/comfortable, float64(area.Dy())/comfortable
				cam.Show(x-w/2, y-h/2, x+w/2, y+h/2, readable)
			}
			cam.Follow(x, y)
			return
		}
	}
	if !d.on || (d.handsOn > 0 && a.Clock-d.handsOn < handsOffFor) {
		cam.SetRate(0)
		return
	}
	cam.SetRate(2.2)
	cur := v.clock.Cursor
	age := a.Clock - d.shotAt
	empty := cam.Ready() && d.empty(v, mp, cur)
	if !empty && cur == d.cut && age < shotIdle {
		return
	}
	major, minor := d.action(v, cur)
	switch {
	case empty:
	case major && (age >= shotHold || (!d.major && age >= 1)):
	case minor && age >= shotHold:
	case age >= shotIdle:
	default:
		return
	}
	readable, _ := scales(v, mp)
	ss := d.hotspots(v, mp, cur)
	pts, cast := best(mp, ss, readable, major)
	if !cast {
		pts, _ = best(mp, ss, readable, false)
	}
	if empty || major || !inShot(cam, pts) {
		shoot(v, mp, pts)
		if far(cam) {
			cam.Snap()
		}
	}
	d.shotAt, d.major, d.cut = a.Clock, major, cur
}

// empty reports whether the shot the camera is going to holds none of the
// units of frame i while there are some, but at its edges, where they
// are about to leave it.
func (d *director) empty(v *Viewer, mp render.Mapped, i int) bool {
	if s := v.sight(); i != d.castAt || s != d.castAs || d.cast == nil {
		d.castAt, d.castAs = i, s
		d.cast = append(d.cast[:0], spots(mp, cellsOf(units(v, v.rec.Timeline.Frame(i), 0)))...)
	}
	if len(d.cast) == 0 {
		return false
	}
	x0, y0, x1, y1 := mp.Camera().Target()
	mx, my := (x1-x0)*0.1, (y1-y0)*0.1
	for _, p := range d.cast {
		if p[0] >= x0+mx && p[0] <= x1-mx && p[1] >= y0+my && p[1] <= y1-my {
			return false
		}
	}
	return true
}

// far reports whether the camera is going where nothing of what it shows
// now is: it cuts there rather than pan over empty ground.
func far(cam *render.Camera) bool {
	x0, y0, x1, y1 := cam.Target()
	v0, w0, v1, w1 := cam.Visible()
	return x1 < v0 || x0 > v1 || y1 < w0 || y0 > w1
}

// inShot reports whether the points are well inside where the camera is
// going.
func inShot(cam *render.Camera, pts [][2]float64) bool {
	x0, y0, x1, y1 := cam.Target()
	mx, my := (x1-x0)*0.15, (y1-y0)*0.15
	for _, p := range pts {
		if p[0] < x0+mx || p[0] > x1-mx || p[1] < y0+my || p[1] > y1-my {
			return false
		}
	}
	return true
}

// action reports whether frame i has placed events of note, and placed
// minor ones: the action.
func (d *director) action(v *Viewer, i int) (major, minor bool) {
	for _, m := range d.markers(v, i) {
		switch {
		case !m.Placed:
		case m.Minor:
			minor = true
		default:
			major = true
		}
	}
	return major, minor
}

// open is the first shot: a person's own units in a match; else the
// director's best shot of the moment.
func (d *director) open(v *Viewer, mp render.Mapped) {
	cur := v.clock.Cursor
	readable, _ := scales(v, mp)
	ss := d.hotspots(v, mp, cur)
	if p := v.people(); p != 0 {
		if us := units(v, v.rec.Timeline.Frame(cur), p); len(us) > 0 {
			ss = ss[:0]
			for _, pt := range spots(mp, cellsOf(us)) {
				ss = append(ss, spot{pt[0], pt[1], 1, true, false})
			}
		}
	}
	pts, _ := best(mp, ss, readable, false)
	shoot(v, mp, pts)
}

// followed is where the unit followed is drawn now: between its cells in
// the frames of the step, as the step animates.
func (d *director) followed(v *Viewer, mp render.Mapped) (x, y float64, ok bool) {
	m := &v.moment
	find := func(f game.Frame) (game.Unit, bool) {
		for _, u := range units(v, f, 0) {
			if u.ID == d.follow {
				return u, true
			}
		}
		return game.Unit{}, false
	}
	cur, ok := find(m.Cur)
	if !ok {
		return 0, 0, false
	}
	x, y = mp.Spot(cur.Cell)
	if prev, ok := find(m.Prev); ok && m.T < 1 {
		px, py := mp.Spot(prev.Cell)
		// A unit that wrapped round a torus's edge is not drawn sliding
		// across the map.
		if math.Hypot(x-px, y-py) < 3*mp.CellSize() {
			t := render.Ease(m.T)
			x, y = px+(x-px)*t, py+(y-py)*t
		}
	}
	return x, y, true
}

// followAt follows the unit under the screen point (x, y), if there is
// one; a click elsewhere stops following.
func (d *director) followAt(v *Viewer, x, y float64) {
	mp, ok := v.view.(render.Mapped)
	if !ok {
		return
	}
	wx, wy := mp.Camera().ToWorld(x, y)
	best, dist := "", 1.0*mp.CellSize()
	for _, u := range units(v, v.moment.Cur, 0) {
		ux, uy := mp.Spot(u.Cell)
		if dd := math.Hypot(ux-wx, uy-wy); dd <= dist {
			best, dist = u.ID, dd
		}
	}
	d.follow, d.close = best, best != ""
}

// followNext follows the next unit (Tab), in the title's order.
func (d *director) followNext(v *Viewer) {
	if _, ok := v.view.(render.Mapped); !ok {
		return
	}
	us := units(v, v.moment.Cur, 0)
	if len(us) == 0 {
		return
	}
	next := 0
	for i, u := range us {
		if u.ID == d.follow {
			next = (i + 1) % len(us)
		}
	}
	d.follow, d.close = us[next].ID, true
}

// Following is the unit the camera follows, "" for none.
func (v *Viewer) Following() string { return v.dir.follow }
