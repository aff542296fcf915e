package guardains

import (
	"image/color"
	"math"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// minBadge is the smallest a guardian is drawn, in screen pixels at scale
// 1, so that ten guardians stay visible on the whole 200x200 maze.
const minBadge = 16

// size is how many cells wide a thing of k cells is drawn, at least px
// screen pixels.
func (v *View) size(k, px float64) float64 {
	cellPx := v.cam.Scale() * unit
	return math.Max(k, px*v.scale/cellPx)
}

// guardianAt is where guardian g is drawn in the moment: moving, jumping or
// teleporting along the step's event, else on its cell.
func (v *View) guardianAt(g *guardains.Guardian, m *render.Moment) (float64, float64) {
	x, y := center(g.Pos)
	if m.T >= 1 {
		return x, y
	}
	for _, e := range m.Cur.Events {
		var from, to guardains.Cell
		switch d := e.Data.(type) {
		case guardains.Moved:
			if d.Seat != g.Seat || d.Hero != g.Hero {
				continue
			}
			from, to = d.From, d.To
		case guardains.Jumped:
			if d.Seat != g.Seat || d.Hero != g.Hero {
				continue
			}
			from, to = d.From, d.To
		default:
			continue
		}
		fx, fy := center(from)
		tx, ty := center(to)
		t := render.Ease(m.T / 0.7)
		return fx + (tx-fx)*t, fy + (ty-fy)*t
	}
	return x, y
}

// jumpLift is the height of Gamora's jump arc at the moment, in world units.
func jumpLift(g *guardains.Guardian, m *render.Moment) float64 {
	if m.T >= 1 {
		return 0
	}
	for _, e := range m.Cur.Events {
		if d, ok := e.Data.(guardains.Jumped); ok && d.Seat == g.Seat && d.Hero == g.Hero {
			dist := math.Hypot(float64(d.To.X-d.From.X), float64(d.To.Y-d.From.Y))
			return math.Sin(math.Min(1, m.T/0.7)*math.Pi) * dist * unit * 0.35
		}
	}
	return 0
}

// drawGuardians draws the guardians that the shown fog lets one see: a
// badge in the team's colour with the hero's figure, a health bar, the
// cooldown of a special as a ring, and the stone over its carrier.
// Guardians sharing a cell stand in a small ring.
func (v *View) drawGuardians(s, prev *guardains.State, mode int, m *render.Moment) {
	sh := v.sheet
	// How many live guardians stand on each cell, and how many of them
	// are placed so far: maps kept from frame to frame, emptied.
	if v.crowd == nil {
		v.crowd, v.placed = map[guardains.Cell]int{}, map[guardains.Cell]int{}
	}
	count, placed := v.crowd, v.placed
	clear(count)
	clear(placed)
	for seat := range s.Guardians {
		for i := range s.Guardians[seat] {
			if g := &s.Guardians[seat][i]; g.Alive {
				count[g.Pos]++
			}
		}
	}
	single := v.size(0.9, minBadge)
	// At low zoom a guardian is its team's marker; across a band of zoom
	// the badge fades into it.
	mark := v.markWeight()
	markSize := render.MarkerSize * v.scale
	for seat := range s.Guardians {
		for i := range s.Guardians[seat] {
			g := &s.Guardians[seat][i]
			was := prev.Guardian(g.Seat, g.Hero)
			dying := !g.Alive && was.Alive && m.T < 1
			if (!g.Alive && !dying) || !s.Maze.In(g.Pos) {
				continue // dead, or an enemy a recorded player never saw
			}
			if g.Seat != mode && mode != godView && !visible(s, mode, g.Pos) && !visible(prev, mode, was.Pos) {
				continue
			}
			x, y := v.guardianAt(g, m)
			lift := jumpLift(g, m)
			alpha := 1.0
			if dying {
				alpha = 1 - m.T
			}
			k := single
			// Guardians sharing a cell stand smaller, in a ring about it:
			// (ringX, ringY) is where, in their own sizes.
			var ringX, ringY float64
			if n := count[g.Pos]; n > 1 {
				k = v.size(0.46, minBadge*0.8)
				j := placed[g.Pos]
				placed[g.Pos]++
				a := 2*math.Pi*float64(j)/float64(n) - math.Pi/2
				r := 0.62
				if n == 2 {
					r = 0.55
				}
				ringX, ringY = math.Cos(a)*r, math.Sin(a)*r
			}
			if mark > 0 {
				v.markGuardian(s, g, x, y-lift, ringX, ringY, markSize, alpha*mark)
			}
			if mark >= 1 {
				continue
			}
			alpha *= 1 - mark
			x, y = x+ringX*unit*k, y+ringY*unit*k
			// A guardian on the maze's edge stays inside it.
			half := k * unit * 0.75
			x = math.Max(half, math.Min(float64(s.W()*unit)-half, x))
			y = math.Max(half, math.Min(float64(s.H()*unit)-half, y))
			y -= lift
			team := teamColors[g.Seat-1]
			if g.Carrying {
				v.sprite(sh.Glow, x, y, k*2.4, 0, render.Fade(stoneGlow, 0.5*alpha))
			}
			v.sprite(sh.Glow, x, y, k*1.5, 0, render.Fade(team, 0.35*alpha))
			v.sprite(sh.Badges[(g.Seat-1)&1], x, y, k, 0, render.Fade(team, alpha))
			v.sprite(sh.Heroes[g.Hero], x, y, k*0.92, 0, render.Fade(white, alpha))
			v.drawGauges(g, x, y, k, s.Round, alpha)
			if g.Carrying {
				v.sprite(sh.Stone, x+k*unit*0.38, y-k*unit*0.38, k*0.45, math.Sin(m.Clock*2)*0.3, render.Fade(white, alpha))
			}
		}
	}
}

// markWeight is how much of a guardian shows as its marker at the zoom
// now (render.MarkerWeight): its figure is nine tenths of a cell.
func (v *View) markWeight() float64 { return render.MarkerWeight(0.9*v.cam.Scale()*unit, v.scale) }

// markGuardian queues guardian g of maze s's marker, size screen pixels
// wide, at world point (x, y) moved by (ringX, ringY) markers in a crowded
// cell: its team's shape and colour, the stone on its carrier's shoulder.
// A marker on the maze's edge, or the view's, stays inside it.
func (v *View) markGuardian(s *guardains.State, g *guardains.Guardian, x, y, ringX, ringY, size, alpha float64) {
	sx, sy := v.cam.ToScreen(x, y)
	x0, y0 := v.cam.ToScreen(0, 0)
	x1, y1 := v.cam.ToScreen(float64(s.W()*unit), float64(s.H()*unit))
	a := v.area
	in := size * (0.6 + math.Hypot(ringX, ringY)) // the crowd's ring moves whole
	x0, y0 = math.Max(x0, float64(a.Min.X))+in, math.Max(y0, float64(a.Min.Y))+in
	x1, y1 = math.Min(x1, float64(a.Max.X))-in, math.Min(y1, float64(a.Max.Y))-in
	sx = math.Max(x0, math.Min(x1, sx)) + ringX*size
	sy = math.Max(y0, math.Min(y1, sy)) + ringY*size
	v.marks.Unit(game.Seat(g.Seat-1), sx, sy, size, teamColors[g.Seat-1], alpha)
	if g.Carrying {
		v.marks.Load(sprites.MarkDiamond, sx, sy, size, stoneGlow, alpha)
	}
}

// drawGauges draws a guardian's health bar under it and, for Drax and
// Gamora, a ring that fills as their special comes back.
func (v *View) drawGauges(g *guardains.Guardian, x, y, k float64, round int, alpha float64) {
	w := k * unit * 0.9
	h := math.Max(k*unit*0.1, 2/v.cam.Scale())
	by := y + k*unit*0.52
	v.rect(x-w/2, by, w, h, render.Fade(color.NRGBA{0, 0, 0, 0xff}, 0.6*alpha))
	frac := float64(max(0, g.Health)) / float64(max(1, g.MaxHealth))
	c := good
	if frac < 0.35 {
		c = hurt
	}
	v.rect(x-w/2, by, w*frac, h, render.Fade(c, alpha))
	if (g.Hero == guardains.Drax || g.Hero == guardains.Gamora) && g.Cooldown > round {
		left := float64(g.Cooldown-round) / guardains.SpecialRest
		v.arc(x, y, k*unit*0.55, k*unit*0.08, 1-left, render.Fade(color.NRGBA{0xff, 0xe0, 0x70, 0xff}, 0.9*alpha))
	}
}

// arc queues a ring around (x, y) in world units, frac of it filled.
func (v *View) arc(x, y, r, w, frac float64, c color.NRGBA) {
	const segments = 32
	n := int(math.Ceil(frac * segments))
	for i := 0; i < n; i++ {
		a0 := -math.Pi/2 + 2*math.Pi*float64(i)/segments
		a1 := -math.Pi/2 + 2*math.Pi*math.Min(float64(i+1)/segments, frac)
		p := func(rr, a float64) [2]float64 {
			sx, sy := v.cam.ToScreen(x+rr*math.Cos(a), y+rr*math.Sin(a))
			return [2]float64{sx, sy}
		}
		v.batch.AddQuad(v.sheet.Pixel, [4][2]float64{p(r-w, a0), p(r, a0), p(r-w, a1), p(r, a1)}, c)
	}
}

// drawEffects draws what the step did: shots flying to their target and
// bursting, deaths, walls breaking into dust, teleports, heals, clues and
// beasts.
func (v *View) drawEffects(s, prev *guardains.State, mode int, m *render.Moment) {
	if m.T >= 1 {
		return
	}
	sh := v.sheet
	t := m.T
	k := v.size(1, minBadge)
	show := func(c guardains.Cell) bool { return visible(s, mode, c) || visible(prev, mode, c) }
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case guardains.Attacked:
			if !show(d.From) && !show(d.Target) {
				continue
			}
			fx, fy := center(d.From)
			tx, ty := center(d.Target)
			a := math.Atan2(ty-fy, tx-fx)
			fly := math.Min(1, t/0.45)
			px, py := fx+(tx-fx)*fly, fy+(ty-fy)*fly
			team := teamColors[d.Seat-1]
			if t < 0.45 {
				v.sprite(sh.Bolt, px, py, k*1.4, a, team)
				v.sprite(sh.Glow, px, py, k*0.8, 0, render.Fade(team, 0.8))
			} else {
				burst := (t - 0.45) / 0.55
				c := team
				if len(d.Victims) > 0 {
					c = hurt
				}
				v.sprite(sh.Ring, tx, ty, k*(0.3+1.2*burst), 0, render.Fade(c, 1-burst))
				v.sprite(sh.Spark, tx, ty, k*1.2*(1-burst), burst*3, render.Fade(white, 1-burst))
			}
		case guardains.WallBroken:
			if !show(d.At) {
				continue
			}
			x, y := center(d.At)
			nx, ny := center(d.At.Step(d.Dir, 1))
			wx, wy := (x+nx)/2, (y+ny)/2
			for i := 0; i < 8; i++ {
				a := float64(i) * math.Pi / 4
				r := unit * k * (0.1 + 0.6*render.Ease(t))
				v.sprite(sh.Disc, wx+math.Cos(a)*r, wy+math.Sin(a)*r, k*0.18*(1-t), 0, render.Fade(color.NRGBA{0xc8, 0xb8, 0x98, 0xff}, 1-t))
			}
		case guardains.Teleported:
			for _, c := range []guardains.Cell{d.From, d.To} {
				if show(c) {
					x, y := center(c)
					v.sprite(sh.Spark, x, y, k*2*(1-t), t*5, render.Fade(stoneGlow, 1-t))
					v.sprite(sh.Ring, x, y, k*(0.5+t), 0, render.Fade(stoneGlow, 1-t))
				}
			}
		case guardains.Healed:
			if show(d.At) {
				x, y := center(d.At)
				v.sprite(sh.Ring, x, y, k*(0.4+1.2*t), 0, render.Fade(good, 1-t))
			}
		case guardains.ClueFound:
			if show(d.At) {
				x, y := center(d.At)
				v.sprite(sh.Clue, x, y-unit*k*render.Ease(t), k*0.9, 0, render.Fade(white, 1-t))
			}
		case guardains.BeastHit:
			if show(d.At) {
				x, y := center(d.At)
				v.sprite(sh.Beast, x, y, k*(1+0.6*t), 0, render.Fade(white, 1-t))
			}
		case guardains.StonePicked:
			if show(d.At) {
				x, y := center(d.At)
				v.sprite(sh.Ring, x, y, k*(0.4+1.5*t), 0, render.Fade(stoneGlow, 1-t))
			}
		}
	}
}
