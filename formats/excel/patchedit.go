package excel

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"unicode/utf8"

	"github.com/formfill/formfill/formats/internal/xmllex"
)

// A write changes a few cells of a sheet of tens of thousands. The
// patching writer (patchsheet.go) streams each changed sheet's original
// XML and rewrites only the elements of the cells it changes; everything
// else, down to the byte, is copied. An edit says what one cell becomes.

// editKind is what an edit does to its cell.
type editKind uint8

const (
	editNumber editKind = iota + 1 // a number (dates are serial numbers): no t, <v>text</v>
	editString                     // text: a shared string, or inline where the cell was inline
	editBool                       // a boolean: t="b", <v>1</v> or <v>0</v>
	editClear                      // no value at all; the cell keeps its style
	editCached                     // a formula's cached value: the formula stays, <v> and t change
)

// noStyle marks an edit that leaves the cell's style as it is (an
// existing cell's s, or for a new cell its row's or column's).
const noStyle = -1

// cellEdit is what one cell becomes.
type cellEdit struct {
	row, col int
	kind     editKind
	text     string // the number's digits, the string, or "1"/"0"
	style    int    // the s to write, or noStyle
	cached   cachedValue
	// sst is the shared string index of a string edit, set by the save
	// once it knows the table's size (-1: write an inline string).
	sst int
}

// hasValue reports whether the edited cell holds something: a cell that
// does not need not be added where none exists.
func (e *cellEdit) hasValue() bool { return e.kind != editClear || e.style != noStyle }

// before orders edits in sheet order: by row, then column.
func (e *cellEdit) before(o *cellEdit) bool {
	return rowColLess(e.row, e.col, o.row, o.col)
}

// appendCellName appends the A1 name of row, col.
func appendCellName(b []byte, row, col int) []byte {
	return strconv.AppendInt(appendColumnLetters(b, col), int64(row), 10)
}

// appendColumnLetters appends the capital letters of column col, 1 to
// maxCols (A is 1).
func appendColumnLetters(b []byte, col int) []byte {
	var letters [3]byte
	i := len(letters)
	for col > 0 && i > 0 {
		col--
		i--
		letters[i] = byte('A' + col%26)
		col /= 26
	}
	return append(b, letters[i:]...)
}

// writeNewCell writes a cell that did not exist, with style s (-1: none)
// and prefix the sheet's namespace prefix ("" or "x:").
func writeNewCell(b *bytes.Buffer, prefix string, e *cellEdit, s int) {
	b.WriteByte('<')
	b.WriteString(prefix)
	b.WriteString(`c r="`)
	b.Write(appendCellName(nil, e.row, e.col))
	b.WriteByte('"')
	if s > 0 {
		b.WriteString(` s="`)
		b.WriteString(strconv.Itoa(s))
		b.WriteByte('"')
	}
	writeCellValue(b, prefix, e)
	b.WriteString("</")
	b.WriteString(prefix)
	b.WriteString("c>")
}

// writeCellValue writes the t attribute, the end of the start tag and the
// value element of a value edit: everything from after the cell's other
// attributes to before its end tag.
func writeCellValue(b *bytes.Buffer, prefix string, e *cellEdit) {
	switch {
	case e.kind == editString && e.sst < 0:
		b.WriteString(` t="inlineStr"><`)
		b.WriteString(prefix)
		b.WriteString("is>")
		writeT(b, prefix, e.text)
		b.WriteString("</")
		b.WriteString(prefix)
		b.WriteString("is>")
		return
	case e.kind == editString:
		b.WriteString(` t="s">`)
		writeV(b, prefix, strconv.Itoa(e.sst))
	case e.kind == editBool:
		b.WriteString(` t="b">`)
		writeV(b, prefix, e.text)
	case e.kind == editNumber:
		b.WriteByte('>')
		writeV(b, prefix, e.text)
	default:
		b.WriteByte('>')
	}
}

// writeV writes <v>text</v>.
func writeV(b *bytes.Buffer, prefix, text string) {
	b.WriteByte('<')
	b.WriteString(prefix)
	b.WriteString("v>")
	escapeText(b, text)
	b.WriteString("</")
	b.WriteString(prefix)
	b.WriteString("v>")
}

// writeT writes <t>text</t> as ST_Xstring (encodeXstring: a literal
// _xHHHH_ escaped, a control character as its _xHHHH_ rather than lost),
// marked to keep its spaces when it starts or ends with white space
// (Excel would trim it otherwise).
func writeT(b *bytes.Buffer, prefix, text string) {
	b.WriteByte('<')
	b.WriteString(prefix)
	b.WriteByte('t')
	if text != "" && (xmllex.IsSpace(text[0]) || xmllex.IsSpace(text[len(text)-1])) {
		b.WriteString(` xml:space="preserve"`)
	}
	b.WriteByte('>')
	escapeText(b, encodeXstring(text)) // Excel decodes _xHHHH_ in <t>: a literal one must be escaped
	b.WriteString("</")
	b.WriteString(prefix)
	b.WriteString("t>")
}

// escapeText writes s as XML character data. Line feeds and tabs stay as
// they are (as Excel writes them); a carriage return becomes &#xD; so that
// a reader's line-end normalisation keeps it; characters XML cannot hold
// become U+FFFD, as encoding/xml writes them.
func escapeText(b *bytes.Buffer, s string) {
	escape(b, s, false)
}

// escapeAttr writes s as an attribute value between double quotes.
func escapeAttr(b *bytes.Buffer, s string) {
	escape(b, s, true)
}

func escape(b *bytes.Buffer, s string, attr bool) {
	last := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		var esc string
		switch {
		case r == '<':
			esc = "&lt;"
		case r == '>':
			esc = "&gt;"
		case r == '&':
			esc = "&amp;"
		case r == '"' && attr:
			esc = "&quot;"
		case r == '\r':
			esc = "&#xD;"
		case r == '\n' && attr:
			esc = "&#xA;"
		case r == '\t' && attr:
			esc = "&#x9;"
		case r == utf8.RuneError && n == 1, !xmllex.IsChar(r):
			esc = "\uFFFD"
		}
		if esc != "" {
			b.WriteString(s[last:i])
			b.WriteString(esc)
			last = i + n
		}
		i += n
	}
	b.WriteString(s[last:])
}

// writeStartTag writes a start tag named raw with attrs, open (no "/>").
func writeStartTag(b *bytes.Buffer, raw []byte, attrs []xml.Attr) {
	b.WriteByte('<')
	b.Write(raw)
	for _, a := range attrs {
		b.WriteByte(' ')
		if a.Name.Space != "" {
			b.WriteString(a.Name.Space)
			b.WriteByte(':')
		}
		b.WriteString(a.Name.Local)
		b.WriteString(`="`)
		escapeAttr(b, a.Value)
		b.WriteByte('"')
	}
}

// attrOf is the value of the unprefixed attribute local of attrs.
func attrOf(attrs []xml.Attr, local string) (string, bool) {
	for _, a := range attrs {
		if a.Name.Space == "" && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// withAttr is attrs with the unprefixed attribute local set to v (added
// last when absent), or removed when drop.
func withAttr(attrs []xml.Attr, local, v string, drop bool) []xml.Attr {
	return withAttrTo(attrs[:0:0], attrs, local, v, drop)
}

// withAttrTo is withAttr appending to out, which must not share storage
// with attrs.
func withAttrTo(out, attrs []xml.Attr, local, v string, drop bool) []xml.Attr {
	found := false
	for _, a := range attrs {
		if a.Name.Space == "" && a.Name.Local == local {
			found = true
			if drop {
				continue
			}
			a.Value = v
		}
		out = append(out, a)
	}
	if !found && !drop {
		out = append(out, xml.Attr{Name: xml.Name{Local: local}, Value: v})
	}
	return out
}

// rawName is an element's name as written.
func rawName(n xml.Name) []byte {
	if n.Space == "" {
		return []byte(n.Local)
	}
	return []byte(n.Space + ":" + n.Local)
}

// prefixOf is the prefix of n with its colon, "" for none.
func prefixOf(n xml.Name) string {
	if n.Space == "" {
		return ""
	}
	return n.Space + ":"
}
