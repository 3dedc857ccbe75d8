package excel

// Most cells of a large questionnaire are empty and only styled (a hundred
// thousand and more in HECVAT): the guard's cell styles already hold each
// one's place and style, so the row scan does not keep them as cells too.
// A write's cellAt finds such a cell through emptyStyle; rows shows
// nothing for it, whatever its format (see beforeBook), and formulas and
// recalc see no value in it either way. withEmptyCells puts them back
// among the cells, for the tests that format every cell.

// finish ends the pass: the scan keeps its cells, their texts and the
// guard's cell styles in slices of their own size (the ones the pass
// filled grew by doubling: up to half of each was room, held as long as
// the workbook is open) and lets go of the sheet's XML, which nothing
// reads once the cells' texts are kept. styles are the guard's cell
// styles, sorted.
func (s *rowScan) finish(styles *cellStyles) {
	s.data = nil
	s.styles = styles
	s.cells = fitted(s.cells)
	s.texts = fitted(s.texts)
	styles.list = fitted(styles.list)
}

// fitted is list, copied to a slice of its own length when more than an
// eighth of it is spare room.
func fitted[T any](list []T) []T {
	if cap(list)-len(list) > len(list)/8 {
		return append([]T(nil), list...)
	}
	return list
}

// emptyStyle is the style of the empty, only styled cell at row, col
// that the scan left to the guard's cell styles; false for any other
// cell. Only a cell cellIndex does not find may be one.
func (s *rowScan) emptyStyle(row, col int) (int, bool) {
	if s.styles == nil || s.dropped == 0 {
		return 0, false
	}
	st, ok := s.styles.at(row, col)
	return st, ok && st != 0
}

// withEmptyCells is the scan with the empty, only styled cells whose
// style pick picks put back among its cells, in row and column order;
// the scan itself when it left none out or pick picks none.
func (s *rowScan) withEmptyCells(pick func(style int) bool) *rowScan {
	if s.styles == nil || s.dropped == 0 {
		return s
	}
	var out []rawCell
	i := 0
	for _, e := range s.styles.list {
		row, col := int(uint32(e.key>>32)), int(uint32(e.key))
		for i < len(s.cells) && rowColLess(int(s.cells[i].row), int(s.cells[i].col), row, col) {
			i++
		}
		if i < len(s.cells) && int(s.cells[i].row) == row && int(s.cells[i].col) == col || e.style == 0 || !pick(e.style) {
			continue
		}
		out = append(out, rawCell{row: int32(row), col: int32(col), style: narrowIndex(e.style)})
	}
	if out == nil {
		return s
	}
	return &rowScan{cells: mergeCells(s.cells, out), texts: s.texts}
}

// mergeCells is a and b, both in row and column order with no cell in
// both, as one list in that order.
func mergeCells(a, b []rawCell) []rawCell {
	out := make([]rawCell, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if rowColLess(int(a[0].row), int(a[0].col), int(b[0].row), int(b[0].col)) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
