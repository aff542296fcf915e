package aic21

import (
	"image"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/render"
)

// A colony played from a server's stream sees on its map what its units
// saw: the cells in their views now, those seen before remembered, dimmed,
// and the cells never seen dark, as unknown; no rock it never saw.
func TestSeatStreamShowsWhatTheColonySaw(t *testing.T) {
	bots := gametest.Bots(t, title, []string{"colony", "forager"}, func(seat int) *game.Rand { return game.NewRand(3, uint64(seat)) })
	frames, _, followers := gametest.SeatStreams(t, title, game.Config{Seed: 3, Map: "meadow"}, bots, 30, nil)
	tl := followers[0].Recording().Timeline
	f := tl.Frame(30)
	side, truth := state(f), state(frames[30])
	require.Equal(t, 1, side.Observer)
	v := newView()
	m := &render.Moment{Prev: tl.Frame(29), Cur: f, T: 1}
	settle(v, m)
	v.Fit()
	settle(v, m)
	img := draw(v, m)
	require.Equal(t, 1, v.shownMode(side))
	require.Equal(t, truth.View, side.View, "a unit's view distance")
	require.Equal(t, truth.MessageLength, side.MessageLength, "a message's length")
	light := func(c aic21.Cell) (int, bool) {
		x, y := cellScreen(v, side, c)
		if !image.Pt(int(x), int(y)).In(v.board) {
			return 0, false
		}
		p := img.RGBAAt(int(x), int(y))
		return int(p.R) + int(p.G) + int(p.B), true
	}
	var sum [3]int
	var n [3]int
	for i, k := range truth.Kinds {
		if k != aic21.Empty || side.ResType[i] != aic21.NoRes {
			continue
		}
		l, ok := light(truth.CellOf(i))
		if !ok {
			continue
		}
		kind := 0 // never seen
		switch {
		case side.Sight[i]:
			kind = 2
		case side.Seen[i]:
			kind = 1
		}
		sum[kind] += l
		n[kind]++
	}
	for k, what := range []string{"never seen", "remembered", "in view"} {
		require.Positive(t, n[k], "cells %s on the map", what)
	}
	unknown, remembered, seen := float64(sum[0])/float64(n[0]), float64(sum[1])/float64(n[1]), float64(sum[2])/float64(n[2])
	t.Logf("brightness: never seen %.0f, remembered %.0f, in view %.0f", unknown, remembered, seen)
	require.Greater(t, remembered-unknown, 30.0, "what the colony saw before is remembered; what it never saw is dark")
	require.Greater(t, seen-remembered, 30.0, "what it sees now is brightest")
}
