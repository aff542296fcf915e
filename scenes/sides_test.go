package scenes

import (
	"fmt"
	"image"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
	rguardains "github.com/arena-games/arena/render/guardains"
)

// fogHotseat starts a match of title id in the window between a person
// (seat 1) and bots, and waits for the person's first move.
func fogHotseat(t *testing.T, id, mapName string, bots ...string) (*Viewer, *App, *game.Human) {
	t.Helper()
	title, err := game.Lookup(id)
	require.NoError(t, err)
	a := newTestApp(NewMenu())
	a.ReplayDir = t.TempDir()
	seats := []game.SeatSpec{{Kind: "human"}}
	for _, b := range bots {
		seats = append(seats, game.SeatSpec{Kind: b})
	}
	st := game.Setup{Title: title, Seats: seats, Map: mapName, Seed: 3}
	v, err := StartMatch(a, st, game.PaceStep)
	require.NoError(t, err)
	t.Cleanup(v.Close)
	a.Push(v)
	h, _ := v.match.IsHuman(0)
	waitAway(t, a, h.Waiting)
	return v, a, h
}

// waitAway ticks the app until cond holds, as waitFor does, with the
// pointer out of the window, where it pans nothing.
func waitAway(t testing.TB, a *App, cond func() bool) {
	t.Helper()
	waitFor(t, a, func() bool {
		a.In.UI.X, a.In.UI.Y = -100, -100
		return cond()
	})
}

// tickAway runs one update with the pointer out of the window: the
// viewer steps to what the match did meanwhile.
func tickAway(t testing.TB, a *App) {
	t.Helper()
	a.In.UI.X, a.In.UI.Y = -100, -100
	tick(t, a, 1)
}

// playFromSide plays n of the person's moves as the title's bot kind
// would from the person's own view (the seat's stream), waiting for each
// step.
func playFromSide(t *testing.T, v *Viewer, a *App, h *game.Human, kind string, n int) {
	t.Helper()
	bot := gametest.Bots(t, v.rec.Title, []string{kind}, nil)[0]
	for range n {
		waitAway(t, a, h.Waiting)
		if v.rec.Timeline.Last().Over {
			return
		}
		steps := v.rec.Timeline.Len()
		ans, err := bot.Play(t.Context(), v.sides.follow[0].Observe())
		require.NoError(t, err)
		require.True(t, h.Submit(ans.Move))
		waitAway(t, a, func() bool { return v.rec.Timeline.Len() > steps })
	}
	waitAway(t, a, func() bool { return v.clock.Cursor == v.rec.Timeline.Len()-1 && v.clock.Settled() })
	tickAway(t, a) // the board steps to the side's newest frame
}

// boardSpot is where the board draws world point (x, y), and whether it
// shows there: in the board's area, clear of the minimap in its corner
// and of the order panel along its bottom.
func boardSpot(v *Viewer, x, y float64) (float64, float64, bool) {
	mp := v.view.(render.Mapped)
	sx, sy := mp.Camera().ToScreen(x, y)
	r := v.area
	s := v.scale
	clear := image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y-int(100*s))
	corner := image.Rect(r.Max.X-int(220*s), r.Min.Y, r.Max.X, r.Min.Y+int(220*s))
	p := image.Pt(int(sx), int(sy))
	return sx, sy, p.In(clear) && !p.In(corner)
}

// guardainsWalls compares, on the screen img, the middles of the true
// maze's walls with the middles of the cells, among the cells that side
// has not seen (or, remembered, has seen and sees no more, whose walls it
// saw): how much brighter the walls are on average, and how many there
// were.
func guardainsWalls(v *Viewer, img *image.RGBA, truth, side *guardains.State, remembered bool) (float64, int) {
	seat := side.Observer
	in := func(c guardains.Cell) bool {
		if remembered {
			return side.Seen[seat-1].Has(c) && !side.Visible[seat-1].Has(c)
		}
		return !side.Seen[seat-1].Has(c)
	}
	mp := v.view.(render.Mapped)
	u := mp.CellSize()
	light := func(x, y float64) int {
		c := img.RGBAAt(int(x), int(y))
		return int(c.R) + int(c.G) + int(c.B)
	}
	var walls, cells, nw, nc int
	for y := range truth.H() {
		for x := range truth.W() {
			c := guardains.Cell{X: x, Y: y}
			if !in(c) {
				continue
			}
			cx, cy := mp.Spot([2]int{x, y})
			if sx, sy, ok := boardSpot(v, cx, cy); ok {
				cells += light(sx, sy)
				nc++
			}
			n := c.Step(guardains.Right, 1)
			if !truth.Maze.In(n) || truth.Maze.Open(c, guardains.Right) || !in(n) || (remembered && !side.Maze.Known(c, guardains.Right)) {
				continue
			}
			if sx, sy, ok := boardSpot(v, cx+u/2, cy); ok {
				walls += light(sx, sy)
				nw++
			}
		}
	}
	if nw == 0 || nc == 0 {
		return 0, 0
	}
	return float64(walls)/float64(nw) - float64(cells)/float64(nc), nw
}

// At the GuardAIns hotseat, the person's board shows only what their
// guardians have seen: at round 0 no wall beyond their sight and nothing
// of the other base, on the board or the minimap; after their guardians
// move, the walls they saw stay, remembered.
func TestHotseatFogShowsOnlyWhatTheSeatSaw(t *testing.T) {
	v, a, h := fogHotseat(t, "guardains", "", "hunter")
	for _, round := range []int{0, 30} {
		playFromSide(t, v, a, h, "explorer", round)
		img := screen(t, a, 1280, 800, fmt.Sprintf("hotseat-guardains-%d", round))
		require.Equal(t, game.Seat(0), v.sight(), "player 1's view")
		truth := v.rec.Timeline.Frame(v.clock.Cursor).State.(*guardains.State)
		side := v.sides.frame(0, v.clock.Cursor).State.(*guardains.State)
		require.Equal(t, truth.Round, side.Round)
		diff, n := guardainsWalls(v, img, truth, side, false)
		require.Greater(t, n, 20, "round %d: walls beyond sight on the board", round)
		require.Less(t, diff, 4.0, "round %d: %d walls the person never saw are drawn, %.1f brighter than the cells", round, n, diff)
		if round > 0 {
			diff, n := guardainsWalls(v, img, truth, side, true)
			require.Positive(t, n, "walls seen before, out of sight now")
			require.Greater(t, diff, 12.0, "round %d: the walls the person saw are remembered", round)
		}
		// The minimap: no dot of the other team's colour where its base is.
		gv := v.view.(*rguardains.View)
		x, y, ok := gv.MinimapSpot(truth.W(), truth.H(), truth.Bases[1])
		require.True(t, ok, "the board is zoomed in: the minimap shows")
		orange := v.view.SeatColor(1)
		for dy := -3; dy <= 3; dy++ {
			for dx := -3; dx <= 3; dx++ {
				c := img.RGBAAt(int(x)+dx, int(y)+dy)
				near := absInt(int(c.R)-int(orange.R)) + absInt(int(c.G)-int(orange.G)) + absInt(int(c.B)-int(orange.B))
				require.Greater(t, near, 120, "round %d: the other base shows on the minimap at %d, %d: %v", round, int(x)+dx, int(y)+dy, c)
			}
		}
		bigShot(t, a, fmt.Sprintf("hotseat-guardains-%d", round))
	}
}

// bigShot draws the app at 1920x1080 into $ARENA_SHOTS, when it is set, for
// people to look at.
func bigShot(t *testing.T, a *App, name string) {
	if os.Getenv("ARENA_SHOTS") != "" {
		screen(t, a, 1920, 1080, name)
	}
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// At the AIC21 hotseat, the person's map shows only what their units have
// seen: nothing of the other colony's base, and no rock beyond their
// views; what they saw stays, remembered.
func TestHotseatTeamViewShowsOnlyWhatTheColonySaw(t *testing.T) {
	v, a, h := fogHotseat(t, "aic21", "", "colony")
	mp := v.view.(render.Mapped)
	for _, turn := range []int{0, 25} {
		playFromSide(t, v, a, h, "colony", turn)
		drawApp(a) // the opening shot, then the whole map
		v.view.(render.Navigator).Fit()
		mp.Camera().Snap()
		img := screen(t, a, 1280, 800, fmt.Sprintf("hotseat-aic21-%d", turn))
		truth := v.rec.Timeline.Frame(v.clock.Cursor).State.(*aic21.State)
		side := v.sides.frame(0, v.clock.Cursor).State.(*aic21.State)
		require.Equal(t, 1, side.Observer)
		light := func(c aic21.Cell) (int, bool) {
			x, y := mp.Spot([2]int{c.X, c.Y})
			sx, sy, ok := boardSpot(v, x, y)
			p := img.RGBAAt(int(sx), int(sy))
			return int(p.R) + int(p.G) + int(p.B), ok
		}
		// The other base, never seen: nothing bright on its cell.
		enemy := truth.Colonies[1].Base
		require.False(t, side.Seen[truth.At(enemy)], "turn %d: colony 1 has seen the other base", turn)
		x, y := mp.Spot([2]int{enemy.X, enemy.Y})
		r := mp.Camera().Scale() * mp.CellSize() * 0.4
		sx, sy, ok := boardSpot(v, x, y)
		require.True(t, ok, "turn %d: the other base's cell is on the board", turn)
		brightest := 0
		for py := int(sy - r); py <= int(sy+r); py++ {
			for px := int(sx - r); px <= int(sx+r); px++ {
				p := img.RGBAAt(px, py)
				brightest = max(brightest, int(p.R)+int(p.G)+int(p.B))
			}
		}
		require.Less(t, brightest, 120, "turn %d: the other base shows at %s", turn, enemy)
		// Rocks beyond sight look like any other cell beyond sight.
		var rocks, ground, remembered, nr, ng, nm int
		for i, k := range truth.Kinds {
			c := truth.CellOf(i)
			l, ok := light(c)
			if !ok || truth.ResType[i] != aic21.NoRes {
				continue
			}
			switch {
			case !side.Seen[i] && k == aic21.Wall:
				rocks, nr = rocks+l, nr+1
			case !side.Seen[i] && k == aic21.Empty:
				ground, ng = ground+l, ng+1
			case side.Seen[i] && !side.Sight[i] && k == aic21.Empty:
				remembered, nm = remembered+l, nm+1
			}
		}
		require.Positive(t, nr, "turn %d: rocks beyond sight on the map", turn)
		require.Positive(t, ng)
		diff := float64(rocks)/float64(nr) - float64(ground)/float64(ng)
		require.Less(t, diff, 6.0, "turn %d: %d rocks never seen show, %.1f brighter than the ground", turn, nr, diff)
		if turn > 0 {
			require.Positive(t, nm, "cells seen before, out of sight now")
			require.Greater(t, float64(remembered)/float64(nm)-float64(ground)/float64(ng), 30.0, "turn %d: what the colony saw is remembered", turn)
		}
		bigShot(t, a, fmt.Sprintf("hotseat-aic21-%d", turn))
	}
}

// Two people at one machine: the board shows each one's side as they
// enter their order.
func TestHotseatOfTwoShowsEachTheirOwnSide(t *testing.T) {
	v, a, h1 := fogHotseat(t, "guardains", "maze:12x8", "human")
	h2, _ := v.match.IsHuman(1)
	shown := func() int {
		s, ok := v.sideShown()
		require.True(t, ok, "a side is shown")
		st := v.boardFrame(v.clock.Cursor).State.(*guardains.State)
		require.Equal(t, int(s)+1, st.Observer, "the frame is the side's own")
		return st.Observer
	}
	require.Equal(t, 1, shown(), "player 1 moves first")
	gs := v.sides.frame(0, 0).State.(*guardains.State)
	g := gs.Guardian(1, guardains.Gamora)
	require.True(t, h1.Submit(gs.Action(1, guardains.Move, guardains.Gamora, g.Pos)))
	waitAway(t, a, func() bool { return !h1.Waiting() && h2.Waiting() })
	require.Equal(t, 2, shown(), "then player 2")
	tickAway(t, a)
	drawApp(a)
	require.Equal(t, 2, v.moment.Cur.State.(*guardains.State).Observer, "the board draws player 2's side")
}
