package alienwarz

// The bots' map knowledge: how many move actions (and steps) separate two
// cells, around deposits, factories and the opponent's base. A move action
// goes any distance along a free row or column, so distances count
// straight segments.

// unreachable is the distance to a cell that cannot be reached.
const unreachable = 255

// routes are one player's distances on the static board (the opponent's
// position left out: it moves), computed per target on demand and dropped
// when a factory appears or disappears.
type routes struct {
	me      int
	ready   bool
	layout  [2]uint64 // the blocked cells the tables were made for
	blocked [Size * Size]bool
	stands  []stand
	have    [Size * Size]bool
	actions [Size * Size][Size * Size]uint8 // [to][from]
	steps   [Size * Size][Size * Size]uint8 // [to][from], along a path of fewest actions
	queue   []int
}

// stand is a free cell next to deposits, with the deposits it touches
// (indices into State.Deposits).
type stand struct {
	at       Cell
	deposits []int
}

// update makes the tables fit the board of s.
func (rt *routes) update(s *State) {
	var layout [2]uint64
	mark := func(c Cell) {
		i := c.index()
		layout[i/64] |= 1 << (i % 64)
	}
	for i := range s.Deposits {
		mark(s.Deposits[i].Pos)
	}
	for i := range s.Factories {
		mark(s.Factories[i].Pos)
	}
	mark(Base(3 - rt.me))
	if rt.ready && layout == rt.layout {
		return
	}
	rt.ready, rt.layout, rt.have = true, layout, [Size * Size]bool{}
	for i := range rt.blocked {
		rt.blocked[i] = layout[i/64]&(1<<(i%64)) != 0
	}
	rt.stands = rt.stands[:0]
	for _, c := range allCells {
		if rt.blocked[c.index()] {
			continue
		}
		st := stand{at: c}
		for _, d := range dirs {
			if n := (Cell{c.X + d.X, c.Z + d.Z}); n.On() {
				for i := range s.Deposits {
					if s.Deposits[i].Pos == n {
						st.deposits = append(st.deposits, i)
					}
				}
			}
		}
		if len(st.deposits) > 0 {
			rt.stands = append(rt.stands, st)
		}
	}
}

// standAt is the stand on c, or nil.
func (rt *routes) standAt(c Cell) *stand {
	for i := range rt.stands {
		if rt.stands[i].at == c {
			return &rt.stands[i]
		}
	}
	return nil
}

// dirs are the four directions of a move.
var dirs = [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// allCells are the cells of the board, row by row.
var allCells = func() (out [Size * Size]Cell) {
	for i := range out {
		out[i] = Cell{i / Size, i % Size}
	}
	return out
}()

// table is the distances to cell to, from every cell.
func (rt *routes) table(to int) (*[Size * Size]uint8, *[Size * Size]uint8) {
	if !rt.have[to] {
		rt.fill(to)
	}
	return &rt.actions[to], &rt.steps[to]
}

// dist is the number of move actions from a to b and the steps they take;
// unreachable when there is no way.
func (rt *routes) dist(a, b Cell) (int, int) {
	acts, steps := rt.table(b.index())
	return int(acts[a.index()]), int(steps[a.index()])
}

// fill runs the breadth-first search to cell to.
func (rt *routes) fill(to int) {
	rt.search(to, &rt.actions[to], &rt.steps[to])
	rt.have[to] = true
}

// search counts the move actions (and the steps along the fewest) from
// every cell to cell to, around the blocked cells (the graph is symmetric:
// a straight segment is free both ways).
func (rt *routes) search(to int, acts, steps *[Size * Size]uint8) {
	for i := range acts {
		acts[i], steps[i] = unreachable, unreachable
	}
	acts[to], steps[to] = 0, 0
	q := append(rt.queue[:0], to)
	for head := 0; head < len(q); head++ {
		u := q[head]
		ux, uz := u/Size, u%Size
		nd := acts[u] + 1
		for _, d := range dirs {
			x, z := ux+d.X, uz+d.Z
			for k := uint8(1); x >= 0 && x < Size && z >= 0 && z < Size; k++ {
				c := x*Size + z
				if rt.blocked[c] {
					break
				}
				switch {
				case acts[c] == unreachable:
					acts[c], steps[c] = nd, steps[u]+k
					q = append(q, c)
				case acts[c] == nd && steps[u]+k < steps[c]:
					steps[c] = steps[u] + k
				}
				x, z = x+d.X, z+d.Z
			}
		}
	}
	rt.queue = q
}

// free reports whether the player can step on c now.
func (rt *routes) free(s *State, c Cell) bool {
	return c.On() && !rt.blocked[c.index()] && c != s.Players[2-rt.me].Pos
}

// toward is the cell to move to now on the way to target: one straight
// segment, free now, that leaves the fewest actions (then steps) to go. When
// the opponent stands in the way, the way goes around it. ok is false when
// no move gets closer.
func (rt *routes) toward(s *State, target Cell) (Cell, bool) {
	acts, steps := rt.table(target.index())
	if c, ok := rt.closer(s, acts, steps); ok {
		return c, true
	}
	// Around the opponent: distances with its cell blocked too.
	opp := s.Players[2-rt.me].Pos
	if !opp.On() || rt.blocked[opp.index()] {
		return Cell{}, false
	}
	rt.blocked[opp.index()] = true
	var a, st [Size * Size]uint8
	rt.search(target.index(), &a, &st)
	rt.blocked[opp.index()] = false
	return rt.closer(s, &a, &st)
}

// closer is the move that leaves the fewest actions (then steps) to go by
// the tables, when that is fewer than from here.
func (rt *routes) closer(s *State, acts, steps *[Size * Size]uint8) (Cell, bool) {
	me := s.Players[rt.me-1].Pos
	here := int(acts[me.index()])
	best, bestKey := Cell{}, 1<<30
	for _, d := range dirs {
		for k, c := 1, (Cell{me.X + d.X, me.Z + d.Z}); rt.free(s, c); k, c = k+1, (Cell{c.X + d.X, c.Z + d.Z}) {
			a := int(acts[c.index()])
			if a == unreachable || a >= here && here != unreachable {
				continue
			}
			if key := a*1000 + int(steps[c.index()]) + k; key < bestKey {
				best, bestKey = c, key
			}
		}
	}
	return best, bestKey < 1<<30
}

// distWith is the number of move actions from a to b when the cell extra
// is blocked too.
func (rt *routes) distWith(extra, a, b Cell) int {
	was := rt.blocked[extra.index()]
	rt.blocked[extra.index()] = true
	var acts, steps [Size * Size]uint8
	rt.search(b.index(), &acts, &steps)
	rt.blocked[extra.index()] = was
	return int(acts[a.index()])
}

// ownTurnsLeft is how many more actions the player to act gets, itself
// included, if the players alternate to the end.
func ownTurnsLeft(s *State) int {
	return (s.Rules().MaxTurns-1-s.Turn)/2 + 1
}

// hitsAt is how many hits deposit d will have at turn t.
func hitsAt(d *Deposit, t int) int {
	if d.Remaining == 0 && t > d.EmptiedTurn+d.Replenish {
		return d.Max
	}
	return d.Remaining
}
