package formats

import (
	"bytes"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// asciiSpace marks the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// keeps marks the ASCII bytes Normalize copies as they are: neither
// upper-case letters nor white space.
var keeps = func() (t [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		t[c] = !asciiSpace[c] && !('A' <= c && c <= 'Z')
	}
	return t
}()

// Normalize lower-cases s, collapses every run of white space to one space
// and folds typographic quotes to straight ones, so verification ignores
// case, layout and the quotes a word processor substitutes.
//
// Verify normalises the text of every target it checks; most of it is
// ASCII, often already normal. So the leading stretch that needs no change
// is found byte by byte (and s itself returned when that is all of it),
// and ASCII bytes after it are mapped without decoding runes; anything
// else takes the rune path. The result is the one a rune-by-rune pass
// gives (FuzzNormalizeMatchesRunePath).
func Normalize(s string) string {
	s = strings.TrimSpace(s)
	i := normalPrefix(s)
	if i == len(s) {
		return s
	}
	b := normalBuffers.Get().(*bytes.Buffer)
	b.Reset()
	normalizeRest(b, s, i)
	out := b.String()
	putNormalBuffer(b)
	return out
}

// maxPooledNormal bounds the buffers normalBuffers keeps: one huge text
// must not make the pool hold its size.
const maxPooledNormal = 64 << 10

// putNormalBuffer gives b back to normalBuffers unless it grew too large.
func putNormalBuffer(b *bytes.Buffer) {
	if b.Cap() <= maxPooledNormal {
		normalBuffers.Put(b)
	}
}

// normalBuffers holds *bytes.Buffer for Normalize and Compare: a verify
// normalises every target's text, and growing a new buffer for each was
// most of what its comparisons allocated.
var normalBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// appendNormal writes Normalize(s) to b.
func appendNormal(b *bytes.Buffer, s string) {
	s = strings.TrimSpace(s)
	normalizeRest(b, s, normalPrefix(s))
}

// normalizeRest writes Normalize(s) to b, for s trimmed of white space
// whose first i bytes need no change.
func normalizeRest(b *bytes.Buffer, s string, i int) {
	b.Grow(len(s))
	b.WriteString(s[:i])
	space := false
	for i < len(s) {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		i += n
		if r < utf8.RuneSelf && asciiSpace[r] || r >= utf8.RuneSelf && unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		switch {
		case 'A' <= r && r <= 'Z':
			b.WriteByte(byte(r + 'a' - 'A'))
			continue
		case r < utf8.RuneSelf:
			// Copy the stretch of bytes that stay as they are at once.
			j := i
			for j < len(s) && keeps[s[j]] {
				j++
			}
			b.WriteString(s[i-1 : j])
			i = j
			continue
		case strings.ContainsRune("“”„‟″«»", r):
			r = '"'
		case strings.ContainsRune("‘’‚‛′", r):
			r = '\''
		}
		b.WriteRune(unicode.ToLower(r))
	}
}

// normalPrefix is the length of the ASCII stretch at the start of s (which
// has no leading space) that Normalize leaves as it is: no upper-case
// letter, no white space but single spaces followed by ASCII that is not.
// It stops before a space whose next byte may start white space, so the
// rune path sees the whole run.
func normalPrefix(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf || 'A' <= c && c <= 'Z':
			return i
		case c == ' ':
			if i+1 == len(s) || s[i+1] >= utf8.RuneSelf || asciiSpace[s[i+1]] {
				return i
			}
		case asciiSpace[c]:
			return i
		}
	}
	return len(s)
}
