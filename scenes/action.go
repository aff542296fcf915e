package scenes

import (
	"math"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/scenes/playback"
)

// markWeights are what each kind of event is worth to the director; kinds
// not listed are worth defaultMark.
var markWeights = map[string]float64{
	game.MarkKill: 10, game.MarkDeath: 8, game.MarkBase: 9, game.MarkStone: 9, game.MarkBoss: 5,
	game.MarkLevel: 4, game.MarkHit: 3, game.MarkSabotage: 3, game.MarkBuild: 3,
}

// What the units are worth to the director: one standing still a little,
// more when it moved this step, fights (an enemy unit within fightReach
// cells), carries something home, or belongs to one of the two sides
// ahead in a game's last seconds.
const (
	defaultMark  = 2
	idleWorth    = 0.25
	moveWorth    = 2.5
	fightWorth   = 3
	carryWorth   = 4
	endWorth     = 2
	fightReach   = 4
	recentFrames = 3    // the frames whose events still draw the camera, worth half as much a frame back
	endSeconds   = 12.0 // a game's last seconds, at the speed it plays
)

// spot is a world point the director may frame and what it is worth; unit
// marks a unit's, note an event of note of the frame itself: a shot is
// built about one of those.
type spot struct {
	x, y, worth float64
	unit, note  bool
}

// hotspots are the units and the recent events of frame i that the
// viewer's sight sees, each with its worth.
func (d *director) hotspots(v *Viewer, mp render.Mapped, i int) []spot {
	var out []spot
	for j := i; j >= 0 && j > i-recentFrames; j-- {
		fade := math.Pow(0.5, float64(i-j))
		for _, m := range d.markers(v, j) {
			if !m.Placed {
				continue
			}
			w, ok := markWeights[m.Kind]
			if !ok {
				w = defaultMark
			}
			x, y := mp.Spot(m.Cell)
			out = append(out, spot{x, y, w * fade, false, j == i && !m.Minor})
		}
	}
	us := units(v, v.rec.Timeline.Frame(i), 0)
	before := map[string][2]int{}
	if i > 0 {
		for _, u := range units(v, v.rec.Timeline.Frame(i-1), 0) {
			before[u.ID] = u.Cell
		}
	}
	ahead := endSides(v, i)
	reach := fightReach * mp.CellSize()
	pts := spots(mp, cellsOf(us))
	for k, u := range us {
		w := idleWorth
		if c, ok := before[u.ID]; ok && c != u.Cell {
			w += moveWorth
		}
		if u.Carries {
			w += carryWorth
		}
		if u.Seat >= 0 && ahead&(1<<u.Seat) != 0 {
			w += endWorth
		}
		for n, o := range us {
			if o.Seat != u.Seat && math.Abs(pts[n][0]-pts[k][0]) <= reach && math.Abs(pts[n][1]-pts[k][1]) <= reach {
				w += fightWorth
				break
			}
		}
		out = append(out, spot{pts[k][0], pts[k][1], w, true, false})
	}
	return out
}

// markers are frame i's markers, of note and minor: the chronicle's, or the
// title's for a frame it has not read yet.
func (d *director) markers(v *Viewer, i int) []game.Marker {
	c := v.chron
	if i < len(c.Markers) {
		return append(append([]game.Marker(nil), c.Markers[i]...), c.Minor[i]...)
	}
	if mk, ok := v.rec.Title.(game.Marked); ok {
		return mk.Markers(v.rec.Timeline.Frame(i), v.sight())
	}
	return nil
}

// endSides are the two sides ahead in the standings, a bit each, while
// frame i is in a game's last seconds at the speed it plays; 0 before.
func endSides(v *Viewer, i int) uint8 {
	r, ok := v.rec.Title.(game.Ranked)
	if !ok {
		return 0
	}
	last := v.rec.Timeline.Len() - 1
	if t, ok := v.rec.Title.(game.Timed); ok && v.rec.Timeline.Live() {
		last = t.Steps(v.rec.Header.Config)
	} else if v.rec.Timeline.Live() {
		return 0
	}
	if float64(last-i) > endSeconds*v.clock.Rate()/(playback.StepTime+playback.HoldTime) {
		return 0
	}
	var bits uint8
	for k, row := range r.Standings(v.rec.Timeline.Frame(i), v.sight()).Rows {
		if k < 2 && row.Seat >= 0 && !row.Out {
			bits |= 1 << row.Seat
		}
	}
	return bits
}

// best is the shot worth most at scale k: about the event of note (with
// note) or the unit (any spot, when there are none) with the most worth
// within a readable shot's reach, the spots there worth more than a unit
// standing still, and that one. cast reports whether it holds a unit.
func best(mp render.Mapped, ss []spot, k float64, note bool) (pts [][2]float64, cast bool) {
	a := mp.Camera().Area()
	rw, rh := float64(a.Dx())*0.45/k, float64(a.Dy())*0.45/k
	near := func(p, q spot) bool { return math.Abs(p.x-q.x) <= rw && math.Abs(p.y-q.y) <= rh }
	anchor := func(p spot) bool { return p.unit }
	if note {
		anchor = func(p spot) bool { return p.note }
	}
	some := false
	for _, s := range ss {
		some = some || anchor(s)
	}
	at, most := -1, -1.0
	for i, p := range ss {
		if some && !anchor(p) {
			continue
		}
		sum := 0.0
		for _, q := range ss {
			if near(p, q) {
				sum += q.worth
			}
		}
		if sum > most {
			at, most = i, sum
		}
	}
	if at < 0 {
		return nil, false
	}
	pts, cast = [][2]float64{{ss[at].x, ss[at].y}}, ss[at].unit
	for i, q := range ss {
		if i != at && q.worth > idleWorth && near(ss[at], q) {
			pts = append(pts, [2]float64{q.x, q.y})
			cast = cast || q.unit
		}
	}
	return pts, cast
}
