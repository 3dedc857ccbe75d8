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
// nameBytes is every other byte, what xmllex.Span passes as a name.
var nameEnds = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n/>=<\"'&") {
		t[c] = true
	}
	return t
}()

var nameBytes = xmllex.ClassOf(func(c byte) bool { return !nameEnds[c] })

// name reads an XML name.
func (r *xmlReader) name() string {
	start := r.i
	r.i = xmllex.Span(r.b, start, &nameBytes)
	b := r.b[start:r.i]
	if len(b) == 0 {
		return ""
	}
	// A handful of names make up most of a document: a direct-mapped cache
	// in front of the map spares hashing every one of them.
	k := recentSlot(b)
	slot := &r.recent[k]
	if *slot == string(b) {
		return *slot
	}
	r.recentSkip[k] = 0 // another name in the slot
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

// recentSlot is the slot of recent that name caches n in.
func recentSlot[T string | []byte](n T) uint {
	return (uint(len(n))*31 + uint(n[len(n)-1])*17 + uint(n[len(n)/2])) % recentSlots
}

// skips is r.skip[n] for a name n just returned by name, remembered in
// recentSkip beside n's slot of recent: the general reader asks it of
// every start tag it reads, and hashing the name for the map was most of
// the question.
func (r *xmlReader) skips(n string) bool {
	if len(r.skip) == 0 {
		return false
	}
	k := recentSlot(n)
	if r.recent[k] != n {
		return r.skip[n]
	}
	if a := r.recentSkip[k]; a != 0 {
		return a == skipYes
	}
	s := r.skip[n]
	r.recentSkip[k] = skipNo
	if s {
		r.recentSkip[k] = skipYes
	}
	return s
}

// recentSkip's answers; 0 is not asked yet.
const (
	skipNo  = 1
	skipYes = 2
)

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
	r.i = xmllex.Space(r.b, start)
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
	out, at, f := xmllex.Unescape(r.buf[:0], raw, true, 0)
	r.buf = out[:0]
	switch f {
	case xmllex.OK:
		return string(out), nil
	case xmllex.Unterminated:
		return "", errors.New("unterminated entity reference")
	case xmllex.BadRef:
		return "", refError(raw[at+1 : at+bytes.IndexByte(raw[at:], ';')])
	}
	// checkChars passed raw, which is UTF-8 and holds no '<': unreachable.
	return "", fmt.Errorf("illegal character at %d of a value", at)
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
	i := xmllex.Forbidden(b)
	switch {
	case i < 0:
		return nil
	case b[i] < 0x20:
		return fmt.Errorf("illegal character U+%04X", b[i])
	}
	return errors.New("illegal character U+FFFE/U+FFFF")
}
