package excel

import (
	"slices"
	"testing"
)

// TestLeanScanReadsAsFullScan holds the calculation's lean scan of every
// sheet of every real workbook (and the fixture) to what the full scan
// gives it: the same formula cells, formulas and values, the formula
// cells answered from the row scan in place of the formulas map; and a
// sheet whose cells the scan cannot follow scanned in full.
func TestLeanScanReadsAsFullScan(t *testing.T) {
	for name, doc := range workbooks(t) {
		wb, err := open(doc)
		must(t, err)
		parts, err := wb.parts()
		must(t, err)
		for si, sheet := range wb.sheets {
			delete(wb.pass.sheets, parts[sheet]) // as releaseSheet leaves it
			lean := wb.leanScan(sheet)
			full, err := wb.scanSheet(sheet)
			if err != nil || full == nil || lean == nil {
				if (lean == nil) != (full == nil) {
					t.Errorf("%s / %s: lean scan %v, full scan %v (%v)", name, sheet, lean != nil, full != nil, err)
				}
				continue
			}
			if regular := full.rowScan() != nil; lean.lean != regular {
				t.Errorf("%s / %s: lean %v for a sheet whose cells the scan follows: %v", name, sheet, lean.lean, regular)
			}
			full.dropStyles()
			leanSrc, fullSrc := sourceOver(wb, sheet, lean), sourceOver(wb, sheet, full)
			at := si + 1
			cells := fullSrc.formulaCells(at)
			if got := leanSrc.formulaCells(at); !slices.Equal(got, cells) {
				t.Errorf("%s / %s: lean formula cells %d, full %d", name, sheet, len(got), len(cells))
				for _, p := range cells {
					if !slices.Contains(got, p) {
						t.Log(p, fullSrc.formula(at, p[0], p[1]), fullSrc.value(at, p[0], p[1]))
					}
				}
				continue
			}
			if rs := full.rowScan(); rs != nil {
				for i := range rs.cells {
					cells = append(cells, [2]int{int(rs.cells[i].row), int(rs.cells[i].col)})
				}
			}
			cells = append(cells, [2]int{1, 1}, [2]int{2, 3}, [2]int{1 << 20, 1})
			for _, p := range cells {
				if got, want := leanSrc.formula(at, p[0], p[1]), fullSrc.formula(at, p[0], p[1]); got != want {
					t.Errorf("%s / %s R%dC%d: lean formula %q, full %q", name, sheet, p[0], p[1], got, want)
				}
				if got, want := leanSrc.value(at, p[0], p[1]), fullSrc.value(at, p[0], p[1]); got != want {
					t.Errorf("%s / %s R%dC%d: lean value %+v, full %+v", name, sheet, p[0], p[1], got, want)
				}
			}
		}
	}
}

// sourceOver is the calculation's source on a writer holding sc as the
// scan of sheet.
func sourceOver(wb *workbook, sheet string, sc *sheetScan) *scanSource {
	w := newWriter(wb)
	w.scans[sheet] = sc
	return newScanSource(w)
}
