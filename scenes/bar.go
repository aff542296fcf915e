package scenes

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/scenes/playback"
	"github.com/arena-games/arena/sprites"
)

// barCache keeps the control bar's labels and the timeline's marks drawn
// once into an image, drawn again only when they change.
type barCache struct {
	turnLabel  render.Memo[[2]int]
	speedLabel render.Memo[int]
	// lang is the language of the labels.
	lang  lang.Tag
	marks *ebiten.Image
	// marksKey is what the marks image shows: frames read, frames in all,
	// its size, the palette and the sight.
	marksKey [6]int
	// hover is the frame whose marks the pointer rests on, -1 for none.
	hover int
	// in and out mark a clip to export (0: not marked: the start, the end).
	in, out int
}

// markGlyphs shape the kinds of marker, so that they are told apart
// without their colours.
var markGlyphs = map[string]string{
	game.MarkKill: "×", game.MarkDeath: "○", game.MarkStone: "♦", game.MarkBoss: "▼", game.MarkLevel: "▲",
	game.MarkBase: "■", game.MarkBuild: "□", game.MarkTrade: "◊", game.MarkSabotage: "♠", game.MarkFoul: "!",
	game.MarkEnd: "●", game.MarkHit: "·",
}

func (v *Viewer) layoutBar(a *App) {
	s := a.Scale
	b := 52 * s
	y := float64(v.bar.Min.Y) + (float64(v.bar.Dy())-b)/2
	x := 20 * s
	for _, btn := range []*ui.Button{&v.first, &v.back, &v.reverse, &v.play, &v.fwd, &v.last} {
		btn.Place(rectXYWH(x, y, b, b))
		x += b + 8*s
	}
	x += 12 * s
	v.slower.Place(rectXYWH(x, y+6*s, b-12*s, b-12*s))
	x += b - 12*s + 64*s
	v.faster.Place(rectXYWH(x, y+6*s, b-12*s, b-12*s))
	x += b + 4*s
	if v.pacer() != nil {
		v.mode.Place(rectXYWH(x, y, 96*s, b))
		x += 108 * s
	} else {
		v.mode.Place(image.Rectangle{})
	}
	if _, ok := v.view.(render.Mapped); ok {
		v.dirButton.Place(rectXYWH(x, y, b, b))
		x += b + 12*s
	} else {
		v.dirButton.Place(image.Rectangle{})
	}
	v.menu.Place(rectXYWH(float64(a.W)-20*s-b, 6*s, b, b))
	v.help.Place(rectXYWH(float64(a.W)-28*s-2*b, 6*s, b, b))
	if lang.RTL() { // right to left: the menu's buttons at the top left
		v.menu.Place(mirrored(v.menu.Rect(), a.W))
		v.help.Place(mirrored(v.help.Rect(), a.W))
	}
	v.scrub = rectXYWH(x+10*s, y+b/2+4*s, float64(a.W)-x-34*s, 10*s)
}

// turnLabel is the turn shown of the last one, k = {shown, last}.
func turnLabel(k [2]int) string { return lang.F("Turn %d / %d", k[0], k[1]) }

// sayLabels forgets the bar's labels when the screens' language changed
// since they were made.
func (c *barCache) sayLabels() {
	if c.lang != lang.Current() {
		c.lang, c.turnLabel, c.speedLabel = lang.Current(), render.Memo[[2]int]{}, render.Memo[int]{}
	}
}

func (v *Viewer) updateScrub(in *Input) {
	// The bar is thin: it takes presses a little around it (its marks
	// above it too), never on the board.
	hit := v.scrub.Inset(-v.scrub.Dy())
	hit.Min.Y -= int(16 * v.scale)
	n := v.rec.Timeline.Len()
	v.barc.hover = -1
	if in.UI.Over(hit) && !v.scrubbing {
		v.barc.hover = v.markNear(in.UI.X)
	}
	if in.UI.Pressed && in.UI.Over(hit) && !in.UI.Over(v.area) {
		v.scrubbing = true
	}
	if !in.UI.Held {
		v.scrubbing = false
	}
	if v.scrubbing {
		i := v.frameAt(in.UI.X)
		if m := v.markNear(in.UI.X); in.UI.Pressed && m >= 0 {
			i = m // a click on a mark goes to its event
		}
		if i != v.clock.Cursor {
			v.Seek(i)
		}
		v.clock.Follow = v.rec.Timeline.Live() && v.clock.Cursor == n-1
	}
	switch {
	case in.Just(ActMarkIn):
		v.barc.in = v.clock.Cursor
	case in.Just(ActMarkOut):
		v.barc.out = v.clock.Cursor
	}
}

// frameAt is the frame at the screen x of the scrub bar.
func (v *Viewer) frameAt(x float64) int {
	n := v.rec.Timeline.Len()
	f := (x - float64(v.scrub.Min.X)) / float64(v.scrub.Dx())
	return max(0, min(n-1, int(f*float64(n-1)+0.5)))
}

// xOf is the screen x of frame i on the scrub bar.
func (v *Viewer) xOf(i int) float64 {
	n := v.rec.Timeline.Len()
	if n < 2 {
		return float64(v.scrub.Max.X)
	}
	return float64(v.scrub.Min.X) + float64(v.scrub.Dx())*float64(i)/float64(n-1)
}

// markNear is the frame with marks nearest the screen x, within a few
// pixels; -1 when none is.
func (v *Viewer) markNear(x float64) int {
	best, dist := -1, 7*v.scale
	c := v.chron
	lo, hi := v.frameAt(x-dist), v.frameAt(x+dist)
	for i := lo; i <= hi && i < len(c.Markers); i++ {
		if len(c.Markers[i]) == 0 && !v.ticked(i) {
			continue
		}
		if d := math.Abs(v.xOf(i) - x); d <= dist {
			best, dist = i, d
		}
	}
	return best
}

// Clip is the range of frames that an export writes: the marks set with I
// and O, else the whole game.
func (v *Viewer) Clip() (from, to int) {
	n := v.rec.Timeline.Len()
	from, to = 0, n-1
	if v.barc.in > 0 {
		from = min(v.barc.in, n-1)
	}
	if v.barc.out > 0 {
		to = min(v.barc.out, n-1)
	}
	if from > to {
		from, to = to, from
	}
	return from, to
}

// markColor is the colour of a marker: its seat's, or neutral.
func (v *Viewer) markColor(m game.Marker) color.NRGBA {
	if m.Seat < 0 {
		return render.Accent
	}
	return v.seatColor(m.Seat)
}

// ticked reports whether frame i has a tick on the scrub bar: a move over
// its time limit, or a forfeit.
func (v *Viewer) ticked(i int) bool {
	if v.forfeit(i) {
		return true
	}
	for s := range v.rec.Title.Seats() {
		if v.late(i, game.Seat(s)) {
			return true
		}
	}
	return false
}

// tickOut and forfeitOut are how far the ticks reach past the scrub bar, at
// scale 1: a move over its limit, a forfeit (down).
const (
	tickOut    = 3
	forfeitOut = 6
)

// paintMarks draws the timeline's marks into an image as wide as the scrub
// bar: a glyph for each step with events, in the colour of its first
// event's seat, shaped by its kind, in the h pixels above the bar; then,
// across the bar (track pixels high), a white tick at each move over its
// time limit and a longer, wider one at a forfeit.
func (v *Viewer) paintMarks(w, h, track int) {
	c := v.chron
	s := v.scale
	full := h + 2 + track + int(forfeitOut*s) + 1
	key := [6]int{len(c.Markers), v.rec.Timeline.Len(), w, full, boolInt(render.SafePalette), int(c.as)}
	if v.barc.marks != nil && v.barc.marksKey == key {
		return
	}
	if v.barc.marks == nil || v.barc.marks.Bounds().Dx() != w || v.barc.marks.Bounds().Dy() != full {
		if v.barc.marks != nil {
			v.barc.marks.Deallocate()
		}
		v.barc.marks = ebiten.NewImage(max(1, w), max(1, full))
	}
	v.barc.marksKey = key
	img := v.barc.marks
	img.Clear()
	n := max(2, v.rec.Timeline.Len())
	size := float64(h) * 0.9
	lastX := -100.0
	for i, ms := range c.Markers {
		if len(ms) == 0 {
			continue
		}
		x := float64(w-1) * float64(i) / float64(n-1)
		if x-lastX < size*0.45 {
			continue // marks that would sit on each other: the first shows
		}
		lastX = x
		m := ms[0]
		for _, mm := range ms {
			if mm.Kind == game.MarkKill || mm.Kind == game.MarkEnd || mm.Kind == game.MarkStone {
				m = mm
				break
			}
		}
		glyph := markGlyphs[m.Kind]
		if glyph == "" {
			glyph = "•"
		}
		render.Text(img, glyph, render.Bold, size, x, -size*0.12, v.markColor(m), render.Center)
	}
	top := float64(h+2) - tickOut*s
	for i := range c.Took {
		wide, down := 1.5*s, tickOut*s
		switch {
		case v.forfeit(i):
			wide, down = 3*s, forfeitOut*s
		case !v.ticked(i):
			continue
		}
		x := float64(w-1) * float64(i) / float64(n-1)
		x = max(wide/2+1, min(float64(w)-wide/2-1, x))
		tall := float64(h+2+track) + down - top
		render.FillRect(img, x-wide/2-1, top-1, wide+2, tall+2, render.Night)
		render.FillRect(img, x-wide/2, top, wide, tall, lateInk)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (v *Viewer) drawBar(dst *ebiten.Image, a *App) {
	s := a.Scale
	render.FillRect(dst, 0, float64(v.bar.Min.Y), float64(a.W), float64(v.bar.Dy()), color.NRGBA{0x0a, 0x10, 0x1d, 0xf0})
	tl := v.rec.Timeline
	n := tl.Len()
	live := tl.Live()
	running := v.clock.Playing || (live && v.clock.Follow && (v.pacer() == nil || v.pacer().Mode() == game.PaceRun))
	v.play.Icon = sprites.IconPlay
	if running {
		v.play.Icon = sprites.IconPause
	}
	// The lit button is the direction: ◀ while the frames go backwards.
	backwards := v.clock.Reverse && !live
	v.reverse.Primary, v.play.Primary = backwards, !backwards
	v.reverse.Disabled = live
	if p := v.pacer(); p != nil {
		v.mode.Label = "Step"
		if p.Mode() == game.PaceRun {
			v.mode.Label = "Run"
		}
	}
	v.dirButton.Primary = v.dir.on
	for _, b := range []*ui.Button{&v.first, &v.back, &v.reverse, &v.play, &v.fwd, &v.last, &v.slower, &v.faster} {
		b.Draw(dst, false, s)
	}
	if v.pacer() != nil {
		v.mode.Draw(dst, false, s)
	}
	if !v.dirButton.Rect().Empty() {
		v.dirButton.Draw(dst, false, s)
	}
	sr := v.slower.Rect()
	speed := v.barc.speedLabel.Get(v.clock.Speed, func(i int) string { return lang.Digits(formatValue(playback.Speeds[i])) + "×" })
	render.Text(dst, speed, render.Bold, 17*s, float64(sr.Max.X)+32*s, float64(sr.Min.Y)+9*s, render.Ink, render.Center)
	// The scrub bar, its marks above it.
	sc := v.scrub
	render.Panel(dst, sc, float64(sc.Dy())/2, render.Raised)
	if from, to := v.Clip(); from > 0 || to < n-1 {
		clip := image.Rect(int(v.xOf(from)), sc.Min.Y-int(3*s), int(v.xOf(to)), sc.Max.Y+int(3*s))
		render.Panel(dst, clip, 3*s, render.Fade(render.Good, 0.35))
	}
	frac := 1.0
	if n > 1 {
		frac = float64(v.clock.Cursor) / float64(n-1)
	}
	fill := sc
	fill.Max.X = sc.Min.X + int(frac*float64(sc.Dx()))
	if fill.Dx() > sc.Dy() {
		render.Panel(dst, fill, float64(sc.Dy())/2, render.Accent)
	}
	markH := int(16 * s)
	v.paintMarks(sc.Dx(), markH, sc.Dy())
	render.Sprite(dst, v.barc.marks, float64(sc.Min.X), float64(sc.Min.Y-markH-2), 1, 1, render.White)
	render.Disc(dst, float64(fill.Max.X), float64(sc.Min.Y+sc.Max.Y)/2, 10*s, render.Ink)
	label := v.barc.turnLabel.Get([2]int{v.clock.Cursor, n - 1}, turnLabel)
	render.Text(dst, label, render.Bold, 15*s, float64(sc.Max.X), float64(sc.Max.Y)+6*s, render.Ink, render.Right)
	if live {
		v.drawLive(dst, a, float64(sc.Min.X)+12*s, float64(sc.Max.Y)+8*s)
	}
	if i := v.barc.hover; i >= 0 && i < len(v.chron.Markers) {
		v.drawMarkCard(dst, a, i)
	}
}

// drawMarkCard describes the events of frame i over the scrub bar, where
// the pointer rests on their mark.
func (v *Viewer) drawMarkCard(dst *ebiten.Image, a *App, i int) {
	s := a.Scale
	x := v.xOf(i)
	y := float64(v.scrub.Min.Y) - 20*s
	screen := image.Rect(0, 0, a.W, v.scrub.Min.Y-int(20*s))
	render.Card(dst, screen, x, y, s, v.markCard(i))
}

// markCard is the card of frame i's marks: its turn, then its events with
// the players by their names.
func (v *Viewer) markCard(i int) []render.CardLine {
	lines := []render.CardLine{{Text: lang.F("Turn %d", i), Color: render.Ink}}
	for k, m := range v.chron.Markers[i] {
		if k == 6 {
			lines = append(lines, render.CardLine{Text: lang.F("… and %d more", len(v.chron.Markers[i])-k), Color: render.InkDim})
			break
		}
		lines = append(lines, render.CardLine{Text: markGlyphs[m.Kind] + " " + v.say(m.Text), Color: v.markColor(m)})
	}
	for s := range v.rec.Title.Seats() {
		if v.late(i, game.Seat(s)) {
			lim := float64(v.rec.Header.Limit(game.Seat(s)).Milliseconds())
			text := "| " + lang.F("%s took %s: over its limit of %s", v.playerName(game.Seat(s), false), formatMillis(v.chron.Took[i][s]), formatMillis(lim))
			lines = append(lines, render.CardLine{Text: text, Color: lateInk})
		}
	}
	if v.forfeit(i) {
		lines = append(lines, render.CardLine{Text: "| " + lang.T("the game ends by a forfeit"), Color: lateInk})
	}
	return lines
}
