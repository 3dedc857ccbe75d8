package excel

import "slices"

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
	ds.formulas, ds.formulaOrder = make(map[[2]int]bool), nil
	for i := range rs.cells {
		if c := &rs.cells[i]; c.hasF {
			ds.addFormula([2]int{int(c.row), int(c.col)})
		}
	}
	ds.sortFormulas()
	return &ds
}

// rescanForCalc scans again, for the calculation, a sheet whose scan the
// graph let go of (see graph): a lean scan (see leanScan), which keeps
// none of the styles and no map of the formula cells. The calculation
// reads the formulas, values, merges and array formulas of the sheets it
// computes on, never how a cell is formatted, and on HECVAT 4.14 the
// styles were an eighth of what the scans it reads held, and the maps of
// their formula cells a fifth. The scan lives in the writer's scans
// alone, never the guard pass's, and releaseUnwritten lets go of it
// before the save and the verification, whose reads of the sheet would
// scan it again in full.
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
	w.scans[sheet] = w.wb.leanScan(sheet)
}

// leanScan is a scan of sheet for the calculation alone: one that records
// no styles and leaves the formula cells to its row scan when the row
// scan follows the sheet's cells; else (an irregular sheet, whose cells
// readCells reads) the full scan, its styles let go of. Nil when the
// sheet cannot be scanned, as writer.scan keeps it.
func (wb *workbook) leanScan(sheet string) *sheetScan {
	sc, _ := wb.scanSheetAs(sheet, true)
	if sc == nil || !sc.lean || sc.rowScan() != nil {
		return sc
	}
	if sc, _ = wb.scanSheet(sheet); sc != nil {
		sc.dropStyles()
	}
	return sc
}

// dropStyles lets go of what the scan holds of how cells, rows and
// columns are formatted, and of its validations.
func (s *sheetScan) dropStyles() {
	s.cellStyles = cellStyles{} // the row scan's styles point here
	s.rowStyles, s.colStyles = nil, nil
	s.validationStub = nil
}

// holdsFormula reports whether the cell at row, col holds a formula: the
// formulas map's answer, or for a lean scan its row scan's (rs, its
// regular row scan) or its map's of the formulas after the sheet's data
// (see markFormula).
func (s *sheetScan) holdsFormula(rs *rowScan, row, col int) bool {
	if !s.lean {
		return s.formulas[[2]int{row, col}]
	}
	i, found := rs.cellIndex(row, col)
	return found && rs.cells[i].hasF || s.formulas[[2]int{row, col}]
}

// formulaCells are the [row, col] of the scan's formula cells, in reading
// order; rs is its regular row scan, nil when it has none.
func (s *sheetScan) formulaCells(rs *rowScan) [][2]int {
	if !s.lean {
		return sortedCells(s.formulas)
	}
	var out [][2]int
	for i := range rs.cells {
		if c := &rs.cells[i]; c.hasF {
			out = append(out, [2]int{int(c.row), int(c.col)})
		}
	}
	if len(s.formulas) == 0 {
		return out
	}
	for p := range s.formulas {
		if i, found := rs.cellIndex(p[0], p[1]); !found || !rs.cells[i].hasF {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int {
		if rowColLess(a[0], a[1], b[0], b[1]) {
			return -1
		}
		if a == b {
			return 0
		}
		return 1
	})
	return out
}
