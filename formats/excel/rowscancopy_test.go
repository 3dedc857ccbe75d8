package excel

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

// rowCopySheet is a worksheet of rows formulas, each row's formulas the
// row above's moved down, but for those whose numbers other than rows
// differ (a constant, a literal's digits), which no row copy may take.
func rowCopySheet(rows int) []byte {
	var b strings.Builder
	b.WriteString(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	for r := 1; r <= rows; r++ {
		fmt.Fprintf(&b, `<row r="%d"><c r="A%d"><v>%d</v></c>`, r, r, r)
		fmt.Fprintf(&b, `<c r="B%d"><f>A%d*2+$A$1</f><v>0</v></c>`, r, r)
		fmt.Fprintf(&b, `<c r="C%d"><f>SUM(A$1:A%d)</f><v>0</v></c>`, r, r)
		fmt.Fprintf(&b, `<c r="D%d"><f>A%d+%d</f><v>0</v></c>`, r, r, r+5)
		fmt.Fprintf(&b, `<c r="E%d" t="str"><f>"Row %d"&amp;A%d</f><v>x</v></c>`, r, r, r)
		fmt.Fprintf(&b, `<c r="F%d"><f>IF(A%d&lt;3,A%d,$A$1)</f><v>0</v></c>`, r, r, r)
		fmt.Fprintf(&b, `<c r="G%d"><f>$A$1*3</f><v>0</v></c>`, r)
		if r == 1 {
			b.WriteString(`<c r="H1"><f t="shared" ref="H1:H9" si="0">A1+1</f><v>0</v></c>`)
		} else if r < 10 {
			fmt.Fprintf(&b, `<c r="H%d"><f t="shared" si="0"/><v>0</v></c>`, r)
		}
		b.WriteString(`</row>`)
	}
	b.WriteString(`</sheetData></worksheet>`)
	return []byte(b.String())
}

// scanSheetXML scans sheet as the guard does, lean (the calculation's
// rescan) or not.
func scanSheetXML(tb testing.TB, sheet []byte, lean bool) *sheetScan {
	tb.Helper()
	s := newSheetScan()
	s.lean = lean
	rec, done := s.recorder(sheet)
	if err := checkXML(sheet, "sheet.xml", rec, nil); err != nil {
		tb.Fatal(err)
	}
	done()
	return s
}

// TestLeanScanKeepsRowCopiesExactly holds the calculation's scan to the
// formulas the sheet holds, cell for cell, while it keeps a text only for
// the formulas no formula above gives by moving down.
func TestLeanScanKeepsRowCopiesExactly(t *testing.T) {
	const rows = 40
	sheet := rowCopySheet(rows)
	full, lean := scanSheetXML(t, sheet, false), scanSheetXML(t, sheet, true)
	fullRS, leanRS := full.rowScan(), lean.rowScan()
	if fullRS == nil || leanRS == nil {
		t.Fatal("the sheet's scans follow no rows")
	}
	for r := 1; r <= rows; r++ {
		for c := 2; c <= 8; c++ {
			want := cellFormula(fullRS, full.mastersIndex(), r, c)
			if got := cellFormula(leanRS, lean.mastersIndex(), r, c); got != want {
				t.Errorf("row %d col %d: lean scan's formula %q, want %q", r, c, got, want)
			}
			if got, want := lean.mayReadNumbersAt(r, c, map[int]bool{}), full.mayReadNumbersAt(r, c, map[int]bool{}); got != want {
				t.Errorf("row %d col %d: lean scan may read numbers %v, want %v", r, c, got, want)
			}
		}
	}
	if want := "A7*2+$A$1"; cellFormula(leanRS, lean.mastersIndex(), 7, 2) != want {
		t.Errorf("B7 = %q, want %q", cellFormula(leanRS, lean.mastersIndex(), 7, 2), want)
	}
	// B, C, F and G are copies from the second row on; D's and E's
	// formulas (a constant, a literal's digits) and H's master are not.
	copies := map[int32]int{}
	for _, c := range leanRS.cells {
		if c.hasF && c.shared == sharedNone && c.sharedIndex != 0 {
			copies[c.col]++
		}
	}
	want := map[int32]int{2: rows - 1, 3: rows - 1, 6: rows - 1, 7: rows - 1}
	if !maps.Equal(copies, want) {
		t.Errorf("row copies by column %v, want %v", copies, want)
	}
}

// TestShapeKeyIgnoresDigitsOnly holds the shape key to the column and
// the formula's bytes but its digits.
func TestShapeKeyIgnoresDigitsOnly(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"A1*2", "A19*3", true},
		{"A1*2", "B1*2", false},
		{"SUM(A1:A9)", "SUM(A1:A10)", true},
		{"$A$1", "A1", false},
	} {
		if got := shapeKey(2, tc.a) == shapeKey(2, tc.b); got != tc.same {
			t.Errorf("shapeKey(2, %q) == shapeKey(2, %q): %v, want %v", tc.a, tc.b, got, tc.same)
		}
		if shapeKey(2, tc.a) == shapeKey(3, tc.a) {
			t.Errorf("shapeKey(2, %q) == shapeKey(3, %q)", tc.a, tc.a)
		}
	}
}
