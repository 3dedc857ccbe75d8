package excel

import (
	"testing"

	"github.com/xuri/efp"
)

// approxLookupsLibreOfficeSearchesOtherwise excuses the cells whose
// formula calls an approximate-match lookup, or reads a cell whose
// formula does, where LibreOffice gives another value than formfill:
// over data that is not sorted (HECVAT Full 3.06's IDs among section
// titles) LibreOffice's binary search lands elsewhere than Excel's,
// which formfill follows. Such a cell is excused only where formfill
// caches the value Excel cached, excel (TestNativeMatchesCachedValues
// holds every approximate lookup of the real workbooks to it); count
// counts them.
func approxLookupsLibreOfficeSearchesOtherwise(t *testing.T, w *writer, excel map[string]map[string]string) (excused func(sheet, ref, lo, ours string) bool, count *int) {
	src := newScanSource(w)
	callsApprox := func(c cell) bool {
		f := src.formula(c.sheet, c.row, c.col)
		if f == "" {
			return false
		}
		p := efp.ExcelParser()
		approx, _ := lookupFacts(p.Parse(f))
		return approx != ""
	}
	return excusedWhereExcelAgrees(w, excel, src, callsApprox)
}
