package lang

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// A Phrase is a text made elsewhere for the screens, kept as its English
// format and its arguments so that F says it in the screens' language.
type Phrase interface {
	Phrase() (format string, args []any)
}

// Pseudo's marks around every word of a text that the catalogue has.
const (
	PseudoOpen  = "⟦"
	PseudoClose = "⟧"
)

// T is text s in the screens' language: s itself where the catalogue has
// no entry for it (a name, a number).
func T(s string) string {
	t := Current()
	e := catalogue[s]
	if e == nil {
		return s
	}
	if t == Pseudo {
		return pseudo(s)
	}
	return e.form(t, -1)
}

// F formats args by format, as fmt.Sprintf, in the screens' language: the
// catalogue's entry for format, the plural form that its first
// whole-number argument asks for, numbers in the language's digits, and
// each Phrase argument said in turn.
func F(format string, args ...any) string {
	t := Current()
	e := catalogue[format]
	local := make([]any, len(args))
	count := -1
	for i, a := range args {
		switch v := a.(type) {
		case Phrase:
			f, args := v.Phrase()
			local[i] = F(f, args...)
			continue
		case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
			if count < 0 {
				n, _ := strconv.Atoi(fmt.Sprint(v))
				count = max(0, n)
			}
			if t == Fa {
				local[i] = number{v}
				continue
			}
		case float32, float64:
			if t == Fa {
				local[i] = number{v}
				continue
			}
		}
		local[i] = a
	}
	switch {
	case e == nil:
		return fmt.Sprintf(format, local...)
	case t == Pseudo:
		return pseudo(fmt.Sprintf(format, local...))
	}
	return fmt.Sprintf(e.form(t, count), local...)
}

// pseudo is s in the pseudo-language: each of its words marked, so that
// the marks survive a text broken into lines.
func pseudo(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		space := r == ' ' || r == '\n'
		switch {
		case !space && !in:
			b.WriteString(PseudoOpen)
			in = true
		case space && in:
			b.WriteString(PseudoClose)
			in = false
		}
		b.WriteRune(r)
	}
	if in {
		b.WriteString(PseudoClose)
	}
	return b.String()
}

// N is whole number n in the screens' digits.
func N(n int) string { return Digits(strconv.Itoa(n)) }

// Digits is s with its ASCII digits in the screens' digits (Persian's
// ۰–۹ and its decimal mark ٫ after a digit).
func Digits(s string) string {
	if Current() != Fa {
		return s
	}
	return persianDigits(s)
}

// persianDigits writes s's digits, and a point between digits, in Persian.
func persianDigits(s string) string {
	var b strings.Builder
	b.Grow(len(s) * 2)
	prevDigit := false
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune('۰' + (r - '0'))
			prevDigit = true
			continue
		case r == '.' && prevDigit && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			b.WriteRune('٫')
		default:
			b.WriteRune(r)
		}
		prevDigit = false
	}
	return b.String()
}

// number is a numeric argument printed in Persian digits.
type number struct{ v any }

// Format prints the number as fmt would, in Persian digits.
func (n number) Format(f fmt.State, verb rune) {
	d := "%"
	for _, flag := range "+-# 0" {
		if f.Flag(int(flag)) {
			d += string(flag)
		}
	}
	if w, ok := f.Width(); ok {
		d += strconv.Itoa(w)
	}
	if p, ok := f.Precision(); ok {
		d += "." + strconv.Itoa(p)
	}
	fmt.Fprint(f, persianDigits(fmt.Sprintf(d+string(verb), n.v)))
}

// cldr are the languages' tags for their plural rules.
var cldr = map[Tag]language.Tag{En: language.English, SrLatn: language.Serbian, SrCyrl: language.Serbian, Fa: language.Persian}

// form is the entry's text in language t for count n (-1 for no count):
// the plural form n asks for, else the entry's one form, else its other,
// else the key.
func (e *Entry) form(t Tag, n int) string {
	forms := e.Text[t]
	if n >= 0 && len(forms) > 0 {
		if s, ok := forms[pluralForm(t, n)]; ok {
			return s
		}
	}
	if s, ok := forms[""]; ok {
		return s
	}
	if s, ok := forms[Other]; ok {
		return s
	}
	return e.Key
}

// pluralForm is the form that count n takes in language t.
func pluralForm(t Tag, n int) Form {
	switch plural.Cardinal.MatchPlural(cldr[t], n, 0, 0, 0, 0) {
	case plural.One:
		return One
	case plural.Two:
		return Two
	case plural.Few:
		return Few
	case plural.Many:
		return Many
	}
	return Other
}

// Say is phrase p in the screens' language.
func Say(p Phrase) string {
	format, args := p.Phrase()
	return F(format, args...)
}
