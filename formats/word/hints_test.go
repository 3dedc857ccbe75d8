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

func TestOptionHintsWriteVerb(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string // nil: not an options list
	}{
		{"enter names one value with slashes", "<Enter Suite/Room/Building>", nil},
		{"enter company or organization", "<Enter Company/Organization>", nil},
		{"insert without brackets", "Insert site/building", nil},
		{"provide in square brackets", "[Provide name/title]", nil},
		{"lower-case verb", "<enter suite/room>", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestOptionHintsChoiceVerbs holds the write-verb rule to its verbs: a
// hint opening with a verb that offers choices, or whose verb is itself
// an option, still splits.
func TestOptionHintsChoiceVerbs(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"select introduces choices", "<Select Yes/No>", []string{"<Select Yes", "No>"}},
		{"choose introduces choices", "Choose Low/High", []string{"Choose Low", "High"}},
		{"type begins an option", "Type A/Type B", []string{"Type A", "Type B"}},
		{"verb as an option", "Insert/Update/Delete", []string{"Insert", "Update", "Delete"}},
		{"verb-like word inside an option", "Entered/Not entered", []string{"Entered", "Not entered"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := optionHints(&cellInfo{text: tt.text}); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("optionHints(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}
