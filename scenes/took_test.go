package scenes

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// timed re-simulates rec's first steps (all with steps < 0) as a replay
// whose seats had limit per move and thought tookMS(turn, seat) over each
// move;
// with forfeit, the seat to move after them then gives no move.
func timed(t testing.TB, rec *game.Recording, steps int, limit time.Duration, tookMS func(turn int, s game.Seat) int64, forfeit bool) *game.Recording {
	t.Helper()
	h := rec.Header
	h.Format, h.Version, h.Title = game.ReplayFormat, game.ReplayVersion, rec.Title.ID()
	h.LimitMS = make([]int64, h.Config.Seats)
	for i := range h.LimitMS {
		h.LimitMS[i] = limit.Milliseconds()
	}
	r := &game.Replay{Header: h}
	if steps < 0 {
		steps = rec.Timeline.Len() - 1
	}
	took := func(turn int, moves map[game.Seat]string) map[game.Seat]time.Duration {
		out := map[game.Seat]time.Duration{}
		for s := range moves {
			out[s] = time.Duration(tookMS(turn, s)) * time.Millisecond
		}
		return out
	}
	for i := 1; i <= steps; i++ {
		f := rec.Timeline.Frame(i)
		r.Steps = append(r.Steps, game.Step{Moves: f.Moves, Took: took(i, f.Moves)})
	}
	if forfeit {
		moves := map[game.Seat]string{}
		for _, s := range rec.Timeline.Frame(steps).ToMove {
			moves[s] = ""
		}
		r.Steps = append(r.Steps, game.Step{Moves: moves, Took: took(steps+1, moves)})
	}
	out, err := r.Simulate()
	require.NoError(t, err)
	return out
}

// slowAt is a bot's time per move: quick, slower every seventh move, over
// the limit of a second at turns 5 and 9.
func slowAt(turn int, _ game.Seat) int64 {
	switch {
	case turn == 5 || turn == 9:
		return 1000 + int64(turn)
	case turn%7 == 0:
		return 300
	}
	return 3 + int64(turn%5)*4
}

// closeTo reports whether c is within 40 of want in each channel.
func closeTo(c color.Color, want color.NRGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return math.Abs(float64(x>>8)-float64(y)) <= 40 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// countClose is how many pixels of img in r are near want.
func countClose(img *image.RGBA, r image.Rectangle, want color.NRGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if closeTo(img.At(x, y), want) {
				n++
			}
		}
	}
	return n
}

func settled(v *Viewer) {
	for !v.chron.Done() {
		v.chron.Update(v.sight())
	}
}

// The chart of the seats' thinking times is one of the chart's
// quantities (K shows the next): each seat's line in its colour, the limit
// dashed in white, a white dot on each move over it; the seat's time at
// the turn shown beside it.
func TestTimePerMoveChart(t *testing.T) {
	rec := timed(t, openFixture(t), 12, time.Second, slowAt, true)
	v := NewViewer(rec, mustView(t))
	a := newTestApp(v)
	settled(v)
	require.True(t, v.chron.Timed)
	names := len(v.chron.Names)
	require.Equal(t, names+1, v.chartCount(), "the title's quantities and the times")
	for range names {
		press(t, a, ActChart)
	}
	require.Equal(t, names, v.chart%v.chartCount(), "K goes through the quantities to the times")
	v.Seek(9)
	img := screen(t, a, 1280, 800, "took-santorini")
	plot := v.panel.chartR
	require.False(t, plot.Empty(), "the chart is drawn")
	require.Greater(t, countClose(img, plot, v.seatColor(0)), 20, "the first seat's line")
	require.Greater(t, countClose(img, plot, v.seatColor(1)), 20, "the second seat's line")
	// The limit of 1 s on a chart up to 10 s: 3 of 4 powers of ten up.
	ly := plot.Max.Y - 2 - int(float64(plot.Dy()-4)*3/4)
	dashes := 0
	for x := plot.Min.X; x < plot.Max.X; x++ {
		for y := ly - 2; y <= ly+2; y++ {
			if r, g, b, _ := img.At(x, y).RGBA(); min(r, g, b)>>8 > 150 {
				dashes++
				break
			}
		}
	}
	require.Greater(t, dashes, plot.Dx()/3, "the limit, dashed across the chart")
	lx := plot.Min.X + int(float64(plot.Dx())*9/float64(rec.Timeline.Len()-1))
	require.Greater(t, countClose(img, image.Rect(lx-3, ly-6, lx+4, ly+2), lateInk), 6, "the move over the limit, a white dot")
	for s := range rec.Timeline.Frame(9).Moves {
		require.Equal(t, "1.01 s", formatMillis(v.chron.Took[9][s]))
	}
}

// bright reports whether every channel of img at x, y is over 200.
func bright(img *image.RGBA, x, y int) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	return min(r, g, b)>>8 > 200
}

// The scrub bar ticks the moves over their time limit, and the forfeit
// longer, at their turns; pointing at one tells who took how long.
func TestLateMovesTickTheBar(t *testing.T) {
	rec := timed(t, openFixture(t), 12, time.Second, slowAt, true)
	v := NewViewer(rec, mustView(t))
	a := newTestApp(v)
	settled(v)
	v.Seek(0)
	img := screen(t, a, 1280, 800, "took-bar")
	last := rec.Timeline.Len() - 1
	require.True(t, v.forfeit(last), "the game ends by a forfeit")
	sc := v.scrub
	tickAt := func(i, below int) bool {
		x := int(math.Round(v.xOf(i)))
		for dx := -4; dx <= 1; dx++ {
			if bright(img, x+dx, sc.Max.Y+below) {
				return true
			}
		}
		return false
	}
	for i := 1; i <= last; i++ {
		require.Equal(t, i == 5 || i == 9 || i == last, tickAt(i, 1), "turn %d: a tick just under the bar", i)
		require.Equal(t, i == last, tickAt(i, 5), "turn %d: the forfeit's tick reaches further", i)
		if i == 5 || i == 9 || i == last {
			require.Equal(t, i, v.markNear(v.xOf(i)), "turn %d: pointing at its tick", i)
		}
	}
	var card []string
	for _, l := range v.markCard(9) {
		card = append(card, l.Text)
	}
	require.Contains(t, card, "| Player 1 took 1.01 s: over its limit of 1 s")
	card = card[:0]
	for _, l := range v.markCard(last) {
		card = append(card, l.Text)
	}
	require.Contains(t, card, "| the game ends by a forfeit")
}

// A record without times (an older replay, an original's log) has no
// chart of times and no ticks.
func TestNoTimesNoChartOfThem(t *testing.T) {
	rec := openFixture(t)
	v := NewViewer(rec, mustView(t))
	a := newTestApp(v)
	settled(v)
	require.False(t, v.chron.Timed)
	require.Equal(t, len(v.chron.Names), v.chartCount())
	for i := range rec.Timeline.Len() {
		require.False(t, v.ticked(i), "turn %d", i)
	}
	for range v.chartCount() + 1 {
		press(t, a, ActChart)
		screen(t, a, 1280, 800, "no-times")
		require.Less(t, v.chart, len(v.chron.Names), "the title's quantities only")
	}
}

// TestShotsOfTheTimeChart draws the chart of times in two games at
// 1280x800 and 1920x1080 into $ARENA_SHOTS, for people to look at: a
// Santorini match of two bots with 50 ms a move (one may run out of time),
// and AIBG 5.0's four seats with a second a move.
func TestShotsOfTheTimeChart(t *testing.T) {
	if os.Getenv("ARENA_SHOTS") == "" {
		t.Skip("set ARENA_SHOTS to a folder to draw the charts of times into it")
	}
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	st := game.Setup{Title: title, Seed: 7, Limit: 50 * time.Millisecond,
		Seats: []game.SeatSpec{{Kind: "alphabeta", Strength: "3"}, {Kind: "minimax", Strength: "3"}}}
	m, closeFiles, err := st.Start()
	require.NoError(t, err)
	_, err = m.Run(t.Context())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	aibg := botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "60"})
	// The tactical bot thinks for tens of milliseconds, longer as the game
	// goes on, and runs over its second twice; the greedy ones take a few.
	thinker := func(turn int, s game.Seat) int64 {
		switch {
		case s == 0 && (turn == 93 || turn == 181):
			return 1000 + int64(turn)
		case s == 0:
			return 30 + int64(turn)*2 + int64(turn*37%50)
		}
		return 2 + int64(s) + int64(turn*13%5)
	}
	for name, rec := range map[string]*game.Recording{
		"santorini": m.Recording(),
		"aibg5":     timed(t, aibg, -1, time.Second, thinker, false),
	} {
		for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
			view, err := render.NewView(rec.Title.ID())
			require.NoError(t, err)
			v := NewViewer(rec, view)
			a := newTestApp(v)
			settled(v)
			v.chart = len(v.chron.Names)
			at := rec.Timeline.Len() * 2 / 3
			for i := range rec.Timeline.Len() {
				if v.ticked(i) && i < rec.Timeline.Len()-1 {
					at = i
				}
			}
			v.Seek(at)
			v.clock.Playing = false
			v.step(a)
			screen(t, a, size[0], size[1], fmt.Sprintf("took-%s", name))
			for i := range rec.Timeline.Len() {
				if v.ticked(i) {
					v.barc.hover = i // the pointer on the first tick
					break
				}
			}
			screen(t, a, size[0], size[1], fmt.Sprintf("took-%s-card", name))
		}
	}
}

// A match in the window with a bot too slow for its time per move: the
// viewer charts the seats' times as they come, and the bar ticks the late
// move that forfeits the game; the replay written keeps them.
func TestAMatchsTimesInTheWindow(t *testing.T) {
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	st := game.Setup{Title: title, Seats: []game.SeatSpec{{Kind: "minimax", Strength: "4"}, {Kind: "minimax", Strength: "4"}}, Seed: 4, Limit: time.Millisecond}
	v, err := StartMatch(a, st, game.PaceRun)
	require.NoError(t, err)
	a.Push(v)
	v.match.Pace.SetDelay(0)
	tl := v.rec.Timeline
	waitFor(t, a, func() bool { return !tl.Live() })
	v.chron.Update(v.sight())
	last := tl.Len() - 1
	require.True(t, v.forfeit(last), "a search of depth 4 takes more than a millisecond: %+v", tl.Last().Result)
	require.True(t, v.chron.Timed)
	late := false
	for s := range tl.Frame(last).Moves {
		late = late || v.late(last, s)
	}
	require.True(t, late, "the forfeiting move ran over its limit")
	require.Equal(t, []int64{1, 1}, v.rec.Header.LimitMS)
	v.Close()
	rec, err := game.OpenFile(v.ReplayPath())
	require.NoError(t, err)
	for s, d := range tl.Frame(last).Took {
		require.Equal(t, d.Milliseconds(), rec.Timeline.Frame(last).Took[s].Milliseconds())
	}
}

// BenchmarkTimeChart is the viewer's CPU time per frame on AIBG 5.0's 240
// turns with times and ticks, playing at 4x at 1280x800: the title's
// first chart, and the chart of times.
func BenchmarkTimeChart(b *testing.B) {
	aibg := botMatch(b, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "60"})
	rec := timed(b, aibg, -1, time.Second, func(turn int, s game.Seat) int64 { return slowAt(turn%40, s) * int64(1+int(s)) }, false)
	for _, times := range []bool{false, true} {
		b.Run(map[bool]string{false: "title", true: "times"}[times], func(b *testing.B) {
			view, err := render.NewView(rec.Title.ID())
			require.NoError(b, err)
			v := NewViewer(rec, view)
			a := newTestApp(v)
			v.SetSpeed(4)
			settled(v)
			if times {
				v.chart = len(v.chron.Names)
			}
			dst := ebiten.NewImage(1280, 800)
			v.Draw(dst, a)
			rendertest.BenchFrames(b, dst, func(int) {
				if v.clock.Cursor == rec.Timeline.Len()-1 {
					v.Seek(0)
					v.clock.Playing = true
				}
				a.Clock += 1.0 / 60
				v.Update(a)
				v.Draw(dst, a)
			})
		})
	}
}
