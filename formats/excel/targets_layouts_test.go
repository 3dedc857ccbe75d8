package excel

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Layouts first met in workbooks formfill had not seen (the heldout16
// set): each case is the smallest workbook of the shape.
func TestTargetsOnUnseenLayouts(t *testing.T) {
	tests := []struct {
		name  string
		rows  [][]string
		extra func(f *excelize.File)
		want  string // target cells, space-separated, sorted
	}{
		{"a 2-wide spacer column inside a validation range is no answer",
			[][]string{{"Area", "Question", "Rating", "", "Notes"}, {"Finance", "How timely are your reports?"}, {"Finance", "How well are costs tracked?"}},
			func(f *excelize.File) {
				must(t, f.SetColWidth("Q", "D", "D", 2))
				dv := excelize.NewDataValidation(true)
				dv.SetSqref("C2:E3")
				must(t, dv.SetRange(1, 10, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
				must(t, f.AddDataValidation("Q", dv))
			}, "C2 C3 E2 E3"},
		{"a 1-wide gutter left of a drop-down is no answer",
			[][]string{{"", "Level 1", "How does your organization document its assets?"}, {}, {"", "Level 2", "How is the inventory kept current?"}},
			func(f *excelize.File) {
				must(t, f.SetColWidth("Q", "C", "C", 60))
				must(t, f.SetColWidth("Q", "D", "D", 1.3))
				must(t, f.SetColWidth("Q", "E", "E", 50))
				list(f, "E1", "1 - Ad hoc", "2 - Defined")
				list(f, "E3", "1 - Ad hoc", "2 - Defined")
			}, "E1 E3"},
		{"a score set to its default 0 under a 0-10 whole-number validation is still the answer place",
			[][]string{{"#", "Archetype", "Description", "Score"}, {"1", "Problem Definition", "Identifying what to automate"}, {"2", "Quality & Oversight", "Verifying automations work"}},
			func(f *excelize.File) {
				must(t, f.SetCellInt("Q", "D2", 0))
				must(t, f.SetCellInt("Q", "D3", 0))
				dv := excelize.NewDataValidation(true)
				dv.SetSqref("D2:D3")
				must(t, dv.SetRange(0, 10, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
				must(t, f.AddDataValidation("Q", dv))
			}, "D2 D3"},
		{"a number outside the validation's bounds is not a held answer",
			[][]string{{"#", "Archetype", "Description", "Score"}, {"1", "Problem Definition", "Identifying what to automate"}, {"2", "Quality & Oversight", "Verifying automations work"}},
			func(f *excelize.File) {
				must(t, f.SetCellInt("Q", "D2", 0))
				must(t, f.SetCellInt("Q", "D3", 42))
				dv := excelize.NewDataValidation(true)
				dv.SetSqref("D2:D3")
				must(t, dv.SetRange(0, 10, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween))
				must(t, f.AddDataValidation("Q", dv))
			}, "D2"},
		{"an example value beside a label is written over",
			[][]string{{"Team capability assessment"}, {}, {"Name & Role:", "e.g. Jane Smith, Operations Lead"}},
			nil, "B3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(targetCells(t, book(t, tt.rows, tt.extra)), " ")
			if got != tt.want {
				t.Errorf("targets %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSpacerColumnsReadFromCols(t *testing.T) {
	got := spacerColumns([]byte(`<worksheet><sheetViews/><cols><col min="1" max="1" width="28"/><col min="4" max="5" width="2" customWidth="1"/><col min="6" max="6" width="1" hidden="1"/><col min="7" max="7" width="0.5"/></cols><sheetDa`))
	if len(got) != 3 || !got[4] || !got[5] || !got[7] {
		t.Errorf("spacer columns %v, want 4, 5 and 7", got)
	}
	if got := spacerColumns([]byte(`<worksheet><cols><col min="2" max="2" wid`)); got != nil {
		t.Errorf("truncated prefix: %v, want none", got)
	}
}
