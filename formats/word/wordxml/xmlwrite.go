package wordxml

import (
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// Write serialises x exactly as etree's WriteToBytes does with its
// default settings, about three times faster: etree writes byte by byte
// through bufio and escapes rune by rune, which was a fifth of a write.
// Elements and text are written here; the rare comments, processing
// instructions, directives and CDATA sections go through etree itself.
// TestWriteXMLMatchesEtree and FuzzReadXML hold the two to the same bytes.
// It writes into dst's storage when that is large enough.
func Write(dst []byte, x *etree.Document, sizeHint int) []byte {
	b, _ := WriteStop(dst, x, sizeHint, nil)
	return b
}

// WriteStop is writeXML stepping stop once per element: it ends
// part-way, with stop's error, once the call is stopped.
func WriteStop(dst []byte, x *etree.Document, sizeHint int, stop *formats.Stopper) ([]byte, error) {
	if want := sizeHint + sizeHint/8; cap(dst) < want {
		dst = make([]byte, 0, want)
	}
	w := &appendWriter{b: dst[:0], stop: canStop(stop)}
	for _, c := range x.Child {
		w.token(c, &x.WriteSettings)
	}
	return w.b, w.err
}

// ElementXML serialises one element, as etree's WriteTo does.
func ElementXML(el *etree.Element) string {
	s, _ := ElementXMLStop(el, nil)
	return s
}

// ElementXMLPrefix is the start of ElementXML(el): the whole when it is at
// most max bytes long, else a prefix longer than max (the elements begun
// once max bytes are written are left out), for a caller that shows only
// the start of a large element.
func ElementXMLPrefix(el *etree.Element, max int) string {
	w := &appendWriter{max: max}
	w.element(el, &etree.WriteSettings{})
	return string(w.b)
}

// ElementXMLStop is elementXML stepping stop once per element.
func ElementXMLStop(el *etree.Element, stop *formats.Stopper) (string, error) {
	w := &appendWriter{stop: canStop(stop)}
	w.element(el, &etree.WriteSettings{})
	return string(w.b), w.err
}

// appendWriter is an etree.Writer appending to a byte slice. Its stop, when
// not nil, is stepped once per element; once it reports the end, err holds
// it and nothing more is written.
type appendWriter struct {
	b    []byte
	stop *formats.Stopper
	err  error
	max  int // when > 0, no element is begun once b holds more bytes
	// lz, when not nil, holds elements left unbuilt, written from the
	// part's bytes (WriteLazyStop).
	lz *Lazy
	// slow turns off transcribe's copy of content already as Write
	// gives it (writeLazy).
	slow bool
	// keys is writtenAsIs's room for a tag's attribute names, in a
	// lazy write.
	keys *attrKeys
}

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

func (w *appendWriter) WriteString(s string) (int, error) {
	w.b = append(w.b, s...)
	return len(s), nil
}

func (w *appendWriter) WriteByte(c byte) error {
	w.b = append(w.b, c)
	return nil
}

func (w *appendWriter) token(t etree.Token, s *etree.WriteSettings) {
	switch t := t.(type) {
	case *etree.Element:
		w.element(t, s)
	case *etree.CharData:
		if t.IsCData() {
			t.WriteTo(w, s)
			return
		}
		w.escape(t.Data)
	default:
		t.WriteTo(w, s)
	}
}

func (w *appendWriter) element(e *etree.Element, s *etree.WriteSettings) {
	if w.err != nil || w.max > 0 && len(w.b) > w.max {
		return
	}
	if w.stop != nil {
		if w.err = w.stop.Step(); w.err != nil {
			return
		}
	}
	if w.lz != nil && w.unbuilt(e) {
		return
	}
	w.b = append(w.b, '<')
	w.name(e.Space, e.Tag)
	for i := range e.Attr {
		a := &e.Attr[i]
		w.b = append(w.b, ' ')
		w.name(a.Space, a.Key)
		w.b = append(w.b, '=', '"')
		w.escape(a.Value)
		w.b = append(w.b, '"')
	}
	if len(e.Child) == 0 {
		w.b = append(w.b, '/', '>')
		return
	}
	w.b = append(w.b, '>')
	for _, c := range e.Child {
		w.token(c, s)
	}
	w.b = append(w.b, '<', '/')
	w.name(e.Space, e.Tag)
	w.b = append(w.b, '>')
}

func (w *appendWriter) name(space, local string) {
	if space != "" {
		w.b = append(w.b, space...)
		w.b = append(w.b, ':')
	}
	w.b = append(w.b, local...)
}

// escape writes s as etree's escapeString does in its normal mode: the
// five markup characters as entities, characters outside XML 1.0's range
// (and bytes that are not UTF-8) as U+FFFD, everything else as is.
func (w *appendWriter) escape(s string) {
	last := 0
	for i := 0; i < len(s); {
		for i < len(s) && asIs[s[i]] { // most of every text and value
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		var esc string
		width := 1
		switch {
		case c == '&':
			esc = "&amp;"
		case c == '<':
			esc = "&lt;"
		case c == '>':
			esc = "&gt;"
		case c == '\'':
			esc = "&apos;"
		case c == '"':
			esc = "&quot;"
		case c >= 0x20 && c < 0x80 || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c < 0x80:
			esc = "\uFFFD"
		default:
			var r rune
			r, width = utf8.DecodeRuneInString(s[i:])
			if xmllex.IsChar(r) && (r != utf8.RuneError || width > 1) {
				i += width
				continue
			}
			esc = "\uFFFD"
		}
		w.b = append(w.b, s[last:i]...)
		w.b = append(w.b, esc...)
		i += width
		last = i
	}
	w.b = append(w.b, s[last:]...)
}

// asIs marks the bytes escape copies as they are: ASCII other than the
// five markup characters and the controls XML 1.0 refuses.
var asIs = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = true
	}
	for _, c := range "&<>'\"" {
		t[c] = false
	}
	t['\t'], t['\n'], t['\r'] = true, true, true
	return t
}()
