//go:build js

package scenes

import (
	"syscall/js"

	"github.com/arena-games/arena/internal/lang"
)

// systemLanguage is the first of the browser's languages that Arena
// speaks, else English.
func systemLanguage() lang.Tag {
	nav := js.Global().Get("navigator")
	langs := nav.Get("languages")
	for i := 0; langs.Truthy() && i < langs.Length(); i++ {
		if t, ok := lang.FromLocale(langs.Index(i).String()); ok {
			return t
		}
	}
	if l := nav.Get("language"); l.Truthy() {
		if t, ok := lang.FromLocale(l.String()); ok {
			return t
		}
	}
	return lang.En
}
