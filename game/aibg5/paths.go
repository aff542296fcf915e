package aibg5

// blocked is the cost of a cell a ship cannot pass; throughWormhole the
// cost of a wormhole, which leads to the exit's cost.
const (
	blocked         = -1
	throughWormhole = -2
)

// unreached is the distance of a cell no path reaches.
const unreached = 1 << 30

// maxCost bounds the cost of one step of a path.
const maxCost = 63

// planner finds the cheapest ways from a ship's cell to every cell: moves
// through wormholes included, asteroids shot through at a cost. The bots
// keep one each, so a search allocates nothing.
type planner struct {
	// cost is the price of entering each cell (blocked when it cannot be
	// entered); the exit of a wormhole is priced, the wormhole itself not.
	// extra is added when the path's first action ends on the cell (the
	// danger of ending this turn there). The caller fills both.
	cost, extra [CellCount]int32
	dist        [CellCount]int32
	first       [CellCount]int16 // the cell of the path's first action (a neighbour of the start), -1 at the start
	queue       [maxCost + 1][]int16
}

// prices fills cost for a walking ship idx: one turn per cell, plus the
// turns of shooting through an asteroid with power; a black hole costs
// hole; the boss and the other ships block. extra is cleared.
func (pl *planner) prices(s *State, idx, power int, hole int32) {
	for i := range pl.cost {
		switch t := s.Tiles[i]; t.Kind {
		case Boss:
			pl.cost[i] = blocked
		case Wormhole:
			pl.cost[i] = throughWormhole
		case Asteroid:
			pl.cost[i] = int32(1 + (t.Asteroid+power-1)/power)
		case Blackhole:
			pl.cost[i] = hole
		default:
			pl.cost[i] = 1
		}
	}
	for k := range s.Players {
		p := &s.Players[k]
		if !p.Removed && p.Idx != idx {
			pl.cost[indexOf(p.Pos)] = blocked
		}
	}
	pl.extra = [CellCount]int32{}
}

// search fills dist and first from cell start with the prices in cost and
// extra (each step cut to maxCost). With goal not nil it stops once it
// has settled the cheapest goal cells and returns the first of them in
// canonical order (-1 if none is reached); the distances of farther cells
// are then unknown.
func (pl *planner) search(s *State, start int, goal *[CellCount]bool) int {
	for i := range pl.dist {
		pl.dist[i] = unreached
		pl.first[i] = -1
	}
	const n = maxCost + 1
	for i := range pl.queue {
		pl.queue[i] = pl.queue[i][:0]
	}
	pl.dist[start] = 0
	pl.queue[0] = append(pl.queue[0][:0], int16(start))
	pending, found := 1, -1
	for d := int32(0); pending > 0; d++ {
		bucket := &pl.queue[d%n]
		for k := 0; k < len(*bucket); k++ {
			c := int((*bucket)[k])
			pending--
			if pl.dist[c] != d {
				continue
			}
			if goal != nil && goal[c] && (found < 0 || c < found) {
				found = c
			}
			for dir := 0; dir < 6; dir++ {
				nb := int(neighbours[c][dir])
				if nb < 0 {
					continue
				}
				to, w := nb, pl.cost[nb]
				if w == throughWormhole {
					exit, ok := s.wormholeExit(cells[c], nb)
					if !ok {
						continue
					}
					to = indexOf(exit)
					w = pl.cost[to]
				}
				if w < 0 {
					continue
				}
				firstStep := pl.first[c]
				if c == start {
					firstStep = int16(nb)
					w += pl.extra[to]
				}
				if nd := d + min(w, maxCost); nd < pl.dist[to] {
					pl.dist[to] = nd
					pl.first[to] = firstStep
					pl.queue[nd%n] = append(pl.queue[nd%n], int16(to))
					pending++
				}
			}
		}
		*bucket = (*bucket)[:0]
		if found >= 0 {
			return found
		}
	}
	return -1
}
