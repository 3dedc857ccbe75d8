package excel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"

	"github.com/formfill/formfill/formats"
)

// A value sometimes needs a number format its cell lacks: a date typed
// into an empty General cell becomes a date in Excel, shown as one. The
// cell's style index may be shared by thousands of cells, so it is never
// changed: the styles part gains a copy of the cell's cell format (xf)
// with the date format, and the cell takes the copy's index.

// Built-in number formats a copy takes.
const (
	numFmtDate     = 14 // short date, in the reader's locale
	numFmtDateTime = 22 // short date and time
)

// xfClone is a new cell format: a copy of cellXfs[base] with numFmt.
type xfClone struct{ base, numFmt int }

// xfAppender hands out the indexes of a write's new cell formats.
type xfAppender struct {
	part   string
	data   []byte // the styles part as read (and scanned) once
	scan   *stylesScan
	clones []xfClone
	index  map[xfClone]int
}

// stylesScan is where a styles part's cell formats lie.
type stylesScan struct {
	listFrom, listTo int // cellXfs's start tag
	listEnd          int // where its end tag starts
	list             xml.StartElement
	xfs              [][2]int // each xf's whole element
	open             int      // the open xf's start
}

// newXFAppender reads the workbook's styles part for its cell formats.
func (wb *workbook) newXFAppender() (*xfAppender, error) {
	part := wb.pass.stylesName
	if part == "" {
		part = "xl/styles.xml"
	}
	data, err := wb.readXML(part)
	if err != nil {
		return nil, err
	}
	s, err := scanStyles(data, part, wb.stop)
	if err != nil {
		return nil, err
	}
	return &xfAppender{part: part, data: data, scan: s, index: map[xfClone]int{}}, nil
}

// scanStyles finds the cell formats of a styles part.
func scanStyles(data []byte, part string, stop *formats.Stopper) (*stylesScan, error) {
	var s stylesScan
	reset := func() { s = stylesScan{listEnd: -1} }
	reset()
	rec := func(start bool, el *xml.StartElement, depth int, from, to int64) {
		f, t := int(from), int(to)
		switch {
		case start && depth == 1 && el.Name.Local == "cellXfs":
			s.listFrom, s.listTo = f, t
			s.list = xml.StartElement{Name: el.Name, Attr: append([]xml.Attr(nil), el.Attr...)}
		case !start && depth == 1 && el.Name.Local == "cellXfs":
			s.listEnd = f
		case start && depth == 2 && s.listEnd < 0 && s.listTo > 0 && el.Name.Local == "xf":
			s.open = f
		case !start && depth == 2 && s.listEnd < 0 && s.listTo > 0 && el.Name.Local == "xf":
			s.xfs = append(s.xfs, [2]int{s.open, t})
		}
	}
	if err := checkXML(data, part, recording{record: rec, reset: reset}, stop); err != nil {
		return nil, err
	}
	if s.listEnd < 0 || s.listEnd == s.listTo && data[s.listTo-2] == '/' || len(s.xfs) == 0 {
		return nil, formats.Errorf(formats.ErrUnsupported, part, "the styles part has no cell formats to copy")
	}
	return &s, nil
}

// indexOf is the index of the copy of cell format base with numFmt.
func (a *xfAppender) indexOf(base, numFmt int) int {
	k := xfClone{base: min(max(base, 0), len(a.scan.xfs)-1), numFmt: numFmt}
	if i, ok := a.index[k]; ok {
		return i
	}
	i := len(a.scan.xfs) + len(a.clones)
	a.index[k], a.clones = i, append(a.clones, k)
	return i
}

// clone is the copy at style index idx, when idx is one of the write's.
func (a *xfAppender) clone(idx int) (xfClone, bool) {
	i := idx - len(a.scan.xfs)
	if i < 0 || i >= len(a.clones) {
		return xfClone{}, false
	}
	return a.clones[i], true
}

// patched is the styles part with the copies after its cell formats and
// cellXfs's count updated, from the part and scan newXFAppender made.
func (a *xfAppender) patched(stop *formats.Stopper) ([]byte, error) {
	data, s := a.data, a.scan
	var b bytes.Buffer
	b.Grow(len(data) + 128*len(a.clones))
	b.Write(data[:s.listFrom])
	writeStartTag(&b, rawName(s.list.Name), withAttr(s.list.Attr, "count", strconv.Itoa(len(s.xfs)+len(a.clones)), false))
	b.WriteByte('>')
	b.Write(data[s.listTo:s.listEnd])
	for _, c := range a.clones {
		if err := writeXFClone(&b, data, s.xfs[c.base], c.numFmt, a.part, stop); err != nil {
			return nil, err
		}
	}
	b.Write(data[s.listEnd:])
	return b.Bytes(), nil
}

// writeXFClone writes the xf element at span with numFmtId set and
// applied: its start tag anew, its children as they are.
func writeXFClone(b *bytes.Buffer, data []byte, span [2]int, numFmt int, part string, stop *formats.Stopper) error {
	el := data[span[0]:span[1]]
	var tag *xml.StartElement
	tagEnd := 0
	rec := func(start bool, e *xml.StartElement, depth int, from, to int64) {
		if start && depth == 0 {
			tag = &xml.StartElement{Name: e.Name, Attr: append([]xml.Attr(nil), e.Attr...)}
			tagEnd = int(to)
		}
	}
	if err := checkXML(el, part, recording{record: rec}, stop); err != nil || tag == nil {
		return fmt.Errorf("copy the cell format %q: %w", el, err)
	}
	attrs := withAttr(tag.Attr, "numFmtId", strconv.Itoa(numFmt), false)
	attrs = withAttr(attrs, "applyNumberFormat", "1", false)
	writeStartTag(b, rawName(tag.Name), attrs)
	if el[tagEnd-2] == '/' {
		b.WriteString("/>")
		return nil
	}
	b.WriteByte('>')
	b.Write(el[tagEnd:])
	return nil
}
