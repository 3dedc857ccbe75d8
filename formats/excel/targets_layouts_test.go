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
		{"a header cell that is a remark on the table names no answer column",
			[][]string{{"Control", "Requirement", "Notes", "**Be able to screenshare all evidence that was submitted**"}, {"AC-1", "Limit system access to authorized users"}, {"AC-2", "Limit access to permitted transactions"}},
			nil, "C2 C3"},
		{"one leading asterisk marks a required column, still named",
			[][]string{{"Control", "Requirement", "*Response"}, {"AC-1", "Limit system access to authorized users"}, {"AC-2", "Limit access to permitted transactions"}},
			nil, "C2 C3"},
		{"a sentence of guidance merged over the table is not part of its header",
			[][]string{{"Core assessment"}, {"Rate your team; your tier is the highest where all criteria score 3 or more."}, {"ID", "Criterion", "Question", "Answer", "Evidence / Notes"}, {"T0-Q1", "Rule development", "Do new rules go through peer review?"}, {"T0-Q2", "Threat modeling", "Do you use a recognized framework?"}},
			func(f *excelize.File) {
				must(t, f.MergeCell("Q", "A2", "E2"))
				must(t, f.SetPanes("Q", &excelize.Panes{Freeze: true, YSplit: 3, TopLeftCell: "A4", ActivePane: "bottomLeft"}))
			}, "D4 D5 E4 E5"},
		{"field labels frozen above the table are a form, not its header",
			[][]string{{"Maturity assessment"}, {"", "Organization:"}, {"", "Assessor Name:"}, {}, {"ID", "Criterion", "Question", "Answer"}, {"T0-Q1", "Rule development", "Do new rules go through peer review?"}, {"T0-Q2", "Threat modeling", "Do you use a recognized framework?"}},
			func(f *excelize.File) {
				must(t, f.SetPanes("Q", &excelize.Panes{Freeze: true, YSplit: 5, TopLeftCell: "A6", ActivePane: "bottomLeft"}))
			}, "C2 C3 D6 D7"},
		{"drop-downs on a protected sheet that locks every cell are still the inputs",
			[][]string{{"Score", "Depth of threat data", "Input Here", "Breadth of threat information", "Input Here"}, {"0", "None", "", "None"}, {"1", "Ephemeral IOCs", "", "Single technique"}},
			func(f *excelize.File) {
				list(f, "C2:C3", "yes", "no")
				list(f, "E2:E3", "yes", "no")
				must(t, f.ProtectSheet("Q", &excelize.SheetProtectionOptions{}))
			}, "C2 C3 E2 E3"},
		{"where some drop-downs are left unlocked, the locked ones stay out",
			[][]string{{"Score", "Depth of threat data", "Input Here", "Breadth of threat information", "Input Here"}, {"0", "None", "", "None"}, {"1", "Ephemeral IOCs", "", "Single technique"}},
			func(f *excelize.File) {
				list(f, "C2:C3", "yes", "no")
				list(f, "E2:E3", "yes", "no")
				open, _ := f.NewStyle(&excelize.Style{Protection: &excelize.Protection{Locked: false}})
				must(t, f.SetCellStyle("Q", "C2", "C3", open))
				must(t, f.ProtectSheet("Q", &excelize.SheetProtectionOptions{}))
			}, "C2 C3"},
		{"labels that differ only by their number are parallel column names, not each other's prompt",
			[][]string{{"Assessment perspectives"}, {}, {"", "", "Evaluator 1 ->", "Evaluator 2 ->", "Evaluator 3 ->"}, {"#", "Archetype", "Evaluator 1", "Evaluator 2", "Evaluator 3"}},
			nil, ""},
		{"a title typed in a spacer column spills over the cells beside it, no blank",
			[][]string{{"1", "Asset Discovery & Classification"}, {}, {"", "", "How does your organization document cryptographic assets?"}},
			func(f *excelize.File) {
				must(t, f.SetColWidth("Q", "B", "B", 2))
				must(t, f.SetColWidth("Q", "C", "C", 60))
			}, "D3"},
		{"a question merged to the sheet's edge has no blank beside it",
			[][]string{{"Frequently Asked Questions"}, {}, {"How should I interpret my scores?"}, {"Scores below 4 indicate significant room to improve."}, {}, {"What if I don't know the answer to a question?"}, {"Consult the team member closest to the process."}},
			func(f *excelize.File) {
				for _, r := range []string{"1", "3", "4", "6", "7"} {
					must(t, f.MergeCell("Q", "A"+r, "E"+r))
				}
			}, ""},
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
	sheet := `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews/><cols><col min="1" max="1" width="28"/><col min="4" max="5" width="2" customWidth="1"/><col min="6" max="6" width="1" hidden="1"/><col min="7" max="7" width="0.5"/><col min="9" max="99999999" width="1"/></cols><sheetData/></worksheet>`
	got := scanSheetXML(t, []byte(sheet), false).spacers
	for c := 1; c <= 10; c++ {
		if want := c == 4 || c == 5 || c == 7 || c >= 9; got.has(c) != want {
			t.Errorf("column %d spacer %v, want %v", c, got.has(c), want)
		}
	}
	if got.has(maxCols + 1) {
		t.Errorf("a column past Excel's last is a spacer: %v", got)
	}
}

func TestReferenceNamedSheetWithDropDownsIsFilledIn(t *testing.T) {
	doc := book(t, [][]string{{"Level", "Practice", "Input Here"}, {"Level 1", "None"}, {"Level 2", "Ephemeral IOCs"}}, func(f *excelize.File) {
		list(f, "C2:C3", "yes", "no")
		must(t, f.SetSheetName("Q", "CTI Definition & Scoring"))
	})
	if got := strings.Join(targetCells(t, doc), " "); got != "C2 C3" {
		t.Errorf("targets %q, want %q", got, "C2 C3")
	}
}

func TestNumberedSiblings(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"Evaluator 1", "Evaluator 2", true},
		{"Evaluator 1 ->", "evaluator 12 ->", true},
		{"Vendor Name", "Vendor Name", false},
		{"Year 1", "Budget 2", false},
		{"Vendor name", "Vendor name 2", false},
	} {
		if got := numberedSiblings(tt.a, tt.b); got != tt.want {
			t.Errorf("numberedSiblings(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// FuzzSpacerColumns holds the scan's <cols> reading to its bounds on any
// column list: no panic, and only columns 1..maxCols.
func FuzzSpacerColumns(f *testing.F) {
	f.Add([]byte(`<col min="4" max="5" width="2"/>`))
	f.Add([]byte(`<col min="1" max="99999999" width="0"/>`))
	f.Add([]byte(`<col min="3" max="1" width="-1"/><col min="0" max="2" width="1"/>`))
	f.Fuzz(func(t *testing.T, cols []byte) {
		sheet := append(append([]byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols>`), cols...), `</cols><sheetData/></worksheet>`...)
		s := newSheetScan()
		rec, done := s.recorder(sheet)
		if checkXML(sheet, "sheet.xml", rec, nil) != nil {
			return // refused whole, as any malformed sheet
		}
		done()
		sp := s.spacers
		if len(sp) > maxSpacerRanges {
			t.Fatalf("%d ranges kept", len(sp))
		}
		for _, s := range sp {
			if s.min < 1 || s.max > maxCols || s.max < s.min {
				t.Fatalf("range %v out of bounds", s)
			}
		}
	})
}
