package lang

import (
	"bufio"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"
)

// The catalogue is the folder catalogue/, one file per part of Arena.
// Its format, line by line:
//
//	# a comment
//	Watch a server…                  the English text: the key
//	  sr-Latn: Prati server…         its entry in a language, indented
//	  sr-Cyrl: Прати сервер…
//	  fa: تماشای سرور…
//	%d games                         a key whose count decides its form
//	  en one: %d game
//	  sr-Latn one: %d partija
//	  sr-Latn few: %d partije
//	  sr-Latn other: %d partija
//
// Plural forms (one, two, few, many, other) are chosen by the first
// whole-number argument, by the language's rules. \n in a key or an entry
// is a new line.
//
//go:embed catalogue/*.txt
var catalogueFiles embed.FS

// Form is a plural form: "" for a text with one form.
type Form string

// The plural forms, as CLDR names them.
const (
	One   Form = "one"
	Two   Form = "two"
	Few   Form = "few"
	Many  Form = "many"
	Other Form = "other"
)

// Entry is one key's texts: by language, by plural form.
type Entry struct {
	Key string
	// File and Line are where the key is written.
	File string
	Line int
	Text map[Tag]map[Form]string
}

// Catalogue is every key's entry.
type Catalogue map[string]*Entry

// ParseCatalogue reads one file of the catalogue; name names it in errors.
func ParseCatalogue(name string, r io.Reader) (Catalogue, error) {
	c := Catalogue{}
	var e *Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 64*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t\r")
		trimmed := strings.TrimLeft(line, " \t")
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case trimmed == line: // a key
			key := unescape(line)
			if old, ok := c[key]; ok {
				return nil, fmt.Errorf("%s:%d: %q is already a key at line %d", name, n, line, old.Line)
			}
			e = &Entry{Key: key, File: name, Line: n, Text: map[Tag]map[Form]string{}}
			c[key] = e
		default: // an entry
			if e == nil {
				return nil, fmt.Errorf("%s:%d: an entry before any key", name, n)
			}
			head, text, ok := strings.Cut(trimmed, ":")
			if !ok {
				return nil, fmt.Errorf("%s:%d: want \"LANGUAGE: text\" or \"LANGUAGE FORM: text\"", name, n)
			}
			tagText, form, _ := strings.Cut(head, " ")
			tag := Tag(tagText)
			if tag != En && !known(tag) {
				return nil, fmt.Errorf("%s:%d: language %q: want en, sr-Latn, sr-Cyrl or fa", name, n, tagText)
			}
			f := Form(form)
			switch f {
			case "", One, Two, Few, Many, Other:
			default:
				return nil, fmt.Errorf("%s:%d: plural form %q: want one, two, few, many or other", name, n, form)
			}
			if tag == En && f == "" {
				return nil, fmt.Errorf("%s:%d: English is the key itself; an en line names a plural form", name, n)
			}
			text = strings.TrimSpace(text)
			if text == "" {
				return nil, fmt.Errorf("%s:%d: %s has no text", name, n, tagText)
			}
			if e.Text[tag] == nil {
				e.Text[tag] = map[Form]string{}
			}
			if _, dup := e.Text[tag][f]; dup {
				return nil, fmt.Errorf("%s:%d: a second %s entry", name, n, head)
			}
			e.Text[tag][f] = unescape(text)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

// known reports whether t is one of the languages on offer.
func known(t Tag) bool {
	for _, k := range Tags {
		if k == t {
			return true
		}
	}
	return false
}

// unescape turns \n into a new line and \\ into a backslash.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return strings.NewReplacer(`\\`, `\`, `\n`, "\n").Replace(s)
}

// LoadCatalogue reads every file of the catalogue in fsys (a folder of
// .txt files); a key in two files is an error.
func LoadCatalogue(fsys fs.FS) (Catalogue, error) {
	names, err := fs.Glob(fsys, "*.txt")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	all := Catalogue{}
	for _, name := range names {
		f, err := fsys.Open(name)
		if err != nil {
			return nil, err
		}
		c, err := ParseCatalogue(name, f)
		f.Close()
		if err != nil {
			return nil, err
		}
		for k, e := range c {
			if old, ok := all[k]; ok {
				return nil, fmt.Errorf("%s:%d: %q is already a key at %s:%d", e.File, e.Line, k, old.File, old.Line)
			}
			all[k] = e
		}
	}
	return all, nil
}

// catalogue is the embedded catalogue.
var catalogue = func() Catalogue {
	sub, err := fs.Sub(catalogueFiles, "catalogue")
	if err != nil {
		panic(err)
	}
	c, err := LoadCatalogue(sub)
	if err != nil {
		panic("lang: the catalogue: " + err.Error()) // TestCatalogue keeps it readable
	}
	return c
}()

// Embedded is the catalogue built into Arena.
func Embedded() Catalogue { return catalogue }
