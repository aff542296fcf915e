// Package movie writes pictures of a game as a film: an animated GIF
// (image/gif, with one palette built for the whole clip and ordered
// dithering), or an MP4 through Debian's ffmpeg where it is installed. It
// takes plain images and does not draw.
package movie

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"sort"
	"time"
)

// GIF collects a clip's frames as an animated GIF. Its palette is built
// once for the clip, from sample frames, so that colours do not flicker
// from frame to frame; each frame keeps only the rectangle that changed
// since the one before, the rest transparent.
type GIF struct {
	w, h   int
	pal    color.Palette
	lut    []uint8 // a 5-bit-per-channel colour's index in pal
	anim   gif.GIF
	prev   *image.Paletted // the whole picture after the last frame
	dither bool
	// clear is the palette's transparent index: "as the frame before".
	clear uint8
	// The pictures go to a worker that turns them into frames while the
	// next is drawn; free holds the buffers it is done with.
	work chan picture
	free chan *image.RGBA
	done chan struct{}
}

// picture is a picture on its way to the worker.
type picture struct {
	img *image.RGBA
	d   time.Duration
}

// NewGIF starts a w x h clip whose palette suits the sample pictures.
// dither spreads the palette's colours over gradients and glows.
func NewGIF(w, h int, samples []*image.RGBA, dither bool) *GIF {
	g := &GIF{w: w, h: h, dither: dither}
	g.pal = buildPalette(samples, 255)
	g.clear = uint8(len(g.pal))
	g.pal = append(g.pal, color.RGBA{})
	g.lut = make([]uint8, 1<<15)
	for i := range g.lut {
		r, gr, b := uint8(i>>10)<<3|4, uint8(i>>5&31)<<3|4, uint8(i&31)<<3|4
		g.lut[i] = uint8(nearest(g.pal[:len(g.pal)-1], r, gr, b))
	}
	g.anim.Config = image.Config{ColorModel: g.pal, Width: w, Height: h}
	g.work, g.free, g.done = make(chan picture, 2), make(chan *image.RGBA, 3), make(chan struct{})
	go func() {
		defer close(g.done)
		for p := range g.work {
			g.add(p.img, p.d)
			select {
			case g.free <- p.img:
			default: // enough buffers wait already
			}
		}
	}()
	return g
}

// Add appends a picture shown for d. The picture is copied: the caller may
// draw the next into it at once.
func (g *GIF) Add(img *image.RGBA, d time.Duration) {
	var buf *image.RGBA
	select {
	case buf = <-g.free:
	default:
		buf = image.NewRGBA(img.Rect)
	}
	copy(buf.Pix, img.Pix)
	g.work <- picture{buf, d}
}

// Close ends the clip: the worker stops once it has made the frames.
func (g *GIF) Close() { g.finish() }

// finish waits for the worker to turn every picture into a frame.
func (g *GIF) finish() {
	if g.work != nil {
		close(g.work)
		<-g.done
		g.work = nil
	}
}

// Frames is how many frames the clip has; it ends the clip.
func (g *GIF) Frames() int {
	g.finish()
	return len(g.anim.Image)
}

// bayer is the 4x4 ordered-dither matrix, centred on 0, in 5-bit steps.
var bayer = [16]int{0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5}

// add turns a picture shown for d into the clip's next frame.
func (g *GIF) add(img *image.RGBA, d time.Duration) {
	full := image.NewPaletted(image.Rect(0, 0, g.w, g.h), g.pal)
	b := img.Bounds()
	for y := 0; y < g.h && y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		out := full.Pix[y*full.Stride:]
		for x := 0; x < g.w && x < b.Dx(); x++ {
			r, gr, bl := int(row[4*x]), int(row[4*x+1]), int(row[4*x+2])
			if g.dither {
				k := bayer[(y&3)<<2|x&3] - 8 // -8..7: half a 5-bit step either way
				r, gr, bl = clamp(r+k/2), clamp(gr+k/2), clamp(bl+k/2)
			}
			out[x] = g.lut[(r>>3)<<10|(gr>>3)<<5|bl>>3]
		}
	}
	frame, delay := full, hundredths(d)
	if g.prev != nil {
		r := changed(g.prev, full)
		if r.Empty() {
			// Nothing changed: the last frame lasts longer.
			g.anim.Delay[len(g.anim.Delay)-1] += delay
			return
		}
		frame = image.NewPaletted(r, g.pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i := full.PixOffset(x, y)
				c := full.Pix[i]
				if c == g.prev.Pix[i] {
					c = g.clear
				}
				frame.Pix[frame.PixOffset(x, y)] = c
			}
		}
	}
	g.prev = full
	g.anim.Image = append(g.anim.Image, frame)
	g.anim.Delay = append(g.anim.Delay, delay)
	g.anim.Disposal = append(g.anim.Disposal, gif.DisposalNone)
}

// Write ends the clip and encodes it, looping forever.
func (g *GIF) Write(w io.Writer) error {
	g.finish()
	if len(g.anim.Image) == 0 {
		return fmt.Errorf("gif: no frames")
	}
	g.anim.LoopCount = 0
	g.anim.BackgroundIndex = 0
	return gif.EncodeAll(w, &g.anim)
}

// hundredths is d in the GIF's hundredths of a second, at least 2 (browsers
// slow anything shorter down).
func hundredths(d time.Duration) int { return max(2, int(math.Round(d.Seconds()*100))) }

func clamp(v int) int { return max(0, min(255, v)) }

// changed is the rectangle where two pictures differ.
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w, h := b.Rect.Dx(), b.Rect.Dy()
	for y := 0; y < h; y++ {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		x0 := -1
		for x := range rb {
			if ra[x] != rb[x] {
				x0 = x
				break
			}
		}
		if x0 < 0 {
			continue
		}
		x1 := x0
		for x := w - 1; x > x0; x-- {
			if ra[x] != rb[x] {
				x1 = x
				break
			}
		}
		r = r.Union(image.Rect(x0, y, x1+1, y+1))
	}
	return r
}

// nearest is the index of the palette's colour nearest (r, g, b), by a
// weighted distance close to how people see it.
func nearest(pal color.Palette, r, g, b uint8) int {
	best, bd := 0, math.MaxInt
	for i, c := range pal {
		p := c.(color.RGBA)
		dr, dg, db := int(r)-int(p.R), int(g)-int(p.G), int(b)-int(p.B)
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
			best, bd = i, d
		}
	}
	return best
}

// box is a set of 5-bit colours with their counts, for median cut.
type box struct{ colors []bin }

type bin struct {
	c     [3]int // 5-bit channels
	count int
}

// buildPalette picks up to n colours for the samples by median cut over
// their 5-bit colours, each weighted by how often it shows.
func buildPalette(samples []*image.RGBA, n int) color.Palette {
	counts := map[int]int{}
	for _, img := range samples {
		for i := 0; i+3 < len(img.Pix); i += 4 {
			counts[int(img.Pix[i]>>3)<<10|int(img.Pix[i+1]>>3)<<5|int(img.Pix[i+2]>>3)]++
		}
	}
	all := box{}
	for k, c := range counts {
		all.colors = append(all.colors, bin{[3]int{k >> 10, k >> 5 & 31, k & 31}, c})
	}
	if len(all.colors) == 0 {
		all.colors = []bin{{[3]int{0, 0, 0}, 1}}
	}
	sort.Slice(all.colors, func(i, j int) bool { return key(all.colors[i].c) < key(all.colors[j].c) })
	boxes := []box{all}
	for len(boxes) < n {
		// Split the box with the most pixels times its widest spread.
		bi, score := -1, 0
		for i, b := range boxes {
			if len(b.colors) < 2 {
				continue
			}
			_, spread := b.widest()
			if s := b.total() * (spread + 1); s > score {
				bi, score = i, s
			}
		}
		if bi < 0 {
			break
		}
		a, b := boxes[bi].split()
		boxes[bi] = a
		boxes = append(boxes, b)
	}
	pal := make(color.Palette, 0, len(boxes))
	for _, b := range boxes {
		pal = append(pal, b.mean())
	}
	return pal
}

func key(c [3]int) int { return c[0]<<10 | c[1]<<5 | c[2] }

func (b box) total() int {
	t := 0
	for _, c := range b.colors {
		t += c.count
	}
	return t
}

// widest is the channel with the widest range, and that range.
func (b box) widest() (int, int) {
	lo, hi := [3]int{31, 31, 31}, [3]int{}
	for _, c := range b.colors {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], c.c[k]), max(hi[k], c.c[k])
		}
	}
	best := 0
	for k := 1; k < 3; k++ {
		if hi[k]-lo[k] > hi[best]-lo[best] {
			best = k
		}
	}
	return best, hi[best] - lo[best]
}

// split cuts the box at the median pixel of its widest channel.
func (b box) split() (box, box) {
	k, _ := b.widest()
	cs := append([]bin(nil), b.colors...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].c[k] < cs[j].c[k] })
	half, sum, at := b.total()/2, 0, 1
	for i, c := range cs {
		sum += c.count
		if sum >= half {
			at = max(1, min(len(cs)-1, i+1))
			break
		}
	}
	return box{cs[:at]}, box{cs[at:]}
}

// mean is the box's colour, weighted by count, back in 8 bits.
func (b box) mean() color.RGBA {
	var s [3]float64
	t := 0.0
	for _, c := range b.colors {
		for k := range 3 {
			s[k] += float64(c.c[k]*8+4) * float64(c.count)
		}
		t += float64(c.count)
	}
	return color.RGBA{uint8(s[0] / t), uint8(s[1] / t), uint8(s[2] / t), 0xff}
}
