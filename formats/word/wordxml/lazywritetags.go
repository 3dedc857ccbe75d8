package wordxml

import "github.com/formfill/formfill/formats/internal/xmllex"

// The one rule of which tags Write gives as they stand, shared by the
// lazy read and the lazy write: the read marks a deferred element for
// copying whole only when asIsStart takes every start tag of its content
// (skipHeld), and the write copies a tag, or a whole element the read
// marked, only when asIsStart takes its start tag (writtenAsIs,
// transcribe). FuzzReadXML's checkLazyWrite holds the copies to the
// token-by-token transcription.

// maxAsIsAttrs bounds the attributes of a start tag taken as it stands
// (Word's tags have up to eight or so); a tag with more is transcribed
// or built instead.
const maxAsIsAttrs = 16

// attrKeys is room for the attribute names of one start tag, for
// asIsStart to find a name given twice: where each starts in the part,
// and a fingerprint of it (its length, last and middle bytes), so that
// only names with equal fingerprints are compared byte by byte. The
// reader and the writer each keep one: zeroing room for them in every tag
// read showed in the lazy parse.
type attrKeys struct {
	fp [maxAsIsAttrs]uint32
	at [maxAsIsAttrs]int
}

// asIsStart reads the start tag at b[i], its '<', when it is plain and in
// the form Write gives it: a name of ASCII bytes (see asciiName); for each
// attribute one space, an ASCII name, '=' and a value in double quotes of
// plain bytes (asIsValue); no attribute name twice nor more than
// maxAsIsAttrs of them; then '>' or "/>". Such a tag is one the reader
// accepts as it is, without a second look, and one Write writes byte for
// byte, but for "<x></x>", written "<x/>", which the callers check at the
// end tag. nameEnd is where the tag's name ends and next where the tag
// does; ok is false for any other tag, left to the general paths.
func asIsStart(b []byte, i int, keys *attrKeys) (nameEnd, next int, ok bool) {
	nameEnd, ok = asciiName(b, i+1)
	if !ok {
		return 0, 0, false
	}
	j, n := nameEnd, 0
	for j < len(b) && b[j] == ' ' {
		k, ok := asciiName(b, j+1)
		if !ok || k+1 >= len(b) || b[k] != '=' || b[k+1] != '"' || n == maxAsIsAttrs {
			return 0, 0, false
		}
		key := b[j+1 : k]
		fp := uint32(len(key))<<16 | uint32(key[len(key)-1])<<8 | uint32(key[len(key)/2])
		for m, o := range keys.fp[:n] {
			if o == fp && string(b[keys.at[m]:keys.at[m]+len(key)]) == string(key) {
				return 0, 0, false // the tree keeps one of them
			}
		}
		keys.fp[n], keys.at[n], n = fp, j+1, n+1
		if j = asIsValue(b, k+2); j < 0 {
			return 0, 0, false
		}
	}
	switch {
	case j >= len(b):
	case b[j] == '>':
		return nameEnd, j + 1, true
	case b[j] == '/' && j+1 < len(b) && b[j+1] == '>':
		return nameEnd, j + 2, true
	}
	return 0, 0, false
}

// asciiName is the end of the name at b[i] when it is one of ASCII bytes
// the reader's name would read and accept (letters, digits, '_', '-', '.'
// and one colon, neither first nor last, a letter or '_' first) and a
// byte that ends a name follows it; ok is false otherwise.
func asciiName(b []byte, i int) (end int, ok bool) {
	if i >= len(b) || !asciiNameStart[b[i]] {
		return i, false
	}
	j := xmllex.Span(b, i+1, &asciiNameBytes)
	if j < len(b) && b[j] == ':' {
		k := xmllex.Span(b, j+1, &asciiNameBytes)
		if k == j+1 {
			return k, false // the colon last
		}
		j = k
	}
	return j, j < len(b) && nameEnds[b[j]]
}

// asciiNameBytes are the ASCII bytes validName takes in a name but the
// colon; asciiNameStart those it takes first.
var asciiNameBytes = xmllex.ClassOf(func(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
})

var asciiNameStart = xmllex.ClassOf(func(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
})

// asIsValue is the index after the closing '"' of the attribute value
// starting at b[i] when it is plain, as the reader accepts it without a
// second look and Write gives it: no reference, no markup character, no
// quote or '>' (escaped by Write), no forbidden character, no carriage
// return (normalised). It is -1 otherwise.
func asIsValue(b []byte, i int) int {
	for i = xmllex.Span(b, i, &heldPlain); i < len(b); i = xmllex.Span(b, i+1, &heldPlain) {
		switch c := b[i]; {
		case c == '"':
			return i + 1
		case c == ']', c == 0xEF && !xmllex.NoncharAt(b, i):
		default:
			return -1
		}
	}
	return -1
}

// writtenAsIs reports whether the tag at b[i], in content the read
// checked, is written as it stands (kept) and where it ends: an end tag
// "</x>", or a start tag asIsStart takes. A start tag whose end tag
// follows at once is written "<x .../>": kept, with next the negated
// index of its '>'.
func writtenAsIs(b []byte, i int, keys *attrKeys) (next int, kept bool) {
	if i+1 < len(b) && b[i+1] == '/' {
		start := i + 2
		j := xmllex.Span(b, start, &nameBytes)
		if j == start || j >= len(b) {
			return 0, false
		}
		return j + 1, b[j] == '>'
	}
	_, next, ok := asIsStart(b, i, keys)
	switch {
	case !ok:
		return 0, false
	case b[next-2] != '/' && next+1 < len(b) && b[next] == '<' && b[next+1] == '/':
		return -(next - 1), true
	}
	return next, true
}
