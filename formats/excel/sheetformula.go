package excel

// formulaAt is the formula the read tools show for the cell at row, col:
// the formula of the merged range's first cell for a cell the range
// covers, else the cell's own (ownFormula).
func (wb *workbook) formulaAt(sheet string, row, col int, sc *sheetScan) string {
	row, col = sc.mergeAnchorAt(row, col)
	return wb.ownFormula(sheet, row, col, sc)
}

// ownFormula is the formula the cell at row, col holds itself, "" for
// none. A merged range shows its first cell's, but another of its cells
// may hold a formula of its own, which a recalculation computes and
// whose cached value a formula elsewhere may read.
func (wb *workbook) ownFormula(sheet string, row, col int, sc *sheetScan) string {
	rs, masters, err := wb.cellsOf(sheet, sc)
	if err != nil {
		return ""
	}
	return cellFormula(rs, masters, row, col)
}

// mergeAnchorAt is the row and column of the first cell of the merged
// range covering row, col, else row, col. s may be nil.
func (s *sheetScan) mergeAnchorAt(row, col int) (int, int) {
	if s == nil || len(s.merges) == 0 {
		return row, col
	}
	merges, _ := s.mergeRects()
	if r, ok := merges.first(row, col); ok {
		return r.r1, r.c1
	}
	return row, col
}
