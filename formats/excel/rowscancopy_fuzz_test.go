package excel

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
)

// FuzzRowCopies holds the calculation's scan, which keeps row copies, to
// the formulas the full scan reads, for any two formulas of a column.
func FuzzRowCopies(f *testing.F) {
	f.Add("A1*2+$A$1", "A3*2+$A$1", uint8(2))
	f.Add(`"Row 1"&A1`, `"Row 2"&A2`, uint8(1))
	f.Add("SUM(A$1:A1)", "SUM(A$1:A1)", uint8(0))
	f.Add("'Sheet 2'!B7", "'Sheet 2'!B9", uint8(2))
	f.Add("A1048576", "A1048577", uint8(1))
	f.Fuzz(func(t *testing.T, first, second string, gap uint8) {
		var esc [2]strings.Builder
		if xml.EscapeText(&esc[0], []byte(first)) != nil || xml.EscapeText(&esc[1], []byte(second)) != nil {
			return
		}
		row2 := 1 + int(gap%8)
		var b strings.Builder
		b.WriteString(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
		fmt.Fprintf(&b, `<row r="1"><c r="B1"><f>%s</f></c></row>`, esc[0].String())
		if row2 > 1 {
			fmt.Fprintf(&b, `<row r="%d"><c r="B%d"><f>%s</f></c></row>`, row2, row2, esc[1].String())
		}
		b.WriteString(`</sheetData></worksheet>`)
		sheet := []byte(b.String())
		full, lean := newSheetScan(), newSheetScan()
		lean.lean = true
		for _, s := range []*sheetScan{full, lean} {
			rec, done := s.recorder(sheet)
			if checkXML(sheet, "sheet.xml", rec, nil) != nil {
				return
			}
			done()
		}
		fullRS, leanRS := full.rowScan(), lean.rowScan()
		if fullRS == nil || leanRS == nil {
			return
		}
		for _, r := range []int{1, row2} {
			want := cellFormula(fullRS, full.mastersIndex(), r, 2)
			if got := cellFormula(leanRS, lean.mastersIndex(), r, 2); got != want {
				t.Errorf("B%d: lean scan's formula %q, want %q", r, got, want)
			}
		}
	})
}
