package scenes

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render"
)

// lowZoomGames are a game of each title, by the name of its pictures: the
// fixtures where there are some, the bots' games on Arena's maps where not
// (GuardAIns on its 200x200 maze), and a recorded GuardAIns player's
// transcript, which shows that player's fog.
func lowZoomGames(t *testing.T) map[string]*game.Recording {
	games := map[string]*game.Recording{
		"guardains": guardainsGame(t, 60),
		"aic21":     aic21Game(t, 60),
		"aibg5":     botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "30"}),
		"alienwarz": botMatch(t, "alienwarz", []string{"strategist", "miner"}, nil),
	}
	addFixtures(t, games, map[string]string{"aic21": "aic21", "alienwarz": "alienwarz", "guardains": "guardains-fog"})
	return games
}

// TestShotsLowZoom draws each game's viewer with the map first, in
// the middle of the game, at 1280x800 and 1920x1080, into $ARENA_SHOTS for
// people to look at the units at low zoom: a mapped game with the whole
// map in view (lowzoom-ID), and zoomed out as far as its camera goes
// (lowzoom-ID-out), where every game's units are markers
// (ARENA_SHOTS=DIR xvfb-run -a go test -run LowZoom ./scenes/).
func TestShotsLowZoom(t *testing.T) {
	if os.Getenv("ARENA_SHOTS") == "" {
		t.Skip("set ARENA_SHOTS to a folder to draw the low-zoom viewers into it")
	}
	for name, rec := range lowZoomGames(t) {
		for _, size := range [][2]int{{1280, 800}, {1920, 1080}} {
			w, h := size[0], size[1]
			view, err := render.NewView(rec.Title.ID())
			require.NoError(t, err)
			v := NewViewer(rec, view)
			v.clock.Playing = false
			a := newTestApp(v)
			a.W, a.H, a.Scale = w, h, fitScale(w, h, 1)
			v.mapFirst = true
			v.Seek(rec.Timeline.Len() / 2)
			v.step(a)
			mp, ok := view.(render.Mapped)
			if ok {
				mp.Fit()
				mp.Camera().Snap()
			}
			screen(t, a, w, h, "lowzoom-"+name)
			if ok {
				area := mp.Camera().Area()
				mp.Zoom(0.1, float64(area.Min.X+area.Max.X)/2, float64(area.Min.Y+area.Max.Y)/2)
				mp.Camera().Snap()
				screen(t, a, w, h, "lowzoom-"+name+"-out")
			}
		}
	}
}
