package excel

import "github.com/xuri/excelize/v2"

// formula is the formula of the cell ref of sheet (sc its scan), "" for a
// cell with none. A cell inside a merged range has its range's top-left
// cell's: Excel shows the range as that one cell.
func (wb *workbook) formula(sheet, ref string, sc *sheetScan) string {
	col, row, err := excelize.CellNameToCoordinates(sc.mergeAnchor(ref))
	if err != nil {
		return ""
	}
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

// mergeAnchor is the top-left cell of the merged range covering cell ref,
// else ref. s may be nil.
func (s *sheetScan) mergeAnchor(ref string) string {
	if s == nil || len(s.merges) == 0 {
		return ref
	}
	col, row, err := excelize.CellNameToCoordinates(ref)
	if err != nil {
		return ref
	}
	merges, _ := s.mergeRects()
	if r, ok := merges.first(row, col); ok {
		return cell{row: r.r1, col: r.c1}.name()
	}
	return ref
}
