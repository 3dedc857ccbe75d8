package excel

import "strconv"

// The byte classes and the interned names of fastCheck's tokenizer.

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// isNameStart is stricter than XML: ASCII letters and '_' only.
func isNameStart(c byte) bool { return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' }

// isNameByte is what may follow in a name (':' is split off by name).
func isNameByte(c byte) bool {
	return isNameStart(c) || '0' <= c && c <= '9' || c == ':' || c == '.' || c == '-'
}

// inCharRange is XML's Char production, as encoding/xml checks it.
func inCharRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// intern returns the names and attribute values a worksheet repeats most
// (cell, row and value names; types, flags and booleans; style indexes)
// without a copy.
func intern(b []byte) string {
	if n, ok := smallDecimal(b); ok {
		return decimals[n]
	}
	switch string(b) {
	case "c":
		return "c"
	case "v":
		return "v"
	case "f":
		return "f"
	case "row":
		return "row"
	case "r":
		return "r"
	case "s":
		return "s"
	case "t":
		return "t"
	case "is":
		return "is"
	case "spans":
		return "spans"
	case "str":
		return "str"
	case "1":
		return "1"
	case "0":
		return "0"
	}
	return string(b)
}

// decimals are the numbers a cell's style index mostly is, as text: a
// large sheet has a style attribute on most of its hundred thousand cells.
var decimals = func() (d [1024]string) {
	for i := range d {
		d[i] = strconv.Itoa(i)
	}
	return d
}()

// smallDecimal reads b when it is one of decimals as written: digits with
// no leading zero.
func smallDecimal(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 4 || b[0] == '0' && len(b) > 1 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < len(decimals)
}
