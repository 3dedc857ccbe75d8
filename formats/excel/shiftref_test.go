package excel

import "testing"

// movesOff reports what shiftLimits predicts: whether moving ref takes a
// coordinate off the sheet, leaving a part of it empty.
func movesOff(ref string, dCol, dRow int) bool {
	m := shiftReference(ref, dCol, dRow)
	return m != ref && !wholeParts(m)
}

func TestShiftLimitsAllowTheMovesKeepingEveryCoordinate(t *testing.T) {
	tests := []struct {
		name, ref  string
		dCol, dRow int
	}{
		{"cell moved down", "B2", 0, 5},
		{"cell moved above row 1", "B2", 0, -2},
		{"cell moved to row 1", "B2", 0, -1},
		{"cell moved left of A", "B2", -2, 0},
		{"last column moved right", "XFD1", 1, 0},
		{"last row moved down", "A1048576", 0, 1},
		{"absolute cell moved anywhere", "$B$2", -90, -90},
		{"absolute row, relative column", "C$2", -3, -9},
		{"range whose top moves off", "A2:B9", 0, -2},
		{"range of columns moved left", "B:D", -2, 0},
		{"range of columns moved down", "B:D", 0, -5},
		{"range of rows moved up", "3:5", 0, -3},
		{"sheet-qualified range", "Data!A1:B2", 1, 1},
		{"sheet-qualified range moved off", "Data!A1:B2", -1, 0},
		{"name", "Rate", -5, -5},
		{"mixed parts", "A:C1", 0, -1},
		{"three parts", "A1:B2:C3", -1, 0},
		{"lower case", "b2", -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := anyShift()
			l.add(tt.ref)
			if got, want := l.allow(tt.dCol, tt.dRow), !movesOff(tt.ref, tt.dCol, tt.dRow); got != want {
				t.Errorf("limits of %q allow %d,%d = %v, want %v (moved: %q)", tt.ref, tt.dCol, tt.dRow, got, want, shiftReference(tt.ref, tt.dCol, tt.dRow))
			}
		})
	}
}

// FuzzShiftLimits holds the limits to moving the reference itself, for
// any reference whose parts are all there.
func FuzzShiftLimits(f *testing.F) {
	for _, s := range []string{"B2", "$A$1:C9", "A:C", "3:5", "Data!A1", "A:C1", "XFD1048576", "Rate"} {
		f.Add(s, int32(1), int32(-1))
	}
	f.Fuzz(func(t *testing.T, ref string, dCol, dRow int32) {
		if !wholeParts(ref) {
			return // the template moves such an operand to know (stays)
		}
		l := anyShift()
		l.add(ref)
		if got, want := l.allow(int(dCol), int(dRow)), !movesOff(ref, int(dCol), int(dRow)); got != want {
			t.Errorf("limits of %q allow %d,%d = %v, want %v (moved: %q)", ref, dCol, dRow, got, want, shiftReference(ref, int(dCol), int(dRow)))
		}
	})
}
