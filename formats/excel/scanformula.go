package excel

import (
	"encoding/xml"
	"strconv"
	"strings"

	"github.com/xuri/efp"
	"github.com/xuri/excelize/v2"
)

// The scan gives every cell's formula: a plain formula as written, a
// cell of a shared formula shifted from its master.
//
// A shared formula is written once, in its master cell (<f t="shared"
// ref="B2:B90" si="3">), and each other cell of it names the master by its
// index (<f t="shared" si="3"/>). Such a cell has the formula of the
// sheet's first master with that index, its references shifted by the
// cell's offset from the master: the master's formula is split into tokens
// by efp, each reference is shifted (shiftReference), and the tokens are
// put back together by efp.

// sharedRole is a cell's part in a shared formula.
type sharedRole uint8

const (
	sharedNone   sharedRole = iota
	sharedMember            // t="shared" with an index
	sharedMaster            // and a ref: it holds the formula
)

// readShared reads the <f t="shared"> of the open cell. A cell whose index
// is absent, given twice or no 32-bit decimal, or whose ref is given
// twice, names no master that can be found: it keeps its own text, as a
// plain formula.
func (s *rowScan) readShared(t *xml.StartElement) {
	si, nSI := attrCount(t, "si")
	ref, onceRef := attr(t, "ref")
	n, err := strconv.ParseInt(strings.TrimSpace(si), 10, 32)
	if nSI != 1 || !onceRef || err != nil {
		return
	}
	s.cell.shared, s.cell.sharedIndex = sharedMember, int32(n)
	if ref != "" {
		s.cell.shared = sharedMaster
	}
}

// cellFormula is the formula of the cell at row, col among rs's cells,
// "" for a cell with none; masters indexes their shared formulas' masters
// (mastersOf).
func cellFormula(rs *rowScan, masters map[int32]int, row, col int) string {
	i, found := rs.cellIndex(row, col)
	if !found || !rs.cells[i].hasF {
		return ""
	}
	c := &rs.cells[i]
	if c.shared == sharedNone {
		return rs.str(c.formula)
	}
	m, found := masters[c.sharedIndex]
	if !found {
		return "" // no master: no formula
	}
	master := &rs.cells[m]
	return shiftFormula(rs.str(master.formula), col-int(master.col), row-int(master.row))
}

// mastersIndex is mastersOf the scan's cells, made when first asked.
func (s *sheetScan) mastersIndex() map[int32]int {
	if s.masters == nil {
		s.masters = mastersOf(s.cells)
	}
	return s.masters
}

// sharedMaster is the index in the scan's cells of the sheet's first
// master of shared formula si, in document order.
func (s *sheetScan) sharedMaster(si int32) (int, bool) {
	i, ok := s.mastersIndex()[si]
	return i, ok
}

// cellIndex finds the cell at row, col among the scan's cells, which a
// regular sheet holds in row and column order.
func (s *rowScan) cellIndex(row, col int) (int, bool) {
	lo, hi := 0, len(s.cells)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if c := &s.cells[mid]; rowColLess(int(c.row), int(c.col), row, col) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(s.cells) && int(s.cells[lo].row) == row && int(s.cells[lo].col) == col
}

// shiftFormula is formula with its references shifted by dCol columns
// and dRow rows: a shared formula's master's text as it reads in one of
// its other cells, as Excel reads it there (efp's tokens, each range
// operand shifted, sheet-qualified ones too), sheet names quoted again
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
// 1:3) that is a cell, a column or a row: a part marked absolute ($) keeps
// that coordinate; a part that is none of these (a name) is kept as it is;
// a coordinate shifted out of the sheet becomes nothing, so that the
// formula fails to compute, as Excel's #REF! does. A
// sheet-qualified operand (Data!A1, 'My Sheet'!A1:B2) shifts its
// references as Excel and openpyxl shift them, keeping the sheet.
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
	rs := s.rowScan()
	if rs == nil {
		return true
	}
	i, found := rs.cellIndex(row, col)
	if !found {
		return true
	}
	c := &rs.cells[i]
	if c.shared == sharedNone {
		return mayReadNumbers(rs.str(c.formula))
	}
	m, found := s.sharedMaster(c.sharedIndex)
	if !found {
		return false
	}
	return mayReadNumbers(rs.str(rs.cells[m].formula))
}
