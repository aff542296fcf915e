package alienwarz

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// cardH is the height of a player's card in the column beside the board.
const cardH = 150

// card is player p's card on screen.
func (v *View) card(p int) image.Rectangle {
	s := v.scale
	y := float64(v.hud.Min.Y) + float64(p-1)*(cardH+10)*s
	return image.Rect(v.hud.Min.X, int(y), v.hud.Max.X, int(y+cardH*s))
}

// icon queues an icon of the atlas centred at screen point (x, y), size
// pixels wide.
func (v *View) icon(img *ebiten.Image, x, y, size float64, c color.NRGBA) {
	v.sprite(img, x, y, size/float64(img.Bounds().Dx())*sprites.AlienCell/v.cell, 0, c)
}

// drawHUDIcons queues the icons and bars of both cards: energy, coins, XP,
// the bag's items and fill, the active effects.
func (v *View) drawHUDIcons(s *alienwarz.State, m *render.Moment) {
	sh := v.sheet
	sc := v.scale
	for p := 1; p <= 2; p++ {
		me := s.Player(p)
		r := v.card(p)
		x, y := float64(r.Min.X)+14*sc, float64(r.Min.Y)
		w := float64(r.Dx()) - 28*sc
		// Energy.
		ey := y + 46*sc
		v.icon(sh.Bolt, x+9*sc, ey+7*sc, 18*sc, white)
		v.bar(x+24*sc, ey+2*sc, w-70*sc, 10*sc, render.Fade(white, 0.12))
		frac := float64(me.Energy) / 1000
		ec := teamColors[p-1]
		if frac < 0.25 {
			ec = bad
		}
		v.bar(x+24*sc, ey+2*sc, (w-70*sc)*math.Min(1, frac), 10*sc, ec)
		// Coins and XP.
		cy := y + 70*sc
		v.icon(sh.Coin, x+9*sc, cy+8*sc, 18*sc, white)
		v.icon(sh.XPStar, x+w/2+9*sc, cy+8*sc, 18*sc, white)
		// The bag: its fill and its items.
		by := y + 98*sc
		v.icon(sh.Bag, x+9*sc, by+8*sc, 18*sc, white)
		capacity := max(1, me.Capacity)
		weight := s.Weight(p)
		v.bar(x+24*sc, by+2*sc, w-70*sc, 6*sc, render.Fade(white, 0.12))
		v.bar(x+24*sc, by+2*sc, (w-70*sc)*math.Min(1, float64(weight)/float64(capacity)), 6*sc, gold)
		for k, it := range me.Bag {
			if k >= 16 {
				break
			}
			img := sh.Mineral
			if it.Kind == alienwarz.Diamond {
				img = sh.Diamond
			}
			size := 30 * sc
			if it.Processed {
				size = 24 * sc
				v.icon(sh.Glow, x+30*sc+float64(k)*15*sc, by+22*sc, 22*sc, render.Fade(gold, 0.6))
			}
			v.icon(img, x+30*sc+float64(k)*15*sc, by+22*sc, size, white)
		}
		// Effects, with their turns left.
		ex := float64(r.Max.X) - 24*sc
		for _, fx := range [3]struct {
			n   int
			img *ebiten.Image
		}{{me.Frozen, sh.Snow}, {me.Daze, sh.Swirl}, {me.Backpack, sh.Bag}} {
			if fx.n <= 0 {
				continue
			}
			pulse := 0.8 + 0.2*math.Sin(m.Clock*4)
			v.icon(sh.Glow, ex, y+20*sc, 34*sc, render.Fade(iceBlue, 0.4*pulse))
			v.icon(fx.img, ex, y+20*sc, 22*sc, white)
			ex -= 48 * sc
		}
	}
}

// drawHUDText writes the cards' names and numbers.
func (v *View) drawHUDText(dst *ebiten.Image, s *alienwarz.State) {
	sc := v.scale
	for p := 1; p <= 2; p++ {
		me := s.Player(p)
		r := v.card(p)
		x, y := float64(r.Min.X)+14*sc, float64(r.Min.Y)
		w := float64(r.Dx()) - 28*sc
		name := me.Name
		if name == "" {
			name = lang.F("Player %d", p)
		}
		render.Text(dst, name, render.Bold, 17*sc, x+16*sc, y+12*sc, render.Ink, render.Left)
		render.Disc(dst, x+5*sc, y+22*sc, 6*sc, teamColors[p-1])
		render.Text(dst, lang.Digits(render.Itoa(me.Energy)), render.Bold, 14*sc, x+w, y+42*sc, render.Ink, render.Right)
		render.Text(dst, lang.Digits(render.Itoa(me.Coins)), render.Bold, 15*sc, x+24*sc, y+70*sc, render.Ink, render.Left)
		render.Text(dst, said("%d XP", me.XP), render.Bold, 15*sc, x+w/2+24*sc, y+70*sc, render.Ink, render.Left)
		render.Text(dst, lang.Digits(render.OutOf(s.Weight(p), me.Capacity)), render.Bold, 13*sc, x+w, y+94*sc, render.InkDim, render.Right)
		// Turns left of the active effects, under their icons.
		ex := float64(r.Max.X) - 24*sc
		for _, n := range [3]int{me.Frozen, me.Daze, me.Backpack} {
			if n <= 0 {
				continue
			}
			render.Text(dst, lang.Digits(render.Itoa(n)), render.Bold, 12*sc, ex, y+34*sc, iceBlue, render.Center)
			ex -= 48 * sc
		}
	}
}

// drawHUDCards draws the cards' panels, under the icons.
func (v *View) drawHUDCards(dst *ebiten.Image, s *alienwarz.State) {
	sc := v.scale
	for p := 1; p <= 2; p++ {
		r := v.card(p)
		render.Panel(dst, r, 12*sc, render.Surface)
		if s.ToAct == p && !s.Over {
			render.Panel(dst, r, 12*sc, render.Fade(teamColors[p-1], 0.16))
		}
		render.Panel(dst, image.Rect(r.Min.X, r.Min.Y, r.Min.X+int(4*sc), r.Max.Y), 2*sc, teamColors[p-1])
	}
}
