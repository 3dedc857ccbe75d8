package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
	"golang.org/x/net/html/charset"
)

// streamXML is checkXML for a part read through a window: the fast pass
// (fastXML's tokenizer, token by token over what the window holds), and
// where that gives up, encoding/xml's pass from the token it gave up on,
// with the elements the fast pass left open. Both report to rec exactly
// what checkXML reports, at the part's offsets: the fast pass reports an
// element only as encoding/xml's would (FuzzFastCheck), and encoding/xml's
// RawToken neither matches end tags nor resolves namespaces, so nothing
// before the token it starts on changes what it makes of the rest.
//
// Before each token, hold is told where it starts and returns the first
// byte rec may still read; the window lets go of the bytes before it.
type streamXML struct {
	win    *partWindow
	part   string
	record recordFunc
	hold   func(at int) int
	stop   *formats.Stopper
	x      fastXML
	names  []byte // the raw names of the open elements, one after another
	ends   []int  // where each open element's name ends in names
	roots  int
	el     xml.StartElement
}

// minLook is how far past a token's start the window reads before the
// fast pass tries it: most tokens are shorter; a longer one is tried
// again once the window holds more.
const minLook = 512

// run passes the whole part.
func (s *streamXML) run() error {
	pos, ok := s.declaration()
	for ok {
		if err := s.stop.Step(); err != nil {
			return err
		}
		s.win.release(s.hold(pos))
		if !s.win.fill(pos + 1) {
			break
		}
		var next int
		if next, ok = s.token(pos); ok {
			pos = next
		}
	}
	if err := s.sourceErr(); err != nil {
		return err
	}
	if ok && len(s.ends) == 0 && s.roots == 1 {
		return nil
	}
	return s.slow(pos)
}

// declaration passes the XML declaration, if any, and returns where the
// content starts; ok is false when the fast pass gives up on it.
func (s *streamXML) declaration() (pos int, ok bool) {
	for look := minLook; ; look *= 2 {
		got := s.win.fill(look)
		head := s.win.bytes(0, s.win.end())
		// Refused with its "?>" in the window, or past maxLook, it is
		// refused for good.
		if next, ok := xmllex.PlainDeclaration(head); ok || !got || look >= maxLook || bytes.Contains(head, []byte("?>")) {
			return next, ok
		}
	}
}

// maxLook bounds how far past a token's start the window reads for the
// fast pass to try it: a longer token (none a spreadsheet program writes)
// is left to encoding/xml's pass, which reads it in pieces.
const maxLook = 64 << 10

// token passes the token at pos, reading more of the part while it may
// lie past the window's end, and returns where the next one starts; ok is
// false when the fast pass gives up on it.
func (s *streamXML) token(pos int) (next int, ok bool) {
	s.win.fill(pos + minLook)
	for {
		if next, ok = s.try(pos); ok || s.win.end()-pos >= maxLook || !s.cutShort(pos) || !s.win.more() {
			return next, ok
		}
	}
}

// cutShort reports whether the token at pos may have failed only for
// want of the bytes past the window's end: a tag may, wherever its pass
// stopped (an attribute value is refused at its quote), but not a
// comment, CDATA or the like, refused at its "<!" or "<?"; text only
// where a reference or a character runs past it.
func (s *streamXML) cutShort(pos int) bool {
	if s.win.at(pos) != '<' {
		return s.x.pos+refWindow >= len(s.x.data)
	}
	return pos+1 >= s.win.end() || s.win.at(pos+1) != '!' && s.win.at(pos+1) != '?'
}

// try passes the token at pos with what the window holds: one try of
// token's, which records only a token it passes whole.
func (s *streamXML) try(pos int) (next int, ok bool) {
	s.win.pinned = true
	next, ok = s.lex(pos)
	s.win.pinned = false
	return next, ok
}

// lex is try's pass, over slices of the window's bytes.
func (s *streamXML) lex(pos int) (next int, ok bool) {
	x := &s.x
	x.data, x.pos, x.ok = s.win.buf, pos-s.win.base, true
	d := x.data
	switch {
	case d[x.pos] != '<':
		x.text(len(s.ends) == 0)
	case x.pos+1 < len(d) && d[x.pos+1] == '/':
		s.endTag(pos)
	case x.pos+1 < len(d) && (d[x.pos+1] == '!' || d[x.pos+1] == '?'):
		return pos, false
	default:
		s.startTag(pos)
	}
	return x.pos + s.win.base, x.ok
}

// endTag passes the end tag at pos, that of the innermost open element.
func (s *streamXML) endTag(pos int) {
	x := &s.x
	if len(s.ends) == 0 {
		x.ok = false
		return
	}
	raw := s.openName(len(s.ends) - 1)
	next, ok := xmllex.EndTag(x.data, x.pos, raw, &nameBytes)
	if x.ok = ok; !ok {
		return
	}
	x.pos = next
	name, _ := splitName(raw) // checked when the element opened
	s.ends = s.ends[:len(s.ends)-1]
	s.names = s.names[:s.nameStart(len(s.ends))]
	if s.record != nil {
		s.el = xml.StartElement{Name: name}
		s.record(false, &s.el, len(s.ends), int64(pos), int64(x.pos+s.win.base))
	}
}

// startTag passes the start tag at pos, and the end of an empty element.
func (s *streamXML) startTag(pos int) {
	x := &s.x
	if len(s.ends) == 0 && s.roots > 0 || len(s.ends) == maxDepth {
		x.ok = false
		return
	}
	x.pos++
	raw, se, empty := x.startElement(s.record != nil)
	if !x.ok {
		return
	}
	if len(s.ends) == 0 {
		s.roots++
	}
	to := int64(x.pos + s.win.base)
	if s.record != nil {
		s.el = se
		s.record(true, &s.el, len(s.ends), int64(pos), to)
		if empty {
			s.el = xml.StartElement{Name: se.Name}
			s.record(false, &s.el, len(s.ends), to, to)
		}
	}
	if !empty {
		s.names = append(s.names, raw...)
		s.ends = append(s.ends, len(s.names))
	}
}

// openName is the raw name of the i-th open element (the root's is 0).
func (s *streamXML) openName(i int) []byte { return s.names[s.nameStart(i):s.ends[i]] }

func (s *streamXML) nameStart(i int) int {
	if i == 0 {
		return 0
	}
	return s.ends[i-1]
}

// sourceErr is the error the part's source failed with, if any: the
// stop's, or a corrupt entry.
func (s *streamXML) sourceErr() error {
	switch err := s.win.err; {
	case err == nil:
		return nil
	case errors.Is(err, formats.ErrStopped):
		return err
	default:
		return formats.Wrap(formats.ErrInvalidDocument, s.part, err, "corrupt entry")
	}
}

// slow is checkXMLSlow's pass from the token at pos on, with the elements
// the fast pass left open.
func (s *streamXML) slow(pos int) error {
	open := make([]xml.Name, len(s.ends))
	for i := range open {
		open[i], _ = splitName(s.openName(i))
	}
	s.win.rd = pos
	dec := xml.NewDecoder(s.win)
	dec.CharsetReader = charset.NewReaderLabel
	for {
		if err := s.stop.Step(); err != nil {
			return err
		}
		from := pos + int(dec.InputOffset())
		s.win.release(s.hold(from))
		tok, err := dec.RawToken()
		if err := s.sourceErr(); err != nil {
			return err
		}
		if errors.Is(err, io.EOF) {
			if len(open) > 0 {
				return formats.Errorf(formats.ErrInvalidDocument, s.part, "malformed XML: the part ends inside <%s>", qname(open[len(open)-1]))
			}
			return nil
		}
		if err != nil {
			return formats.Wrap(formats.ErrInvalidDocument, s.part, err, "malformed XML")
		}
		to := int64(pos) + dec.InputOffset()
		switch t := tok.(type) {
		case xml.Directive:
			return formats.Errorf(formats.ErrInvalidDocument, s.part, errDTD)
		case xml.StartElement:
			if len(open) == maxDepth {
				return formats.Errorf(formats.ErrInvalidDocument, s.part, "the XML nests deeper than %d elements", maxDepth)
			}
			if s.record != nil {
				s.record(true, &t, len(open), int64(from), to)
			}
			open = append(open, t.Name)
		case xml.EndElement:
			if len(open) == 0 || open[len(open)-1] != t.Name {
				return formats.Errorf(formats.ErrInvalidDocument, s.part, "malformed XML: unexpected end tag </%s>", qname(t.Name))
			}
			open = open[:len(open)-1]
			if s.record != nil {
				s.record(false, &xml.StartElement{Name: t.Name}, len(open), int64(from), to)
			}
		}
	}
}
