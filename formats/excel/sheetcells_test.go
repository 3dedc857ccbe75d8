package excel

import (
	"testing"
)

// readCellsOf scans sheet with the guard and reads it with readCells.
func readCellsOf(tb testing.TB, sheet []byte) (scan, read *rowScan, ok bool) {
	tb.Helper()
	s := newSheetScan()
	rec, done := s.recorder(sheet)
	if checkXML(sheet, "sheet.xml", rec, nil) != nil {
		return nil, nil, false
	}
	done()
	read, err := readCells(sheet, nil)
	if err != nil {
		return nil, nil, false
	}
	scan = s.rowScan()
	if scan != nil {
		// readCells keeps the empty, only styled cells the scan leaves to
		// its cell styles: compare them too.
		scan = scan.withEmptyCells(func(int) bool { return true })
	}
	return scan, read, true
}

// sameScannedCells fails unless a and b hold the same cells: place, style, type,
// value, inline string and formula.
func sameScannedCells(tb testing.TB, a, b *rowScan, sheet []byte) {
	tb.Helper()
	if len(a.cells) != len(b.cells) {
		tb.Fatalf("%d cells scanned, %d read on\n%s", len(a.cells), len(b.cells), sheet)
	}
	for i := range a.cells {
		x, y := &a.cells[i], &b.cells[i]
		if x.row != y.row || x.col != y.col || x.style != y.style || x.typ != y.typ || a.str(x.v) != b.str(y.v) ||
			a.str(x.is) != b.str(y.is) || x.hasF != y.hasF || a.str(x.formula) != b.str(y.formula) || x.shared != y.shared {
			tb.Fatalf("cell %d scanned %+v, read %+v on\n%s", i, *x, *y, sheet)
		}
	}
}

func TestReadCellsPlacesCellsAsASpreadsheetDoes(t *testing.T) {
	const root = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	tests := []struct {
		name, rows string
		want       []string // ref=value of each cell, in order
	}{
		{"numbered rows and cells", `<row r="2"><c r="B2"><v>1</v></c></row>`, []string{"B2=1"}},
		{"a row with no number follows the one before", `<row r="3"><c r="A3"><v>1</v></c></row><row><c r="A4"><v>2</v></c></row>`, []string{"A3=1", "A4=2"}},
		{"a cell with no reference follows the one before", `<row r="1"><c r="B1"><v>1</v></c><c><v>2</v></c></row>`, []string{"B1=1", "C1=2"}},
		{"cells out of order are sorted", `<row r="1"><c r="C1"><v>3</v></c><c r="A1"><v>1</v></c></row>`, []string{"A1=1", "C1=3"}},
		{"of two cells at one place the later counts", `<row r="1"><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c></row>`, []string{"A1=2"}},
		{"comments left out, CDATA kept", `<row r="1"><c r="A1" t="str"><v>a<!-- c -->b<![CDATA[<c>]]></v></c></row>`, []string{"A1=ab<c>"}},
		{"an empty unstyled cell is dropped", `<row r="1"><c r="A1"/><c r="B1" s="2"/></row>`, []string{"B1="}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs, err := readCells([]byte(root+tt.rows+`</sheetData></worksheet>`), nil)
			must(t, err)
			var got []string
			for _, c := range rs.cells {
				got = append(got, cell{row: int(c.row), col: int(c.col)}.name()+"="+rs.str(c.v))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("cells %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("cells %q, want %q", got, tt.want)
				}
			}
		})
	}
}

// TestReadCellsReadsRealSheetsAsTheScan reads every sheet of the real
// workbooks the scan follows with readCells too: the cells must be the
// same.
func TestReadCellsReadsRealSheetsAsTheScan(t *testing.T) {
	for name, doc := range workbooks(t) {
		for _, p := range unzip(t, doc) {
			if !isWorksheetPart(p.name) {
				continue
			}
			scan, read, ok := readCellsOf(t, p.data)
			if !ok || scan == nil {
				continue
			}
			t.Run(name+"/"+p.name, func(t *testing.T) { sameScannedCells(t, scan, read, nil) })
		}
	}
}

// FuzzReadCells reads mutated sheets with readCells: it never panics, and
// a sheet the scan follows reads as the scan reads it.
func FuzzReadCells(f *testing.F) {
	const root = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	f.Add([]byte(root + `<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" s="2"><v>45000</v></c></row><row><c t="inlineStr"><is><r><t>x</t></r><t>own</t></is></c></row></sheetData></worksheet>`))
	f.Add([]byte(root + `<row r="1"><c r="A1"><f>B1&amp;"x"</f><v>1</v></c><c r="B1"><f t="shared" ref="B1:B2" si="0">A1+1</f></c></row><row r="2"><c r="B2"><f t="shared" si="0"/></c></row></sheetData></worksheet>`))
	f.Fuzz(func(t *testing.T, sheet []byte) {
		scan, read, ok := readCellsOf(t, sheet)
		if ok && scan != nil {
			sameScannedCells(t, scan, read, sheet)
		}
	})
}
