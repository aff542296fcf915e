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
// for a few cells on screen, far for the whole maze.
var detail = [2]int{16, 4}

var wallColor = color.NRGBA{0x8f, 0xb6, 0xe8, 0xff}

// mazePicture is the maze drawn into one image per level of detail, chunk
// by chunk: a chunk is drawn when it first comes into view and again only
// when its walls change (Drax breaks one). A frame then draws the part on
// screen as a single image.
type mazePicture struct {
	w, h   int
	cols   int
	levels [2]mazeLevel
	sheet  *sprites.GuardAIns
	batch  render.Batch
}

// mazeLevel is the picture at one level of detail, with the maze each chunk
// was drawn from (nil: not drawn yet).
type mazeLevel struct {
	img  *ebiten.Image
	from []*guardains.Maze
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
		mp.levels[l].from = make([]*guardains.Maze, mp.cols*rows)
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

// image returns the picture of cells [x0, x1) x [y0, y1) of maze m at
// level l, first drawing the chunks that are new there or whose walls
// differ from m's.
func (mp *mazePicture) image(m *guardains.Maze, l, x0, y0, x1, y1 int) *ebiten.Image {
	lv := &mp.levels[l]
	px := detail[l]
	if lv.img == nil {
		lv.img = ebiten.NewImage(m.W*px, m.H*px)
	}
	for cy := y0 / chunkCells; cy <= (y1-1)/chunkCells; cy++ {
		for cx := x0 / chunkCells; cx <= (x1-1)/chunkCells; cx++ {
			from := &lv.from[cy*mp.cols+cx]
			if *from != m && (*from == nil || !sameWalls(*from, m, cx, cy)) {
				mp.drawChunk(lv.img, m, px, cx, cy)
			}
			*from = m
		}
	}
	return lv.img.SubImage(image.Rect(x0*px, y0*px, x1*px, y1*px)).(*ebiten.Image)
}

// sameWalls reports whether two mazes have the same walls in a chunk.
func sameWalls(a, b *guardains.Maze, cx, cy int) bool {
	for y := cy * chunkCells; y < min(b.H, (cy+1)*chunkCells); y++ {
		for x := cx * chunkCells; x < min(b.W, (cx+1)*chunkCells); x++ {
			c := guardains.Cell{X: x, Y: y}
			if a.Open(c, guardains.Right) != b.Open(c, guardains.Right) || a.Open(c, guardains.Down) != b.Open(c, guardains.Down) {
				return false
			}
		}
	}
	return true
}

// drawChunk draws chunk (cx, cy)'s floor and walls at px pixels per cell.
func (mp *mazePicture) drawChunk(dst *ebiten.Image, m *guardains.Maze, px, cx, cy int) {
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
			b.AddRect(sh.Floor, float64(x)*p, float64(y)*p, p, p, render.White)
		}
	}
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c := guardains.Cell{X: x, Y: y}
			lx, ly := float64(x)*p, float64(y)*p
			if !m.Open(c, guardains.Right) {
				b.AddRect(sh.Pixel, lx+p-wall/2, ly-wall/2, wall, p+wall, wallColor)
			}
			if !m.Open(c, guardains.Down) {
				b.AddRect(sh.Pixel, lx-wall/2, ly+p-wall/2, p+wall, wall, wallColor)
			}
			// The chunk's first column and row also draw the walls on their
			// left and top, which the neighbouring chunk would cut in half.
			if x == x0 && !m.Open(c, guardains.Left) {
				b.AddRect(sh.Pixel, lx-wall/2, ly-wall/2, wall, p+wall, wallColor)
			}
			if y == y0 && !m.Open(c, guardains.Up) {
				b.AddRect(sh.Pixel, lx-wall/2, ly-wall/2, p+wall, wall, wallColor)
			}
		}
	}
	b.Flush(sub)
}
