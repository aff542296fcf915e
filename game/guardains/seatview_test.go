package guardains

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/gametest"
)

func TestSeatViewErrors(t *testing.T) {
	t.Parallel()
	v, err := Title{}.NewSeatView(0, nil)
	require.NoError(t, err)
	for _, c := range []struct{ view, want string }{
		{`{"w":0,"h":5,"view":{}}`, "a 0x5 board"},
		{`{"w":5000,"h":5,"view":{}}`, "a 5000x5 board"},
		{`{"w":5,"h":5,"view":{}}`, "want movegen"},
		{`[1]`, "guardains view"},
	} {
		_, err := v.Frame([]byte(c.view), "", nil)
		require.ErrorContains(t, err, c.want, c.view)
	}
	_, err = Title{}.NewSeatView(2, nil)
	require.ErrorContains(t, err, "seat 3 of 2")
	_, err = Title{}.NewSeatView(0, map[string]string{"swap_xy": "maybe"})
	require.Error(t, err)
}

// Under swap_xy StarLord's special_vision is on the wire as (y, x) (R2): on
// a board that is not square a coordinate may lie off the board, and a
// seat's stream still reads. It tells nothing of the cells anyway.
func TestSeatStreamsReadTransposedSpecialVision(t *testing.T) {
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"hunter", "explorer"}, nil)
	cfg := game.Config{Seed: 11, Map: "maze:30x12", Options: map[string]string{OptCompat: CompatOriginal, OptRounds: "20"}}
	frames, lines, followers := gametest.SeatStreams(t, Arena, cfg, players, -1, nil)
	offBoard := 0
	for s, f := range followers {
		require.Equal(t, len(frames), f.Recording().Timeline.Len())
		for _, v := range gametest.SeatViews(t, lines[s]) {
			var sv seatView
			require.NoError(t, json.Unmarshal(v, &sv))
			o, err := ReadView(s+1, sv.View)
			require.NoError(t, err)
			for _, line := range o.Special {
				for _, c := range line {
					if c.X >= sv.W || c.Y >= sv.H {
						offBoard++
					}
				}
			}
		}
	}
	require.Positive(t, offBoard, "a special_vision coordinate off the board")
}

func FuzzSeatView(f *testing.F) {
	players := gametest.Bots(f, Title{}, []string{"hunter", "explorer"}, nil)
	_, lines, _ := gametest.SeatStreams(f, Arena, game.Config{Seed: 2, Map: "maze:10x8"}, players, 3, nil)
	for _, v := range gametest.SeatViews(f, lines[0]) {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, view []byte) {
		v, _ := Title{}.NewSeatView(0, nil)
		for range 2 {
			if _, err := v.Frame(view, "", nil); err != nil {
				return
			}
		}
	})
}

// A seat's maze holds the sides its views showed and no other: at round 0
// only sides of cells its guardians see are known, each as it truly is;
// the walls seen stay known after the guardians move on; the other seat's
// base and StarLord's special_vision (coordinates only) tell nothing.
func TestSeatMazeKnowsOnlyTheSidesItsViewsShowed(t *testing.T) {
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"explorer", "hunter"}, nil)
	cfg := game.Config{Seed: 5, Map: "maze:30x20"}
	frames, _, followers := gametest.SeatStreams(t, Arena, cfg, players, 40, nil)
	for s, f := range followers {
		seat := s + 1
		tl := f.Recording().Timeline
		truthAt := func(turn int) *State { return frames[turn].State.(*State) }
		var before *State
		for turn := range frames {
			truth, got := truthAt(turn), tl.Frame(turn).State.(*State)
			require.True(t, got.Maze.Partial(), "a seat's maze")
			require.False(t, truth.Maze.Partial(), "the game's own maze")
			require.Equal(t, Nowhere, got.Bases[2-seat], "no view tells the other base")
			known := 0
			for y := range got.H() {
				for x := range got.W() {
					c := Cell{x, y}
					for dir := range 4 {
						if !got.Maze.Known(c, dir) || !got.Maze.In(c.Step(dir, 1)) {
							continue
						}
						known++
						require.True(t, got.Seen[s].Has(c) || got.Seen[s].Has(c.Step(dir, 1)), "turn %d: %s's side %d is known, and neither cell was seen", turn, c, dir)
						require.Equal(t, truth.Maze.Open(c, dir), got.Maze.Open(c, dir), "turn %d: %s's side %d as it is", turn, c, dir)
						if before != nil && before.Maze.Known(c, dir) {
							require.Equal(t, before.Maze.Open(c, dir), got.Maze.Open(c, dir), "turn %d: a known side changed (no Drax here)", turn)
						}
					}
					if got.Seen[s].Has(c) {
						require.True(t, truth.Seen[s].Has(c), "turn %d: %s is seen, and the seat never saw it", turn, c)
					}
				}
			}
			if before != nil {
				for y := range got.H() {
					for x := range got.W() {
						for dir := range 4 {
							if c := (Cell{x, y}); before.Maze.Known(c, dir) {
								require.True(t, got.Maze.Known(c, dir), "turn %d: %s's side %d is forgotten", turn, c, dir)
							}
						}
					}
				}
			}
			if turn == 0 {
				require.Positive(t, known)
				// No cell of StarLord's special vision is lit that no line
				// of sight reaches.
				sl := truth.Guardian(seat, StarLord).Pos
				behindWalls := 0
				for _, line := range truth.specialVision(sl, false) {
					for _, c := range line {
						inLine := false
						for _, h := range Heroes {
							g := truth.Guardian(seat, h)
							inLine = inLine || c == g.Pos || slices.Contains(truth.sight(g.Pos, 0, h.Stats().Vision), c) ||
								slices.Contains(truth.sight(g.Pos, 1, h.Stats().Vision), c) || slices.Contains(truth.sight(g.Pos, 2, h.Stats().Vision), c) ||
								slices.Contains(truth.sight(g.Pos, 3, h.Stats().Vision), c)
						}
						require.Equal(t, inLine, got.Visible[s].Has(c), "%s in StarLord's special vision", c)
						if !inLine {
							behindWalls++
						}
					}
				}
				require.Positive(t, behindWalls, "StarLord's special vision reaches behind walls")
			}
			before = got
		}
		last := tl.Frame(tl.Len() - 1).State.(*State)
		require.Greater(t, last.Seen[s].Count(), last.Visible[s].Count(), "cells seen before are remembered out of sight")
	}
}

// InView is the cells a seat's view shows with what is on them: its
// guardians' cells and lines of sight, not StarLord's special vision.
func TestInViewIsWhatTheViewShows(t *testing.T) {
	t.Parallel()
	players := gametest.Bots(t, Title{}, []string{"explorer", "hunter"}, nil)
	_, frames := gametest.Play(t, Arena, game.Config{Seed: 6, Map: "maze:24x16"}, players, 60)
	special := 0
	for _, f := range frames {
		s := f.State.(*State)
		for seat := 1; seat <= 2; seat++ {
			shown := map[Cell]bool{}
			o := s.Observe(seat)
			for _, m := range o.Movegen {
				shown[m.Current.At] = true
				for _, line := range m.Neighbours {
					for _, c := range line {
						shown[c.At] = true
					}
				}
			}
			for y := range s.H() {
				for x := range s.W() {
					c := Cell{x, y}
					require.Equal(t, shown[c], s.InView(seat, c), "round %d, seat %d, %s", s.Round, seat, c)
					if s.Visible[seat-1].Has(c) && !shown[c] {
						special++
					}
				}
			}
		}
	}
	require.Positive(t, special, "StarLord's special vision reaches cells no line of sight does")
}
