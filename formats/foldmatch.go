package formats

import (
	"strings"
	"unicode/utf8"
)

// Helpers for hand-written matchers that stand in for case-insensitive
// expressions asked of every cell: they match what Go's regexp matches
// under (?i), where an ASCII letter also matches its upper case, s the
// long s (ſ) and k the Kelvin sign (K), and \b is an ASCII word boundary.

// FoldPrefixAt reports whether s holds word at byte i, word being lower
// case ASCII matched as (?i) matches it, and returns where it ends in s.
func FoldPrefixAt(s string, i int, word string) (end int, ok bool) {
	for k := 0; k < len(word); k++ {
		if i >= len(s) {
			return 0, false
		}
		c, w := word[k], s[i]
		switch {
		case w == c, 'A' <= w && w <= 'Z' && w+'a'-'A' == c:
			i++
		case c == 's' && strings.HasPrefix(s[i:], "ſ"):
			i += len("ſ")
		case c == 'k' && strings.HasPrefix(s[i:], "\u212a"):
			i += len("\u212a")
		default:
			return 0, false
		}
	}
	return i, true
}

// IsWordByte reports an ASCII word character, as \b sees one: a byte of
// a character outside ASCII never is.
func IsWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// WordBoundaryAt reports whether \b holds at byte i of s.
func WordBoundaryAt(s string, i int) bool {
	before := i > 0 && IsWordByte(s[i-1])
	after := i < len(s) && IsWordByte(s[i])
	return before != after
}

// FoldWordAt reports whether one of words (lower-case ASCII) is at byte i
// of s under (?i) and followed by \b, as `(w1|w2|…)\b` matches there
// (each alternative is tried in turn); end is where it ends.
func FoldWordAt(s string, i int, words ...string) (end int, ok bool) {
	for _, w := range words {
		if e, ok := FoldPrefixAt(s, i, w); ok && WordBoundaryAt(s, e) {
			return e, true
		}
	}
	return 0, false
}

// runesUntil scans s from byte i for stop, at most max characters (an
// invalid byte counting one, as regexp reads it) of text that holds none
// of bad first; it returns how many characters came before stop and
// whether stop was reached.
func runesUntil(s string, i int, stop byte, bad string, max int) (n int, ok bool) {
	for i < len(s) {
		c := s[i]
		if c == stop {
			return n, true
		}
		if n == max || strings.IndexByte(bad, c) >= 0 {
			return n, false
		}
		if c < utf8.RuneSelf {
			i++
		} else {
			_, w := utf8.DecodeRuneInString(s[i:])
			i += w
		}
		n++
	}
	return n, false
}
