package excel

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// A number or date written where a formula of another sheet, or one
// naming the cell's own sheet, reads it as a number goes in as the
// number, as one read by an unqualified reference of its sheet does:
// Excel stores it typed as the number whatever reads it. Stored as text,
// Calc!B1 was dropped and the warning told the agent, who had written a
// number, to write one.
func TestANumberReadFromAnotherSheetIsStoredAsANumber(t *testing.T) {
	for _, tc := range []struct {
		name, answer       string
		sheet, at, formula string // the reading formula and where it sits
		wantCell           string // a fragment of the written cell's XML
	}{
		{"a grouped number multiplied on another sheet", "1,200", "Calc", "B1", "=Q!B2*1.2", "<v>1200</v>"},
		{"a grouped number summed on another sheet", "1,200", "Calc", "B1", "=SUM(Q!B2:B3)", "<v>1200</v>"},
		{"a spelled-out date added to on another sheet", "March 1, 2024", "Calc", "B1", "=Q!B2+365", "<v>45352</v>"},
		{"a grouped number read through its own sheet's name", "1,500", "Q", "B3", "=Q!B2*2", "<v>1500</v>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Value", ""}}, func(f *excelize.File) {
				if tc.sheet != "Q" {
					_, err := f.NewSheet(tc.sheet)
					must(t, err)
				}
				must(t, f.SetCellFormula(tc.sheet, tc.at, strings.TrimPrefix(tc.formula, "=")))
			})
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: tc.answer})
			if got := cellXML(t, sheetPart(t, res.Document, "Q"), "B2"); strings.Contains(got, `t="s"`) || !strings.Contains(got, tc.wantCell) {
				t.Errorf("B2 is %s; want a number holding %s", got, tc.wantCell)
			}
			if warnedOf(res.Warnings, "holds the text") {
				t.Errorf("a number was written, yet warned of as text: %q", res.Warnings)
			}
			agreesWithLibreOffice(t, res.Document, tc.sheet, tc.at)
		})
	}
}

// Text that reads as no number, read through a reference naming the
// cell's own sheet, is warned of as one read by an unqualified reference
// is: put's check reads no qualified reference.
func TestTextReadThroughItsOwnSheetsNameIsWarnedOf(t *testing.T) {
	doc := book(t, [][]string{{"Question", "Answer"}, {"Value", ""}, {"Twice", "=Q!B2*2"}}, nil)
	res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "many"})
	if !warnedOf(res.Warnings, "Q!B2 holds the text \"many\"") {
		t.Errorf("no warning of the text Q!B3 reads as a number: %q", res.Warnings)
	}
}

// warnedOf reports a warning saying part.
func warnedOf(warnings []string, part string) bool {
	for _, w := range warnings {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}
