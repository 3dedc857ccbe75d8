package excel

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"unicode/utf8"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// The byte classes and the interned names of fastCheck's tokenizer; white
// space, characters and references are XML's, from formats/internal/xmllex.

// nameBytes is what a name may hold, stricter than XML: ASCII only.
var nameBytes = xmllex.ASCIIName

// plainText marks the bytes text passes as they are, one after another:
// ASCII other than '<', '&' and the control characters XML forbids.
// plainValue marks those an attribute value does: neither quote (the
// closing one ends it), nor a carriage return (which encoding/xml turns
// into a space there).
var plainText, plainValue = xmllex.ClassOf(func(c byte) bool {
	return c < utf8.RuneSelf && c != '<' && c != '&' && (c >= 0x20 || c == '\t' || c == '\n' || c == '\r')
}), xmllex.ClassOf(func(c byte) bool {
	return c < utf8.RuneSelf && c != '<' && c != '&' && c != '"' && c != '\'' && (c >= 0x20 || c == '\t' || c == '\n')
})

// intern returns the names and attribute values a workbook's parts repeat
// most (cell, row and value names; types, flags and booleans; row heights
// and spans' usual names; the calculation chain's and the shared strings'
// elements; style indexes) without a copy: a large workbook's pass made a
// new string for each, hundreds of thousands of them.
func intern(b []byte) string {
	if n, ok := smallDecimal(b); ok {
		return decimals[n]
	}
	// A switch on constant strings compares lengths first: cheap for the
	// cell references that go through here too, none of which is one.
	switch string(b) {
	case "a":
		return "a"
	case "b":
		return "b"
	case "c":
		return "c"
	case "ca":
		return "ca"
	case "color":
		return "color"
	case "customFormat":
		return "customFormat"
	case "customHeight":
		return "customHeight"
	case "dyDescent":
		return "dyDescent"
	case "f":
		return "f"
	case "hidden":
		return "hidden"
	case "ht":
		return "ht"
	case "i":
		return "i"
	case "inlineStr":
		return "inlineStr"
	case "is":
		return "is"
	case "l":
		return "l"
	case "n":
		return "n"
	case "preserve":
		return "preserve"
	case "r":
		return "r"
	case "rPr":
		return "rPr"
	case "row":
		return "row"
	case "s":
		return "s"
	case "shared":
		return "shared"
	case "si":
		return "si"
	case "space":
		return "space"
	case "spans":
		return "spans"
	case "str":
		return "str"
	case "sz":
		return "sz"
	case "t":
		return "t"
	case "v":
		return "v"
	case "val":
		return "val"
	case "x":
		return "x"
	case "x14ac":
		return "x14ac"
	case "xml":
		return "xml"
	case "xf":
		return "xf"
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

// spanPlainText is xmllex.Span(d, i, &plainText), eight bytes at a time:
// a word none of whose bytes plainText may stop at (a byte past ASCII, a
// control character, '<' or '&') is passed whole, and in another the
// first such byte is found at once. HECVAT 4.14's parts hold 1.9 MB of
// text, most of it its formulas, which the pass read a byte at a time.
func spanPlainText(d []byte, i int) int {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	for i+8 <= len(d) {
		w := binary.LittleEndian.Uint64(d[i:])
		// Adding 0x60 sets an ASCII byte's high bit exactly when it is at
		// least 0x20. Only a byte past ASCII carries into the next, and it
		// is flagged itself: every flag up to the first is exact.
		stops := ^(w+ones*0x60)&high | w&high | bytesEqual(w, '<') | bytesEqual(w, '&')
		if stops == 0 {
			i += 8
			continue
		}
		k := i + bits.TrailingZeros64(stops)>>3
		if !plainText[d[k]] {
			return k
		}
		i = k + 1 // a tab, a newline or a carriage return
	}
	return xmllex.Span(d, i, &plainText)
}
