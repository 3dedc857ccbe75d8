package excel

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"sort"
	"strconv"

	"github.com/formfill/formfill/formats"
)

// patchSheet patches a worksheet's XML (see patchSheetStream) and
// returns it with the edited cells rewritten.
//
// shared gives the shared string index of a string edit's text; nil
// writes every string inline.
func patchSheet(data []byte, part string, edits []cellEdit, shared func(string) int, stop *formats.Stopper) (*sheetPatchResult, error) {
	return patchSheetFull(data, part, sheetChanges{edits: edits}, shared, stop)
}

// sheetChanges are what a write changes in one worksheet: its cells, the
// validations that reach new cells (dvCopies: each validation covering
// the first cell of a pair comes to cover the second too) and the
// relationship of a new notes drawing (legacyRID, "" for none).
type sheetChanges struct {
	edits     []cellEdit
	dvCopies  [][2]cell
	legacyRID string
}

// patchSheetFull is patchSheet for every change a write makes to a sheet.
func patchSheetFull(data []byte, part string, ch sheetChanges, shared func(string) int, stop *formats.Stopper) (*sheetPatchResult, error) {
	var out bytes.Buffer
	out.Grow(len(data) + len(ch.edits)*64)
	res, err := patchSheetStream(bytes.NewReader(data), part, ch, shared, stop, &out)
	if err != nil {
		return nil, err
	}
	res.data = out.Bytes()
	return res, nil
}

// patchSheetStream reads a worksheet's XML from src once, through the XML
// guard's own tokenizer (streamXML: checkXML's passes, over a window of
// the part), and writes it to dst as it goes, a chunk at a time, with the
// edited cells rewritten, the cells and rows that did not exist inserted
// in order, and the dimension widened to hold them. Every byte outside
// those elements is the original's. The stop is checked every few
// thousand elements; memory is the edits, the window and a chunk of
// output, not the part.
func patchSheetStream(src io.Reader, part string, ch sheetChanges, shared func(string) int, stop *formats.Stopper, dst io.Writer) (*sheetPatchResult, error) {
	return patchSheetStreamIn(src, part, ch, shared, stop, dst, &patchBufs{})
}

// patchBufs is storage a save's patches reuse, part after part: the
// window, the output's chunk, and the buffer raw entries are copied
// through.
type patchBufs struct {
	window, out, copy []byte
}

// patchSheetStreamIn is patchSheetStream in bufs' storage.
func patchSheetStreamIn(src io.Reader, part string, ch sheetChanges, shared func(string) int, stop *formats.Stopper, dst io.Writer, bufs *patchBufs) (*sheetPatchResult, error) {
	edits := ch.edits
	// The save hands its edits over sorted (editsByPart): a copy of
	// thousands of recomputed values is made only for a list that is not.
	sorted := edits
	if !sort.SliceIsSorted(edits, func(i, j int) bool { return edits[i].before(&edits[j]) }) {
		sorted = append([]cellEdit(nil), edits...)
		sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].before(&sorted[j]) })
	}
	win := newPartWindow(src)
	win.buf = bufs.window[:0]
	p := &sheetPatch{win: win, edits: sorted, shared: shared, legacyRID: ch.legacyRID, dvCopies: ch.dvCopies, dst: dst}
	p.out = *bytes.NewBuffer(bufs.out[:0])
	p.out.Grow(2 * spillAt)
	defer func() { bufs.window, bufs.out = win.buf[:0], p.out.Bytes()[:0] }()
	return p.run(part, stop)
}

// sheetPatchResult is a patched worksheet and how many references to the
// shared strings its rewritten cells dropped (for the table's count).
type sheetPatchResult struct {
	data              []byte
	sharedRefsRemoved int
}

// colRangeStyle is the style a <col> range gives its empty cells.
type colRangeStyle struct{ min, max, style int }

// openCell is the cell being replaced: its start tag, and where its value
// and formula lie among its children.
type openCell struct {
	e            *cellEdit
	raw          []byte
	attrs        []xml.Attr
	tagEnd       int
	vFrom, vTo   int // the <v> element, -1 when none
	fTo          int // the end of the <f> element, -1 when none
	prefix, name string
}

// sheetPatch is patchSheet's state between the tokenizer's elements.
type sheetPatch struct {
	win           *partWindow
	edits         []cellEdit
	out           bytes.Buffer
	last          int    // data is copied to out up to here
	next          int    // the first edit not yet written
	parent        string // the local name of the open child of the root
	prefix        string // sheetData's namespace prefix, with its colon
	cols          []colRangeStyle
	row, col      int // the current row and the last cell's column
	rowStyle      int
	rowPrefix     string
	inRow, closed bool // closed: the open row or sheetData was written whole at its start
	cur           openCell
	attrBuf       []xml.Attr // the storage of cur's attributes, cell after cell
	attrOut       []xml.Attr // the storage of a recomputed cell's written ones
	sRefsRemoved  int
	shared        func(string) int
	dst           io.Writer // where out goes a chunk at a time
	sinkErr       error
	legacyRID     string // see sheetChanges
	legacyDone    bool
	rootNS        []xml.Attr // the root's namespace declarations
	dvCopies      [][2]cell
	names         [maxDepth]string // the local names of the open elements
	sqrefFrom     int              // where the open <xm:sqref>'s text starts
	inSqref       bool             // an <xm:sqref> of a validation is open
	err           error
}

func (p *sheetPatch) token(start bool, el *xml.StartElement, depth int, from, to int64) {
	if p.err != nil {
		return
	}
	f, t := int(from), int(to)
	if start {
		p.start(el, depth, f, t)
	} else {
		p.end(el, depth, f, t)
	}
	p.spill(false)
}

func (p *sheetPatch) start(el *xml.StartElement, depth, f, t int) {
	local := el.Name.Local
	p.names[depth] = local
	if depth == 0 {
		p.rootNS = append([]xml.Attr(nil), el.Attr...)
	}
	if len(p.dvCopies) > 0 && depth > 0 && p.names[depth-1] == "dataValidation" && local == "sqref" {
		p.sqrefFrom, p.inSqref = t, true
	}
	if len(p.dvCopies) > 0 && local == "dataValidation" && p.names[depth-1] == "dataValidations" {
		if sq, ok := attrOf(el.Attr, "sqref"); ok {
			if more := p.dvTargets(sq); more != "" {
				p.rewriteTag(el, withAttr(el.Attr, "sqref", sq+more, false), f, t)
			}
		}
	}
	if depth == 1 && p.legacyRID != "" && !p.legacyDone && afterLegacyDrawing[local] {
		p.addLegacyDrawing(f)
	}
	switch {
	case depth == 1:
		p.parent = local
		switch local {
		case "dimension":
			p.dimension(el, f, t)
		case "sheetData":
			p.prefix = prefixOf(el.Name)
			if p.selfClosing(t) && p.createsFrom(p.next) {
				p.emptySheetData(el, f, t)
			}
		}
	case depth == 2 && p.parent == "cols" && local == "col":
		p.addCol(el)
	case depth == 2 && p.parent == "sheetData" && local == "row":
		p.startRow(el, f, t)
	case depth == 3 && p.inRow && local == "c":
		p.startCell(el, f, t)
	case depth == 4 && p.cur.e != nil && local == "v":
		p.cur.vFrom = f
	}
}

func (p *sheetPatch) end(el *xml.StartElement, depth, f, t int) {
	if len(p.dvCopies) > 0 && depth > 0 && p.names[depth-1] == "dataValidation" && el.Name.Local == "sqref" && p.sqrefFrom <= f {
		p.inSqref = false
		if more := p.dvTargets(string(p.win.bytes(p.sqrefFrom, f))); more != "" {
			p.emit(f)
			p.out.WriteString(more)
		}
	}
	switch {
	case depth == 4 && p.cur.e != nil && el.Name.Local == "v":
		p.cur.vTo = t
	case depth == 4 && p.cur.e != nil && el.Name.Local == "f":
		p.cur.fTo = t
	case depth == 3 && p.cur.e != nil:
		p.finishCell(f, t)
	case depth == 2 && p.inRow:
		if !p.closed {
			p.flushCells(math.MaxInt, f)
		}
		p.inRow, p.closed = false, false
	case depth == 1 && p.parent == "sheetData":
		if !p.closed {
			p.flushRows(math.MaxInt, f)
		}
		p.parent, p.closed = "", false
	case depth == 1:
		p.parent = ""
	case depth == 0 && p.legacyRID != "" && !p.legacyDone:
		p.addLegacyDrawing(f)
	}
}

// selfClosing reports whether the start tag ending at t closes itself.
func (p *sheetPatch) selfClosing(t int) bool { return t >= 2 && p.win.at(t-2) == '/' }

// emit copies the original bytes up to at.
func (p *sheetPatch) emit(at int) {
	if at > p.last {
		p.copyOut(p.win.bytes(p.last, at))
		p.last = at
	}
}

// rewriteTag replaces the start tag [f, t) of el with attrs, keeping its
// self-closing form.
func (p *sheetPatch) rewriteTag(el *xml.StartElement, attrs []xml.Attr, f, t int) {
	p.emit(f)
	writeStartTag(&p.out, rawName(el.Name), attrs)
	if p.selfClosing(t) {
		p.out.WriteString("/>")
	} else {
		p.out.WriteByte('>')
	}
	p.last = t
}

// dimension widens the sheet's used range to the cells the edits add.
func (p *sheetPatch) dimension(el *xml.StartElement, f, t int) {
	ref, ok := attrOf(el.Attr, "ref")
	r, parsed := parseRect(ref)
	if !ok || !parsed {
		return
	}
	grown := r
	for i := range p.edits {
		if e := &p.edits[i]; e.creates() {
			grown = rect{min(grown.r1, e.row), min(grown.c1, e.col), max(grown.r2, e.row), max(grown.c2, e.col)}
		}
	}
	if grown == r {
		return
	}
	b := appendCellName(nil, grown.r1, grown.c1)
	if grown.r1 != grown.r2 || grown.c1 != grown.c2 {
		b = appendCellName(append(b, ':'), grown.r2, grown.c2)
	}
	p.rewriteTag(el, withAttr(el.Attr, "ref", string(b), false), f, t)
}

// addCol records the style a <col> range gives its cells.
func (p *sheetPatch) addCol(el *xml.StartElement) {
	lo, _ := attrOf(el.Attr, "min")
	hi, _ := attrOf(el.Attr, "max")
	st, _ := attrOf(el.Attr, "style")
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	s, err3 := strconv.Atoi(st)
	if err1 == nil && err2 == nil && err3 == nil && s > 0 {
		p.cols = append(p.cols, colRangeStyle{a, b, s})
	}
}

// newCellStyle is the style a cell the edit adds takes: the edit's, else
// its row's (when the row is formatted), else its column's.
func (p *sheetPatch) newCellStyle(e *cellEdit, rowStyle int) int {
	if e.style != noStyle {
		return e.style
	}
	if rowStyle > 0 {
		return rowStyle
	}
	for _, c := range p.cols {
		if c.min <= e.col && e.col <= c.max {
			return c.style
		}
	}
	return 0
}

// creates reports whether the edit puts a cell where there is none: a
// cached value goes only into a formula cell that exists.
func (e *cellEdit) creates() bool {
	return e.kind != editCached && e.hasValue()
}

// createsFrom reports whether an edit from the i-th on adds a cell.
func (p *sheetPatch) createsFrom(i int) bool {
	for ; i < len(p.edits); i++ {
		if p.edits[i].creates() {
			return true
		}
	}
	return false
}

// emptySheetData writes a <sheetData/> with every edit's row in it.
func (p *sheetPatch) emptySheetData(el *xml.StartElement, f, t int) {
	p.emit(f)
	writeStartTag(&p.out, rawName(el.Name), el.Attr)
	p.out.WriteByte('>')
	p.last = t
	p.flushRows(math.MaxInt, t)
	p.out.WriteString("</" + string(rawName(el.Name)) + ">")
	p.closed = true
}

// flushRows writes, at at, a new row for each row of the pending edits
// above row before.
func (p *sheetPatch) flushRows(before, at int) {
	for p.next < len(p.edits) && p.edits[p.next].row < before {
		r := p.edits[p.next].row
		end := p.next
		some := false
		for end < len(p.edits) && p.edits[end].row == r {
			some = some || p.edits[end].creates()
			end++
		}
		if !some {
			p.next = end
			continue
		}
		p.emit(at)
		p.out.WriteString("<" + p.prefix + `row r="` + strconv.Itoa(r) + `">`)
		p.rowPrefix = p.prefix
		p.flushCellsOf(r, math.MaxInt, 0)
		p.out.WriteString("</" + p.prefix + "row>")
	}
}

// flushCells writes, at at, the new cells of the current row left of
// column before.
func (p *sheetPatch) flushCells(before, at int) {
	if p.next < len(p.edits) && p.edits[p.next].row == p.row && p.edits[p.next].col < before {
		p.emit(at)
		p.flushCellsOf(p.row, before, p.rowStyle)
	}
}

// flushCellsOf writes the pending edits of row r left of column before as
// new cells, where out stands.
func (p *sheetPatch) flushCellsOf(r, before, rowStyle int) {
	for p.next < len(p.edits) && p.edits[p.next].row == r && p.edits[p.next].col < before {
		if e := &p.edits[p.next]; e.creates() {
			r := p.resolved(e, false)
			writeNewCell(&p.out, p.rowPrefix, &r, p.newCellStyle(e, rowStyle))
		}
		p.next++
	}
}
