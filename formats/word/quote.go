package word

import (
	"strconv"
	"unicode/utf8"
)

// appendQuoted is strconv.AppendQuote, copying what needs no escape a
// stretch at a time: a map quotes every line, and AppendQuote's rune by
// rune escape was the larger part of writing one. Runes that need
// escaping (quotes, backslashes, controls, unprintable or invalid UTF-8)
// go through AppendQuote one at a time, which escapes each on its own
// (FuzzAppendQuoted).
func appendQuoted(buf []byte, s string) []byte {
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
