package scenes

import (
	"fmt"
	"image"
	"image/color"
	"maps"
	"math"
	"path/filepath"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/scenes/playback"
	"github.com/arena-games/arena/sprites"
)

// Compare shows two recordings of one game (the same title, map and seed)
// side by side, in step: one clock and one scrub bar for both. It opens on
// the first turn whose moves differ (game.Compare), marked on the scrub bar
// and told in a banner; under each board, the moves of the turn shown, the
// ones that differ from the other side's in red. The boards' cameras move
// together.
type Compare struct {
	names [2]string
	recs  [2]*game.Recording
	views [2]render.View
	diff  game.Diff
	// n is the frames of the longer game: the clock's.
	n     int
	clock playback.Clock
	// moments are what each board shows, worked out by step.
	moments [2]render.Moment
	stepped bool

	boards, heads, foots [2]image.Rectangle
	bar, scrub, banner   image.Rectangle
	screenW, screenH     int
	scale                float64

	first, back, play, fwd, last, jump, help ui.Button
	buttons                                  []*ui.Button
	scrubbing                                bool
	// grab is where a drag of the boards was last, while one is on.
	grab struct {
		on   bool
		x, y float64
	}
	// lines are each side's line of moves, for the turn shown.
	lines     [2]moveLine
	turnLabel render.Memo[[2]int]
	// bannerText is the line about the first difference (Banner), title
	// the top bar's and sides each board's head: its file, its players.
	bannerText, title string
	sides             [2]string
	// said is the language of the texts.
	said lang.Tag
}

// NewCompare shows recordings a (named nameA: a file's name) and b side by
// side at the first turn where their moves differ, or the start when they
// are the same game move for move; the error says why they cannot be
// compared.
func NewCompare(nameA string, a *game.Recording, nameB string, b *game.Recording) (*Compare, error) {
	if a.Timeline.Live() || b.Timeline.Live() {
		return nil, fmt.Errorf("a match still being played cannot be compared yet: wait for its end")
	}
	d, err := game.Compare(nameA, a, nameB, b)
	if err != nil {
		return nil, err
	}
	c := &Compare{names: [2]string{nameA, nameB}, recs: [2]*game.Recording{a, b}, diff: d, clock: playback.New()}
	for i, r := range c.recs {
		if c.views[i], err = render.NewView(r.Title.ID()); err != nil {
			return nil, err
		}
		if cv, ok := c.views[i].(render.Compacter); ok {
			cv.SetCompact(true) // the map takes the room of the view's own cards
		}
	}
	c.n = max(a.Timeline.Len(), b.Timeline.Len())
	c.first = ui.Button{Icon: sprites.IconFirst, HasIcon: true}
	c.back = ui.Button{Icon: sprites.IconStepBack, HasIcon: true}
	c.play = ui.Button{Icon: sprites.IconPlay, HasIcon: true, Primary: true}
	c.fwd = ui.Button{Icon: sprites.IconStepForward, HasIcon: true}
	c.last = ui.Button{Icon: sprites.IconLast, HasIcon: true}
	c.jump = ui.Button{Label: "First difference", Disabled: d.Same()}
	c.help = ui.Button{Icon: sprites.IconHelp, HasIcon: true}
	c.buttons = []*ui.Button{&c.first, &c.back, &c.play, &c.fwd, &c.last, &c.jump, &c.help}
	c.say()
	for i, r := range c.recs {
		c.sides[i] = filepath.Base(c.names[i]) + " · " + rowPlayers(r)
	}
	c.toDifference()
	return c, nil
}

// say makes the texts of the top bar and the banner in the screens'
// language, and has the lines of moves made again.
func (c *Compare) say() {
	c.said = lang.Current()
	c.bannerText = c.Banner()
	c.title = lang.F("%s · two games compared", c.recs[0].Title.Name())
	c.lines = [2]moveLine{}
	c.turnLabel = render.Memo[[2]int]{}
}

// Diff is where the two games part ways.
func (c *Compare) Diff() game.Diff { return c.diff }

// Cursor is the turn shown on both boards.
func (c *Compare) Cursor() int { return c.clock.Cursor }

// Board is the area where side i (0: A, on the left; 1: B) is drawn.
func (c *Compare) Board(i int) image.Rectangle { return c.boards[i] }

// toDifference shows the first turn that differs, its step played in:
// from the turn before, as the two games still stand alike.
func (c *Compare) toDifference() {
	if c.diff.Same() {
		c.clock.Seek(0, c.n)
		return
	}
	c.clock.Seek(*c.diff.FirstTurn-1, c.n)
	c.clock.StepForward(c.n)
	for _, v := range c.views {
		v.Reset()
	}
}

// The compare scene's layout, at scale 1: the top bar, each board's head
// (the file, the players) and foot (the moves of the turn), the banner
// and the control bar.
const (
	cmpTopH    = 56
	cmpHeadH   = 30
	cmpFootH   = 30
	cmpBannerH = 44
	cmpBarH    = 76
)

func (c *Compare) layout(a *App) {
	c.screenW, c.screenH, c.scale = a.W, a.H, a.Scale
	s := a.Scale
	c.bar = rectXYWH(0, float64(a.H)-cmpBarH*s, float64(a.W), cmpBarH*s)
	c.banner = rectXYWH(16*s, float64(c.bar.Min.Y)-(cmpBannerH+8)*s, float64(a.W)-32*s, cmpBannerH*s)
	top := cmpTopH * s
	bottom := float64(c.banner.Min.Y) - 8*s
	w := (float64(a.W) - 48*s) / 2
	for i := range 2 {
		x := 16*s + float64(i)*(w+16*s)
		c.heads[i] = rectXYWH(x, top, w, cmpHeadH*s)
		c.boards[i] = rectXYWH(x, top+cmpHeadH*s, w, bottom-top-(cmpHeadH+cmpFootH)*s)
		c.foots[i] = rectXYWH(x, bottom-cmpFootH*s, w, cmpFootH*s)
		c.views[i].Layout(c.boards[i], s)
	}
	b := 48 * s
	y := float64(c.bar.Min.Y) + (float64(c.bar.Dy())-b)/2
	x := 20 * s
	for _, btn := range []*ui.Button{&c.first, &c.back, &c.play, &c.fwd, &c.last} {
		btn.Place(rectXYWH(x, y, b, b))
		x += b + 8*s
	}
	x += 8 * s
	c.jump.Place(rectXYWH(x, y, 170*s, b))
	x += 186 * s
	c.help.Place(rectXYWH(float64(a.W)-20*s-b, 4*s, b, b))
	c.scrub = rectXYWH(x+10*s, y+b/2-2*s, float64(a.W)-x-34*s, 10*s)
}

// Update plays both games on one clock, and handles the controls.
func (c *Compare) Update(a *App) error {
	c.layout(a)
	in := &a.In
	c.clock.Tick(1/float64(ebiten.TPS()), c.n, false)
	for _, b := range c.buttons {
		if b.Update(&in.UI, false) && !b.Disabled {
			c.pressed(a, b)
		}
	}
	switch {
	case in.Just(ActBack):
		a.Pop()
		return nil
	case in.Just(ActHelp):
		a.Push(NewBoardHelp(c.views[0]))
	case in.Just(ActPlayPause):
		c.clock.Toggle(c.n)
	case in.Just(ActStepForward):
		c.step(+1)
	case in.Just(ActStepBack):
		c.step(-1)
	case in.Just(ActFirst):
		c.clock.Seek(0, c.n)
	case in.Just(ActLast):
		c.clock.Seek(c.n-1, c.n)
	case in.Just(ActCompare):
		c.toDifference()
	case in.Just(ActFaster):
		c.clock.SetSpeed(c.clock.Speed + 1)
	case in.Just(ActSlower):
		c.clock.SetSpeed(c.clock.Speed - 1)
	}
	// The boards' own keys (a fog, a layer) work on both.
	for _, k := range in.Keys {
		if !bound(k) {
			for _, v := range c.views {
				render.Watch(v, k)
			}
		}
	}
	c.navigate(in)
	c.updateScrub(in)
	c.stepBoards(a)
	return nil
}

// pressed does what button b does.
func (c *Compare) pressed(a *App, b *ui.Button) {
	switch b {
	case &c.first:
		c.clock.Seek(0, c.n)
	case &c.back:
		c.step(-1)
	case &c.play:
		c.clock.Toggle(c.n)
	case &c.fwd:
		c.step(+1)
	case &c.last:
		c.clock.Seek(c.n-1, c.n)
	case &c.jump:
		c.toDifference()
	case &c.help:
		a.Push(NewBoardHelp(c.views[0]))
	}
}

// step shows the next (+1) or previous (-1) turn on both boards.
func (c *Compare) step(d int) {
	if d > 0 {
		c.clock.StepForward(c.n)
	} else {
		c.clock.StepBack(c.n)
	}
	for _, v := range c.views {
		v.Reset()
	}
}

// navigate zooms and pans both maps as one: the wheel over either board,
// a drag on either, the keys.
func (c *Compare) navigate(in *Input) {
	var navs [2]render.Navigator
	for i, v := range c.views {
		nav, ok := v.(render.Navigator)
		if !ok {
			return
		}
		navs[i] = nav
	}
	x, y := in.UI.X, in.UI.Y
	// The point on each board that is where the pointer is on the board
	// under it.
	over := -1
	for i, r := range c.boards {
		if in.UI.Over(r) {
			over = i
		}
	}
	at := func(i int) (float64, float64) {
		if over < 0 {
			r := c.boards[i]
			return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
		}
		return x + float64(c.boards[i].Min.X-c.boards[over].Min.X), y
	}
	for i, nav := range navs {
		px, py := at(i)
		switch {
		case in.UI.Wheel != 0 && over >= 0:
			nav.Zoom(math.Pow(1.15, in.UI.Wheel), px, py)
		case in.Just(ActZoomIn):
			nav.Zoom(1.25, px, py)
		case in.Just(ActZoomOut):
			nav.Zoom(0.8, px, py)
		case in.Just(ActFit):
			nav.Fit()
		}
	}
	if in.UI.Pressed && over >= 0 {
		c.grab.on, c.grab.x, c.grab.y = true, x, y
	}
	if !in.UI.Held && !in.Dragging {
		c.grab.on = false
	}
	if c.grab.on && (x != c.grab.x || y != c.grab.y) {
		for _, nav := range navs {
			nav.Pan(x-c.grab.x, y-c.grab.y)
		}
		c.grab.x, c.grab.y = x, y
	}
}

// updateScrub seeks where the scrub bar is pressed or dragged.
func (c *Compare) updateScrub(in *Input) {
	hit := c.scrub.Inset(-c.scrub.Dy())
	if in.UI.Pressed && in.UI.Over(hit) {
		c.scrubbing = true
	}
	if !in.UI.Held {
		c.scrubbing = false
	}
	if c.scrubbing {
		f := (in.UI.X - float64(c.scrub.Min.X)) / float64(c.scrub.Dx())
		i := max(0, min(c.n-1, int(f*float64(c.n-1)+0.5)))
		if i != c.clock.Cursor {
			c.clock.Seek(i, c.n)
		}
	}
}

// stepBoards works out what each board shows at the clock, and steps the
// views to it. A game that has ended rests on its last frame.
func (c *Compare) stepBoards(a *App) {
	prev, cur, t := c.clock.Step()
	for i, r := range c.recs {
		m := &c.moments[i]
		last := r.Timeline.Len() - 1
		p, q, tt := min(prev, last), min(cur, last), t
		if p == q {
			tt = 1
		}
		m.Prev, m.Cur, m.T, m.Clock = r.Timeline.Frame(p), r.Timeline.Frame(q), tt, a.Clock
		c.views[i].Update(m)
	}
	c.stepped = true
}

// Close lets go of the images the boards drew into, as the scene closes.
func (c *Compare) Close() {
	for _, v := range c.views {
		if d, ok := v.(render.Disposer); ok {
			d.Dispose()
		}
	}
}

// Draw draws the two boards, each with its file and its moves, the banner
// of the first difference and the control bar.
func (c *Compare) Draw(dst *ebiten.Image, a *App) {
	switch {
	case !c.stepped:
		c.layout(a)
		c.stepBoards(a)
	case a.W != c.screenW || a.H != c.screenH || a.Scale != c.scale:
		c.layout(a)
	}
	if c.said != lang.Current() {
		c.say()
	}
	backdrop(dst, a)
	s := a.Scale
	render.FitText(dst, c.title, render.Bold, 24*s, 24*s, 14*s, float64(a.W)-120*s, render.Ink, render.Left)
	for i := range 2 {
		c.drawSide(dst, a, i)
	}
	c.drawBanner(dst, a)
	c.drawBar(dst, a)
	c.help.Draw(dst, false, s)
}

// sideNames are the sides as the screen calls them.
var sideNames = [2]string{"A", "B"}

// drawSide draws side i: its head, its board (clipped to its area, framed
// red from the first difference on) and the moves of the turn shown.
func (c *Compare) drawSide(dst *ebiten.Image, a *App, i int) {
	s := a.Scale
	head := c.heads[i]
	render.Text(dst, sideNames[i], render.Bold, 20*s, float64(head.Min.X)+4*s, float64(head.Min.Y)+2*s, render.Accent, render.Left)
	render.FitText(dst, c.sides[i], render.Regular, 15*s, float64(head.Min.X)+28*s, float64(head.Min.Y)+6*s, float64(head.Dx())-32*s, render.InkDim, render.Left)
	board := c.boards[i]
	render.Panel(dst, board, 8*s, render.Fade(render.Night, 0.6))
	c.views[i].Draw(dst.SubImage(board).(*ebiten.Image), &c.moments[i])
	if !c.diff.Same() && c.clock.Cursor >= *c.diff.FirstTurn {
		ink := render.Fade(render.Bad, 0.45)
		if c.clock.Cursor == *c.diff.FirstTurn {
			ink = render.Bad
		}
		frame(dst, board, 3*s, ink)
	}
	foot := c.foots[i]
	x, right := float64(foot.Min.X)+4*s, float64(foot.Max.X)-4*s
	if lang.RTL() {
		// Right to left: the pieces from the right edge leftwards.
		for _, seg := range c.movesLine(i) {
			text := render.Clip(seg.text, render.Regular, 15*s, right-x)
			render.Text(dst, text, render.Regular, 15*s, right, float64(foot.Min.Y)+7*s, seg.ink, render.Right)
			w, _ := render.Measure(text, render.Regular, 15*s)
			if right -= w; right <= x+8*s {
				break
			}
		}
		return
	}
	for _, seg := range c.movesLine(i) {
		text := render.Clip(seg.text, render.Regular, 15*s, right-x)
		render.Text(dst, text, render.Regular, 15*s, x, float64(foot.Min.Y)+7*s, seg.ink, render.Left)
		w, _ := render.Measure(text, render.Regular, 15*s)
		if x += w; x >= right-8*s {
			break
		}
	}
}

// frame draws a rectangle's edge, w wide.
func frame(dst *ebiten.Image, r image.Rectangle, w float64, c color.NRGBA) {
	x0, y0, x1, y1 := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
	render.FillRect(dst, x0, y0, x1-x0, w, c)
	render.FillRect(dst, x0, y1-w, x1-x0, w, c)
	render.FillRect(dst, x0, y0, w, y1-y0, c)
	render.FillRect(dst, x1-w, y0, w, y1-y0, c)
}

// moveSeg is a piece of a board's line of moves, in its colour.
type moveSeg struct {
	text string
	ink  color.NRGBA
}

// moveLine is a board's line of moves, for the turn it is of.
type moveLine struct {
	turn int
	ok   bool
	segs []moveSeg
}

// movesLine is side i's line under its board: the moves of the turn shown
// (the step into it), each seat's in red where it differs from the other
// side's, or where its game ended.
func (c *Compare) movesLine(i int) []moveSeg {
	turn := c.clock.Cursor
	l := &c.lines[i]
	if l.ok && l.turn == turn {
		return l.segs
	}
	l.turn, l.ok, l.segs = turn, true, l.segs[:0]
	rec, other := c.recs[i], c.recs[1-i]
	last := rec.Timeline.Len() - 1
	switch {
	case turn > last:
		format := "Turn %d: none here: this game stops at turn %d"
		if ended(rec) {
			format = "Turn %d: none here: this game ended at turn %d"
		}
		l.segs = append(l.segs, moveSeg{lang.F(format, turn, last), render.Bad})
		return l.segs
	case turn == 0:
		l.segs = append(l.segs, moveSeg{lang.F("Turn %d: the start", 0), render.InkDim})
		return l.segs
	}
	moves := rec.Timeline.Frame(turn).Moves
	var om map[game.Seat]string
	if turn < other.Timeline.Len() {
		om = other.Timeline.Frame(turn).Moves
	}
	l.segs = append(l.segs, moveSeg{lang.F("Turn %d:", turn) + " ", render.InkDim})
	if len(moves) == 0 {
		ink := render.InkDim
		if len(om) > 0 || turn >= other.Timeline.Len() {
			ink = render.Bad
		}
		l.segs = append(l.segs, moveSeg{lang.T("no moves"), ink})
	}
	for k, s := range slices.Sorted(maps.Keys(moves)) {
		ink := render.InkDim
		if o, ok := om[s]; !ok || o != moves[s] {
			ink = render.Bad
		}
		text := fmt.Sprintf("%v %s", s, c.label(i, s, moves[s]))
		if k > 0 {
			text = " · " + text
		}
		l.segs = append(l.segs, moveSeg{text, ink})
	}
	return l.segs
}

// label is seat s's move as side i's view writes it shortly.
func (c *Compare) label(i int, s game.Seat, move string) string {
	if l, ok := c.views[i].(render.MoveLabeler); ok {
		move = l.MoveLabel(s, move)
	}
	if move == "" {
		return lang.T("(no move)")
	}
	return move
}

// ended reports whether a game without more turns came to its end (else
// its record stops).
func ended(rec *game.Recording) bool { return rec.Timeline.Last().Over }

// Banner is the line about where the two games part ways.
func (c *Compare) Banner() string {
	d := c.diff
	if d.Same() {
		return lang.F("The two games are the same, move for move, for %d turns", d.TurnsA)
	}
	turn, seat := *d.FirstTurn, game.Seat(*d.Seat-1)
	who := game.Say("P%d", seat.Number()) // "P1" in English, the seat in words in the others
	switch {
	case d.A == nil && turn > d.TurnsA:
		format := "Turn %d: A stops at turn %d; in B, %s played %s"
		if ended(c.recs[0]) {
			format = "Turn %d: A ended at turn %d; in B, %s played %s"
		}
		return lang.F(format, turn, d.TurnsA, who, c.label(1, seat, *d.B))
	case d.B == nil && turn > d.TurnsB:
		format := "Turn %d: %s played %s in A; B stops at turn %d"
		if ended(c.recs[1]) {
			format = "Turn %d: %s played %s in A; B ended at turn %d"
		}
		return lang.F(format, turn, who, c.label(0, seat, *d.A), d.TurnsB)
	}
	played := func(i int, m *string) string {
		if m == nil {
			return lang.T("no move")
		}
		return c.label(i, seat, *m)
	}
	line := lang.F("Turn %d: %s played %s in A (left), %s in B (right)", turn, who, played(0, d.A), played(1, d.B))
	if len(d.Seats) > 1 {
		line += " · " + lang.F("%d seats differ", len(d.Seats))
	}
	return line
}

func (c *Compare) drawBanner(dst *ebiten.Image, a *App) {
	s := a.Scale
	r := c.banner
	ink, bg := render.Ink, render.Fade(render.Bad, 0.3)
	if c.diff.Same() {
		bg = render.Fade(render.Good, 0.25)
	}
	render.Panel(dst, r, 10*s, bg)
	render.FitText(dst, c.bannerText, render.Bold, 18*s, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y)+11*s, float64(r.Dx())-32*s, ink, render.Center)
}

// xOf is the screen x of turn i on the scrub bar.
func (c *Compare) xOf(i int) float64 {
	if c.n < 2 {
		return float64(c.scrub.Max.X)
	}
	return float64(c.scrub.Min.X) + float64(c.scrub.Dx())*float64(i)/float64(c.n-1)
}

// drawBar draws the buttons and the scrub bar: the turns after the first
// difference in red, a mark on it, and where the shorter game ends.
func (c *Compare) drawBar(dst *ebiten.Image, a *App) {
	s := a.Scale
	render.FillRect(dst, 0, float64(c.bar.Min.Y), float64(a.W), float64(c.bar.Dy()), color.NRGBA{0x0a, 0x10, 0x1d, 0xf0})
	c.play.Icon = sprites.IconPlay
	if c.clock.Playing {
		c.play.Icon = sprites.IconPause
	}
	for _, b := range []*ui.Button{&c.first, &c.back, &c.play, &c.fwd, &c.last, &c.jump} {
		b.Draw(dst, false, s)
	}
	sc := c.scrub
	render.Panel(dst, sc, float64(sc.Dy())/2, render.Raised)
	if !c.diff.Same() {
		x := c.xOf(*c.diff.FirstTurn)
		apart := image.Rect(int(x), sc.Min.Y, sc.Max.X, sc.Max.Y)
		render.Panel(dst, apart, float64(sc.Dy())/2, render.Fade(render.Bad, 0.45))
		render.Text(dst, "▼", render.Bold, 16*s, x, float64(sc.Min.Y)-19*s, render.Bad, render.Center)
	}
	if ta, tb := c.diff.TurnsA, c.diff.TurnsB; ta != tb {
		x := c.xOf(min(ta, tb))
		render.FillRect(dst, x-1*s, float64(sc.Min.Y)-4*s, 2*s, float64(sc.Dy())+8*s, render.Ink)
	}
	x := c.xOf(c.clock.Cursor)
	render.Disc(dst, x, float64(sc.Min.Y+sc.Max.Y)/2, 9*s, render.Ink)
	label := c.turnLabel.Get([2]int{c.clock.Cursor, c.clock.Speed}, func(k [2]int) string {
		return turnLabel([2]int{k[0], c.n - 1}) + " · " + lang.Digits(formatValue(playback.Speeds[k[1]])) + "×"
	})
	render.Text(dst, label, render.Bold, 15*s, float64(sc.Max.X), float64(sc.Max.Y)+6*s, render.Ink, render.Right)
}

// compareWith is the viewer's "compare with…" (C): the replay shown, and
// one to pick (pickCompare), side by side. A match still being played
// waits for its end.
func (v *Viewer) compareWith(a *App) {
	if v.rec.Timeline.Live() {
		a.Toast("%s", lang.T("The match is still being played: compare it once it ends"))
		return
	}
	file := v.file
	if file == "" {
		file = v.ReplayPath()
	}
	pickCompare(a, file, v.rec)
}

// compareWith has the library list the replays that rec (the replay at
// file) can be compared with, and open the one chosen beside it.
func (l *Library) compareWith(file string, rec *game.Recording) {
	l.with, l.picking, l.key = &libEntry{path: file, rec: rec}, false, "-"
	l.compare.Label = "Cancel compare"
}

// toggleCompare is the library's "Compare…" (C): with a replay focused by
// the keys, it lists those it can be compared with; else the next replay
// chosen is the first of the two. Again, it lists every replay.
func (l *Library) toggleCompare(a *App) {
	switch {
	case l.with != nil || l.picking:
		l.with, l.picking, l.key = nil, false, "-"
		l.compare.Label = "Compare…"
	case a.In.Just(ActCompare) && l.focus < len(l.shown) && l.shown[l.focus].rec != nil:
		e := l.shown[l.focus]
		l.compareWith(e.path, e.rec)
	default:
		l.picking = true
		l.compare.Label = "Cancel compare"
	}
}

// comparable reports whether the library lists entry e: every entry,
// unless it lists those to compare a replay with.
func (l *Library) comparable(e *libEntry) bool {
	if l.with == nil {
		return true
	}
	return e.rec != nil && !same(e.path, l.with.path) && game.Comparable(l.with.path, l.with.rec, e.path, e.rec) == nil
}

// openCompare opens entry e beside the replay to compare with, or makes it
// that replay while "Compare…" waits for the first.
func (l *Library) openCompare(a *App, e *libEntry) {
	if l.picking {
		l.compareWith(e.path, e.rec)
		return
	}
	c, err := NewCompare(l.with.path, l.with.rec, e.path, e.rec)
	if err != nil {
		a.Toast("%s", lang.T(err.Error()))
		return
	}
	a.Push(c)
}

// compareHeading is the library's heading while it picks replays to compare.
func (l *Library) compareHeading() string {
	if l.picking {
		return lang.T("Compare: choose the first replay")
	}
	name := filepath.Base(l.with.path)
	if l.with.path == "" {
		name = lang.T("this game")
	}
	return lang.F("Compare %s with…", name)
}
