package scenes

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
)

// tickTime is the synthetic clock's tick: the window's 60 a second.
const tickTime = 1.0 / 60

// reel is what the director showed, tick by tick, over a game.
type reel struct {
	// ticks are the ticks with a unit in sight; empty those of them whose
	// shot (where the camera is going) holds none.
	ticks, empty int
	// marked are the frames with placed markers of note; missed those of
	// them whose every cell stayed off the screen while they were
	// shown and for a shot's hold after.
	marked, missed int
	// eased counts the ticks with units in sight but none on the screen
	// now, the camera on its way.
	eased int
	// frames are the ticks filmed; choice the time the director took to
	// choose over them; cuts the shots it began, and cutting the time it
	// took in their ticks.
	frames, cuts    int
	choice, cutting time.Duration
}

// emptyShare is the share of ticks with units in sight but none in the
// shot, in percent.
func (r reel) emptyShare() float64 { return percent(r.empty, r.ticks) }

// easedShare is the share of ticks with units in sight but none on the
// screen, in percent.
func (r reel) easedShare() float64 { return percent(r.eased, r.ticks) }

// shotLength is the mean time a shot is held, in seconds.
func (r reel) shotLength() float64 { return float64(r.frames) * tickTime / float64(max(1, r.cuts)) }

// missedShare is the share of the frames with markers of note whose
// markers were never on the screen, in percent.
func (r reel) missedShare() float64 { return percent(r.missed, r.marked) }

func percent(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// directed opens a viewer on rec with the director on, as a show does:
// the chronicle read, the speed that fits a show, the playback running.
func directed(t testing.TB, rec *game.Recording) (*Viewer, *App) {
	t.Helper()
	v, a := viewerOf(t, rec)
	for !v.chron.Done() {
		v.chron.Update(v.sight())
	}
	v.SetDirector(true)
	v.SetSpeed(fitSpeed(v))
	v.clock.Playing = true
	return v, a
}

// film plays v for up to n ticks of the synthetic clock, or to the end of
// a recording, as Viewer.step does (without drawing): the clock, the
// chronicle, the moment, the director's choice, the camera's ease. It
// records each tick in r. Each tick, grow may append to a live timeline.
func film(v *Viewer, a *App, n int, grow func(tick int)) reel {
	var r reel
	mp := v.view.(render.Mapped)
	cam := mp.Camera()
	tl := v.rec.Timeline
	// seen are the marked frames shown, with when each was first shown
	// and whether a marker of it has been on the screen.
	type sighting struct {
		at   float64
		seen bool
	}
	seen := map[int]*sighting{}
	for i := 0; i < n; i++ {
		if grow != nil {
			grow(i)
		}
		a.Clock += tickTime
		v.clock.Tick(tickTime, tl.Len(), tl.Live())
		v.chron.Update(v.sight())
		m := &v.moment
		prev, cur, t := v.clock.Step()
		m.Prev, m.Cur, m.T, m.Clock = tl.Frame(prev), tl.Frame(cur), t, a.Clock
		was := v.dir.shotAt
		start := time.Now()
		v.dir.frame(v, a)
		took := time.Since(start)
		r.choice += took
		if v.dir.shotAt != was {
			r.cuts++
			r.cutting += took
		}
		cam.Tick(a.Clock)
		r.frames++

		if us := units(v, m.Cur, 0); len(us) > 0 {
			r.ticks++
			x0, y0, x1, y1 := cam.Target()
			if !anyIn(v, mp, cellsOf(us), x0, y0, x1, y1) {
				r.empty++
			}
			if vx0, vy0, vx1, vy1 := cam.Visible(); !anyIn(v, mp, cellsOf(us), vx0, vy0, vx1, vy1) {
				r.eased++
			}
		}
		if cur < len(v.chron.Markers) && seen[cur] == nil {
			if cells := placed(v.chron.Markers[cur]); len(cells) > 0 {
				seen[cur] = &sighting{at: a.Clock}
				r.marked++
			}
		}
		x0, y0, x1, y1 := cam.Visible()
		for i, s := range seen {
			if !s.seen && a.Clock-s.at <= shotHold && anyIn(v, mp, placed(v.chron.Markers[i]), x0, y0, x1, y1) {
				s.seen = true
			}
		}
		if !tl.Live() && cur == tl.Len()-1 && v.clock.Settled() {
			break
		}
	}
	for _, s := range seen {
		if !s.seen {
			r.missed++
		}
	}
	return r
}

// placed are the cells of the markers that have one.
func placed(ms []game.Marker) [][2]int {
	var out [][2]int
	for _, m := range ms {
		if m.Placed {
			out = append(out, m.Cell)
		}
	}
	return out
}

// anyIn reports whether one of the cells is inside the world rectangle
// x0,y0-x1,y1, on a torus a whole turn away too.
func anyIn(v *Viewer, mp render.Mapped, cells [][2]int, x0, y0, x1, y1 float64) bool {
	w, h := worldTurn(v, mp)
	for _, c := range cells {
		x, y := mp.Spot(c)
		for _, dx := range []float64{-w, 0, w} {
			for _, dy := range []float64{-h, 0, h} {
				if x+dx >= x0 && x+dx <= x1 && y+dy >= y0 && y+dy <= y1 {
					return true
				}
			}
		}
	}
	return false
}

// directorGames are a whole game of each mapped title: the fixtures where
// there is one, else a game of its bots.
func directorGames(t testing.TB) map[string]*game.Recording {
	t.Helper()
	out := map[string]*game.Recording{
		"aibg5":          botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "60"}),
		"guardains-bots": guardainsGame(t, 300),
		"aic21-bots":     aic21Game(t, 300),
	}
	addFixtures(t, out, map[string]string{"aic21": "aic21", "guardains": "guardains"})
	return out
}

// Over a whole game of each mapped title, the director's shot never
// holds no unit while there are units in sight.
func TestTheDirectorNeverShowsAnEmptyFrame(t *testing.T) {
	for id, rec := range directorGames(t) {
		v, a := directed(t, rec)
		r := film(v, a, 20000, nil)
		t.Logf("%s: %d frames at %gx, %d ticks, %d with units, empty %.1f%% (%.1f%% easing), missed %.1f%% of %d, shots of %.1f s",
			id, rec.Timeline.Len(), v.clock.Rate(), r.frames, r.ticks, r.emptyShare(), r.easedShare(), r.missedShare(), r.marked, r.shotLength())
		require.Positive(t, r.ticks, id)
		assert.Zero(t, r.empty, "%s: %d of %d ticks show no unit", id, r.empty, r.ticks)
	}
}

// BenchmarkDirector is the director's choice over a whole game of each
// mapped title: the share of ticks with units in sight but none in the
// shot (and on the screen, as the camera eases), of the frames of note
// whose markers never came on the screen, the mean shot's length, and
// the CPU time of the choice per tick and per cut.
func BenchmarkDirector(b *testing.B) {
	games := directorGames(b)
	for _, id := range []string{"aibg5", "aic21", "aic21-bots", "guardains", "guardains-bots"} {
		rec, ok := games[id]
		if !ok {
			continue
		}
		b.Run(id, func(b *testing.B) {
			var r reel
			for b.Loop() {
				v, a := directed(b, rec)
				r = film(v, a, 20000, nil)
			}
			b.ReportMetric(r.emptyShare(), "empty%")
			b.ReportMetric(r.easedShare(), "eased-empty%")
			b.ReportMetric(r.missedShare(), "missed%")
			b.ReportMetric(r.shotLength(), "s/shot")
			b.ReportMetric(float64(r.choice.Nanoseconds())/float64(r.frames), "ns/frame")
			b.ReportMetric(float64(r.cutting.Nanoseconds())/float64(max(1, r.cuts)), "ns/cut")
		})
	}
}

// worldTurn is the size of a torus's world, the distance a unit may be
// drawn a whole turn away at; 0 on a world that does not wrap.
func worldTurn(v *Viewer, mp render.Mapped) (w, h float64) {
	s, ok := v.rec.Timeline.Frame(0).State.(*aic21.State)
	if !ok {
		return 0, 0
	}
	x0, y0 := mp.Spot([2]int{0, 0})
	x1, y1 := mp.Spot([2]int{s.W, s.H})
	return x1 - x0, y1 - y0
}

// fightAt is the first frame of rec where a guardian's attack hits, and
// the cell it hits.
func fightAt(t testing.TB, rec *game.Recording) (int, [2]int) {
	t.Helper()
	for i := 0; i < rec.Timeline.Len(); i++ {
		for _, e := range rec.Timeline.Frame(i).Events {
			if d, ok := e.Data.(guardains.Attacked); ok && len(d.Victims) > 0 {
				return i, [2]int{d.Target.X, d.Target.Y}
			}
		}
	}
	t.Fatal("the game has no fight")
	return 0, [2]int{}
}

// In GuardAIns, while the camera has just cut to the idle base of player
// 1, Gamora fights at the other end of the maze: the director is there
// within a shot's hold and the cut.
func TestTheDirectorCutsToAFightElsewhere(t *testing.T) {
	rec := guardainsGame(t, 300)
	fight, cell := fightAt(t, rec)
	v, a := directed(t, rec)
	v.SetSpeed(1)
	v.Seek(fight - 2)
	v.clock.Playing = true
	mp := v.view.(render.Mapped)
	cam := mp.Camera()
	base := units(v, rec.Timeline.Frame(0), 1)[0].Cell
	x, y := mp.Spot(base)
	readable, comfortable := scales(v, mp)
	w, h := float64(cam.Area().Dx())/comfortable, float64(cam.Area().Dy())/comfortable
	cam.Show(x-w/2, y-h/2, x+w/2, y+h/2, readable)
	cam.Snap()
	v.dir.shotAt, v.dir.cut, v.dir.major = a.Clock, v.clock.Cursor, false
	fx, fy := mp.Spot(cell)
	x0, y0, x1, y1 := cam.Visible()
	require.False(t, fx >= x0 && fx <= x1 && fy >= y0 && fy <= y1, "the fight is off the screen at first")

	shown := -1.0
	for i := 0; i < 20*60; i++ {
		film(v, a, 1, nil)
		if shown < 0 && v.clock.Cursor >= fight {
			shown = a.Clock
		}
		x0, y0, x1, y1 := cam.Visible()
		if shown >= 0 && fx >= x0 && fx <= x1 && fy >= y0 && fy <= y1 {
			break
		}
	}
	require.Positive(t, shown, "the fight was played")
	after := a.Clock - shown
	t.Logf("the fight at %v is on the screen %.2f s after its round is shown", cell, after)
	require.LessOrEqual(t, after, shotHold+1, "the director finds the fight in time")
	require.GreaterOrEqual(t, cam.Scale()*mp.CellSize(), readablePx*a.Scale-0.5, "at a readable zoom")
}

// Watching a live match, the director does not rest on player 1's idle
// base: once guardians have left their bases, a shot of nothing but
// guardians standing at home lasts no longer than an idle shot.
func TestTheDirectorLeavesAnIdleBaseLive(t *testing.T) {
	whole := guardainsGame(t, 120)
	live := *whole
	live.Timeline = game.NewTimeline(whole.Timeline.Frame(0), true)
	view, err := render.NewView(live.Title.ID())
	require.NoError(t, err)
	v := NewViewer(&live, view)
	a := newTestApp(v)
	drawApp(a)
	v.clock.Follow = true
	v.SetDirector(true)
	home := map[string][2]int{}
	for _, u := range units(v, whole.Timeline.Frame(0), 0) {
		home[u.ID] = u.Cell
	}
	mp := v.view.(render.Mapped)
	cam := mp.Camera()
	// A server's round every half a second.
	grow := func(tick int) {
		if n := live.Timeline.Len(); tick%30 == 0 && n < whole.Timeline.Len() {
			live.Timeline.Append(whole.Timeline.Frame(n))
		}
	}
	left, idle, longest := -1.0, 0, 0
	for i := 0; i < 120*30; i++ {
		r := film(v, a, 1, grow)
		require.Zero(t, r.empty, "tick %d: the shot holds no guardian", i)
		us := units(v, v.moment.Cur, 0)
		away, shown := false, false
		x0, y0, x1, y1 := cam.Target()
		for _, u := range us {
			if u.Cell == home[u.ID] {
				continue
			}
			away = true
			if x, y := mp.Spot(u.Cell); x >= x0 && x <= x1 && y >= y0 && y <= y1 {
				shown = true
			}
		}
		if away && left < 0 {
			left = a.Clock
		}
		if away && !shown {
			idle++
			longest = max(longest, idle)
		} else {
			idle = 0
		}
	}
	require.Positive(t, left, "guardians left their bases")
	t.Logf("the longest shot of guardians at home while others were away: %.1f s", float64(longest)*tickTime)
	require.LessOrEqual(t, float64(longest)*tickTime, shotIdle+0.5)
}

// settledShots films v to its end and counts the ticks whose shot has
// been held a second and that ask is asked of (of reports so), and of
// them those whose shot holds a unit that ask picks out.
func settledShots(v *Viewer, a *App, ask func(cur int, u game.Unit) (of, picked bool)) (asked, held int) {
	mp := v.view.(render.Mapped)
	cam := mp.Camera()
	for i := 0; i < 20000 && !v.Finished(); i++ {
		film(v, a, 1, nil)
		if a.Clock-v.dir.shotAt < 1 {
			continue
		}
		cur := v.clock.Cursor
		x0, y0, x1, y1 := cam.Target()
		of, in := false, false
		for _, u := range units(v, v.rec.Timeline.Frame(cur), 0) {
			o, picked := ask(cur, u)
			of = of || o
			if x, y := mp.Spot(u.Cell); picked && x >= x0 && x <= x1 && y >= y0 && y <= y1 {
				in = true
			}
		}
		if of {
			asked++
			if in {
				held++
			}
		}
	}
	return asked, held
}

// In an AIBG 5.0 game's last seconds, the director's shots hold a ship of
// the two ahead.
func TestTheDirectorWatchesTheLeadersAtTheEnd(t *testing.T) {
	rec := botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "60"})
	v, a := directed(t, rec)
	asked, held := settledShots(v, a, func(cur int, u game.Unit) (bool, bool) {
		ahead := endSides(v, cur)
		return ahead != 0, ahead&(1<<u.Seat) != 0
	})
	require.Positive(t, asked, "the game's last seconds were filmed")
	require.Equal(t, asked, held, "shots of the last seconds without a ship of the two ahead")
}

// In AIC21, while nothing happens in sight, most shots hold a worker
// carrying food home: they are spread over the map, a readable shot holds
// a cluster of them.
func TestTheDirectorFindsTheCarriers(t *testing.T) {
	rec := aic21Game(t, 300)
	v, a := directed(t, rec)
	asked, held := settledShots(v, a, func(cur int, u game.Unit) (bool, bool) {
		major, minor := v.dir.action(v, cur)
		return u.Carries && !major && !minor, u.Carries
	})
	require.Positive(t, asked, "workers carried food")
	t.Logf("%d of %d calm shots hold a carrier", held, asked)
	require.GreaterOrEqual(t, float64(held), 0.8*float64(asked))
}

// People who move the camera keep the director away for a while, even
// from empty ground; then it finds the guardians again.
func TestTheDirectorKeepsAwayFromPeoplesCamera(t *testing.T) {
	rec := guardainsGame(t, 300)
	v, a := directed(t, rec)
	film(v, a, 120, nil)
	mp := v.view.(render.Mapped)
	cam := mp.Camera()
	mp.Pan(-4000, -4000)
	v.dir.touched(a.Clock)
	x0, y0, x1, y1 := cam.Target()
	r := film(v, a, int((handsOffFor-0.5)/tickTime), nil)
	require.Equal(t, r.ticks, r.empty, "the camera stays on the empty ground people chose")
	nx0, ny0, nx1, ny1 := cam.Target()
	require.Equal(t, [4]float64{x0, y0, x1, y1}, [4]float64{nx0, ny0, nx1, ny1})
	film(v, a, 60, nil)
	r = film(v, a, 60, nil)
	require.Zero(t, r.empty, "the director is back")
}
