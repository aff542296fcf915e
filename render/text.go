// Package render draws frames and the interface: text, panels and shapes
// from the sprite atlases, the View contract of each title, and the camera.
package render

import (
	"bytes"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Font is one of the Go fonts.
type Font int

// The fonts Arena uses.
const (
	Regular Font = iota
	Bold
	Mono
)

// Align is the horizontal alignment of text around its x position.
type Align int

// Alignments.
const (
	Left Align = iota
	Center
	Right
)

type faceKey struct {
	font Font
	size float64
}

var (
	sourcesOnce sync.Once
	sources     [3]*text.GoTextFaceSource
	faces       = map[faceKey]*text.GoTextFace{}
	textOp      text.DrawOptions
)

func source(f Font) *text.GoTextFaceSource {
	sourcesOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
			s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
			if err != nil {
				panic(err) // the embedded Go fonts always parse
			}
			sources[i] = s
		}
	})
	return sources[f]
}

// Face returns the font at a pixel size, rounded to a half pixel so faces are
// reused from frame to frame.
func Face(f Font, size float64) *text.GoTextFace {
	size = float64(int(size*2+0.5)) / 2
	k := faceKey{f, size}
	if face, ok := faces[k]; ok {
		return face
	}
	face := &text.GoTextFace{Source: source(f), Size: size}
	faces[k] = face
	return face
}

// Text draws s with its top at y, aligned around x.
func Text(dst *ebiten.Image, s string, f Font, size, x, y float64, c color.NRGBA, a Align) {
	face := Face(f, size)
	textOp.GeoM.Reset()
	textOp.ColorScale.Reset()
	textOp.GeoM.Translate(x, y)
	textOp.ColorScale.ScaleWithColor(c)
	textOp.PrimaryAlign = text.Align(a)
	textOp.LineSpacing = size * 1.3
	text.Draw(dst, s, face, &textOp)
}

// Measure returns the width and height of s.
func Measure(s string, f Font, size float64) (w, h float64) {
	return text.Measure(s, Face(f, size), size*1.3)
}

// Clip shortens s with an ellipsis so that it fits width w.
func Clip(s string, f Font, size, w float64) string {
	if tw, _ := Measure(s, f, size); tw <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if tw, _ := Measure(string(r)+"…", f, size); tw <= w {
			break
		}
	}
	return string(r) + "…"
}

// Shrink is the size, at most size and at least least, at which s fits
// width w; least when even that is too wide.
func Shrink(s string, f Font, size, least, w float64) float64 {
	for size > least {
		if tw, _ := Measure(s, f, size); tw <= w {
			return size
		}
		size = math.Max(least, size*0.92)
	}
	return least
}

// FitText draws s in width w: shrunk down to 75% of size where needed,
// then cut with an ellipsis.
func FitText(dst *ebiten.Image, s string, f Font, size, x, y, w float64, c color.NRGBA, a Align) {
	size = Shrink(s, f, size, size*0.75, w)
	Text(dst, Clip(s, f, size, w), f, size, x, y, c, a)
}

// Wrap breaks s into lines that fit width w, keeping its newlines; a word
// wider than w alone is cut with an ellipsis.
func Wrap(s string, f Font, size, w float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if tw, _ := Measure(try, f, size); tw > w && line != "" {
				lines = append(lines, Clip(line, f, size, w))
				line = word
				continue
			}
			line = try
		}
		if line != "" {
			lines = append(lines, Clip(line, f, size, w))
		}
	}
	return lines
}

// WrapText draws s broken into lines that fit width w, and returns the y
// under it.
func WrapText(dst *ebiten.Image, s string, f Font, size, x, y, w float64, c color.NRGBA) float64 {
	for _, l := range Wrap(s, f, size, w) {
		Text(dst, l, f, size, x, y, c, Left)
		y += size * 1.35
	}
	return y
}

// ClipWords shortens s to fit width w, cutting after a whole word where it
// can, with an ellipsis.
func ClipWords(s string, f Font, size, w float64) string {
	if tw, _ := Measure(s, f, size); tw <= w {
		return s
	}
	words := strings.Fields(s)
	for n := len(words) - 1; n > 0; n-- {
		try := strings.Join(words[:n], " ") + " …"
		if tw, _ := Measure(try, f, size); tw <= w {
			return try
		}
	}
	return Clip(s, f, size, w)
}
