package excel

import (
	"encoding/xml"
	"strconv"
	"strings"
)

// The scan gives every cell's formula: a plain formula as written, a
// cell of a shared formula shifted from its master.
//
// A shared formula is written once, in its master cell (<f t="shared"
// ref="B2:B90" si="3">), and each other cell of it names the master by its
// index (<f t="shared" si="3"/>). Such a cell has the formula of the
// sheet's first master with that index, its references shifted by the
// cell's offset from the master (shiftFormula).

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
		return rs.plainFormula(c)
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

// mayReadNumbersAt reports whether the formula at row, col may read cells
// as numbers (mayReadNumbers of its text, or of its shared master's text:
// shifting keeps the operators and functions); true when the scan cannot
// tell. Skipping the others spares shifting every shared formula.
// masters remembers the answer for each shared master asked about (by
// its index in the scan's cells): a shared formula's members, often
// thousands, all ask about its one text.
func (s *sheetScan) mayReadNumbersAt(row, col int, masters map[int]bool) bool {
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
		return mayReadNumbers(rs.plainFormula(c))
	}
	m, found := s.sharedMaster(c.sharedIndex)
	if !found {
		return false
	}
	may, ok := masters[m]
	if !ok {
		may = mayReadNumbers(rs.str(rs.cells[m].formula))
		masters[m] = may
	}
	return may
}
