package word

import (
	"reflect"
	"testing"
)

func TestOptionHintsDateFormat(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // nil: not an options list
	}{
		{"US date format", "<m/d/yyyy>", nil},
		{"date format with a space inside the bracket", "< m/d/yyyy>", nil},
		{"date or pending", "<m/d/yyyy/Pending>", nil},
		{"upper-case format after a verb", "<Insert MM/DD/YYYY>", nil},
		{"day-first two-digit year", "dd/mm/yy", nil},
		{"month and year", "MM/YYYY", nil},
		{"date format or a word", "mm/dd/yyyy or N/A", nil},
		{"status options", "<Satisfied/Other-Than-Satisfied/Pending>", []string{"<Satisfied", "Other-Than-Satisfied", "Pending>"}},
		{"yes or no", "Yes/No", []string{"Yes", "No"}},
		{"one date letter is no format", "M/F", []string{"M", "F"}},
		{"sizes with an M", "S/M/L", []string{"S", "M", "L"}},
		{"y and n are no year", "Y/N", []string{"Y", "N"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}
