package scenes

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/santorini"
	rs "github.com/arena-games/arena/render/santorini"
)

// waitAnalysis ticks the app until the analysis has reached depth, and
// returns its state.
func waitAnalysis(t *testing.T, a *App, an *analysis, depth int) santorini.AnalystState {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		tick(t, a, 1)
		an.update()
		st := an.state
		require.NoError(t, st.Err)
		if st.Latest.Depth >= depth {
			return st
		}
		require.True(t, time.Now().Before(deadline), "the analysis did not reach depth %d: %+v", depth, st.Latest)
		time.Sleep(5 * time.Millisecond)
	}
}

// click clicks cell c of the analysis board (right: the right button).
func click(t *testing.T, a *App, ab *AnalysisBoard, c string, right bool) {
	t.Helper()
	cell, ok := santorini.ParseCell(c)
	require.True(t, ok, c)
	x, y := ab.view.Geometry().Center(cell, float64(min(ab.height[cell], 3)))
	a.In.UI.X, a.In.UI.Y = x, y
	if right {
		a.In.RightClick = true
	} else {
		a.In.UI.Pressed = true
	}
	tick(t, a, 1)
}

// TestAnalysisBoardEditor edits a position by clicks, with each tool, and
// checks the notation and the analysis follow; a typed notation is read,
// and a wrong one says what is wrong.
func TestAnalysisBoardEditor(t *testing.T) {
	ab, err := NewAnalysisBoard(AnalysisStart)
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.Push(ab)
	defer ab.Close()
	tick(t, a, 1)
	require.Equal(t, AnalysisStart, ab.notation.Text)
	st := waitAnalysis(t, a, ab.an, 2)
	require.Len(t, st.Latest.Lines, 3)

	// Levels: A1 up twice, down once; a dome on E5 by four clicks.
	click(t, a, ab, "A1", false)
	click(t, a, ab, "A1", false)
	click(t, a, ab, "A1", true)
	require.Equal(t, "0000000000000000000010000/1/C3,B2/C2,D2", ab.notation.Text)
	for range 4 {
		click(t, a, ab, "E5", false)
	}
	require.Equal(t, "0000400000000000000010000/1/C3,B2/C2,D2", ab.notation.Text)
	click(t, a, ab, "E5", false)
	require.Contains(t, a.toast, "has a dome")
	require.Equal(t, ab.notation.Text, ab.an.root.Position(), "the analysis follows the edits")

	// Workers: take P1's C3 off, which stops the analysis, and place it on A1.
	ab.tool = toolP1
	click(t, a, ab, "C3", false)
	require.Equal(t, "0000400000000000000010000/1/B2/C2,D2", ab.notation.Text)
	require.Contains(t, ab.problem, "P1 has 1 of its 2 workers")
	click(t, a, ab, "A1", false)
	require.Equal(t, "0000400000000000000010000/1/B2,A1/C2,D2", ab.notation.Text)
	require.Empty(t, ab.problem)
	click(t, a, ab, "E1", false)
	require.Contains(t, a.toast, "P1 has both workers")
	ab.tool = toolP2
	click(t, a, ab, "E5", false)
	require.Contains(t, a.toast, "dome")
	click(t, a, ab, "D2", true)
	click(t, a, ab, "E4", false)
	require.Equal(t, "0000400000000000000010000/1/B2,A1/C2,E4", ab.notation.Text, "a right click took D2 off")

	// The side to move.
	a.In.UI.X, a.In.UI.Y = float64(ab.sideBtn.Rect().Min.X+4), float64(ab.sideBtn.Rect().Min.Y+4)
	a.In.UI.Pressed = true
	tick(t, a, 1)
	require.Equal(t, "0000400000000000000010000/2/B2,A1/C2,E4", ab.notation.Text)
	st = waitAnalysis(t, a, ab.an, 1)
	require.Equal(t, 1, st.Board.Side)

	// A typed notation: a wrong one says what is wrong and keeps the board.
	// A click gives the field the keyboard; Ctrl+A and typing replace it.
	r := ab.notation.Rect()
	a.In.UI.X, a.In.UI.Y, a.In.UI.Pressed = float64(r.Min.X+8), float64(r.Min.Y+8), true
	tick(t, a, 1)
	require.True(t, ab.focused)
	a.In.UI.SelectAll = true
	tick(t, a, 1)
	a.In.UI.Chars = []rune("0000000000000000000000000/3/C3,B2/C2,D2")
	tick(t, a, 1)
	require.Equal(t, "0000000000000000000000000/3/C3,B2/C2,D2", ab.notation.Text)
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Contains(t, a.toast, `side "3" is not 1 or 2`)
	require.Equal(t, "0000400000000000000010000/2/B2,A1/C2,E4", ab.Position())
	ab.notation.Text = "0000000000000000000000000/1/C3,C3/C2,D2"
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Contains(t, a.toast, "two workers on C3")
	ab.notation.Text = "0000000000000000000023000/1/A1,E5/C5,E3"
	a.In.UI.Enter = true
	tick(t, a, 1)
	require.Equal(t, "0000000000000000000023000/1/A1,E5/C5,E3", ab.Position())
	require.False(t, ab.focused)
	st = waitAnalysis(t, a, ab.an, 1)
	require.Equal(t, "win in 1", st.Latest.Lines[0].ScoreText())
	require.Equal(t, "A1 B1", st.Latest.Lines[0].Moves[0].String())
}

// TestAnalysisBoardStepsTheBestLine steps forward and back through the
// best line: the board shows the line's positions, and arrows the next
// turn.
func TestAnalysisBoardStepsTheBestLine(t *testing.T) {
	ab, err := NewAnalysisBoard(AnalysisStart)
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.Push(ab)
	defer ab.Close()
	st := waitAnalysis(t, a, ab.an, 6)
	line := st.Latest.Lines[0].Moves
	require.GreaterOrEqual(t, len(line), 3)
	require.Len(t, ab.an.arrows(nil), 3, "three arrows on the position")
	press(t, a, ActStepForward)
	require.Equal(t, 1, ab.an.step)
	first, err := ab.an.root.Apply(line[0])
	require.NoError(t, err)
	shown := ab.an.shown()
	require.Equal(t, first.Position(), shown.Position(), "the board shows the line's first turn played")
	arrows := ab.an.arrows(nil)
	require.Len(t, arrows, 1)
	require.Equal(t, line[1], arrows[0].t, "the arrow is the line's next turn")
	press(t, a, ActStepForward)
	require.Equal(t, 2, ab.an.step)
	press(t, a, ActStepBack)
	require.Equal(t, 1, ab.an.step)
	press(t, a, ActFirst)
	require.Equal(t, 0, ab.an.step)
	shown = ab.an.shown()
	require.Equal(t, AnalysisStart, shown.Position())
	// V: the step mode's values on the cells, the best one chosen.
	press(t, a, ActNotes)
	require.True(t, ab.values)
	next := ab.notes()
	require.NotNil(t, next)
	require.Len(t, next.Notes[0].Values, 3)
	require.Equal(t, ab.an.state.Latest.Lines[0].Moves[0].String(), next.Moves[0])
	// A new report makes new notes, on a board of their own (the view
	// keeps a board's chips until the board changes).
	board := ab.nextBoard
	ab.nextOf--
	require.NotNil(t, ab.notes())
	require.NotSame(t, board, ab.nextBoard)
	require.Equal(t, board.Position(), ab.nextBoard.Position())
}

// TestViewerAnalysis: L shows the analysis of the turn shown beside a
// Santorini replay, a step through the replay analyses the new turn, and
// L again hides it.
func TestViewerAnalysis(t *testing.T) {
	rec := openFixture(t)
	v := NewViewer(rec, mustView(t))
	a := newTestApp(NewMenu())
	a.Push(v)
	defer v.Close()
	v.Seek(rec.Timeline.Len() / 2)
	press(t, a, ActAnalysis)
	require.NotNil(t, v.analysis)
	at := rec.Timeline.Frame(v.Cursor()).State.(*santorini.Board).Position()
	st := waitAnalysis(t, a, v.analysis, 3)
	require.Equal(t, at, st.Board.Position())
	press(t, a, ActStepForward)
	tick(t, a, 1)
	next := rec.Timeline.Frame(v.Cursor()).State.(*santorini.Board).Position()
	require.NotEqual(t, at, next)
	st = waitAnalysis(t, a, v.analysis, 1)
	require.Equal(t, next, st.Board.Position(), "the step re-analyses")
	// The panel's step button shows the best line on the board.
	v.analysis.stepTo(1)
	require.Equal(t, 1, v.analysis.step)
	press(t, a, ActAnalysis)
	require.Nil(t, v.analysis)
	// The pause menu shows it too.
	press(t, a, ActBack)
	p, ok := a.Top().(*Pause)
	require.True(t, ok)
	require.NotNil(t, p.analysis)
	screen(t, a, 1280, 800, "pause-santorini")
	r := p.analysis.Rect()
	a.In.UI.X, a.In.UI.Y, a.In.UI.Pressed = float64(r.Min.X+4), float64(r.Min.Y+4), true
	tick(t, a, 1)
	require.Equal(t, Scene(v), a.Top())
	require.NotNil(t, v.analysis, "the pause menu's button shows the analysis")
}

// TestShotsOfTheAnalysisBoard draws the analysis board and the viewer
// with its analysis into $ARENA_SHOTS, for people to look at.
func TestShotsOfTheAnalysisBoard(t *testing.T) {
	dir := os.Getenv("ARENA_SHOTS")
	if dir == "" {
		t.Skip("set ARENA_SHOTS to a folder to draw the analysis board into it")
	}
	for _, size := range [][2]int{{1280, 800}, {1920, 1080}, {1280, 720}} {
		w, h := size[0], size[1]
		name := "analysis-board"
		ab, err := NewAnalysisBoard("0000001210012100010000000/2/B2,D4/C3,B4")
		require.NoError(t, err)
		a := newTestApp(NewMenu())
		a.Push(ab)
		a.W, a.H = w, h
		a.Scale = fitScale(w, h, 1)
		waitAnalysis(t, a, ab.an, 8)
		ab.an.an.Stop()
		ab.an.update()
		screen(t, a, w, h, name)
		ab.values = true
		screen(t, a, w, h, name+"-values")
		ab.values = false
		ab.an.stepTo(2)
		screen(t, a, w, h, name+"-step2")
		ab.Close()

		rec := openFixture(t)
		v := NewViewer(rec, mustView(t))
		a = newTestApp(NewMenu())
		a.Push(v)
		a.W, a.H = w, h
		a.Scale = fitScale(w, h, 1)
		v.Seek(rec.Timeline.Len() / 2)
		press(t, a, ActAnalysis)
		waitAnalysis(t, a, v.analysis, 8)
		v.analysis.an.Stop()
		screen(t, a, w, h, "viewer-analysis")
		v.Close()
	}
	for _, ui := range uiScaleValues {
		ab, err := NewAnalysisBoard(AnalysisStart)
		require.NoError(t, err)
		a := newTestApp(NewMenu())
		a.Push(ab)
		a.UIScale = ui
		a.W, a.H = 1280, 720
		a.Scale = fitScale(a.W, a.H, ui)
		waitAnalysis(t, a, ab.an, 6)
		ab.Close()
		ab.an.update()
		screen(t, a, 1280, 720, fmt.Sprintf("analysis-board-ui%d", int(ui*100)))
	}
}

// TestHotseatAnalysis: L beside a hotseat match analyses the position the
// person is to move in, and the person's clicks still make the move.
func TestHotseatAnalysis(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	st := game.Setup{Title: santorini.Title{}, Seats: []game.SeatSpec{{Kind: "human"}, {Kind: "alphabeta", Strength: "1"}}, Seed: 3}
	v, err := StartMatch(a, st, game.PaceRun)
	require.NoError(t, err)
	a.Push(v)
	defer v.Close()
	click := func(name string) {
		c, ok := santorini.ParseCell(name)
		require.True(t, ok)
		x, y := v.view.(interface{ Geometry() rs.Geometry }).Geometry().Center(c, 0)
		a.In.UI.X, a.In.UI.Y, a.In.UI.Pressed = x, y, true
		tick(t, a, 1)
	}
	waitFor := func(what string, ok func() bool) {
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			require.True(t, time.Now().Before(deadline), "waiting for %s", what)
			tick(t, a, 1)
		}
	}
	waitFor("the placement", func() bool { h, _ := v.humanToMove(v.rec.Timeline.Last()); return h != nil })
	click("C3")
	click("B2")
	waitFor("P1's first move", func() bool {
		h, _ := v.humanToMove(v.rec.Timeline.Last())
		return h != nil && v.rec.Timeline.Len() == 3
	})
	press(t, a, ActAnalysis)
	require.NotNil(t, v.analysis)
	got := waitAnalysis(t, a, v.analysis, 3)
	last := v.rec.Timeline.Last().State.(*santorini.Board)
	require.Equal(t, last.Position(), got.Board.Position(), "the analysis is of the position the person moves in")
	best := got.Latest.Lines[0].Moves[0]
	for _, c := range []santorini.Cell{best.From, best.To, best.Build} {
		click(c.String())
	}
	waitFor("the move played", func() bool { return v.rec.Timeline.Len() >= 4 })
	require.Equal(t, best.String(), v.rec.Timeline.Frame(3).Moves[0], "the person played the engine's best turn by clicks")
}
