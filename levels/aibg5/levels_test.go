package aibg5

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/aibg5"
	"github.com/arena-games/arena/game/gametest"
	"github.com/arena-games/arena/game/hex"
	"github.com/stretchr/testify/require"
)

// title is AIBG 5.0 made with Arena's maps, as internal/titles makes it.
var title = aibg5.Title{Shelf: Shelf}

func TestNames(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"arena", "blackholes", "fortress", "maze", "wormholes"}, Names())
	for _, n := range Names() {
		require.NotEmpty(t, About[n], n)
	}
	require.Len(t, About, len(Names()))
}

// Every map is valid for the strict loader, fair (the symmetries that
// permute the spawns map it onto itself, wormhole pairs onto pairs), keeps
// the spawns and their alternatives free, and lets every ship reach every
// cell it may stand on.
func TestMapsAreFair(t *testing.T) {
	t.Parallel()
	for _, name := range Names() {
		m, err := title.FindMap(game.Config{Map: name})
		require.NoError(t, err, name)
		require.Equal(t, name, m.Name)
		tile := func(c hex.Hex) aibg5.Tile { return m.Tiles[index(c)] }
		pairOf := func(c hex.Hex) hex.Hex {
			for _, o := range aibg5.Cells() {
				if o != c && tile(o).Kind == aibg5.Wormhole && tile(o).Wormhole == tile(c).Wormhole {
					return o
				}
			}
			t.Fatalf("%s: wormhole %v has no pair", name, c)
			return c
		}
		kinds := map[aibg5.Kind]int{}
		for _, c := range aibg5.Cells() {
			kinds[tile(c).Kind]++
			for k, img := range images(c) {
				a, b := tile(c), tile(img)
				require.Equal(t, a.Kind, b.Kind, "%s: %v and its image %v", name, c, img)
				if a.Kind == aibg5.Wormhole {
					require.Equal(t, images(pairOf(c))[k], pairOf(img), "%s: the pair of %v", name, c)
				} else {
					require.Equal(t, a, b, "%s: %v and its image %v", name, c, img)
				}
			}
		}
		require.Equal(t, 7, kinds[aibg5.Boss], name)
		for p := 1; p <= 4; p++ {
			around := aibg5.Spawn(p).Neighbours()
			for _, c := range append([]hex.Hex{aibg5.Spawn(p)}, around[:]...) {
				if aibg5.OnMap(c) {
					require.Equal(t, aibg5.Empty, tile(c).Kind, "%s: P%d's spawn or a neighbour, %v", name, p, c)
				}
			}
		}
		// Every cell a ship may stand on is reachable from each spawn.
		for p := 1; p <= 4; p++ {
			seen := map[hex.Hex]bool{aibg5.Spawn(p): true}
			todo := []hex.Hex{aibg5.Spawn(p)}
			for len(todo) > 0 {
				c := todo[0]
				todo = todo[1:]
				for _, n := range c.Neighbours() {
					if !aibg5.OnMap(n) || seen[n] || tile(n).Kind.Full() {
						continue
					}
					seen[n] = true
					todo = append(todo, n)
				}
			}
			for _, c := range aibg5.Cells() {
				if !tile(c).Kind.Full() {
					require.True(t, seen[c], "%s: %v cannot be reached from P%d's spawn", name, c, p)
				}
			}
		}
		t.Logf("%s: %d asteroids, %d black holes, %d wormholes", name, kinds[aibg5.Asteroid], kinds[aibg5.Blackhole], kinds[aibg5.Wormhole])
	}
}

// The shelf finds maps by name in any spelling and reads original files
// by path; the engine finds them through it.
func TestFindMap(t *testing.T) {
	t.Parallel()
	def, err := title.FindMap(game.Config{Map: ""})
	require.NoError(t, err)
	require.Equal(t, Default, def.Name)
	for _, n := range []string{"MAZE", "maze.txt", "Maze.TXT"} {
		m, err := title.FindMap(game.Config{Map: n})
		require.NoError(t, err, n)
		require.Equal(t, "maze", m.Name)
	}
	_, err = title.FindMap(game.Config{Map: "nowhere"})
	require.ErrorContains(t, err, `no map "nowhere": expected one of arena, blackholes, fortress, maze, wormholes`)

	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("[[]]"), 0o644))
	_, err = title.FindMap(game.Config{Map: bad})
	require.ErrorContains(t, err, "map bad.txt: 1 rows")

	e, err := title.New(game.Config{Seats: 4, Seed: 3, Map: "fortress"})
	require.NoError(t, err)
	require.Equal(t, "fortress", e.Observe(0).(*aibg5.State).MapName)
	e, err = title.New(game.Config{Seats: 4})
	require.NoError(t, err)
	require.Equal(t, Default, e.Observe(0).(*aibg5.State).MapName)

	path := "../../../shared/fixtures/aibg5/maps/test1.txt"
	gametest.Need(t, path)
	m, err := title.FindMap(game.Config{Map: path})
	require.NoError(t, err)
	require.Equal(t, "test1.txt", m.Name)
	e, err = title.New(game.Config{Seats: 4, Map: path})
	require.NoError(t, err)
	require.Equal(t, "test1.txt", e.Observe(0).(*aibg5.State).MapName)
}
