package excel

// A large questionnaire writes most of its formulas out cell by cell, not
// as shared formulas, and most of them are a formula above them moved
// down: HECVAT 4.14's 15,272 written-out formulas (1.3 MB of text) are 405
// shapes once their rows are made relative. A scan for the calculation
// (leanScan), which lives through the calculation beside the formula
// graph, keeps such a formula as a row copy: the text of the last formula
// of its shape and the rows it moves by, not a text of its own. The copy
// is taken only when moving that text gives the cell's formula exactly
// (shiftFormula), so every reader sees the text the sheet holds.
//
// A row copy is a plain formula's cell (shared == sharedNone) whose
// sharedIndex, unused by a plain formula, holds its row offset from the
// text's cell: 0 reads the text as it is (the same formula, on the same
// row or copied as is).

// rowCopyShape is the last formula of a shape the scan kept as a text of
// its own: its text and its row.
type rowCopyShape struct {
	text textRef
	row  int32
}

// shapeKey is the shape of formula in column col, as a hash of the column
// and the formula's bytes but its digits: two formulas of a column that
// differ only in their rows' numbers (and in any other number) have one
// key. The column is in it as formulas are copied down a column, and the
// columns of a row often differ only in a constant (VLOOKUP's column
// index), which would make each the other's candidate, row after row. A
// key only names a candidate: keepFormula keeps a copy only where moving
// the candidate gives the formula exactly.
func shapeKey(col int32, formula string) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := (uint64(offset) ^ uint64(uint32(col))) * prime
	for i := 0; i < len(formula); i++ {
		if b := formula[i]; b < '0' || b > '9' {
			h = (h ^ uint64(b)) * prime
		}
	}
	return h
}

// keepFormula keeps the text of the open cell's plain formula: as a row
// copy of the last formula of its shape when moving that one by the rows
// between them gives text (a scan that keeps copies, see rowCopies), else
// as a text of its own, which becomes its shape's last.
func (s *rowScan) keepFormula(text string) {
	c := s.cell
	if s.shapes == nil || c.shared != sharedNone || text == "" {
		c.formula = s.keep(text)
		return
	}
	key := shapeKey(c.col, text)
	if last, ok := s.shapes[key]; ok {
		dRow := int(c.row) - int(last.row)
		if from := s.str(last.text); (dRow == 0 && from == text) || (dRow != 0 && shiftFormula(from, 0, dRow) == text) {
			c.formula, c.sharedIndex = last.text, int32(dRow)
			return
		}
	}
	c.formula = s.keep(text)
	s.shapes[key] = rowCopyShape{text: c.formula, row: c.row}
}

// plainFormula is the text of c's plain formula (shared == sharedNone):
// its own, or its row copy's, moved.
func (s *rowScan) plainFormula(c *rawCell) string {
	text := s.str(c.formula)
	if c.sharedIndex == 0 || text == "" {
		return text
	}
	return shiftFormula(text, 0, int(c.sharedIndex))
}

// keepRowCopies makes the scan keep its plain formulas as row copies
// where it can (see keepFormula).
func (s *rowScan) keepRowCopies() { s.shapes = map[uint64]rowCopyShape{} }
