package guardains

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
)

// title is GuardAIns made with Arena's levels, as internal/titles makes it.
var title = guardains.Title{Shelf: Shelf}

// reachable counts the cells reachable from c through passages.
func reachable(m *guardains.Maze, c guardains.Cell) int {
	seen := make([]bool, m.W*m.H)
	seen[c.Y*m.W+c.X] = true
	queue := []guardains.Cell{c}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for dir := range 4 {
			if n := p.Step(dir, 1); m.Open(p, dir) && !seen[n.Y*m.W+n.X] {
				seen[n.Y*m.W+n.X] = true
				queue = append(queue, n)
			}
		}
	}
	n := 0
	for _, s := range seen {
		if s {
			n++
		}
	}
	return n
}

func TestGeneratedMazes(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{5, 5}, {50, 50}, {120, 80}, {7, 199}, {200, 200}} {
		for seed := int64(1); seed <= 3; seed++ {
			w, h := size[0], size[1]
			l, err := Generate(w, h, seed, DefaultCounts)
			require.NoError(t, err)
			m := l.Maze
			require.Equal(t, [2]int{w, h}, [2]int{m.W, m.H})
			// Every cell is reachable; the maze is braided: more passages
			// than a tree's W*H-1.
			require.Equal(t, w*h, reachable(m, guardains.Cell{}), "%dx%d seed %d", w, h, seed)
			require.Greater(t, m.Passages(), w*h-1, "%dx%d seed %d is a tree", w, h, seed)
			// Bases on the first and last column, the stone between them,
			// 3/2/2/2 special cells on Normal cells that are not bases.
			require.Equal(t, 0, l.Bases[0].X)
			require.Equal(t, w-1, l.Bases[1].X)
			require.True(t, l.Stone.X >= 1 && l.Stone.X <= w-2)
			var count [5]int
			for c, k := range l.Kinds {
				count[k]++
				require.True(t, m.In(c))
				require.NotContains(t, []guardains.Cell{l.Bases[0], l.Bases[1], l.Stone}, c)
			}
			require.Equal(t, [5]int{0, 3, 2, 2, 2}, count)
			// The same seed, the same level; another seed, another one.
			again, err := Generate(w, h, seed, DefaultCounts)
			require.NoError(t, err)
			require.Equal(t, l.Text(), again.Text())
			other, err := Generate(w, h, seed+100, DefaultCounts)
			require.NoError(t, err)
			require.NotEqual(t, l.Text(), other.Text())
		}
	}
	// The original's 50x50 is about as braided as the transcript game's
	// maze: 2,990 passages where a tree has 2,499.
	l, err := Generate(50, 50, 7, DefaultCounts)
	require.NoError(t, err)
	require.InDelta(t, 2990, l.Maze.Passages(), 150)
}

func TestSizes(t *testing.T) {
	t.Parallel()
	for _, bad := range [][2]int{{4, 50}, {50, 4}, {201, 50}, {0, 0}} {
		_, err := Generate(bad[0], bad[1], 1, DefaultCounts)
		require.Error(t, err, "%v", bad)
	}
	find := func(name string, options map[string]string) *guardains.Level {
		t.Helper()
		l, err := title.FindLevel(game.Config{Seed: 3, Map: name, Options: options})
		require.NoError(t, err, name)
		return l
	}
	for name, want := range map[string][2]int{"": {200, 200}, "maze": {200, 200}, "original": {50, 50},
		"maze:120x80": {120, 80}, "30x40": {30, 40}, "scenario-a": {5, 5}, "open10": {10, 10}, "mirror": {31, 21}} {
		l := find(name, nil)
		require.Equal(t, want, [2]int{l.Maze.W, l.Maze.H}, name)
		require.NoError(t, l.Complete(), name)
	}
	// The counts are options.
	l := find("original", map[string]string{guardains.OptTeleporters: "10", guardains.OptBeasts: "0"})
	var count [5]int
	for _, k := range l.Kinds {
		count[k]++
	}
	require.Equal(t, [5]int{0, 10, 2, 2, 0}, count)
	for _, bad := range []string{"maze:4x4", "maze:300x300", "nowhere", "../levels/open10"} {
		_, err := title.FindLevel(game.Config{Map: bad})
		require.Error(t, err, bad)
	}
	_, err := title.FindLevel(game.Config{Options: map[string]string{guardains.OptClues: "many"}})
	require.Error(t, err)
}

// TestFairDistribution checks over many seeds that the special cells and
// the stone favour neither base: on average as near to one as to the other,
// and rarely all on one side.
func TestFairDistribution(t *testing.T) {
	t.Parallel()
	const seeds = 400
	var nearer [2]int
	oneSided := 0
	for seed := int64(1); seed <= seeds; seed++ {
		l, err := Generate(50, 50, seed, DefaultCounts)
		require.NoError(t, err)
		var side [2]int
		cells := []guardains.Cell{l.Stone}
		for c := range l.Kinds {
			cells = append(cells, c)
		}
		for _, c := range cells {
			d1 := abs(c.X-l.Bases[0].X) + abs(c.Y-l.Bases[0].Y)
			d2 := abs(c.X-l.Bases[1].X) + abs(c.Y-l.Bases[1].Y)
			switch {
			case d1 < d2:
				nearer[0]++
				side[0]++
			case d2 < d1:
				nearer[1]++
				side[1]++
			}
		}
		if side[0] == 0 || side[1] == 0 {
			oneSided++
		}
	}
	total := float64(nearer[0] + nearer[1])
	require.InDelta(t, 0.5, float64(nearer[0])/total, 0.03, "special cells nearer to base 1: %v", nearer)
	require.Less(t, oneSided, seeds/50, "levels with every special cell nearer to one base")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestHandLevels(t *testing.T) {
	t.Parallel()
	for _, name := range Names()[3:] {
		data, err := files.ReadFile("levels/" + name + ".txt")
		require.NoError(t, err)
		l, err := guardains.ParseLevel(name, data)
		require.NoError(t, err, name)
		require.NoError(t, l.Complete(), name)
		require.Equal(t, string(data), string(l.Text()), "%s does not write back as it reads", name)
		require.Equal(t, l.Maze.W*l.Maze.H, reachable(l.Maze, l.Bases[0]), name)
		require.Contains(t, About, name)
	}
	for _, name := range Names() {
		require.Contains(t, About, name)
	}
}

// TestBarePicture plays the original's bare maze dump: the bases, the
// stone and the special cells are drawn from the seed.
func TestBarePicture(t *testing.T) {
	t.Parallel()
	l, err := Generate(20, 10, 5, DefaultCounts)
	require.NoError(t, err)
	bare := &guardains.Level{Maze: l.Maze, Bases: [2]guardains.Cell{guardains.Nowhere, guardains.Nowhere}, Stone: guardains.Nowhere}
	path := filepath.Join(t.TempDir(), "dump.txt")
	require.NoError(t, os.WriteFile(path, bare.Text(), 0o644))
	for seed := int64(1); seed <= 2; seed++ {
		got, err := title.FindLevel(game.Config{Seed: seed, Map: path})
		require.NoError(t, err)
		require.NoError(t, got.Complete())
		require.Len(t, got.Kinds, 9)
		require.Equal(t, l.Maze.Passages(), got.Maze.Passages())
	}
}

// BenchmarkMaze200 generates the default 200x200 level: 50 ms at most.
func BenchmarkMaze200(b *testing.B) {
	seed := int64(0)
	for b.Loop() {
		seed++
		if _, err := Generate(200, 200, seed, DefaultCounts); err != nil {
			b.Fatal(err)
		}
	}
}
