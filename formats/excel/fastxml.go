package excel

import (
	"encoding/xml"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// The XML guard's pass was encoding/xml's tokenizer, about a third of
// making a large workbook's first page. fastCheck is a tokenizer for the
// plain XML that spreadsheet software writes, several times as fast. It
// accepts a strict subset of what the guard's encoding/xml pass accepts,
// and reports exactly the elements, depths and offsets that pass reports
// (FuzzFastCheck holds it to both). Whatever else it meets (comments,
// CDATA, processing instructions, DTDs, another encoding, non-ASCII names,
// unknown entities, a carriage return inside an attribute, a second root,
// text outside the root, any error), it gives up and the encoding/xml pass
// decides, with its own error messages.

// fastCheck checks data as checkXMLWith would and reports its elements to
// record. ok false means it gave up: nothing is decided, and what record
// saw must be forgotten. err is only ever the stop's.
func fastCheck(data []byte, rec recording, stop *formats.Stopper) (ok bool, err error) {
	p := fastPass{x: fastXML{data: data, ok: true}, record: rec.record, emptyCell: rec.emptyCell, valueCell: rec.valueCell, stop: stop}
	x := &p.x
	x.declaration()
	for x.ok && x.pos < len(data) {
		if err := stop.Step(); err != nil {
			return false, err
		}
		if data[x.pos] != '<' {
			x.text(len(p.open) == 0)
			continue
		}
		from := int64(x.pos)
		switch {
		case x.pos+1 < len(data) && data[x.pos+1] == '/':
			x.ok = p.endTag(from)
		case x.pos+1 < len(data) && (data[x.pos+1] == '!' || data[x.pos+1] == '?'):
			return false, nil
		default:
			x.ok = p.startTag(from)
			if p.err != nil {
				return false, p.err // stopped within a run of empty cells
			}
		}
	}
	return x.ok && len(p.open) == 0 && p.roots == 1, nil
}

// fastPass is fastCheck's state between tags.
type fastPass struct {
	x         fastXML
	record    recordFunc
	emptyCell func(row, col, style int, styled bool, from, to int64) // see recording
	valueCell func(c *plainCell)                                     // see recording
	cell      plainCell                                              // what valueCell sees, cell after cell
	open      [][]byte                                               // the raw names of the open elements
	roots     int
	el        xml.StartElement // what record sees, element after element
	// stop is the pass's, stepped once an element; err is its error when
	// it stopped the pass within a run of empty cells (passEmptyRun).
	stop *formats.Stopper
	err  error
}

// endTag passes an end tag starting at from, false if it gives up. Only
// the innermost open element's end tag is taken, compared byte for byte.
func (p *fastPass) endTag(from int64) bool {
	x := &p.x
	if len(p.open) == 0 {
		return false
	}
	raw := p.open[len(p.open)-1]
	next, ok := xmllex.EndTag(x.data, x.pos, raw, &nameBytes)
	if !ok {
		return false
	}
	x.pos = next
	p.open = p.open[:len(p.open)-1]
	if p.record != nil {
		name, _ := splitName(raw) // checked when the element opened
		p.el = xml.StartElement{Name: name}
		p.record(false, &p.el, len(p.open), from, int64(x.pos))
	}
	return true
}

// startTag passes a start tag starting at from, and the end of an empty
// element, false if it gives up.
func (p *fastPass) startTag(from int64) bool {
	x := &p.x
	if p.emptyCell != nil && len(p.open) == 3 && p.plainEmptyCell(from) {
		return true
	}
	if p.valueCell != nil && len(p.open) == 3 && p.plainValueCell(from) {
		return true
	}
	if len(p.open) == 0 {
		if p.roots++; p.roots > 1 {
			return false
		}
	}
	if len(p.open) == maxDepth {
		return false
	}
	x.pos++
	raw, se, empty := x.startElement(p.record != nil)
	if !x.ok {
		return false
	}
	to := int64(x.pos)
	if p.record != nil {
		p.el = se
		p.record(true, &p.el, len(p.open), from, to)
		if empty {
			p.el = xml.StartElement{Name: se.Name}
			p.record(false, &p.el, len(p.open), to, to)
		}
	}
	if !empty {
		p.open = append(p.open, raw)
	}
	return true
}

// fastXML is fastCheck's cursor; ok turns false for good when it gives up.
type fastXML struct {
	data  []byte
	pos   int
	ok    bool
	attrs []xml.Attr // the storage of every element's attributes in turn
	buf   []byte     // the storage of every unescaped value in turn
	// recent are attribute values lately read that intern does not know,
	// by valueSlot: the values a part repeats from element to element
	// (a sheet's rows' spans and heights: HECVAT 4.14's 4,300 rows made
	// two strings each).
	recent [16]string
}

// internValue is intern(b) for an attribute value, the string of an equal
// value lately read when it is still in its slot.
func (x *fastXML) internValue(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	slot := &x.recent[valueSlot(b)]
	if *slot == string(b) {
		return *slot
	}
	v := intern(b)
	*slot = v
	return v
}

// valueSlot picks an attribute value's slot in fastXML.recent from its
// length and last byte, which tell a row's spans and height apart.
func valueSlot(b []byte) int {
	return (len(b)*7 + int(b[len(b)-1])) % len(fastXML{}.recent)
}

// declaration passes the XML declaration, if any: version 1.0 and UTF-8
// only, in plain ASCII, or it gives up.
func (x *fastXML) declaration() {
	x.pos, x.ok = xmllex.PlainDeclaration(x.data)
}

// text passes character data up to the next '<'. Outside the root only
// white space is taken.
func (x *fastXML) text(outside bool) {
	for x.ok && x.pos < len(x.data) {
		if !outside {
			// Most of a part's text: no markup, entity or non-ASCII byte.
			if x.pos = spanPlainText(x.data, x.pos); x.pos == len(x.data) {
				return
			}
		}
		c := x.data[x.pos]
		switch {
		case c == '<':
			return
		case outside && !xmllex.IsSpace(c):
			x.ok = false
		case c == '&':
			_, next, f := xmllex.RefAt(x.data, x.pos, refWindow)
			x.ok, x.pos = f == xmllex.OK, next
		case c >= utf8.RuneSelf:
			n := xmllex.RuneLen(x.data, x.pos)
			x.ok, x.pos = n > 0, x.pos+n
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r':
			x.ok = false
		default:
			x.pos++
		}
	}
}

// refWindow is how far from its '&' the guard looks for a reference's
// ';': the longest reference it takes ("&#x10FFFF;" and the like) is
// shorter, and a longer one is left to encoding/xml.
const refWindow = 12

// startElement reads a start tag after its '<': its raw name, the element
// (built only when want is set) and whether it closes itself.
func (x *fastXML) startElement(want bool) (raw []byte, se xml.StartElement, empty bool) {
	raw, se.Name = x.name(want)
	if want {
		se.Attr = x.attrs[:0]
		defer func() { x.attrs = se.Attr[:0] }()
	}
	for x.ok {
		next := xmllex.Space(x.data, x.pos)
		spaced := next > x.pos
		if x.pos = next; x.pos >= len(x.data) {
			x.ok = false
			return
		}
		switch x.data[x.pos] {
		case '>':
			x.pos++
			return raw, se, false
		case '/':
			x.pos++
			x.expect('>')
			return raw, se, true
		}
		if !spaced {
			x.ok = false
			return
		}
		_, name := x.name(want)
		x.pos = xmllex.Space(x.data, x.pos)
		x.expect('=')
		x.pos = xmllex.Space(x.data, x.pos)
		v := x.attrValue(want)
		if want && x.ok {
			se.Attr = append(se.Attr, xml.Attr{Name: name, Value: v})
		}
	}
	return
}

// attrValue reads a quoted attribute value as encoding/xml unescapes it;
// it returns "" when not wanted.
func (x *fastXML) attrValue(want bool) string {
	if !x.ok {
		return ""
	}
	if d, i := x.data, x.pos; i < len(d) && (d[i] == '"' || d[i] == '\'') {
		if j := xmllex.Span(d, i+1, &plainValue); j < len(d) && d[j] == d[i] {
			// Most values: plain ASCII up to the closing quote, read in
			// one pass.
			x.pos = j + 1
			if !want {
				return ""
			}
			return x.internValue(d[i+1 : j])
		}
	}
	// Anything else: a reference, non-ASCII or the other quote inside, or
	// no value at all.
	raw, next, f := xmllex.Quoted(x.data, x.pos)
	if f != xmllex.OK {
		x.ok = false
		return ""
	}
	x.pos = next
	out, _, f := xmllex.Unescape(x.buf[:0], raw, false, refWindow)
	x.buf = out[:0]
	if f != xmllex.OK {
		x.ok = false
		return ""
	}
	if !want {
		return ""
	}
	return string(out)
}

// name reads an ASCII name, prefix:local or local, and splits it as
// encoding/xml's RawToken does when want is set; else it only checks it,
// as splitName would, and n is empty: a part no recording sees needs no
// name's strings. The one loop over the name notes whether it holds a
// colon: most names have none, and need only their first byte checked
// (nameColon's second loop over every name was a tenth of the guard's
// work on the elements it reads in general).
func (x *fastXML) name(want bool) (raw []byte, n xml.Name) {
	d, start := x.data, x.pos
	i, seen := start, uint8(0)
	for i < len(d) {
		k := nameClass[d[i]]
		if k == 0 {
			break
		}
		seen |= k
		i++
	}
	x.pos, raw = i, d[start:i]
	if !x.ok {
		return nil, n
	}
	if seen&nameColonByte == 0 {
		// No colon: a local name, which must start as a name does.
		if x.ok = len(raw) > 0 && xmllex.IsASCIINameStart(raw[0]); !x.ok {
			return nil, n
		}
		if want {
			n.Local = intern(raw)
		}
		return raw, n
	}
	if !want {
		x.ok = nameColon(raw) != badName
	} else {
		n, x.ok = splitName(raw)
	}
	if !x.ok {
		return nil, n
	}
	return raw, n
}

// nameClass classes the bytes of names (nameBytes) for name's loop:
// nameByte, and nameColonByte as well for the colon.
var nameClass = func() (c [256]uint8) {
	for b := range c {
		if nameBytes[b] {
			c[b] = nameByte
		}
	}
	if nameBytes[':'] {
		c[':'] |= nameColonByte
	}
	return c
}()

const (
	nameByte      = 1 << iota // a byte a name may hold
	nameColonByte             // the colon
)

// badName is nameColon's answer for a name splitName refuses.
const badName = -2

// nameColon checks an ASCII name's start and colon as splitName does: it
// returns where its one colon is, -1 when it has none, or badName.
func nameColon(raw []byte) int {
	if len(raw) == 0 || !xmllex.IsASCIINameStart(raw[0]) {
		return badName
	}
	i := -1
	for k, c := range raw { // names are short: a loop spares IndexByte's call
		if c == ':' {
			if i >= 0 {
				return badName
			}
			i = k
		}
	}
	if i == 0 || i == len(raw)-1 || i > 0 && !xmllex.IsASCIINameStart(raw[i+1]) {
		return badName
	}
	return i
}

// splitName checks an ASCII name's start and colon and splits it.
func splitName(raw []byte) (n xml.Name, ok bool) {
	switch i := nameColon(raw); i {
	case badName:
		return n, false
	case -1:
		n.Local = intern(raw)
	default:
		n.Space, n.Local = intern(raw[:i]), intern(raw[i+1:])
	}
	return n, true
}

// expect passes c or gives up.
func (x *fastXML) expect(c byte) {
	if !x.ok || !xmllex.At(x.data, x.pos, c) {
		x.ok = false
		return
	}
	x.pos++
}
