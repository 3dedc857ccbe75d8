package excel

import "testing"

// TestEmptyStyledCellsLeftToCellStyles holds the scan of a regular sheet
// to what it keeps and what a write reads: an empty cell with a style
// other than 0, self-closed or not, is no scanned cell, yet the write
// reads it as a cell with its style; an empty cell with no style or style
// 0 does not exist for either; and the sheet's XML is let go.
func TestEmptyStyledCellsLeftToCellStyles(t *testing.T) {
	const root = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	const sheetData = `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="2"/><c r="C1" s="0"/><c r="D1"/><c r="E1" s="3"></c><c r="G1" s="4"><v>7</v></c></row>` +
		`<row r="3"><c r="B3" s="1"/></row>`
	doc, part := rowsBook(t)
	doc = rezip(t, unzip(t, doc), part, []byte(root+sheetData+`</sheetData></worksheet>`))
	wb, err := open(doc)
	must(t, err)
	w := newWriter(wb)
	rs := w.scan("Sheet1").rowScan()
	if rs == nil {
		t.Fatal("the guard's scan does not follow the sheet: the test tests nothing")
	}
	if rs.data != nil || len(rs.cells) != 2 || rs.dropped != 3 {
		t.Fatalf("the scan keeps its XML (%v), %d cells (want 2), left %d to the styles (want 3)", rs.data != nil, len(rs.cells), rs.dropped)
	}
	for _, tc := range []struct {
		ref    string
		exists bool
		style  int
	}{
		{"A1", true, 0}, {"B1", true, 2}, {"C1", false, 0}, {"D1", false, 0},
		{"E1", true, 3}, {"F1", false, 0}, {"G1", true, 4}, {"B3", true, 1}, {"B2", false, 0},
	} {
		c, err := wb.parseRef("S1-R" + tc.ref[1:] + "-C" + string(rune('0'+tc.ref[0]-'A'+1)))
		must(t, err)
		if r := w.cellAt("Sheet1", c); r.exists != tc.exists || r.style != tc.style || r.value == "" && tc.ref == "A1" {
			t.Errorf("%s reads exists %v style %d; want %v %d", tc.ref, r.exists, r.style, tc.exists, tc.style)
		}
	}
	// withEmptyCells puts back the empty cells its pick picks (here those
	// under a format that changes text or numbers: a text section, style
	// 1; a date, style 2), in order among the others.
	back := rs.withEmptyCells(func(style int) bool { return !wb.leavesText(style) })
	var got []string
	for _, c := range back.cells {
		got = append(got, cell{row: int(c.row), col: int(c.col)}.name())
	}
	if want := "A1 B1 G1 B3"; joinWords(got) != want {
		t.Errorf("withEmptyCells gives the cells %q; want %q", joinWords(got), want)
	}
}

func joinWords(w []string) string {
	s := ""
	for i, x := range w {
		if i > 0 {
			s += " "
		}
		s += x
	}
	return s
}

// withEmptyCells is the scan with the empty, only styled cells whose
// style pick picks put back among its cells, in row and column order;
// the scan itself when it left none out or pick picks none.
func (s *rowScan) withEmptyCells(pick func(style int) bool) *rowScan {
	if s.styles == nil || s.dropped == 0 {
		return s
	}
	var out []rawCell
	i := 0
	for _, e := range s.styles.list {
		row, col := int(uint32(e.key>>32)), int(uint32(e.key))
		for i < len(s.cells) && rowColLess(int(s.cells[i].row), int(s.cells[i].col), row, col) {
			i++
		}
		if i < len(s.cells) && int(s.cells[i].row) == row && int(s.cells[i].col) == col || e.style == 0 || !pick(e.style) {
			continue
		}
		out = append(out, rawCell{row: int32(row), col: int32(col), style: narrowIndex(e.style)})
	}
	if out == nil {
		return s
	}
	return &rowScan{cells: mergeCells(s.cells, out), texts: s.texts}
}

// mergeCells is a and b, both in row and column order with no cell in
// both, as one list in that order.
func mergeCells(a, b []rawCell) []rawCell {
	out := make([]rawCell, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if rowColLess(int(a[0].row), int(a[0].col), int(b[0].row), int(b[0].col)) {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
