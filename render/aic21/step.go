package aic21

import (
	"math"
	"slices"

	"github.com/arena-games/arena/game/aic21"
	"github.com/arena-games/arena/render"
)

// step is what the view reads once from a moment's two frames: where each
// unit stands among the others on its cell, which way it faces, when hits
// land, who died. It is worked out again only when the frames change.
type step struct {
	prev, cur *aic21.State
	was, is   layout
	// By unit id: the way it faced after the last step (NaN: unknown), the
	// moment of the step the first hit on it lands (-1: none), whether its
	// colony took its chat message this turn, and where it is drawn now.
	facePrev []float64
	hitAt    []float64
	chatted  []bool
	drawn    []spot
	baseHit  [2]float64
	died     []aic21.Died
	fights   bool
}

// spot is where a unit is drawn in this frame: its middle and its size.
type spot struct {
	x, y, side float64
	on         bool
}

// The timing of a step's animation: the stings and shots fly first (the
// rules resolve attacks before moves), then the units walk.
const (
	shotGap    = 0.03 // between one shot and the next
	shotFlight = 0.3
	walkAfter  = 0.38 // when units start walking in a step with fights
)

// walkT is how far the walks of the step are at moment t.
func (st *step) walkT(t float64) float64 {
	if st.fights {
		return render.Ease((t - walkAfter) / (1 - walkAfter))
	}
	return render.Ease(t / 0.85)
}

// shotStart is when the i-th hit of the step leaves.
func shotStart(i int) float64 { return math.Min(float64(i)*shotGap, 0.12) }

// index reads the moment's frames, unless they are the ones read last.
func (st *step) index(m *render.Moment, prev, cur *aic21.State) {
	if st.prev == prev && st.cur == cur {
		return
	}
	st.prev, st.cur = prev, cur
	st.was.build(prev)
	st.is.build(cur)
	n := 0
	for _, s := range [2]*aic21.State{prev, cur} {
		if len(s.Units) > 0 {
			n = max(n, s.Units[len(s.Units)-1].ID+1)
		}
	}
	st.died = st.died[:0]
	same := prev == cur
	if !same {
		for _, e := range m.Cur.Events {
			if d, ok := e.Data.(aic21.Died); ok {
				st.died = append(st.died, d)
				n = max(n, d.Unit.ID+1)
			}
		}
	}
	st.facePrev = resize(st.facePrev, n, math.NaN())
	st.hitAt = resize(st.hitAt, n, -1)
	st.chatted = resize(st.chatted, n, false)
	st.drawn = resize(st.drawn, n, spot{})
	for _, e := range m.Prev.Events {
		if d, ok := e.Data.(aic21.Moved); ok && d.Unit < n && !same {
			st.facePrev[d.Unit] = facing(prev, d.From, d.To)
		}
	}
	st.baseHit = [2]float64{-1, -1}
	st.fights = false
	if !same {
		st.fights = len(cur.Attacks) > 0
		for i, h := range cur.Attacks {
			land := shotStart(i) + shotFlight
			switch {
			case h.Defender < 0:
				if c := -1 - h.Defender; c < 2 && st.baseHit[c] < 0 {
					st.baseHit[c] = land
				}
			case h.Defender < n && st.hitAt[h.Defender] < 0:
				st.hitAt[h.Defender] = land
			}
		}
		for _, e := range m.Cur.Events {
			if d, ok := e.Data.(aic21.Chat); ok && d.Accepted && d.Msg.Sender >= 0 && d.Msg.Sender < n {
				st.chatted[d.Msg.Sender] = true
			}
		}
	}
}

// resize makes s n long, every element v.
func resize[T any](s []T, n int, v T) []T {
	if cap(s) < n {
		s = make([]T, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = v
	}
	return s
}

// facing is the angle of a step from a to b (the short way round), for a
// sprite that faces up: 0 up, π/2 right.
func facing(s *aic21.State, a, b aic21.Cell) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	if dx > s.W/2 {
		dx -= s.W
	} else if dx < -s.W/2 {
		dx += s.W
	}
	if dy > s.H/2 {
		dy -= s.H
	} else if dy < -s.H/2 {
		dy += s.H
	}
	return math.Atan2(float64(dx), -float64(dy))
}

// layout is how a frame's units share their cells: how many stand on each
// cell and each unit's place among them (colony 0 first, then by
// arrival).
type layout struct {
	count []int16 // by cell
	rank  []int16 // by index in the state's Units
	order []int32
}

// build lays out the units of s.
func (l *layout) build(s *aic21.State) {
	l.count = resize(l.count, s.W*s.H, 0)
	l.rank = resize(l.rank, len(s.Units), 0)
	l.order = l.order[:0]
	for i := range s.Units {
		l.order = append(l.order, int32(i))
	}
	slices.SortFunc(l.order, func(a, b int32) int {
		ua, ub := &s.Units[a], &s.Units[b]
		ca, cb := s.At(ua.Cell()), s.At(ub.Cell())
		switch {
		case ca != cb:
			return ca - cb
		case ua.Colony != ub.Colony:
			return ua.Colony - ub.Colony
		}
		return ua.Arrival - ub.Arrival
	})
	for _, i := range l.order {
		c := s.At(s.Units[i].Cell())
		l.rank[i] = l.count[c]
		l.count[c]++
	}
}

// slot is where the unit of rank r among n on a cell stands, relative to
// the cell's middle, with at most g×g places: its offset and side, in
// world units. shown is false for the units past the last place, which
// the cell's count of leftovers stands for.
func slot(n, r, g int) (dx, dy, side float64, shown bool) {
	g = max(1, min(g, int(math.Ceil(math.Sqrt(float64(n))))))
	places := g * g
	shown = r < places
	r = min(r, places-1)
	n = min(n, places)
	rows := (n + g - 1) / g
	row, col := r/g, r%g
	cols := g
	if row == rows-1 {
		cols = n - g*(rows-1)
	}
	side = unit / float64(g)
	dx = (float64(col) - float64(cols-1)/2) * side
	dy = (float64(row) - float64(rows-1)/2) * side
	return dx, dy, side, shown
}

// places is the most places a side of a cell holds at the zoom now, so
// that a unit stays at least a few pixels wide.
func (v *View) places() int {
	return max(1, min(4, int(v.cellPx/11)))
}

// unitIndex finds the index of unit id in s.Units, or -1.
func unitIndex(s *aic21.State, id int) int {
	i, ok := slices.BinarySearchFunc(s.Units, id, func(u aic21.Unit, id int) int { return u.ID - id })
	if !ok {
		return -1
	}
	return i
}

// placeOf is where the unit at index i of s stands, in world units, with
// its side, and whether it is shown (not one of a crowd's leftovers).
func (v *View) placeOf(s *aic21.State, l *layout, i int) (x, y, side float64, shown bool) {
	u := &s.Units[i]
	x, y = center(u.Cell())
	dx, dy, side, shown := slot(int(l.count[s.At(u.Cell())]), int(l.rank[i]), v.places())
	return x + dx, y + dy, side, shown
}
