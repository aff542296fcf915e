package aic21

import (
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string literal. With gson it escapes as
// the original's Gson does (§3): also < > & = ' and U+2028, U+2029, as
// \u003c and so on; otherwise only what JSON requires. Other characters,
// non-ASCII included, are written raw; invalid UTF-8 becomes U+FFFD.
func appendQuoted(b []byte, s string, gson bool) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20 || gson && (c == '<' || c == '>' || c == '&' || c == '=' || c == '\''):
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = utf8.AppendRune(b, utf8.RuneError)
		case gson && (r == '\u2028' || r == '\u2029'):
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
}
