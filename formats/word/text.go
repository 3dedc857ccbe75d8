package word

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// textOf returns the visible text of el: paragraphs on lines, table cells
// tab-separated, rows on lines; field instructions, deleted text and the
// fallback copies of mc:AlternateContent are left out.
func textOf(el *etree.Element) string {
	buf := textBufs.Get().(*[]byte)
	w := textWriter{b: (*buf)[:0]}
	w.element(el)
	s := w.text()
	if cap(w.b) <= maxTextBuf {
		*buf = w.b
		textBufs.Put(buf)
	}
	return s
}

// textBufs holds *[]byte scratch buffers for textOf, whose result is
// copied out of them (or is a string of the tree): a strings.Builder grew
// by doubling for each paragraph read, ~70 KB on an NVCA verify.
var textBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxTextBuf bounds the buffers textBufs keeps (a whole table's text can
// be long; paragraphs seldom pass a few KB).
const maxTextBuf = 64 << 10

// cacheTexts makes d.textOf remember what it reads until the function it
// returns is called; nested calls leave the outer cache in place. Finding
// the targets and writing the map read a paragraph's text several times
// (the exclusions, the blank tests, the question, the line), and the tree
// does not change meanwhile.
func (d *document) cacheTexts() (done func()) {
	if d.texts != nil {
		return func() {}
	}
	d.texts = make(map[*etree.Element]string, len(d.ix.nodes))
	return func() { d.texts = nil }
}

// textOf is textOf(el), from the cache while cacheTexts holds one.
func (d *document) textOf(el *etree.Element) string {
	if d.texts == nil {
		return textOf(el)
	}
	s, ok := d.texts[el]
	if !ok {
		s = textOf(el)
		d.texts[el] = s
	}
	return s
}

// textWriter collects text for textOf. Its stop, when not nil, is stepped
// once per paragraph and table row, so the text of a whole document ends
// part-way once the call is stopped (err then says so).
type textWriter struct {
	b []byte
	// first is the string written when b was still empty: while nothing
	// but line ends follows it, the text is (a prefix of) it and text
	// returns it without copying; a paragraph of one w:t is the common
	// case.
	first string
	stop  *formats.Stopper
	err   error
}

// writeString appends s.
func (w *textWriter) writeString(s string) {
	if len(w.b) == 0 {
		w.first = s
	}
	w.b = append(w.b, s...)
}

// text is what was written, without trailing line ends. b only grows
// and began with first, so a text no longer than first is first's prefix.
func (w *textWriter) text() string {
	n := len(w.b)
	for n > 0 && w.b[n-1] == '\n' {
		n--
	}
	if n <= len(w.first) {
		return w.first[:n]
	}
	return string(w.b[:n])
}

// step counts a paragraph or row and reports whether to go on.
func (w *textWriter) step() bool {
	if w.err == nil {
		w.err = w.stop.Step()
	}
	return w.err == nil
}

func (w *textWriter) element(el *etree.Element) {
	if el.Space == "mc" && el.Tag == "Fallback" {
		return
	}
	if el.Space == "w" {
		switch el.Tag {
		case "t":
			w.writeString(el.Text())
			return
		case "tab":
			if isW(el.Parent(), "r") {
				w.b = append(w.b, '\t')
			}
			return
		case "br", "cr":
			w.b = append(w.b, '\n')
			return
		case "instrText", "delText", "delInstrText":
			return
		case "p":
			if w.step() {
				w.children(el)
				w.b = append(w.b, '\n')
			}
			return
		case "tbl":
			w.table(el)
			return
		}
		if isProperties(el) {
			return
		}
	}
	w.children(el)
}

func (w *textWriter) children(el *etree.Element) {
	for _, c := range el.Child {
		if e, ok := c.(*etree.Element); ok && w.err == nil {
			w.element(e)
		}
	}
}

// table writes one line per row, cells separated by tabs and the
// paragraphs inside a cell joined by spaces.
func (w *textWriter) table(tbl *etree.Element) {
	for _, row := range tableRows(tbl) {
		if !w.step() {
			return
		}
		for i, c := range rowCells(row) {
			if i > 0 {
				w.b = append(w.b, '\t')
			}
			w.writeString(cellLine(c))
		}
		w.b = append(w.b, '\n')
	}
}

// cellLine is a cell's text on one line.
func cellLine(tc *etree.Element) string {
	return oneLine(textOf(tc))
}

// oneLine collapses runs of white space to one space and trims the ends,
// as strings.Join(strings.Fields(s), " ") does, without allocating for the
// common text that is already so.
func oneLine(s string) string {
	if !needsCollapse(s) {
		return s
	}
	return collapseSpace(s, -1)
}

// oneLineHead is shorten(oneLine(s), n), collapsing only the n+1 runes
// that decide it: a long paragraph's map line and question keep 200 runes
// of it, and collapsing the rest was most of the work and of the bytes.
func oneLineHead(s string, n int) string {
	if !needsCollapse(s) {
		return shorten(s, n)
	}
	return shorten(collapseSpace(s, n+1), n)
}

// needsCollapse reports whether oneLine changes s.
func needsCollapse(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			// Curly quotes and dashes fill agreements: only a space
			// beyond ASCII (no-break, em space…) needs the slow path.
			r, w := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				return true
			}
			i += w
			continue
		}
		if c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ') || c != ' ' && c <= ' ' {
			return true
		}
		i++
	}
	return false
}

// collapseSpace is strings.Join(strings.Fields(s), " ") in one pass and one
// allocation: agreements' double spaces and tabs send most of their lines
// here. With limit >= 0 it stops once it has written limit runes (counted
// as utf8.RuneCountInString counts them), giving that prefix of the whole.
func collapseSpace(s string, limit int) string {
	var b strings.Builder
	if limit >= 0 {
		b.Grow(min(len(s), utf8.UTFMax*limit))
	} else {
		b.Grow(len(s))
	}
	gap, runes := false, 0
	for i := 0; i < len(s) && runes != limit; {
		c, w, space := s[i], 1, false
		if c < utf8.RuneSelf {
			space = c == ' ' || c >= '\t' && c <= '\r'
		} else {
			var r rune
			r, w = utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
		}
		i += w
		if space {
			gap = b.Len() > 0
			continue
		}
		if gap {
			b.WriteByte(' ')
			gap = false
			if runes++; runes == limit {
				break
			}
		}
		b.WriteString(s[i-w : i])
		runes++
	}
	return b.String()
}

// tableRows returns tbl's rows in order, looking through row-level
// content controls (and customXml wrappers).
func tableRows(tbl *etree.Element) []*etree.Element { return wrappedChildren(tbl, "tr") }

// rowCells returns a row's cells, looking through cell-level controls.
func rowCells(tr *etree.Element) []*etree.Element { return wrappedChildren(tr, "tc") }

// wrappedChildren returns parent's child elements w:tag, including those
// inside w:sdt/w:sdtContent and w:customXml wrappers, in document order.
func wrappedChildren(parent *etree.Element, tag string) []*etree.Element {
	var out []*etree.Element
	for _, c := range parent.Child {
		e, ok := c.(*etree.Element)
		if !ok {
			continue
		}
		switch {
		case isW(e, tag):
			out = append(out, e)
		case isW(e, "sdt"):
			if sc := childW(e, "sdtContent"); sc != nil {
				out = append(out, wrappedChildren(sc, tag)...)
			}
		case isW(e, "customXml"):
			out = append(out, wrappedChildren(e, tag)...)
		}
	}
	return out
}

// ExtractText implements extract_text: the document's text in reading
// order, table cells tab-separated and rows on their own lines.
func (e *Engine) ExtractText(data []byte) (string, error) {
	d, err := open(data, formatting, e.stopper())
	if err != nil {
		return "", err
	}
	return formats.InPhase(d.stop, formats.PhaseExtract, func() (string, error) {
		w := textWriter{stop: d.stop}
		w.element(d.body)
		if w.err != nil {
			return "", w.err
		}
		return w.text(), nil
	})
}

// ExtractRaw implements extract_structure: the raw w:body XML.
func (e *Engine) ExtractRaw(data []byte) (*formats.RawStructure, error) {
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, err
	}
	body, err := elementXMLStop(d.body, d.stop)
	if err != nil {
		return nil, err
	}
	return &formats.RawStructure{BodyXML: body}, nil
}
