package excel

import (
	"math"
	"testing"
)

// TestFormulaTextShifts checks that a shared formula's member kept in
// parts reads as its master's text shifted, and that a shift too large
// to keep is made at once, to the same text.
func TestFormulaTextShifts(t *testing.T) {
	for _, tc := range []struct {
		name        string
		dCol, dRow  int
		wantShifted bool // kept in parts, not made now
	}{
		{"a member below its master", 0, 3, true},
		{"a member right of its master", 2, 0, true},
		{"the master itself", 0, 0, true},
		{"a shift past 32 bits", math.MaxInt32 + 1, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const master = "SUM(A1:B2)+$C$1"
			f := shifted(master, tc.dCol, tc.dRow)
			if f.shifted != tc.wantShifted {
				t.Fatalf("kept in parts: %v, want %v", f.shifted, tc.wantShifted)
			}
			if got, want := f.String(), shiftFormula(master, tc.dCol, tc.dRow); got != want {
				t.Errorf("reads %q, want %q", got, want)
			}
		})
	}
	if got := (formulaText{text: "A1"}).String(); got != "A1" {
		t.Errorf("an unshifted text reads %q", got)
	}
}
