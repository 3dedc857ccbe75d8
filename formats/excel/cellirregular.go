package excel

// A write reads a cell from the guard pass's scan of its sheet, or, for a
// sheet the scan does not follow (rows or cells without references or out
// of order, markup inside a value: see rowScan), from readCells' reading
// of its part, the one the read tools take (see cellScan and cellsOf),
// with the shared strings of sharedStringsTable: no model of the sheet is
// kept.

// modelCell reads the cell at c of a sheet cellScan gave no cells for, as
// the document came (the write's edits are laid over it by cellAt): since
// cellScan takes readCells' cells whenever they can be read, this is the
// reading that reports why they cannot. (Its name predates the streaming
// reader; cellread.go and recalcsource.go call it.)
func (w *writer) modelCell(sheet string, c cell) cellRead {
	rs, _, err := w.wb.cellsOf(sheet, w.scan(sheet))
	if err != nil {
		return cellRead{exists: true, err: err}
	}
	return w.readAt(sheet, rs, c)
}
