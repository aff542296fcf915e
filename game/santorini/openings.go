package santorini

import (
	"github.com/arena-games/arena/game"
)

// Openings returns n start positions for engine matches: both placements
// made, P1 to move, no blocks. They are drawn from seed (the same seed gives
// the same list on every machine), each worker mostly on the nine central
// cells and now and then anywhere, and no two are the same up to the board's
// eight symmetries. The placement decides much of a Santorini game and the
// engines place deterministically, so a match plays each opening twice,
// once with each engine as P1.
func Openings(n int, seed int64) []Board {
	rng := game.NewRand(seed, 17)
	seen := map[string]bool{}
	var out []Board
	for len(out) < n {
		b := randomPlaced(rng)
		key := canonicalPlacement(&b)
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, b)
	}
	return out
}

// randomPlaced is the board after random placements: each worker drawn
// among the free cells, an edge cell kept one time in four (so about three
// workers in four stand on the nine central cells), P1 to move.
func randomPlaced(rng *game.Rand) Board {
	b := NewBoard()
	for b.Phase != Play {
		occ := b.occupied()
		var cells [2]Cell
		for i := range cells {
			for {
				c := Cell(rng.IntN(cellCount))
				if centre[c] == 0 && rng.IntN(4) > 0 {
					continue // three edge cells in four are drawn again
				}
				if occ&(1<<uint(c)) == 0 && (i == 0 || c != cells[0]) {
					cells[i] = c
					break
				}
			}
		}
		b = b.after(placement(min(cells[0], cells[1]), max(cells[0], cells[1])))
	}
	return b
}

// symmetric maps cell c by symmetry s (0..7) of the square board: s&1
// mirrors the columns, s&2 the rows, s&4 swaps columns and rows.
func symmetric(c Cell, s int) Cell {
	col, row := c.Col(), c.Row()
	if s&1 != 0 {
		col = 4 - col
	}
	if s&2 != 0 {
		row = 4 - row
	}
	if s&4 != 0 {
		col, row = row, col
	}
	return Cell(5*col + row)
}

// canonicalPlacement names a position's worker cells the same way for all
// its symmetric images (the least of the eight, each player's pair as a set).
func canonicalPlacement(b *Board) string {
	best := ""
	for s := range 8 {
		var key []byte
		for p := range 2 {
			a, c := symmetric(b.Workers[p][0], s), symmetric(b.Workers[p][1], s)
			key = append(key, byte('a'+min(a, c)), byte('a'+max(a, c)))
		}
		if best == "" || string(key) < best {
			best = string(key)
		}
	}
	return best
}
