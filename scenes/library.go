package scenes

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// Library lists the replays of a folder, every format Arena reads: the
// game, the players, the winner, the turns, the date and a picture of
// the end, sorted and filtered as people choose; a click opens one. The
// files are read in the background, a few pictures drawn each frame.
type Library struct {
	dir     string
	entries []*libEntry
	shown   []*libEntry // after the filter, in the order chosen
	reading chan *libEntry
	pending int
	filter  *ui.Field
	sortBy  *ui.Choice
	game    *ui.Choice
	folder  *ui.Field
	back    *ui.Button
	form    ui.Form
	top     int // the first row shown
	rows    int // how many rows fit
	focus   int // the row the keyboard is on
	list    image.Rectangle
	key     string // the filter, sort and game the list was made for
	// with is the replay to compare with (C; compare.go): the list shows
	// the replays of the same game, map and seed, and opens one beside
	// it. nil: the list opens replays in the viewer.
	with    *libEntry
	compare *ui.Button
	// picking is set while "Compare…" waits for the first replay.
	picking bool
}

// libEntry is one file of the library.
type libEntry struct {
	path    string
	mod     time.Time
	rec     *game.Recording
	err     error
	title   string
	players string
	verdict string
	turns   int
	thumb   *ebiten.Image
	// lang is the language the lines are in (describe's).
	lang lang.Tag
}

// The sorts the library offers.
const (
	sortNewest  = "newest first"
	sortOldest  = "oldest first"
	sortGame    = "by game"
	sortLongest = "longest first"
)

// thumbW and thumbH are a row's picture, at scale 1.
const thumbW, thumbH = 128, 80

// NewLibrary lists the replays in dir.
func NewLibrary(dir string) *Library {
	l := &Library{dir: dir,
		filter: &ui.Field{Placeholder: lang.T("filter: a game, a player, a file"), Max: 200},
		sortBy: &ui.Choice{Options: []string{sortNewest, sortOldest, sortGame, sortLongest}},
		game:   &ui.Choice{Options: []string{"every game"}},
		folder: &ui.Field{Text: dir, Max: 4096},
		back:   &ui.Button{Label: "Back"}, compare: &ui.Button{Label: "Compare…"}}
	for _, t := range MenuTitles() {
		l.game.Options = append(l.game.Options, t.Name())
	}
	l.form.Items = []ui.Widget{l.filter, l.game, l.sortBy, l.folder, l.back, l.compare}
	l.read(dir)
	return l
}

// read starts reading the files of dir in the background.
func (l *Library) read(dir string) {
	l.close()
	l.dir, l.entries, l.shown, l.top, l.focus, l.key = dir, nil, nil, 0, 0, "-"
	files, _ := Playlist(dir)
	l.reading = make(chan *libEntry, len(files))
	l.pending = len(files)
	for _, f := range files {
		e := &libEntry{path: f, title: "…", players: filepath.Base(f)}
		if st, err := os.Stat(f); err == nil {
			e.mod = st.ModTime()
		}
		l.entries = append(l.entries, e)
	}
	// Two readers: the machine's other core keeps the window smooth.
	work := make(chan *libEntry, len(l.entries))
	for _, e := range l.entries {
		work <- e
	}
	close(work)
	out := l.reading
	for range 2 {
		go func() {
			for e := range work {
				r := *e
				r.rec, r.err = game.OpenFile(e.path)
				out <- &r
			}
		}()
	}
}

// Close lets go of the pictures.
func (l *Library) Close() { l.close() }

func (l *Library) close() {
	for _, e := range l.entries {
		if e.thumb != nil {
			e.thumb.Deallocate()
			e.thumb = nil
		}
	}
}

// take files in what the readers read: the summary now, the picture when
// the row is drawn.
func (l *Library) take() {
	for {
		select {
		case r := <-l.reading:
			l.pending--
			for i, e := range l.entries {
				if e.path == r.path {
					l.entries[i] = r
					describe(r)
				}
			}
			l.key = "-"
		default:
			return
		}
	}
}

// describe fills an entry's lines from its recording, in the screens'
// language.
func describe(e *libEntry) {
	e.lang = lang.Current()
	if e.err != nil {
		e.title, e.players, e.verdict = lang.T("Not a replay Arena reads"), filepath.Base(e.path), e.err.Error()
		return
	}
	rec := e.rec
	e.title = rec.Title.Name()
	e.players = rowPlayers(rec)
	e.turns = rec.Timeline.Len() - 1
	last := rec.Timeline.Last()
	switch {
	case last.Over:
		var why game.Words
		if j, ok := rec.Title.(game.Judged); ok {
			why = j.Why(last)
		}
		e.verdict = sayNamed(game.Verdict(last, why), func(n int) string {
			return playerOf(rec, game.Seat(n-1), func(seat string) bool { return seatIsName(rec, seat) })
		})
	case e.turns == 0:
		e.verdict = lang.T("A position: one state")
	default:
		e.verdict = lang.T("Unfinished")
	}
	if o := originLine(rec.Header); o != "" {
		e.verdict += " · " + o
	}
	if t, err := time.Parse(time.RFC3339, rec.Header.Created); err == nil {
		e.mod = t
	}
}

// rowPlayers are a recording's players in a row's words: by their names
// where it knows them (the header's, a seat that is one), else their
// seats' kinds; seats an importer could not know ("unknown") say so once.
func rowPlayers(rec *game.Recording) string {
	isName := func(seat string) bool { return seatIsName(rec, seat) }
	var names []string
	known := false
	for i, seat := range rec.Header.Seats {
		name := playerOf(rec, game.Seat(i), isName)
		switch {
		case name == "" && seat == "unknown":
			name = lang.F("Player %d", i+1)
		case name == "":
			name, known = seatLabel(seat), true
		default:
			known = true
		}
		names = append(names, name)
	}
	switch {
	case !known && rec.Source != "":
		return lang.T("Players not in the file") + " · " + sourceWords(rec.Source)
	case !known:
		return lang.T("Players not in the file")
	}
	return strings.Join(names, " · ")
}

// arrange filters and sorts the entries as chosen.
func (l *Library) arrange() {
	key := l.filter.Text + "|" + l.sortBy.Value() + "|" + l.game.Value()
	if key == l.key {
		return
	}
	l.key = key
	l.shown = l.shown[:0]
	words := strings.Fields(strings.ToLower(l.filter.Text))
	for _, e := range l.entries {
		if l.game.Index > 0 && e.title != l.game.Value() || !l.comparable(e) {
			continue
		}
		hay := strings.ToLower(e.title + " " + e.players + " " + e.verdict + " " + filepath.Base(e.path))
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(hay, w)
		}
		if ok {
			l.shown = append(l.shown, e)
		}
	}
	sort.SliceStable(l.shown, func(i, j int) bool {
		a, b := l.shown[i], l.shown[j]
		switch l.sortBy.Value() {
		case sortOldest:
			return a.mod.Before(b.mod)
		case sortGame:
			return a.title < b.title
		case sortLongest:
			return a.turns > b.turns
		}
		return a.mod.After(b.mod)
	})
	l.focus = min(l.focus, max(0, len(l.shown)-1))
}

func (l *Library) layout(a *App) (x, y, w, h float64) {
	s := a.Scale
	w, h = math.Min(1100*s, float64(a.W)-32*s), float64(a.H)-32*s
	x, y = float64(a.W)/2-w/2, 16*s
	l.filter.Place(rectXYWH(x+32*s, y+80*s, w*0.42, 44*s))
	l.game.Place(rectXYWH(x+48*s+w*0.42, y+80*s, w*0.25, 44*s))
	l.sortBy.Place(rectXYWH(x+64*s+w*0.67, y+80*s, w-96*s-w*0.67, 44*s))
	l.folder.Place(rectXYWH(x+32*s, y+h-64*s, w-420*s, 44*s))
	l.compare.Place(rectXYWH(x+w-372*s, y+h-64*s, 164*s, 44*s))
	l.back.Place(rectXYWH(x+w-192*s, y+h-64*s, 160*s, 44*s))
	l.list = rectXYWH(x+24*s, y+140*s, w-48*s, h-220*s)
	l.rows = max(1, int(float64(l.list.Dy())/((thumbH+12)*s)))
	return x, y, w, h
}

// Update reads what came in, and handles the list, the filter and the
// buttons.
func (l *Library) Update(a *App) error {
	l.take()
	l.arrange()
	l.layout(a)
	in := &a.In
	if in.Just(ActBack) {
		a.Pop()
		return nil
	}
	typing := l.form.Focus == 0 || l.form.Focus == 3
	switch {
	case in.UI.Wheel != 0 && in.UI.Over(l.list):
		l.top -= int(in.UI.Wheel)
	case !typing && in.UI.Down && l.focus < len(l.shown)-1:
		l.focus++
		in.UI.Down = false
	case !typing && in.UI.Up && l.focus > 0:
		l.focus--
		in.UI.Up = false
	}
	if l.focus < l.top {
		l.top = l.focus
	}
	if l.focus >= l.top+l.rows {
		l.top = l.focus - l.rows + 1
	}
	l.top = max(0, min(l.top, len(l.shown)-l.rows))
	if in.UI.Pressed && in.UI.Over(l.list) {
		i := l.top + int((in.UI.Y-float64(l.list.Min.Y))/((thumbH+12)*a.Scale))
		if i >= 0 && i < len(l.shown) {
			l.open(a, l.shown[i])
		}
		return nil
	}
	hit := l.form.Update(&in.UI)
	switch {
	case hit == l.back:
		a.Pop()
	case hit == l.folder:
		l.read(strings.TrimSpace(l.folder.Text))
	case hit == l.compare || in.Just(ActCompare) && !typing:
		l.toggleCompare(a)
	case in.UI.Enter && !typing && l.focus < len(l.shown):
		l.open(a, l.shown[l.focus])
	}
	return nil
}

// open shows an entry's replay in the viewer.
func (l *Library) open(a *App, e *libEntry) {
	if e.rec == nil {
		if e.err != nil {
			a.Toast("%v", e.err)
		}
		return
	}
	if l.with != nil || l.picking {
		l.openCompare(a, e)
		return
	}
	view, err := render.NewView(e.rec.Title.ID())
	if err != nil {
		a.Toast("%v", err)
		return
	}
	v := NewViewer(e.rec, view)
	v.file = e.path
	a.Push(v)
}

// thumbnail draws the end of an entry's game small, once.
func (l *Library) thumbnail(e *libEntry, s float64) *ebiten.Image {
	if e.thumb != nil || e.rec == nil {
		return e.thumb
	}
	view, err := render.NewView(e.rec.Title.ID())
	if err != nil {
		return nil
	}
	w, h := int(thumbW*2), int(thumbH*2)
	e.thumb = ebiten.NewImage(w, h)
	view.Layout(image.Rect(0, 0, w, h), 0.3)
	last := e.rec.Timeline.Last()
	m := &render.Moment{Prev: last, Cur: last, T: 1, Clock: 1}
	view.Update(m)
	view.Draw(e.thumb, m)
	if d, ok := view.(render.Disposer); ok {
		d.Dispose()
	}
	return e.thumb
}

// Draw draws the list.
func (l *Library) Draw(dst *ebiten.Image, a *App) {
	backdrop(dst, a)
	s := a.Scale
	x, y, w, h := l.layout(a)
	card(dst, a, rectXYWH(x, y, w, h))
	heading := lang.T("Replay library")
	if l.with != nil || l.picking {
		heading = lang.T(l.compareHeading())
	}
	rtl := lang.RTL() // right to left: the heading and each row's words from the right
	hx, halign, ox, oalign := x+32*s, render.Left, x+w-32*s, render.Right
	if rtl {
		hx, halign, ox, oalign = ox, oalign, hx, halign
	}
	render.FitText(dst, heading, render.Bold, 30*s, hx, y+26*s, w*0.62, render.Ink, halign)
	// The files decide the plural: "3 of 5 files".
	count := lang.F("%[2]d of %[1]d files", len(l.entries), len(l.shown))
	if l.pending > 0 {
		count += " · " + lang.F("reading %d", l.pending)
	}
	render.FitText(dst, count, render.Regular, 15*s, ox, y+38*s, w*0.34, render.InkDim, oalign)
	if len(l.shown) == 0 {
		msg := "No replays here yet: matches played in the window land in this folder, or type another folder below."
		if l.with != nil {
			msg = "No replay of the same game, map and seed here: type another folder below, or Compare… again to list them all."
		}
		wrapText(dst, lang.T(msg), render.Regular, 17*s, float64(l.list.Min.X)+16*s, float64(l.list.Min.Y)+20*s, float64(l.list.Dx())-32*s, render.InkDim)
	}
	rh := (thumbH + 12) * s
	drawn := 0
	for i := l.top; i < len(l.shown) && i < l.top+l.rows; i++ {
		e := l.shown[i]
		if e.rec != nil && e.lang != lang.Current() {
			describe(e) // the language changed since
		}
		ry := float64(l.list.Min.Y) + float64(i-l.top)*rh
		row := rectXYWH(float64(l.list.Min.X), ry, float64(l.list.Dx()), rh-6*s)
		bg := render.Raised
		if i == l.focus || a.In.UI.Over(row) {
			bg = render.Hover
		}
		render.Panel(dst, row, 10*s, bg)
		tx := float64(row.Min.X) + 8*s
		if rtl {
			tx = float64(row.Max.X) - 8*s - thumbW*s
		}
		// A few pictures a frame: the list fills in as it is drawn.
		if e.thumb != nil || drawn < 2 {
			if e.thumb == nil {
				drawn++
			}
			if img := l.thumbnail(e, s); img != nil {
				render.Sprite(dst, img, tx, ry+3*s, thumbW*s/float64(img.Bounds().Dx()), thumbH*s/float64(img.Bounds().Dy()), render.White)
			}
		}
		cx := tx + (thumbW+16)*s
		cw := float64(row.Max.X) - cx - 16*s
		tx, align, wx, walign := cx, render.Left, cx+cw, render.Right
		if rtl {
			cw = float64(row.Max.X-row.Min.X) - (thumbW+40)*s
			tx, align, wx, walign = float64(row.Max.X)-(thumbW+24)*s, render.Right, float64(row.Min.X)+16*s, render.Left
		}
		render.FitText(dst, e.title, render.Bold, 18*s, tx, ry+8*s, cw*0.5, render.Ink, align)
		when := sayTime(e.mod.Local())
		if e.rec != nil {
			when = lang.F("%d turns", e.turns) + " · " + when
		}
		render.FitText(dst, when, render.Regular, 14*s, wx, ry+10*s, cw*0.48, render.InkDim, walign)
		render.FitText(dst, e.players, render.Regular, 15*s, tx, ry+32*s, cw, render.InkDim, align)
		ink := render.Accent
		if e.err != nil {
			ink = render.Bad
		}
		render.FitText(dst, e.verdict, render.Regular, 14*s, tx, ry+54*s, cw, ink, align)
	}
	l.form.Draw(dst, s)
}

// sayTime is a day and time as the screens' language writes them: "2 Jan
// 2006 15:04" in English, the numbers alone in the others (month names
// are not in the catalogue).
func sayTime(t time.Time) string {
	switch lang.Current() {
	case lang.En:
		return t.Format("2 Jan 2006 15:04")
	case lang.SrLatn, lang.SrCyrl:
		return t.Format("2. 1. 2006. 15:04")
	}
	return lang.Digits(t.Format("2006/01/02 15:04"))
}
