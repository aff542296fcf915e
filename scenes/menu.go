package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Menu is the main menu: the playable games, opening a replay, quitting.
type Menu struct {
	form        ui.Form
	titles      []game.Title
	demo        *ui.Button
	library     *ui.Button
	open        *ui.Button
	watch       *ui.Button // "Watch a server…" (watch.go)
	tournaments *ui.Button // the tournaments (tournament.go)
	quit        *ui.Button
	help        *ui.Button
	settings    *ui.Button
	// scale and rows are the menu's own scale and its rows of buttons,
	// as layout last worked them out for the window, scale and language
	// in fitFor.
	scale  float64
	rows   int
	fitFor menuFit
}

// menuFit is what the menu's layout depends on: the window, the scale and
// the language its labels are said in.
type menuFit struct {
	w, h, scale float64
	lang        lang.Tag
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
	m.demo = &ui.Button{Label: "Demo loop"}
	m.library = &ui.Button{Label: "Replay library"}
	m.open = &ui.Button{Label: "Open a file…"}
	m.watch = &ui.Button{Label: "Watch a server…"}
	m.tournaments = &ui.Button{Label: "Tournaments"}
	m.help = &ui.Button{Label: "Keys and help"}
	m.settings = &ui.Button{Label: "Settings"}
	m.quit = &ui.Button{Label: "Quit"}
	if len(m.titles) > 0 {
		m.form.Items = append(m.form.Items, m.demo)
	}
	m.form.Items = append(m.form.Items, m.tools()...) // platform_*.go
	return m
}

// The menu's measures at scale 1: the game cards, two to a row, and the
// rows of buttons under them.
const (
	cardW, cardH = 540, 76
	menuGap      = 16
	buttonH      = 54
)

// menuScale is the menu's own scale: the app's, less where the cards, the
// buttons and the notes under them would not fit the window.
func (m *Menu) menuScale(a *App) float64 {
	height := m.contentHeight(1, m.buttonRows(a.Scale)) + 360 // the title above, the notes below
	return max(0.3, min(a.Scale, float64(a.W)/(m.fullWidth(1)+48), float64(a.H)/height))
}

// fullWidth is the width of a row of game cards at scale s.
func (m *Menu) fullWidth(s float64) float64 {
	cols := min(2, max(1, len(m.titles)))
	return (float64(cols)*cardW + float64(cols-1)*menuGap) * s
}

// contentHeight is the height of the cards and of rows rows of buttons at
// scale s.
func (m *Menu) contentHeight(s float64, rows int) float64 {
	cards := (len(m.titles) + 1) / 2
	return (float64(cards)*(cardH+menuGap) + 14 + float64(rows)*(buttonH+menuGap) - menuGap) * s
}

// buttonRows is how many rows the buttons under the cards take at scale s:
// the fewest in which every label fits whole at the buttons' one text size.
func (m *Menu) buttonRows(s float64) int {
	rest := m.form.Items[len(m.titles):]
	size := buttonH * s * 0.42 // a ui.Button's text size for its height
	widest := 0.0
	for _, it := range rest {
		w, _ := render.Measure(lang.T(it.(*ui.Button).Label), render.Bold, size)
		widest = max(widest, w)
	}
	for rows := 1; ; rows++ {
		per := (len(rest) + rows - 1) / rows
		bw := (m.fullWidth(s) - float64(per-1)*menuGap*s) / float64(per)
		// ui.Button keeps min(1.2 size, 12%) of its width clear; 2% spare.
		if widest*1.02 <= bw-min(1.2*size, bw*0.12) || per == 1 {
			return rows
		}
	}
}

// cardsTop is where the game cards start: the cards and buttons sit in the
// middle of the window's lower part, under the title.
func (m *Menu) cardsTop(a *App) float64 {
	return (float64(a.H)-m.contentHeight(m.scale, m.rows))/2 + 110*m.scale
}

func (m *Menu) layout(a *App) {
	if key := (menuFit{float64(a.W), float64(a.H), a.Scale, lang.Current()}); m.fitFor != key {
		m.scale = m.menuScale(a)
		m.rows = m.buttonRows(m.scale)
		m.fitFor = key
	}
	s := m.scale
	cw, ch, gap := cardW*s, cardH*s, menuGap*s
	cols := min(2, max(1, len(m.titles)))
	full := m.fullWidth(s)
	cx := float64(a.W) / 2
	top := m.cardsTop(a)
	rows := (len(m.titles) + cols - 1) / cols
	for i := range m.titles {
		r, c := i/cols, i%cols
		// A last row that is not full is centred.
		n := min(cols, len(m.titles)-r*cols)
		x := cx - (float64(n)*cw+float64(n-1)*gap)/2 + float64(readingColumn(c, n))*(cw+gap)
		m.form.Items[i].Place(rectXYWH(x, top+float64(r)*(ch+gap), cw, ch))
	}
	y := top + float64(rows)*(ch+gap) + 14*s
	rest := m.form.Items[len(m.titles):]
	per := (len(rest) + m.rows - 1) / m.rows
	bw := (full - float64(per-1)*gap) / float64(per)
	bh := math.Round(buttonH * s) // every row as high: their text one size
	for i, it := range rest {
		r, c := i/per, i%per
		// A last row that is not full is centred too.
		n := min(per, len(rest)-r*per)
		x := cx - (float64(n)*bw+float64(n-1)*gap)/2 + float64(readingColumn(c, n))*(bw+gap)
		it.Place(rectXYWH(x, math.Round(y+float64(r)*(bh+gap)), bw, bh))
	}
}

// readingColumn is column c of a row of n as a reader of the screens' language
// takes it: the first on the right in a language written right to left.
func readingColumn(c, n int) int {
	if lang.RTL() {
		return n - 1 - c
	}
	return c
}

// Update handles the menu's buttons and keys.
func (m *Menu) Update(a *App) error {
	m.layout(a)
	if a.In.Just(ActHelp) {
		a.Push(NewHelp())
		return nil
	}
	if a.In.Just(ActBack) {
		leave(a)
		return nil
	}
	switch hit := m.form.Update(&a.In.UI); hit {
	case nil:
	case m.demo:
		a.Push(NewDemo(demoSetup(m.titles[0], int64((1+a.Clock)*1000))))
	case m.library:
		a.Push(NewLibrary(a.ReplayDir))
	case m.open:
		openFile(a)
	case m.settings:
		a.Push(NewSettings(a, SettingsPath()))
	case m.watch:
		a.Push(NewWatch(DefaultServer))
	case m.tournaments:
		openTournaments(a)
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
	s := m.scale
	cx := float64(a.W) / 2
	top := m.cardsTop(a)
	// The title, with a warm glow that breathes.
	glow := 0.75 + 0.25*math.Sin(a.Clock*1.3)
	render.Glow(dst, cx, top-150*s, 260*s, render.Fade(render.Accent, 0.16*glow))
	render.Text(dst, "ARENA", render.Bold, 92*s, cx, top-230*s, render.Ink, render.Center)
	render.FitText(dst, lang.T("AI-competition games: watch the replays, play the bots, demo the contests"),
		render.Regular, 19*s, cx, top-112*s, float64(a.W)-32*s, render.InkDim, render.Center)
	m.form.Draw(dst, s)
	if menuNote != "" {
		render.FitText(dst, lang.T(menuNote), render.Regular, 14*s, cx, float64(a.H)-62*s, float64(a.W)-32*s, render.InkDim, render.Center)
	}
	render.FitText(dst, lang.T(menuKeys), render.Regular, 14*s, cx, float64(a.H)-36*s, float64(a.W)-32*s, render.InkFaint, render.Center)
}
