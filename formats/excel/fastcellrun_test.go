package excel

import "testing"

// TestRunsOfEmptyCellsScanAsEachCell holds a run of unstyled empty cells,
// which the fast pass hands the recording as its first and last cell, to
// the scan every cell seen one by one makes, wherever the run breaks.
func TestRunsOfEmptyCellsScanAsEachCell(t *testing.T) {
	for _, tc := range []struct {
		name, rows string
		calls      int // the cells the hooks see
	}{
		{"a run", `<row r="7"><c r="A7"/><c r="B7"/><c r="C7"/><c r="D7"/><c r="E7"/></row>`, 2},
		{"a run after a value", `<row r="7"><c r="A7"><v>1</v></c><c r="B7"/><c r="C7"/><c r="D7"/></row>`, 3},
		{"a run broken by a styled cell", `<row r="7"><c r="A7"/><c r="B7"/><c r="C7" s="2"/><c r="D7"/><c r="E7"/></row>`, 5},
		{"a column that falls back", `<row r="7"><c r="A7"/><c r="C7"/><c r="B7"/><c r="D7"/></row>`, 4},
		{"a column given twice", `<row r="7"><c r="A7"/><c r="B7"/><c r="B7"/><c r="C7"/></row>`, 4},
		{"another row's cell", `<row r="7"><c r="A7"/><c r="B7"/><c r="C8"/><c r="D7"/></row>`, 4},
		{"a reference too long for a word", `<row r="1048576"><c r="A1048576"/><c r="XFC1048576"/><c r="XFD1048576"/></row>`, 3},
		{"a leading zero", `<row r="7"><c r="A7"/><c r="B07"/><c r="C7"/></row>`, 2},
		{"runs in two rows", `<row r="7"><c r="A7"/><c r="B7"/><c r="C7"/></row><row r="8"><c r="A8"/><c r="B8"/><c r="C8"/></row>`, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := worksheet(`<dimension ref="A1:E8"/>`, tc.rows, "")
			if calls := sameScans(t, tc.name, data); calls != tc.calls {
				t.Errorf("the hooks saw %d cells, want %d", calls, tc.calls)
			}
		})
	}
}
