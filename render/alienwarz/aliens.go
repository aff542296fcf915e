package alienwarz

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/render"
)

// walkEnd is the part of a step's animation that a walk takes.
const walkEnd = 0.7

// drawAliens draws the two aliens: idling with a blink, hopping along their
// path, swinging a pickaxe at a deposit, caught in ice, wobbling under stars.
func (v *View) drawAliens(s, prev *alienwarz.State, m *render.Moment) {
	sh := v.sheet
	for p := 1; p <= 2; p++ {
		me := s.Player(p)
		x, y := v.centerOf(me.Pos)
		hop, lean, swing := 0.0, 0.0, -1.0
		var mineAt alienwarz.Cell
		for _, e := range m.Cur.Events {
			switch d := e.Data.(type) {
			case alienwarz.Moved:
				if d.Player != p || m.T >= walkEnd {
					continue
				}
				t := m.T / walkEnd
				fx, fy := v.centerOf(d.From)
				tx, ty := v.centerOf(d.To)
				x, y = fx+(tx-fx)*render.Ease(t), fy+(ty-fy)*render.Ease(t)
				steps := float64(max(1, d.From.Distance(d.To)))
				hop = math.Abs(math.Sin(t*steps*math.Pi)) * v.cell * 0.18
				lean = math.Copysign(0.12, tx-fx+1e-9) * math.Min(1, math.Abs(tx-fx)/v.cell)
			case alienwarz.Mined:
				if d.Player == p && m.T < 1 {
					swing, mineAt = m.T, d.At
				}
			}
		}
		team := teamColors[p-1]
		idle := math.Sin(m.Clock*3+float64(p)*1.7) * v.cell * 0.02
		angle := lean
		if me.Daze > 0 {
			angle += math.Sin(m.Clock*5) * 0.22
		}
		v.sprite(sh.Glow, x, y, 0.9, 0, render.Fade(team, 0.3))
		v.sprite(sh.Alien[p-1], x, y-hop+idle, 0.8, angle, white)
		eyes := sh.Eyes
		if math.Mod(m.Clock+float64(p)*1.3, 3.2) < 0.12 {
			eyes = sh.Shut
		}
		v.sprite(eyes, x, y-hop+idle, 0.8, angle, white)
		if swing >= 0 {
			// The pickaxe swings down at the deposit twice.
			tx, ty := v.centerOf(mineAt)
			dir := math.Atan2(ty-y, tx-x)
			a := dir - 0.9 + 1.4*math.Abs(math.Sin(swing*2*math.Pi))
			v.sprite(sh.Pick, x+math.Cos(dir)*v.cell*0.32, y+math.Sin(dir)*v.cell*0.32, 0.5, a+math.Pi/2, white)
		}
		if me.Frozen > 0 {
			v.sprite(sh.Ice, x, y, 0.86, 0, color.NRGBA{0xff, 0xff, 0xff, 0xd0})
		}
		if me.Daze > 0 {
			for k := 0; k < 3; k++ {
				a := m.Clock*2.5 + float64(k)*2*math.Pi/3
				v.sprite(sh.Star, x+math.Cos(a)*v.cell*0.3, y-v.cell*0.42+math.Sin(a)*v.cell*0.08, 0.22, a, white)
			}
		}
	}
}

// drawEffects draws what the step did: purchases rise from the buyer,
// conversions rain coins, bolts and stars, an invalid action flashes a red
// cross, an attack sparks, a destroyed factory bursts, items fly between an
// alien and a factory.
func (v *View) drawEffects(s, prev *alienwarz.State, m *render.Moment) {
	if m.T >= 1 {
		return
	}
	sh := v.sheet
	t := m.T
	fade := 1 - render.Ease((t-0.6)/0.4)
	rise := render.Ease(t) * v.cell * 0.6
	for _, e := range m.Cur.Events {
		switch d := e.Data.(type) {
		case alienwarz.Bought:
			x, y := v.centerOf(s.Player(d.Player).Pos)
			img, spin := sh.Bag, 0.0
			switch d.Item {
			case alienwarz.Freeze:
				img, spin = sh.Snow, t*3
			case alienwarz.Daze:
				img, spin = sh.Swirl, t*6
			}
			v.sprite(sh.Glow, x, y-rise, 0.6, 0, render.Fade(white, 0.5*fade))
			v.sprite(img, x, y-rise, 0.5, spin, render.Fade(white, fade))
		case alienwarz.Converted:
			x, y := v.centerOf(s.Player(d.Player).Pos)
			icons := 0
			for _, gained := range [3]struct {
				n   int
				img *ebiten.Image
			}{{d.Coins, sh.Coin}, {d.Energy, sh.Bolt}, {d.XP, sh.XPStar}} {
				if gained.n <= 0 {
					continue
				}
				dx := (float64(icons) - 1) * v.cell * 0.3
				icons++
				v.sprite(gained.img, x+dx, y-rise, 0.32, 0, render.Fade(white, fade))
			}
		case alienwarz.Invalid:
			x, y := v.centerOf(prev.Player(d.Player).Pos)
			k := 0.6 + 0.3*math.Sin(t*math.Pi)
			v.sprite(sh.Glow, x, y, 1.1, 0, render.Fade(bad, 0.5*fade))
			v.sprite(sh.Cross, x, y, k, 0, render.Fade(bad, fade))
		case alienwarz.Attacked:
			x, y := v.centerOf(d.At)
			for k := 0; k < 8; k++ {
				a := float64(k) * math.Pi / 4
				r := v.cell * (0.15 + 0.45*render.Ease(t))
				v.sprite(sh.Disc, x+math.Cos(a)*r, y+math.Sin(a)*r, 0.08*(1-t), 0, render.Fade(gold, 1-t))
			}
			if d.Destroyed {
				v.sprite(sh.Glow, x, y, 0.6+1.2*t, 0, render.Fade(color.NRGBA{0xff, 0xa0, 0x50, 0xff}, 1-t))
				v.sprite(sh.Ring, x, y, 0.3+0.9*t, 0, render.Fade(white, 1-t))
			}
		case alienwarz.Put, alienwarz.Took:
			var from, to alienwarz.Cell
			n := 0
			if p, ok := d.(alienwarz.Put); ok {
				from, to, n = s.Player(p.Player).Pos, p.At, p.Minerals+p.Diamonds
			} else {
				tk := d.(alienwarz.Took)
				from, to, n = tk.At, s.Player(tk.Player).Pos, tk.Minerals+tk.Diamonds
			}
			fx, fy := v.centerOf(from)
			tx, ty := v.centerOf(to)
			for k := 0; k < min(n, 5); k++ {
				tk := math.Max(0, math.Min(1, t*1.6-float64(k)*0.12))
				x, y := fx+(tx-fx)*render.Ease(tk), fy+(ty-fy)*render.Ease(tk)-math.Sin(tk*math.Pi)*v.cell*0.4
				v.sprite(sh.Mineral, x, y, 0.25, 0, render.Fade(white, 1-tk*0.5))
			}
		case alienwarz.Replenished:
			x, y := v.centerOf(d.At)
			v.sprite(sh.Ring, x, y, 0.3+0.7*t, 0, render.Fade(color.NRGBA{0x9a, 0xff, 0xb0, 0xff}, 1-t))
		case alienwarz.Dropped:
			x, y := v.centerOf(s.Player(d.Player).Pos)
			for k := range d.Items {
				if k >= 5 {
					break
				}
				fx := x + (float64(k)-2)*v.cell*0.15
				v.sprite(sh.Mineral, fx, y+render.Ease(t)*v.cell*0.5, 0.22, t*3, render.Fade(white, 1-t))
			}
		}
	}
}
