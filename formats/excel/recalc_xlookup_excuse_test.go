package excel

import (
	"strings"
	"testing"
)

// lookupsLibreOfficeLacks excuses the cells whose formula calls XLOOKUP,
// or reads a cell whose formula does, where LibreOffice gives another
// value than formfill: LibreOffice before 24.8 has no XLOOKUP (its value
// is #NAME?, and "" through the IFERROR reading it). Such a cell is
// excused only where formfill caches the value Excel cached, excel (the
// four answers do not reach what these cells look up); count counts them.
func lookupsLibreOfficeLacks(t *testing.T, w *writer, excel map[string]map[string]string) (excused func(sheet, ref, lo, ours string) bool, count *int) {
	src := newScanSource(w)
	callsXlookup := func(c cell) bool {
		return strings.Contains(strings.ToUpper(src.formula(c.sheet, c.row, c.col)), "XLOOKUP(")
	}
	return excusedWhereExcelAgrees(w, excel, src, callsXlookup)
}

// excusedWhereExcelAgrees excuses a cell whose formula calls, or reads a
// cell whose formula calls, what calls reports, where formfill's value,
// ours, is the one Excel cached (excel); count counts the cells excused.
func excusedWhereExcelAgrees(w *writer, excel map[string]map[string]string, src calcSource, calls func(cell) bool) (excused func(sheet, ref, lo, ours string) bool, count *int) {
	count = new(int)
	return func(sheet, ref, lo, ours string) bool {
		si, err := w.wb.sheetIndex(sheet)
		col, row, _, err2 := cellRef(ref)
		if err != nil || err2 != nil || excel[sheet][ref] != ours {
			return false
		}
		at := cell{sheet: si, row: row, col: col}
		tainted := calls(at)
		_, refs := w.wb.parseFormula(at, src.formula(si, row, col), src.names(), nil)
		for _, r := range refs {
			if r.r1 == r.r2 && r.c1 == r.c2 {
				tainted = tainted || calls(cell{sheet: r.sheet, row: r.r1, col: r.c1})
			}
		}
		if tainted {
			*count++
		}
		return tainted
	}, count
}
