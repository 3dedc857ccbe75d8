// Package xmllex is the XML 1.0 lexer of formfill's two hand-written XML
// readers: Word's tree reader (formats/word/wordxml) and Excel's fast guard
// pass (formats/excel), with the code around them (Excel's value scan and
// cell patches, Word's depth check and lazy write). Both read untrusted
// OOXML parts and must agree with encoding/xml, which etree and excelize
// read with, on what a character, a white-space byte and a reference are,
// and both refuse the same nesting depth and DTDs.
//
// It holds the character rules (IsSpace, IsChar, Entity, CharRef) and the
// scanner both tokenize with (scan.go, unescape.go, decl.go): spans of a
// byte class (names, plain text), white space, quoted values, references,
// unescaping, terminators, end tags matched against the open name and the
// XML declaration. The readers keep only their structure and policy: Word
// builds an etree tree and reports errors, Excel's guard records offsets
// and gives up on anything unusual, leaving it to encoding/xml.
package xmllex

import "unicode/utf8"

// MaxDepth bounds the element nesting of every part both readers accept:
// real documents stay far below it (a Word table nested in a table costs
// about six levels, a DrawingML run about a dozen), hostile ones nest
// hundreds of thousands deep to exhaust the stack.
const MaxDepth = 256

// DTDRefusal is the error text for a part holding a document type or
// entity declaration: what enables billion-laughs expansion and external
// entities, and what OOXML never carries.
const DTDRefusal = "the XML contains a DTD or entity declaration (<!DOCTYPE/<!ENTITY); OOXML never does, so it is refused"

// IsSpace reports whether c is XML white space.
func IsSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// IsChar is XML 1.0's Char production, as encoding/xml checks it.
func IsChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// Ref is the bytes of a reference between its '&' and ';', as a string or
// a slice of the part.
type Ref interface{ ~string | ~[]byte }

// Entity resolves a reference, without its '&' and ';': one of the five
// predefined entities or a character reference (CharRef). ok is false for
// anything else, which OOXML never needs.
func Entity[T Ref](ref T) (r rune, ok bool) {
	switch len(ref) {
	case 2:
		if ref[1] == 't' && ref[0] == 'l' {
			return '<', true
		}
		if ref[1] == 't' && ref[0] == 'g' {
			return '>', true
		}
	case 3:
		if ref[0] == 'a' && ref[1] == 'm' && ref[2] == 'p' {
			return '&', true
		}
	case 4:
		if ref[0] == 'a' && ref[1] == 'p' && ref[2] == 'o' && ref[3] == 's' {
			return '\'', true
		}
		if ref[0] == 'q' && ref[1] == 'u' && ref[2] == 'o' && ref[3] == 't' {
			return '"', true
		}
	}
	return CharRef(ref)
}

// CharRef decodes a character reference without its '&' and ';': "#123"
// or "#x7B" (a lower-case x, as encoding/xml reads it), any number of
// digits, leading zeros allowed. ok is false when ref is not one or names
// a character XML does not allow (IsChar).
func CharRef[T Ref](ref T) (r rune, ok bool) {
	if len(ref) < 2 || ref[0] != '#' {
		return 0, false
	}
	base, i := rune(10), 1
	if ref[1] == 'x' {
		base, i = 16, 2
	}
	if i == len(ref) {
		return 0, false
	}
	var n rune
	for ; i < len(ref); i++ {
		d := digit(ref[i])
		if d >= base {
			return 0, false
		}
		if n = n*base + d; n > utf8.MaxRune {
			// Stays false whatever follows: no digit makes n smaller,
			// and the rest need not be read.
			return 0, false
		}
	}
	if !IsChar(n) {
		return 0, false
	}
	return n, true
}

// digit is the value of a decimal or hexadecimal digit, 16 or more for
// any other byte.
func digit(c byte) rune {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return rune(c-'A') + 10
	}
	return 16
}
