// Package lang is the words on screen in the languages Arena speaks:
// English, Serbian in its Latin and Cyrillic scripts, and Persian. The
// screens hand it English, the catalogue's keys, and draw what it
// returns; the command line and the files stay in English.
package lang

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
)

// Tag is a language, by its BCP 47 tag.
type Tag string

// The languages on offer, and Pseudo, which marks every catalogued text
// so that tests find the texts that bypass the catalogue.
const (
	En     Tag = "en"
	SrLatn Tag = "sr-Latn"
	SrCyrl Tag = "sr-Cyrl"
	Fa     Tag = "fa"
	Pseudo Tag = "qps"
)

// Tags are the languages people choose from, in Settings' order.
var Tags = []Tag{En, SrLatn, SrCyrl, Fa}

// Name is the language's name in itself.
func (t Tag) Name() string {
	switch t {
	case SrLatn:
		return "Srpski (latinica)"
	case SrCyrl:
		return "Српски (ћирилица)"
	case Fa:
		return "فارسی"
	case Pseudo:
		return "Pseudo"
	}
	return "English"
}

// RTL reports whether the language is written right to left.
func (t Tag) RTL() bool { return t == Fa }

var current atomic.Value // Tag

// Set makes t the language of the screens.
func Set(t Tag) { current.Store(t) }

// Current is the language of the screens; English until Set.
func Current() Tag {
	if t, ok := current.Load().(Tag); ok {
		return t
	}
	return En
}

// RTL reports whether the screens' language is written right to left.
func RTL() bool { return Current().RTL() }

// Parse reads a BCP 47 tag, in any case: en, sr-Latn, sr-Cyrl, fa.
func Parse(s string) (Tag, error) {
	for _, t := range Tags {
		if strings.EqualFold(s, string(t)) {
			return t, nil
		}
	}
	return "", fmt.Errorf("language %q: want one of en, sr-Latn, sr-Cyrl, fa", s)
}

// FromLocale is the language of a POSIX locale such as sr_RS.UTF-8@latin
// or fa_IR.UTF-8, or a browser's language such as sr-Latn-RS; ok is false
// for a locale in none of Arena's languages. Serbian without a script is
// Cyrillic, as Serbia's locales are.
func FromLocale(locale string) (t Tag, ok bool) {
	l := strings.ToLower(locale)
	latin := strings.Contains(l, "@latin") || strings.Contains(l, "latn")
	if i := strings.IndexAny(l, ".@"); i >= 0 {
		l = l[:i]
	}
	if i := strings.IndexAny(l, "_-"); i >= 0 {
		l = l[:i]
	}
	switch l {
	case "en":
		return En, true
	case "sr":
		if latin {
			return SrLatn, true
		}
		return SrCyrl, true
	case "fa":
		return Fa, true
	}
	return En, false
}

// FromEnv is the language of the environment's locale (LC_ALL,
// LC_MESSAGES, LANG, the first set), English for any other.
func FromEnv() Tag {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := os.Getenv(v); l != "" {
			if l == "C" || l == "POSIX" {
				return En
			}
			t, _ := FromLocale(l)
			return t
		}
	}
	return En
}
