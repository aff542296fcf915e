package lang

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

var cyrillic = flag.Bool("cyrillic", false, "write each missing sr-Cyrl entry, transliterated from its sr-Latn one, into the catalogue")

// forms are the plural forms each language's rules use.
var forms = map[Tag][]Form{En: {One, Other}, SrLatn: {One, Few, Other}, SrCyrl: {One, Few, Other}, Fa: {One, Other}}

// verbs finds fmt's verbs in a format.
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// verbsOf is the verbs of s, without flags, widths or indexes, sorted.
func verbsOf(s string) string {
	var out []string
	for _, v := range verbs.FindAllString(s, -1) {
		out = append(out, v[len(v)-1:])
	}
	sortStrings(out)
	return strings.Join(out, " ")
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestCatalogue: every key has its text in every language, with the
// same arguments as the English, each plural form its language's rules
// use, and the script its language is written in.
func TestCatalogue(t *testing.T) {
	if *cyrillic {
		fillCyrillic(t)
	}
	c, err := LoadCatalogue(os.DirFS("catalogue"))
	require.NoError(t, err)
	require.NotEmpty(t, c)
	for key, e := range c {
		where := e.File + ":" + itoa(e.Line) + " " + key
		for _, tag := range []Tag{SrLatn, SrCyrl, Fa} {
			texts := e.Text[tag]
			if len(texts) == 0 {
				t.Errorf("%s: no %s entry", where, tag)
				continue
			}
			if _, single := texts[""]; !single {
				for _, f := range forms[tag] {
					if _, ok := texts[f]; !ok {
						t.Errorf("%s: %s has plural forms but not %q", where, tag, f)
					}
				}
			}
			for f, s := range texts {
				if verbsOf(s) != verbsOf(key) {
					t.Errorf("%s: %s %s %q formats %q, the key %q", where, tag, f, s, verbsOf(s), verbsOf(key))
				}
				if bad := wrongScript(tag, s); bad != "" {
					t.Errorf("%s: %s %q has %s", where, tag, s, bad)
				}
			}
		}
		for f, s := range e.Text[En] {
			if verbsOf(s) != verbsOf(key) {
				t.Errorf("%s: en %s %q formats other arguments than the key", where, f, s)
			}
		}
	}
}

// wrongScript names what in s does not belong in language t's script.
func wrongScript(t Tag, s string) string {
	if strings.Contains(s, `\`) {
		return "a backslash: an escape spelt wrong"
	}
	for _, r := range s {
		switch {
		case t == SrLatn && unicode.Is(unicode.Cyrillic, r):
			return "Cyrillic letters"
		case t == SrCyrl && strings.ContainsRune("čćžšđČĆŽŠĐ", r):
			return "Serbian Latin letters"
		case t != Fa && unicode.Is(unicode.Arabic, r):
			return "Arabic script"
		}
	}
	bare := verbs.ReplaceAllString(s, "")
	if t == Fa && !strings.ContainsFunc(bare, func(r rune) bool { return unicode.Is(unicode.Arabic, r) }) &&
		strings.ContainsFunc(bare, unicode.IsLetter) && !latinOnly.MatchString(bare) {
		return "no Persian"
	}
	return ""
}

// latinOnly is a text that any language writes alike: a name or notation.
var latinOnly = regexp.MustCompile(`^[A-Z0-9 ./:+×%a-z-]{0,12}$`)

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// fillCyrillic writes an sr-Cyrl entry after each sr-Latn one that has
// none, transliterated.
func fillCyrillic(t *testing.T) {
	files, err := filepath.Glob("catalogue/*.txt")
	require.NoError(t, err)
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		lines := strings.Split(string(data), "\n")
		var out []string
		for i, l := range lines {
			out = append(out, l)
			trimmed := strings.TrimLeft(l, " \t")
			if !strings.HasPrefix(trimmed, "sr-Latn") {
				continue
			}
			head, text, _ := strings.Cut(trimmed, ":")
			form := strings.TrimPrefix(head, "sr-Latn")
			has := false
			for j := i + 1; j < len(lines) && strings.HasPrefix(lines[j], " "); j++ {
				h, _, _ := strings.Cut(strings.TrimLeft(lines[j], " \t"), ":")
				has = has || h == "sr-Cyrl"+form
			}
			if !has {
				out = append(out, l[:len(l)-len(trimmed)]+"sr-Cyrl"+form+":"+Transliterate(text))
			}
		}
		// The sr-Cyrl lines go after all the sr-Latn lines of their key.
		if joined := strings.Join(out, "\n"); joined != string(data) {
			require.NoError(t, os.WriteFile(name, []byte(joined), 0o644))
		}
	}
}

func TestTransliterate(t *testing.T) {
	require.Equal(t, "Љубав, њива, џак и ђак: %d ЧЋЖШ", Transliterate("Ljubav, njiva, džak i đak: %d ČĆŽŠ"))
	require.Equal(t, "Притисни Space или F11 за AIBG 5.0", Transliterate("Pritisni Space ili F11 za AIBG 5.0"))
	require.Equal(t, "ЊЕГОВ Љ", Transliterate("NJEGOV LJ"))
	require.Equal(t, `Први ред\nдруги --turns GAME_MAXIMUM_TURN_COUNT`, Transliterate(`Prvi red\ndrugi --turns GAME_MAXIMUM_TURN_COUNT`))
}

func TestSayInEveryLanguage(t *testing.T) {
	defer Set(Current())
	Set(En)
	require.Equal(t, "Settings", T("Settings"))
	require.Equal(t, "1 turn", F("%d turns", 1))
	require.Equal(t, "3 turns", F("%d turns", 3))
	require.Equal(t, "no such key 7", F("no such key %d", 7))
	Set(SrLatn)
	require.Equal(t, "Podešavanja", T("Settings"))
	require.Equal(t, "21 potez", F("%d turns", 21))
	require.Equal(t, "3 poteza", F("%d turns", 3))
	require.Equal(t, "11 poteza", F("%d turns", 11))
	Set(SrCyrl)
	require.Equal(t, "Подешавања", T("Settings"))
	require.Equal(t, "2 потеза", F("%d turns", 2))
	Set(Fa)
	require.Equal(t, "تنظیمات", T("Settings"))
	require.Equal(t, "۱۲ نوبت", F("%d turns", 12))
	require.Equal(t, "۳٫۵ of C3", F("%.1f of %s", 3.5, "C3"), "numbers in Persian digits, texts as given")
	require.Equal(t, "۱۰۵", N(105))
	require.Equal(t, "team 12", T("team 12"), "what the catalogue does not have stays as it is")
	Set(Pseudo)
	require.Equal(t, "⟦Settings⟧", T("Settings"))
	require.Equal(t, "⟦4⟧ ⟦turns⟧", F("%d turns", 4))
	require.Equal(t, "⟦No⟧ ⟦such⟧\n⟦line⟧", pseudo("No such\nline"), "each word is marked, to survive the lines a text is broken into")
	require.Equal(t, "Nikola", T("Nikola"))
}

// words is a Phrase, as the games make them.
type words struct {
	f    string
	args []any
}

func (w words) Phrase() (string, []any) { return w.f, w.args }

func TestPhrasesAreSaidInTurn(t *testing.T) {
	defer Set(Current())
	Set(SrLatn)
	require.Equal(t, "Podešavanja: 5 poteza", F("%s: %s", words{"Settings", nil}, words{"%d turns", []any{5}}))
}

func TestLocales(t *testing.T) {
	for locale, want := range map[string]Tag{"sr_RS.UTF-8@latin": SrLatn, "sr_RS.UTF-8": SrCyrl, "sr-Latn-RS": SrLatn,
		"sr": SrCyrl, "fa_IR.UTF-8": Fa, "fa-IR": Fa, "en_GB.UTF-8": En, "de_DE.UTF-8": En, "": En, "-": En, "@latin": En} {
		got, _ := FromLocale(locale)
		require.Equal(t, want, got, locale)
	}
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "fa_IR.UTF-8")
	require.Equal(t, Fa, FromEnv())
	for _, s := range []string{"en", "sr-latn", "SR-Cyrl", "fa"} {
		_, err := Parse(s)
		require.NoError(t, err)
	}
	_, err := Parse("de")
	require.ErrorContains(t, err, "want one of en, sr-Latn, sr-Cyrl, fa")
}

func TestCatalogueErrorsNameTheLine(t *testing.T) {
	for src, want := range map[string]string{
		"  fa: x":                "x.txt:1: an entry before any key",
		"Key\n  de: Schlüssel":   "x.txt:2: language \"de\"",
		"Key\n  fa x":            "x.txt:2: want \"LANGUAGE: text\"",
		"Key\n  fa: a\n  fa: b":  "x.txt:3: a second fa entry",
		"Key\nKey":               "x.txt:2: \"Key\" is already a key at line 1",
		"Key\n  en: Key":         "x.txt:2: English is the key itself",
		"Key\n  sr-Latn some: x": "x.txt:2: plural form \"some\"",
		"Key\n  sr-Latn:   ":     "x.txt:2: sr-Latn has no text",
	} {
		_, err := ParseCatalogue("x.txt", strings.NewReader(src))
		require.ErrorContains(t, err, want, src)
	}
}

func FuzzParseCatalogue(f *testing.F) {
	data, err := os.ReadFile("catalogue/shell.txt")
	require.NoError(f, err)
	f.Add(data)
	f.Add([]byte("Key\n  en one: a\n  sr-Latn few: b\\n\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := ParseCatalogue("fuzz.txt", bytes.NewReader(src))
		if err != nil {
			return
		}
		for k, e := range c {
			require.Equal(t, k, e.Key)
			for _, texts := range e.Text {
				for _, s := range texts {
					require.NotEmpty(t, s)
				}
			}
		}
	})
}
