package aibg5

import (
	"github.com/arena-games/arena/game/hex"
)

// Pattern1 are the cells of Pattern 1's three steps A, B and C (§4.6), in
// list order: start1, start2, their (-q,-r) images, then the q↔s swaps of
// those four.
var Pattern1 = [3][]hex.Hex{
	{{Q: -6, R: -2}, {Q: -5, R: -3}, {Q: 6, R: 2}, {Q: 5, R: 3}, {Q: 8, R: -2}, {Q: 8, R: -3}, {Q: -8, R: 2}, {Q: -8, R: 3}},
	{{Q: -4, R: -4}, {Q: -3, R: -5}, {Q: 4, R: 4}, {Q: 3, R: 5}, {Q: 8, R: -4}, {Q: 8, R: -5}, {Q: -8, R: 4}, {Q: -8, R: 5}},
	{{Q: -2, R: -6}, {Q: -1, R: -7}, {Q: 2, R: 6}, {Q: 1, R: 7}, {Q: 8, R: -6}, {Q: 8, R: -7}, {Q: -8, R: 6}, {Q: -8, R: 7}},
}

// Pattern2Radii are the rings Pattern 2 hits, in turn.
var Pattern2Radii = [3]int{6, 8, 10}

// Pattern2 is the list of Pattern 2 on the ring of the given radius: the
// ring from (0,-radius), walking E, SE, SW, W, NW, NE, keeping the EMPTY
// and BLACKHOLE cells (R15; only the EMPTY ones under Pattern2SkipHoles).
func (s *State) Pattern2(radius int) []hex.Hex {
	skipHoles := s.ruleSet().Pattern2SkipHoles
	ring := hex.Ring(hex.Hex{}, radius)
	out := ring[:0]
	for _, h := range ring {
		i, _ := index(h)
		if k := s.Tiles[i].Kind; k == Empty || (k == Blackhole && !skipHoles) {
			out = append(out, h)
		}
	}
	return out
}

// schedule is the boss's pattern schedule (§4.6, R16): boss turn 1 idle,
// Pattern 1 A/B/C, a drawn pause, Pattern 2 on ring 6, a drawn pause,
// Pattern 1, Pattern 2 on ring 8, ... with the rings cycling 6, 8, 10.
type schedule struct {
	idle  int        // idle boss turns before the next pattern
	p2    bool       // the next pattern is Pattern 2, else Pattern 1 at step
	step  int        // Pattern 1's next step: 0, 1, 2 for A, B, C
	ring  int        // the index in Pattern2Radii of the next Pattern 2
	extra bool       // one more idle boss turn after each Pattern 2 (compat)
	pause func() int // draws a pause: 3..7 idle boss turns
}

// turn plays the schedule's part of one boss turn: the pattern it fires (0
// for none, 1 or 2) and the cells it lists.
func (sc *schedule) turn(s *State) (int, []hex.Hex) {
	if sc.idle > 0 {
		sc.idle--
		return 0, nil
	}
	if !sc.p2 {
		list := Pattern1[sc.step]
		if sc.step < 2 {
			sc.step++
		} else {
			sc.step, sc.p2, sc.idle = 0, true, sc.pause()
		}
		return 1, list
	}
	list := s.Pattern2(Pattern2Radii[sc.ring])
	sc.ring = (sc.ring + 1) % len(Pattern2Radii)
	sc.p2, sc.idle = false, sc.pause()
	if sc.extra {
		sc.idle++
	}
	return 2, list
}

// telegraph fills the boss's telegraph fields of s from the schedule.
func (sc *schedule) telegraph(s *State) {
	b := &s.Boss
	b.NextIn = sc.idle
	if sc.p2 {
		b.NextPattern, b.NextCells = 2, s.Pattern2(Pattern2Radii[sc.ring])
	} else {
		b.NextPattern, b.NextCells = 1, Pattern1[sc.step]
	}
	b.Next, b.Pattern = nil, 0
	if sc.idle == 0 {
		b.Next, b.Pattern = b.NextCells, b.NextPattern
	}
}
