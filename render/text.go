// Package render draws frames and the interface: text, panels and shapes
// from the sprite atlases, the View contract of each title, and the camera.
package render

import (
	"bytes"
	_ "embed"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/arena-games/arena/internal/lang"
)

// Vazirmatn (SIL Open Font License 1.1, fonts/OFL.txt) draws the Arabic
// script: Persian, and names written in it.
var (
	//go:embed fonts/Vazirmatn-Regular.ttf
	vazirmatn []byte
	//go:embed fonts/Vazirmatn-Bold.ttf
	vazirmatnBold []byte
)

// Font is one of the Go fonts; each falls back to Vazirmatn for the
// Arabic script.
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

// faceKey is a font at a size in the screens' direction: a text in the
// Arabic script lays out right to left in a language written so.
type faceKey struct {
	font Font
	size float64
	rtl  bool
}

var (
	sourcesOnce sync.Once
	// sources are the Go fonts, then Vazirmatn and its bold.
	sources [5]*text.GoTextFaceSource
	faces   = map[faceChoice]text.Face{}
	// heard, when set, hears every text that Text draws.
	heard func(s string)
	// layouts are the texts laid out so far, for Text and Measure; glyphOp
	// draws their glyphs.
	layouts Cache[layoutKey, *layout]
	glyphOp ebiten.DrawImageOptions
	// fits, clips, clipWords and wraps are what FitText, Clip, ClipWords
	// and Wrap made of a text for a width.
	fits      Cache[fitKey, fitted]
	clips     Cache[fitKey, string]
	clipWords Cache[fitKey, string]
	wraps     Cache[fitKey, []string]
)

// layoutKey is a text as it is laid out: its words, font, size and
// alignment.
type layoutKey struct {
	s     string
	face  faceKey
	align Align
}

// layout is a text laid out once: its glyphs and its size.
type layout struct {
	// glyphs are nil until the text is drawn.
	glyphs []text.Glyph
	w, h   float64
	// runs are a line right to left in more than one font (runs.go).
	runs []run
}

// fitKey is a text to fit a width.
type fitKey struct {
	s    string
	face faceKey
	w    float64
}

// fitted is a text as FitText draws it.
type fitted struct {
	s    string
	size float64
}

func source(f Font) *text.GoTextFaceSource {
	sourcesOnce.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF, vazirmatn, vazirmatnBold} {
			s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
			if err != nil {
				panic(err) // the embedded fonts always parse
			}
			sources[i] = s
		}
	})
	return sources[f]
}

// faceKeyOf is the face of font f at size, rounded to a half pixel so
// that faces are reused from frame to frame, in the direction of the
// screens' language.
func faceKeyOf(f Font, size float64) faceKey {
	return faceKey{f, float64(int(size*2+0.5)) / 2, lang.RTL()}
}

// faceOf is the face that lays out s in k: the Go font alone for a text
// without the Arabic script, left to right in every language (names and
// notation); else Vazirmatn first (it has the Latin letters and the
// digits too), then the Go font for what it lacks (Cyrillic), so that a
// line mixing scripts is one run that the Unicode bidirectional algorithm
// orders as a whole, right to left in a language written so.
func faceOf(k faceKey, s string) text.Face {
	arabicFirst := arabicScript(s)
	k.rtl = k.rtl && arabicFirst
	fk := faceChoice{k, arabicFirst}
	if face, ok := faces[fk]; ok {
		return face
	}
	dir := text.DirectionLeftToRight
	if k.rtl {
		dir = text.DirectionRightToLeft
	}
	goFace := &text.GoTextFace{Source: source(k.font), Size: k.size, Direction: dir}
	var face text.Face = goFace
	if arabicFirst {
		arabic := source(Regular + 3)
		if k.font == Bold {
			arabic = source(Bold + 3)
		}
		multi, err := text.NewMultiFace(&text.GoTextFace{Source: arabic, Size: k.size, Direction: dir}, goFace)
		if err != nil {
			panic(err) // the faces share their direction
		}
		face = multi
	}
	faces[fk] = face
	return face
}

// faceChoice is a face and whether Vazirmatn comes first in it.
type faceChoice struct {
	faceKey
	arabicFirst bool
}

// arabicScript reports whether s has a letter of the Arabic script.
func arabicScript(s string) bool {
	for _, r := range s {
		if r >= 0x0600 && r <= 0x06FF || r >= 0x0750 && r <= 0x077F || r >= 0xFB50 && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF {
			return true
		}
	}
	return false
}

// ListenText makes f hear every text that Text draws from now on, for
// tests that read the words on the screens; nil stops it.
func ListenText(f func(s string)) { heard = f }

// layoutOf is s laid out in font f at size, aligned as a: the first time
// by Ebitengine's text package, then from the cache, so that a text drawn
// again draws without allocating. Its glyphs are rasterised on the first
// call that draws it (glyphs set).
func layoutOf(s string, f Font, size float64, a Align, glyphs bool) *layout {
	k := layoutKey{s, faceKeyOf(f, size), a}
	l, ok := layouts.Get(k)
	if !ok {
		l = &layout{}
		if k.face.rtl && arabicScript(s) && !strings.Contains(s, "\n") {
			l.runs = runsOf(s)
		}
		if l.runs != nil {
			l.w, l.h, _ = layoutRuns(l.runs, k.face, a, false)
		} else {
			l.w, l.h = text.Measure(s, faceOf(k.face, s), size*1.3)
		}
		layouts.Put(k, l)
	}
	if glyphs && l.glyphs == nil && l.runs != nil {
		_, _, l.glyphs = layoutRuns(l.runs, k.face, a, true)
	}
	if glyphs && l.glyphs == nil {
		align := text.Align(a)
		if k.face.rtl && arabicScript(s) { // text/v2 aligns right-to-left text from its start, on the right
			align = [...]text.Align{text.AlignEnd, text.AlignCenter, text.AlignStart}[a]
		}
		op := text.LayoutOptions{LineSpacing: size * 1.3, PrimaryAlign: align}
		l.glyphs = text.AppendGlyphs(make([]text.Glyph, 0, len(s)), s, faceOf(k.face, s), &op)
	}
	return l
}

// Text draws s with its top at y, aligned around x: the glyphs that
// Ebitengine's text.Draw would draw, where it would draw them.
func Text(dst *ebiten.Image, s string, f Font, size, x, y float64, c color.NRGBA, a Align) {
	if heard != nil {
		heard(s)
	}
	op := &glyphOp
	l := layoutOf(s, f, size, a, true)
	bounds := dst.Bounds()
	for i := range l.glyphs {
		g := &l.glyphs[i]
		if g.Image == nil {
			continue
		}
		gx, gy := math.Floor(g.X+x), math.Floor(g.Y+y)
		gb := g.Image.Bounds()
		if gx+float64(gb.Dx())+1 < float64(bounds.Min.X) || gx > float64(bounds.Max.X) ||
			gy+float64(gb.Dy())+1 < float64(bounds.Min.Y) || gy > float64(bounds.Max.Y) {
			continue // off the image, as text.Draw leaves it
		}
		op.GeoM.Reset()
		op.GeoM.Translate(g.X, g.Y)
		op.GeoM.Translate(x, y)
		op.ColorScale.Reset()
		if g.Colored {
			op.ColorScale.ScaleAlpha(float32(c.A) / 255)
		} else {
			// As ColorScale.ScaleWithColor tints, without making c an
			// interface value (which allocates).
			r, g, b, a := c.RGBA()
			op.ColorScale.Scale(float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff)
		}
		dst.DrawImage(g.Image, op)
	}
}

// Measure returns the width and height of s.
func Measure(s string, f Font, size float64) (w, h float64) {
	l := layoutOf(s, f, size, Left, false)
	return l.w, l.h
}

// Clip shortens s with an ellipsis so that it fits width w.
func Clip(s string, f Font, size, w float64) string {
	if tw, _ := Measure(s, f, size); tw <= w {
		return s
	}
	return clips.Of(fitKey{s, faceKeyOf(f, size), w}, func(fitKey) string { return clip(s, f, size, w) })
}

// clip is Clip, worked out.
func clip(s string, f Font, size, w float64) string {
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
	fit := fits.Of(fitKey{s, faceKeyOf(f, size), w}, func(fitKey) fitted {
		size := Shrink(s, f, size, size*0.75, w)
		return fitted{Clip(s, f, size, w), size}
	})
	Text(dst, fit.s, f, fit.size, x, y, c, a)
}

// Wrap breaks s into lines that fit width w, keeping its newlines; a word
// wider than w alone is cut with an ellipsis. The lines are kept for the
// next frames and shared: they are not to be changed.
func Wrap(s string, f Font, size, w float64) []string {
	return wraps.Of(fitKey{s, faceKeyOf(f, size), w}, func(fitKey) []string { return wrap(s, f, size, w) })
}

// wrap is Wrap, worked out.
func wrap(s string, f Font, size, w float64) []string {
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
	return clipWords.Of(fitKey{s, faceKeyOf(f, size), w}, func(fitKey) string { return clipAtWords(s, f, size, w) })
}

// clipAtWords is ClipWords, worked out.
func clipAtWords(s string, f Font, size, w float64) string {
	words := strings.Fields(s)
	for n := len(words) - 1; n > 0; n-- {
		try := strings.Join(words[:n], " ") + " …"
		if tw, _ := Measure(try, f, size); tw <= w {
			return try
		}
	}
	return Clip(s, f, size, w)
}
