package xmllex

import (
	"bytes"
	"unicode/utf8"
)

// The scanner both readers tokenize with. A cursor is an offset into the
// part: every primitive takes the part b and an offset i and returns the
// offset after what it passed, so each reader keeps its own cursor fields
// (Excel's guard shares its with the cell fast path) and its own policy:
// the primitives only say what is there, and each reader decides whether
// that is an error (Word, with its own messages) or a reason to give up
// (Excel's fast pass, which then leaves the part to encoding/xml).

// Class is a set of bytes, as a table: one lookup per byte in the loops
// every name, value and text goes through.
type Class [256]bool

// ClassOf is the class of the bytes in reports true for. Readers keep
// classes as package-level arrays, not pointers, and pass their address:
// the compiler then indexes the table at a fixed address, where a pointer
// variable cost a load and a nil check in every scan (plain text left out
// of Word's tree scanned at a third of its speed).
func ClassOf(in func(c byte) bool) (t Class) {
	for c := range t {
		t[c] = in(byte(c))
	}
	return t
}

// Fault says what a primitive found instead of what it reads.
type Fault uint8

// The faults. A reader maps each to its own error, or gives up on it.
const (
	OK             Fault = iota
	NotQuoted            // a value does not start with a quote
	Unterminated         // no closing quote, ';' or terminator
	BadRef               // a reference that is neither predefined nor a Char (Entity)
	BadChar              // a character XML forbids, or bytes that are not UTF-8
	LessThan             // '<' inside a value
	CarriageReturn       // '\r' where the reader takes none
)

// Span is the offset of the first byte of b at or after i that is not
// in c, len(b) if there is none.
func Span(b []byte, i int, c *Class) int {
	for i < len(b) && c[b[i]] {
		i++
	}
	return i
}

// Space is the offset after the white space at b[i:].
func Space(b []byte, i int) int {
	for i < len(b) && IsSpace(b[i]) {
		i++
	}
	return i
}

// At reports whether b[i] is c.
func At(b []byte, i int, c byte) bool { return i < len(b) && b[i] == c }

// Quoted reads the quoted value at b[i]: raw is what lies between its
// quotes, unchecked, and next the offset after the closing quote.
func Quoted(b []byte, i int) (raw []byte, next int, f Fault) {
	if i >= len(b) || b[i] != '"' && b[i] != '\'' {
		return nil, i, NotQuoted
	}
	end := bytes.IndexByte(b[i+1:], b[i])
	if end < 0 {
		return nil, i, Unterminated
	}
	return b[i+1 : i+1+end], i + end + 2, OK
}

// Until reads up to the terminator end from b[i]: body is what lies
// before it and next the offset after it; ok is false when there is none.
func Until(b []byte, i int, end string) (body []byte, next int, ok bool) {
	n := bytes.Index(b[i:], []byte(end))
	if n < 0 {
		return nil, i, false
	}
	return b[i : i+n], i + n + len(end), true
}

// RefAt reads the reference at b[i], its '&': what it stands for (Entity)
// and the offset after its ';'. The ';' must lie within window bytes of
// the '&' (Excel's guard looks no further), anywhere when window is 0.
func RefAt(b []byte, i, window int) (r rune, next int, f Fault) {
	rest := b[i:]
	if window > 0 && len(rest) > window {
		rest = rest[:window]
	}
	semi := bytes.IndexByte(rest, ';')
	if semi < 0 {
		return 0, i, Unterminated
	}
	r, ok := Entity(b[i+1 : i+semi])
	if !ok {
		return 0, i, BadRef
	}
	return r, i + semi + 1, OK
}

// RuneLen is the length of the character starting at b[i], a non-ASCII
// byte, or 0 when the bytes there are not UTF-8 or not a Char.
func RuneLen(b []byte, i int) int {
	r, n := utf8.DecodeRune(b[i:])
	if r == utf8.RuneError && n == 1 || !IsChar(r) {
		return 0
	}
	return n
}

// Forbidden is the offset of the first character of b that XML 1.0
// forbids, when b is known to be UTF-8: a control character other than
// tab, line feed and carriage return, or U+FFFE or U+FFFF (the only other
// non-Chars UTF-8 can hold). It is -1 when there is none.
func Forbidden(b []byte) int {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
		if c == 0xEF && NoncharAt(b, i) {
			return i
		}
	}
	return -1
}

// NoncharAt reports U+FFFE or U+FFFF at b[i], whose byte is 0xEF.
func NoncharAt(b []byte, i int) bool {
	return i+2 < len(b) && b[i+1] == 0xBF && (b[i+2] == 0xBE || b[i+2] == 0xBF)
}

// EndTag reads the end tag of name at b[i], its "</": name, a byte that
// is not in nameBytes (so "w:p" does not close at "</w:pPr>"), white
// space and '>'. next is the offset after the '>'. Comparing the bytes
// with the open name spares reading and interning the end tag's name.
func EndTag(b []byte, i int, name []byte, nameBytes *Class) (next int, ok bool) {
	k := i + 2 + len(name)
	if k >= len(b) || string(b[i+2:k]) != string(name) || nameBytes[b[k]] {
		return i, false
	}
	k = Space(b, k)
	if k >= len(b) || b[k] != '>' {
		return i, false
	}
	return k + 1, true
}
