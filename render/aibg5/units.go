package aibg5

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/hex"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// Phases of a step's animation, as fractions of it: a move flies in the
// first part; an explosion and a respawn take the rest.
const (
	flyEnd     = 0.55
	respawnAt  = 0.6
	beamGrow   = 0.25
	numberRise = 55.0 // world units a damage number floats up
	shipScale  = 1.05 // a ship's size relative to its sprite: about a tile
)

// trapped is the violet of a black hole that holds a ship.
var trapped = color.NRGBA{0xc0, 0x90, 0xff, 0xff}

// shipPose is where a ship is drawn in a moment, facing which way, how
// visible.
type shipPose struct {
	x, y, angle, alpha float64
	moving             bool
}

// pose works out player idx's ship in the moment: flying along its move,
// through a wormhole, or exploding and coming back at its spawn.
func pose(p *aibg5.Player, m *render.Moment) shipPose {
	x, y := center(p.Pos)
	ps := shipPose{x: x, y: y, alpha: 1, angle: math.Atan2(-y, -x)}
	if x == 0 && y == 0 {
		ps.angle = 0
	}
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case aibg5.Moved:
			if d.Player != p.Idx {
				continue
			}
			fx, fy := center(d.From)
			tx, ty := center(d.To)
			if d.Via != nil {
				vx, vy := center(*d.Via)
				ps.angle = math.Atan2(vy-fy, vx-fx)
				if m.T >= 1 {
					continue
				}
				// Into the wormhole, then out of its partner.
				t := m.T / flyEnd
				switch {
				case t < 0.5:
					k := render.Ease(t * 2)
					ps.x, ps.y, ps.alpha = fx+(vx-fx)*k, fy+(vy-fy)*k, 1-k*0.8
				case t < 1:
					k := render.Ease((t - 0.5) * 2)
					ox, oy := tx-(vx-fx), ty-(vy-fy) // the partner, as seen from the exit
					ps.x, ps.y, ps.alpha = ox+(tx-ox)*k, oy+(ty-oy)*k, 0.2+0.8*k
				}
				ps.moving = t < 1
				continue
			}
			ps.angle = math.Atan2(ty-fy, tx-fx)
			if m.T < flyEnd {
				k := render.Ease(m.T / flyEnd)
				ps.x, ps.y = fx+(tx-fx)*k, fy+(ty-fy)*k
				ps.moving = true
			}
		case aibg5.Attacked:
			if d.Player == p.Idx {
				tx, ty := center(d.Hit)
				ps.angle = math.Atan2(ty-y, tx-x)
			}
		case aibg5.Died:
			if d.Player != p.Idx || m.T >= 1 {
				continue
			}
			if m.T < respawnAt {
				ps.x, ps.y = center(d.At)
				ps.alpha = math.Max(0, 1-m.T/0.25)
			} else {
				ps.alpha = (m.T - respawnAt) / (1 - respawnAt)
			}
		}
	}
	return ps
}

// drawShips draws the four ships with their health bars, levels and
// numbers; zoomed out, each is its player's marker, across a band of zoom
// the ship fading into it.
func (v *View) drawShips(b *render.Batch, g *ebiten.GeoM, s, prev *aibg5.State, m *render.Moment) {
	sh := v.sheet
	mark := v.markWeight()
	for i := range s.Players {
		p := &s.Players[i]
		if p.Removed {
			continue
		}
		ps := pose(p, m)
		if ps.alpha <= 0.01 {
			continue
		}
		ink := team(i)
		if mark > 0 {
			v.markShip(p, ps, ink, mark)
		}
		if mark >= 1 {
			continue
		}
		ps.alpha *= 1 - mark
		if p.Trapped {
			b.Add(sh.BlackHole, v.at(sh.BlackHole, ps.x, ps.y, 0.75, -m.Clock*3), render.Fade(trapped, 0.8*ps.alpha))
		}
		bob := math.Sin(m.Clock*2+float64(i)) * 2.5
		b.Add(sh.Glow, v.at(sh.Glow, ps.x, ps.y, 0.7, 0), render.Fade(ink, 0.35*ps.alpha))
		if ps.moving {
			fx, fy := ps.x-math.Cos(ps.angle)*30, ps.y-math.Sin(ps.angle)*30
			flick := 0.85 + 0.15*math.Sin(m.Clock*40)
			b.Add(sh.Flame, v.at(sh.Flame, fx, fy+bob, flick, ps.angle), render.Fade(white, ps.alpha))
		}
		b.Add(sh.Ship, v.at(sh.Ship, ps.x, ps.y+bob, shipScale, ps.angle), render.Fade(ink, ps.alpha))
		b.Add(sh.Cockpit, v.at(sh.Cockpit, ps.x, ps.y+bob, shipScale, ps.angle), render.Fade(white, ps.alpha))
		v.drawGauges(b, g, p, prev.Player(p.Idx), ps, m)
	}
}

// markWeight is how much of a ship shows as its marker at the zoom now
// (render.MarkerWeight): the ship's figure is three quarters of a hex.
func (v *View) markWeight() float64 {
	return render.MarkerWeight(0.75*v.CellSize()*v.cam.Scale(), v.scale)
}

// markShip queues player p's marker where pose ps has its ship, in colour
// ink, faded by mark: its player's shape, and a black hole's swirl on its
// shoulder while one holds it.
func (v *View) markShip(p *aibg5.Player, ps shipPose, ink color.NRGBA, mark float64) {
	size := render.MarkerSize * v.scale
	x, y := v.cam.ToScreen(ps.x, ps.y)
	alpha := ps.alpha * mark
	v.marks.Unit(game.Seat(p.Idx-1), x, y, size, ink, alpha)
	if p.Trapped {
		v.marks.Load(sprites.MarkDisc, x, y, size, trapped, alpha)
	}
}

// drawGauges draws a ship's number, its level and its health bar; the bar
// slides from the health before the step to the health after it.
func (v *View) drawGauges(b *render.Batch, g *ebiten.GeoM, p, before *aibg5.Player, ps shipPose, m *render.Moment) {
	sh := v.sheet
	x, y := ps.x, ps.y-50
	w, h := 70.0, 9.0
	frac := float64(max(0, p.Health)) / float64(max(1, p.MaxHealth))
	if m.T < 1 && before.MaxHealth > 0 {
		was := float64(max(0, before.Health)) / float64(before.MaxHealth)
		frac = was + (frac-was)*render.Ease(m.T*1.5)
	}
	bar := func(x0, w float64, c color.NRGBA) {
		var t ebiten.GeoM
		t.Scale(w/float64(sh.Pixel.Bounds().Dx()), h/float64(sh.Pixel.Bounds().Dy()))
		t.Translate(x0, y-h/2)
		t.Concat(*g)
		b.Add(sh.Pixel, &t, c)
	}
	bar(x-w/2-2, w+4, render.Fade(color.NRGBA{0, 0, 0, 0xff}, 0.7*ps.alpha))
	hc := color.NRGBA{0x5f, 0xe0, 0x7a, 0xff}
	switch {
	case frac < 0.3:
		hc = color.NRGBA{0xff, 0x50, 0x50, 0xff}
	case frac < 0.6:
		hc = color.NRGBA{0xff, 0xc8, 0x40, 0xff}
	}
	bar(x-w/2, w*frac, render.Fade(hc, ps.alpha))
	// The number under the ship and the level beside the bar.
	v.number(b, g, p.Idx, x, ps.y+44, 0.6, render.Fade(team(p.Idx-1), ps.alpha))
	v.text(b, g, "L"+render.Itoa(p.Level), x+w/2+16, y, 0.38, render.Fade(white, 0.85*ps.alpha))
}

// drawEffects draws what happened in the step: beams, hits, explosions,
// pickups, level-ups and penalties, with numbers that float up and fade.
func (v *View) drawEffects(b *render.Batch, g *ebiten.GeoM, s, prev *aibg5.State, m *render.Moment) {
	if m.T >= 1 {
		return
	}
	sh := v.sheet
	t := m.T
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case aibg5.Attacked:
			fx, fy := center(prev.Player(d.Player).Pos)
			hx, hy := center(d.Hit)
			ink := team(d.Player - 1)
			grow := math.Min(1, t/beamGrow)
			fade := 1 - math.Max(0, (t-beamGrow)/(1-beamGrow))
			ex, ey := fx+(hx-fx)*grow, fy+(hy-fy)*grow
			v.beam(b, g, fx, fy, ex, ey, 10*fade+2, render.Fade(ink, 0.5*fade))
			v.beam(b, g, fx, fy, ex, ey, 3*fade+1, render.Fade(white, 0.9*fade))
			if t >= beamGrow {
				b.Add(sh.Glow, v.at(sh.Glow, hx, hy, 0.6*fade+0.2, 0), render.Fade(ink, 0.8*fade))
				b.Add(sh.Spark, v.at(sh.Spark, hx, hy, 1.4*fade, t*3), render.Fade(white, fade))
			}
			if d.Damage > 0 {
				c, sign := color.NRGBA{0xff, 0x6b, 0x6b, 0xff}, "-"
				if d.What == aibg5.Boss && d.Victim == 0 {
					c, sign = color.NRGBA{0xff, 0xd7, 0x5e, 0xff}, "+" // score
				}
				v.floating(b, g, sign+render.Itoa(d.Damage), hx, hy-20, t, c)
			}
		case aibg5.Died:
			v.explosion(b, g, d.At, t, team(d.Player-1))
			if t > respawnAt {
				k := (t - respawnAt) / (1 - respawnAt)
				x, y := center(d.Respawn)
				b.Add(sh.Ring, v.at(sh.Ring, x, y, 0.2+0.5*k, 0), render.Fade(team(d.Player-1), 1-k))
			}
		case aibg5.AsteroidDestroyed:
			v.explosion(b, g, d.At, t, color.NRGBA{0xff, 0xb0, 0x70, 0xff})
		case aibg5.Picked:
			x, y := center(d.At)
			c := itemGlow(d.Item)
			b.Add(sh.Ring, v.at(sh.Ring, x, y, 0.15+0.6*t, 0), render.Fade(c, 1-t))
			label := "+100"
			if d.Item == aibg5.Health {
				label = "+"
			}
			v.floating(b, g, label, x, y-24, t, c)
		case aibg5.ItemSpawned:
			x, y := center(d.At)
			b.Add(sh.Spark, v.at(sh.Spark, x, y, 2*(1-t), t*4), render.Fade(itemGlow(d.Item), 1-t))
		case aibg5.LevelUp:
			x, y := center(s.Player(d.Player).Pos)
			b.Add(sh.Ring, v.at(sh.Ring, x, y, 0.3+0.9*t, 0), render.Fade(color.NRGBA{0xff, 0xe0, 0x70, 0xff}, 1-t))
			v.floating(b, g, "Lv"+render.Itoa(d.Level), x, y-64, t, color.NRGBA{0xff, 0xe0, 0x70, 0xff})
		case aibg5.Penalty:
			x, y := center(s.Player(d.Player).Pos)
			v.floating(b, g, "-"+render.Itoa(d.Amount), x, y-50, t, color.NRGBA{0xff, 0x40, 0x40, 0xff})
		case aibg5.BossStrike:
			for _, h := range d.Direct {
				x, y := center(h)
				grow := math.Min(1, t/beamGrow)
				fade := 1 - math.Max(0, (t-beamGrow)/(1-beamGrow))
				v.beam(b, g, 0, 0, x*grow, y*grow, 16*fade+3, render.Fade(bossGreen, 0.55*fade))
				v.beam(b, g, 0, 0, x*grow, y*grow, 4*fade+1, render.Fade(white, 0.9*fade))
			}
			if len(d.Pattern) > 0 {
				r := 0.0
				for _, h := range d.Pattern {
					r = math.Max(r, float64(h.Ring()))
				}
				// A shockwave rolls out to the pattern's ring.
				b.Add(sh.Ring, v.at(sh.Ring, 0, 0, r*sprites.HexRadius*1.6/sprites.DiscRadius*render.Ease(t), 0), render.Fade(bossGreen, 0.7*(1-t)))
			}
			for _, idx := range d.Damaged {
				x, y := center(s.Player(idx).Pos)
				v.floating(b, g, "-"+render.Itoa(aibg5.BossDamage), x, y-50, t, color.NRGBA{0xff, 0x6b, 0x6b, 0xff})
			}
		}
	}
}

// beam draws a line of light from (x0,y0) to (x1,y1) in world units.
func (v *View) beam(b *render.Batch, g *ebiten.GeoM, x0, y0, x1, y1, width float64, c color.NRGBA) {
	px := v.sheet.Pixel
	l := math.Hypot(x1-x0, y1-y0)
	if l < 1 {
		return
	}
	var t ebiten.GeoM
	t.Translate(0, -float64(px.Bounds().Dy())/2)
	t.Scale(l/float64(px.Bounds().Dx()), width/float64(px.Bounds().Dy()))
	t.Rotate(math.Atan2(y1-y0, x1-x0))
	t.Translate(x0, y0)
	t.Concat(*g)
	b.Add(px, &t, c)
}

// explosion draws a blast at cell h: a flash, a ring and flying sparks.
func (v *View) explosion(b *render.Batch, g *ebiten.GeoM, h hex.Hex, t float64, c color.NRGBA) {
	sh := v.sheet
	x, y := center(h)
	if t < 0.6 {
		k := t / 0.6
		b.Add(sh.Glow, v.at(sh.Glow, x, y, 0.4+1.2*k, 0), render.Fade(color.NRGBA{0xff, 0xe6, 0xb0, 0xff}, 1-k))
		b.Add(sh.Ring, v.at(sh.Ring, x, y, 0.2+0.9*k, 0), render.Fade(c, 1-k))
	}
	for i := 0; i < 10; i++ {
		a := float64(i) * 2 * math.Pi / 10
		r := 20 + 90*render.Ease(t)
		b.Add(sh.Spark, v.at(sh.Spark, x+math.Cos(a)*r, y+math.Sin(a)*r, 0.7*(1-t), a), render.Fade(c, 1-t))
	}
}

// floating draws a short label that rises and fades over the step.
func (v *View) floating(b *render.Batch, g *ebiten.GeoM, s string, x, y, t float64, c color.NRGBA) {
	a := 1.0
	if t > 0.6 {
		a = 1 - (t-0.6)/0.4
	}
	v.text(b, g, s, x, y-numberRise*render.Ease(t), 0.55, render.Fade(c, a))
}
