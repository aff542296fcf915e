package scenes

import (
	"image/color"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// nowLine is a match in progress as the Now block shows it: "Round 2,
// group B: Hiperparametri vs BotDiff vs CHOP vs Deep_bAlt:" and, in its
// state's colour, "waiting for BotDiff (0:42)" or "playing (3:10)".
type nowLine struct {
	n     tournament.Now
	label string // where it is and who plays it, with a colon
	// Made for the nowKey: the label clipped to fit, the state's text,
	// and where it goes.
	shown  string
	state  string
	stateX float64
	ink    color.NRGBA
}

// nowKey is what the Now block's texts were made for: a quarter of a
// second (the clocks in them tick every second, each at its own phase),
// the window's size and the scale.
type nowKey struct {
	quarter int64
	w, h    int
	s       float64
}

// The Now block's measures at scale 1.
const (
	nowGap   = 24.0 // above it, for the view's scroll hint
	nowRow   = 32.0
	nowSize  = 21.0
	nowLeast = 260.0 // the height the view keeps, at least
	nowMost  = 4     // lines
)

// nowVisible reports whether the Now block shows: the tournament runs and
// its runner wrote lately (else what it said is old news).
func (t *Tournament) nowVisible() bool {
	if t.snap == nil || len(t.nowLines) == 0 {
		return false
	}
	ix := t.snap.Index
	return ix.Status == tournament.StatusRunning && now().Sub(ix.Updated) <= 2*time.Minute
}

// nowRows is how many lines the Now block has (the last one "and N more"
// where not all fit) and how many matches it shows.
func (t *Tournament) nowRows(a *App) (rows, shown int) {
	if !t.nowVisible() {
		return 0, 0
	}
	s := a.Scale
	most := nowMost
	for most > 1 && float64(a.H)-272*s-(nowGap+float64(most)*nowRow)*s < nowLeast*s {
		most--
	}
	n := len(t.nowLines)
	if n <= most {
		return n, n
	}
	return most, most - 1
}

// nowHeight is the height of the Now block, under the view.
func (t *Tournament) nowHeight(a *App) float64 {
	rows, _ := t.nowRows(a)
	if rows == 0 {
		return 0
	}
	return (nowGap + float64(rows)*nowRow) * a.Scale
}

// makeNow makes the Now block's texts for the time at.
func (t *Tournament) makeNow(a *App, at time.Time) {
	key := nowKey{at.UnixMilli() / 250, a.W, a.H, a.Scale}
	if t.nowKey == key {
		return
	}
	t.nowKey = key
	s := a.Scale
	size := nowSize * s
	x0, x1 := 122*s, float64(a.W)-56*s
	ix := t.snap.Index
	if _, shown := t.nowRows(a); shown < len(t.nowLines) {
		t.nowMore = nowMore(len(t.nowLines) - shown)
	}
	for i := range t.nowLines {
		l := &t.nowLines[i]
		l.state = nowText(&l.n, func(e int) string { return whoName(ix, e) }, at)
		l.ink = render.Good
		if l.n.State == tournament.NowWaiting {
			l.ink = render.Accent
		}
		sw, _ := render.Measure(l.state, render.Bold, size)
		room := max(x1-x0-sw-10*s, (x1-x0)*0.4)
		l.shown = render.Clip(l.label, render.Regular, size, room)
		lw, _ := render.Measure(l.shown, render.Regular, size)
		l.stateX = x0 + lw + 10*s
		if l.stateX+sw > x1 {
			l.state = render.Clip(l.state, render.Bold, size, x1-l.stateX)
		}
		if lang.RTL() {
			// Right to left: the label from the right edge, the state
			// after it, on its left; stateX is the state's right edge.
			l.stateX = x1 - lw - 10*s
		}
	}
}

// drawNow draws the Now block under the view: a line per match in
// progress.
func (t *Tournament) drawNow(dst *ebiten.Image, a *App) {
	rows, shown := t.nowRows(a)
	if rows == 0 {
		return
	}
	t.makeNow(a, now())
	s := a.Scale
	size := nowSize * s
	y := float64(t.area.Max.Y) + nowGap*s
	render.Panel(dst, rectXYWH(36*s, y-6*s, float64(a.W)-72*s, float64(rows)*nowRow*s+4*s), 10*s, render.Fade(render.Raised, 0.45))
	render.FitText(dst, lang.T("NOW"), render.Bold, 15*s, 48*s, y+(nowRow*s-15*s*1.2)/2-2*s, 68*s, render.Accent, render.Left)
	for i := range shown {
		l := &t.nowLines[i]
		ty := y + float64(i)*nowRow*s + (nowRow*s-size*1.2)/2 - 2*s
		if lang.RTL() {
			render.Text(dst, l.shown, render.Regular, size, float64(a.W)-56*s, ty, render.Ink, render.Right)
			render.Text(dst, l.state, render.Bold, size, l.stateX, ty, l.ink, render.Right)
			continue
		}
		render.Text(dst, l.shown, render.Regular, size, 122*s, ty, render.Ink, render.Left)
		render.Text(dst, l.state, render.Bold, size, l.stateX, ty, l.ink, render.Left)
	}
	if shown < len(t.nowLines) {
		ty := y + float64(shown)*nowRow*s + (nowRow*s-size*1.2)/2 - 2*s
		mx, align := cardStart(122*s, float64(a.W)-56*s-122*s)
		render.Text(dst, t.nowMore, render.Regular, size, mx, ty, render.InkDim, align)
	}
}

// nowMore says how many matches in progress are not shown.
func nowMore(n int) string { return lang.F("and %d more matches in progress", n) }

// nowText says what a match in progress is doing at the time at, as
// tournament.NowText does in English: "waiting for BotDiff (0:42)",
// "waiting for CHOP and Deep_bAlt", "playing (3:10)". name names an
// entrant.
func nowText(n *tournament.Now, name func(e int) string, at time.Time) string {
	switch n.State {
	case tournament.NowWaiting:
		text := lang.T("waiting")
		if len(n.Waiting) > 0 {
			names := make([]string, len(n.Waiting))
			for i, e := range n.Waiting {
				names[i] = name(e)
			}
			text = lang.F("waiting for %s", enumerate(names))
		}
		if !n.Deadline.IsZero() {
			// The seconds left, counted up: "0:01" until the very end.
			left := n.Deadline.Sub(at)
			text += rtlMark() + " (" + lang.Digits(tournament.Clock((left + time.Second - 1).Truncate(time.Second))) + ")"
		}
		return text
	case tournament.NowPlaying:
		return lang.F("playing (%s)", lang.Digits(tournament.Clock(at.Sub(n.Since))))
	}
	return lang.T(n.State)
}

// rtlMark is the right-to-left mark in a language written right to left
// (else nothing): after a name in Latin letters, it keeps what follows
// (a time in brackets) on the sentence's side.
func rtlMark() string {
	if lang.RTL() {
		return "\u200f"
	}
	return ""
}

// sep is a separator between parts of a line (" · "): in a language
// written right to left, marked as such on both sides, so that the names
// in Latin letters around it stay in the line's order.
func sep(s string) string {
	if lang.RTL() {
		return "\u200f" + s + "\u200f"
	}
	return s
}

// seps marks every " · " of a line as sep does.
func seps(line string) string {
	if lang.RTL() {
		return strings.ReplaceAll(line, " · ", sep(" · "))
	}
	return line
}

// enumerate joins names as a sentence does: "A, B and C".
func enumerate(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return lang.F("%s and %s", strings.Join(names[:len(names)-1], listSep()), names[len(names)-1])
}
