package excel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// The package-level parts a patching write may touch besides the sheets:
// the shared strings table (items appended, or the part created with its
// relationship and content type) and the workbook's calculation flag.

const (
	sstContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
	relsSST        = "/sharedStrings"
	transitionalR  = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	strictR        = "http://purl.oclc.org/ooxml/officeDocument/relationships"
)

// partOutline is what patching needs of a small XML part: its root's start
// tag and the offset of its end tag, and its children's attributes.
type partOutline struct {
	root             xml.StartElement
	rootFrom, rootTo int // the root's start tag
	rootEnd          int // where its end tag starts
	selfClosing      bool
	extFrom          int // where its extLst child starts, -1 for none: items go before it
	children         []xml.StartElement
}

// outline reads data's root and its children with the guard's tokenizer.
func outline(data []byte, part string, stop *formats.Stopper) (*partOutline, error) {
	o := &partOutline{rootEnd: -1, extFrom: -1}
	rec := func(start bool, el *xml.StartElement, depth int, from, to int64) {
		switch {
		case start && depth == 0:
			o.root = xml.StartElement{Name: el.Name, Attr: append([]xml.Attr(nil), el.Attr...)}
			o.rootFrom, o.rootTo = int(from), int(to)
		case start && depth == 1:
			if el.Name.Local == "extLst" && o.extFrom < 0 {
				o.extFrom = int(from)
			}
			o.children = append(o.children, xml.StartElement{Name: el.Name, Attr: append([]xml.Attr(nil), el.Attr...)})
		case !start && depth == 0:
			o.rootEnd = int(from)
		}
	}
	reset := func() { *o = partOutline{rootEnd: -1, extFrom: -1} }
	if err := checkXML(data, part, recording{record: rec, reset: reset}, stop); err != nil {
		return nil, err
	}
	if o.rootEnd < 0 {
		return nil, formats.Errorf(formats.ErrInvalidDocument, part, "the part has no root element")
	}
	o.selfClosing = o.rootEnd == o.rootTo && data[o.rootTo-2] == '/'
	return o, nil
}

// insertAt is where a new last child goes: before extLst, or the root's
// end tag.
func (o *partOutline) insertAt() int {
	if o.extFrom >= 0 {
		return o.extFrom
	}
	return o.rootEnd
}

// insertBeforeEnd is data with extra put as the root's last children
// (before its extLst); a self-closing root is opened for them.
func (o *partOutline) insertBeforeEnd(data, extra []byte) []byte {
	out := make([]byte, 0, len(data)+len(extra)+32)
	if o.selfClosing {
		out = append(out, data[:o.rootTo-2]...)
		out = append(out, '>')
		out = append(out, extra...)
		out = append(out, "</"+string(rawName(o.root.Name))+">"...)
		return append(out, data[o.rootTo:]...)
	}
	at := o.insertAt()
	out = append(out, data[:at]...)
	out = append(out, extra...)
	return append(out, data[at:]...)
}

// sharedStringsTarget finds the shared strings part the workbook's
// relationships name, "" for none.
func sharedStringsTarget(rels *partOutline) string {
	for _, r := range rels.children {
		typ, _ := attrOf(r.Attr, "Type")
		t, _ := attrOf(r.Attr, "Target")
		if strings.HasSuffix(typ, relsSST) {
			if strings.HasPrefix(t, "/") {
				return strings.TrimPrefix(t, "/")
			}
			return path.Join("xl", t)
		}
	}
	return ""
}

// newRelID is an id not among ids.
func newRelID(ids map[string]bool) string {
	for n := len(ids) + 1; ; n++ {
		if id := "rId" + strconv.Itoa(n); !ids[id] {
			return id
		}
	}
}

// relationship is one relationship a write adds: its type and its target
// as written.
type relationship struct{ typ, target string }

// withRels is the relationships part data (outline rels) with each of add
// before its end, under a new id (with the root's prefix), and those ids:
// the one builder of the relationships a write adds.
func withRels(data []byte, rels *partOutline, add []relationship) ([]byte, []string) {
	used := map[string]bool{}
	for _, r := range rels.children {
		id, _ := attrOf(r.Attr, "Id")
		used[id] = true
	}
	var b bytes.Buffer
	ids := make([]string, 0, len(add))
	for _, r := range add {
		id := newRelID(used)
		used[id] = true
		ids = append(ids, id)
		b.WriteString(`<` + prefixOf(rels.root.Name) + `Relationship Id="` + id + `" Type="` + r.typ + `" Target="`)
		escapeAttr(&b, r.target)
		b.WriteString(`"/>`)
	}
	return rels.insertBeforeEnd(data, b.Bytes()), ids
}

// addSSTRel is the workbook's relationships with one to a new shared
// strings part at target (a name under xl/), of the strict type when the
// part is strict.
func addSSTRel(data []byte, rels *partOutline, target string) []byte {
	base := transitionalR
	if v, _ := attrOf(rels.root.Attr, "xmlns"); v != "" && bytes.Contains(data, []byte(strictR)) {
		base = strictR
	}
	out, _ := withRels(data, rels, []relationship{{base + relsSST, strings.TrimPrefix(target, "xl/")}})
	return out
}

// sstAppender hands out the indexes of the strings a write adds to the
// shared strings table, after its base items, once each.
type sstAppender struct {
	base  int
	index map[string]int
	items []string
	refs  int // cells that reference an appended string
}

func newSSTAppender(base int) *sstAppender {
	return &sstAppender{base: base, index: map[string]int{}}
}

// indexOf is the shared string index of s, appended when new.
func (a *sstAppender) indexOf(s string) int {
	a.refs++
	if i, ok := a.index[s]; ok {
		return i
	}
	i := a.base + len(a.items)
	a.index[s], a.items = i, append(a.items, s)
	return i
}

// itemsXML is the appended <si> items.
func (a *sstAppender) itemsXML(prefix string) []byte {
	var b bytes.Buffer
	for _, s := range a.items {
		b.WriteString("<" + prefix + "si>")
		writeT(&b, prefix, s)
		b.WriteString("</" + prefix + "si>")
	}
	return b.Bytes()
}

// countItems is the number of <si> items of a shared strings part.
func countItems(o *partOutline) int {
	n := 0
	for _, c := range o.children {
		if c.Name.Local == "si" {
			n++
		}
	}
	return n
}

// appendedSST is the shared strings part data (outline o) with the
// appender's items after its own, its counts updated; removed references
// to the table's items went with rewritten cells.
func (a *sstAppender) appendedSST(data []byte, o *partOutline, removed int) []byte {
	attrs := o.root.Attr
	if c, ok := attrOf(attrs, "count"); ok {
		if n, err := strconv.Atoi(c); err == nil {
			attrs = withAttr(attrs, "count", strconv.Itoa(max(0, n+a.refs-removed)), false)
		}
	}
	if _, ok := attrOf(attrs, "uniqueCount"); ok {
		attrs = withAttr(attrs, "uniqueCount", strconv.Itoa(a.base+len(a.items)), false)
	}
	var b bytes.Buffer
	b.Grow(len(data) + len(a.items)*48)
	b.Write(data[:o.rootFrom])
	writeStartTag(&b, rawName(o.root.Name), attrs)
	b.WriteByte('>')
	items := a.itemsXML(prefixOf(o.root.Name))
	if o.selfClosing {
		b.Write(items)
		b.WriteString("</" + string(rawName(o.root.Name)) + ">")
		b.Write(data[o.rootTo:])
		return b.Bytes()
	}
	at := o.insertAt()
	b.Write(data[o.rootTo:at])
	b.Write(items)
	b.Write(data[at:])
	return b.Bytes()
}

// newSST is a shared strings part holding the appender's items only.
func (a *sstAppender) newSST() []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	fmt.Fprintf(&b, `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">`, a.refs, len(a.items))
	b.Write(a.itemsXML(""))
	b.WriteString("</sst>")
	return b.Bytes()
}
