package excel

import (
	"strconv"
	"strings"
)

// A write reads the cells it writes and their neighbours: the text before
// and after, the type a value goes in as, the codes beside a cell, and,
// in a fill's verify, the written cells again. It reads them from the
// guard pass's scan of the sheet with the write's own edits laid over
// it, never from a model of the whole sheet, which would decode it all
// into memory. A cell's texts are its stored value and the value as its
// number format shows it (see shownText); a write reports both, so the
// texts stay the ones earlier writes reported.

// cellRead is one cell as the write sees it.
type cellRead struct {
	exists bool   // the sheet (or the write) has the cell
	t      string // its t attribute: "" (a number or empty), n, s, str, inlineStr, b, e, d
	value  string // its stored value: a string's text, else its <v>
	style  int    // its own style index: what its value is formatted with
	err    error  // a shared string index the table lacks (the cell has no text to read), or an unreadable table
}

// cellAt is the cell at c on sheet: the write's edit of it, else the
// scanned cell, else (a sheet the scans do not follow) readCells'.
func (w *writer) cellAt(sheet string, c cell) cellRead {
	if e, ok := w.edits[sheet][[2]int{c.row, c.col}]; ok {
		return w.editedCell(sheet, c, &e)
	}
	_, rs := w.cellScan(sheet)
	if rs == nil {
		return w.unreadCell(sheet, c)
	}
	return w.readAt(sheet, rs, c)
}

// readAt reads the cell at c of rs: an empty, only styled cell the guard's
// scan keeps among its cell styles (see emptyStyle) exists, with its style.
func (w *writer) readAt(sheet string, rs *rowScan, c cell) cellRead {
	i, found := rs.cellIndex(c.row, c.col)
	if found {
		return w.scannedCell(sheet, rs, &rs.cells[i])
	}
	if st, ok := rs.emptyStyle(c.row, c.col); ok {
		return cellRead{exists: true, style: st}
	}
	return cellRead{}
}

// editedCell is a cell the write has edited. Its style is the edit's
// (a grid's copied style or a date's new format), else the one it shows
// (see styleIndex), which a written cell takes.
func (w *writer) editedCell(sheet string, c cell, e *cellEdit) cellRead {
	r := cellRead{exists: true, value: e.text, style: e.style}
	if e.style == noStyle {
		r.style = w.shownStyle(sheet, c)
	}
	switch e.kind {
	case editBool:
		r.t = "b"
	case editString:
		r.t = "s"
	case editClear:
		r.value = ""
	}
	return r
}

// scannedCell reads one cell of the scan.
func (w *writer) scannedCell(sheet string, rs *rowScan, c *rawCell) cellRead {
	r := cellRead{exists: true, value: rs.str(c.v), style: int(c.style)}
	switch c.typ {
	case typeNumber:
		r.t = "n"
	case typeString:
		r.t = "str"
	case typeShared:
		r.t = "s"
		if r.value == "" {
			break
		}
		sst, err := w.wb.sharedStringsTable()
		if err != nil {
			r.value, r.err = "", err
			break
		}
		// An index that is no number reads as item 0, the text earlier
		// writes reported for such a cell.
		i, _ := strconv.Atoi(strings.TrimSpace(r.value))
		if i < 0 || i >= len(sst) {
			r.value, r.err = "", errSharedIndex(i)
			break
		}
		r.value = sst[i]
	case typeInline:
		r.t = "inlineStr"
		if c.hasIS { // else its text is in <v>
			r.value = bstrDecode(rs.str(c.is))
		}
	case typeOther:
		r.t = rs.str(c.other)
	}
	return r
}

// sharedStrings is the shared strings' text as the read tools read them
// (see sharedStringsTable), false when unreadable.
func (w *writer) sharedStrings(sheet string) ([]string, bool) {
	return w.wb.sharedStrings(sheet)
}

// shownStyle is the style index a cell shows: its own, else its row's,
// else its column's; a style the write gave it first.
func (w *writer) shownStyle(sheet string, c cell) int {
	if s, ok := w.styled[c]; ok {
		return s
	}
	if e, ok := w.edits[sheet][[2]int{c.row, c.col}]; ok && e.style != noStyle {
		return e.style
	}
	if sc := w.scan(sheet); sc != nil {
		return sc.styleIndex(c.row, c.col)
	}
	return 0
}

// format is the cell format of style index idx, a format the write added
// (see dateStyle) included; nil for none.
func (w *writer) format(idx int) *cellFormat {
	if w.xfs != nil {
		if cl, ok := w.xfs.clone(idx); ok {
			return &cellFormat{NumFmt: cl.numFmt}
		}
	}
	return w.wb.cellFormat(idx)
}

// kindAt is the kind of number format the cell shows (see numberKind).
func (w *writer) kindAt(sheet string, c cell) string {
	return numberKind(w.format(w.shownStyle(sheet, c)))
}

// rawText is the cell's stored text, unformatted: a string's text, else
// the value as the XML holds it.
func (r cellRead) rawText() string { return r.value }

// rawShown is the stored text as verify's read back (shown, then stored)
// compares it: a number as a plain decimal (numberText, so 1E3 and 1000
// compare equal) and an ISO date (t="d") as its serial number, the
// number a date typed into Excel is stored as; any other value as
// stored.
func (r cellRead) rawShown() string {
	switch r.t {
	case "b", "s", "str", "inlineStr":
		return r.value
	case "d":
		if n, ok := isoSerial(r.value); ok {
			return strconv.FormatFloat(n, 'G', 15, 64)
		}
		return r.value
	}
	return numberText(r.value)
}

// isBool reports a boolean cell (t="b").
func (r cellRead) isBool() bool { return r.t == "b" }

// holdsNumber reports a cell whose value is a number or that has none:
// no t, n, or a t the format does not define, whose <v> is read as the
// number it holds rather than refused.
func (r cellRead) holdsNumber() bool {
	switch r.t {
	case "b", "d", "e", "s", "str", "inlineStr":
		return false
	}
	return true
}

// errSharedIndex is the error of a cell naming a shared string the table
// does not have: the cell's text cannot be read.
type errSharedIndex int

func (e errSharedIndex) Error() string {
	return "index " + strconv.Itoa(int(e)) + " out of range of the shared strings"
}

// styleCount is how many cell formats the styles part has.
func (wb *workbook) styleCount() int {
	wb.readStyles()
	return len(wb.formats)
}

// rawAt is the stored text of the cell at row, col of sheet (rawText): a
// cell inside a merged range reads as the range's first cell, which holds
// the value the range shows.
func (w *writer) rawAt(sheet string, c cell) string {
	if mr := w.mergeAt(sheet, c); mr != nil {
		c.row, c.col = mr.r1, mr.c1
	}
	r := w.cellAt(sheet, c)
	if r.err != nil {
		return ""
	}
	return r.rawText()
}

// isoSerial is the serial number of an ISO date cell's value (t="d"),
// counted in the 1900 date system whatever the workbook's (the number
// verify has always compared), as rows reads it (isoDateSerial).
func isoSerial(v string) (float64, bool) { return isoDateSerial(v, false) }
