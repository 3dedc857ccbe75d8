package excel

import (
	"strconv"
	"strings"
	"sync"
)

// rows returns the formatted text of sheet's cells, rows[r-1][c-1]: a
// row runs to its last cell with text or a formula, the rows to the last
// row with one. The cells are the scan's, or readCells' for a sheet the
// scan did not follow (see cellsOf). Most cells' text is found here
// (strings whose number format leaves text alone, str formula results,
// empty cells, hidden zeros, numbers with no style or the General format:
// see beforeBook); the rest (other number formats, dates, booleans,
// errors, text under a format with a text section) is formatted by the
// format book (formatbook.go), which applies Excel's number formats
// (numformat.go says which is which). The rows are kept per sheet, read once
// whatever the lanes that ask (see eachSheet): option lists read cells of
// other sheets.
func (wb *workbook) rows(name string, sc *sheetScan) ([][]string, error) {
	wb.mu.Lock()
	e := wb.rowCache[name]
	if e == nil {
		if wb.rowCache == nil {
			wb.rowCache = map[string]*sheetRows{}
		}
		e = &sheetRows{}
		wb.rowCache[name] = e
	}
	wb.mu.Unlock()
	e.once.Do(func() { e.rows, e.err = wb.readRows(name, sc) })
	return e.rows, e.err
}

// sheetRows is a sheet's rows, read once.
type sheetRows struct {
	once sync.Once
	rows [][]string
	err  error
}

func (wb *workbook) readRows(name string, sc *sheetScan) ([][]string, error) {
	rs, _, err := wb.cellsOf(name, sc)
	if err != nil {
		return nil, err
	}
	// The empty, only styled cells the scan leaves to the guard's cell
	// styles show nothing whatever their format (see beforeBook): rows
	// does not put them back.
	sst, err := wb.sharedStringsTable()
	if err != nil {
		return nil, err
	}
	fast := make([]scannedText, len(rs.cells))
	for i := range rs.cells {
		// Check, not Step: a sheet's rows are read once for every lane
		// that asks, on whichever goroutine asks first.
		if i%cellsPerCheck == 0 {
			if err := wb.stop.Check(); err != nil {
				return nil, err
			}
		}
		c := &rs.cells[i]
		if val, ok := wb.plainText(rs, c, sst); ok {
			fast[i] = scannedText{val: val, present: val != "" || c.hasF, plain: true}
		}
	}
	if err := wb.stop.Check(); err != nil {
		return nil, err
	}
	like := sameFormatting(rs, fast)
	if err := wb.stop.Check(); err != nil {
		return nil, err
	}
	known := wb.knownTexts(rs, fast, like)
	isKnown := func(i int) bool { return known != nil && known[i].ok }
	formatted, err := wb.formatRows(rs, func(i int) bool { return !fast[i].plain && like[i] == i && !isKnown(i) })
	if err != nil {
		return nil, err
	}
	if formatted != nil || len(known) > 0 {
		if formatted != nil {
			wb.rememberTexts(rs, fast, like, known, formatted)
		}
		for i := range rs.cells {
			if !fast[i].plain {
				var val string
				if j := like[i]; isKnown(j) {
					val = known[j].val
				} else {
					val = formattedAt(formatted, &rs.cells[j])
				}
				fast[i].val, fast[i].present = val, val != "" || rs.cells[i].hasF
			}
		}
	}
	if err := wb.stop.Check(); err != nil {
		return nil, err
	}
	return place(rs.cells, fast), nil
}

// cellsPerCheck is how many cells readRows reads between two looks at the
// call's stop: a few milliseconds of work.
const cellsPerCheck = 1 << 14

// sameFormatting gives each cell the format book must format the first
// cell that reads the same: a cell with the same type, value and style
// index, whose formatted text depends on those alone (excelize reads a
// cell's t, v and s; not its place). A questionnaire repeats a few such
// values in thousands of cells (0%, a date, "Yes" under a format with a
// text section, #REF! in a summary's formulas): the book formats one cell
// of each. An inline string, whose text is not its value, stands for
// itself.
func sameFormatting(rs *rowScan, fast []scannedText) []int {
	like := make([]int, len(rs.cells))
	first := map[cellFormatting]int{}
	for i := range rs.cells {
		like[i] = i
		c := &rs.cells[i]
		if fast[i].plain || c.typ == typeInline {
			continue
		}
		k := formattingOf(rs, c)
		if j, ok := first[k]; ok {
			like[i] = j
		} else {
			first[k] = i
		}
	}
	return like
}

// formattedAt is the format book's text for cell c: "" where it gave
// none.
func formattedAt(rows [][]string, c *rawCell) string {
	if int(c.row) > len(rows) || int(c.col) > len(rows[c.row-1]) {
		return ""
	}
	return rows[c.row-1][c.col-1]
}

// scannedText is a cell's text as rows found it.
type scannedText struct {
	val     string
	present bool // it counts in its row's length: it has text or a formula
	plain   bool // found here; else the format book formatted it
}

// place lays the cells out as rows gives them: a row runs to its last
// present cell, the rows to the last row with one; an empty row is nil.
func place(cells []rawCell, texts []scannedText) [][]string {
	// Each row is sized once, from its last present cell, and all are cut
	// from one array: grown a cell at a time, they were a tenth of what a
	// HECVAT 4.14 extract allocated.
	var width []int32 // each row's length
	total := 0
	for i := range cells {
		if !texts[i].present {
			continue
		}
		r, c := int(cells[i].row), cells[i].col
		for len(width) < r {
			width = append(width, 0)
		}
		if c > width[r-1] {
			total += int(c - width[r-1])
			width[r-1] = c
		}
	}
	if width == nil {
		return nil
	}
	out, all := make([][]string, len(width)), make([]string, total)
	for r, w := range width {
		if w > 0 {
			out[r], all = all[:w:w], all[w:] // a row appended to is copied, as a grown one was
		}
	}
	for i := range cells {
		if texts[i].present {
			out[cells[i].row-1][cells[i].col-1] = texts[i].val
		}
	}
	return out
}

// plainText is the cell's text when its number format leaves it as it is
// (ok); else the format book formats it.
func (wb *workbook) plainText(rs *rowScan, c *rawCell, sst []string) (text string, ok bool) {
	v := rs.str(c.v)
	switch c.typ {
	case typeString:
		return v, true
	case typeShared:
		if v == "" {
			return "", false
		}
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return "", false // an index that is no number: the format book reads it as item 0
		}
		if i < 0 || i >= len(sst) {
			return "", true // no such item: the cell shows nothing
		}
		return sst[i], wb.leavesText(int(c.style))
	case typeInline:
		is := rs.str(c.is)
		if !c.hasIS || strings.Contains(is, "_x") {
			return "", false // escaped characters (_xHHHH_): the format book decodes them
		}
		return is, wb.leavesText(int(c.style))
	case typeNone, typeNumber, typeOther:
		t := typeName(rs, c)
		if t == "b" || t == "e" {
			return "", false
		}
		text, known, _ := beforeBook(t, v, wb.numFormat(int(c.style)), wb.book.date1904)
		return text, known
	}
	return "", false
}

// sharedStrings is the text of the workbook's shared strings (rich text
// joined, escaped characters decoded): the guard's scan gives them where
// it can (see sstscan.go), else they are read whole (readSharedStrings).
// Once read, the table is kept, whatever the lanes that ask.
func (wb *workbook) sharedStringsTable() ([]string, error) {
	wb.mu.Lock()
	defer wb.mu.Unlock()
	if wb.sst != nil {
		return wb.sst, nil
	}
	if sst, ok := wb.pass.sharedStrings.strings(); ok {
		wb.sst = sst
		return sst, nil
	}
	wb.sst = []string{}
	name := wb.pass.sharedStringsName
	if name == "" {
		return wb.sst, nil // no table
	}
	data, err := wb.readXML(name)
	if err != nil {
		return nil, err
	}
	sst, err := readSharedStrings(data, wb.stop)
	if err != nil {
		wb.sst = nil
		return nil, err
	}
	wb.sst = sst
	return sst, nil
}

// sharedStrings is sharedStringsTable, false when it cannot be read; the
// table is the workbook's, whatever the sheet (recalcsource.go names one).
func (wb *workbook) sharedStrings(string) ([]string, bool) {
	sst, err := wb.sharedStringsTable()
	return sst, err == nil
}

// shownTexts reads the formatted texts of a sheet's cells, reading the
// sheet once however many cells are asked for: a sheet the write let go
// of (see releaseSheet) is scanned again from its part on each scanSheet,
// and a list validation's source read a cell at a time was scanned once a
// cell (OWASP SAMM's write scanned its lists' sheets 61 MB a write).
type shownTexts struct {
	rows   [][]string
	merges *mergeIndex
}

// readShown reads sheet's shown texts; nil when it cannot be read (every
// cell then shows nothing).
func (wb *workbook) readShown(sheet string) *shownTexts {
	sc, err := wb.scanSheet(sheet)
	if err != nil {
		return nil
	}
	rows, err := wb.rows(sheet, sc)
	if err != nil {
		return nil
	}
	merges, _ := sc.mergeRects()
	return &shownTexts{rows: rows, merges: merges}
}

// at is the formatted text of a cell: for a cell inside a merged range,
// its range's top-left cell's, which Excel shows for the range.
func (t *shownTexts) at(row, col int) string {
	if t == nil {
		return ""
	}
	if r, ok := t.merges.first(row, col); ok {
		row, col = r.r1, r.c1
	}
	if row < 1 || col < 1 || row > len(t.rows) || col > len(t.rows[row-1]) {
		return ""
	}
	return t.rows[row-1][col-1]
}
