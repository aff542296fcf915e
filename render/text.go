// Package render draws frames and the interface: text, panels and shapes
// from the sprite atlases, the View contract of each title, and the camera.
package render

import (
	"bytes"
	"image/color"
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
