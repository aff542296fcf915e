package render

import "strconv"

// smallNumbers is how far the numbers Itoa and Signed keep go: the counts
// a board shows (health, turns, ids, resources) are nearly all below it.
const smallNumbers = 1000

// The numbers 0..smallNumbers, written once: plain, and with a plus and a
// minus sign.
var numbers, gains, losses = func() (n, g, l [smallNumbers + 1]string) {
	for i := range n {
		n[i] = strconv.Itoa(i)
		g[i], l[i] = "+"+n[i], "-"+n[i]
	}
	return n, g, l
}()

// Itoa is n in decimal, as strconv.Itoa writes it; a number from -1000 to
// 1000 is made once, so a frame draws it without allocating. Its digits
// are ASCII in every language (boards draw them from glyph atlases); a
// text in the screens' digits is lang.N's or lang.F's.
func Itoa(n int) string {
	switch {
	case n >= 0 && n <= smallNumbers:
		return numbers[n]
	case n < 0 && -n <= smallNumbers:
		return losses[-n]
	}
	return strconv.Itoa(n)
}

// Signed is n with its sign, "+3", "-3" or "+0", as a gain or a loss
// floats over a board; without allocating from -1000 to 1000.
func Signed(n int) string {
	switch {
	case n >= 0 && n <= smallNumbers:
		return gains[n]
	case n < 0 && -n <= smallNumbers:
		return losses[-n]
	}
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// numbered are the labels Numbered made, and outOf those OutOf made.
var (
	numbered Cache[numberedKey, string]
	outOf    Cache[[2]int, string]
)

// numberedKey is a label of Numbered.
type numberedKey struct {
	prefix string
	n      int
	suffix string
}

// Numbered is n written between prefix and suffix ("−12 energy", "Turn
// 3"), made once for each label: a frame that shows it again allocates
// nothing.
func Numbered(prefix string, n int, suffix string) string {
	if prefix == "" && suffix == "" {
		return Itoa(n)
	}
	return numbered.Of(numberedKey{prefix, n, suffix}, func(k numberedKey) string { return k.prefix + Itoa(k.n) + k.suffix })
}

// OutOf is "a/b", as a health or a load is written, made once for each
// pair.
func OutOf(a, b int) string {
	return outOf.Of([2]int{a, b}, func(k [2]int) string { return Itoa(k[0]) + "/" + Itoa(k[1]) })
}
