package scenes

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/internal/lang"
	"github.com/arena-games/arena/render"
	rs "github.com/arena-games/arena/render/santorini"
	"github.com/arena-games/arena/render/ui"
	"github.com/arena-games/arena/sprites"
)

// analysisLines is how many of the best turns the analysis shows (MultiPV).
const analysisLines = 3

// analysis is the competitive engine's live analysis of a Santorini
// position beside a board: the best three turns as arrows on the board,
// their scores as win chances and their lines, the search's table by
// depth, and stepping through the best line on the board. The viewer shows
// it beside a replay or a match (L), the analysis board (AnalysisBoard)
// beside its editor.
type analysis struct {
	an   *santorini.Analyst
	root santorini.Board // the position analysed
	set  bool            // root is set
	// step is how many turns of the best line the board shows played (0:
	// the position itself); line is that line, held while stepping, and
	// boards the positions along it.
	step   int
	line   []santorini.Turn
	boards []santorini.Board
	state  santorini.AnalystState // as this tick read it
	back   ui.Button
	fwd    ui.Button
	text   analysisText
	// stepHint says how to step through the best line where it is shown.
	stepHint string
}

// analysisText is the panel's text, written again only when the analysis
// reports or the step changes.
type analysisText struct {
	reports, step int
	set           bool
	lang          lang.Tag // the language it is written in
	head, status  string
	of            string // "analysis of POSITION"
	lines         [analysisLines]struct{ score, moves, depth string }
	rows          []string
}

// newAnalysis makes an analysis whose panel says stepHint on how to step
// through the best line.
func newAnalysis(stepHint string) *analysis {
	return &analysis{an: santorini.NewAnalyst(analysisLines), stepHint: stepHint,
		back: ui.Button{Icon: sprites.IconStepBack, HasIcon: true}, fwd: ui.Button{Icon: sprites.IconStepForward, HasIcon: true}}
}

// close stops the search.
func (an *analysis) close() { an.an.Stop() }

// setBoard analyses b, unless it is the position already analysed: a new
// position stops the search of the old one and goes back to its start.
func (an *analysis) setBoard(b santorini.Board) {
	if an.set && b.Position() == an.root.Position() && b.Rules == an.root.Rules && b.Phase == an.root.Phase {
		return
	}
	an.root, an.set = b, true
	an.stepTo(0)
	an.an.Set(b)
	an.state = an.an.State()
}

// update reads the analysis for this tick.
func (an *analysis) update() { an.state = an.an.State() }

// stepTo shows the position after i turns of the best line (held from the
// first step on), within the line.
func (an *analysis) stepTo(i int) {
	if i <= 0 {
		an.step, an.line, an.boards = 0, nil, nil
		return
	}
	if an.line == nil {
		if len(an.state.Latest.Lines) == 0 {
			return
		}
		an.line = an.state.Latest.Lines[0].Moves
		an.boards = []santorini.Board{an.root}
		for _, t := range an.line {
			b := an.boards[len(an.boards)-1]
			next, err := b.Apply(t)
			if err != nil {
				break
			}
			an.boards = append(an.boards, next)
		}
	}
	an.step = min(i, len(an.boards)-1)
	if an.step == 0 {
		an.line, an.boards = nil, nil
	}
}

// shown is the position the board shows: the analysed one, or one along
// the best line.
func (an *analysis) shown() santorini.Board {
	if an.step > 0 {
		return an.boards[an.step]
	}
	return an.root
}

// frame is shown as a frame for the board to draw.
func (an *analysis) frame() game.Frame {
	b := &an.root
	if an.step > 0 {
		b = &an.boards[an.step]
	}
	return game.Frame{State: b, Turn: b.Turn, Over: b.Phase == santorini.Over}
}

// arrow is one turn drawn on the board, with its rank (0 is the best).
type arrow struct {
	t    santorini.Turn
	rank int
}

// arrows are the turns to draw on the board: the best three of the
// position, or the next turn of the best line while stepping through it.
func (an *analysis) arrows(buf []arrow) []arrow {
	buf = buf[:0]
	if an.step > 0 {
		if an.step < len(an.line) {
			buf = append(buf, arrow{t: an.line[an.step], rank: 0})
		}
		return buf
	}
	for i, l := range an.state.Latest.Lines {
		if len(l.Moves) > 0 {
			buf = append(buf, arrow{t: l.Moves[0], rank: i})
		}
	}
	return buf
}

// rankColors are the arrows' colours by rank: the best brightest.
var rankColors = [analysisLines]color.NRGBA{render.Accent, {0x8f, 0xd3, 0xff, 0xff}, {0xc9, 0xb8, 0xf2, 0xff}}

// rankAlpha and rankWidth fade and thin the arrows by rank.
var (
	rankAlpha = [analysisLines]float64{1, 0.8, 0.62}
	rankWidth = [analysisLines]float64{7, 5, 4}
)

// drawArrows draws the arrows on a board drawn with geometry g at scale s:
// each turn's move from its worker to its destination with a head, and a
// ring on the cell it builds on with its rank in it; the best last, on
// top.
func (an *analysis) drawArrows(dst *ebiten.Image, g rs.Geometry, s float64, buf []arrow) []arrow {
	buf = an.arrows(buf)
	b := an.shown()
	top := func(c santorini.Cell) float64 { return math.Min(float64(b.Height[c]), 3) }
	for i := len(buf) - 1; i >= 0; i-- {
		t, r := buf[i].t, buf[i].rank
		clr := render.Fade(rankColors[r], rankAlpha[r])
		w := rankWidth[r] * s
		x0, y0 := g.Center(t.From, top(t.From))
		x1, y1 := g.Center(t.To, top(t.To))
		y0 -= 0.25 * g.CellW()
		y1 -= 0.25 * g.CellW()
		dx, dy := x1-x0, y1-y0
		d := math.Hypot(dx, dy)
		if d < 1 {
			continue
		}
		ux, uy := dx/d, dy/d
		head := math.Min(0.22*g.CellW(), d/2)
		render.Line(dst, x0, y0, x1-ux*head*0.6, y1-uy*head*0.6, w+3*s, render.Fade(render.Night, 0.55*rankAlpha[r]))
		render.Line(dst, x0, y0, x1-ux*head*0.6, y1-uy*head*0.6, w, clr)
		for _, side := range []float64{-1, 1} {
			hx := x1 - ux*head + side*uy*head*0.6
			hy := y1 - uy*head - side*ux*head*0.6
			render.Line(dst, hx, hy, x1, y1, w, clr)
		}
		render.Disc(dst, x0, y0, w*0.9, clr)
		// The build: a ring on its cell with the rank in it (a winning
		// move has none: the rank sits on its destination).
		bx, by := x1, y1
		if t.Build != santorini.NoCell {
			bx, by = g.Center(t.Build, top(t.Build))
			rad := 0.3 * g.CellW()
			render.Ring(dst, bx, by, rad, render.Fade(render.Night, 0.6))
			render.Ring(dst, bx, by, rad-2*s, clr)
			render.Ring(dst, bx, by, rad-4*s, clr)
		}
		disc := 12 * s
		render.Disc(dst, bx, by, disc+2*s, render.Night)
		render.Disc(dst, bx, by, disc, rankColors[r])
		render.Text(dst, rankLabel[r], render.Bold, 16*s, bx, by-10*s, render.AccentInk, render.Center)
	}
	return buf
}

var rankLabel = [analysisLines]string{"1", "2", "3"}

// handle takes the panel's buttons' clicks; it reports whether one was
// clicked.
func (an *analysis) handle(in *ui.Input) bool {
	an.back.Disabled = an.step == 0
	an.fwd.Disabled = len(an.state.Latest.Lines) == 0 || an.step > 0 && an.step >= len(an.boards)-1
	switch {
	case an.back.Update(in, false) && !an.back.Disabled:
		an.stepTo(an.step - 1)
	case an.fwd.Update(in, false) && !an.fwd.Disabled:
		an.stepTo(an.step + 1)
	default:
		return false
	}
	return true
}

// writeText writes the panel's text from the state, when it changed.
func (an *analysis) writeText() *analysisText {
	st, tx := &an.state, &an.text
	if tx.reports == st.Reports && tx.step == an.step && tx.set && len(tx.rows) == len(st.Depths) && tx.lang == lang.Current() {
		return tx
	}
	tx.reports, tx.step, tx.set, tx.lang = st.Reports, an.step, true, lang.Current()
	r := st.Latest
	side := game.Say("P%d", int(an.root.Side)+1)
	tx.head, tx.of = lang.T("ENGINE"), lang.T("analysis of")+" "+an.root.Position()
	switch {
	case st.Err != nil:
		tx.status = lang.T(st.Err.Error())
	case r.Depth == 0 && len(r.Lines) == 0:
		tx.status = lang.T("thinking…")
	default:
		state := "analysing"
		if !st.Running {
			state = "done"
		}
		tx.status = lang.F("%s · depth %d · %s nodes/s · %s to move", game.Say(state), r.Depth, lang.Digits(compactCount(r.NPS())), side)
	}
	for i := range tx.lines {
		tx.lines[i].score, tx.lines[i].moves, tx.lines[i].depth = "", "", ""
		if i < len(r.Lines) && st.Err == nil {
			l := r.Lines[i]
			tx.lines[i].score = scoreText(l)
			tx.lines[i].moves = turnsText(l.Moves)
			tx.lines[i].depth = lang.F("depth %d", l.Depth)
		}
	}
	tx.rows = tx.rows[:0]
	for _, d := range st.Depths {
		if len(d.Lines) == 0 || len(d.Lines[0].Moves) == 0 {
			continue
		}
		l := d.Lines[0]
		tx.rows = append(tx.rows, lang.Digits(fmt.Sprint(d.Depth))+"\t"+l.Moves[0].String()+"\t"+scoreText(l)+"\t"+lang.Digits(secondsText(d.Elapsed))+"\t"+lang.Digits(compactCount(d.Nodes)))
	}
	return tx
}

// scoreText is a line's score as people read it in the screens' language:
// "win in 3", "loss in 2", or the win chance, "63%" (the English of
// santorini.AnalysisLine.ScoreText).
func scoreText(l santorini.AnalysisLine) string {
	switch {
	case l.Mate > 0:
		return lang.F("win in %d", l.Mate)
	case l.Mate < 0:
		return lang.F("loss in %d", -l.Mate)
	}
	return lang.Digits(fmt.Sprintf("%.0f%%", 100*l.Win))
}

// turnsText writes turns as "C3 B3 A3 · D2 D3 C2 · …".
func turnsText(ts []santorini.Turn) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// compactCount writes a count with a unit: 950, 12.3 k, 4.56 M.
func compactCount(n int) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f G", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.2f M", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1f k", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// secondsText writes a search's time in seconds: 0.004, 1.25, 73.
func secondsText(d time.Duration) string {
	switch s := d.Seconds(); {
	case s < 0.1:
		return fmt.Sprintf("%.3f", s)
	case s < 10:
		return fmt.Sprintf("%.2f", s)
	default:
		return fmt.Sprintf("%.0f", s)
	}
}

// analysisPanelH is the height of the panel's fixed part at scale 1: the
// heading, the three lines, the stepping row and the table's heading.
const analysisPanelH = 34 + 24 + analysisLines*50 + 46 + 28

// analysisPanelW is the panel's width at scale 1 that its table needs.
const analysisPanelW = 340

// drawPanel draws the analysis in r at scale s: the heading and the
// search's progress, the three lines, stepping through the best line, and
// the table by depth (newest first, as many rows as fit).
func (an *analysis) drawPanel(dst *ebiten.Image, a *App, r image.Rectangle) {
	// The panel's own scale: the app's, less where its fixed part and
	// three rows of the table, or the table's columns, would not fit.
	s := min(a.Scale, float64(r.Dy())/(analysisPanelH+40+3*20), float64(r.Dx())/analysisPanelW)
	card(dst, a, r)
	tx := an.writeText()
	x, y := float64(r.Min.X)+20*s, float64(r.Min.Y)+14*s
	w := float64(r.Dx()) - 40*s
	// Right to left the panel's words are mirrored: the heading, the
	// lines' scores and the table's first column on the right (the moves'
	// notation stays as written; the step buttons stay left to right).
	rtl := lang.RTL()
	at := func(dx float64) float64 { // dx from the panel's start
		if rtl {
			return x + w - dx
		}
		return x + dx
	}
	align, other := leftAlign(), render.Right
	if rtl {
		other = render.Left
	}
	render.Text(dst, tx.head, render.Bold, 18*s, at(0), y, render.Accent, align)
	hw, _ := render.Measure(tx.head, render.Bold, 18*s)
	render.FitText(dst, tx.of, render.Mono, 12*s, at(w), y+4*s, w-hw-16*s, render.InkFaint, other)
	y += 34 * s
	ink := render.InkDim
	if an.state.Err != nil {
		ink = render.Bad
	}
	render.FitText(dst, tx.status, render.Regular, 14*s, at(0), y, w, ink, align)
	y += 24 * s
	for i := range tx.lines {
		l := &tx.lines[i]
		render.Panel(dst, rectXYWH(x, y, w, 44*s), 10*s, render.Fade(render.Raised, 0.8))
		render.Disc(dst, at(18*s), y+22*s, 11*s, rankColors[i])
		render.Text(dst, rankLabel[i], render.Bold, 14*s, at(18*s), y+13*s, render.AccentInk, render.Center)
		if l.score != "" {
			render.Text(dst, l.score, render.Bold, 18*s, at(38*s), y+5*s, render.Ink, align)
			sw, _ := render.Measure(l.score, render.Bold, 18*s)
			first, rest, _ := strings.Cut(l.moves, " · ")
			fx, dx := x+46*s+sw, x+w-8*s // the first move after the score, the depth at the end
			if rtl {
				fx, dx = x+w-46*s-sw, x+8*s
			}
			render.Text(dst, first, render.Mono, 15*s, fx, y+7*s, rankColors[i], align)
			// A line of the depth under way stands beside the others of
			// the depth before: each says its depth.
			render.Text(dst, l.depth, render.Regular, 12*s, dx, y+8*s, render.InkFaint, other)
			render.FitText(dst, rest, render.Mono, 12*s, at(38*s), y+27*s, w-48*s, render.InkDim, align)
		}
		y += 50 * s
	}
	// Stepping through the best line.
	bw := 40 * s
	an.back.Place(rectXYWH(x, y, bw, 36*s))
	an.fwd.Place(rectXYWH(x+bw+8*s, y, bw, 36*s))
	an.back.Draw(dst, false, s)
	an.fwd.Draw(dst, false, s)
	say := lang.T(an.stepHint)
	if an.step > 0 {
		say = lang.F("best line: turn %d of %d shown", an.step, len(an.boards)-1)
	}
	render.FitText(dst, say, render.Regular, 14*s, px(x+2*bw+20*s, w-2*bw-20*s), y+9*s, w-2*bw-20*s, render.InkDim, align)
	y += 46 * s
	// The table, newest depth first.
	cols := [5]float64{0, 0.16, 0.42, 0.60, 0.80}
	heads := [5]string{"depth", "move", "score", "time s", "nodes"}
	for i, h := range heads {
		room := w - cols[i]*w
		if i < len(cols)-1 {
			room = (cols[i+1] - cols[i]) * w
		}
		render.FitText(dst, lang.T(h), render.Bold, 12*s, at(cols[i]*w), y, room-4*s, render.InkFaint, align)
	}
	y += 20 * s
	render.FillRect(dst, x, y-4*s, w, 1*s, render.Fade(render.InkFaint, 0.5))
	for i := len(tx.rows) - 1; i >= 0 && y+18*s <= float64(r.Max.Y)-10*s; i-- {
		ink := render.InkDim
		if i == len(tx.rows)-1 {
			ink = render.Ink
		}
		row := tx.rows[i]
		for c := 0; c < 5; c++ {
			cell, rest, _ := strings.Cut(row, "\t")
			render.Text(dst, cell, render.Mono, 13*s, at(cols[c]*w), y, ink, align)
			row = rest
		}
		y += 19 * s
	}
}

// analysed is whether the viewer's game can be analysed: Santorini.
func (v *Viewer) analysed() bool { return v.rec.Title.ID() == (santorini.Title{}).ID() }

// toggleAnalysis shows the engine's analysis of the turn shown in place of
// the side panel, or hides it again.
func (v *Viewer) toggleAnalysis(a *App) {
	switch {
	case v.analysis != nil:
		v.analysis.close()
		v.analysis = nil
	case !v.analysed():
		a.Toast("%s", lang.F("The analysis board is Santorini's: %s has none", v.rec.Title.Name()))
	default:
		v.analysis = newAnalysis("best line: step through it on the board")
		v.mapFirst = false
		v.clock.Playing = false // a replay rests on the turn analysed
		v.layout(a)
		v.analyseShown()
	}
}

// analyseShown hands the analysis the turn shown, when it is on: a step
// through the replay analyses the new turn.
func (v *Viewer) analyseShown() {
	if v.analysis == nil {
		return
	}
	if b, ok := v.boardFrame(v.clock.Cursor).State.(*santorini.Board); ok {
		v.analysis.setBoard(*b)
	}
	v.analysis.update()
}

// drawBoard draws the board of moment m, with the analysis's arrows when
// it is on: while it steps through the best line, the board shows the
// line's position instead of the turn.
func (v *Viewer) drawBoard(dst *ebiten.Image, m *render.Moment) {
	an := v.analysis
	if an == nil {
		v.view.Draw(dst, m)
		return
	}
	if an.step > 0 {
		f := an.frame()
		mm := render.Moment{Prev: f, Cur: f, T: 1, Clock: m.Clock}
		v.view.Draw(dst, &mm)
	} else {
		v.view.Draw(dst, m)
	}
	if g, ok := v.view.(interface{ Geometry() rs.Geometry }); ok && v.clock.Settled() {
		v.arrows = an.drawArrows(dst, g.Geometry(), v.scale, v.arrows)
	}
}

// analysisStatus is what the page's status tells of an analysis.
type analysisStatus struct {
	Position string `json:"position"`
	Problem  string `json:"problem,omitempty"` // why the analysis board's position has no analysis
	Depth    int    `json:"depth"`
	Nodes    int    `json:"nodes"`
	Best     string `json:"best,omitempty"`
}

// status is the analysis for the page's status.
func (an *analysis) status() *analysisStatus {
	st := an.an.State()
	out := &analysisStatus{Position: an.root.Position(), Depth: st.Latest.Depth, Nodes: st.Latest.Nodes}
	if len(st.Latest.Lines) > 0 {
		out.Best = st.Latest.Lines[0].Moves[0].String()
	}
	return out
}
