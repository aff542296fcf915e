package lang

import (
	"strings"
	"unicode"
)

// latinToCyrillic is Serbian's Latin alphabet in Cyrillic, digraphs first.
var latinToCyrillic = strings.NewReplacer(
	"Lj", "Љ", "LJ", "Љ", "lj", "љ", "Nj", "Њ", "NJ", "Њ", "nj", "њ", "Dž", "Џ", "DŽ", "Џ", "dž", "џ",
	"A", "А", "B", "Б", "V", "В", "G", "Г", "D", "Д", "Đ", "Ђ", "E", "Е", "Ž", "Ж", "Z", "З", "I", "И", "J", "Ј",
	"K", "К", "L", "Л", "M", "М", "N", "Н", "O", "О", "P", "П", "R", "Р", "S", "С", "T", "Т", "Ć", "Ћ", "U", "У",
	"F", "Ф", "H", "Х", "C", "Ц", "Č", "Ч", "Š", "Ш",
	"a", "а", "b", "б", "v", "в", "g", "г", "d", "д", "đ", "ђ", "e", "е", "ž", "ж", "z", "з", "i", "и", "j", "ј",
	"k", "к", "l", "л", "m", "м", "n", "н", "o", "о", "p", "п", "r", "р", "s", "с", "t", "т", "ć", "ћ", "u", "у",
	"f", "ф", "h", "х", "c", "ц", "č", "ч", "š", "ш",
)

// keepLatin are words that Serbian Cyrillic writes in Latin letters: keys,
// acronyms, and names from the games and programs.
var keepLatin = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`Space Tab Esc Enter Home End Shift Ctrl Alt Backspace Delete PgUp PgDn
		Arena Santorini AlienWarz GuardAIns JetStream NATS AIBG AIC AIC21 UI PV HP XP ID TCP URL JSON CPU FPS OK GIF
		PNG HTTP UCI MB KB ms FEN MultiPV`) {
		keepLatin[w] = true
	}
}

// Transliterate writes Serbian Latin text in Cyrillic, word by word;
// words with letters Serbian does not have (q, w, x, y), with digits or
// underscores, --flags, fmt's verbs, escapes (\n) and keepLatin's words
// stay as they are.
func Transliterate(s string) string {
	var b strings.Builder
	word := func(w string) {
		if w == "" {
			return
		}
		if keepLatin[w] || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "qwxyQWXY0123456789%_") {
			b.WriteString(w)
			return
		}
		b.WriteString(latinToCyrillic.Replace(w))
	}
	start := 0
	escaped := false
	for i, r := range s {
		if escaped { // \n and \\ stay as they are
			escaped = false
			b.WriteRune(r)
			start = i + len(string(r))
			continue
		}
		if r == '\\' {
			word(s[start:i])
			b.WriteRune(r)
			escaped = true
			continue
		}
		if prev := s[max(0, i-1):i]; (r == '-' && (prev == "-" || i+1 < len(s) && s[i+1] == '-')) || r == '_' {
			continue // --flags and names_with_underscores are one word
		}
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '%' || (r == '.' && i > start)) {
			word(s[start:i])
			b.WriteRune(r)
			start = i + len(string(r))
		}
	}
	word(s[start:])
	return b.String()
}
