package scenes

import (
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
)

// timed re-simulates rec's first steps (all with steps < 0) as a replay
// whose seats had limit per move and thought tookMS(turn) over each move;
// with forfeit, the seat to move after them then gives no move.
func timed(t testing.TB, rec *game.Recording, steps int, limit time.Duration, tookMS func(turn int) int64, forfeit bool) *game.Recording {
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
			out[s] = time.Duration(tookMS(turn)) * time.Millisecond
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
func slowAt(turn int) int64 {
	switch {
	case turn == 5 || turn == 9:
		return 1000 + int64(turn)
	case turn%7 == 0:
		return 300
	}
	return 3 + int64(turn%5)*4
}

// near reports whether c is within 40 of want in each channel.
func near(c color.Color, want color.NRGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return math.Abs(float64(x>>8)-float64(y)) <= 40 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// count is how many pixels of img in r are near want.
func count(img *image.RGBA, r image.Rectangle, want color.NRGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img.At(x, y), want) {
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
	require.Greater(t, count(img, plot, v.seatColor(0)), 20, "the first seat's line")
	require.Greater(t, count(img, plot, v.seatColor(1)), 20, "the second seat's line")
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
	require.Greater(t, count(img, image.Rect(lx-3, ly-6, lx+4, ly+2), lateInk), 6, "the move over the limit, a white dot")
	for s := range rec.Timeline.Frame(9).Moves {
		require.Equal(t, "1.01 s", formatMillis(v.chron.Took[9][s]))
	}
}
