package excel

import (
	"slices"
	"testing"
)

// TestRowsTheSameWhicheverSheetIsReadFirst reads each sheet twice: alone,
// in a workbook that has read no other sheet, and last, after every other
// sheet of the same workbook (in reverse order) has lent it the format
// book's texts. The rows must not differ.
func TestRowsTheSameWhicheverSheetIsReadFirst(t *testing.T) {
	remembered := 0
	for name, doc := range workbooks(t) {
		shared, err := open(doc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, sheet := range slices.Backward(shared.sheets) {
			alone, err := open(doc)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want := rowsOf(t, alone, sheet)
			got := rowsOf(t, shared, sheet)
			if err := sameRows(got, want); err != nil {
				t.Errorf("%s, %s after the other sheets: %v", name, sheet, err)
			}
		}
		remembered += len(shared.bookTexts)
	}
	if remembered == 0 {
		t.Log("no format book text remembered: the workbooks read need no book")
	}
}

// rowsOf is the rows of sheet in wb.
func rowsOf(t *testing.T, wb *workbook, sheet string) [][]string {
	t.Helper()
	sc, err := wb.scanSheet(sheet)
	if err != nil {
		t.Fatalf("%s: %v", sheet, err)
	}
	rows, err := wb.rows(sheet, sc)
	if err != nil {
		t.Fatalf("%s: %v", sheet, err)
	}
	return rows
}
