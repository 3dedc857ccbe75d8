package excel

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// A cell a formula of its own sheet reads as a number through a table's
// column (SUM(Scores[Points])) or through INDIRECT is read as one read by
// a plain reference is: a grouped number written there is stored as the
// number, text that reads as none is warned of, naming the formula as the
// file holds it (not the range recalc rewrote the call as).
func TestACellReadThroughATableOrIndirectIsReadAsANumber(t *testing.T) {
	for _, tc := range []struct {
		name, formula, answer string
		wantCell              string // a fragment of the written cell's XML; "" for text
		wantWarning           string // a fragment of a warning; "" for none
	}{
		{"a grouped number summed through a table column", "SUM(Scores[Points])", "1,200", "<v>1200</v>", ""},
		{"a word summed through a table column", "SUM(Scores[Points])", "many", "", "=SUM(Scores[Points])"},
		{"a grouped number summed through INDIRECT", `SUM(INDIRECT("B2:B3"))`, "1,200", "<v>1200</v>", ""},
		{"a word summed through INDIRECT", `SUM(INDIRECT("B2:B3"))`, "many", "", `=SUM(INDIRECT("B2:B3"))`},
		{"a grouped number averaged through a table column", "AVERAGE(Scores[[Points]])", "1,200", "<v>1200</v>", ""},
		{"a word summed through INDIRECT of the row", `SUM(INDIRECT("B"&ROW()-3))`, "many", "", `=SUM(INDIRECT("B"&ROW()-3))`},
		{"a word multiplied through INDIRECT", `INDIRECT("B"&2)*2`, "many", "", `=INDIRECT("B"&2)*2`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Points"}, {"One", "1"}, {"Two", "2"}, {}, {"Total", "", "=" + tc.formula}},
				func(f *excelize.File) {
					must(t, f.SetCellInt("Q", "B3", 2))
					must(t, f.AddTable("Q", &excelize.Table{Range: "A1:B3", Name: "Scores"}))
				})
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: tc.answer})
			got := cellXML(t, sheetPart(t, res.Document, "Q"), "B2")
			if tc.wantCell != "" && (strings.Contains(got, `t="s"`) || !strings.Contains(got, tc.wantCell)) {
				t.Errorf("B2 is %s; want a number holding %s", got, tc.wantCell)
			}
			if tc.wantWarning == "" && warnedOf(res.Warnings, "holds the text") {
				t.Errorf("a number was written, yet warned of as text: %q", res.Warnings)
			}
			if tc.wantWarning != "" && !warnedOf(res.Warnings, tc.wantWarning) {
				t.Errorf("no warning naming %s: %q", tc.wantWarning, res.Warnings)
			}
			agreesWithLibreOffice(t, res.Document, "Q", "C5")
		})
	}
}
