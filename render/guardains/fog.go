package guardains

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/arena-games/arena/game/guardains"
	"github.com/arena-games/arena/render"
)

// Darkness of the fog: over cells never seen, and over cells seen before
// but not in view this round. A seat's own chart draws nothing on the
// cells it never saw, and veils them less.
const (
	unseenAlpha    = 0.9
	seenAlpha      = 0.5
	unchartedAlpha = 0.55
)

// fogLayer is a seat's fog of war as an image of one pixel per cell, drawn
// stretched over the maze: linear filtering softens its edges. It is
// written again only when the frame or the seat changes.
type fogLayer struct {
	img   *ebiten.Image
	pix   []byte
	state *guardains.State
	mode  int
}

// draw darkens what seat mode does not see in state s.
func (f *fogLayer) draw(dst *ebiten.Image, s *guardains.State, mode int, cam *render.Camera) {
	if mode == godView {
		return
	}
	w, h := s.W(), s.H()
	if f.img == nil || f.img.Bounds().Dx() != w || f.img.Bounds().Dy() != h {
		if f.img != nil {
			f.img.Deallocate()
		}
		f.img = ebiten.NewImage(w, h)
		f.pix = make([]byte, 4*w*h)
		f.state = nil
	}
	if f.state != s || f.mode != mode {
		f.state, f.mode = s, mode
		vis, seen := s.Visible[mode-1], s.Seen[mode-1]
		unseen := unseenAlpha
		if s.Maze.Partial() {
			unseen = unchartedAlpha
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := guardains.Cell{X: x, Y: y}
				a := unseen
				switch {
				case vis.Has(c):
					a = 0
				case seen.Has(c):
					a = seenAlpha
				}
				i := 4 * (y*w + x)
				// Premultiplied: a deep blue-black veil.
				f.pix[i], f.pix[i+1], f.pix[i+2], f.pix[i+3] = byte(4*a), byte(6*a), byte(16*a), byte(255*a)
			}
		}
		f.img.WritePixels(f.pix)
	}
	var op ebiten.DrawImageOptions
	op.Filter = ebiten.FilterLinear
	op.GeoM.Scale(unit, unit)
	op.GeoM.Concat(cam.GeoM())
	dst.DrawImage(f.img, &op)
}
