package excel

import (
	"strconv"
	"strings"
)

// recalc reads the workbook only through calcSource: the formulas of each
// sheet, the stored values of the cells they read (with the write's
// answers applied) and the defined names, so the reader behind it can
// change without recalc changing; scanSource is the one over today's
// reader.

// calcKind is the type of a stored value as a formula reads it.
type calcKind uint8

const (
	calcEmpty  calcKind = iota // no value: a formula reads 0 or ""
	calcNumber                 // a number (dates are serial numbers)
	calcString                 // text: shared, inline or a formula's str
	calcBool                   // TRUE or FALSE, stored as 1 or 0
	calcError                  // an error value such as #N/A
)

// calcValue is a cell's stored value: for a formula cell, its cached one.
type calcValue struct {
	text    string
	kind    calcKind
	formula bool // the cell holds a formula
}

// cellType is the t attribute a cell holding v stores it with ("" for a
// number or no value), as a cached value's type is.
func (v calcValue) cellType() string {
	switch v.kind {
	case calcString:
		return "str"
	case calcBool:
		return "b"
	case calcError:
		return "e"
	}
	return ""
}

// calcName is one defined name: scope is the sheet name of a sheet-level
// name, "" for a workbook-level one.
type calcName struct {
	name, refersTo, scope string
}

// calcSource is what recalc reads of a workbook; sheets are 1-based
// indexes in workbook order.
type calcSource interface {
	// formulaCells are the [row, col] of the sheet's formula cells, in
	// reading order.
	formulaCells(sheet int) [][2]int
	// formula is the text of the formula at row, col, "" for none.
	formula(sheet, row, col int) string
	// value is the stored value of the cell at row, col.
	value(sheet, row, col int) calcValue
	// each calls fn with every cell of r holding a value or a formula
	// until fn returns false, and reports whether it read them all.
	each(sheet int, r rect, fn func(row, col int, v calcValue) bool) bool
	// names are the workbook's defined names.
	names() []calcName
}

// scanSource is calcSource over the guard pass's scans of the sheets, the
// writer's edits laid over them. A sheet the scan did not follow is read
// from readCells' cells of its part (unreadCell), cell by cell within its
// dimension.
type scanSource struct {
	w     *writer
	named []calcName
	read  bool // named was read
}

func newScanSource(w *writer) *scanSource {
	return &scanSource{w: w}
}

// scanOf is the sheet's scan and its regular row scan (nil when the
// scan did not follow the sheet's cells).
func (s *scanSource) scanOf(sheet int) (*sheetScan, *rowScan) {
	name := s.w.wb.sheets[sheet-1]
	s.w.rescanForCalc(name)
	return s.w.cellScan(name)
}

func (s *scanSource) formulaCells(sheet int) [][2]int {
	sc, rs := s.scanOf(sheet)
	if sc == nil {
		return nil
	}
	return sc.formulaCells(rs)
}

func (s *scanSource) formula(sheet, row, col int) string {
	return s.formulaParts(sheet, row, col).String()
}

// formulaParts is formula's text before a shared formula's member is
// shifted: the graph's first pass keeps these for every formula of the
// workbook (see readFormulas), and a member's shifted text, made now,
// would be a new string each, where the master's is the scan's own.
func (s *scanSource) formulaParts(sheet, row, col int) formulaText {
	if _, ok := s.edit(sheet, row, col); ok {
		return formulaText{} // a write never keeps a formula (put refuses formula cells)
	}
	sc, rs := s.scanOf(sheet)
	if sc == nil || !sc.holdsFormula(rs, row, col) {
		return formulaText{}
	}
	if f, ok := s.sharedText(sc, rs, row, col); ok {
		return f
	}
	return formulaText{text: s.w.wb.ownFormula(s.w.wb.sheets[sheet-1], row, col, sc)} // a merged range's other cells hold their own
}

// sharedText is the formula of a cell of a shared formula: its master's,
// shifted as the read tools' cellFormula shifts it (shiftFormula), so the
// formula recalculated is the one the map shows.
func (s *scanSource) sharedText(sc *sheetScan, rs *rowScan, row, col int) (formulaText, bool) {
	if rs == nil {
		return formulaText{}, false
	}
	i, found := rs.cellIndex(row, col)
	if !found || rs.cells[i].shared == sharedNone {
		return formulaText{}, false
	}
	m, found := sc.sharedMaster(rs.cells[i].sharedIndex)
	if !found {
		return formulaText{}, false
	}
	master := &rs.cells[m]
	text := rs.str(master.formula)
	if m == i || text == "" {
		return formulaText{text: text}, text != ""
	}
	return shifted(text, col-int(master.col), row-int(master.row)), true
}

// edit is the write's edit of the cell, as a stored value.
func (s *scanSource) edit(sheet, row, col int) (calcValue, bool) {
	e, ok := s.w.edits[s.w.wb.sheets[sheet-1]][[2]int{row, col}]
	if !ok {
		return calcValue{}, false
	}
	switch e.kind {
	case editNumber:
		return calcValue{text: e.text, kind: calcNumber}, true
	case editBool:
		return calcValue{text: e.text, kind: calcBool}, true
	case editString:
		return calcValue{text: e.text, kind: calcString}, true
	}
	return calcValue{}, true
}

func (s *scanSource) value(sheet, row, col int) calcValue {
	if v, ok := s.edit(sheet, row, col); ok {
		return v
	}
	sc, rs := s.scanOf(sheet)
	if rs == nil {
		return s.unreadValue(sheet, row, col)
	}
	i, found := rs.cellIndex(row, col)
	if !found {
		return calcValue{formula: sc.holdsFormula(rs, row, col)}
	}
	return s.rawValue(sheet, rs, &rs.cells[i])
}

// rawValue reads one scanned cell.
func (s *scanSource) rawValue(sheet int, rs *rowScan, c *rawCell) calcValue {
	v := calcValue{text: rs.str(c.v), formula: c.hasF}
	switch c.typ {
	case typeShared:
		sst, _ := s.w.sharedStrings(s.w.wb.sheets[sheet-1])
		if i, err := strconv.Atoi(strings.TrimSpace(v.text)); err == nil && i >= 0 && i < len(sst) {
			v.text, v.kind = sst[i], calcString
		} else {
			v.text = ""
		}
	case typeString:
		v.kind = calcString
	case typeInline:
		v.text, v.kind = rs.str(c.is), calcString
	case typeOther:
		switch rs.str(c.other) {
		case "b":
			v.kind = calcBool
		case "e":
			v.kind = calcError
		case "d":
			v = isoCellValue(v, s.w.wb.book.date1904)
		default:
			v.kind = calcString
		}
	default:
		if v.text != "" {
			v.kind = calcNumber
		}
	}
	if v.text == "" && v.kind != calcString {
		v.kind = calcEmpty
	}
	return v
}

func (s *scanSource) each(sheet int, r rect, fn func(row, col int, v calcValue) bool) bool {
	edits := s.w.edits[s.w.wb.sheets[sheet-1]]
	for p := range edits {
		if r.contains(p[0], p[1]) {
			if v, _ := s.edit(sheet, p[0], p[1]); v.kind != calcEmpty && !fn(p[0], p[1], v) {
				return false
			}
		}
	}
	_, rs := s.scanOf(sheet)
	if rs == nil {
		return s.unreadEach(sheet, r, fn)
	}
	i, _ := rs.cellIndex(r.r1, 1)
	for ; i < len(rs.cells) && int(rs.cells[i].row) <= r.r2; i++ {
		c := &rs.cells[i]
		if col := int(c.col); col < r.c1 || col > r.c2 {
			continue
		}
		if _, ok := edits[[2]int{int(c.row), int(c.col)}]; ok {
			continue
		}
		if v := s.rawValue(sheet, rs, c); (v.kind != calcEmpty || v.formula) && !fn(int(c.row), int(c.col), v) {
			return false
		}
	}
	return true
}

// names are the workbook part's defined names as readBook read them when
// the workbook was opened (read-only since, so no lock). A name whose
// localSheetId names no sheet has scope "" and so reads as workbook-level:
// the formulas using it still compute, where dropping it would leave them
// all uncomputable.
func (s *scanSource) names() []calcName {
	if !s.read {
		s.read = true
		for _, d := range s.w.wb.book.names {
			s.named = append(s.named, calcName{name: d.name, refersTo: d.refersTo, scope: scopeName(d.scope)})
		}
	}
	return s.named
}

// scopeName is "" for a workbook-level name's scope, else the sheet's name.
func scopeName(scope string) string {
	if scope == "Workbook" {
		return ""
	}
	return scope
}

// unreadValue reads a cell of a sheet the scan did not follow (see
// unreadCell).
func (s *scanSource) unreadValue(sheet, row, col int) calcValue {
	name, c := s.w.wb.sheets[sheet-1], cell{row: row, col: col}
	r := s.w.unreadCell(name, c)
	if r.err != nil {
		return calcValue{}
	}
	v := calcValue{text: r.value, formula: s.w.wb.ownFormula(name, row, col, s.w.scan(name)) != ""}
	switch {
	case r.value == "":
	case r.t == "b":
		v.kind = calcBool
	case r.t == "e":
		v.kind = calcError
	case r.t == "d":
		v = isoCellValue(v, s.w.wb.book.date1904)
	case r.t == "s" || r.t == "inlineStr" || r.t == "str":
		v.kind = calcString
	default:
		v.kind = calcNumber
	}
	return v
}

// unreadEach is each over a sheet the scan did not follow: r cut to the
// sheet's declared dimension, read cell by cell, at most maxCalcCells of
// them.
func (s *scanSource) unreadEach(sheet int, r rect, fn func(row, col int, v calcValue) bool) bool {
	name := s.w.wb.sheets[sheet-1]
	sc := s.w.scan(name)
	if sc == nil {
		return true
	}
	d, ok := parseRect(sc.dimension)
	if !ok {
		return true // no dimension: nothing to bound the cell-by-cell read by
	}
	r = rect{r.r1, r.c1, min(r.r2, d.r2), min(r.c2, d.c2)}
	if r.r2 >= r.r1 && r.c2 >= r.c1 && (r.r2-r.r1+1)*(r.c2-r.c1+1) > maxCalcCells {
		return false
	}
	edits := s.w.edits[name]
	for row := r.r1; row <= r.r2; row++ {
		for col := r.c1; col <= r.c2; col++ {
			if _, ok := edits[[2]int{row, col}]; ok {
				continue
			}
			if v := s.unreadValue(sheet, row, col); (v.kind != calcEmpty || v.formula) && !fn(row, col, v) {
				return false
			}
		}
	}
	return true
}

// definedRect resolves a defined name naming one range: the name of
// sheet from when it has one, else the workbook's.
func (wb *workbook) definedRect(from int, name string, names []calcName) (sheetRect, bool) {
	var found *calcName
	for i, d := range names {
		if !strings.EqualFold(d.name, name) {
			continue
		}
		if d.scope == wb.sheets[from-1] {
			found = &names[i]
			break
		}
		if d.scope == "" {
			found = &names[i]
		}
	}
	if found == nil {
		return sheetRect{}, false
	}
	to := strings.TrimPrefix(found.refersTo, "=")
	if s, ref, ok := splitSheetRef(to); ok && !strings.ContainsAny(to, "[(,") {
		if i, err := wb.sheetIndex(s); err == nil {
			if r, ok := parseRect(ref); ok {
				return sheetRect{i, r}, true
			}
		}
	}
	return sheetRect{}, false
}

// isoCellValue is a t="d" cell's value, an ISO 8601 date, as the serial
// number formulas read (a date cell minus another is their days apart,
// as in Excel and LibreOffice); one that does not parse is text.
func isoCellValue(v calcValue, date1904 bool) calcValue {
	if n, ok := isoDateSerial(strings.TrimSpace(v.text), date1904); ok {
		v.text, v.kind = strconv.FormatFloat(n, 'f', -1, 64), calcNumber
		return v
	}
	v.kind = calcString
	return v
}
