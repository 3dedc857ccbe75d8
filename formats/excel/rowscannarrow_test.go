package excel

import (
	"math"
	"testing"
	"unsafe"
)

// TestRawCellStaysNarrow holds a scanned cell to 40 bytes: an open
// workbook holds one for every cell with a value, a formula or a type (a
// hundred thousand and more in a large questionnaire), and a field added
// or moved can cost a word of padding a cell.
func TestRawCellStaysNarrow(t *testing.T) {
	if n := unsafe.Sizeof(rawCell{}); n > 40 {
		t.Errorf("rawCell is %d bytes; want 40 or less (order its fields widest first)", n)
	}
}

// TestNarrowIndexSaturates holds the row, column and style indexes a
// rawCell keeps to their value where int32 holds it, and to int32's
// bounds past them: a style that large stays past every cell format.
func TestNarrowIndexSaturates(t *testing.T) {
	tests := []struct {
		name string
		in   int
		want int32
	}{
		{"zero", 0, 0},
		{"a style", 17, 17},
		{"Excel's last row", 1048576, 1048576},
		{"negative", -3, -3},
		{"int32's largest", math.MaxInt32, math.MaxInt32},
		{"past int32", math.MaxInt32 + 1, math.MaxInt32},
		{"int's largest", math.MaxInt, math.MaxInt32},
		{"below int32", math.MinInt32 - 1, math.MinInt32},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := narrowIndex(tt.in); got != tt.want {
				t.Errorf("narrowIndex(%d) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}
