package formats

import (
	"strconv"
	"unicode/utf8"
)

// AppendQuoted appends s to buf quoted as strconv.AppendQuote quotes it.
// A compact map quotes every line's text, and AppendQuote's rune by rune
// escape was the larger part of writing one: stretches that need no
// escape are copied whole, and each rune that does (a quote, a backslash,
// a control, an unprintable rune, invalid UTF-8) goes through AppendQuote
// on its own, which escapes it as it would within the whole text.
func AppendQuoted(buf []byte, s string) []byte {
	buf = append(buf, '"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= ' ' && s[j] < utf8.RuneSelf-1 && s[j] != '"' && s[j] != '\\' {
			j++
		}
		buf = append(buf, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		r, w := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[i:])
			if !(r == utf8.RuneError && w == 1) && strconv.IsPrint(r) {
				buf = append(buf, s[i:i+w]...)
				i += w
				continue
			}
		}
		// AppendQuote of the one rune, without its quotes.
		at := len(buf)
		buf = strconv.AppendQuote(buf, s[i:i+w])
		buf = append(buf[:at], buf[at+1:len(buf)-1]...)
		i += w
	}
	return append(buf, '"')
}
