package readers_test

import (
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// One process reads both workbooks' layouts: formatsXLSX's styled cells
// differ by number format, and its unstyled ones have no entry.
func TestXLSXLayoutsReadsStylesByWhatTheySay(t *testing.T) {
	books := readers.XLSXLayouts(t, formatsXLSX(t), formatsXLSX(t))
	if len(books) != 2 {
		t.Fatalf("%d layouts for 2 workbooks", len(books))
	}
	st := books[0].Styles["Values"]
	tests := []struct {
		name, a, b string
		same       bool
	}{
		{"one style, two cells", "B1", "J1", true},
		{"built-in 14 and a custom date", "B1", "C1", false},
		{"a date and a percent", "B1", "D1", false},
	}
	for _, tt := range tests {
		if st[tt.a] == "" || (st[tt.a] == st[tt.b]) != tt.same {
			t.Errorf("%s: %s %q, %s %q; same %v", tt.name, tt.a, st[tt.a], tt.b, st[tt.b], tt.same)
		}
	}
	if _, ok := st["A1"]; ok {
		t.Errorf("unstyled A1 has a style: %q", st["A1"])
	}
	if books[1].Styles["Values"]["C1"] != st["C1"] {
		t.Error("the same workbook read twice gives two styles")
	}
}
