package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Menu is the main menu: the playable games, opening a replay, quitting.
type Menu struct {
	form   ui.Form
	titles []game.Title
	demo   *ui.Button
	open   *ui.Button
	quit   *ui.Button
	help   *ui.Button
}

// MenuTitles are the games the main menu offers, in its order: every
// title that has a view.
func MenuTitles() []game.Title {
	var out []game.Title
	for _, t := range game.Titles() {
		if _, ok := render.Blurb(t.ID()); ok {
			out = append(out, t)
		}
	}
	return out
}

// NewMenu lists every title that has a view.
func NewMenu() *Menu {
	m := &Menu{titles: MenuTitles()}
	for _, t := range m.titles {
		blurb, _ := render.Blurb(t.ID())
		m.form.Items = append(m.form.Items, &ui.Button{Label: t.Name(), Detail: blurb, Primary: true})
	}
	m.demo = &ui.Button{Label: "Demo: computers play on a loop"}
	m.open = &ui.Button{Label: "Open a replay…"}
	m.help = &ui.Button{Label: "Keys and help"}
	m.quit = &ui.Button{Label: "Quit"}
	if len(m.titles) > 0 {
		m.form.Items = append(m.form.Items, m.demo)
	}
	m.form.Items = append(m.form.Items, m.open, m.help, m.quit)
	return m
}

func (m *Menu) layout(a *App) {
	s := a.Scale
	w := 520 * s
	x := float64(a.W)/2 - w/2
	y := float64(a.H)*0.5 - 60*s
	bh, gap := 54*s, 14*s
	for i, it := range m.form.Items {
		h := bh
		if i < len(m.titles) {
			h = 76 * s
		}
		it.Place(rectXYWH(x, y, w, h))
		y += h + gap
		if i == len(m.titles)-1 {
			y += 14 * s
		}
	}
}

// Update handles the menu's buttons and keys.
func (m *Menu) Update(a *App) error {
	m.layout(a)
	if a.In.Just(ActHelp) {
		a.Push(NewHelp())
		return nil
	}
	if a.In.Just(ActBack) {
		a.Quit()
		return nil
	}
	switch hit := m.form.Update(&a.In.UI); hit {
	case nil:
	case m.demo:
		v, err := StartDemo(a, demoSetup(m.titles[0], 1+a.Clock))
		if err != nil {
			a.Toast("%v", err)
			return nil
		}
		a.Push(v)
	case m.open:
		a.Push(NewOpen(a.ReplayDir))
	case m.help:
		a.Push(NewHelp())
	case m.quit:
		a.Quit()
	default:
		for i, it := range m.form.Items[:len(m.titles)] {
			if it == hit {
				a.Push(NewSetup(m.titles[i]))
			}
		}
	}
	return nil
}

// Draw draws the title, the game cards and the buttons.
func (m *Menu) Draw(dst *ebiten.Image, a *App) {
	backdrop(dst, a)
	m.layout(a)
	s := a.Scale
	cx := float64(a.W) / 2
	top := float64(a.H)*0.5 - 60*s
	// The title, with a warm glow that breathes.
	glow := 0.75 + 0.25*math.Sin(a.Clock*1.3)
	render.Glow(dst, cx, top-150*s, 260*s, render.Fade(render.Accent, 0.16*glow))
	render.Text(dst, "ARENA", render.Bold, 92*s, cx, top-230*s, render.Ink, render.Center)
	render.Text(dst, "AI-competition games: watch the replays, play the bots, demo the contests",
		render.Regular, 19*s, cx, top-112*s, render.InkDim, render.Center)
	m.form.Draw(dst, s)
	render.Text(dst, "↑ ↓ to choose · Enter to open · ? for help · Esc to quit", render.Regular, 14*s, cx, float64(a.H)-36*s, render.InkFaint, render.Center)
}

// demoSetup pits the title's strongest computer player against its second
// strongest at their default strengths.
func demoSetup(t game.Title, seed float64) game.Setup {
	bots := t.Bots()
	st := game.Setup{Title: t, Seed: int64(seed * 1000)}
	for i := 0; i < t.Seats(); i++ {
		b := bots[max(0, len(bots)-1-i%2)]
		st.Seats = append(st.Seats, game.SeatSpec{Kind: b.Kind, Strength: b.Default})
	}
	return st
}
