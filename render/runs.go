package render

import (
	"unicode"

	"github.com/go-text/typesetting/font"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// A line right to left that Vazirmatn cannot draw whole (a Cyrillic name,
// an arrow, a seat's shape) is laid out here run by run: text/v2's
// MultiFace puts its fonts' runs left to right, which reverses a Persian
// line around them. Each run is shaped in its own font and direction, and
// the runs stand right to left, in the line's order.

// run is a part of a line drawn in one font.
type run struct {
	s      string
	at     int // where it starts in the line, in bytes
	arabic bool
}

// vazirmatnHas keeps which runes Vazirmatn draws.
var vazirmatnHas = map[rune]bool{}

// inVazirmatn reports whether Vazirmatn has a glyph for r; true when its
// font cannot be asked (Ebitengine's UnsafeInternal changed), so that a
// line stays whole.
func inVazirmatn(r rune) bool {
	has, ok := vazirmatnHas[r]
	if !ok {
		has = true
		if f, isFace := source(Regular + 3).UnsafeInternal().(*font.Face); isFace {
			_, has = f.NominalGlyph(r)
		}
		vazirmatnHas[r] = has
	}
	return has
}

// runsOf splits line s into the runs Vazirmatn draws and the others; the
// spaces and marks between two of the others join them, so that a name of
// two words stays one run. It returns nil when Vazirmatn draws it all.
func runsOf(s string) []run {
	var runs []run
	split := false
	for i, r := range s {
		arabic := inVazirmatn(r)
		split = split || !arabic
		if n := len(runs); n > 0 && runs[n-1].arabic == arabic {
			runs[n-1].s = s[runs[n-1].at : i+len(string(r))]
			continue
		}
		runs = append(runs, run{s: s[i : i+len(string(r))], at: i, arabic: arabic})
	}
	if !split {
		return nil
	}
	// A run of spaces and marks between two runs in the Go font joins them.
	for i := 1; i+1 < len(runs); i++ {
		if runs[i].arabic && !runs[i-1].arabic && !runs[i+1].arabic && neutral(runs[i].s) {
			runs[i-1].s = s[runs[i-1].at : runs[i+1].at+len(runs[i+1].s)]
			runs = append(runs[:i], runs[i+2:]...)
			i--
		}
	}
	return runs
}

// neutral reports whether s has no letter and no digit.
func neutral(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// layoutRuns lays out line s of runs right to left at size in face k,
// aligned as a: its size, and its glyphs when glyphs is set.
func layoutRuns(runs []run, k faceKey, a Align, glyphs bool) (w, h float64, out []text.Glyph) {
	faces := make([]text.Face, len(runs))
	widths := make([]float64, len(runs))
	for i, r := range runs {
		if r.arabic {
			faces[i] = faceOf(k, r.s)
		} else {
			faces[i] = faceOf(faceKey{k.font, k.size, false}, r.s)
		}
		widths[i], h = text.Measure(r.s, faces[i], k.size*1.3)
		w += widths[i]
	}
	if !glyphs {
		return w, h, nil
	}
	x := w
	shift := [...]float64{0, -w / 2, -w}[a]
	for i, r := range runs {
		x -= widths[i]
		align := text.AlignStart
		if r.arabic && arabicScript(r.s) {
			align = text.AlignEnd // from its start on the right, as layoutOf
		}
		n := len(out)
		out = text.AppendGlyphs(out, r.s, faces[i], &text.LayoutOptions{LineSpacing: k.size * 1.3, PrimaryAlign: align})
		for j := n; j < len(out); j++ {
			out[j].X += x + shift
			out[j].StartIndexInBytes += r.at
			out[j].EndIndexInBytes += r.at
		}
	}
	return w, h, out
}
