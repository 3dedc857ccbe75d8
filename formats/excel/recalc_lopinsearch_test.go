package excel

import (
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// searchLandsAsInSource reports whether the approximate VLOOKUPs of the
// formula f at sheet!ref search as they searched in the source: every
// cell the formula reads alone (the value looked up) holds, in
// formfill's output (ours), what it held in the source (excel), and the
// first column of every range it reads (the column searched) compares
// with it as it did (searchedAlike). Excel's
// search then lands on the row it landed on in the source, where
// formfill's search gives Excel's cached values
// (TestNativeMatchesCachedValues), so formfill's value is the landing
// row's, as Excel's is, even where the fill changed the column returned
// (HECVAT Full 3.06's Questions!D3 returns the Vendor Response answers);
// LibreOffice, which searches unsorted data otherwise, lands elsewhere.
func searchLandsAsInSource(w *writer, sheet, ref, f string, ours, excel map[string]map[string]string) bool {
	up := strings.ToUpper(f)
	p := efp.ExcelParser()
	if approx, _ := lookupFacts(p.Parse(strings.TrimPrefix(f, "="))); approx == "" || !strings.Contains(up, "VLOOKUP(") {
		return false
	}
	si, err := w.wb.sheetIndex(sheet)
	col, row, _, err2 := cellRef(ref)
	if err != nil || err2 != nil {
		return false
	}
	_, refs := w.wb.parseFormula(cell{sheet: si, row: row, col: col}, strings.TrimPrefix(f, "="), newScanSource(w).names(), nil)
	if len(refs) == 0 {
		return false
	}
	var keys []string
	for _, r := range refs {
		if r.r1 == r.r2 && r.c1 == r.c2 {
			name, at := w.wb.sheets[r.sheet-1], cellName(r.r1, r.c1)
			if ours[name][at] != excel[name][at] {
				return false
			}
			keys = append(keys, ours[name][at])
		}
	}
	for _, r := range refs {
		name := w.wb.sheets[r.sheet-1]
		if !(r.r1 == r.r2 && r.c1 == r.c2) && !searchedAlike(ours[name], excel[name], r.c1, r.r1, r.r2, keys) {
			return false
		}
	}
	return len(keys) > 0
}

// searchedAlike reports whether a search for any of keys compares the
// same with every cell of column col, rows r1 to r2, in a as in b (sheet
// maps of XLSXCached): a cell holds the same value in both, or text in
// both that each key orders the same way against (HECVAT Full 3.06's
// section title "Business Continuity Plan", "BCP - Respond to as many
// questions below" once filled, is before "GNRL-01" either way).
func searchedAlike(a, b map[string]string, col, r1, r2 int, keys []string) bool {
	for _, m := range []map[string]string{a, b} {
		for ref := range m {
			c, r, _, err := cellRef(ref)
			if err != nil || c != col || r < r1 || r > r2 || a[ref] == b[ref] {
				continue
			}
			for _, k := range keys {
				if !searchText(k) || !searchText(a[ref]) || !searchText(b[ref]) {
					return false
				}
				x, ok1 := textOrder(k, a[ref])
				y, ok2 := textOrder(k, b[ref])
				if !ok1 || !ok2 || x != y || x == 0 {
					return false
				}
			}
		}
	}
	return true
}

// searchText reports whether s, as XLSXCached gives it, is text a search
// compares as text: not empty, not a number, not a boolean or an error.
func searchText(s string) bool {
	if s == "" || s == "TRUE" || s == "FALSE" || strings.HasPrefix(s, "#") {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err != nil
}
