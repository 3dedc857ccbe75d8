package excel

import (
	"strconv"
	"strings"
	"sync"

	"github.com/xuri/nfp"
)

// rows returns the formatted text of sheet's cells, rows[r-1][c-1]: a
// row runs to its last cell with text or a formula, the rows to the last
// row with one. The cells are the scan's, or readCells' for a sheet the
// scan did not follow (see cellsOf). Most cells' text is found here
// (strings whose number format leaves text alone, str formula results,
// empty cells, hidden zeros, numbers with no style or the General format:
// see beforeBook); the rest (other number formats, dates, booleans,
// errors, text under a format with a text section) is formatted by the
// format book (formatbook.go), which applies Excel's number formats. The rows are kept per sheet, read once
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

// numFormat is what number formatting does with a style's cells.
type numFormat int

const (
	formatNone    numFormat = iota // no style, or an index past the cell formats: text as it is
	formatGeneral                  // General: text as it is, numbers to 15 digits
	formatText                     // another format with no text section: text as it is
	formatOther                    // the format book formats the cell
)

// formatHidesZero, added to a kind, marks a format whose zero section is
// empty ("0;;;@"): a zero shows nothing (see beforeBook).
const formatHidesZero numFormat = 1 << 3

// kind is f without formatHidesZero.
func (f numFormat) kind() numFormat { return f &^ formatHidesZero }

// leavesText reports whether number formatting leaves text in a cell of
// style index as it is: no style, an index past the cell formats,
// General, Text (@), or a custom format with no text section.
func (wb *workbook) leavesText(style int) bool { return wb.numFormat(style).kind() != formatOther }

// numFormat is the kind of style index's number format. The kinds of all
// the workbook's cell formats are worked out once, by number format: a
// sheet's cells ask for theirs from any lane (see eachSheet).
func (wb *workbook) numFormat(style int) numFormat {
	wb.readStyles()
	if style <= 0 || style >= len(wb.formats) {
		return formatNone // no style, or an index past the cell formats
	}
	return wb.formats[style]
}

// numFormats is the kind of each cell format's number format, by style
// index.
func (d *stylesDoc) numFormats() []numFormat {
	byID := map[int]numFormat{}
	kinds := make([]numFormat, len(d.xfs))
	for i, xf := range d.xfs {
		id := 0
		if xf.numFmt != nil {
			id = *xf.numFmt
		}
		k, ok := byID[id]
		if !ok {
			k = d.numFormat(id)
			byID[id] = k
		}
		kinds[i] = k
	}
	return kinds
}

// numFormat is the kind of number format id: custom if the workbook
// defines it (its Excel 2016 code first, as the format book reads it),
// else built in.
func (d *stylesDoc) numFormat(id int) numFormat {
	for _, f := range d.numFmts {
		if f.id != id {
			continue
		}
		code := f.code
		if f.code16 != "" {
			code = f.code16
		}
		k := formatText
		p := nfp.NumberFormatParser()
		for _, sec := range p.Parse(code) {
			if sec.Type == nfp.TokenSectionText {
				k = formatOther
			}
		}
		if hidesZero(code) {
			k |= formatHidesZero
		}
		return k
	}
	switch id {
	case 0:
		return formatGeneral
	case 49:
		return formatText
	}
	return formatOther
}

// numberText is the text of a number cell with no style or the General
// format: its value rewritten as a plain decimal, 15 significant digits
// at most (Excel's precision, and what openpyxl and Excel's formula bar
// show); a value that is no number as it is.
func numberText(v string) string {
	isNum, precision, number := isNumeric(v)
	if !isNum {
		return v
	}
	if precision > 15 {
		return strconv.FormatFloat(number, 'G', 15, 64)
	}
	return strconv.FormatFloat(number, 'f', -1, 64)
}

// hidesZero reports a number format code whose zero section, its third,
// is empty, and that has no conditions ([>0]), which choose sections
// otherwise.
func hidesZero(code string) bool {
	secs := codeSections(code)
	if len(secs) < 3 || secs[2] != "" {
		return false
	}
	for _, sec := range secs {
		if strings.Contains(sec, "[<") || strings.Contains(sec, "[>") || strings.Contains(sec, "[=") {
			return false
		}
	}
	return true
}

// codeSections splits a number format code at its semicolons outside
// quotes and escapes.
func codeSections(code string) []string {
	var secs []string
	start, quoted := 0, false
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\\' && !quoted:
			i++
		case c == ';' && !quoted:
			secs = append(secs, code[start:i])
			start = i + 1
		}
	}
	return append(secs, code[start:])
}

// isNumeric reads v: whether it is a number (Go's syntax, but no digit
// separators: a value with an underscore is text), how many digits it has
// written out in full, and its value.
func isNumeric(v string) (bool, int, float64) {
	if strings.Contains(v, "_") {
		return false, 0, 0
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return false, 0, 0
	}
	full := strconv.FormatFloat(f, 'f', -1, 64)
	return true, len(full) - strings.Count(full, "."), f
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

// cellValue is the formatted text of a cell: for a cell inside a merged
// range, its range's top-left cell's, which Excel shows for the range.
func (wb *workbook) cellValue(sheet string, row, col int) string {
	sc, err := wb.scanSheet(sheet)
	if err != nil {
		return ""
	}
	rows, err := wb.rows(sheet, sc)
	if err != nil {
		return ""
	}
	merges, _ := sc.mergeRects()
	if r, ok := merges.first(row, col); ok {
		row, col = r.r1, r.c1
	}
	if row < 1 || col < 1 || row > len(rows) || col > len(rows[row-1]) {
		return ""
	}
	return rows[row-1][col-1]
}
