package scenes

import (
	"fmt"
	"image"
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

// AnalysisStart is the position the analysis board opens on: the
// workers on the repaired seed start (§5.4), P1 to move.
const AnalysisStart = "0000000000000000000000000/1/C3,B2/C2,D2"

// AnalysisBoard is Santorini's analysis board: a position editor (levels,
// domes and both players' workers by clicks, the side to move, the
// position's notation HEIGHTS/SIDE/P1/P2 to read and type) beside the
// engine's live analysis of the position.
type AnalysisBoard struct {
	view *rs.View
	an   *analysis
	// The position being edited: heights, each player's workers in the
	// order placed, the side to move.
	height  [25]uint8
	workers [2][]santorini.Cell
	side    int
	// problem is why the edited position cannot be analysed ("" when it
	// can).
	problem string
	// said is problem in words, for the screens' language.
	said game.Words

	tool                              int // the tool the board's clicks use (toolLevels...)
	tools                             [3]*ui.Button
	sideBtn, start, clear, menu, help *ui.Button
	notation                          *ui.Field
	focused                           bool // the notation has the keyboard
	apply                             *ui.Button
	area, panel, bar                  image.Rectangle
	values                            bool // step mode: the values on the cells instead of the arrows
	arrows                            []arrow
	// next holds the analysis's lines as notes, for the step mode, made
	// at report nextOf of the position set at nextSince, for nextBoard.
	next      game.Frame
	nextOf    int
	nextSince time.Time
	nextBoard *santorini.Board
}

// The editor's tools: what a click on the board does.
const (
	toolLevels = iota // click: a level up (a dome on level 3); right click: one down
	toolP1            // click: place or remove a P1 worker
	toolP2            // the same for P2
)

// NewAnalysisBoard opens the analysis board on a position in the notation
// HEIGHTS/SIDE/P1/P2; a position that does not read opens the start, and
// the error says why.
func NewAnalysisBoard(position string) (*AnalysisBoard, error) {
	ab := &AnalysisBoard{view: rs.New(), an: newAnalysis("best line: step through it (← →)")}
	ab.tools = [3]*ui.Button{{Label: "Levels"}, {Label: "P1 workers"}, {Label: "P2 workers"}}
	ab.sideBtn = &ui.Button{}
	ab.start = &ui.Button{Label: "Start position"}
	ab.clear = &ui.Button{Label: "Clear"}
	ab.menu = &ui.Button{Label: "Back"}
	ab.help = &ui.Button{Icon: sprites.IconHelp, HasIcon: true}
	ab.notation = &ui.Field{Placeholder: "HEIGHTS/SIDE/P1/P2, e.g. " + AnalysisStart, Max: 80, Accept: notationChar}
	ab.apply = &ui.Button{Label: "Analyse", Primary: true}
	err := ab.read(position)
	if err != nil {
		ab.read(AnalysisStart)
	}
	return ab, err
}

// read takes a position in the notation, or says what is wrong with it.
func (ab *AnalysisBoard) read(position string) error {
	b, err := santorini.ParsePosition(strings.TrimSpace(position))
	if err != nil {
		return err
	}
	ab.height = b.Height
	for p := range 2 {
		ab.workers[p] = ab.workers[p][:0]
		for _, c := range b.Workers[p] {
			if c != santorini.NoCell {
				ab.workers[p] = append(ab.workers[p], c)
			}
		}
	}
	ab.side = b.Side
	ab.changed()
	return nil
}

// Position is the edited position in the notation HEIGHTS/SIDE/P1/P2; a
// player's workers are listed as placed, so an unfinished list is there
// too.
func (ab *AnalysisBoard) Position() string {
	var s strings.Builder
	for row := 4; row >= 0; row-- {
		for col := range 5 {
			s.WriteByte('0' + ab.height[5*col+row])
		}
	}
	fmt.Fprintf(&s, "/%d", ab.side+1)
	for p := range 2 {
		s.WriteByte('/')
		for i, c := range ab.workers[p] {
			if i > 0 {
				s.WriteByte(',')
			}
			s.WriteString(c.String())
		}
	}
	return s.String()
}

// changed writes the notation of the edited position and analyses it, or
// says why it cannot.
func (ab *AnalysisBoard) changed() {
	pos := ab.Position()
	ab.notation.Text = pos
	ab.problem, ab.said = "", game.Words{}
	for p := range 2 {
		if n := len(ab.workers[p]); n != 2 {
			ab.said = game.Say("%[2]s has %[1]d of its 2 workers on the board: choose the %[3]s workers tool and click free cells", n, game.Say("P%d", p+1), fmt.Sprintf("P%d", p+1))
			ab.problem = ab.said.String()
			ab.an.close()
			return
		}
	}
	b, err := santorini.ParsePosition(pos)
	if err != nil {
		ab.problem, ab.said = err.Error(), game.Say(err.Error())
		ab.an.close()
		return
	}
	ab.an.setBoard(b)
}

// workerAt is the player and index of the worker on c, or -1.
func (ab *AnalysisBoard) workerAt(c santorini.Cell) (int, int) {
	for p := range 2 {
		for i, w := range ab.workers[p] {
			if w == c {
				return p, i
			}
		}
	}
	return -1, -1
}

// edit does a click on cell c with the tool (right: a right click) and
// returns what went wrong, "" when the position changed.
func (ab *AnalysisBoard) edit(c santorini.Cell, right bool) string {
	p, i := ab.workerAt(c)
	switch {
	case ab.tool == toolLevels && right:
		if ab.height[c] == 0 {
			return lang.F("%s is on the ground already", c.String())
		}
		ab.height[c]--
	case ab.tool == toolLevels:
		switch {
		case ab.height[c] == 4:
			return lang.F("%s has a dome: right click takes it off", c.String())
		case ab.height[c] == 3 && p >= 0:
			return lang.F("%s's worker stands on %s: no dome under a worker", game.Say("P%d", p+1), c.String())
		}
		ab.height[c]++
	case p >= 0: // a worker tool on a worker: remove it
		ab.workers[p] = append(ab.workers[p][:i], ab.workers[p][i+1:]...)
	case right:
		return lang.F("right click removes a worker: there is none on %s", c.String())
	default:
		q := ab.tool - toolP1
		switch {
		case ab.height[c] == 4:
			return lang.F("a worker cannot stand on the dome on %s", c.String())
		case len(ab.workers[q]) == 2:
			return lang.F("%s has both workers on the board: click one to take it off first", game.Say("P%d", q+1))
		}
		ab.workers[q] = append(ab.workers[q], c)
	}
	ab.changed()
	return ""
}

// layout places the board, the panel and the bars as the viewer does.
func (ab *AnalysisBoard) layout(a *App) {
	s := a.Scale
	ab.bar = rectXYWH(0, float64(a.H)-controlsH*s, float64(a.W), controlsH*s)
	side := sidePanelW(a.W, s)
	ab.panel = rectXYWH(float64(a.W)-side-16*s, (topBarH+8)*s, side, float64(a.H)-(controlsH+topBarH+24)*s)
	ab.area = boardArea(a.W, a.H, s)
	if lang.RTL() { // right to left: the panel left of the board, as the viewer's
		ab.panel = mirrored(ab.panel, a.W)
	}
	ab.view.Layout(ab.area, s)
	// The top bar: the heading, the notation and Analyse, help and Back.
	h := 40 * s
	y := (topBarH*s - h) / 2
	right := float64(a.W) - 16*s
	ab.menu.Place(rectXYWH(right-100*s, y, 100*s, h))
	ab.help.Place(rectXYWH(right-100*s-8*s-h, y, h, h))
	fieldX := 250 * s
	applyW := 120 * s
	fieldW := right - 100*s - 16*s - h - applyW - 8*s - fieldX
	ab.notation.Place(rectXYWH(fieldX, y, fieldW, h))
	ab.apply.Place(rectXYWH(fieldX+fieldW+8*s, y, applyW, h))
	// The bottom bar: the tools, the side to move, the start and clear.
	bh := 48 * s
	by := float64(ab.bar.Min.Y) + (controlsH*s-bh)/2
	items := [...]*ui.Button{ab.tools[0], ab.tools[1], ab.tools[2], ab.sideBtn, ab.start, ab.clear}
	gap := 10 * s
	bw := (float64(a.W) - 32*s - float64(len(items)-1)*gap) / float64(len(items))
	for i, b := range items {
		b.Place(rectXYWH(16*s+float64(i)*(bw+gap), by, bw, bh))
	}
	if lang.RTL() { // right to left: the heading on the right, the buttons at the left
		for _, b := range []ui.Widget{ab.menu, ab.help, ab.notation, ab.apply, ab.tools[0], ab.tools[1], ab.tools[2], ab.sideBtn, ab.start, ab.clear} {
			b.Place(mirrored(b.Rect(), a.W))
		}
	}
}

// Update handles the editor, the notation, the keys and the analysis.
func (ab *AnalysisBoard) Update(a *App) error {
	ab.layout(a)
	in := &a.In
	if in.Just(ActBack) {
		a.Pop()
		return nil
	}
	ab.an.update()
	for i, b := range ab.tools {
		b.Primary = i == ab.tool
		if b.Update(&in.UI, false) {
			ab.tool = i
		}
	}
	ab.sideBtn.Label = sideLabels[ab.side]
	switch {
	case ab.sideBtn.Update(&in.UI, false):
		ab.side ^= 1
		ab.changed()
	case ab.start.Update(&in.UI, false):
		ab.read(AnalysisStart)
	case ab.clear.Update(&in.UI, false):
		ab.height = [25]uint8{}
		ab.workers = [2][]santorini.Cell{}
		ab.changed()
	case ab.menu.Update(&in.UI, false):
		a.Pop()
		return nil
	case ab.help.Update(&in.UI, false) || in.Just(ActHelp) && !ab.focused:
		a.Push(&Help{board: analysisBindings})
		return nil
	}
	// The notation: typed, then Enter or Analyse.
	if in.UI.Pressed {
		ab.focused = in.UI.Over(ab.notation.Rect())
	}
	// Ctrl+C and Ctrl+V copy and paste the notation through the system's
	// or the page's clipboard.
	switch {
	case in.Copy && copyText(ab.notation.Text):
		a.Toast("%s", lang.F("Copied %s", ab.notation.Text))
	case in.Paste && pasteText(a, ab.paste):
	case in.Copy || in.Paste:
		a.Toast("%s", lang.T("No clipboard here (no display's): click the notation, Ctrl+A and type over it"))
	}
	if ab.notation.Update(&in.UI, ab.focused) && ab.focused || ab.apply.Update(&in.UI, false) {
		if err := ab.read(ab.notation.Text); err != nil {
			a.Toast("%v", err)
		} else {
			ab.focused = false
		}
	}
	// The board: the tools' clicks.
	if (in.UI.Pressed || in.RightClick) && in.UI.Over(ab.area) && ab.an.step == 0 {
		g := ab.view.Geometry()
		if c, ok := g.Pick(in.UI.X, in.UI.Y, &ab.height); ok {
			if msg := ab.edit(c, in.RightClick); msg != "" {
				a.Toast("%s", msg)
			}
		}
	}
	// The best line, and the step mode's values.
	if !ab.focused {
		switch {
		case in.Just(ActStepForward):
			ab.an.stepTo(ab.an.step + 1)
		case in.Just(ActStepBack):
			ab.an.stepTo(ab.an.step - 1)
		case in.Just(ActFirst):
			ab.an.stepTo(0)
		case in.Just(ActNotes) && !in.Paste:
			ab.values = !ab.values
		}
	}
	ab.an.handle(&in.UI)
	return nil
}

// paste reads a pasted position, or says what is wrong with it.
func (ab *AnalysisBoard) paste(a *App, text string) {
	text = strings.TrimSpace(text)
	if len(text) > maxNotation {
		a.Toast("%s", lang.F("the pasted text (%d bytes) is not a position: HEIGHTS/SIDE/P1/P2 is at most %d", len(text), maxNotation))
		return
	}
	if err := ab.read(text); err != nil {
		a.Toast("%s", lang.F("the pasted position: %s", err.Error()))
	}
}

// maxNotation is the longest HEIGHTS/SIDE/P1/P2: 25 heights, the side
// and four cells.
const maxNotation = 25 + 1 + 1 + 1 + 5 + 1 + 5

// notationChar reports whether r may be typed into the notation: the
// digits, the cells' letters, '/' and ','. (A browser types the letter of
// Ctrl+A or Ctrl+V too; lower case, it is refused.)
func notationChar(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'A' && r <= 'E' || r == '/' || r == ','
}

// Close stops the analysis.
func (ab *AnalysisBoard) Close() { ab.an.close() }

// Draw draws the board with the analysis's arrows (or values), the panel
// and the bars.
func (ab *AnalysisBoard) Draw(dst *ebiten.Image, a *App) {
	ab.layout(a)
	backdrop(dst, a)
	s := a.Scale
	f := ab.an.frame()
	if ab.problem != "" {
		b := santorini.NewBoard()
		b.Height, b.Side, b.Phase = ab.height, ab.side, santorini.Play
		for p := range 2 {
			for i, c := range ab.workers[p] {
				b.Workers[p][i] = c
			}
		}
		f = game.Frame{State: &b}
	}
	m := render.Moment{Prev: f, Cur: f, T: 1, Clock: a.Clock}
	if ab.values && ab.problem == "" {
		if m.Next = ab.notes(); m.Next != nil {
			m.Cur.State, m.Prev.State = ab.nextBoard, ab.nextBoard
		}
	}
	ab.view.Draw(dst, &m)
	if !ab.values && ab.problem == "" {
		ab.arrows = ab.an.drawArrows(dst, ab.view.Geometry(), s, ab.arrows)
	}
	// The top bar.
	if lang.RTL() {
		render.FitText(dst, lang.T("Analysis board"), render.Bold, 26*s, float64(a.W)-26*s, 16*s, float64(a.W-ab.notation.Rect().Max.X)-38*s, render.Ink, render.Right)
	} else {
		render.FitText(dst, lang.T("Analysis board"), render.Bold, 26*s, 26*s, 16*s, float64(ab.notation.Rect().Min.X)-38*s, render.Ink, render.Left)
	}
	ab.notation.Draw(dst, ab.focused, s)
	ab.apply.Draw(dst, false, s)
	ab.help.Draw(dst, false, s)
	ab.menu.Draw(dst, false, s)
	// The panel: the analysis, or why there is none.
	if ab.problem != "" {
		r := ab.panel
		card(dst, a, r)
		render.Text(dst, lang.T("ENGINE"), render.Bold, 18*s, px(float64(r.Min.X)+20*s, float64(r.Dx())-40*s), float64(r.Min.Y)+14*s, render.Accent, leftAlign())
		wrapText(dst, lang.Say(ab.said), render.Regular, 15*s, float64(r.Min.X)+20*s, float64(r.Min.Y)+48*s, float64(r.Dx())-40*s, render.Bad)
	} else {
		ab.an.drawPanel(dst, a, ab.panel)
	}
	// The bottom bar.
	render.Panel(dst, ab.bar, 0, render.Fade(render.Surface, 0.9))
	for _, b := range ab.tools {
		b.Draw(dst, false, s)
	}
	ab.sideBtn.Draw(dst, false, s)
	ab.start.Draw(dst, false, s)
	ab.clear.Draw(dst, false, s)
	hint := editorHints[ab.tool][0]
	if ab.values {
		hint = editorHints[ab.tool][1]
	}
	render.FitText(dst, lang.T(hint), render.Regular, 13*s, px(float64(ab.area.Min.X), float64(ab.area.Dx())), float64(ab.area.Max.Y)+2*s, float64(ab.area.Dx()), render.InkFaint, leftAlign())
}

// sideLabels are the side-to-move button's labels, by the side.
var sideLabels = [2]string{"P1 to move", "P2 to move"}

// editorHints are the line under the board, by tool and whether the
// values show.
var editorHints = [3][2]string{
	{"click: a level up (a dome on 3) · right click: down · V: values on the cells", "click: a level up (a dome on 3) · right click: down · V: arrows"},
	{"click a free cell: a P1 worker · click a worker: take it off · V: values on the cells", "click a free cell: a P1 worker · click a worker: take it off · V: arrows"},
	{"click a free cell: a P2 worker · click a worker: take it off · V: values on the cells", "click a free cell: a P2 worker · click a worker: take it off · V: arrows"},
}

// notes are the analysis's lines as the notes of the next step, which the
// board draws as the assignment's step mode: each line's value on its
// destination and build cells, the best one chosen.
func (ab *AnalysisBoard) notes() *game.Frame {
	st := &ab.an.state
	if ab.an.step > 0 || len(st.Latest.Lines) == 0 {
		return nil
	}
	if ab.nextOf != st.Reports || ab.nextSince != st.Since || ab.next.Notes == nil {
		// A board of its own for each set of notes: the view keeps the
		// chips it worked out for a board until the board changes.
		b := ab.an.root
		ab.nextOf, ab.nextSince, ab.nextBoard = st.Reports, st.Since, &b
		seat := game.Seat(ab.an.root.Side)
		values := map[string]float64{}
		for _, l := range st.Latest.Lines {
			values[l.Moves[0].String()] = l.Score
		}
		ab.next = game.Frame{Moves: map[game.Seat]string{seat: st.Latest.Lines[0].Moves[0].String()},
			Notes: map[game.Seat]game.Notes{seat: {Values: values}}}
	}
	return &ab.next
}

// analysisBindings are the analysis board's controls.
var analysisBindings = []render.Binding{
	{Names: "Levels · click", About: "a level up, a dome on level 3; right click: a level down"},
	{Names: "P1 / P2 workers · click", About: "a free cell: place a worker; a worker: take it off"},
	{Names: "Notation · Enter", About: "click the field, type HEIGHTS/SIDE/P1/P2 (Ctrl+A: type over it), Enter or Analyse"},
	{Names: "Ctrl+C · Ctrl+V", About: "copy the position's notation, paste one"},
	{Names: "→ ← · Home", About: "step through the best line on the board; back to the position"},
	{Names: "V", About: "the values on the cells (step mode) instead of the arrows"},
}

// status is the analysis board for the page's status: the edited
// position and its analysis, or why it has none.
func (ab *AnalysisBoard) status() *analysisStatus {
	if ab.problem != "" {
		return &analysisStatus{Position: ab.Position(), Problem: ab.problem}
	}
	return ab.an.status()
}
