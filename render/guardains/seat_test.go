package guardains

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
)

// shot writes img to $ARENA_SHOTS as name.png when it is set, for people
// to look at.
func shot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := os.Getenv("ARENA_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())
}

// brightness is a pixel's red, green and blue added.
func brightness(img *image.RGBA, x, y float64) int {
	c := img.RGBAAt(int(x), int(y))
	return int(c.R) + int(c.G) + int(c.B)
}

// wallsLook compares, on the board drawn in view v, the middles of the
// true maze's walls with the middles of the cells, among the cells that
// seat has not seen in its state s (or, remembered, has seen, sees no
// more, and whose walls it saw): how much brighter the walls are, on
// average, and how many were compared.
func wallsLook(v *View, img *image.RGBA, truth, s *guardains.State, seat int, remembered bool) (float64, int) {
	seen, visible := s.Seen[seat-1], s.Visible[seat-1]
	in := func(c guardains.Cell) bool {
		if remembered {
			return seen.Has(c) && !visible.Has(c)
		}
		return !seen.Has(c)
	}
	area := v.area
	on := func(x, y float64) bool { return image.Pt(int(x), int(y)).In(area) }
	var walls, cells, nw, nc int
	for y := range truth.H() {
		for x := range truth.W() {
			c := guardains.Cell{X: x, Y: y}
			if !in(c) {
				continue
			}
			cx, cy := v.cam.ToScreen(center(c))
			if on(cx, cy) {
				cells += brightness(img, cx, cy)
				nc++
			}
			n := c.Step(guardains.Right, 1)
			if !truth.Maze.In(n) || truth.Maze.Open(c, guardains.Right) || !in(n) || (remembered && !s.Maze.Known(c, guardains.Right)) {
				continue
			}
			wx, wy := v.cam.ToScreen(float64(x+1)*unit, (float64(y)+0.5)*unit)
			if on(wx, wy) {
				walls += brightness(img, wx, wy)
				nw++
			}
		}
	}
	if nw == 0 || nc == 0 {
		return 0, 0
	}
	return float64(walls)/float64(nw) - float64(cells)/float64(nc), nw
}

// A seat played from a server's stream sees on its board only what its
// guardians saw: at round 0 no wall of the maze beyond their sight, and
// the walls they saw remembered once they moved on.
func TestSeatStreamShowsOnlyWhatTheSeatSaw(t *testing.T) {
	players := gametest.Bots(t, title, []string{"explorer", "hunter"}, nil)
	frames, _, followers := gametest.SeatStreams(t, title, game.Config{Seed: 3, Map: "maze:48x30"}, players, 40, nil)
	tl := followers[0].Recording().Timeline
	for _, turn := range []int{0, 40} {
		f := tl.Frame(turn)
		s := f.State.(*guardains.State)
		truth := frames[turn].State.(*guardains.State)
		v := newView()
		img := draw(v, &render.Moment{Prev: f, Cur: f, T: 1, Clock: 2})
		shot(t, img, fmt.Sprintf("guardains-seat-stream-%d", turn))
		require.Equal(t, 1, v.shownMode(s))
		diff, n := wallsLook(v, img, truth, s, 1, false)
		require.Positive(t, n)
		require.Less(t, diff, 4.0, "round %d: walls the seat never saw are drawn (%d walls, %.1f brighter than the cells)", turn, n, diff)
		if turn > 0 {
			diff, n := wallsLook(v, img, truth, s, 1, true)
			require.Positive(t, n, "walls seen before, out of sight now")
			require.Greater(t, diff, 12.0, "round %d: the walls the seat saw are remembered", turn)
		}
	}
}
