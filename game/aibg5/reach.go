package aibg5

import "github.com/arena-games/arena/game/hex"

// The geometry of shots, computed once: the offsets in attack range, the
// cells each shot crosses, the cells in range of each cell and the boss
// cells a shot from each cell can reach.
var (
	// reachOffsets are the offsets at distance 1..3, in spiral order.
	reachOffsets = hex.Spiral(hex.Hex{}, AttackRange)[1:]
	// offsetIndex maps an offset (q+3, r+3) to its index in reachOffsets,
	// -1 beyond range.
	offsetIndex [2*AttackRange + 1][2*AttackRange + 1]int8
	// lineMids are the cells a shot crosses, relative to the shooter, for
	// each offset of reachOffsets: §4.3(d) with Java rounding. The line of
	// a shot only depends on the offset: its ties fall on exact halves.
	lineMids [][]hex.Hex
	// inReach lists, per cell, the cells at distance 1..3 on the map, in
	// spiral order.
	inReach [CellCount][]int16
	// bossInReach lists, per cell, the boss cells in range, nearest first.
	bossInReach [CellCount][]hex.Hex
)

func init() {
	for i := range offsetIndex {
		for j := range offsetIndex[i] {
			offsetIndex[i][j] = -1
		}
	}
	lineMids = make([][]hex.Hex, len(reachOffsets))
	for k, off := range reachOffsets {
		offsetIndex[off.Q+AttackRange][off.R+AttackRange] = int8(k)
		d := off.Length()
		for i := 1; i < d; i++ {
			lineMids[k] = append(lineMids[k], lineCell(hex.Hex{}, off, i, d))
		}
	}
	for c, h := range cells {
		for _, off := range reachOffsets {
			if j, ok := index(h.Add(off)); ok {
				inReach[c] = append(inReach[c], int16(j))
			}
		}
		for d := 1; d <= AttackRange; d++ {
			for _, b := range BossCells {
				if hex.Distance(h, b) == d {
					bossInReach[c] = append(bossInReach[c], b)
				}
			}
		}
	}
}

// shotLine is the cells a shot from from at a cell at offset off (within
// range) crosses, relative to from.
func shotLine(off hex.Hex) []hex.Hex {
	return lineMids[offsetIndex[off.Q+AttackRange][off.R+AttackRange]]
}
