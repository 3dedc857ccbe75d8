package excel

// Most cells of a large questionnaire are empty and only styled (a hundred
// thousand and more in HECVAT): the guard's cell styles already hold each
// one's place and style, so the row scan does not keep them as cells too.
// A write's cellAt finds such a cell through emptyStyle; rows shows
// nothing for it, whatever its format (see beforeBook), and formulas and
// recalc see no value in it either way. The tests that format every
// cell put them back (withEmptyCells, rowscanempty_test.go).

// finish ends the pass: the scan keeps its cells, their texts and the
// guard's cell styles in slices of their own size (the ones the pass
// filled grew by doubling: up to half of each was room, held as long as
// the workbook is open) and lets go of the sheet's XML, which nothing
// reads once the cells' texts are kept. styles are the guard's cell
// styles, sorted.
func (s *rowScan) finish(styles *cellStyles) {
	s.data, s.shapes, s.kept, s.keptSmall = nil, nil, nil, nil
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
