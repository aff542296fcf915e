package santorini

import "math/bits"

// weights are the competitive evaluation's weights, in hundredths of a
// level; playerEval says what each counts.
type weights struct {
	height   [3]int32 // a worker standing on level 0, 1, 2
	climb    [2]int32 // per cell one level up that a worker on level 0, 1 can step onto
	ladder   [2]int32 // per level-3 cell a step onto level 2 would threaten: for the side to move, the other
	build    [2]int32 // per level-2 cell next to a level-2 cell it can step onto: side to move, other
	open     int32    // per such threat cell the opponent cannot reach to dome
	mobility int32    // per cell a worker can move to
	trapped  int32    // a worker with at most one move
	centre   int32    // per step from the edge towards C3
	apart    [4]int32 // the own workers 1, 2, 3, 4 steps apart
	near     [2]int32 // per opponent worker 1, 2 steps from an own worker
	tempo    int32    // being the side to move
}

// defaultWeights are the competitive player's weights.
var defaultWeights = weights{
	height:   [3]int32{0, 84, 223},
	climb:    [2]int32{20, 60},
	ladder:   [2]int32{222, 143},
	build:    [2]int32{126, 94},
	open:     52,
	mobility: 0,
	trapped:  -87,
	centre:   15,
	apart:    [4]int32{33, 13, 2, -18},
	near:     [2]int32{23, 14},
	tempo:    68,
}

// dist is the Chebyshev distance between two cells; within2 the cells at
// most two steps from a cell, where a worker can build after one move.
var (
	dist    [cellCount][cellCount]int8
	within2 [cellCount]uint32
)

func init() {
	for a := Cell(0); a < cellCount; a++ {
		for b := Cell(0); b < cellCount; b++ {
			dist[a][b] = int8(chebyshev(a, b))
			if dist[a][b] <= 2 {
				within2[a] |= 1 << uint(b)
			}
		}
	}
}

// classicEval is the hand-made static evaluation for the side to move of p,
// in hundredths of a level. The search calls it only where neither side can
// win at once.
func classicEval(p *pos, w *weights) int32 {
	s := p.side
	return playerEval(p, w, s, 0) - playerEval(p, w, s^1, 1) + w.tempo
}

// playerEval is how well player pl stands; idx is 0 when pl is to move, else
// 1. It counts the workers' heights, their cells one level up (climbing),
// their moves (mobility, and a worker nearly trapped), the centre, the
// distance between the workers and to the opponent's, and the threats pl can
// make in one turn: level-3 cells next to a level-2 cell a worker can step
// onto (ladder), level-2 cells next to one it can build into a level-3 cell
// (build), and of those the ones no opponent worker can reach to dome (open).
func playerEval(p *pos, w *weights, pl, idx int) int32 {
	free2 := p.ge[2] &^ p.ge[3] &^ p.occ
	free3 := p.ge[3] &^ p.ge[4] &^ p.occ
	var v int32
	var stand uint32
	for _, from := range p.w[pl] {
		h := p.h[from]
		tos := p.targets(from)
		n := bits.OnesCount32(tos)
		v += w.height[h] + w.centre*int32(centre[from]) + w.mobility*int32(n)
		if n <= 1 {
			v += w.trapped
		}
		if h < 2 {
			v += w.climb[h] * int32(bits.OnesCount32(tos&p.ge[h+1]))
		}
		stand |= tos & free2
		for _, o := range p.w[pl^1] {
			if d := dist[from][o]; d <= 2 {
				v += w.near[d-1]
			}
		}
	}
	var ladder, build uint32
	for s := stand; s != 0; s &= s - 1 {
		y := bits.TrailingZeros32(s)
		ladder |= adjMask[y] & free3
		build |= adjMask[y] & free2
	}
	o := p.w[pl^1]
	open := (ladder | build) &^ (within2[o[0]] | within2[o[1]])
	v += w.ladder[idx]*int32(bits.OnesCount32(ladder)) + w.build[idx]*int32(bits.OnesCount32(build)) + w.open*int32(bits.OnesCount32(open))
	return v + w.apart[dist[p.w[pl][0]][p.w[pl][1]]-1]
}
