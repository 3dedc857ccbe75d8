package wordxml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// The lexical parts of the XML reader: names, white space, references and
// the characters XML 1.0 allows.

// nameEnds marks the bytes that end a name: a table lookup per byte
// instead of eleven comparisons, in the loop every tag goes through.
var nameEnds = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n/>=<\"'&") {
		t[c] = true
	}
	return t
}()

// name reads an XML name.
func (r *xmlReader) name() string {
	start, i, b := r.i, r.i, r.b
	for i < len(b) && !nameEnds[b[i]] {
		i++
	}
	r.i = i
	b = b[start:i]
	if len(b) == 0 {
		return ""
	}
	// A handful of names make up most of a document: a direct-mapped cache
	// in front of the map spares hashing every one of them.
	slot := &r.recent[(uint(len(b))*31+uint(b[len(b)-1])*17+uint(b[len(b)/2]))%uint(len(r.recent))]
	if *slot == string(b) {
		return *slot
	}
	if n, ok := r.names[string(b)]; ok {
		*slot = n
		return n
	}
	n := string(b)
	if !validName(n) {
		return ""
	}
	if r.names == nil {
		r.names = make(map[string]string, 64)
	}
	r.names[n] = n
	*slot = n
	return n
}

// validName accepts names as encoding/xml does for OOXML: a letter,
// underscore or non-ASCII first, at most one colon not at either end. A
// name with non-ASCII characters is checked by encoding/xml itself, whose
// letter tables etree reads with: the reader must never accept a name etree
// refuses (U+0082 is non-ASCII but no letter). Names are interned, so each
// distinct one is checked once per document.
func validName(n string) bool {
	if n == "" {
		return false
	}
	c := n[0]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80) {
		return false
	}
	ascii := c < 0x80
	for i := 1; i < len(n); i++ {
		c := n[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ':' || c >= 0x80) {
			return false
		}
		ascii = ascii && c < 0x80
	}
	if strings.Count(n, ":") > 1 || strings.HasSuffix(n, ":") {
		return false
	}
	return ascii || xmlAcceptsName(n)
}

// xmlAcceptsName reports whether encoding/xml reads n as an element name.
func xmlAcceptsName(n string) bool {
	tok, err := xml.NewDecoder(strings.NewReader("<" + n + "/>")).Token()
	_, isStart := tok.(xml.StartElement)
	return err == nil && isStart
}

// space skips white space and reports whether there was any.
func (r *xmlReader) space() bool {
	start := r.i
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\r', '\n':
			r.i++
			continue
		}
		break
	}
	return r.i > start
}

// decode resolves entity and character references and normalises line
// ends, checking every character is allowed in XML 1.0.
func (r *xmlReader) decode(raw []byte) (string, error) {
	if err := checkChars(raw); err != nil {
		return "", err
	}
	if bytes.IndexByte(raw, '&') < 0 && bytes.IndexByte(raw, '\r') < 0 {
		return string(raw), nil
	}
	r.sb.Reset()
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case '\r':
			r.sb.WriteByte('\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			continue
		case '&':
		default:
			r.sb.WriteByte(c)
			continue
		}
		end := bytes.IndexByte(raw[i:], ';')
		if end < 0 {
			return "", errors.New("unterminated entity reference")
		}
		ref := raw[i+1 : i+end]
		i += end
		ch, ok := xmllex.Entity(ref)
		if !ok {
			return "", refError(ref)
		}
		r.sb.WriteRune(ch)
	}
	return r.sb.String(), nil
}

// refError says why xmllex refused the reference ref: not a character
// reference at all, or one that is malformed or names a character XML does
// not allow.
func refError(ref []byte) error {
	if !bytes.HasPrefix(ref, []byte("#")) {
		return fmt.Errorf("undefined entity &%s;", ref)
	}
	return fmt.Errorf("invalid character reference &%s;", ref)
}

// checkChars refuses control characters XML 1.0 forbids; the input is
// already known to be valid UTF-8.
func checkChars(b []byte) error {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return fmt.Errorf("illegal character U+%04X", c)
		}
		if c == 0xEF && i+2 < len(b) && b[i+1] == 0xBF && (b[i+2] == 0xBE || b[i+2] == 0xBF) {
			return errors.New("illegal character U+FFFE/U+FFFF")
		}
	}
	return nil
}

// declVersion returns the version pseudo-attribute of an XML declaration.
func declVersion(inst string) string {
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
