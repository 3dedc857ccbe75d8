package excel

import (
	"bytes"
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
	p := fastPass{x: fastXML{data: data, ok: true}, record: rec.record, emptyCell: rec.emptyCell}
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
		}
	}
	return x.ok && len(p.open) == 0 && p.roots == 1, nil
}

// fastPass is fastCheck's state between tags.
type fastPass struct {
	x         fastXML
	record    recordFunc
	emptyCell func(ref, style string, from, to int64) // see recording
	open      [][]byte                                // the raw names of the open elements
	roots     int
	el        xml.StartElement // what record sees, element after element
}

// endTag passes an end tag starting at from, false if it gives up.
func (p *fastPass) endTag(from int64) bool {
	x := &p.x
	x.pos += 2
	raw, name := x.name()
	x.space()
	x.expect('>')
	if !x.ok || len(p.open) == 0 || !bytes.Equal(p.open[len(p.open)-1], raw) {
		return false
	}
	p.open = p.open[:len(p.open)-1]
	if p.record != nil {
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
}

// declaration passes the XML declaration, if any: version 1.0 and UTF-8
// only, in plain ASCII, or it gives up.
func (x *fastXML) declaration() {
	if !bytes.HasPrefix(x.data, []byte("<?xml")) {
		return
	}
	end := bytes.Index(x.data, []byte("?>"))
	if end < 0 || len(x.data) < 6 || !xmllex.IsSpace(x.data[5]) {
		x.ok = false
		return
	}
	d := fastXML{data: x.data[5:end], ok: true}
	for d.space(); d.ok && d.pos < len(d.data); d.space() {
		name := d.token(isNameByte)
		d.space()
		d.expect('=')
		d.space()
		v := d.quoted()
		switch string(name) {
		case "version":
			d.ok = d.ok && string(v) == "1.0"
		case "encoding":
			d.ok = d.ok && bytes.EqualFold(v, []byte("utf-8"))
		case "standalone":
		default:
			d.ok = false
		}
	}
	x.ok, x.pos = d.ok, end+2
}

// quoted returns a pseudo-attribute's value, printable ASCII only.
func (x *fastXML) quoted() []byte {
	if !x.ok || x.pos >= len(x.data) || (x.data[x.pos] != '"' && x.data[x.pos] != '\'') {
		x.ok = false
		return nil
	}
	q := x.data[x.pos]
	start := x.pos + 1
	for x.pos = start; x.pos < len(x.data) && x.data[x.pos] != q; x.pos++ {
		if c := x.data[x.pos]; c < 0x20 || c >= 0x7f {
			x.ok = false
			return nil
		}
	}
	if x.pos == len(x.data) {
		x.ok = false
		return nil
	}
	x.pos++
	return x.data[start : x.pos-1]
}

// text passes character data up to the next '<'. Outside the root only
// white space is taken.
func (x *fastXML) text(outside bool) {
	for x.ok && x.pos < len(x.data) {
		if !outside {
			for x.pos < len(x.data) && plainText[x.data[x.pos]] {
				x.pos++ // most of a part's text: no markup, entity or non-ASCII byte
			}
			if x.pos == len(x.data) {
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
			x.entity(nil)
		case c >= utf8.RuneSelf:
			x.rune(nil)
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r':
			x.ok = false
		default:
			x.pos++
		}
	}
}

// rune passes one multi-byte character, appending it to out if not nil.
func (x *fastXML) rune(out *[]byte) {
	r, n := utf8.DecodeRune(x.data[x.pos:])
	if r == utf8.RuneError && n == 1 || !xmllex.IsChar(r) {
		x.ok = false
		return
	}
	if out != nil {
		*out = append(*out, x.data[x.pos:x.pos+n]...)
	}
	x.pos += n
}

// entity passes a predefined entity or a character reference, appending
// what it stands for to out if not nil.
func (x *fastXML) entity(out *[]byte) {
	semi := bytes.IndexByte(x.data[x.pos:min(len(x.data), x.pos+12)], ';')
	if semi < 0 {
		x.ok = false
		return
	}
	ref := x.data[x.pos+1 : x.pos+semi]
	x.pos += semi + 1
	r, ok := xmllex.Entity(ref)
	if !ok {
		x.ok = false
		return
	}
	if out != nil {
		*out = utf8.AppendRune(*out, r)
	}
}

// startElement reads a start tag after its '<': its raw name, the element
// (built only when want is set) and whether it closes itself.
func (x *fastXML) startElement(want bool) (raw []byte, se xml.StartElement, empty bool) {
	raw, se.Name = x.name()
	if want {
		se.Attr = x.attrs[:0]
		defer func() { x.attrs = se.Attr[:0] }()
	}
	for x.ok {
		spaced := x.space()
		if x.pos >= len(x.data) {
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
		_, name := x.name()
		x.space()
		x.expect('=')
		x.space()
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
	if !x.ok || x.pos >= len(x.data) || (x.data[x.pos] != '"' && x.data[x.pos] != '\'') {
		x.ok = false
		return ""
	}
	q := x.data[x.pos]
	x.pos++
	start, plain := x.pos, true
	var out []byte
	for x.ok && x.pos < len(x.data) {
		if plain {
			for x.pos < len(x.data) && plainValue[x.data[x.pos]] {
				x.pos++ // most values: plain ASCII up to the closing quote
			}
			if x.pos == len(x.data) {
				break
			}
		}
		c := x.data[x.pos]
		switch {
		case c == q:
			x.pos++
			if !want {
				return ""
			}
			if plain {
				return intern(x.data[start : x.pos-1])
			}
			return string(out)
		case c == '<' || c == '\r' || (c < 0x20 && c != '\t' && c != '\n'):
			x.ok = false
		case c == '&':
			if plain {
				out, plain = append(out, x.data[start:x.pos]...), false
			}
			x.entity(&out)
		case c >= utf8.RuneSelf:
			if plain {
				x.rune(nil)
			} else {
				x.rune(&out)
			}
		default:
			if !plain {
				out = append(out, c)
			}
			x.pos++
		}
	}
	x.ok = false
	return ""
}

// name reads an ASCII name, prefix:local or local, and splits it as
// encoding/xml's RawToken does.
func (x *fastXML) name() (raw []byte, n xml.Name) {
	raw = x.token(isNameByte)
	if !x.ok || len(raw) == 0 || !isNameStart(raw[0]) {
		x.ok = false
		return nil, n
	}
	if i := bytes.IndexByte(raw, ':'); i < 0 {
		n.Local = intern(raw)
	} else if i == 0 || i == len(raw)-1 || !isNameStart(raw[i+1]) || bytes.IndexByte(raw[i+1:], ':') >= 0 {
		x.ok = false
	} else {
		n.Space, n.Local = intern(raw[:i]), intern(raw[i+1:])
	}
	return raw, n
}

// token reads the longest run of bytes in.
func (x *fastXML) token(in func(byte) bool) []byte {
	start := x.pos
	for x.pos < len(x.data) && in(x.data[x.pos]) {
		x.pos++
	}
	return x.data[start:x.pos]
}

// space passes white space and reports whether there was any.
func (x *fastXML) space() bool {
	start := x.pos
	for x.pos < len(x.data) && xmllex.IsSpace(x.data[x.pos]) {
		x.pos++
	}
	return x.pos > start
}

// expect passes c or gives up.
func (x *fastXML) expect(c byte) {
	if !x.ok || x.pos >= len(x.data) || x.data[x.pos] != c {
		x.ok = false
		return
	}
	x.pos++
}
