package excel

import (
	"fmt"
	"strings"
	"testing"
)

// TestScanKeepsShortTextsOnce holds a scan to one text for the small
// numbers many cells hold, the calculation's lean scan for any short
// value too, each cell still reading its own, and to a text of its own
// for a long value, however often it comes.
func TestScanKeepsShortTextsOnce(t *testing.T) {
	long := strings.Repeat("x", maxKeptOnce+1)
	var b strings.Builder
	b.WriteString(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	const rows = 12
	for r := 1; r <= rows; r++ {
		fmt.Fprintf(&b, `<row r="%d"><c r="A%d"><v>%d</v></c><c r="B%d" t="str"><v>Yes</v></c><c r="C%d" t="str"><v>%s</v></c></row>`, r, r, r%2, r, r, long)
	}
	b.WriteString(`</sheetData></worksheet>`)
	for _, lean := range []bool{false, true} {
		rs := scanSheetXML(t, []byte(b.String()), lean).rowScan()
		if rs == nil {
			t.Fatal("the sheet's scan follows no rows")
		}
		for r := 1; r <= rows; r++ {
			for col, want := range map[int]string{1: fmt.Sprint(r % 2), 2: "Yes", 3: long} {
				i, found := rs.cellIndex(r, col)
				if !found || rs.str(rs.cells[i].v) != want {
					t.Errorf("lean %v: row %d col %d reads %q, want %q", lean, r, col, rs.str(rs.cells[i].v), want)
				}
			}
		}
		// "0" and "1" once; "Yes" once in the lean scan, once a row in
		// the other; the long value once a row.
		want := 2 + rows + rows
		if lean {
			want = 3 + rows
		}
		if got := len(rs.texts); got != want {
			t.Errorf("lean %v: the scan keeps %d texts, want %d", lean, got, want)
		}
		if rs.kept != nil || rs.keptSmall != nil || rs.shapes != nil {
			t.Errorf("lean %v: the finished scan still holds its pass's indexes", lean)
		}
	}
}
