package excel

import (
	"strings"
	"testing"
)

func TestParseRef(t *testing.T) {
	wb, err := open(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in string
		want     cell
		errHas   string
	}{
		{"element ID", "S1-R5-C3", cell{1, 5, 3}, ""},
		{"element ID lower case", "s2-r1-c2", cell{2, 1, 2}, ""},
		{"plain sheet ref", "Assessment!C5", cell{1, 5, 3}, ""},
		{"absolute ref", "Assessment!$C$5", cell{1, 5, 3}, ""},
		{"quoted sheet with space", "'Contact Details'!B7", cell{2, 7, 2}, ""},
		{"sheet name any case", "assessment!D2", cell{1, 2, 4}, ""},
		{"last cell of the sheet", "Lists!XFD1048576", cell{3, 1048576, 16384}, ""},
		{"unknown sheet", "Nope!A1", cell{}, `no sheet "Nope"`},
		{"sheet index too high", "S9-R1-C1", cell{}, "no sheet 9"},
		{"row beyond the sheet", "Assessment!A1048577", cell{}, "outside the sheet"},
		{"column beyond XFD", "Assessment!XFE1", cell{}, "beyond XFD"},
		{"bare ref with many sheets", "C5", cell{}, "expected an element ID"},
		{"garbage", "T1-R2-C1", cell{}, "expected an element ID"},
		{"row zero", "S1-R0-C1", cell{}, "outside the sheet"},
		{"not a cell", "Assessment!C", cell{}, "not a cell reference"},
		{"unterminated quote", "'Contact Details!B7", cell{}, "expected an element ID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := wb.parseRef(tt.in)
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("parseRef(%q) error = %v, want one containing %q", tt.in, err, tt.errHas)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("parseRef(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestQuoteSheetRoundTrips(t *testing.T) {
	for _, name := range []string{"Sheet1", "Contact Details", "O'Brien", "2024", "a-b"} {
		t.Run(name, func(t *testing.T) {
			sheet, ref, ok := splitSheetRef(quoteSheet(name) + "!A1")
			if !ok || sheet != name || ref != "A1" {
				t.Fatalf("split(quote(%q)) = %q, %q, %v", name, sheet, ref, ok)
			}
		})
	}
}

func TestCellIDReadsBackAsTheCell(t *testing.T) {
	wb, err := open(fixture(t))
	must(t, err)
	for _, tc := range []struct {
		c    cell
		want string
	}{
		{cell{1, 5, 3}, "S1-R5-C3"},
		{cell{2, 1048576, 16384}, "S2-R1048576-C16384"},
		{cell{1, 10, 1}, "S1-R10-C1"},
	} {
		if got := tc.c.ID(); got != tc.want {
			t.Errorf("%+v: ID %q, want %q", tc.c, got, tc.want)
		}
		if tc.c.sheet > len(wb.sheets) {
			continue
		}
		if back, err := wb.parseRef(tc.c.ID()); err != nil || back != tc.c {
			t.Errorf("%s reads back as %+v, %v", tc.c.ID(), back, err)
		}
	}
}

// rowColLess is reading order: a lower row first, then within a row a
// lower column; a cell is not before itself.
func TestRowColLessIsReadingOrder(t *testing.T) {
	for _, tc := range []struct {
		name           string
		r1, c1, r2, c2 int
		want           bool
	}{
		{"earlier row, later column", 1, 9, 2, 1, true},
		{"later row, earlier column", 2, 1, 1, 9, false},
		{"same row, earlier column", 3, 2, 3, 5, true},
		{"same row, later column", 3, 5, 3, 2, false},
		{"same cell", 4, 4, 4, 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rowColLess(tc.r1, tc.c1, tc.r2, tc.c2); got != tc.want {
				t.Fatalf("rowColLess(%d,%d, %d,%d) = %v; want %v", tc.r1, tc.c1, tc.r2, tc.c2, got, tc.want)
			}
		})
	}
}
