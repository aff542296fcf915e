package scenes

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/alienwarz"
	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/game/santorini"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/render/rendertest"
)

// markGames are a short bots' game of each title, by its ID.
func markGames(t testing.TB) map[string]*game.Recording {
	return map[string]*game.Recording{
		"aibg5":     botMatch(t, "aibg5", []string{"tactical", "greedy", "greedy", "greedy"}, map[string]string{"turns": "12"}),
		"alienwarz": botMatch(t, "alienwarz", []string{"strategist", "miner"}, nil),
		"guardains": guardainsGame(t, 12),
		"aic21":     aic21Game(t, 12),
		"santorini": santoriniGame(t, 7),
	}
}

// withMarks plays rec's moves again into a new recording whose steps
// carry, in each seat's notes, the marks draw gives for that seat's move
// from frame before to frame after.
func withMarks(t testing.TB, rec *game.Recording, draw func(before, after game.Frame, s game.Seat) []game.Mark) *game.Recording {
	t.Helper()
	out, eng, err := game.Play(rec.Title, rec.Header, nil)
	require.NoError(t, err)
	tl := rec.Timeline
	for i := 1; i < tl.Len(); i++ {
		f := tl.Frame(i)
		notes := map[game.Seat]game.Notes{}
		for s := range f.Moves {
			var n game.Notes
			n.AddMarks(draw(tl.Frame(i-1), f, s)...)
			notes[s] = n
		}
		require.NoError(t, game.Advance(out, eng, f.Moves, notes))
	}
	out.Timeline.Finish()
	return out
}

// unitCells are the cells of seat s's units in frame f, in the game's
// protocol coordinates, by the units' names.
func unitCells(title game.Title, f game.Frame, s game.Seat) (names []string, cells [][2]int) {
	switch st := f.State.(type) {
	case *alienwarz.State:
		p := st.Players[s&1].Pos
		return []string{st.Players[s&1].Name}, [][2]int{{p.X, p.Z}}
	case *santorini.Board:
		for w, c := range st.Workers[s&1] {
			if c != santorini.NoCell {
				names = append(names, fmt.Sprintf("w%d", w+1))
				cells = append(cells, [2]int{c.Col(), c.Row()})
			}
		}
		return names, cells
	}
	if p, ok := title.(game.Populated); ok {
		for _, u := range p.Units(f, game.AllSeats) {
			if u.Seat == s {
				names, cells = append(names, u.ID), append(cells, u.Cell)
			}
		}
	}
	return names, cells
}

// thoughts are marks a bot might draw for its move: each unit circled,
// an arrow to where it went, its name, the cell beyond it lit, and a line
// of log; every tenth turn, a flood that is cut.
func thoughts(title game.Title) func(before, after game.Frame, s game.Seat) []game.Mark {
	return func(before, after game.Frame, s game.Seat) []game.Mark {
		names, from := unitCells(title, before, s)
		_, to := unitCells(title, after, s)
		var ms []game.Mark
		for i, c := range from[:min(len(from), 12)] {
			c := c
			ms = append(ms, game.Mark{Kind: "circle", At: &c, Radius: 0.7})
			if i < len(to) && to[i] != c {
				d := to[i]
				ms = append(ms, game.Mark{Kind: "arrow", At: &c, To: &d, Color: "yellow"})
				beyond := [2]int{2*d[0] - c[0], 2*d[1] - c[1]}
				ms = append(ms, game.Mark{Kind: "cell", At: &beyond, Color: "cyan"})
			}
			if i < 3 {
				ms = append(ms, game.Mark{Kind: "text", At: &c, Text: names[i]})
			}
		}
		ms = append(ms, game.Mark{Kind: "log", Text: fmt.Sprintf("turn %d: %d units, %d candidates", after.Turn, len(from), 3*len(from)+1)})
		if after.Turn%10 == 0 {
			for range game.MaxMarks {
				ms = append(ms, game.Mark{Kind: "log", Text: "flood"})
			}
		}
		return ms
	}
}

// TestShotsDebugMarks draws the bots' debug marks of each game at 1280x800
// into $ARENA_SHOTS for people to look at (ARENA_SHOTS=DIR xvfb-run -a go
// test -run ShotsDebugMarks ./scenes/): marks-ID, and marks-ID-fit for a
// map fitted whole; the replays too (marks-ID.arena), to open in the window.
func TestShotsDebugMarks(t *testing.T) {
	if os.Getenv("ARENA_SHOTS") == "" {
		t.Skip("set ARENA_SHOTS to a folder to draw the debug marks into it")
	}
	for id, rec := range markGames(t) {
		rec = withMarks(t, rec, thoughts(rec.Title))
		require.NoError(t, game.Save(rec, filepath.Join(os.Getenv("ARENA_SHOTS"), "marks-"+id+".arena")))
		v, a := viewerOf(t, rec)
		v.Seek(min(rec.Timeline.Len()-2, 9))
		v.step(a)
		screen(t, a, 1280, 800, "marks-"+id)
		if mp, ok := v.view.(render.Mapped); ok {
			mp.Fit()
			mp.Camera().Snap()
			screen(t, a, 1280, 800, "marks-"+id+"-fit")
		}
	}
}

// probe is the tests' colour for marks: no game draws it.
const probe = "#ff00ff"

// isProbe says whether a pixel is the probe's colour.
func isProbe(c color.RGBA) bool { return c.R > 200 && c.G < 90 && c.B > 200 }

// near counts the pixels within r of (x, y) in img for which is holds.
func near(img *image.RGBA, x, y float64, r int, is func(color.RGBA) bool) int {
	n := 0
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if is(img.RGBAAt(int(x)+dx, int(y)+dy)) {
				n++
			}
		}
	}
	return n
}

// count counts the pixels of img in r for which is holds.
func count(img *image.RGBA, r image.Rectangle, is func(color.RGBA) bool) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if is(img.RGBAAt(x, y)) {
				n++
			}
		}
	}
	return n
}

// In every game, the marks a seat drew for its move from the frame shown
// are on the map at their cells, in their colour; M cycles through every
// seat's, each seat's alone and none, and the seat's button in the panel
// hides and shows them; the panel lists the seat's log lines and says how
// many marks were cut, and why.
func TestDebugMarksOnTheMap(t *testing.T) {
	const k = 3 // the frame shown
	for id, rec := range markGames(t) {
		t.Run(id, func(t *testing.T) {
			seat := game.Seat(-1)
			for s := range rec.Timeline.Frame(k + 1).Moves {
				seat = max(seat, s)
			}
			require.GreaterOrEqual(t, int(seat), 0)
			var at [2]int
			rec = withMarks(t, rec, func(before, after game.Frame, s game.Seat) []game.Mark {
				if after.Turn != k+1 || s != seat {
					return nil
				}
				_, cells := unitCells(rec.Title, before, s)
				require.NotEmpty(t, cells)
				at = cells[0]
				ms := []game.Mark{{Kind: "circle", At: &at, Radius: 1, Color: probe}, {Kind: "text", At: &at, Text: "here"},
					{Kind: "log", Text: "probe thinks hard"}}
				for range game.MaxMarks {
					ms = append(ms, game.Mark{Kind: "cell", At: &at})
				}
				return ms
			})
			v, a := viewerOf(t, rec)
			v.Seek(k)
			v.step(a)
			if mp, ok := v.view.(render.Mapped); ok {
				mp.Camera().Follow(mp.Spot(at))
				mp.Camera().Snap()
			}
			shown := func(name string) (*image.RGBA, bool) {
				img := screen(t, a, 1280, 800, "marks-probe-"+id+"-"+name)
				area := v.area
				cell, ok := v.view.(render.MarkMap).MarkCell(at, float64(area.Min.X+area.Max.X)/2, float64(area.Min.Y+area.Max.Y)/2)
				require.True(t, ok)
				require.True(t, image.Pt(int(cell.X), int(cell.Y)).In(area), "the cell is on the board")
				return img, near(img, cell.X+cell.Size, cell.Y, 2, isProbe) > 0
			}
			img, on := shown("all")
			require.True(t, on, "the circle is drawn round its cell")
			cell, _ := v.view.(render.MarkMap).MarkCell(at, 0, 0)
			own := v.seatColor(seat)
			require.Positive(t, near(img, cell.X, cell.Y+cell.Size*0.3, 1, func(c color.RGBA) bool {
				return absDiff(c.R, own.R) < 40 && absDiff(c.G, own.G) < 40 && absDiff(c.B, own.B) < 40
			}), "the cells lit without a colour of their own are in the seat's")
			chip := v.dm.chips[seat]
			require.False(t, chip.Empty(), "the seat has its button")
			below := image.Rect(v.side.Min.X, chip.Max.Y, v.side.Max.X, chip.Max.Y+int(60*a.Scale))
			isBad := func(c color.RGBA) bool {
				return absDiff(c.R, render.Bad.R) < 24 && absDiff(c.G, render.Bad.G) < 24 && absDiff(c.B, render.Bad.B) < 24
			}
			require.Positive(t, count(img, below, isBad), "the panel says the flood was cut")
			seats := rec.Title.Seats()
			for i := 0; i < seats; i++ {
				press(t, a, ActDebugMarks)
				_, on := shown(fmt.Sprintf("P%d", i+1))
				require.Equal(t, i == int(seat), on, "M: player %d's marks alone", i+1)
			}
			press(t, a, ActDebugMarks)
			_, on = shown("none")
			require.False(t, on, "M: no marks")
			press(t, a, ActDebugMarks)
			_, on = shown("again")
			require.True(t, on, "M: every player's marks again")

			// The seat's button hides its marks and its log lines.
			a.In.UI.X, a.In.UI.Y, a.In.UI.Pressed = float64(chip.Min.X+4), float64(chip.Min.Y+4), true
			tick(t, a, 1)
			hidden, on := shown("button")
			require.False(t, on, "the button hides the seat's marks")
			require.Zero(t, count(hidden, below, isBad), "and the panel's lines about them")
			require.NotZero(t, diff(img, hidden, below), "the log line is gone")
		})
	}
}

// diff counts the pixels of r that differ between a and b.
func diff(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}

// BenchmarkViewerMarks is the whole viewer's CPU time per frame at
// 1280x800 for each game, the whole map in view, playing, without marks
// and with 500 marks of every seat that moves on screen (cells, lines,
// arrows, circles and texts over the whole map, and log lines): with the
// pointer resting on the board, and panning the map every frame (the
// pointer at the window's edge), which draws the marks anew each frame.
func BenchmarkViewerMarks(b *testing.B) {
	games := markGames(b)
	for _, id := range []string{"aibg5", "aic21", "alienwarz", "guardains", "santorini"} {
		for _, run := range []struct {
			n   int
			pan bool
		}{{0, false}, {game.MaxMarks, false}, {0, true}, {game.MaxMarks, true}} {
			n := run.n
			name := fmt.Sprintf("%s/%d", id, n)
			if run.pan {
				name += "/panning"
			}
			b.Run(name, func(b *testing.B) {
				rng := game.NewRand(5, 0)
				rec := withMarks(b, games[id], func(_, after game.Frame, _ game.Seat) []game.Mark {
					ms := make([]game.Mark, n)
					for i := range ms {
						ms[i] = benchMark(rng, after, i)
					}
					return ms
				})
				v, a := viewerOf(b, rec)
				v.Seek(rec.Timeline.Len() / 2)
				if mp, ok := v.view.(render.Mapped); ok {
					mp.Fit()
					mp.Camera().Snap()
				}
				dst := ebiten.NewImage(1280, 800)
				if !run.pan {
					mid := v.area.Min.Add(v.area.Size().Div(2))
					a.In.UI.X, a.In.UI.Y = float64(mid.X), float64(mid.Y)
				} else {
					windowFocused = func() bool { return true }
					defer func() { windowFocused = ebiten.IsFocused }()
					a.In.UI.X, a.In.UI.Y = 1, float64(v.area.Min.Y+v.area.Max.Y)/2
				}
				v.Update(a)
				v.Draw(dst, a)
				shown := 0
				for _, sm := range v.moment.Marks {
					shown += len(sm.Marks)
				}
				rendertest.BenchFrames(b, dst, func(int) {
					a.Clock += 1.0 / 60
					v.Update(a)
					v.Draw(dst, a)
				})
				b.ReportMetric(float64(shown), "marks")
			})
		}
	}
}

// benchMark is the i-th of a bot's marks in the benchmark: every kind, at
// a cell anywhere on frame f's map.
func benchMark(rng *game.Rand, f game.Frame, i int) game.Mark {
	cell := func() *[2]int {
		switch s := f.State.(type) {
		case *guardains.State:
			return &[2]int{rng.IntN(s.Maze.W), rng.IntN(s.Maze.H)}
		case *aic21.State:
			return &[2]int{rng.IntN(s.W), rng.IntN(s.H)}
		case *alienwarz.State:
			return &[2]int{rng.IntN(alienwarz.Size), rng.IntN(alienwarz.Size)}
		case *santorini.Board:
			return &[2]int{rng.IntN(5), rng.IntN(5)}
		}
		for { // AIBG 5.0's hexagon of radius 14
			q, r := rng.IntN(29)-14, rng.IntN(29)-14
			if abs := q + r; abs >= -14 && abs <= 14 {
				return &[2]int{q, r}
			}
		}
	}
	colours := []string{"", "red", "cyan", "#ffcc00"}
	m := game.Mark{Kind: game.MarkKinds[i%len(game.MarkKinds)], At: cell(), Color: colours[i%len(colours)]}
	switch m.Kind {
	case "line", "arrow":
		m.To = cell()
	case "circle":
		m.Radius = 1.5
	case "text", "log":
		m.Text = fmt.Sprintf("v=%.2f", rng.Float64())
	}
	if m.Kind == "log" {
		m.At = nil
	}
	return m
}

// A seat's marks show only where the board shows what that seat knows, or
// everything: GuardAIns with player 1's fog shows player 1's marks and log
// lines, not player 2's.
func TestDebugMarksFollowTheSight(t *testing.T) {
	rec := guardainsGame(t, 6)
	rec = withMarks(t, rec, thoughts(rec.Title))
	v, a := viewerOf(t, rec)
	v.Seek(3)
	seats := func() (out []game.Seat) {
		tick(t, a, 1)
		drawApp(a)
		tick(t, a, 1)
		for _, sm := range v.moment.Marks {
			out = append(out, sm.Seat)
		}
		return out
	}
	require.Equal(t, []game.Seat{0, 1}, seats(), "the whole game: both players' marks")
	v.view.(render.Actor).Act(1) // player 1's view
	require.Equal(t, []game.Seat{0}, seats(), "player 1's view: player 1's marks alone")
	require.Equal(t, uint8(1), v.dm.noted, "and player 1's log lines alone")
}

// At a position the map shows what each bot drew while it chose its move
// from there, and keeps it while that move plays out, forwards or back;
// once the next position settles, the marks of the move from there.
func TestDebugMarksOfTheMoveFromThePositionShown(t *testing.T) {
	rec := botMatch(t, "alienwarz", []string{"strategist", "miner"}, nil)
	rec = withMarks(t, rec, func(before, after game.Frame, s game.Seat) []game.Mark {
		_, cells := unitCells(rec.Title, before, s)
		return []game.Mark{{Kind: "text", At: &cells[0], Text: fmt.Sprint(after.Turn)}}
	})
	v, a := viewerOf(t, rec)
	turn := func() string {
		v.step(a)
		require.Len(t, v.moment.Marks, 1)
		return v.moment.Marks[0].Marks[0].Text
	}
	n := rec.Timeline.Len()
	v.Seek(4)
	require.Equal(t, "5", turn(), "settled at 4: the move from 4")
	v.clock.StepForward(n)
	require.False(t, v.clock.Settled())
	require.Equal(t, "5", turn(), "while the move from 4 plays")
	v.clock.Tick(5, n, false)
	require.True(t, v.clock.Settled())
	require.Equal(t, "6", turn(), "settled at 5: the move from 5")
	v.clock.StepBack(n)
	require.Equal(t, "5", turn(), "the move from 4 played backwards")
	v.Seek(n - 1)
	v.step(a)
	require.Empty(t, v.moment.Marks, "at the end: no move is being chosen")
}

// A show for the room (the kiosk, the demo) starts without the bots'
// debug marks, which may tell a team's strategy; M shows them.
func TestTheShowHidesDebugMarks(t *testing.T) {
	rec := withMarks(t, santoriniGame(t, 7), func(_, _ game.Frame, _ game.Seat) []game.Mark {
		return []game.Mark{{Kind: "log", Text: "my plan"}}
	})
	show := newShow(&oneGame{NewViewer(rec, mustView(t))}, 1)
	a := newTestApp(show)
	defer show.Close()
	waitFor(t, a, func() bool { return show.phase == showTitle })
	show.since -= titleTime
	waitFor(t, a, func() bool { return show.phase == showPlaying })
	v := show.Viewer()
	require.Equal(t, "Debug marks: hidden", v.marksState(1<<rec.Title.Seats()-1))
	press(t, a, ActDebugMarks)
	require.Zero(t, v.dm.hidden, "M shows every player's")
}
