package scenes

import (
	"fmt"
	"image"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/render/rendertest"
	"github.com/arena-games/arena/scenes/playback"
)

// comparedGames are a short game of each title between its bots.
func comparedGames(t *testing.T) map[string]*game.Recording {
	return map[string]*game.Recording{
		"santorini": santoriniGame(t, 7),
		"aibg5":     botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "training"}, map[string]string{"turns": "15"}),
		"alienwarz": botMatch(t, "alienwarz", []string{"strategist", "miner"}, map[string]string{"turns": "40"}),
		"guardains": botMatchOn(t, "guardains", "maze:24x16", []string{"hunter", "explorer"}, map[string]string{"rounds": "40"}),
		"aic21":     aic21Game(t, 40),
	}
}

// parted is a copy of a's game in which a seat played another of its
// moves at the first turn past the middle where one moved; it returns
// that turn. From there it plays a's moves while the engine takes them.
func parted(t testing.TB, a *game.Recording) (*game.Recording, int) {
	t.Helper()
	n := a.Timeline.Len()
	turn := n / 2
	for len(a.Timeline.Frame(turn).Moves) == 0 {
		turn++
	}
	moves := a.Timeline.Frame(turn).Moves
	seat := slices.Min(slices.Collect(maps.Keys(moves)))
	other := ""
	for i := 1; i < n && other == ""; i++ {
		if m, ok := a.Timeline.Frame(i).Moves[seat]; ok && m != moves[seat] {
			other = m
		}
	}
	require.NotEmpty(t, other)
	b, eng, err := game.Play(a.Title, a.Header, nil)
	require.NoError(t, err)
	for i := 1; i < n && !eng.Over(); i++ {
		step := maps.Clone(a.Timeline.Frame(i).Moves)
		if i == turn {
			step[seat] = other
		}
		if game.Advance(b, eng, step, nil) != nil {
			break
		}
	}
	b.Timeline.Finish()
	return b, turn
}

// differing counts the pixels that differ between two areas of img of one
// size, and the colours in the first.
func differing(img *image.RGBA, r0, r1 image.Rectangle) (diff, colours int) {
	seen := map[[3]uint8]bool{}
	for y := 0; y < r0.Dy(); y++ {
		for x := 0; x < r0.Dx(); x++ {
			p := img.RGBAAt(r0.Min.X+x, r0.Min.Y+y)
			q := img.RGBAAt(r1.Min.X+x, r1.Min.Y+y)
			if p != q {
				diff++
			}
			if len(seen) < 64 {
				seen[[3]uint8{p.R, p.G, p.B}] = true
			}
		}
	}
	return diff, len(seen)
}

// In every game, the comparison opens on the first turn that differs,
// with both boards drawn side by side (the two halves differ), the turn
// marked and told; it steps both boards together.
func TestCompareShowsTwoGamesSideBySide(t *testing.T) {
	for id, a := range comparedGames(t) {
		t.Run(id, func(t *testing.T) {
			b, turn := parted(t, a)
			c, err := NewCompare("a.arena", a, "b.arena", b)
			require.NoError(t, err)
			app := newTestApp(c)
			tick(t, app, 90) // the step into the turn plays in
			require.Equal(t, turn, c.Cursor(), "at the first turn that differs")
			require.Equal(t, turn, *c.Diff().FirstTurn)
			require.Contains(t, c.Banner(), fmt.Sprintf("Turn %d: ", turn))
			img := screen(t, app, 1280, 800, "compare-"+id)
			r0, r1 := c.Board(0), c.Board(1)
			require.Equal(t, r0.Size(), r1.Size())
			require.Less(t, r0.Max.X, r1.Min.X, "side by side")
			diff, colours := differing(img, r0, r1)
			require.Greater(t, colours, 8, "a board is drawn on the left")
			require.Greater(t, diff, 50, "the two boards show two games")
			_, colours = differing(img, r1, r0)
			require.Greater(t, colours, 8, "a board is drawn on the right")
			if os.Getenv("ARENA_DOCS") != "" && id == "santorini" {
				writeDoc(t, app, "compare.png") // docs/viewer.md's (ARENA_DOCS=docs)
			}

			press(t, app, ActFirst)
			require.Equal(t, 0, c.Cursor(), "both boards go to the start")
			press(t, app, ActCompare)
			tick(t, app, 90)
			require.Equal(t, turn, c.Cursor(), "C goes back to the first difference")
		})
	}
}

// From the viewer of a replay, C lists the replays of its folder that are
// the same game (not another seed's); Enter opens the one chosen beside
// it. The library's C does the same for the replay the keys are on.
func TestCompareFromTheViewerAndTheLibrary(t *testing.T) {
	dir := t.TempDir()
	a := santoriniGame(t, 7)
	b, turn := parted(t, a)
	other := santoriniGame(t, 8)
	for name, rec := range map[string]*game.Recording{"a.arena": a, "b.arena": b, "other.arena": other} {
		require.NoError(t, game.Save(rec, filepath.Join(dir, name)))
	}
	v, err := OpenReplay(filepath.Join(dir, "a.arena"))
	require.NoError(t, err)
	app := newTestApp(NewMenu())
	app.Push(v)
	tick(t, app, 1)
	press(t, app, ActCompare)
	l, ok := app.Top().(*Library)
	require.True(t, ok, "C opens the library to choose from")
	defer l.Close()
	waitFor(t, app, func() bool { return l.pending == 0 })
	tick(t, app, 1)
	require.Len(t, l.shown, 1, "only the replays of the same game, and not itself")
	require.Equal(t, "b.arena", filepath.Base(l.shown[0].path))
	require.Equal(t, "Compare a.arena with…", l.compareHeading())
	screen(t, app, 1280, 800, "compare-library")
	app.In.UI = uiAt(float64(l.list.Min.X+l.list.Max.X)/2, float64(l.list.Min.Y)+20)
	tick(t, app, 1)
	c, ok := app.Top().(*Compare)
	require.True(t, ok, "a click opens the two side by side")
	tick(t, app, 90)
	require.Equal(t, turn, c.Cursor())

	// The library's own C, on the replay the keys are on.
	press(t, app, ActBack)
	l.form.Focus = 2          // off the filter, where C is typed
	press(t, app, ActCompare) // leaves comparing
	require.Nil(t, l.with)
	tick(t, app, 1)
	require.Len(t, l.shown, 3)
	for i, e := range l.shown {
		if filepath.Base(e.path) == "b.arena" {
			l.focus = i
		}
	}
	press(t, app, ActCompare)
	require.NotNil(t, l.with)
	tick(t, app, 1)
	require.Len(t, l.shown, 1)
	require.Equal(t, "a.arena", filepath.Base(l.shown[0].path))
}

// santoriniGame is a Santorini game between two quick bots.
func santoriniGame(t testing.TB, seed int64) *game.Recording {
	t.Helper()
	title, err := game.Lookup("santorini")
	require.NoError(t, err)
	st := game.Setup{Title: title, Seed: seed, Seats: []game.SeatSpec{{Kind: "alphabeta", Strength: "2"}, {Kind: "minimax", Strength: "1"}}}
	m, closeFiles, err := st.Start()
	require.NoError(t, err)
	_, err = m.Run(t.Context())
	require.NoError(t, err)
	require.NoError(t, closeFiles())
	return m.Recording()
}

// Where one game ends before the other, the comparison opens on the turn
// after its end: its board rests on its last turn, and its line says so.
func TestCompareAGameThatEndsEarlier(t *testing.T) {
	long := santoriniGame(t, 7)
	var steps []map[game.Seat]string
	for i := 1; i <= 5; i++ {
		steps = append(steps, long.Timeline.Frame(i).Moves)
	}
	short, _, err := game.Play(long.Title, long.Header, steps)
	require.NoError(t, err)
	short.Timeline.Finish()
	c, err := NewCompare("short.arena", short, "long.arena", long)
	require.NoError(t, err)
	app := newTestApp(c)
	tick(t, app, 90)
	require.Equal(t, 6, c.Cursor())
	require.Equal(t, 5, c.moments[0].Cur.Turn, "the short game rests on its last turn")
	require.Equal(t, 6, c.moments[1].Cur.Turn)
	require.Equal(t, "Turn 6: none here: this game stops at turn 5", c.movesLine(0)[0].text)
	require.Contains(t, c.Banner(), "Turn 6: A stops at turn 5; in B, P")
	screen(t, app, 1280, 800, "compare-shorter")
	press(t, app, ActLast)
	require.Equal(t, long.Timeline.Len()-1, c.Cursor(), "one clock for the longer game")
}

// BenchmarkCompareFrame is the comparison's CPU time per frame: two AIC21
// boards playing at 4x at 1280x800.
func BenchmarkCompareFrame(b *testing.B) {
	a, _ := parted(b, aic21Game(b, 60))
	other, _ := parted(b, a)
	c, err := NewCompare("a", a, "b", other)
	require.NoError(b, err)
	app := newTestApp(c)
	c.clock.SetSpeed(playback.SpeedIndex(4))
	dst := ebiten.NewImage(1280, 800)
	rendertest.BenchFrames(b, dst, func(int) {
		if !c.clock.Playing {
			c.clock.Seek(0, c.n)
			c.clock.Playing = true
		}
		require.NoError(b, c.Update(app))
		c.Draw(dst, app)
	})
}
