package guardains

import (
	"encoding/base64"
	"fmt"
	"math/bits"
	"slices"
)

// MaxSide is the largest width or height of a board.
const MaxSide = 1000

// Maze is the walls of a W x H board: between two orthogonally adjacent
// cells there is a wall or a passage, and the border is walled. A State
// shares its Maze with the frames before it until Drax breaks a wall (copy
// on write): never change a Maze that a State holds.
//
// A seat's maze (in a State with an Observer) is the maze as far as the
// seat's views showed it: the passages its guardians looked along are
// open, the walls that ended their lines of sight are seen, and every
// other side of a cell is unknown (Known).
type Maze struct {
	W, H int
	open []uint8 // per cell, bit dir set when the passage in direction dir is open
	// walls, in a seat's maze, has bit dir set where the seat saw a wall
	// in direction dir; nil in the game's own maze, which knows every
	// side.
	walls []uint8
}

// NewMaze is a W x H maze with every wall standing.
func NewMaze(w, h int) *Maze { return &Maze{W: w, H: h, open: make([]uint8, w*h)} }

// newSeatMaze is a seat's W x H maze before its first view: every side
// unknown.
func newSeatMaze(w, h int) *Maze {
	return &Maze{W: w, H: h, open: make([]uint8, w*h), walls: make([]uint8, w*h)}
}

// Partial reports whether m is a seat's maze, which knows only the sides
// its views showed.
func (m *Maze) Partial() bool { return m.walls != nil }

// Known reports whether the side of c in direction dir is known: every
// side in the game's own maze; in a seat's maze, the passages and walls
// its guardians saw, and the border, which the rules wall. False off the
// board.
func (m *Maze) Known(c Cell, dir int) bool {
	if !m.In(c) || dir < 0 || dir >= 4 {
		return false
	}
	i := c.Y*m.W + c.X
	return m.walls == nil || (m.open[i]|m.walls[i])&(1<<dir) != 0 || !m.In(c.Step(dir, 1))
}

// In reports whether c is on the board.
func (m *Maze) In(c Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < m.W && c.Y < m.H }

// Open reports whether the passage from c in direction dir (Up, Left, Down,
// Right) is open; false at the border and off the board.
func (m *Maze) Open(c Cell, dir int) bool {
	return m.In(c) && dir >= 0 && dir < 4 && m.open[c.Y*m.W+c.X]&(1<<dir) != 0
}

// Carve opens the passage from c in direction dir while the maze is being
// built (by a generator or a level reader); it does nothing at the border.
func (m *Maze) Carve(c Cell, dir int) {
	n := c.Step(dir, 1)
	if !m.In(c) || !m.In(n) {
		return
	}
	m.open[c.Y*m.W+c.X] |= 1 << dir
	m.open[n.Y*m.W+n.X] |= 1 << ((dir + 2) % 4)
}

// Passages counts the open passages.
func (m *Maze) Passages() int {
	n := 0
	for _, o := range m.open {
		n += bits.OnesCount8(o)
	}
	return n / 2
}

// broken is a copy of m with the passage from c in direction dir open; m
// itself when it is open already.
func (m *Maze) broken(c Cell, dir int) *Maze {
	if m.Open(c, dir) {
		return m
	}
	cp := &Maze{W: m.W, H: m.H, open: slices.Clone(m.open), walls: slices.Clone(m.walls)}
	cp.Carve(c, dir)
	return cp
}

// Reach is every cell reachable from c in at most steps steps through
// passages, c first, then by distance.
func (m *Maze) Reach(c Cell, steps int) []Cell {
	out := []Cell{c}
	for start, d := 0, 0; d < steps; d++ {
		end := len(out)
		for _, p := range out[start:end] {
			for dir := range 4 {
				if !m.Open(p, dir) {
					continue
				}
				n := p.Step(dir, 1)
				if !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
		start = end
	}
	return out
}

// MarshalText encodes the passages compactly (for keyframes): the width and
// height, then the cells' open bits, two cells a byte, in base64.
func (m *Maze) MarshalText() ([]byte, error) {
	packed := make([]byte, (len(m.open)+1)/2)
	for i, o := range m.open {
		packed[i/2] |= o << (4 * (i % 2))
	}
	b := fmt.Appendf(nil, "%dx%d:", m.W, m.H)
	return base64.StdEncoding.AppendEncode(b, packed), nil
}

// Bits is a set of the cells of a W x H board.
type Bits struct {
	w     int
	words []uint64
}

// NewBits is an empty set for a W x H board.
func NewBits(w, h int) *Bits { return &Bits{w: w, words: make([]uint64, (w*h+63)/64)} }

// Has reports whether c is in the set; false off the board.
func (b *Bits) Has(c Cell) bool {
	if b == nil || c.X < 0 || c.Y < 0 || c.X >= b.w {
		return false
	}
	i := c.Y*b.w + c.X
	return i < len(b.words)*64 && b.words[i/64]&(1<<(i%64)) != 0
}

// Count is the number of cells in the set.
func (b *Bits) Count() int {
	n := 0
	for _, w := range b.words {
		n += bits.OnesCount64(w)
	}
	return n
}

// set adds c, which must be on the board.
func (b *Bits) set(c Cell) {
	i := c.Y*b.w + c.X
	b.words[i/64] |= 1 << (i % 64)
}

// union is b with the cells of o added: b itself when o adds nothing.
func (b *Bits) union(o *Bits) *Bits {
	for i, w := range o.words {
		if w&^b.words[i] != 0 {
			u := &Bits{w: b.w, words: slices.Clone(b.words)}
			for j := i; j < len(o.words); j++ {
				u.words[j] |= o.words[j]
			}
			return u
		}
	}
	return b
}

// MarshalText encodes the set in base64, for keyframes.
func (b *Bits) MarshalText() ([]byte, error) {
	raw := make([]byte, 0, len(b.words)*8)
	for _, w := range b.words {
		for k := range 8 {
			raw = append(raw, byte(w>>(8*k)))
		}
	}
	return base64.StdEncoding.AppendEncode(nil, raw), nil
}
