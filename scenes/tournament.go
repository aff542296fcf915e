package scenes

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/lang"
	tnet "github.com/arena-games/arena/net/tournament"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
)

// DefaultTournamentDir is where `arena tournament run` puts tournaments
// without --out, and where the window finds them:
// $XDG_DATA_HOME/arena/tournaments, or ~/.local/share/arena/tournaments.
func DefaultTournamentDir() string {
	return filepath.Join(filepath.Dir(DefaultReplayDir()), "tournaments")
}

// now is the time, for the tests to set.
var now = time.Now

// pollEvery is how often a shown tournament is read again.
var pollEvery = 2 * time.Second

// The kinds of view a tournament has.
const (
	viewStandings = iota // the standings of the whole tournament
	viewTable            // one table stage: a pool, a ranking phase
	viewCross            // the cross table
	viewBracket          // one bracket stage
)

// tview is one of a tournament's views, a tab.
type tview struct {
	// name is the view's name in English, shown in the screens' language.
	name, shown string
	kind        int
	stage       int
}

// Tournament shows a tournament for a room: its standings (sortable, the
// leader lit), its tables, its cross table and its brackets, in large
// type, updated as its matches finish. Any match in them opens its
// replay.
type Tournament struct {
	src     tnet.Source
	snap    *tnet.Snapshot
	err     error
	loads   chan snapLoaded
	cancel  context.CancelFunc
	opening chan opened

	views []tview
	view  int
	// present cycles through the views, for a screen nobody touches.
	present  bool
	shownAt  float64
	sortBy   int
	reversed bool
	// sel is the line chosen with the keys, shown once they are used.
	sel    int
	keyed  bool
	fits   int // the lines a table shows at once
	scroll int
	// flash is when each entrant's line last changed, for a glow.
	flash  map[int]float64
	latest []string
	// latestFit is the latest results that fit latestW, whole.
	latestFit string
	latestW   float64

	// Laid out by layout, read by the drawing and the input.
	tabs    []image.Rectangle
	tabSize float64
	area    image.Rectangle
	heads   []image.Rectangle
	rowAt   []rowHit
	cellAt  []cellHit
	boxAt   []boxHit
	lines   standingsLines
	sub     string
	updated string
	// played holds the IDs of the matches with a result.
	played map[string]bool
	// cross holds the cross table's texts, a line per entrant in the
	// standings' order.
	cross [][]string
	// nowLines are the matches in progress, as the Now block shows them
	// (nowMore: "and 2 more matches in progress" where not all fit);
	// nowKey says for which time and size their texts were made.
	nowLines []nowLine
	nowMore  string
	nowKey   nowKey
	// said is the language the texts were made in; rounds are the
	// bracket's round names said in it.
	said   lang.Tag
	rounds map[string]string
}

type snapLoaded struct {
	snap *tnet.Snapshot
	err  error
}

type opened struct {
	rec *game.Recording
	err error
}

type rowHit struct {
	r       image.Rectangle
	entrant int
}

type cellHit struct {
	r    image.Rectangle
	a, b int
}

type boxHit struct {
	r      image.Rectangle
	series *tournament.Series
}

// NewTournament shows the tournament at src, starting from snap (nil:
// loading it), and reads it again every few seconds while it is shown.
func NewTournament(src tnet.Source, snap *tnet.Snapshot) *Tournament {
	ctx, cancel := context.WithCancel(context.Background())
	t := &Tournament{src: src, loads: make(chan snapLoaded, 1), opening: make(chan opened, 1), cancel: cancel, flash: map[int]float64{}}
	stamp := ""
	if snap != nil {
		t.apply(snap, 0)
		stamp = snap.Stamp
	}
	go t.poll(ctx, stamp, snap == nil)
	return t
}

// poll reads the tournament again every pollEvery, and hands over what
// changed.
func (t *Tournament) poll(ctx context.Context, stamp string, now bool) {
	wait := pollEvery
	if now {
		wait = 0
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = pollEvery
		snap, err := t.src.Load(ctx, stamp)
		if ctx.Err() != nil {
			return
		}
		if err == nil && snap == nil {
			continue
		}
		if snap != nil {
			stamp = snap.Stamp
		}
		select {
		case <-t.loads:
		default:
		}
		t.loads <- snapLoaded{snap, err}
	}
}

// Close stops reading the tournament.
func (t *Tournament) Close() { t.cancel() }

// apply takes a new snapshot: the views, the lines, the glows of the
// entrants whose results changed and the latest results.
func (t *Tournament) apply(snap *tnet.Snapshot, clock float64) {
	before := map[int]tournament.Row{}
	if t.snap != nil {
		for _, r := range t.snap.Standings.Standings {
			before[r.Entrant] = r
		}
		for _, r := range snap.Standings.Standings {
			if b, ok := before[r.Entrant]; ok && (b.Played != r.Played || b.Points != r.Points) {
				t.flash[r.Entrant] = clock
			}
		}
	}
	t.snap, t.err = snap, nil
	ix := snap.Index
	t.views = []tview{{name: "Standings", kind: viewStandings}}
	for i, st := range ix.Stages {
		if st.Kind == tournament.KindTable && len(ix.Stages) > 1 {
			t.views = append(t.views, tview{name: st.Name, kind: viewTable, stage: i})
		}
	}
	t.views = append(t.views, tview{name: "Cross table", kind: viewCross})
	for i, st := range ix.Stages {
		if st.Kind == tournament.KindBracket {
			t.views = append(t.views, tview{name: st.Name, kind: viewBracket, stage: i})
		}
	}
	t.view = min(t.view, len(t.views)-1)
	t.played = map[string]bool{}
	for _, m := range ix.Matches {
		if m.Result != nil {
			t.played[m.ID] = true
		}
	}
	t.say()
}

// say makes the texts of the snapshot shown in the screens' language:
// again when the language changes.
func (t *Tournament) say() {
	ix := t.snap.Index
	t.said = lang.Current()
	t.rounds = map[string]string{}
	for i := range t.views {
		t.views[i].shown = tourName(t.views[i].name)
	}
	t.latest, t.latestW = latestResults(ix, 4), 0
	t.cross = nil
	title := ix.Title
	if tt, err := game.Lookup(ix.Title); err == nil {
		title = tt.Name()
	}
	t.sub = seps(lang.F("%s · %s · %s of %s matches", title, systemName(ix.System), lang.Digits(game.Thousands(ix.Done)), lang.Digits(game.Thousands(ix.Estimate))))
	t.updated = lang.F("updated %s", lang.Digits(ix.Updated.Local().Format("15:04:05")))
	t.lines = standingsLines{}
	t.nowLines, t.nowKey = t.nowLines[:0], nowKey{}
	for i := range ix.Now {
		t.nowLines = append(t.nowLines, nowLine{n: ix.Now[i], label: nowLabel(ix, &ix.Now[i]) + ":"})
	}
}

// latestLine is the latest results that fit width w whole, newest first:
// the first one cut where even it does not fit.
func (t *Tournament) latestLine(size, w float64) string {
	if t.latestW == w {
		return t.latestFit
	}
	line := ""
	for i, res := range t.latest {
		next := res
		if i > 0 {
			next = line + "   ·   " + res
		}
		if tw, _ := render.Measure(next, render.Regular, size); tw > w {
			if i == 0 {
				line = render.Clip(res, render.Regular, size, w)
			}
			break
		}
		line = next
	}
	t.latestFit, t.latestW = line, w
	return line
}

// latestResults describes the n matches finished last.
func latestResults(ix *tournament.Index, n int) []string {
	var done []*tournament.Played
	for i := range ix.Matches {
		if ix.Matches[i].Result != nil {
			done = append(done, &ix.Matches[i])
		}
	}
	slices.SortStableFunc(done, func(a, b *tournament.Played) int { return b.Result.Finished.Compare(a.Result.Finished) })
	var out []string
	for _, p := range done[:min(n, len(done))] {
		text := resultText(ix, p)
		if ix.Games > 1 {
			text = lang.F("game %d: %s", p.Game, text)
		}
		out = append(out, text)
	}
	return out
}

// entrantName names an entrant, the house, or a bracket's empty place.
func entrantName(ix *tournament.Index, e int) string { return whoName(ix, e) }

// Update takes new snapshots, opened replays, keys and clicks.
func (t *Tournament) Update(a *App) error {
	select {
	case l := <-t.loads:
		if l.err != nil {
			t.err = l.err
			if t.snap != nil {
				a.Toast("%s", lang.T(l.err.Error()))
			}
		} else {
			t.apply(l.snap, a.Clock)
		}
	default:
	}
	select {
	case o := <-t.opening:
		if o.err != nil {
			a.Toast("%v", o.err)
		} else if view, err := render.NewView(o.rec.Title.ID()); err != nil {
			a.Toast("%v", err)
		} else {
			v := NewViewer(o.rec, view)
			v.backTo = t
			a.Push(v)
		}
	default:
	}
	in := &a.In
	if in.Just(ActBack) {
		a.Pop()
		return nil
	}
	if in.Just(ActHelp) {
		a.Push(NewHelp())
		return nil
	}
	if t.snap == nil {
		return nil
	}
	t.layout(a)
	switch {
	case in.Just(ActStepForward) || in.UI.Tab:
		t.show(a, t.view+1)
	case in.Just(ActStepBack):
		t.show(a, t.view-1)
	case in.Just(ActPresent):
		t.present, t.shownAt = !t.present, a.Clock
		if t.present {
			a.Toast("%s", lang.F("Presenting: the views change every %d seconds (P to stop)", int(presentFor)))
		}
	case in.Just(ActSort) && t.views[t.view].kind == viewStandings:
		t.sortBy = (t.sortBy + 1) % len(standingsCols)
		t.reversed = false
	}
	if t.present && a.Clock-t.shownAt > presentFor {
		t.show(a, t.view+1)
	}
	if step := boolInt(in.UI.Down) - boolInt(in.UI.Up); step != 0 {
		if n := t.rowCount(); n > 0 {
			// The keys choose a line (the first press shows the
			// choice), and the lines scroll to show it.
			if t.keyed {
				t.sel = max(0, min(t.sel+step, n-1))
			}
			t.keyed = true
			t.scroll = max(min(t.scroll, t.sel), t.sel-t.fits+1)
		} else {
			t.scroll = max(0, t.scroll+step)
		}
	}
	if in.UI.Wheel != 0 {
		t.scroll = max(0, t.scroll-int(math.Round(in.UI.Wheel)))
	}
	if in.UI.Enter && t.keyed {
		if e := t.selectedEntrant(); e >= 0 {
			t.matchesOf(a, func(p *tournament.Played) bool { return slices.Contains(p.Entrants, e) }, entrantName(t.snap.Index, e))
		}
	}
	if !in.UI.Pressed {
		return nil
	}
	for i, r := range t.tabs {
		if in.UI.Over(r) {
			t.show(a, i)
			return nil
		}
	}
	for i, r := range t.heads {
		if in.UI.Over(r) {
			if t.sortBy == i {
				t.reversed = !t.reversed
			} else {
				t.sortBy, t.reversed = i, false
			}
			return nil
		}
	}
	ix := t.snap.Index
	for _, h := range t.rowAt {
		if in.UI.Over(h.r) {
			t.matchesOf(a, func(p *tournament.Played) bool { return slices.Contains(p.Entrants, h.entrant) }, entrantName(ix, h.entrant))
			return nil
		}
	}
	for _, h := range t.cellAt {
		if in.UI.Over(h.r) {
			t.matchesOf(a, func(p *tournament.Played) bool {
				return slices.Contains(p.Entrants, h.a) && slices.Contains(p.Entrants, h.b)
			}, lang.F("%s and %s", entrantName(ix, h.a), entrantName(ix, h.b)))
			return nil
		}
	}
	for _, h := range t.boxAt {
		if in.UI.Over(h.r) {
			ids := h.series.Matches
			t.matchesOf(a, func(p *tournament.Played) bool { return slices.Contains(ids, p.ID) }, seriesTitle(ix, h.series))
			return nil
		}
	}
	return nil
}

// presentFor is how long each view shows while presenting.
const presentFor = 15.0

// show switches to view i (wrapping around).
func (t *Tournament) show(a *App, i int) {
	n := len(t.views)
	t.view = ((i % n) + n) % n
	t.shownAt, t.sel, t.scroll = a.Clock, 0, 0
}

// seriesTitle names a series for the list of its matches.
func seriesTitle(ix *tournament.Index, s *tournament.Series) string {
	var names []string
	for _, e := range s.Entrants {
		names = append(names, entrantName(ix, e))
	}
	return versus(names)
}

// matchesOf opens the list of the matches that keep, under a heading.
func (t *Tournament) matchesOf(a *App, keep func(*tournament.Played) bool, about string) {
	ix := t.snap.Index
	var list []*tournament.Played
	for i := range ix.Matches {
		if keep(&ix.Matches[i]) {
			list = append(list, &ix.Matches[i])
		}
	}
	if len(list) == 0 {
		a.Toast("%s", lang.F("No matches of %s yet", about))
		return
	}
	a.Push(newMatchList(t, about, list))
}

// open loads a match's replay off the frame loop; Update opens the viewer.
func (t *Tournament) open(p *tournament.Played) {
	src := t.src
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		rec, err := src.Replay(ctx, p)
		t.opening <- opened{rec, err}
	}()
}

// layout places the tabs (their type smaller where many must fit) and
// the area of the view.
func (t *Tournament) layout(a *App) {
	if t.said != lang.Current() {
		t.say()
	}
	s := a.Scale
	t.tabSize = 19 * s
	for range 8 {
		total := 0.0
		for _, v := range t.views {
			w, _ := render.Measure(v.shown, render.Bold, t.tabSize)
			total += w + t.tabSize*2.3
		}
		if total <= float64(a.W)-96*s || t.tabSize <= 11*s {
			break
		}
		t.tabSize = max(11*s, t.tabSize*(float64(a.W)-96*s)/total)
	}
	x := 48 * s
	t.tabs = t.tabs[:0]
	for _, v := range t.views {
		w, _ := render.Measure(v.shown, render.Bold, t.tabSize)
		tab := rectXYWH(x, 126*s, w+t.tabSize*1.9, 42*s)
		if lang.RTL() { // right to left, the tabs from the right edge
			tab = rectXYWH(float64(a.W)-x-(w+t.tabSize*1.9), 126*s, w+t.tabSize*1.9, 42*s)
		}
		t.tabs = append(t.tabs, tab)
		x += w + t.tabSize*2.3
	}
	// Under the area, a line for its note on scrolling, clear of the
	// latest results.
	t.area = rectXYWH(48*s, 188*s, float64(a.W)-96*s, float64(a.H)-188*s-104*s-t.nowHeight(a))
}

// Draw draws the heading, the tabs, the view, the latest results and the
// keys.
func (t *Tournament) Draw(dst *ebiten.Image, a *App) {
	backdrop(dst, a)
	s := a.Scale
	if t.snap == nil {
		msg := lang.F("Loading %s…", t.src.String())
		c := render.InkDim
		if t.err != nil {
			msg, c = lang.T(t.err.Error()), render.Bad
		}
		render.WrapText(dst, msg, render.Regular, 22*s, 80*s, float64(a.H)/2-40*s, float64(a.W)-160*s, c)
		render.Text(dst, lang.T("Esc to go back"), render.Regular, 15*s, float64(a.W)/2, float64(a.H)-40*s, render.InkFaint, render.Center)
		return
	}
	t.layout(a)
	ix := t.snap.Index
	hx, align := cardStart(48*s, float64(a.W)-96*s)
	render.Text(dst, render.Clip(ix.Name, render.Bold, 46*s, float64(a.W)-420*s), render.Bold, 46*s, hx, 30*s, render.Ink, align)
	render.FitText(dst, t.sub, render.Regular, 21*s, hx, 88*s, float64(a.W)-420*s, render.InkDim, align)
	t.drawStatus(dst, a, ix)
	for i, v := range t.views {
		r := t.tabs[i]
		c := render.InkDim
		if i == t.view {
			render.Panel(dst, r, 10*s, render.Raised)
			render.FillRect(dst, float64(r.Min.X)+14*s, float64(r.Max.Y)-5*s, float64(r.Dx())-28*s, 3*s, render.Accent)
			c = render.Ink
		}
		render.Text(dst, v.shown, render.Bold, t.tabSize, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y)+(float64(r.Dy())-t.tabSize*1.2)/2, c, render.Center)
	}
	t.rowAt, t.cellAt, t.boxAt, t.heads = t.rowAt[:0], t.cellAt[:0], t.boxAt[:0], t.heads[:0]
	switch v := t.views[t.view]; v.kind {
	case viewStandings:
		t.drawStandings(dst, a, t.snap.Standings.Standings, true, 0)
	case viewTable:
		t.drawStandings(dst, a, ix.Stages[v.stage].Table, false, ix.Stages[v.stage].Advance)
	case viewCross:
		t.drawCross(dst, a)
	case viewBracket:
		t.drawBracket(dst, a, &ix.Stages[v.stage])
	}
	t.drawNow(dst, a)
	y := float64(a.H) - 72*s
	if len(t.latest) > 0 {
		render.FitText(dst, lang.T("LATEST"), render.Bold, 15*s, 48*s, y+3*s, 68*s, render.Accent, render.Left)
		render.Text(dst, t.latestLine(18*s, float64(a.W)-170*s), render.Regular, 18*s, 122*s, y, render.Ink, render.Left)
	}
	hint := seps(lang.T("← → views · click a line, cell or tie for its matches · O sort · P present · Esc back"))
	render.FitText(dst, hint, render.Regular, 14*s, float64(a.W)/2, float64(a.H)-34*s, float64(a.W)-96*s, render.InkFaint, render.Center)
}

// drawStatus draws the state in the top right corner: a live dot while
// the tournament runs.
func (t *Tournament) drawStatus(dst *ebiten.Image, a *App, ix *tournament.Index) {
	s := a.Scale
	x, y := float64(a.W)-48*s, 40*s
	align := render.Right
	if lang.RTL() { // right to left, the state in the top left corner
		x, align = 48*s, render.Left
	}
	label, c := lang.T(strings.ToUpper(ix.Status)), render.InkDim
	switch {
	case ix.Status == tournament.StatusRunning && now().Sub(ix.Updated) > 2*time.Minute:
		// The runner writes its files every half minute at least.
		label = lang.T("NO NEWS")
	case ix.Status == tournament.StatusRunning:
		label, c = lang.T("LIVE"), render.Good
		pulse := 0.55 + 0.45*math.Sin(a.Clock*4)
		w, _ := render.Measure(label, render.Bold, 24*s)
		dx := x - w - 22*s
		if align == render.Left {
			dx = x + w + 22*s
		}
		render.Disc(dst, dx, y+15*s, 9*s, render.Fade(render.Good, pulse))
	case ix.Status == tournament.StatusComplete:
		label, c = lang.T("FINAL"), render.Accent
	}
	render.Text(dst, label, render.Bold, 24*s, x, y, c, align)
	render.Text(dst, t.updated, render.Regular, 15*s, x, y+36*s, render.InkFaint, align)
}

// rowCount is the number of lines of the view shown.
func (t *Tournament) rowCount() int {
	switch v := t.views[t.view]; v.kind {
	case viewStandings:
		return len(t.snap.Standings.Standings)
	case viewTable:
		return len(t.snap.Index.Stages[v.stage].Table)
	}
	return 0
}

// selectedEntrant is the entrant of the selected line, or -1.
func (t *Tournament) selectedEntrant() int {
	for i, h := range t.rowAt {
		if i+t.scroll == t.sel {
			return h.entrant
		}
	}
	return -1
}

// The standings' columns: what each shows and how it sorts.
var standingsCols = []struct {
	head  string
	width float64 // at scale 1; 0: the rest
	less  func(a, b *tournament.Row) int
}{
	{"#", 64, func(a, b *tournament.Row) int { return cmp.Compare(a.Place, b.Place) }},
	{"Name", 0, func(a, b *tournament.Row) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	}},
	{"Played", 100, func(a, b *tournament.Row) int { return cmp.Compare(b.Played, a.Played) }},
	{"W", 72, func(a, b *tournament.Row) int { return cmp.Compare(b.Wins, a.Wins) }},
	{"D", 72, func(a, b *tournament.Row) int { return cmp.Compare(b.Draws, a.Draws) }},
	{"L", 72, func(a, b *tournament.Row) int { return cmp.Compare(b.Losses, a.Losses) }},
	{"Points", 120, func(a, b *tournament.Row) int { return cmp.Compare(b.Points, a.Points) }},
	{"Rating", 190, func(a, b *tournament.Row) int { return cmp.Compare(b.Rating, a.Rating) }},
}

// standingsLines keeps the sorted lines and their texts for one snapshot
// and order, so frames draw them without formatting.
type standingsLines struct {
	key   [4]int
	rows  []tournament.Row
	texts [][]string
}

// drawStandings draws a table of rows: the whole standings (with ratings)
// or a stage's table, where the first advance lines go on. The leader's
// line is lit; lines whose results just changed glow.
func (t *Tournament) drawStandings(dst *ebiten.Image, a *App, rows []tournament.Row, ratings bool, advance int) {
	s := a.Scale
	cols := standingsCols
	if !ratings {
		cols = cols[:len(cols)-1]
	}
	key := [4]int{t.view, t.sortBy, boolInt(t.reversed), len(rows)}
	if t.lines.key != key || t.lines.rows == nil {
		t.lines = standingsLines{key: key, rows: slices.Clone(rows)}
		if t.views[t.view].kind == viewStandings {
			by := cols[min(t.sortBy, len(cols)-1)].less
			slices.SortStableFunc(t.lines.rows, func(x, y tournament.Row) int {
				c := by(&x, &y)
				if t.reversed {
					c = -c
				}
				return cmp.Or(c, cmp.Compare(x.Place, y.Place))
			})
		}
		for _, r := range t.lines.rows {
			t.lines.texts = append(t.lines.texts, []string{lang.N(r.Place), r.Name, lang.N(r.Played), lang.N(r.Wins),
				lang.N(r.Draws), lang.N(r.Losses), lang.Digits(points(r.Points)), lang.Digits(fmt.Sprintf("%.0f ± %.0f", r.Rating, 2*r.RD))})
		}
	}
	area := t.area
	fixed := 0.0
	for _, c := range cols {
		fixed += c.width * s
	}
	nameW := float64(area.Dx()) - fixed
	if ratings && nameW < 240*s {
		// Too narrow for the names (a large interface on a small
		// window): the ratings give way.
		cols = cols[:len(cols)-1]
		nameW += standingsCols[len(standingsCols)-1].width * s
	}
	headH := 40 * s
	n := len(t.lines.rows)
	rowH := math.Min(56*s, math.Max(34*s, (float64(area.Dy())-headH)/float64(max(1, n))))
	fits := int((float64(area.Dy()) - headH) / rowH)
	t.scroll = max(0, min(t.scroll, n-fits))
	t.fits = fits
	size := rowH * 0.52
	x0, y := float64(area.Min.X), float64(area.Min.Y)
	xs := make([]float64, len(cols)+1)
	xs[0] = x0
	for i, c := range cols {
		w := c.width * s
		if w == 0 {
			w = nameW
		}
		xs[i+1] = xs[i] + w
	}
	// Right to left, the columns go from the right edge: the place
	// rightmost.
	rtl := lang.RTL()
	x1 := float64(area.Max.X)
	col := func(i int) (lo, hi float64) {
		if rtl {
			return x0 + x1 - xs[i+1], x0 + x1 - xs[i]
		}
		return xs[i], xs[i+1]
	}
	// The heading: a click sorts the standings by a column.
	for i, c := range cols {
		head := lang.T(c.head)
		lo, hi := col(i)
		if t.views[t.view].kind == viewStandings {
			t.heads = append(t.heads, rectXYWH(lo, y, hi-lo, headH))
			if i == t.sortBy {
				head += map[bool]string{false: " ▼", true: " ▲"}[t.reversed]
			}
		}
		t.cell(dst, head, render.Bold, 16*s, lo, hi, y+10*s, render.InkFaint, i == 1)
	}
	y += headH
	for i := t.scroll; i < n && i < t.scroll+fits; i++ {
		r := t.lines.rows[i]
		line := rectXYWH(x0, y, float64(area.Dx()), rowH-4*s)
		ink := render.Ink
		switch {
		case r.Place == 1 && r.Played > 0:
			// The leader, lit for the back of the room.
			gx := x0 + 40*s
			if rtl {
				gx = x1 - 40*s
			}
			render.Glow(dst, gx, y+rowH/2, rowH*1.6, render.Fade(render.Accent, 0.35+0.1*math.Sin(a.Clock*2)))
			render.Panel(dst, line, 10*s, render.Accent)
			ink = render.AccentInk
		case i%2 == 0:
			render.Panel(dst, line, 10*s, render.Fade(render.Raised, 0.55))
		}
		if at, ok := t.flash[r.Entrant]; ok && a.Clock-at < 3 && r.Place != 1 {
			render.Panel(dst, line, 10*s, render.Fade(render.Good, 0.45*(1-(a.Clock-at)/3)))
		}
		bar, mark := x0, x0-12*s // the advance bar's x, the selection mark's
		if rtl {
			bar, mark = x1-5*s, x1+6*s
		}
		if advance > 0 && r.Place <= advance {
			render.FillRect(dst, bar, y+6*s, 5*s, rowH-16*s, render.Good)
		}
		if i == t.sel && t.keyed {
			render.FillRect(dst, mark, y+8*s, 6*s, rowH-20*s, render.Ink)
		}
		for c := range cols {
			f := render.Regular
			if c == 1 || c == 6 {
				f = render.Bold
			}
			lo, hi := col(c)
			t.cell(dst, t.lines.texts[i][c], f, size, lo, hi, y+(rowH-4*s-size*1.2)/2, ink, c == 1)
		}
		t.rowAt = append(t.rowAt, rowHit{line, r.Entrant})
		y += rowH
	}
	if n > fits {
		render.Text(dst, lang.F("%d–%d of %d · wheel or ↑ ↓ to scroll", t.scroll+1, min(n, t.scroll+fits), n),
			render.Regular, 14*s, float64(area.Max.X), float64(area.Max.Y)+2*s, render.InkFaint, render.Right)
	}
}

// cell draws a table cell's text: left-aligned names, numbers centred.
func (t *Tournament) cell(dst *ebiten.Image, text string, f render.Font, size, x0, x1, y float64, c color.NRGBA, left bool) {
	pad := 14 * size / 20
	if left && lang.RTL() {
		render.Text(dst, render.Clip(text, f, size, x1-x0-2*pad), f, size, x1-pad, y, c, render.Right)
		return
	}
	if left {
		render.Text(dst, render.Clip(text, f, size, x1-x0-2*pad), f, size, x0+pad, y, c, render.Left)
		return
	}
	render.FitText(dst, text, f, size, (x0+x1)/2, y, x1-x0-4, c, render.Center)
}

// pointsText keeps the texts of the points drawn, so frames format none.
var pointsText = map[float64]string{}

// points writes points the way tables do: 2½, ½, 3.
func points(x float64) string {
	if s, ok := pointsText[x]; ok {
		return s
	}
	whole, frac := math.Modf(x)
	s := fmt.Sprintf("%.2f", x)
	switch {
	case frac == 0:
		s = fmt.Sprint(whole)
	case frac == 0.5 && whole == 0:
		s = "½"
	case frac == 0.5:
		s = fmt.Sprintf("%v½", whole)
	}
	if len(pointsText) > 4096 {
		clear(pointsText)
	}
	pointsText[x] = s
	return s
}

// Tournaments asks for a tournament to show: one of those in the
// tournaments folder, or a folder or URL.
type Tournaments struct {
	dialog
	path         *ui.Field
	recent       []*ui.Button
	dirs         []string
	open, cancel *ui.Button
}

// NewTournaments lists the tournaments of dir, newest first.
func NewTournaments(dir string) *Tournaments {
	return newTournaments(recentTournaments(dir, 5),
		"Run one with `arena tournament run SPEC`; it appears here, and updates live while it plays.")
}

// newTournaments is the dialog that lists the tournaments found.
func newTournaments(list []found, text string) *Tournaments {
	d := &Tournaments{path: &ui.Field{Placeholder: lang.T(tournamentsPlaceholder), Max: 4096},
		open: &ui.Button{Label: "Show", Primary: true}, cancel: &ui.Button{Label: "Cancel"}}
	d.heading, d.width = "Tournaments", 860
	d.text = text
	d.form.Items = []ui.Widget{d.path}
	for _, found := range list {
		b := &ui.Button{Label: found.label}
		d.recent = append(d.recent, b)
		d.dirs = append(d.dirs, found.dir)
		d.form.Items = append(d.form.Items, b)
	}
	d.form.Items = append(d.form.Items, d.open, d.cancel)
	return d
}

type found struct {
	dir, label string
	mod        int64
}

// tournamentLabel is a tournament's line in the Tournaments dialog.
func tournamentLabel(name, title, system, status string, done, estimate int) string {
	dot := sep(" · ")
	return name + dot + title + dot + systemName(system) + dot + lang.N(done) + "/" + lang.N(estimate) + dot + lang.T(status)
}

// serverTournaments are the tournaments the Arena server at base shows,
// the newest first.
func serverTournaments(ctx context.Context, base string) ([]found, error) {
	list, err := tnet.List(ctx, base)
	var out []found
	for _, t := range list {
		out = append(out, found{dir: t.URL, label: tournamentLabel(t.Name, t.Title, t.System, t.Status, t.Done, t.Estimate)})
	}
	return out, err
}

// recentTournaments finds the n tournaments of dir changed last.
func recentTournaments(dir string, n int) []found {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []found
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		st, err := os.Stat(filepath.Join(p, tournament.IndexFile))
		if !e.IsDir() || err != nil {
			continue
		}
		out = append(out, found{dir: p, label: e.Name(), mod: st.ModTime().UnixNano()})
	}
	slices.SortFunc(out, func(a, b found) int { return cmp.Compare(b.mod, a.mod) })
	out = out[:min(n, len(out))]
	for i := range out {
		data, err := tournament.IndexLimit.ReadFile(filepath.Join(out[i].dir, tournament.IndexFile))
		if err != nil {
			continue
		}
		if ix, err := tournament.ReadIndex(out[i].dir, data); err == nil {
			out[i].label = tournamentLabel(ix.Name, ix.Title, ix.System, ix.Status, ix.Done, ix.Estimate)
		}
	}
	return out
}

func (*Tournaments) overlay() {}

// Update handles the field, the tournaments found and the buttons.
func (d *Tournaments) Update(a *App) error {
	d.place(a)
	if a.In.Just(ActBack) {
		a.Pop()
		return nil
	}
	where := ""
	switch hit := d.form.Update(&a.In.UI); hit {
	case nil:
		return nil
	case d.cancel:
		a.Pop()
		return nil
	case d.open, d.path:
		where = strings.TrimSpace(d.path.Text)
	default:
		for i, b := range d.recent {
			if b == hit {
				where = d.dirs[i]
			}
		}
	}
	src, err := tnet.ParseSource(where)
	if err != nil {
		a.Toast("%v", err)
		return nil
	}
	a.Pop()
	a.Push(NewTournament(src, nil))
	return nil
}

// Draw draws the dialog.
func (d *Tournaments) Draw(dst *ebiten.Image, a *App) {
	d.path.Placeholder = lang.T(tournamentsPlaceholder)
	d.draw(dst, a)
}

// tournamentsPlaceholder is what the Tournaments dialog's empty field says.
const tournamentsPlaceholder = "a tournament's folder, or the URL of a server that serves one"

// The tournament's files name stages, rounds, ties and groups in English
// (they are contracts); tourName says such a name in the screens'
// language, part by part: "Round of 16, tie 3", "Pool A, Round 2, game 1".
// A name given in a tournament's spec passes through as it is.
func tourName(name string) string {
	if lang.Current() == lang.En || name == "" {
		return name
	}
	parts := strings.Split(name, ", ")
	for i, p := range parts {
		parts[i] = tourPart(p)
	}
	return strings.Join(parts, listSep())
}

// listSep joins the parts of a name: the comma the catalogue's "%s, %s"
// puts between two names (Persian's in Persian), as the results' lists.
func listSep() string { return lang.F("%s, %s", "", "") }

// tourParts are the numbered parts of names the planner makes.
var tourParts = []struct {
	re     *regexp.Regexp
	format string
	number bool
}{
	{regexp.MustCompile(`^Round of (\d+)$`), "Round of %d", true},
	{regexp.MustCompile(`^Round (\d+)$`), "Round %d", true},
	{regexp.MustCompile(`^Winners round (\d+)$`), "Winners round %d", true},
	{regexp.MustCompile(`^Losers round (\d+)$`), "Losers round %d", true},
	{regexp.MustCompile(`^Semi-final (\d+)$`), "Semi-final %d", true},
	{regexp.MustCompile(`^Quarter-final (\d+)$`), "Quarter-final %d", true},
	{regexp.MustCompile(`^tie (\d+)$`), "tie %d", true},
	{regexp.MustCompile(`^game (\d+)$`), "game %d", true},
	{regexp.MustCompile(`^group (\S+)$`), "group %s", false},
	{regexp.MustCompile(`^Pool (\S+)$`), "Pool %s", false},
}

// tourPart says one part of a name: "Final", "Round 3", "group B".
func tourPart(p string) string {
	for _, tp := range tourParts {
		m := tp.re.FindStringSubmatch(p)
		if m == nil {
			continue
		}
		if tp.number {
			n, _ := strconv.Atoi(m[1])
			return lang.F(tp.format, n)
		}
		return lang.F(tp.format, m[1])
	}
	return lang.T(p)
}

// systemName says a tournament's system: "single elimination", or a
// contest's own format.
func systemName(system string) string {
	if tt, err := game.Lookup(system); err == nil {
		return lang.F("%s format", tt.Name())
	}
	return lang.T(strings.ReplaceAll(system, "-", " "))
}

// roundName says a bracket's round name, once per language.
func (t *Tournament) roundName(name string) string {
	if s, ok := t.rounds[name]; ok {
		return s
	}
	s := tourName(name)
	t.rounds[name] = s
	return s
}

// digits writes a number's digits in the screens' digits, without
// formatting in English.
func (t *Tournament) digits(s string) string {
	if t.said != lang.Fa {
		return s
	}
	return lang.Digits(s)
}

// whoName names an entrant in the screens' language: a name as it is,
// the house and a bye in words.
func whoName(ix *tournament.Index, e int) string {
	if e == tournament.House || e == tournament.Bye {
		return lang.T(ix.EntrantName(e))
	}
	return ix.EntrantName(e)
}

// versus joins the names of a match's sides: "A vs B vs C".
func versus(names []string) string { return strings.Join(names, " "+lang.T("vs")+" ") }

// resultText says how a match ended in the screens' language: "A beat B
// (reason)", "A and B drew", "A won, ahead of B, C (reason)".
func resultText(ix *tournament.Index, p *tournament.Played) string {
	return lang.Say(ix.ResultWords(p))
}

// whereText names a match as the bracket names its place, in the screens'
// language.
func whereText(ix *tournament.Index, m *tournament.Match) string { return tourName(ix.Where(m)) }

// nowLabel names a match in progress: where it is and who plays it.
func nowLabel(ix *tournament.Index, n *tournament.Now) string {
	m := ix.Match(n.Match)
	if m == nil {
		return n.Match
	}
	names := make([]string, len(m.Entrants))
	for i, e := range m.Entrants {
		names[i] = whoName(ix, e)
	}
	who := versus(names)
	if where := whereText(ix, &m.Match); where != "" {
		return where + ": " + who
	}
	return who
}
