package excel

// A write reads most cells from the guard pass's scan of their sheet, or
// from a scan of its <sheetData> alone (see cellScan). A sheet neither
// follows (rows or cells without references or out of order, markup
// inside a value: see rowScan) is read here from readCells' reading of
// its part, the one the read tools take (see cellsOf), with the shared
// strings of sharedStringsTable: no model of the sheet is kept.

// modelCell reads the cell at c of a sheet the scans do not follow, as
// the document came (the write's edits are laid over it by cellAt).
func (w *writer) modelCell(sheet string, c cell) cellRead {
	rs, _, err := w.wb.cellsOf(sheet, w.scan(sheet))
	if err != nil {
		return cellRead{exists: true, err: err}
	}
	i, found := rs.cellIndex(c.row, c.col)
	if !found {
		return cellRead{}
	}
	return w.scannedCell(sheet, rs, &rs.cells[i])
}
