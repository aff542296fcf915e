package aic21

import (
	"image/color"
	"math"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// drawResources draws the bread and grass: piles whose size follows their
// amount, growing and shrinking through the step, with the amount written
// beside them when the cells are big enough to read.
func (v *View) drawResources(s, prev *aic21.State, m *render.Moment) {
	sh := v.sheet
	t := render.Ease((m.T - 0.45) / 0.45)
	label := v.cellPx >= 34
	for i := range s.ResType {
		r0, r1 := prev.ResType[i], s.ResType[i]
		if r0 == aic21.NoRes && r1 == aic21.NoRes {
			continue
		}
		a0, a1 := prev.ResAmount[i], s.ResAmount[i]
		x, y := center(s.CellOf(i))
		pile := func(r aic21.Res, amount, alpha float64) {
			if r == aic21.NoRes || alpha <= 0 || amount <= 0 {
				return
			}
			imgs, glow := &sh.Bread, bread
			if r == aic21.Grass {
				imgs, glow = &sh.Grass, grass
			}
			k := 0
			switch {
			case amount >= 25:
				k = 2
			case amount >= 10:
				k = 1
			}
			w := unit * (0.74 + 0.26*math.Min(1, amount/50))
			sway := 0.0
			if r == aic21.Grass {
				sway = math.Sin(m.Clock*1.3+x*0.05+y*0.03) * 0.06
			}
			v.sprite(sh.Glow, x, y, unit*1.25, 0, render.Fade(glow, 0.16*alpha))
			v.sprite(imgs[k], x, y, w, sway, render.Fade(white, alpha))
		}
		if r0 == r1 {
			pile(r1, float64(a0)+float64(a1-a0)*t, 1)
		} else {
			pile(r0, float64(a0), 1-t)
			pile(r1, float64(a1)*t, math.Min(1, t*2))
		}
		r, a := r1, a1
		if t < 0.5 && r0 != aic21.NoRes {
			r, a = r0, a0
		}
		if label && r != aic21.NoRes {
			v.glyphs(render.Itoa(a), x+unit*0.3, y+unit*0.33, unit*0.27, resColor(r))
		}
	}
}

// lighter is c mixed halfway to white.
func lighter(c color.NRGBA) color.NRGBA {
	return color.NRGBA{c.R/2 + 0x80, c.G/2 + 0x80, c.B/2 + 0x80, c.A}
}

// drawBases draws each colony's anthill in a glow of its colour, with its
// health over it; a hit makes it flash, and a fallen one smokes.
func (v *View) drawBases(s *aic21.State, m *render.Moment) {
	sh := v.sheet
	for c := range s.Colonies {
		if !s.BaseKnown(c) {
			continue
		}
		col := &s.Colonies[c]
		x, y := center(col.Base)
		team := teamColors[c]
		pulse := 0.85 + 0.15*math.Sin(m.Clock*2+float64(c)*2)
		fallen := col.BaseHealth <= 0
		tint := white
		if fallen {
			tint = color.NRGBA{0x70, 0x68, 0x60, 0xff}
		} else {
			v.sprite(sh.Glow, x, y, unit*3.2*pulse, 0, render.Fade(team, 0.32))
		}
		v.sprite(sh.Anthill[c], x, y+unit*0.05, unit*2, 0, tint)
		if at := v.step.baseHit[c]; at >= 0 && m.T >= at && m.T < at+0.35 {
			k := (m.T - at) / 0.35
			v.sprite(sh.Glow, x, y, unit*(1.6+k), 0, render.Fade(hurt, 0.8*(1-k)))
			v.sprite(sh.Ring, x, y, unit*(0.6+1.6*k), 0, render.Fade(hurt, 1-k))
		}
		if s.Over && s.Winner == c {
			for k := range 5 {
				a := m.Clock*0.8 + float64(k)*2*math.Pi/5
				v.sprite(sh.Spark, x+math.Cos(a)*unit*1.1, y+math.Sin(a)*unit*0.8, unit*(0.5+0.15*math.Sin(m.Clock*3+float64(k))), a, render.Fade(bread, 0.9))
			}
			v.sprite(sh.Ring, x, y, unit*2.6*pulse, 0, render.Fade(bread, 0.6))
		}
		if fallen {
			for k := range 4 {
				p := math.Mod(m.Clock*0.35+float64(k)/4, 1)
				v.sprite(sh.Glow, x+math.Sin(p*5+float64(k))*unit*0.2, y-unit*(0.1+0.9*p), unit*(0.5+0.8*p), 0,
					render.Fade(color.NRGBA{0x50, 0x4a, 0x48, 0xff}, 0.5*(1-p)))
			}
		}
	}
}

// drawBaseBars draws each base's health over its mound, above the units.
func (v *View) drawBaseBars(s *aic21.State) {
	full := float64(max(1, s.FullHealth.Base))
	for c := range s.Colonies {
		if !s.BaseKnown(c) || s.Hidden(c) {
			continue
		}
		col := &s.Colonies[c]
		x, y := center(col.Base)
		bw, bh := unit*1.5, unit*0.2
		bx, by := x-bw/2, y-unit*0.98
		v.rect(bx-unit*0.03, by-unit*0.03, bw+unit*0.06, bh+unit*0.06, render.Fade(black, 0.7))
		frac := render.Clamp01(float64(col.BaseHealth) / full)
		fill := teamColors[c]
		if frac < 0.3 {
			fill = hurt
		}
		v.rect(bx, by, bw*frac, bh, fill)
		if v.cellPx >= 30 {
			v.glyphs(render.Itoa(max(0, col.BaseHealth)), x, by+bh/2, bh*1.15, white)
		}
	}
}

// drawUnits draws the ants and scorpions where the moment has them: each
// in its place on its cell, walking the short way round to its next one,
// facing where it goes, with its health, its id and what it carries when
// the zoom leaves room; units that died fall and fade.
func (v *View) drawUnits(s, prev *aic21.State, mode int, m *render.Moment) {
	st := &v.step
	sh := v.sheet
	tw := st.walkT(m.T)
	// Zoomed out, a unit is its colony's marker; across a band of zoom
	// the sprite fades into it.
	mark := v.markWeight()
	for i := range st.drawn {
		st.drawn[i].on = false
	}
	for i := range s.Units {
		u := &s.Units[i]
		if v.hidden(mode, u.Colony, u.Cell()) {
			continue
		}
		x1, y1, side1, shown1 := v.placeOf(s, &st.is, i)
		x, y, side, alpha := x1, y1, side1, 1.0
		pi := unitIndex(prev, u.ID)
		moving := false
		angle := st.facePrev[u.ID]
		if pi >= 0 && prev != s {
			x0, y0, side0, shown0 := v.placeOf(prev, &st.was, pi)
			x1, y1 = near(x1, y1, x0, y0, s)
			x, y, side = x0+(x1-x0)*tw, y0+(y1-y0)*tw, side0+(side1-side0)*tw
			if !shown0 && !shown1 {
				continue
			}
			switch {
			case !shown0:
				alpha = tw
			case !shown1:
				alpha = 1 - tw
			}
			if from := prev.Units[pi].Cell(); from != u.Cell() {
				moving = true
				to := facing(s, from, u.Cell())
				if math.IsNaN(angle) {
					angle = to
				}
				angle = turn(angle, to, render.Clamp01(tw*4))
			}
		} else if !shown1 {
			continue
		} else if prev != s {
			// Just hatched: it climbs out of the anthill.
			side *= render.EaseOutBack((m.T - 0.15) / 0.6)
		}
		if math.IsNaN(angle) {
			angle = 0
		}
		if !moving {
			angle += math.Sin(m.Clock*1.7+float64(u.ID)*1.3) * 0.07
		}
		// A hit makes it shake and flash.
		var flash float64
		if at := st.hitAt[u.ID]; at >= 0 && m.T >= at && m.T < at+0.3 {
			flash = 1 - (m.T-at)/0.3
			x += math.Sin(m.T*90) * side * 0.05 * flash
		}
		frame := 0
		if moving && tw > 0 && tw < 1 {
			frame = int(tw*8) % 2
			y -= math.Abs(math.Sin(tw*math.Pi*4)) * side * 0.03
		}
		st.drawn[u.ID] = spot{x, y, side, true}
		v.markUnit(u, x, y, alpha*mark)
		if mark < 1 {
			v.drawUnit(u, x, y, side, angle, frame, alpha*(1-mark), flash, m)
		}
	}
	// A crowd's leftovers are counted at its cell's corner.
	g := v.places()
	for i := range s.Units {
		u := &s.Units[i]
		n := int(st.is.count[s.At(u.Cell())])
		if n <= g*g || int(st.is.rank[i]) != 0 || v.hidden(mode, u.Colony, u.Cell()) {
			continue
		}
		x, y := center(u.Cell())
		label := render.Signed(n - g*g)
		r := math.Max(unit*0.15, 6/v.cam.Scale())
		off := unit*0.5 - r // the cell's corner, or past a marker's
		if mark > 0 {
			off = math.Max(off, render.MarkerSize*v.scale*0.5/v.cam.Scale()+r*0.5)
		}
		bx, by := x+off, y+off
		for k := range len(label) - 1 {
			v.sprite(sh.Disc, bx-float64(k)*r*0.9, by, r*2, 0, render.Fade(color.NRGBA{0x14, 0x12, 0x0e, 0xff}, 0.9))
		}
		v.glyphs(label, bx-float64(len(label)-2)*r*0.45, by, r*1.4, white)
	}
	// The dead fall over and fade as the hit that killed them lands.
	for _, d := range st.died {
		if v.hidden(mode, d.Unit.Colony, d.At) {
			continue
		}
		pi := unitIndex(prev, d.Unit.ID)
		if pi < 0 {
			continue
		}
		x, y, side, shown := v.placeOf(prev, &st.was, pi)
		if !shown {
			continue
		}
		at := st.hitAt[d.Unit.ID]
		if at < 0 {
			at = 0.4
		}
		k := render.Clamp01((m.T - at) / 0.4)
		if k >= 1 {
			continue
		}
		v.markUnit(&d.Unit, x, y, (1-k)*mark)
		if mark < 1 {
			v.drawUnit(&d.Unit, x, y, side*(1-0.4*k), k*2.4, 0, (1-k)*(1-mark), 1-k, m)
		}
		for p := range 6 {
			a := float64(p)*math.Pi/3 + 0.4
			r := side * (0.15 + 0.5*render.Ease(k))
			v.sprite(sh.Disc, x+math.Cos(a)*r, y+math.Sin(a)*r, side*0.12*(1-k), 0, render.Fade(color.NRGBA{0xc8, 0xb8, 0x98, 0xff}, 1-k))
		}
	}
}

// turn goes from angle a to b the short way round, by t.
func turn(a, b, t float64) float64 {
	d := math.Mod(b-a+3*math.Pi, 2*math.Pi) - math.Pi
	return a + d*t
}

// markWeight is how much of a unit shows as its marker at the zoom now
// (render.MarkerWeight): an ant alone on its cell is half as wide.
func (v *View) markWeight() float64 { return render.MarkerWeight(v.cellPx/2, v.scale) }

// markUnit queues unit u's marker centred at world point (x, y), in every
// turn of the torus where it is on screen, faded by alpha: its colony's
// shape and colour, a scorpion's bigger, and what a worker carries on its
// shoulder.
func (v *View) markUnit(u *aic21.Unit, x, y, alpha float64) {
	if alpha <= 0 {
		return
	}
	size := render.MarkerSize * v.scale
	if u.Soldier {
		size *= 1.25
	}
	reach := size / v.cam.Scale()
	for _, ox := range v.offX {
		for _, oy := range v.offY {
			if !v.visible(x+ox, y+oy, reach) {
				continue
			}
			sx, sy := v.cam.ToScreen(x+ox, y+oy)
			v.marks.Unit(game.Seat(u.Colony), sx, sy, size, teamColors[u.Colony], alpha)
			if !u.Soldier && u.Carry != aic21.NoRes {
				v.marks.Load(sprites.MarkDisc, sx, sy, size, resColor(u.Carry), alpha)
			}
		}
	}
}

// drawUnit draws one unit centred at (x, y) in a place side wide.
func (v *View) drawUnit(u *aic21.Unit, x, y, side, angle float64, frame int, alpha, flash float64, m *render.Moment) {
	sh := v.sheet
	team := teamColors[u.Colony]
	px := side * v.cam.Scale()
	img, w := sh.Ant[u.Colony][frame], side*1.08
	if u.Soldier {
		img, w = sh.Scorpion[u.Colony][frame], side*1.2
	}
	v.sprite(sh.Glow, x, y, side*1.1, 0, render.Fade(team, 0.36*alpha))
	if u.Stuck > 0 {
		v.sprite(sh.Ring, x, y, side*0.8, 0, render.Fade(mud, 0.7*alpha))
		for k := range 3 {
			p := math.Mod(m.Clock*0.8+float64(k)/3+float64(u.ID)*0.37, 1)
			v.sprite(sh.Ring, x+(float64(k)-1)*side*0.22, y+side*0.2-p*side*0.3, side*0.1*(0.5+p), 0, render.Fade(mud, alpha*(1-p)))
		}
	}
	v.sprite(img, x, y, w, angle, render.Fade(white, alpha))
	if flash > 0 {
		v.sprite(sh.Glow, x, y, side*1.1, 0, render.Fade(hurt, 0.9*flash*alpha))
	}
	if !u.Soldier && u.Carry != aic21.NoRes {
		// What it carries, upright at its shoulder.
		icon, glow := sh.Bread[1], bread
		if u.Carry == aic21.Grass {
			icon, glow = sh.Grass[1], grass
		}
		cx, cy := x+side*0.3, y-side*0.3
		v.sprite(sh.Disc, cx, cy, side*0.36, 0, render.Fade(color.NRGBA{0x14, 0x12, 0x0e, 0xff}, 0.75*alpha))
		v.sprite(sh.Glow, cx, cy, side*0.5, 0, render.Fade(glow, 0.5*alpha))
		v.sprite(icon, cx, cy, side*0.5, 0, render.Fade(white, alpha))
	}
	if px >= 14 {
		// Health, under the unit.
		full := v.step.cur.FullHealth.Worker
		if u.Soldier {
			full = v.step.cur.FullHealth.Soldier
		}
		frac := render.Clamp01(float64(u.Health) / float64(max(1, full)))
		bw := side * 0.62
		bh := math.Max(side*0.075, 2.2/v.cam.Scale())
		bx, by := x-bw/2, y+side*0.4
		v.rect(bx, by, bw, bh, render.Fade(black, 0.65*alpha))
		c := healthy
		if frac <= 0.34 {
			c = hurt
		} else if frac < 0.67 {
			c = color.NRGBA{0xf2, 0xc8, 0x4a, 0xff}
		}
		v.rect(bx, by, bw*frac, bh, render.Fade(c, alpha))
	}
	if px >= 34 {
		// The id, on a badge of the colony's colour.
		id := render.Itoa(u.ID)
		bx, by := x-side*0.34, y-side*0.34
		r := side * 0.13
		badge := sh.Disc // colony 1's is square: the colonies differ in shape too
		if u.Colony == 1 {
			badge = sh.Square
		}
		for k := range len(id) {
			v.sprite(badge, bx+float64(k)*r*0.9, by, r*2, 0, render.Fade(dim(team), 0.92*alpha))
		}
		v.glyphs(id, bx+float64(len(id)-1)*r*0.45, by, r*1.5, render.Fade(white, alpha))
	}
}

// dim is c darkened, for badges under white text.
func dim(c color.NRGBA) color.NRGBA {
	return color.NRGBA{c.R * 5 / 9, c.G * 5 / 9, c.B * 5 / 9, c.A}
}

// drawEffects draws what the step did besides walking: stings and base
// shots flying in arcs and bursting on their victims with the damage,
// food picked up, delivered, or lost in a trap, resources appearing,
// units hatching, and the chat of the turn over its senders.
func (v *View) drawEffects(s, prev *aic21.State, mode int, m *render.Moment) {
	st := &v.step
	sh := v.sheet
	t := m.T
	if prev != s && t < 1 {
		for i, h := range s.Attacks {
			sx, sy, sok := v.fighterAt(prev, h.Attacker, h.From)
			dx, dy, dok := v.fighterAt(prev, h.Defender, h.To)
			if !sok || !dok || (v.hidden(mode, h.Colony, h.From) && v.hidden(mode, 1-h.Colony, h.To)) {
				continue
			}
			dx, dy = near(dx, dy, sx, sy, s)
			p := (t - shotStart(i)) / shotFlight
			team := teamColors[h.Colony]
			if p >= 0 && p <= 1 {
				dist := math.Hypot(dx-sx, dy-sy)
				lift := dist * 0.35
				x, y := sx+(dx-sx)*p, sy+(dy-sy)*p-math.Sin(p*math.Pi)*lift
				// The arc's tangent, for the shot's heading.
				tx, ty := dx-sx, dy-sy-math.Cos(p*math.Pi)*math.Pi*lift
				a := math.Atan2(ty, tx)
				for k := 1; k <= 4; k++ {
					q := p - float64(k)*0.05
					if q < 0 {
						break
					}
					v.sprite(sh.Disc, sx+(dx-sx)*q, sy+(dy-sy)*q-math.Sin(q*math.Pi)*lift, unit*0.12*(1-float64(k)*0.2), 0,
						render.Fade(team, 0.5*(1-float64(k)*0.22)))
				}
				w := unit * 0.9
				if h.Attacker < 0 {
					w = unit * 1.2
				}
				v.sprite(sh.Glow, x, y, w*1.1, 0, render.Fade(team, 0.9))
				v.sprite(sh.Bolt, x, y, w, a, lighter(team))
				v.sprite(sh.Glow, x, y, w*0.35, 0, white)
			}
			if q := (t - shotStart(i) - shotFlight) / 0.3; q >= 0 && q <= 1 {
				v.sprite(sh.Ring, dx, dy, unit*(0.3+0.9*q), 0, render.Fade(hurt, 1-q))
				v.sprite(sh.Spark, dx, dy, unit*0.9*(1-q), q*3, render.Fade(white, 1-q))
			}
		}
		v.drawDamage(s, prev, mode, t)
	}
	if prev == s {
		return
	}
	rise := render.Ease(t) * unit * 0.5
	fade := 1 - render.Ease((t-0.7)/0.3)
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case aic21.Picked:
			if sp := st.spotOf(d.Unit); sp.on && t >= 0.5 && t < 1 {
				v.glyphs(render.Signed(d.Amount), sp.x, sp.y-sp.side*0.5-rise*0.5, unit*0.3*math.Max(0.6, sp.side/unit), render.Fade(resColor(d.Res), fade))
			}
		case aic21.Delivered:
			if t < 1 {
				x, y := center(s.Colonies[d.Colony].Base)
				dy := 0.0
				if d.Res == aic21.Grass {
					dy = unit * 0.32
				}
				v.glyphs(render.Signed(d.Amount), x, y-unit*1.3-rise+dy, unit*0.4, render.Fade(resColor(d.Res), fade))
				v.sprite(sh.Ring, x, y, unit*(0.6+1.4*render.Ease(t)), 0, render.Fade(resColor(d.Res), 0.8*(1-t)))
			}
		case aic21.Trapped:
			if t < 1 && !v.hidden(mode, int(e.Seat), d.At) {
				x, y := center(d.At)
				v.sprite(sh.Ring, x, y, unit*(0.3+0.9*t), 0, render.Fade(hurt, 1-t))
				if d.Amount > 0 {
					v.glyphs(render.Signed(-d.Amount), x, y-unit*0.5-rise, unit*0.34, render.Fade(hurt, fade))
				}
			}
		case aic21.Appeared:
			if t < 1 {
				x, y := center(d.At)
				v.sprite(sh.Spark, x, y, unit*1.4*(1-t), t*4, render.Fade(resColor(d.Res), 1-t))
				v.sprite(sh.Ring, x, y, unit*(0.4+1.2*t), 0, render.Fade(resColor(d.Res), 1-t))
			}
		case aic21.Spawned:
			if t < 1 {
				x, y := center(s.Colonies[d.Unit.Colony].Base)
				v.sprite(sh.Ring, x, y, unit*(0.4+1.4*render.Ease(t)), 0, render.Fade(teamColors[d.Unit.Colony], 0.8*(1-t)))
			}
		}
	}
	// The turn's chat over its senders.
	if v.cellPx >= 20 {
		for id, said := range st.chatted {
			if sp := st.drawn[id]; said && sp.on {
				bob := math.Sin(m.Clock*3+float64(id)) * sp.side * 0.03
				v.sprite(sh.Bubble, sp.x+sp.side*0.05, sp.y-sp.side*0.5+bob, math.Max(sp.side*0.5, unit*0.3), 0, render.Fade(white, 0.92))
			}
		}
	}
}

// spotOf is where unit id is drawn now.
func (st *step) spotOf(id int) spot {
	if id < 0 || id >= len(st.drawn) {
		return spot{}
	}
	return st.drawn[id]
}

func resColor(r aic21.Res) color.NRGBA {
	if r == aic21.Grass {
		return lighter(grass)
	}
	return lighter(bread)
}

// fighterAt is where an attacker or defender stood when the turn's attacks
// were resolved: a base's middle, or a unit's place in the frame before.
func (v *View) fighterAt(prev *aic21.State, id int, at aic21.Cell) (float64, float64, bool) {
	if id < 0 {
		c := -1 - id
		if c > 1 {
			return 0, 0, false
		}
		x, y := center(prev.Colonies[c].Base)
		return x, y, true
	}
	if i := unitIndex(prev, id); i >= 0 {
		x, y, _, _ := v.placeOf(prev, &v.step.was, i)
		return x, y, true
	}
	x, y := center(at)
	return x, y, true
}

// drawDamage writes the health each victim lost, rising from it as the
// first hit lands.
func (v *View) drawDamage(s, prev *aic21.State, mode int, t float64) {
	st := &v.step
	for i := range prev.Units {
		u := &prev.Units[i]
		at := st.hitAt[u.ID]
		if at < 0 || t < at || t >= at+0.6 || v.hidden(mode, u.Colony, u.Cell()) {
			continue
		}
		lost := u.Health
		if j := unitIndex(s, u.ID); j >= 0 {
			lost -= s.Units[j].Health
		}
		if lost <= 0 {
			continue
		}
		x, y, side, _ := v.placeOf(prev, &st.was, i)
		k := (t - at) / 0.6
		v.glyphs(render.Signed(-lost), x, y-side*0.45-render.Ease(k)*unit*0.4, unit*0.34, render.Fade(hurt, 1-render.Ease((k-0.6)/0.4)))
	}
	for c := range 2 {
		at := st.baseHit[c]
		if at < 0 || t < at || t >= at+0.6 {
			continue
		}
		lost := prev.Colonies[c].BaseHealth - s.Colonies[c].BaseHealth
		if lost <= 0 {
			continue
		}
		x, y := center(s.Colonies[c].Base)
		k := (t - at) / 0.6
		v.glyphs(render.Signed(-lost), x+unit*0.9, y-unit*0.9-render.Ease(k)*unit*0.5, unit*0.42, render.Fade(hurt, 1-render.Ease((k-0.6)/0.4)))
	}
}
