package excel

import (
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The rows and cells of patchSheet: a row with edits may gain cells (and
// a wider spans hint), an edited cell is written anew from its start tag.

// startRow enters a row: the pending edits above it become rows of their
// own before it, and when it has edits of its own its spans hint is
// widened to them, or, if it closes itself, it is written whole.
func (p *sheetPatch) startRow(el *xml.StartElement, f, t int) {
	r := p.row + 1
	if v, ok := attrOf(el.Attr, "r"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			p.err = fmt.Errorf("row number %q", v)
			return
		}
		r = n
	}
	if r <= p.row {
		p.err = fmt.Errorf("row %d follows row %d: the rows are out of order", r, p.row)
		return
	}
	p.flushRows(r, f)
	p.row, p.col, p.rowStyle, p.inRow, p.closed = r, 0, 0, true, false
	p.rowPrefix = prefixOf(el.Name)
	if cf, _ := attrOf(el.Attr, "customFormat"); cf == "1" || cf == "true" {
		s, _ := attrOf(el.Attr, "s")
		p.rowStyle, _ = strconv.Atoi(s)
	}
	lo, hi := math.MaxInt, 0
	for i := p.next; i < len(p.edits) && p.edits[i].row == r; i++ {
		if p.edits[i].creates() {
			lo, hi = min(lo, p.edits[i].col), max(hi, p.edits[i].col)
		}
	}
	if hi == 0 {
		return
	}
	attrs, widened := el.Attr, false
	if spans, ok := attrOf(attrs, "spans"); ok {
		if a, b, ok := parseSpans(spans); ok && (lo < a || hi > b) {
			attrs = withAttr(attrs, "spans", strconv.Itoa(min(a, lo))+":"+strconv.Itoa(max(b, hi)), false)
			widened = true
		}
	}
	switch {
	case p.selfClosing(t):
		p.emit(f)
		writeStartTag(&p.out, rawName(el.Name), attrs)
		p.out.WriteByte('>')
		p.last = t
		p.flushCellsOf(r, math.MaxInt, p.rowStyle)
		p.out.WriteString("</" + string(rawName(el.Name)) + ">")
		p.closed = true
	case widened:
		p.rewriteTag(el, attrs, f, t)
	}
}

// parseSpans reads a row's spans hint, "1:12" (one range; Excel writes
// several only past 16 384 columns, which it never does).
func parseSpans(s string) (int, int, bool) {
	a, b, ok := strings.Cut(s, ":")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return x, y, ok && err1 == nil && err2 == nil
}

// startCell enters a cell of the current row: the edits left of it become
// cells before it, and when it is edited it is taken aside until its end.
func (p *sheetPatch) startCell(el *xml.StartElement, f, t int) {
	col := p.col + 1
	ref, hasRef := attrOf(el.Attr, "r")
	if hasRef {
		c, _, _, err := cellRef(ref)
		if err != nil {
			p.err = fmt.Errorf("cell reference %q: %w", ref, err)
			return
		}
		col = c
	}
	if col <= p.col {
		p.err = fmt.Errorf("cell %q follows column %d: the cells of row %d are out of order", ref, p.col, p.row)
		return
	}
	p.col = col
	p.flushCells(col, f)
	if p.next >= len(p.edits) || p.edits[p.next].row != p.row || p.edits[p.next].col != col {
		return
	}
	p.emit(f)
	// el.Attr is the tokenizer's, reused: the cell keeps a copy, in
	// storage of the patch's own that each edited cell reuses.
	p.attrBuf = append(p.attrBuf[:0], el.Attr...)
	p.cur = openCell{e: &p.edits[p.next], raw: rawName(el.Name), attrs: p.attrBuf,
		tagEnd: t, vFrom: -1, vTo: -1, fTo: -1, prefix: prefixOf(el.Name)}
	if !hasRef {
		p.cur.attrs = append([]xml.Attr{{Name: xml.Name{Local: "r"}, Value: string(appendCellName(nil, p.row, col))}}, p.cur.attrs...)
	}
	if p.selfClosing(t) {
		p.writeCell(nil)
		p.last = t
		p.cur.e = nil
		p.next++
	}
}

// finishCell writes the edited cell whose end tag spans [f, t).
func (p *sheetPatch) finishCell(f, t int) {
	p.writeCell(p.win.bytes(p.cur.tagEnd, f))
	p.last = t
	p.cur.e = nil
	p.next++
}

// writeCell writes the edited cell p.cur whose content was inner.
func (p *sheetPatch) writeCell(inner []byte) {
	c := &p.cur
	origT, _ := attrOf(c.attrs, "t")
	if c.e.kind == editCached {
		p.writeCached(inner)
		return
	}
	if origT == "s" {
		p.sRefsRemoved++
	}
	// An inline string cell stays inline: the sheet's own way of holding
	// this cell's text.
	e := p.resolved(c.e, origT == "inlineStr")
	attrs := c.attrs
	if e.style != noStyle {
		attrs = withAttr(attrs, "s", strconv.Itoa(e.style), e.style == 0)
	}
	// The value's type is written anew; metadata of the old value (a
	// dynamic array's, a rich value's) goes with it.
	for _, a := range []string{"t", "cm", "vm"} {
		attrs = withAttr(attrs, a, "", true)
	}
	writeStartTag(&p.out, c.raw, attrs)
	writeCellValue(&p.out, c.prefix, &e)
	p.out.WriteString("</" + string(c.raw) + ">")
}

// writeCached writes the formula cell p.cur, content inner, with its new
// cached value: the formula and every other child stay.
func (p *sheetPatch) writeCached(inner []byte) {
	c := &p.cur
	v := c.e.cached
	// Thousands of recomputed cells: their attributes go through storage
	// the patch reuses.
	p.attrOut = withAttrTo(p.attrOut[:0], c.attrs, "t", v.t, v.drop || v.t == "")
	writeStartTag(&p.out, c.raw, p.attrOut)
	p.out.WriteByte('>')
	base := c.tagEnd
	head, tail := inner, []byte(nil)
	switch {
	case c.vFrom >= 0 && c.vTo > c.vFrom:
		head, tail = inner[:c.vFrom-base], inner[c.vTo-base:]
	case c.fTo >= 0:
		head, tail = inner[:c.fTo-base], inner[c.fTo-base:]
	default:
		head, tail = nil, inner
	}
	p.out.Write(head)
	if !v.drop {
		// A text result is ST_Xstring, as a <t> is: a literal "_x0041_"
		// escaped, a control character kept as its _xHHHH_ (numbers,
		// booleans and errors pass unchanged).
		writeV(&p.out, c.prefix, encodeXstring(v.v))
	}
	p.out.Write(tail)
	p.out.WriteString("</" + string(c.raw) + ">")
}

// resolved is edit e as written: a string edit with its shared string
// index, or inline when inline (the cell held an inline string) or when
// there is no table to add to.
func (p *sheetPatch) resolved(e *cellEdit, inline bool) cellEdit {
	r := *e
	if r.kind == editString {
		if inline || p.shared == nil {
			r.sst = -1
		} else {
			r.sst = p.shared(r.text)
		}
	}
	return r
}
