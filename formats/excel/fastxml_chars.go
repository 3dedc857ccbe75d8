package excel

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
// (cell, row and value names; types, flags and booleans) without a copy.
func intern(b []byte) string {
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
