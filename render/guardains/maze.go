package guardains

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
	"github.com/arena-games/arena/sprites"
)

// chunkCells is the side of a chunk of the maze, in cells: the part of the
// maze's picture that is drawn at once.
const chunkCells = 32

// The two levels of detail of the maze's picture, in pixels per cell: near
// for a few cells on screen, far for a part of the maze.
var detail = [2]int{16, 4}

// blockCell is a cell's side on screen, in pixels, under which the maze is
// drawn as blocks (the minimap's picture: walls as wide as the
// corridors), which stay clean where thin walls alias into noise; the
// two crossfade over a pixel either side of it.
const blockCell = 6

// blockTint dims the blocks of the whole maze under the units' markers.
var blockTint = [3]float32{0.8, 0.82, 0.88}

var (
	wallColor = color.NRGBA{0x8f, 0xb6, 0xe8, 0xff}
	// On a seat's chart: unknownSide is a side of a cell the seat saw
	// that no line of sight showed; uncharted tints the floor of a cell
	// it never saw, and unknownMark marks the cell's corner.
	unknownSide = color.NRGBA{0x8f, 0xb6, 0xe8, 0x60}
	unknownMark = color.NRGBA{0x5a, 0x70, 0x98, 0x90}
	uncharted   = color.NRGBA{0x60, 0x68, 0x90, 0xff}
)

// mazePicture is the maze drawn into one image per level of detail, chunk
// by chunk: a chunk is drawn when it first comes into view and again only
// when its walls change (Drax breaks one), or, for a seat's maze, when
// the seat comes to see more of it. A frame then draws the part on screen
// as a single image.
type mazePicture struct {
	w, h   int
	cols   int
	levels [2]mazeLevel
	sheet  *sprites.GuardAIns
	batch  render.Batch
}

// mazeLevel is the picture at one level of detail, with the maze and the
// cells seen that each chunk was drawn from (a nil maze: not drawn yet).
type mazeLevel struct {
	img  *ebiten.Image
	from []chart
}

// chart is what a picture of the maze shows: the maze, and for a seat's
// maze the cells the seat has seen (nil: every cell, the game's own maze).
type chart struct {
	maze *guardains.Maze
	seen *guardains.Bits
}

// chartOf is the maze state s shows: a seat's state shows the seat's maze
// and the cells it has seen; the whole game's, all of it.
func chartOf(s *guardains.State) chart {
	if s.Observer != 0 && s.Maze.Partial() {
		return chart{s.Maze, s.Seen[s.Observer-1]}
	}
	return chart{maze: s.Maze}
}

// charted reports whether cell c is on the chart: seen, or the whole maze.
func (ch chart) charted(c guardains.Cell) bool {
	return ch.maze.In(c) && (ch.seen == nil || ch.seen.Has(c))
}

func (mp *mazePicture) reset(m *guardains.Maze, sheet *sprites.GuardAIns) {
	if mp.w == m.W && mp.h == m.H {
		return
	}
	mp.dispose()
	mp.w, mp.h, mp.sheet = m.W, m.H, sheet
	mp.cols = (m.W + chunkCells - 1) / chunkCells
	rows := (m.H + chunkCells - 1) / chunkCells
	for l := range mp.levels {
		mp.levels[l].from = make([]chart, mp.cols*rows)
	}
}

func (mp *mazePicture) dispose() {
	for l := range mp.levels {
		if img := mp.levels[l].img; img != nil {
			img.Deallocate()
		}
		mp.levels[l] = mazeLevel{}
	}
}

// image returns the picture of cells [x0, x1) x [y0, y1) of chart ch at
// level l, first drawing the chunks that are new there or that look
// different on ch.
func (mp *mazePicture) image(ch chart, l, x0, y0, x1, y1 int) *ebiten.Image {
	m := ch.maze
	lv := &mp.levels[l]
	px := detail[l]
	if lv.img == nil {
		lv.img = ebiten.NewImage(m.W*px, m.H*px)
	}
	for cy := y0 / chunkCells; cy <= (y1-1)/chunkCells; cy++ {
		for cx := x0 / chunkCells; cx <= (x1-1)/chunkCells; cx++ {
			from := &lv.from[cy*mp.cols+cx]
			if *from != ch && (from.maze == nil || !sameChunk(*from, ch, cx, cy)) {
				mp.drawChunk(lv.img, ch, px, cx, cy)
			}
			*from = ch
		}
	}
	return lv.img.SubImage(image.Rect(x0*px, y0*px, x1*px, y1*px)).(*ebiten.Image)
}

// sameChunk reports whether two charts look the same in a chunk: the same
// walls, the same sides known, the same cells seen, also in the row and
// column beside it, whose sides the chunk draws too.
func sameChunk(a, b chart, cx, cy int) bool {
	if (a.seen == nil) != (b.seen == nil) {
		return false
	}
	for y := max(0, cy*chunkCells-1); y < min(b.maze.H, (cy+1)*chunkCells); y++ {
		for x := max(0, cx*chunkCells-1); x < min(b.maze.W, (cx+1)*chunkCells); x++ {
			c := guardains.Cell{X: x, Y: y}
			if a.charted(c) != b.charted(c) {
				return false
			}
			for _, dir := range [2]int{guardains.Right, guardains.Down} {
				if a.maze.Open(c, dir) != b.maze.Open(c, dir) || a.maze.Known(c, dir) != b.maze.Known(c, dir) {
					return false
				}
			}
		}
	}
	return true
}

// Looks of the sides of a cell on the chart.
const (
	sideNone    = iota // open, or between two cells never seen
	sideWall           // a wall, seen
	sideUnknown        // a side of a cell seen that no line of sight showed
)

// side is how the side of cell c in direction dir looks on chart ch.
func (ch chart) side(c guardains.Cell, dir int) int {
	n := c.Step(dir, 1)
	switch {
	case !ch.charted(c) && !ch.charted(n), ch.maze.Open(c, dir):
		return sideNone
	case ch.maze.Known(c, dir):
		return sideWall
	}
	return sideUnknown
}

// drawChunk draws chunk (cx, cy)'s floor and walls at px pixels per cell:
// on a seat's chart only the cells it has seen have a floor, and a side
// that no line of sight showed is a faint dotted line.
func (mp *mazePicture) drawChunk(dst *ebiten.Image, ch chart, px, cx, cy int) {
	m := ch.maze
	sh := mp.sheet
	x0, y0 := cx*chunkCells, cy*chunkCells
	x1, y1 := min(m.W, x0+chunkCells), min(m.H, y0+chunkCells)
	area := image.Rect(x0*px, y0*px, x1*px, y1*px)
	sub := dst.SubImage(area).(*ebiten.Image)
	sub.Clear()
	b := &mp.batch
	b.Begin(sh.Atlas)
	p := float64(px)
	wall := max(1, p/6)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if ch.charted(guardains.Cell{X: x, Y: y}) {
				b.AddRect(sh.Floor, float64(x)*p, float64(y)*p, p, p, render.White)
				continue
			}
			// Uncharted: a darker floor, and a mark where the cell's corner
			// is, so that the grid reads without telling any wall.
			b.AddRect(sh.Floor, float64(x)*p, float64(y)*p, p, p, uncharted)
			if px >= 8 {
				b.AddRect(sh.Pixel, float64(x)*p-wall/2, float64(y)*p-wall/2, wall, wall, unknownMark)
			}
		}
	}
	// side draws the side of c in direction dir (Right or Down; Left and
	// Up for the chunk's first column and row) from (lx, ly), along x or y.
	side := func(c guardains.Cell, dir int, lx, ly float64, vertical bool) {
		look := ch.side(c, dir)
		if look == sideNone {
			return
		}
		w, h := p+wall, wall
		if vertical {
			w, h = h, w
		}
		if look == sideWall {
			b.AddRect(sh.Pixel, lx-wall/2, ly-wall/2, w, h, wallColor)
			return
		}
		if px < 8 {
			b.AddRect(sh.Pixel, lx-wall/2, ly-wall/2, w, h, unknownSide)
			return
		}
		// Dots along the side.
		const dots = 4
		for k := range dots {
			t := (float64(k) + 0.5) / dots * p
			if vertical {
				b.AddRect(sh.Pixel, lx-wall/2, ly+t-wall/2, wall, wall, unknownSide)
			} else {
				b.AddRect(sh.Pixel, lx+t-wall/2, ly-wall/2, wall, wall, unknownSide)
			}
		}
	}
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c := guardains.Cell{X: x, Y: y}
			lx, ly := float64(x)*p, float64(y)*p
			side(c, guardains.Right, lx+p, ly, true)
			side(c, guardains.Down, lx, ly+p, false)
			// The chunk's first column and row also draw the sides on their
			// left and top, which the neighbouring chunk would cut in half.
			if x == x0 {
				side(c, guardains.Left, lx, ly, true)
			}
			if y == y0 {
				side(c, guardains.Up, lx, ly, false)
			}
		}
	}
	b.Flush(sub)
}
