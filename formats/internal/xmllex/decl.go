package xmllex

import (
	"bytes"
	"strings"
)

// The XML declaration, as each reader takes it.

// ASCIIName is the class of the bytes of a name as Excel's guard takes
// it, stricter than XML: ASCII letters, digits and "_:.-".
var ASCIIName = ClassOf(func(c byte) bool {
	return IsASCIINameStart(c) || '0' <= c && c <= '9' || c == ':' || c == '.' || c == '-'
})

// IsASCIINameStart is what may start such a name: an ASCII letter or '_'.
func IsASCIINameStart(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_'
}

// PlainDeclaration passes the XML declaration at the start of b, if any,
// when it is plain: version 1.0, encoding UTF-8 (any case), standalone
// anything, in printable ASCII, no other pseudo-attribute. next is the
// offset after it (0 without one); ok is false when it is not plain.
func PlainDeclaration(b []byte) (next int, ok bool) {
	if !bytes.HasPrefix(b, []byte("<?xml")) {
		return 0, true
	}
	body, next, found := Until(b, 0, "?>")
	if !found || len(b) < 6 || !IsSpace(b[5]) {
		return 0, false
	}
	d := body[5:]
	for i := Space(d, 0); i < len(d); i = Space(d, i) {
		j := Span(d, i, &ASCIIName)
		name := d[i:j]
		j = Space(d, j)
		if !At(d, j, '=') {
			return 0, false
		}
		v, k, f := Quoted(d, Space(d, j+1))
		if f != OK || !printable(v) {
			return 0, false
		}
		switch string(name) {
		case "version":
			ok = string(v) == "1.0"
		case "encoding":
			ok = bytes.EqualFold(v, []byte("utf-8"))
		case "standalone":
			ok = true
		default:
			ok = false
		}
		if !ok {
			return 0, false
		}
		i = k
	}
	return next, true
}

// printable reports whether v is printable ASCII.
func printable(v []byte) bool {
	for _, c := range v {
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// DeclVersion is the version pseudo-attribute of an XML declaration's
// body inst, as Word's reader checks it: "" without one, "?" when it is
// malformed.
func DeclVersion(inst string) string {
	i := strings.Index(inst, "version")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(inst[i+len("version"):], " \t\r\n")
	if !strings.HasPrefix(rest, "=") {
		return "?"
	}
	rest = strings.TrimLeft(rest[1:], " \t\r\n")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return "?"
	}
	v, _, ok := strings.Cut(rest[1:], rest[:1])
	if !ok {
		return "?"
	}
	return v
}
