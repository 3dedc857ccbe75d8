package readers_test

import (
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// One process moves every formula as Excel copies it: relative parts
// move, $ parts stay, sheet names and quotes are kept, and a move off the
// sheet has no answer.
func TestXLSXShiftedMovesFormulasAsExcelCopiesThem(t *testing.T) {
	tests := []struct {
		name string
		in   readers.Shift
		want string // "" with ok false: off the sheet
		ok   bool
	}{
		{"relative cells move", readers.Shift{Formula: "A1+B2", Cols: 1, Rows: 2}, "B3+C4", true},
		{"absolute parts stay", readers.Shift{Formula: "$A$1*B$2+$C3", Cols: 2, Rows: 1}, "$A$1*D$2+$C4", true},
		{"whole columns and rows", readers.Shift{Formula: "SUM(A:A)+SUM(1:1)", Cols: 1, Rows: 1}, "SUM(B:B)+SUM(2:2)", true},
		{"sheet-qualified, quotes kept", readers.Shift{Formula: "'My Data'!A1+Data!$B2", Cols: 0, Rows: 3}, "'My Data'!A4+Data!$B5", true},
		{"strings and names untouched", readers.Shift{Formula: `IF(A1="A1",myName,C3)`, Cols: 1, Rows: 0}, `IF(B1="A1",myName,D3)`, true},
		{"spacing kept", readers.Shift{Formula: "A1 + B2", Cols: 0, Rows: 1}, "A2 + B3", true},
		{"left of column A", readers.Shift{Formula: "A1+B2", Cols: -1}, "", false},
		{"past the last row", readers.Shift{Formula: "A1048576", Rows: 1}, "", false},
		{"past the last column", readers.Shift{Formula: "XFD1", Cols: 1}, "", false},
	}
	in := make([]readers.Shift, len(tests))
	for i, tt := range tests {
		in[i] = tt.in
	}
	moved, ok := readers.XLSXShifted(t, in)
	for i, tt := range tests {
		if moved[i] != tt.want || ok[i] != tt.ok {
			t.Errorf("%s: %q moved %d, %d: %q (ok %v), want %q (ok %v)", tt.name, tt.in.Formula, tt.in.Cols, tt.in.Rows, moved[i], ok[i], tt.want, tt.ok)
		}
	}
}
