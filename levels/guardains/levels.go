// Package guardains makes the GuardAIns boards: the original's braided maze
// generator (§5, R3) with the special cells placed as §4.8 draws them,
// seeded and reproducible at any size from 5x5 to 200x200, and Arena's own
// hand-made levels in the level text format (R33), embedded, on a shelf. A
// title made with it (guardains.Title{Shelf: Shelf}) finds its levels by
// name (or a level file by path) and has its default, a 200x200 maze
// generated from the seed.
package guardains

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-games/arena/game"
	"github.com/arena-games/arena/game/guardains"
)

// The sizes of generated mazes.
const (
	MinSide = 5
	MaxSide = guardains.DefaultSize
)

// The map names that generate a maze; "maze:WxH" (or "WxH") gives any size.
const (
	Default  = "maze"     // 200x200, the rules' size (R1)
	Original = "original" // 50x50, the released original's size
)

// Counts are how many special cells of each kind a maze gets (R5).
type Counts struct{ Teleporters, HealPoints, Clues, Beasts int }

// DefaultCounts are the original's 3/2/2/2.
var DefaultCounts = Counts{Teleporters: 3, HealPoints: 2, Clues: 2, Beasts: 2}

// The hand-made levels, one file each.
//
//go:embed levels/*.txt
var files embed.FS

// About describes the maps, by name.
var About = map[string]string{
	Default:        "a 200x200 braided maze generated from the seed: the rules' size",
	Original:       "a 50x50 braided maze generated from the seed: the size the released original played",
	"maze:100x100": "a 100x100 braided maze; any size from 5x5 to 200x200 as maze:WxH",
	"scenario-a":   "the rules' 5x5 maze A of the conformance scenarios",
	"open10":       "the rules' open 10x10 board O10: no inner walls, the stone on (7, 2)",
	"mirror":       "a hand-made 31x21 maze, mirrored left to right so both bases face the same paths and cells",
}

// Shelf holds the mazes and the hand-made levels.
var Shelf game.Shelf[guardains.Level] = shelf{}

// shelf is Shelf.
type shelf struct{}

// Maps lists the maps by Names, with their lines.
func (shelf) Maps() []game.MapInfo {
	var out []game.MapInfo
	for _, name := range Names() {
		out = append(out, game.MapInfo{Name: name, About: About[name]})
	}
	return out
}

// Names lists the maps, the default first: the generated sizes, then the
// hand-made levels by name.
func Names() []string {
	out := []string{Default, Original, "maze:100x100"}
	var hand []string
	entries, _ := files.ReadDir("levels")
	for _, e := range entries {
		hand = append(hand, strings.TrimSuffix(e.Name(), ".txt"))
	}
	sort.Strings(hand)
	return append(out, hand...)
}

// Find is the level of a game's config: a generated maze ("" or "maze" for
// 200x200, "original" for 50x50, "maze:WxH" or "WxH"), one of the
// hand-made levels by name, or the level file at the path Config.Map, read
// by readFile. The seed draws the maze and, on a picture that leaves them
// out, the bases, the stone and (on a bare picture such as the original's
// dump) the special cells; the options teleporters, healpoints, clues and
// beasts set their counts.
func (shelf) Find(cfg game.Config, readFile func(path string) (*guardains.Level, error)) (*guardains.Level, error) {
	counts, err := countsOf(cfg)
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(strings.TrimSpace(cfg.Map))
	switch name {
	case "", Default:
		return Generate(guardains.DefaultSize, guardains.DefaultSize, cfg.Seed, counts)
	case Original:
		return Generate(guardains.OriginalSize, guardains.OriginalSize, cfg.Seed, counts)
	}
	if w, h, ok := parseSize(strings.TrimPrefix(name, "maze:")); ok {
		return Generate(w, h, cfg.Seed, counts)
	}
	var l *guardains.Level
	if data, err := files.ReadFile(path.Join("levels", strings.TrimSuffix(name, ".txt")+".txt")); err == nil && !strings.ContainsAny(name, `/\`) {
		l, err = guardains.ParseLevel(name, data)
		if err != nil {
			return nil, err
		}
	} else {
		l, err = readFile(cfg.Map)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("guardains: no map %q: expected %s, maze:WxH (from %dx%d to %dx%d), one of %s, or the path of a level file",
				cfg.Map, Default, MinSide, MinSide, MaxSide, MaxSide, strings.Join(Names()[3:], ", "))
		}
		if err != nil {
			return nil, err
		}
	}
	if err := Furnish(l, game.NewRand(cfg.Seed, 0), counts); err != nil {
		return nil, err
	}
	return l, nil
}

// parseSize reads "WxH" within the generated sizes.
func parseSize(s string) (int, int, bool) {
	ws, hs, ok := strings.Cut(s, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	return w, h, ok && err1 == nil && err2 == nil && w >= MinSide && h >= MinSide && w <= MaxSide && h <= MaxSide
}

// countsOf reads the special cell counts of the options.
func countsOf(cfg game.Config) (Counts, error) {
	c := DefaultCounts
	for _, f := range []struct {
		name string
		n    *int
	}{{guardains.OptTeleporters, &c.Teleporters}, {guardains.OptHealPoints, &c.HealPoints},
		{guardains.OptClues, &c.Clues}, {guardains.OptBeasts, &c.Beasts}} {
		n, err := guardains.Count(cfg, f.name, *f.n)
		if err != nil {
			return c, err
		}
		*f.n = n
	}
	return c, nil
}

// Generate makes a W x H level from seed: the braided maze of R3, then
// Furnish. The same arguments give the same level.
func Generate(w, h int, seed int64, counts Counts) (*guardains.Level, error) {
	if w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("guardains: a %dx%d maze: the sides go from %d to %d", w, h, MinSide, MaxSide)
	}
	rng := game.NewRand(seed, 0)
	l := &guardains.Level{Name: fmt.Sprintf("maze:%dx%d", w, h), Maze: Carve(w, h, rng),
		Bases: [2]guardains.Cell{guardains.Nowhere, guardains.Nowhere}, Stone: guardains.Nowhere}
	if err := Furnish(l, rng, counts); err != nil {
		return nil, err
	}
	return l, nil
}

// Carve is the original's braided maze (R3): a stack holding (0, 0); pop a
// cell; skip it if it was processed twice already, else count this
// processing, shuffle the four directions and, for each neighbour on the
// board processed fewer than twice and not on the stack, open the passage
// and push the neighbour. Every cell is reachable, and cells processed twice
// open loops.
func Carve(w, h int, rng *game.Rand) *guardains.Maze {
	m := guardains.NewMaze(w, h)
	count := make([]uint8, w*h)
	onStack := make([]bool, w*h)
	stack := make([]int32, 1, 64)
	onStack[0] = true
	dirs := [4]int{guardains.Right, guardains.Left, guardains.Down, guardains.Up}
	for len(stack) > 0 {
		i := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		onStack[i] = false
		if count[i] >= 2 {
			continue
		}
		count[i]++
		c := guardains.Cell{X: i % w, Y: i / w}
		rng.Shuffle(4, func(a, b int) { dirs[a], dirs[b] = dirs[b], dirs[a] })
		for _, d := range dirs {
			n := c.Step(d, 1)
			if n.X < 0 || n.Y < 0 || n.X >= w || n.Y >= h {
				continue
			}
			j := n.Y*w + n.X
			if count[j] >= 2 || onStack[j] {
				continue
			}
			m.Carve(c, d)
			stack = append(stack, int32(j))
			onStack[j] = true
		}
	}
	return m
}

// Furnish draws what a level lacks, in the order of §4.8: the base of seat
// 1 then seat 2 (a uniform row of the first and last column), and on a bare
// level (no special cell, base or stone) the teleporters, heal points,
// clues (each with its kind: direction or enemies, even odds) and beasts
// (alike), then the stone (column 1..W-2). Each position is redrawn until it
// is Normal and not a base (R4).
func Furnish(l *guardains.Level, rng *game.Rand, counts Counts) error {
	m := l.Maze
	bare := len(l.Kinds) == 0 && l.Bases[0] == guardains.Nowhere && l.Bases[1] == guardains.Nowhere && l.Stone == guardains.Nowhere
	if l.Kinds == nil {
		l.Kinds = map[guardains.Cell]guardains.Kind{}
	}
	if l.Enemy == nil {
		l.Enemy = map[guardains.Cell]bool{}
	}
	for i, x := range []int{0, m.W - 1} {
		if l.Bases[i] == guardains.Nowhere {
			l.Bases[i] = guardains.Cell{X: x, Y: rng.IntN(m.H)}
		}
	}
	free := func(c guardains.Cell) bool {
		return l.Kinds[c] == guardains.Normal && c != l.Bases[0] && c != l.Bases[1] && c != l.Stone
	}
	if bare {
		n := counts.Teleporters + counts.HealPoints + counts.Clues + counts.Beasts
		if n+3 > m.W*m.H/2 {
			return fmt.Errorf("guardains: %d special cells do not fit a %dx%d maze", n, m.W, m.H)
		}
		for _, k := range []struct {
			kind guardains.Kind
			n    int
		}{{guardains.Teleporter, counts.Teleporters}, {guardains.HealPoint, counts.HealPoints},
			{guardains.Clue, counts.Clues}, {guardains.Beast, counts.Beasts}} {
			for range k.n {
				c, ok := draw(rng, 0, m.W-1, m.H, free)
				if !ok {
					return fmt.Errorf("guardains: no room for a %s on level %s", k.kind, l.Name)
				}
				l.Kinds[c] = k.kind
				if k.kind == guardains.Clue || k.kind == guardains.Beast {
					l.Enemy[c] = rng.IntN(2) == 1
				}
			}
		}
	}
	if l.Stone == guardains.Nowhere {
		if m.W < 3 {
			return fmt.Errorf("guardains: a %dx%d level has no column for the stone between the bases", m.W, m.H)
		}
		c, ok := draw(rng, 1, m.W-2, m.H, free)
		if !ok {
			return fmt.Errorf("guardains: no room for the stone on level %s", l.Name)
		}
		l.Stone = c
	}
	return nil
}

// draw draws a cell with x in [x0, x1] and any row until free says yes; it
// gives up (false) after many tries.
func draw(rng *game.Rand, x0, x1, h int, free func(guardains.Cell) bool) (guardains.Cell, bool) {
	for range 64 * (x1 - x0 + 1) * h {
		c := guardains.Cell{X: x0 + rng.IntN(x1-x0+1), Y: rng.IntN(h)}
		if free(c) {
			return c, true
		}
	}
	return guardains.Nowhere, false
}
