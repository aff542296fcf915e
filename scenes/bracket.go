package scenes

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/tournament"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
)

// drawCross draws the cross table: a line per entrant in the order of the
// standings, a column per opponent (by place), what the line's entrant
// took from each, tinted by who had the better of it.
func (t *Tournament) drawCross(dst *ebiten.Image, a *App) {
	s := a.Scale
	ix := t.snap.Index
	var order []int
	for _, r := range t.snap.Standings.Standings {
		if r.Entrant >= 0 && r.Entrant < len(ix.Entrants) {
			order = append(order, r.Entrant)
		}
	}
	n := len(order)
	if t.cross == nil {
		for i, e := range order {
			line := []string{render.Clip(lang.N(i+1)+"  "+ix.Entrants[e].Name, render.Bold, 24*s, 300*s)}
			for _, o := range order {
				line = append(line, lang.Digits(points(ix.Cross.Score[e][o])))
			}
			t.cross = append(t.cross, line)
		}
	}
	area := t.area
	nameW := math.Min(300*s, float64(area.Dx())*0.3)
	totalW := 110 * s
	headH := 36 * s
	cell := math.Min(72*s, math.Min((float64(area.Dx())-nameW-totalW)/float64(max(1, n)), (float64(area.Dy())-headH)/float64(max(1, n))))
	cell = math.Max(cell, 30*s)
	cols := min(n, int((float64(area.Dx())-nameW-totalW)/cell))
	fits := int((float64(area.Dy()) - headH) / cell)
	t.scroll = max(0, min(t.scroll, n-fits))
	size := math.Min(cell*0.42, 24*s)
	x0, y0 := float64(area.Min.X), float64(area.Min.Y)
	for j := 0; j < cols; j++ {
		render.Text(dst, placeName(j), render.Bold, 16*s, x0+nameW+(float64(j)+0.5)*cell, y0+8*s, render.InkFaint, render.Center)
	}
	render.FitText(dst, lang.T("Points"), render.Bold, 16*s, x0+nameW+float64(cols)*cell+totalW/2, y0+8*s, totalW-8*s, render.InkFaint, render.Center)
	y := y0 + headH
	for i := t.scroll; i < n && i < t.scroll+fits; i++ {
		e := order[i]
		label := t.cross[i][0]
		ink := render.Ink
		if i == 0 && t.snap.Standings.Standings[0].Played > 0 {
			render.Panel(dst, rectXYWH(x0, y+2*s, nameW-8*s, cell-4*s), 8*s, render.Accent)
			ink = render.AccentInk
		}
		render.Text(dst, render.Clip(label, render.Bold, size, nameW-28*s), render.Bold, size, x0+12*s, y+(cell-size*1.2)/2, ink, render.Left)
		for j := 0; j < cols; j++ {
			o := order[j]
			r := rectXYWH(x0+nameW+float64(j)*cell+2*s, y+2*s, cell-4*s, cell-4*s)
			if o == e {
				render.Panel(dst, r, 6*s, render.Fade(render.Night, 0.8))
				continue
			}
			games := ix.Cross.Games[e][o]
			if games == 0 {
				render.Panel(dst, r, 6*s, render.Fade(render.Raised, 0.35))
				continue
			}
			mine, theirs := ix.Cross.Score[e][o], ix.Cross.Score[o][e]
			tint := render.Fade(render.InkFaint, 0.35)
			switch {
			case mine > theirs:
				tint = render.Fade(render.Good, 0.45)
			case mine < theirs:
				tint = render.Fade(render.Bad, 0.4)
			}
			render.Panel(dst, r, 6*s, tint)
			render.Text(dst, t.cross[i][j+1], render.Bold, size, float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y)+(float64(r.Dy())-size*1.2)/2, render.Ink, render.Center)
			t.cellAt = append(t.cellAt, cellHit{r, e, o})
		}
		total := t.snap.Standings.Standings[i].Points
		render.Text(dst, t.digits(points(total)), render.Bold, size, x0+nameW+float64(cols)*cell+totalW/2, y+(cell-size*1.2)/2, render.Ink, render.Center)
		y += cell
	}
	if n > fits || cols < n {
		render.Text(dst, lang.F("lines %d–%d of %d, the first %d columns · wheel to scroll", t.scroll+1, min(n, t.scroll+fits), n, cols),
			render.Regular, 14*s, float64(area.Max.X), float64(area.Max.Y)+2*s, render.InkFaint, render.Right)
	}
}

// placeName is the heading of the cross table's column j: its place.
func placeName(j int) string {
	if j < len(placeNames) && lang.Current() != lang.Fa {
		return placeNames[j]
	}
	return lang.N(j + 1)
}

// placeNames are the places' numbers, written once.
var placeNames = func() []string {
	out := make([]string, 256)
	for i := range out {
		out[i] = fmt.Sprint(i + 1)
	}
	return out
}()

// drawBracket draws a bracket stage: its rounds as columns of ties, each
// joined to the tie its winner goes on to; in a double elimination the
// winners' bracket above, the losers' below and the grand finals at the
// right; a playoff for third under the final.
func (t *Tournament) drawBracket(dst *ebiten.Image, a *App, st *tournament.Stage) {
	s := a.Scale
	var upper, lower, finals, third []*tournament.Round
	for i := range st.Rounds {
		r := &st.Rounds[i]
		switch r.Side {
		case "losers":
			lower = append(lower, r)
		case "final":
			finals = append(finals, r)
		case "third":
			third = append(third, r)
		default:
			upper = append(upper, r)
		}
	}
	cols := max(len(upper), len(lower)) + len(finals)
	if cols == 0 {
		return
	}
	area := t.area
	colW := math.Min(320*s, float64(area.Dx())/float64(cols))
	boxW := colW - 44*s
	lines := 2
	for _, r := range st.Rounds {
		for _, se := range r.Series {
			lines = max(lines, len(se.Entrants))
		}
	}
	// Each part needs room for its widest round.
	widest := func(rounds []*tournament.Round) int {
		n := 1
		for _, r := range rounds {
			n = max(n, len(r.Series))
		}
		return n
	}
	upperShare := 1.0
	if len(lower) > 0 {
		upperShare = 0.5
	}
	height := float64(area.Dy())
	lineH := math.Min(36*s, height*upperShare/float64(widest(upper))/(float64(lines)+1.2))
	if len(lower) > 0 {
		lineH = math.Min(lineH, height*(1-upperShare)/float64(widest(lower))/(float64(lines)+1.2))
	}
	lineH = math.Max(lineH, 20*s)
	boxH := float64(lines)*lineH + 6*s
	need := func(rounds []*tournament.Round) float64 { return float64(widest(rounds)) * (boxH + 12*s) }
	upperH := math.Max(need(upper), height*upperShare)
	lowerH := 0.0
	if len(lower) > 0 {
		lowerH = math.Max(need(lower)+30*s, height-upperH)
	}
	total := upperH + lowerH
	over := max(0, total-height)
	step := 60 * s
	t.scroll = max(0, min(t.scroll, int(math.Ceil(over/step))))
	view := dst.SubImage(area).(*ebiten.Image)
	top := float64(area.Min.Y) - float64(t.scroll)*step
	x0 := float64(area.Min.X)
	finalBox := t.bracketPart(view, a, upper, x0, top, upperH, colW, boxW, lineH)
	if len(lower) > 0 {
		render.Text(view, lang.T("LOSERS' BRACKET"), render.Bold, 14*s, x0, top+upperH+2*s, render.InkFaint, render.Left)
		t.bracketPart(view, a, lower, x0, top+upperH+30*s, lowerH-30*s, colW, boxW, lineH)
	}
	champion := -1
	last := finalBox
	for i, r := range finals {
		x := x0 + float64(max(len(upper), len(lower))+i)*colW
		yc := top + (upperH+lowerH)/2
		roundHead(view, t.roundName(r.Name), x, yc-boxH/2-30*s, boxW, colW, s)
		last = t.seriesBox(view, a, &r.Series[0], x, yc, boxW, lineH)
	}
	if len(finals) > 0 {
		fin := finals[len(finals)-1].Series[0]
		if fin.Done {
			champion = fin.Winner
		}
	} else if len(upper) > 0 {
		r := upper[len(upper)-1]
		if len(r.Series) == 1 && r.Series[0].Done {
			champion = r.Series[0].Winner
		}
	}
	for _, r := range third {
		x := float64(last.Min.X)
		y := float64(last.Max.Y) + 46*s + boxH/2
		roundHead(view, t.roundName(r.Name), x, y-boxH/2-26*s, boxW, colW, s)
		t.seriesBox(view, a, &r.Series[0], x, y, boxW, lineH)
	}
	if champion >= 0 {
		name := entrantName(t.snap.Index, champion)
		x, y := float64(last.Min.X+last.Max.X)/2, float64(last.Min.Y)-96*s
		render.Glow(view, x, y+24*s, 120*s, render.Fade(render.Accent, 0.25))
		render.Text(view, lang.T("CHAMPION"), render.Bold, 16*s, x, y, render.Accent, render.Center)
		render.Text(view, render.Clip(name, render.Bold, 30*s, colW+60*s), render.Bold, 30*s, x, y+22*s, render.Ink, render.Center)
	}
	if over > 0 {
		render.Text(dst, lang.T("wheel or ↑ ↓ to scroll the bracket"), render.Regular, 14*s, float64(area.Max.X), float64(area.Max.Y)+2*s, render.InkFaint, render.Right)
	}
}

// roundHead draws a round's name over its column at x: centred over the
// ties' boxes (boxW wide) where it fits them, else from their start across
// the column (colW), shrunk or cut to fit.
func roundHead(dst *ebiten.Image, name string, x, y, boxW, colW, s float64) {
	if w, _ := render.Measure(name, render.Bold, 15*s); w <= boxW {
		render.Text(dst, name, render.Bold, 15*s, x+boxW/2, y, render.InkDim, render.Center)
		return
	}
	render.FitText(dst, name, render.Bold, 15*s, x, y, colW-8*s, render.InkDim, render.Left)
}

// bracketPart draws rounds as columns in a band of height h: the first
// round evenly spread, each later round's ties centred on the ties that
// feed them when it halves, else spread. It returns the last tie's box.
func (t *Tournament) bracketPart(dst *ebiten.Image, a *App, rounds []*tournament.Round, x0, top, h, colW, boxW, lineH float64) image.Rectangle {
	s := a.Scale
	var prev []float64
	var prevBoxes []image.Rectangle
	var last image.Rectangle
	for c, r := range rounds {
		x := x0 + float64(c)*colW
		n := len(r.Series)
		ys := make([]float64, n)
		halves := len(prev) == 2*n
		for i := range ys {
			if halves {
				ys[i] = (prev[2*i] + prev[2*i+1]) / 2
			} else {
				ys[i] = top + 24*s + (h-24*s)*(float64(i)+0.5)/float64(max(1, n))
			}
		}
		roundHead(dst, t.roundName(r.Name), x, top, boxW, colW, s)
		boxes := make([]image.Rectangle, n)
		for i := range r.Series {
			boxes[i] = t.seriesBox(dst, a, &r.Series[i], x, ys[i], boxW, lineH)
			last = boxes[i]
		}
		// Join each tie of the round before to the one it feeds.
		for i, from := range prevBoxes {
			j := -1
			switch {
			case halves:
				j = i / 2
			case len(prevBoxes) == n:
				j = i
			case n == 1:
				j = 0
			}
			if j >= 0 {
				joint(dst, from, boxes[j], s)
			}
		}
		prev, prevBoxes = ys, boxes
	}
	return last
}

// joint draws the elbow line from one tie's box to the next one's.
func joint(dst *ebiten.Image, from, to image.Rectangle, s float64) {
	x0, y0 := float64(from.Max.X), float64(from.Min.Y+from.Max.Y)/2
	x1, y1 := float64(to.Min.X), float64(to.Min.Y+to.Max.Y)/2
	mid := (x0 + x1) / 2
	c := render.Fade(render.InkFaint, 0.7)
	w := 2 * s
	render.Line(dst, x0, y0, mid, y0, w, c)
	render.Line(dst, mid, y0, mid, y1, w, c)
	render.Line(dst, mid, y1, x1, y1, w, c)
}

// seriesBox draws one tie centred at yc: a line per side with its score,
// the side that went on in bold; a tie being played glows. It returns the
// box and makes it clickable.
func (t *Tournament) seriesBox(dst *ebiten.Image, a *App, se *tournament.Series, x, yc, w, lineH float64) image.Rectangle {
	s := a.Scale
	ix := t.snap.Index
	h := float64(len(se.Entrants))*lineH + 6*s
	r := rectXYWH(x, yc-h/2, w, h)
	playing := !se.Done && slices.ContainsFunc(se.Matches, func(id string) bool { return t.played[id] })
	if playing {
		render.Glow(dst, float64(r.Min.X+r.Max.X)/2, yc, w*0.7, render.Fade(render.Accent, 0.18+0.1*math.Sin(a.Clock*3)))
	}
	render.Panel(dst, r, 8*s, render.Raised)
	if playing {
		render.Panel(dst, r.Inset(-int(2*s)), 10*s, render.Fade(render.Accent, 0.25))
		render.Panel(dst, r, 8*s, render.Raised)
	}
	size := lineH * 0.56
	for i, e := range se.Entrants {
		y := float64(r.Min.Y) + 3*s + float64(i)*lineH
		ink, f := render.Ink, render.Regular
		switch {
		case e < 0:
			ink = render.InkFaint
		case se.Done && e == se.Winner:
			f = render.Bold
			render.FillRect(dst, float64(r.Min.X), y+4*s, 4*s, lineH-8*s, render.Accent)
		case se.Done:
			ink = render.InkDim
		}
		if i > 0 {
			render.FillRect(dst, float64(r.Min.X)+8*s, y, w-16*s, 1*s, render.Fade(render.InkFaint, 0.4))
		}
		score := ""
		if se.Score != nil && !se.Walkover && (se.Done || playing) {
			score = t.digits(points(se.Score[i]))
		}
		sw, _ := render.Measure(score, render.Bold, size)
		render.Text(dst, render.Clip(entrantName(ix, e), f, size, w-sw-34*s), f, size, float64(r.Min.X)+14*s, y+(lineH-size*1.2)/2, ink, render.Left)
		render.Text(dst, score, render.Bold, size, float64(r.Max.X)-12*s, y+(lineH-size*1.2)/2, ink, render.Right)
	}
	if len(se.Matches) > 0 {
		t.boxAt = append(t.boxAt, boxHit{r.Intersect(t.area), se})
	}
	return r
}

// matchList is the overlay that lists some of a tournament's matches: a
// played one opens its replay.
type matchList struct {
	t        *Tournament
	title    string
	list     []*tournament.Played
	texts    []string
	sel, top int
	rows     []image.Rectangle
}

func newMatchList(t *Tournament, about string, list []*tournament.Played) *matchList {
	m := &matchList{t: t, title: lang.F("Matches of %s", about), list: list}
	ix := t.snap.Index
	for _, p := range list {
		var names []string
		for _, e := range p.Entrants {
			names = append(names, entrantName(ix, e))
		}
		res := lang.T("to be played")
		if p.Result != nil {
			res = resultText(ix, p) + sep(" · ") + lang.F("%d turns", p.Result.Turns)
		}
		m.texts = append(m.texts, whereText(ix, &p.Match)+sep("   ")+versus(names)+sep("   —   ")+res)
	}
	return m
}

func (*matchList) overlay() {}

// The list's measures at scale 1.
const (
	listRow  = 44
	listRows = 10
)

// Update moves the choice, opens a played match, or closes the list.
func (m *matchList) Update(a *App) error {
	in := &a.In
	switch {
	case in.Just(ActBack):
		a.Pop()
		return nil
	case in.UI.Down:
		m.sel = min(m.sel+1, len(m.list)-1)
	case in.UI.Up:
		m.sel = max(m.sel-1, 0)
	case in.UI.Wheel != 0:
		m.top -= int(math.Round(in.UI.Wheel))
	}
	m.top = max(0, min(m.top, len(m.list)-listRows))
	if m.sel < m.top {
		m.top = m.sel
	} else if m.sel >= m.top+listRows {
		m.top = m.sel - listRows + 1
	}
	pick := -1
	if in.UI.Enter {
		pick = m.sel
	}
	if in.UI.Pressed {
		for i, r := range m.rows {
			if in.UI.Over(r) {
				pick = m.top + i
			}
		}
	}
	if pick >= 0 && pick < len(m.list) {
		if m.list[pick].Result == nil {
			a.Toast("%s", lang.T("That match has not been played yet"))
			return nil
		}
		m.t.open(m.list[pick])
		a.Pop()
	}
	return nil
}

// Draw draws the list over the tournament.
func (m *matchList) Draw(dst *ebiten.Image, a *App) {
	dim(dst, a, 0.6)
	s := a.Scale
	n := min(len(m.list), listRows)
	w, h := math.Min(1100*s, float64(a.W)-80*s), 130*s+float64(n)*listRow*s
	x, y := float64(a.W)/2-w/2, float64(a.H)/2-h/2
	card(dst, a, rectXYWH(x, y, w, h))
	tx, align := cardStart(x+36*s, w-72*s)
	render.Text(dst, render.Clip(m.title, render.Bold, 26*s, w-72*s), render.Bold, 26*s, tx, y+26*s, render.Ink, align)
	hint := lang.F("%d matches · Enter or click opens a replay · Esc closes", len(m.list))
	render.FitText(dst, hint, render.Regular, 14*s, tx, y+h-34*s, w-72*s, render.InkFaint, align)
	m.rows = m.rows[:0]
	for i := 0; i < n; i++ {
		k := m.top + i
		r := rectXYWH(x+24*s, y+78*s+float64(i)*listRow*s, w-48*s, (listRow-4)*s)
		m.rows = append(m.rows, r)
		var bg color.NRGBA
		switch {
		case k == m.sel:
			bg = render.Hover
		case k%2 == 0:
			bg = render.Fade(render.Raised, 0.6)
		}
		if bg.A > 0 {
			render.Panel(dst, r, 8*s, bg)
		}
		ink := render.Ink
		if m.list[k].Result == nil {
			ink = render.InkFaint
		}
		lx, align := cardStart(float64(r.Min.X)+14*s, float64(r.Dx())-28*s)
		render.Text(dst, render.Clip(m.texts[k], render.Regular, 17*s, w-84*s), render.Regular, 17*s, lx, float64(r.Min.Y)+9*s, ink, align)
	}
}
