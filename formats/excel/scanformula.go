package excel

import (
	"encoding/xml"
	"math"
	"strconv"
	"strings"

	"github.com/xuri/efp"
	"github.com/xuri/excelize/v2"
)

// The scan gives a cell's formula as excelize's GetCellFormula gives it,
// where it can: a plain formula as written (plainFormula), a cell of a
// shared formula shifted from its master (sharedFormula). What it cannot,
// the sheet's formula stub answers (see scanstub.go).
//
// A shared formula is written once, in its master cell (<f t="shared"
// ref="B2:B90" si="3">), and each other cell of it names the master by its
// index (<f t="shared" si="3"/>). excelize's GetCellFormula gives such a
// cell the formula of the sheet's first master with that index, its
// references shifted by the cell's offset from the master. Asking excelize
// meant decoding the sheet's formula stub whole, most of the time a
// formula-heavy sheet's map spends on formulas. The scan gives the same
// text: the master's formula is split into tokens by the tokenizer
// excelize uses (efp), each reference is shifted by the rule excelize
// applies (shiftReference), and the tokens are put back together by efp.
// Whatever the scan does not read as excelize would, it leaves to the stub.

// sharedRole is a cell's part in a shared formula.
type sharedRole uint8

const (
	sharedNone   sharedRole = iota
	sharedMember            // t="shared" with an index
	sharedMaster            // and a ref: it holds the formula
)

// readShared reads the <f> of the open cell, a shared formula if shared
// (t="shared", once), whose content starts at contentAt. An index is read
// as encoding/xml reads excelize's *int: empty is 0, else the trimmed text
// as a decimal; one that does not parse fails excelize's decoding of the
// whole sheet, so the sheet's shared formulas are left to the stub.
func (s *rowScan) readShared(t *xml.StartElement, contentAt int64, shared bool) {
	si, nSI := attrCount(t, "si")
	ref, onceRef := attr(t, "ref")
	if !shared || nSI != 1 || !onceRef {
		// None: excelize gives the cell its own text; two: its readers
		// differ on which wins.
		s.sharedUnreadable = true
		return
	}
	n := int64(0)
	if si != "" {
		var err error
		if n, err = strconv.ParseInt(strings.TrimSpace(si), 10, 64); err != nil || n < math.MinInt32 || n > math.MaxInt32 {
			s.sharedUnreadable = true
			return
		}
	}
	s.cell.shared, s.cell.sharedIndex = sharedMember, int32(n)
	if ref != "" {
		s.cell.shared, s.masterAt = sharedMaster, contentAt
	}
}

// endMaster keeps the open master cell's formula, which ends at end.
func (s *rowScan) endMaster(end int64) {
	if s.masterAt < 0 || end > int64(len(s.data)) || s.masterAt > end {
		s.sharedUnreadable = true
		return
	}
	text, ok := unescapeText(s.data[s.masterAt:end])
	if !ok {
		s.sharedUnreadable = true // markup inside: not the content excelize reads
		return
	}
	s.cell.formula = s.keep(text)
}

// scannedFormula is the formula of cell ref as excelize's GetCellFormula
// gives it, when the scan holds it (plainFormula, sharedFormula). s may be
// nil.
func (s *sheetScan) scannedFormula(ref string) (string, bool) {
	col, row, err := excelize.CellNameToCoordinates(ref)
	if err != nil {
		return "", false
	}
	if f, ok := s.plainFormula(row, col); ok {
		return f, true
	}
	return s.sharedFormula(row, col)
}

// plainFormula is the formula of the cell at row, col as excelize's
// GetCellFormula gives it (the <f>'s text, unescaped), when the scan holds
// it: a cell of a regular sheet, named as excelize names it, whose formula
// is not shared, outside any merged range but as its first cell (excelize
// answers for a merged cell with the range's first). s may be nil.
func (s *sheetScan) plainFormula(row, col int) (string, bool) {
	rs := s.rowScan()
	if rs == nil {
		return "", false
	}
	if s.formulaText == nil {
		s.formulaText = map[[2]int]string{}
		for _, c := range rs.cells {
			if c.plainFormula && c.canonical {
				s.formulaText[[2]int{c.row, c.col}] = rs.str(c.formula)
			}
		}
	}
	f, ok := s.formulaText[[2]int{row, col}]
	if !ok || !s.outsideMerges(row, col) {
		return "", false
	}
	return f, true
}

// outsideMerges reports whether the cell at row, col reads as itself in
// excelize's cell readers: outside every merged range but as its first
// cell, on a sheet whose ranges all parse and are written as excelize
// writes them. excelize takes a cell inside a range for the range's first
// reference as written ("B2:A1" names B2, " A1:B2" no cell at all), and
// fails every cell of a sheet with a range it cannot parse: such sheets
// are the stub's.
func (s *sheetScan) outsideMerges(row, col int) bool {
	merges, parsed := s.mergeRects()
	return parsed && s.mergeRect.canonical && !merges.inside(row, col)
}

// sharedFormula is the formula of the cell at row, col as excelize's
// GetCellFormula gives it, when the cell is part of a shared formula the
// scan reads: a cell of a regular sheet, named as excelize names it,
// outside any merged range but as its first cell. s may be nil.
func (s *sheetScan) sharedFormula(row, col int) (string, bool) {
	rs := s.rowScan()
	if rs == nil || rs.sharedUnreadable {
		return "", false
	}
	i, found := rs.cellIndex(row, col)
	if !found {
		return "", false
	}
	c := &rs.cells[i]
	if c.shared == sharedNone || !c.canonical {
		return "", false
	}
	if !s.outsideMerges(row, col) {
		return "", false
	}
	m, found := s.sharedMaster(c.sharedIndex)
	if !found {
		return "", true // excelize finds no master: no formula
	}
	master := &rs.cells[m]
	if !master.canonical {
		return "", false
	}
	return shiftFormula(rs.str(master.formula), col-master.col, row-master.row), true
}

// sharedMaster is the index in the scan's cells of the sheet's first
// master of shared formula si, in the order excelize searches them.
func (s *sheetScan) sharedMaster(si int32) (int, bool) {
	if s.masters == nil {
		s.masters = map[int32]int{}
		rs := s.cells
		for i := range rs.cells {
			if c := &rs.cells[i]; c.shared == sharedMaster {
				if _, seen := s.masters[c.sharedIndex]; !seen {
					s.masters[c.sharedIndex] = i
				}
			}
		}
	}
	i, ok := s.masters[si]
	return i, ok
}

// cellIndex finds the cell at row, col among the scan's cells, which a
// regular sheet holds in row and column order.
func (s *rowScan) cellIndex(row, col int) (int, bool) {
	lo, hi := 0, len(s.cells)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if c := &s.cells[mid]; rowColLess(c.row, c.col, row, col) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(s.cells) && s.cells[lo].row == row && s.cells[lo].col == col
}

// shiftFormula is formula with its references shifted by dCol columns
// and dRow rows, as excelize shifts a shared formula's for one of its
// cells (efp's tokens, each range operand shifted) but for sheet-qualified
// references, which shift as in Excel, their sheet names quoted again
// where efp dropped the quotes ('My Sheet'!A1, not My Sheet!A1: see
// render).
func shiftFormula(formula string, dCol, dRow int) string {
	p := efp.ExcelParser()
	tokens := p.Parse(formula)
	for i := range tokens {
		if tokens[i].TType == efp.TokenTypeOperand && tokens[i].TSubType == efp.TokenSubTypeRange {
			tokens[i].TValue = shiftReference(tokens[i].TValue, dCol, dRow)
		}
	}
	return render(&p)
}

// shiftReference shifts each part of a range operand (A1, A1:B2, A:C,
// 1:3) that is a cell, a column or a row, by the rule excelize follows:
// a part marked absolute ($) keeps that coordinate; a part that is none of
// these (a name) is kept as it is; a coordinate shifted out of the sheet
// becomes nothing, as excelize's ignored errors leave it. A sheet-qualified
// operand (Data!A1, 'My Sheet'!A1:B2) shifts its references as Excel and
// openpyxl shift them, keeping the sheet; excelize keeps the whole operand
// unshifted, so every cell of such a shared formula read its master's
// references.
func shiftReference(ref string, dCol, dRow int) string {
	cut := strings.LastIndexByte(ref, '!') + 1 // a quoted sheet name may hold a '!'
	sheet, ref := ref[:cut], ref[cut:]
	parts := strings.Split(ref, ":")
	for i, part := range parts {
		parts[i] = shiftPart(part, dCol, dRow)
	}
	return sheet + strings.Join(parts, ":")
}

// shiftPart is shiftReference for one part.
func shiftPart(part string, dCol, dRow int) string {
	bare := strings.ReplaceAll(part, "$", "")
	if col, row, err := excelize.CellNameToCoordinates(bare); err == nil {
		fixedCol := strings.Index(part, "$") == 0
		fixedRow := strings.LastIndex(part, "$") > 0
		switch {
		case fixedCol && fixedRow:
			return part
		case fixedCol:
			name, _ := excelize.ColumnNumberToName(col)
			return "$" + name + strconv.Itoa(row+dRow)
		case fixedRow:
			name, _ := excelize.ColumnNumberToName(col + dCol)
			return name + "$" + strconv.Itoa(row)
		}
		name, _ := excelize.CoordinatesToCellName(col+dCol, row+dRow)
		return name
	}
	if strings.HasPrefix(part, "$") {
		return part
	}
	if col, err := excelize.ColumnNameToNumber(bare); err == nil {
		name, _ := excelize.ColumnNumberToName(col + dCol)
		return name
	}
	if row, err := strconv.Atoi(bare); err == nil {
		return strconv.Itoa(row + dRow)
	}
	return part
}

// mayReadNumbersAt reports whether the formula at row, col may read cells
// as numbers (mayReadNumbers of its text, or of its shared master's text:
// shifting keeps the operators and functions); true when the scan cannot
// tell. Skipping the others spares shifting every shared formula.
func (s *sheetScan) mayReadNumbersAt(row, col int) bool {
	if f, ok := s.plainFormula(row, col); ok {
		return mayReadNumbers(f)
	}
	rs := s.rowScan()
	if rs == nil || rs.sharedUnreadable {
		return true
	}
	i, found := rs.cellIndex(row, col)
	if !found || rs.cells[i].shared == sharedNone {
		return true
	}
	m, found := s.sharedMaster(rs.cells[i].sharedIndex)
	if !found {
		return false
	}
	return mayReadNumbers(rs.str(rs.cells[m].formula))
}
