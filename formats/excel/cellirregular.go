package excel

// A write reads a cell from the guard pass's scan of its sheet, or, for a
// sheet the scan does not follow (rows or cells without references or out
// of order, markup inside a value: see rowScan), from readCells' reading
// of its part, the one the read tools take (see cellScan and cellsOf),
// with the shared strings of sharedStringsTable: no model of the sheet is
// kept.

// unreadCell is the cell at c of a sheet cellScan gave no cells for (the
// write's edits are laid over it by cellAt): since cellScan takes
// readCells' cells whenever they can be read, it is a cell of a sheet with
// no scan (none), or one carrying the reason the sheet's cells cannot be
// read.
func (w *writer) unreadCell(sheet string, c cell) cellRead {
	rs, _, err := w.wb.cellsOf(sheet, w.scan(sheet))
	if err != nil {
		return cellRead{exists: true, err: err}
	}
	return w.readAt(sheet, rs, c)
}
