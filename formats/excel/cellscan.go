package excel

// The guard's scan follows a sheet only when every row and cell in it is
// numbered, in order, with plain character data (see rowScan); anything
// else, even an element named row or c outside the cells (a form
// control's anchor, <xdr:row>, in PCI DSS's prioritized approach tool),
// leaves the sheet irregular and the scan without its cells. Such a
// sheet's cells are those readCells reads from its part, once, for the
// read tools and the write alike (see cellsOf).

// cellScan is the scan giving the write the sheet's cells and its row
// scan: the guard's when it followed the cells, else readScan's; a nil
// row scan when there is no scan or the sheet's cells could not be read.
func (w *writer) cellScan(sheet string) (*sheetScan, *rowScan) {
	sc := w.scan(sheet)
	if rs := sc.rowScan(); rs != nil || sc == nil {
		return sc, rs
	}
	ds, ok := w.dataScans[sheet]
	if !ok {
		ds = w.wb.readScan(sheet, sc)
		w.dataScans[sheet] = ds
	}
	if ds == nil {
		return sc, nil
	}
	rs, _, _ := w.wb.cellsOf(sheet, ds) // readScan's, read once
	return ds, rs
}

// readScan is sc with the cells readCells reads from sheet's part in
// place of the guard's: its formulas and shared formulas' masters are
// those cells', so that a formula is found at the cell it is read from
// (recalc looks both up by cell). Everything else (merges, arrays,
// styles) is the guard's, which reads them wherever the cells are. Nil
// when the cells cannot be read.
func (wb *workbook) readScan(sheet string, sc *sheetScan) *sheetScan {
	rs, masters, err := wb.cellsOf(sheet, sc)
	if err != nil || rs == nil {
		return nil
	}
	ds := *sc
	ds.cells, ds.masters = nil, masters
	ds.formulas = make(map[[2]int]bool)
	for i := range rs.cells {
		if c := &rs.cells[i]; c.hasF {
			ds.formulas[[2]int{int(c.row), int(c.col)}] = true
		}
	}
	return &ds
}

// rescanForCalc scans again, for the calculation, a sheet whose scan the
// graph let go of (see graph), keeping none of the styles: the
// calculation reads the formulas, values, merges and array formulas of
// the sheets it computes on, never how a cell is formatted, and on HECVAT
// 4.14 the styles were an eighth of what the scans it reads held. The
// scan lives in the writer's scans alone, never the guard pass's, and
// releaseUnwritten lets go of it before the save and the verification,
// whose reads of the sheet would scan it again in full.
func (w *writer) rescanForCalc(sheet string) {
	if _, ok := w.scans[sheet]; ok || w.sheets[sheet] {
		return
	}
	if _, ok := w.wb.scanned[sheet]; ok {
		return // never let go of: the open's scan, shared
	}
	if parts, err := w.wb.parts(); err != nil || w.wb.pass.sheets[parts[sheet]] != nil {
		return
	}
	if sc := w.scan(sheet); sc != nil {
		sc.dropStyles()
	}
}

// dropStyles lets go of what the scan holds of how cells, rows and
// columns are formatted, and of its validations.
func (s *sheetScan) dropStyles() {
	s.cellStyles = cellStyles{} // the row scan's styles point here
	s.rowStyles, s.colStyles = nil, nil
	s.validationStub = nil
}
