package excel

import "iter"

// Locked drop-downs: Excel opens no drop-down in a locked cell of a
// protected sheet. When the protection locks every drop-down the sheet
// lays out ("Input Here" over a yes/no list per level, the whole sheet
// locked), it cannot be telling inputs from the rest: the author locked
// the sheet whole to guard its formulas, and the filler unprotects it to
// choose. Those list cells stay answer targets. Where some drop-downs are
// left unlocked, the locked ones are locked on purpose, and stay out.

// locksEveryList reports a protected sheet on which every visible list
// cell (a list with options, within the sheet's rows) is locked, and
// there is at least one.
func (m *sheetModel) locksEveryList() bool {
	if !m.scan.protected {
		return false
	}
	seen := false
	for r, c := range m.listCells() {
		if !m.locked(r, c) {
			return false
		}
		seen = true
	}
	return seen
}

// listCells yields the cells a list validation with options lays out
// within the sheet's rows, in visible columns, that hold no formula: the
// drop-downs a filler sees. A rule over whole columns is formatting, not
// answer slots, and yields none.
func (m *sheetModel) listCells() iter.Seq2[int, int] {
	return func(yield func(r, c int) bool) {
		for _, ru := range m.rules {
			if ru.typ != "list" || len(ru.options) == 0 {
				continue
			}
			for _, rc := range ru.rects {
				if rc.r2 > m.maxRow()+blanketRows {
					continue
				}
				for r := rc.r1; r <= min(rc.r2, m.maxRow()); r++ {
					for c := rc.c1; c <= min(rc.c2, rc.c1+maxListCols-1); c++ {
						if !m.hiddenCol(c) && !m.isFormula(r, c) && !yield(r, c) {
							return
						}
					}
				}
			}
		}
	}
}

// locked reports a cell the section's filler cannot type in: locked on a
// protected sheet, unless it is a drop-down on a sheet that locks them all.
func (s *section) locked(m *sheetModel, r, c int) bool {
	return m.locked(r, c) && !(s.listsLocked && m.listAt(r, c) != nil)
}
