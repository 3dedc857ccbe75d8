package excel

import (
	"bytes"
	"encoding/xml"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// sheetScan is what one streaming pass over a worksheet's XML yields,
// with no tree of the sheet built: a model of a large sheet holds many
// times its XML, and building one was the slowest step of a first page.
type sheetScan struct {
	formulas   map[[2]int]bool // cells holding a formula (uncached ones read as empty)
	arrays     []arrayFormula  // the array formulas' ranges (see arrayCovering)
	cellStyles cellStyles      // style index of each cell with an s attribute
	rowStyles  map[int]int     // custom row formats
	colStyles  []colStyle
	hiddenRows map[int]bool
	// pastLastRow is the first row number past Excel's last row the
	// sheet gives, 0 when none does (see rowsError).
	pastLastRow int
	hiddenCols  []span  // <col hidden="1"> ranges
	spacers     spacers // columns too narrow to show an answer (colwidths.go)
	protected   bool    // <sheetProtection sheet="1">: only unlocked cells take input
	frozenRows  int     // rows frozen at the top of the view: usually the header
	merges      []string
	dimension   string
	// links are the sheet's hyperlinks, their targets not yet resolved
	// (see hyperlinks.go); droppedLinks counts those past maxSheetLinks.
	links        []sheetLink
	droppedLinks int
	validations  bool // the sheet has data validations (found in its validations stub)
	// validationStub is the small worksheet the sheet's validations are
	// read from (see validstub.go).
	validationStub []byte
	cells          *rowScan      // the sheet's cells (see rowscan.go)
	masters        map[int32]int // sharedMaster's index, made when first asked
	read           *sheetCells   // the cells of a sheet the pass did not follow (see cellread.go)
	mergeRect      *parsedMerges // merges parsed, when the scan is finished
	// lean is set on a scan made for the calculation alone (see
	// leanScan): it has no formulas map, its row scan's cells say which
	// hold one (holdsFormula), and it records no styles.
	lean bool
	// formulaOrder is formulas' cells in reading order once the pass is
	// over (see formulaorder.go), a lean scan's as few as its map's.
	formulaOrder [][2]int
}

type colStyle struct{ min, max, style int }

// arrayFormula is an array formula's range and the cell that holds it
// (<f t="array" ref="B2:B4">): the range's other cells hold only its
// cached results, and Excel refuses to change one of them alone.
type arrayFormula struct {
	rect
	row, col int
}

// arrayCovering is the array formula whose range covers the cell at row,
// col, or that the cell holds (see holds), or nil. s may be nil. Ranges
// never overlap: Excel refuses an array over another's cells.
func (s *sheetScan) arrayCovering(row, col int) *arrayFormula {
	if s == nil {
		return nil
	}
	for i := range s.arrays {
		if a := &s.arrays[i]; a.contains(row, col) || a.holds(row, col) {
			return a
		}
	}
	return nil
}

// holds reports whether the cell at row, col is the one holding the
// array formula, not one of the cells only holding its results.
func (a *arrayFormula) holds(row, col int) bool { return a.row == row && a.col == col }

// span is an inclusive range of column numbers.
type span struct{ min, max int }

// newSheetScan returns an empty scan of a worksheet.
func newSheetScan() *sheetScan {
	return &sheetScan{formulas: map[[2]int]bool{}, rowStyles: map[int]int{}, hiddenRows: map[int]bool{}, read: &sheetCells{}}
}

// sizeFor starts the scan of the worksheet data with room for about as
// many kept cells, texts, formulas and styled cells as it has values,
// formulas and s attributes. Grown by doubling instead, they allocated
// about three times what the scan keeps (HECVAT 4.14: about 11 MB for an
// open that keeps about 3 MB of them), and every step held the old array
// and the new one at once, the largest sheet's raising the open's peak. A
// count may overshoot (an empty <v/> keeps no text, <f also counts a
// validation's <formula1>, s=" a row's style) or fall short (a cell with
// a formula or an inline string and no value): finish trims a list over
// by more than an eighth, and append grows one that is short.
func (s *sheetScan) sizeFor(data []byte) {
	values, formulas, styles := sampledMarks(data) // <v>, <v/> (an empty cached value); <f; ` s="`
	s.cells = newRowScan(data)
	s.cells.cells = room[rawCell](values)
	s.cells.texts = room[string](values + formulas)
	s.cells.keptSmall = new([len(decimals)]textRef)
	if s.lean {
		s.cells.kept = map[string]textRef{}
		s.formulas = nil
		s.cells.keepRowCopies() // the calculation's: see rowscancopy.go
		return
	}
	s.formulas = make(map[[2]int]bool, formulas)
	s.formulaOrder = room[[2]int](formulas)
	s.cellStyles.list = room[styledCell](styles)
}

// room is an empty slice with room for n, nil (as append leaves a slice
// it never grew) when n is 0.
func room[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, 0, n)
}

// recorder returns the recording that feeds the elements of the worksheet
// data, in document order, to s, and done, which ends the scan once the
// pass is over.
func (s *sheetScan) recorder(data []byte) (rec recording, done func()) {
	var cur [2]int // the cell being read
	b := newStubBuilder(data)
	s.sizeFor(data)
	inLinks := false // within the sheet's <hyperlinks>
	rec.record = func(start bool, el *xml.StartElement, depth int, from, to int64) {
		if start {
			cur = s.element(el, cur)
		}
		switch {
		case depth == 1 && el.Name.Local == "hyperlinks":
			inLinks = start
		case start && inLinks && depth == 2 && el.Name.Local == "hyperlink" && !s.lean:
			s.hyperlink(el)
		}
		b.token(start, el, depth, from, to)
		s.cells.token(start, el, depth, from, to)
	}
	// A cell with only a reference and a style, at depth 3: the stub
	// builder keeps nothing below depth 1.
	rec.emptyCell = func(row, col, st int, styled bool, _, _ int64) {
		// s.cell's work, on the row, column and style the pass read.
		if styled && !s.lean {
			s.cellStyles.add(row, col, st)
		}
		cur = [2]int{row, col}
		s.cells.emptyCell(row, col, true, st, styled)
	}
	// A cell with a value, at depth 3: s.element's work for its <c> and
	// <f>, and the row scan's for all its elements.
	rec.valueCell = func(c *plainCell) {
		if c.row > 0 {
			cur = s.cellAt(c.row, c.col, c.styleIndex, c.style != "")
		} else {
			cur = s.cell(c.ref, c.style)
		}
		if c.hasF && cur[0] > 0 && !s.lean {
			s.addFormula(cur)
		}
		s.cells.valueCell(c)
	}
	rec.reset = func() {
		lean := s.lean
		*s = *newSheetScan()
		s.lean = lean
		cur, b, inLinks = [2]int{}, newStubBuilder(data), false
		s.sizeFor(data)
	}
	return rec, func() {
		s.cellStyles.sort()
		s.cells.rooted = b.root != nil
		s.cells.finish(&s.cellStyles)
		s.sortFormulas()
		s.validationStub = b.validations()
		s.validations = bytes.Contains(s.validationStub, []byte("dataValidation"))
		// Parsed now, while the scan is the pass's alone: sheets in lanes
		// read it at once afterwards (a drop-down reads its list's sheet),
		// so nothing of a finished scan may be filled in on first use.
		s.mergeRects()
	}
}

// rowScan is the scan's cells when rows can give the sheet's rows from
// them, else nil.
func (s *sheetScan) rowScan() *rowScan {
	if s == nil || s.cells == nil || s.cells.irregular || s.cells.sheetData != 2 || !s.cells.rooted {
		return nil
	}
	return s.cells
}

// scanSheet returns the scan of sheet: the XML guard's when it scanned the
// sheet's part, else one streaming pass over the part now.
func (wb *workbook) scanSheet(sheet string) (*sheetScan, error) {
	return wb.scanSheetAs(sheet, false)
}

// scanSheetAs is scanSheet, a pass made now being lean (see leanScan)
// when lean is set; a scan the open made, or an empty sheet's, is not.
func (wb *workbook) scanSheetAs(sheet string, lean bool) (*sheetScan, error) {
	if s, ok := wb.scanned[sheet]; ok {
		return s.scan, s.err // see scanSheets
	}
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	part := parts[sheet]
	if part == "" {
		s := newSheetScan() // the workbook names no part: an empty sheet
		s.mergeRects()      // finished, as a pass finishes a scan
		return s, nil
	}
	if s := wb.pass.sheets[part]; s != nil {
		return s, nil
	}
	data, err := wb.arch.Read(part)
	if err != nil {
		return nil, err
	}
	s := newSheetScan()
	s.lean = lean
	rec, done := s.recorder(data)
	if err := checkXML(data, part, rec, wb.stop); err != nil {
		return nil, err
	}
	done()
	return s, s.rowsError(part)
}

// rowsError refuses a sheet numbering a row past Excel's last: Excel
// repairs such a file on open, dropping the rows, and a write cannot
// place a cell there, so the map would offer what no fill can keep.
func (s *sheetScan) rowsError(part string) error {
	if s.pastLastRow == 0 {
		return nil
	}
	return formats.Errorf(formats.ErrInvalidDocument, part, "row %d is past Excel's last row (%d): Excel has no such row and reports the file as damaged; remove the row, or let Excel repair the workbook and save it again", s.pastLastRow, excelize.TotalRows)
}

// hiddenCol reports whether column col is hidden.
func (s *sheetScan) hiddenCol(col int) bool {
	for _, h := range s.hiddenCols {
		if col >= h.min && col <= h.max {
			return true
		}
	}
	return false
}

// styleIndex is the style a cell shows: its own, else its row's custom
// format, else its column's.
func (s *sheetScan) styleIndex(row, col int) int {
	if st, ok := s.cellStyles.at(row, col); ok {
		return st
	}
	if st, ok := s.rowStyles[row]; ok {
		return st
	}
	for _, c := range s.colStyles {
		if col >= c.min && col <= c.max {
			return c.style
		}
	}
	return 0
}

// scanSheets scans every sheet now, on the call's goroutine, and keeps the
// scans (or the error) by sheet: a sheet in a lane (see eachSheet) asks for
// its own scan and, through option lists, for other sheets', and a scan
// made there would step the call's Stopper from the lane. A sheet meets
// its scan's error when it asks, so the sheets in order still fail first
// at the first that fails.
func (wb *workbook) scanSheets() {
	scans := make(map[string]sheetScanned, len(wb.sheets))
	taken := map[*sheetScan]bool{}
	for _, sheet := range wb.sheets {
		s, err := wb.scanSheet(sheet)
		if s != nil && taken[s] {
			s = s.own() // two sheets name one part
		}
		taken[s] = true
		scans[sheet] = sheetScanned{s, err}
	}
	wb.scanned = scans
}

// sheetScanned is a sheet's scan, or why it could not be made.
type sheetScanned struct {
	scan *sheetScan
	err  error
}

// own is a copy of s for a second sheet that names the same part: what a
// sheet's work fills in when first asked (the masters' index) is not for
// two lanes at once.
func (s *sheetScan) own() *sheetScan {
	c := *s
	c.masters, c.read = nil, &sheetCells{}
	return &c
}

// parts caches sheetParts for the workbook.
func (wb *workbook) parts() (map[string]string, error) {
	if wb.partMap == nil {
		m, err := wb.sheetParts()
		if err != nil {
			return nil, err
		}
		wb.partMap = m
	}
	return wb.partMap, nil
}
