package excel

import (
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestAppendA1NamesAsExcelize holds appendA1 to excelize's
// names at the grid's edges and past them.
func TestAppendA1NamesAsExcelize(t *testing.T) {
	for _, c := range []struct{ row, col int }{
		{1, 1}, {5, 3}, {9, 26}, {10, 27}, {11, 52}, {12, 53}, {13, 702}, {14, 703}, {1048576, 16384},
		{1, 16385}, {0, 1}, {1, 0}, {-1, 3}, {1048577, 2}, {1 << 40, 2},
	} {
		want, _ := excelize.CoordinatesToCellName(c.col, c.row)
		if got := string(appendA1(nil, c.row, c.col)); got != want {
			t.Errorf("appendA1(%d, %d) = %q, want %q", c.row, c.col, got, want)
		}
	}
}

// TestAppendIDWritesTheCellsID holds appendID to cell.ID.
func TestAppendIDWritesTheCellsID(t *testing.T) {
	for _, c := range []cell{{sheet: 1, row: 1, col: 1}, {sheet: 12, row: 1048576, col: 16384}, {sheet: 0, row: -3, col: 0}} {
		if got, want := string(appendID([]byte("x"), c)), "x"+c.ID(); got != want {
			t.Errorf("appendID(%+v) = %q, want %q", c, got, want)
		}
	}
}
