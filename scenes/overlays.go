package scenes

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// dialog is the frame shared by the overlays: a dimmed screen, a card with a
// heading, and a column of widgets. Its heading and text are in English;
// the dialog says them in the screens' language.
type dialog struct {
	heading string
	text    string
	form    ui.Form
	width   float64
	// table is the height of what a dialog draws under its text (a table
	// of standings), at scale 1.
	table int
	// lines are the text's lines as wrapped for the width lineW, in the
	// language lang.
	lines []string
	lineW float64
	lang  lang.Tag
}

// textH is the height the dialog's text takes, wrapped to its width.
func (d *dialog) textH(a *App) float64 {
	s := a.Scale
	w := min(d.width*s, float64(a.W)-32*s) - 72*s
	if d.lineW != w || d.lang != lang.Current() {
		d.lines, d.lineW, d.lang = render.Wrap(lang.T(d.text), render.Regular, 16*s, w), w, lang.Current()
	}
	if d.text == "" {
		return 0
	}
	return float64(len(d.lines))*16*s*1.35 + 14*s
}

// place lays the widgets out in a column under the heading, the text and
// the table, and returns the card's rectangle. A dialog taller than the
// window puts its buttons two to a row.
func (d *dialog) place(a *App) image.Rectangle {
	s := a.Scale
	w := min(d.width*s, float64(a.W)-32*s)
	above := 90*s + d.textH(a) + float64(d.table)*s
	perRow := 1
	if above+float64(len(d.form.Items))*66*s+20*s > float64(a.H)-16*s {
		perRow = 2
	}
	rows := (len(d.form.Items) + perRow - 1) / perRow
	h := above + float64(rows)*66*s + 20*s
	x, y := float64(a.W)/2-w/2, max(8*s, float64(a.H)/2-h/2)
	bw := (w - 72*s - float64(perRow-1)*12*s) / float64(perRow)
	for i, it := range d.form.Items {
		col, row := i%perRow, i/perRow
		if lang.RTL() { // right to left: the first of a row on the right
			col = perRow - 1 - col
		}
		it.Place(rectXYWH(x+36*s+float64(col)*(bw+12*s), y+above+float64(row)*66*s, bw, 52*s))
	}
	return rectXYWH(x, y, w, h)
}

func (d *dialog) draw(dst *ebiten.Image, a *App) {
	dim(dst, a, 0.72)
	r := d.place(a)
	s := a.Scale
	card(dst, a, r)
	x, align := cardStart(float64(r.Min.X)+36*s, float64(r.Dx())-72*s) // right-aligned, right to left
	render.FitText(dst, lang.T(d.heading), render.Bold, 28*s, x, float64(r.Min.Y)+30*s, float64(r.Dx())-72*s, render.Ink, align)
	y := float64(r.Min.Y) + 82*s
	for _, l := range d.lines {
		render.Text(dst, l, render.Regular, 16*s, x, y, render.InkDim, align)
		y += 16 * s * 1.35
	}
	d.form.Draw(dst, s)
}

// Pause is the overlay of the viewer's menu: resume, save the replay,
// leave.
type Pause struct {
	dialog
	v                                       *Viewer
	resume, save, takeOver, settings, leave *ui.Button
	// analysis shows or hides the engine's analysis (L); nil for a game
	// that has none.
	analysis *ui.Button
	// held is the pace of a computer match that the pause holds, restored
	// on resume.
	held    game.PaceMode
	holding bool
}

// NewPause pauses the viewer v.
func NewPause(v *Viewer) *Pause {
	p := &Pause{v: v, resume: &ui.Button{Label: "Resume", Primary: true}, save: &ui.Button{Label: "Save replay as…"},
		takeOver: &ui.Button{Label: lang.F("Play from here: turn %d…", v.clock.Cursor)}, settings: &ui.Button{Label: "Settings…"}, leave: &ui.Button{Label: "Back to menu"}}
	p.heading, p.width = "Paused", 460
	if v.backTo != nil {
		p.leave.Label = "Back to the tournament"
	}
	p.form.Items = []ui.Widget{p.resume, p.save, p.takeOver, p.settings, p.leave}
	if v.analysed() {
		p.analysis = &ui.Button{Label: "Engine analysis (L)"}
		if v.analysis != nil {
			p.analysis.Label = "Hide the engine analysis (L)"
		}
		p.form.Items = slices.Insert(p.form.Items, 3, ui.Widget(p.analysis))
	}
	if v.match != nil && v.rec.Timeline.Live() {
		p.text = "The match waits for you. Leaving ends it; its replay keeps every move played."
		if pace := v.pacer(); pace != nil {
			p.held, p.holding = pace.Mode(), true
			pace.SetMode(game.PacePause)
		}
	}
	return p
}

// close resumes a computer match that the pause held.
func (p *Pause) close(a *App) {
	if p.holding {
		p.v.pacer().SetMode(p.held)
	}
	a.Pop()
}

func (*Pause) overlay() {}

// Update handles the pause menu.
func (p *Pause) Update(a *App) error {
	p.place(a)
	if a.In.Just(ActBack) {
		p.close(a)
		return nil
	}
	switch p.form.Update(&a.In.UI) {
	case p.resume:
		p.close(a)
	case p.save:
		p.close(a)
		saveReplay(a, p.v)
	case p.takeOver:
		p.close(a)
		p.v.takeOver(a)
	case p.analysis:
		p.close(a)
		p.v.toggleAnalysis(a)
	case p.settings:
		a.Push(NewSettings(a, SettingsPath()))
	case p.leave:
		if p.v.backTo != nil {
			a.Pop() // the pause menu
			a.Pop() // the viewer
			return nil
		}
		a.Reset(NewMenu())
	}
	return nil
}

// Draw draws the pause menu over the viewer.
func (p *Pause) Draw(dst *ebiten.Image, a *App) { p.draw(dst, a) }

// Results shows how a live match ended: the verdict, the standings with
// the numbers that decided, and what to do next.
type Results struct {
	dialog
	v                           *Viewer
	watch, rematch, menu, close *ui.Button
	standings                   game.Standings
	ranked                      bool
}

// NewResults shows the result of the viewer's match.
func NewResults(v *Viewer) *Results {
	r := &Results{v: v, watch: &ui.Button{Label: "Watch the replay"}, rematch: &ui.Button{Label: "Rematch", Primary: true},
		menu: &ui.Button{Label: "Main menu"}, close: &ui.Button{Label: "Close: look at the board"}}
	last := v.rec.Timeline.Last()
	r.heading, r.width = "Game over", 600
	r.text, _ = v.verdict(last)
	if st, ok := v.rec.Title.(game.Ranked); ok {
		r.standings, r.ranked = st.Standings(last, game.AllSeats), true
		r.table = 24 + 28*len(r.standings.Rows)
	} else {
		var lines []string
		for place, n := range last.Result.Ranking {
			lines = append(lines, itoaPlace(place)+" "+v.playerName(game.Seat(n-1), false)+" · "+v.seatName(n-1))
		}
		r.text = strings.Join(append([]string{r.text}, lines...), "\n")
	}
	r.form.Items = []ui.Widget{r.rematch, r.watch, r.menu, r.close}
	return r
}

func (*Results) overlay() {}

// Update handles the buttons.
func (r *Results) Update(a *App) error {
	r.place(a)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	switch r.form.Update(&a.In.UI) {
	case r.close:
		a.Pop()
	case r.menu:
		a.Reset(NewMenu())
	case r.watch:
		rec, err := game.OpenFile(r.v.setup.Out)
		if err != nil {
			a.Toast("%v", err)
			return nil
		}
		v := NewViewer(rec, r.v.view)
		v.Seek(0)
		v.clock.Playing = true
		a.Pop()
		a.Replace(v)
	case r.rematch:
		st := r.v.setup
		st.Out, st.From = "", ""
		v, err := StartMatch(a, st, r.v.pace)
		if err != nil {
			a.Toast("%v", err)
			return nil
		}
		a.Pop()
		a.Replace(v)
	}
	return nil
}

// Draw draws the results, with the standings under the verdict.
func (r *Results) Draw(dst *ebiten.Image, a *App) {
	r.draw(dst, a)
	if r.ranked {
		s := a.Scale
		c := r.place(a)
		top := c.Min.Y + int(90*s+r.textH(a))
		r.v.drawStandingsTable(dst, r.standings, image.Rect(c.Min.X+int(36*s), top, c.Max.X-int(36*s), top+int(float64(r.table)*s)), s)
	}
}

// Open asks for a replay to open: a path, or one of the recent replays.
type Open struct {
	dialog
	path         *ui.Field
	recent       []*ui.Button
	files        []string
	open, cancel *ui.Button
}

// NewOpen lists the newest replays of the replay folder.
func NewOpen(dir string) *Open {
	o := &Open{path: &ui.Field{Placeholder: lang.T("path of a replay or a move file"), Max: 4096},
		open: &ui.Button{Label: "Open", Primary: true}, cancel: &ui.Button{Label: "Cancel"}}
	o.heading, o.width = "Open a replay", 760
	o.text = "An Arena replay (.arena) or an original game's file, such as a Santorini move file."
	o.form.Items = []ui.Widget{o.path}
	for _, f := range recentReplays(dir, 5) {
		b := &ui.Button{Label: filepath.Base(f)}
		o.recent = append(o.recent, b)
		o.files = append(o.files, f)
		o.form.Items = append(o.form.Items, b)
	}
	o.form.Items = append(o.form.Items, o.open, o.cancel)
	return o
}

// recentReplays lists the newest n replays in dir, newest first.
func recentReplays(dir string, n int) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	type file struct {
		path string
		mod  int64
	}
	var files []file
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".arena") {
			continue
		}
		if info, err := e.Info(); err == nil {
			files = append(files, file{filepath.Join(dir, e.Name()), info.ModTime().UnixNano()})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod > files[j].mod })
	var out []string
	for i := 0; i < len(files) && i < n; i++ {
		out = append(out, files[i].path)
	}
	return out
}

func (*Open) overlay() {}

// Update handles the path, the recent files and the buttons.
func (o *Open) Update(a *App) error {
	o.place(a)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	hit := o.form.Update(&a.In.UI)
	path := ""
	switch hit {
	case nil:
		return nil
	case o.cancel:
		a.Pop()
		return nil
	case o.open, o.path:
		path = strings.TrimSpace(o.path.Text)
	default:
		for i, b := range o.recent {
			if b == hit {
				path = o.files[i]
			}
		}
	}
	a.Pop()
	if !a.Open(path) {
		a.Push(o) // keep the dialog open to try another path
	}
	return nil
}

// Draw draws the dialog.
func (o *Open) Draw(dst *ebiten.Image, a *App) { o.draw(dst, a) }

// OpenReplay reads any replay Arena can read and makes a viewer for it.
func OpenReplay(path string) (*Viewer, error) {
	rec, err := game.OpenFile(path)
	if err != nil {
		return nil, err
	}
	v, err := NewRecordingViewer(rec)
	if err == nil {
		v.file = path
	}
	return v, err
}

// NewRecordingViewer makes a viewer for a recording, with its title's view.
func NewRecordingViewer(rec *game.Recording) (*Viewer, error) {
	view, err := render.NewView(rec.Title.ID())
	if err != nil {
		return nil, err
	}
	return NewViewer(rec, view), nil
}

// same reports whether two paths name one file.
func same(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}
