package wordxml

import (
	"bytes"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// Writing a tree ParseLazy left partly unbuilt: an element whose content
// was never built is written from the part's bytes, token by token, in
// the form Write gives the tree Build would make of them (attributes in
// double quotes with one space before each, empty elements as "<x/>",
// the markup characters escaped as entities), without building it. A
// write that touches a few paragraphs of a long agreement then neither
// builds nor walks the rest. Content the transcription is unsure of (a
// character reference, a carriage return, a comment, CDATA, a processing
// instruction, a repeated attribute) is built and written as a tree
// instead. TestWriteLazyMatchesWrite and FuzzReadXML hold both ways to
// the same bytes.

// WriteLazyStop is WriteStop for a tree read by ParseLazy: the elements
// lz still holds unbuilt are written from their bytes. lz may be nil (a
// tree read whole); it must not be closed yet.
func WriteLazyStop(dst []byte, x *etree.Document, sizeHint int, lz *Lazy, stop *formats.Stopper) ([]byte, error) {
	return writeLazy(dst, x, sizeHint, lz, stop, false)
}

// writeLazy is WriteLazyStop; slow transcribes even the elements the read
// found as Write gives them token by token, for tests to hold the copy
// of those to the transcription.
func writeLazy(dst []byte, x *etree.Document, sizeHint int, lz *Lazy, stop *formats.Stopper, slow bool) ([]byte, error) {
	if want := sizeHint + sizeHint/8; cap(dst) < want {
		dst = make([]byte, 0, want)
	}
	w := &appendWriter{b: dst[:0], stop: canStop(stop), slow: slow}
	if lz.Unbuilt() {
		w.lz, w.keys = lz, new(attrKeys)
	}
	for _, c := range x.Child {
		w.token(c, &x.WriteSettings)
	}
	return w.b, w.err
}

// unbuilt writes e from the part's bytes when lz left it unbuilt, and
// reports whether it did. Content it cannot transcribe is built, and
// written as a tree by the caller.
func (w *appendWriter) unbuilt(e *etree.Element) bool {
	sp, ok := w.lz.spanMap()[e]
	if !ok {
		return false
	}
	mark := len(w.b)
	if w.transcribe(e, sp) {
		return true
	}
	w.b = w.b[:mark]
	if w.err == nil {
		w.err = w.lz.build(e, sp)
	}
	return w.err != nil
}

// transcribe writes the unbuilt element e, whose attributes and content
// are sp's bytes, as Write would write it built: its bytes from its start
// tag to its end tag go through content, as if it were content itself.
func (w *appendWriter) transcribe(e *etree.Element, sp lazySpan) bool {
	raw := w.lz.raw
	// The part names e as the tree does: Space:Tag, its start tag right
	// before its attributes.
	from := sp.attrs - len(e.Tag) - 1
	if e.Space != "" {
		from -= len(e.Space) + 1
	}
	to := sp.start // after "/>" of an empty-element tag
	if raw[sp.start-2] != '/' {
		to = skipEndTag(raw, sp.end)
	}
	if sp.asIs && !w.slow {
		// The read found the content and end tag as Write gives them;
		// the start tag, read by the general reader, is checked here.
		if next, kept := writtenAsIs(raw, from, w.keys); kept && next == sp.start {
			if w.stop != nil {
				if w.err = w.stop.Step(); w.err != nil {
					return false
				}
			}
			w.b = append(w.b, raw[from:to]...)
			return true
		}
	}
	return w.content(raw[from:to])
}

// attrs writes the attributes of the start tag whose name ends at b[i],
// and returns where the tag ends: its '>', or the '/' of its "/>"; either
// is left for the caller to write. It refuses a name given twice: the
// tree keeps one attribute of it.
func (w *appendWriter) attrs(b []byte, i int) (int, bool) {
	var seen [maxAsIsAttrs][]byte
	n := 0
	for {
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, false
		}
		if b[i] == '>' || b[i] == '/' {
			return i, true
		}
		start := i
		i = xmllex.Span(b, i, &nameBytes)
		key := b[start:i]
		if n == len(seen) {
			return i, false
		}
		for _, k := range seen[:n] {
			if bytes.Equal(k, key) {
				return i, false
			}
		}
		seen[n], n = key, n+1
		i = skipSpace(b, i) + 1 // past '=': the part was checked when read
		i = skipSpace(b, i)
		q := b[i]
		end := bytes.IndexByte(b[i+1:], q)
		w.b = append(w.b, ' ')
		w.b = append(w.b, key...)
		w.b = append(w.b, '=', '"')
		if !w.escapeRaw(b[i+1 : i+1+end]) {
			return i, false
		}
		w.b = append(w.b, '"')
		i += end + 2
	}
}

// content writes the content of an unbuilt element: text, start and end
// tags; anything else is left to the tree. Most of it is already in the
// form Write gives it, so it is copied in stretches from last: only the
// quotes and '>' in text are escaped here, and a tag Write would write
// otherwise is written by startTag or endTag.
func (w *appendWriter) content(b []byte) bool {
	last := 0
	for i := 0; i < len(b); {
		c := b[i]
		if !textStops[c] {
			i++
			continue
		}
		switch c {
		case '<':
			// One step a tag, as the parse takes: a paragraph may be huge.
			// (Step is not inlined: a call not bound to a context skips it.)
			if w.stop != nil {
				if w.err = w.stop.Step(); w.err != nil {
					return false
				}
			}
			next, kept := writtenAsIs(b, i, w.keys)
			if kept && next > 0 {
				i = next
				continue
			}
			w.b = append(w.b, b[last:i]...)
			if kept { // empty with an end tag: written "<x/>"
				end := -next
				w.b = append(w.b, b[i:end]...)
				w.b = append(w.b, '/', '>')
				i = skipEndTag(b, end+1)
				last = i
				continue
			}
			var ok bool
			switch b[i+1] {
			case '/':
				i, ok = w.endTag(b, i)
			case '?', '!':
				return false
			default:
				i, ok = w.startTag(b, i)
			}
			if !ok {
				return false
			}
			last = i
		case '&':
			if !predefined(b[i:]) {
				return false
			}
			i++
		case '\r':
			return false
		default: // a quote or '>'
			w.b = append(w.b, b[last:i]...)
			w.b = append(w.b, escapes[c]...)
			i++
			last = i
		}
	}
	w.b = append(w.b, b[last:]...)
	return true
}

// textStops marks the bytes of text content stops at.
var textStops = func() (t [256]bool) {
	for _, c := range []byte("<&\r'\">") {
		t[c] = true
	}
	return t
}()

// escapes is what escape writes for the quotes and '>'.
var escapes = [256]string{'\'': "&apos;", '"': "&quot;", '>': "&gt;"}

// startTag writes the start tag at b[i], as "<x/>" when it is empty or
// its end tag follows at once, and returns where it ends.
func (w *appendWriter) startTag(b []byte, i int) (int, bool) {
	start := i + 1
	i = start
	i = xmllex.Span(b, i, &nameBytes)
	w.b = append(w.b, '<')
	w.b = append(w.b, b[start:i]...)
	end, ok := w.attrs(b, i)
	if !ok {
		return end, false
	}
	if b[end] == '/' { // "/>"
		w.b = append(w.b, '/', '>')
		return end + 2, true
	}
	next := end + 1
	if next+1 < len(b) && b[next] == '<' && b[next+1] == '/' {
		// The part was checked when read: this end tag closes the element.
		w.b = append(w.b, '/', '>')
		return skipEndTag(b, next), true
	}
	w.b = append(w.b, '>')
	return next, true
}

// endTag writes the end tag at b[i] without the white space the part may
// have before its '>'.
func (w *appendWriter) endTag(b []byte, i int) (int, bool) {
	start := i + 2
	j := start
	j = xmllex.Span(b, j, &nameBytes)
	w.b = append(w.b, '<', '/')
	w.b = append(w.b, b[start:j]...)
	w.b = append(w.b, '>')
	return skipEndTag(b, i), true
}

// skipEndTag is where the end tag at b[i] ends.
func skipEndTag(b []byte, i int) int {
	return bytes.IndexByte(b[i:], '>') + i + 1
}

// skipSpace skips XML white space from b[i].
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// escapeRaw writes text or an attribute value as it stands in the part
// the way escape writes it once decoded: the five predefined entities
// decode to the character escape turns back into the same entity, and
// the quotes and '>' are escaped. It refuses character references and
// carriage returns (decoding changes them), leaving them to the tree. The
// part was checked when read: no forbidden character is left.
func (w *appendWriter) escapeRaw(s []byte) bool {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '\'':
			esc = "&apos;"
		case '"':
			esc = "&quot;"
		case '>':
			esc = "&gt;"
		case '\r':
			return false
		case '&':
			if !predefined(s[i:]) {
				return false
			}
			continue
		default:
			continue
		}
		w.b = append(w.b, s[last:i]...)
		w.b = append(w.b, esc...)
		last = i + 1
	}
	w.b = append(w.b, s[last:]...)
	return true
}

// predefined reports whether s starts with one of the five predefined
// entity references, each of which escape writes back as it is.
func predefined(s []byte) bool {
	for _, e := range [...]string{"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"} {
		if bytes.HasPrefix(s, []byte(e)) {
			return true
		}
	}
	return false
}
