package aibg5

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/hex"
	"github.com/stretchr/testify/require"
)

// The maps are designed here, as a few cells each that the four
// symmetries of the spawns (see images) multiply; go test -run
// TestMapsMatchDesign -update writes the files in maps/.
var update = flag.Bool("update", false, "rewrite maps/*.txt from their design")

// design is one map: the cells of each kind before the symmetries, and the
// wormhole pairs.
type design struct {
	asteroids, holes []hex.Hex
	wormholes        [][2]hex.Hex
}

func h(q, r int) hex.Hex { return hex.Hex{Q: q, R: r} }

// ring is the ring of radius r without the cells whose position along it
// (0 at (0,-r), walking east) is in gaps.
func ring(r int, gaps func(pos, radius int) bool) []hex.Hex {
	var out []hex.Hex
	for i, c := range hex.Ring(hex.Hex{}, r) {
		if !gaps(i, r) {
			out = append(out, c)
		}
	}
	return out
}

// nearCorner reports whether a ring position is within d of a corner.
func nearCorner(d int) func(pos, radius int) bool {
	return func(pos, radius int) bool {
		off := pos % radius
		return off <= d || radius-off <= d
	}
}

// nearMiddle reports whether a ring position is within d of the middle of
// a side.
func nearMiddle(d int) func(pos, radius int) bool {
	return func(pos, radius int) bool {
		off := pos%radius - radius/2
		return off >= -d && off <= d
	}
}

var designs = map[string]design{
	"arena": {
		asteroids: []hex.Hex{h(0, -12), h(1, -12), h(0, -11), h(-4, -6), h(-3, -6), h(6, -3), h(-9, 4), h(-10, 4)},
		holes:     []hex.Hex{h(-2, -5), h(4, -9)},
		wormholes: [][2]hex.Hex{{h(-10, 0), h(10, 0)}},
	},
	"maze": {
		asteroids: append(ring(11, nearCorner(1)), ring(6, nearMiddle(1))...),
		holes:     []hex.Hex{h(-4, -4), h(0, -9)},
	},
	"blackholes": {
		asteroids: []hex.Hex{h(-2, -7), h(-1, -7), h(5, -8), h(-6, 2), h(-9, -2)},
		holes: []hex.Hex{h(-3, -3), h(-4, -2), h(-1, -6), h(2, -8), h(3, -7), h(-5, -4), h(-2, -9), h(6, -6),
			h(-7, 1), h(-8, -1), h(4, -11), h(0, -12), h(-6, -3), h(1, -5)},
	},
	"wormholes": {
		asteroids: []hex.Hex{h(-5, -6), h(-4, -7), h(-1, -9), h(1, -10)},
		holes:     []hex.Hex{h(-6, 0)},
		wormholes: [][2]hex.Hex{{h(-6, -5), h(-3, -2)}, {h(0, -9), h(0, 9)}},
	},
	"fortress": {
		asteroids: append(ring(5, nearCorner(0)), h(-3, -7), h(-2, -8), h(6, -9)),
		holes:     []hex.Hex{h(0, -8), h(-4, -4)},
	},
}

// images are h's images under the symmetries that permute the spawns: the
// half turn (q,r) → (-q,-r), which swaps P1 and P4, P2 and P3; the mirror
// that swaps q and s, which swaps P1 and P2, P3 and P4; and both.
func images(c hex.Hex) [4]hex.Hex {
	m := hex.Hex{Q: c.S(), R: c.R}
	return [4]hex.Hex{c, {Q: -c.Q, R: -c.R}, m, {Q: -m.Q, R: -m.R}}
}

// build makes the map of a design.
func build(name string, d design) *aibg5.Map {
	m := &aibg5.Map{Name: name, Tiles: make([]aibg5.Tile, aibg5.CellCount)}
	set := func(c hex.Hex, t aibg5.Tile) {
		for _, img := range images(c) {
			m.Tiles[index(img)] = t
		}
	}
	for _, c := range d.asteroids {
		set(c, aibg5.Tile{Kind: aibg5.Asteroid, Asteroid: aibg5.AsteroidLife})
	}
	for _, c := range d.holes {
		set(c, aibg5.Tile{Kind: aibg5.Blackhole})
	}
	id := 0
	for _, pair := range d.wormholes {
		a, b := images(pair[0]), images(pair[1])
		for k := range a {
			if m.Tiles[index(a[k])].Kind == aibg5.Wormhole {
				continue // the pair is its own image
			}
			m.Tiles[index(a[k])] = aibg5.Tile{Kind: aibg5.Wormhole, Wormhole: id}
			m.Tiles[index(b[k])] = aibg5.Tile{Kind: aibg5.Wormhole, Wormhole: id}
			id++
		}
	}
	for _, c := range aibg5.BossCells {
		m.Tiles[index(c)] = aibg5.Tile{Kind: aibg5.Boss}
	}
	return m
}

func index(c hex.Hex) int {
	for i, x := range aibg5.Cells() {
		if x == c {
			return i
		}
	}
	panic("off the map")
}

// The files in maps/ are the designs' output (go test -update rewrites
// them).
func TestMapsMatchDesign(t *testing.T) {
	t.Parallel()
	for name, d := range designs {
		want := build(name, d).File()
		file := filepath.Join("maps", name+".txt")
		if *update {
			require.NoError(t, os.WriteFile(file, want, 0o644))
		}
		got, err := os.ReadFile(file)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "%s: run go test -run TestMapsMatchDesign -update", file)
	}
	require.Len(t, Names(), len(designs))
}
