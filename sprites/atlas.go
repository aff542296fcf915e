package sprites

import (
	"image"
	"image/draw"
	"sort"

	"github.com/hajimehoshi/ebiten/v2"
)

// pad is the transparent border around each sprite in an atlas, so linear
// filtering never bleeds a neighbour in.
const pad = 2

// Pack puts images into one atlas texture and returns each as a sub-image of
// it, in the order given. Draws from one atlas batch into one command.
func Pack(imgs ...image.Image) []*ebiten.Image {
	_, subs := PackAtlas(imgs...)
	return subs
}

// PackAtlas is Pack that also returns the whole atlas, for drawing many
// sprites of it with one DrawTriangles call.
func PackAtlas(imgs ...image.Image) (*ebiten.Image, []*ebiten.Image) {
	order := make([]int, len(imgs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return imgs[order[a]].Bounds().Dy() > imgs[order[b]].Bounds().Dy() })
	width := 1024
	for _, img := range imgs {
		width = max(width, img.Bounds().Dx()+2*pad)
	}
	// Shelf packing: rows of sprites sorted by height.
	pos := make([]image.Point, len(imgs))
	x, y, rowH := 0, 0, 0
	for _, i := range order {
		b := imgs[i].Bounds()
		if x+b.Dx()+2*pad > width {
			x, y, rowH = 0, y+rowH, 0
		}
		pos[i] = image.Pt(x+pad, y+pad)
		x += b.Dx() + 2*pad
		rowH = max(rowH, b.Dy()+2*pad)
	}
	sheet := image.NewRGBA(image.Rect(0, 0, width, y+rowH))
	for i, img := range imgs {
		draw.Draw(sheet, img.Bounds().Sub(img.Bounds().Min).Add(pos[i]), img, img.Bounds().Min, draw.Src)
	}
	atlas := ebiten.NewImageFromImage(sheet)
	out := make([]*ebiten.Image, len(imgs))
	for i, img := range imgs {
		out[i] = atlas.SubImage(image.Rectangle{Min: pos[i], Max: pos[i].Add(img.Bounds().Size())}).(*ebiten.Image)
	}
	return atlas, out
}
