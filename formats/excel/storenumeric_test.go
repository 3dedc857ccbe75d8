package excel

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// A number or a date checkNumeric accepts in a cell a formula reads as a
// number goes in as the number or date serial, as Excel stores it when
// typed: stored as text, SUM skips it and B3*1.2 is #VALUE!. The formula
// caches LibreOffice's value and the answer reads back.
func TestANumberAFormulaReadsIsStoredAsANumber(t *testing.T) {
	for _, tc := range []struct {
		name, answer, formula string
		wantCell              string // a fragment of the written cell's XML
	}{
		{"a number with a thousands separator, multiplied", "1,200", "=B2*1.2", "<v>1200</v>"},
		{"a number with a thousands separator, summed", "1,200", "=SUM(B1:B2)", "<v>1200</v>"},
		{"a spelled-out date, added to", "March 1, 2024", "=B2+365", "<v>45352</v>"},
		{"a day-first spelled date, added to", "1 March 2024", "=B2+365", "<v>45352</v>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Value", ""}, {"Result", tc.formula}}, nil)
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: tc.answer})
			xml := sheetPart(t, res.Document, "Q")
			if got := cellXML(t, xml, "B2"); strings.Contains(got, `t="s"`) || !strings.Contains(got, tc.wantCell) {
				t.Errorf("B2 is %s; want a number holding %s", got, tc.wantCell)
			}
			rep, err := New().Verify(res.Document, []formats.ExpectedAnswer{{PairID: "Q!B2", ExpectedText: tc.answer}})
			must(t, err)
			if !rep.OK() {
				t.Errorf("the answer does not read back: %+v", rep.ContentResults)
			}
			agreesWithLibreOffice(t, res.Document, "Q", "B3")
		})
	}
}

// A date written over a date cell (t="d", General format) goes in as a
// date serial with a date format, as in a date-formatted cell: as text,
// B3+1 would be #VALUE!.
func TestADateOverADateCellIsStoredAsADate(t *testing.T) {
	doc := book(t, [][]string{{"Question", "Answer"}, {"Start", ""}, {"Next day", "=B2+1"}}, func(f *excelize.File) {
		must(t, f.SetCellValue("Q", "B2", "placeholder"))
	})
	doc = setCellXML(t, doc, "Q", "B2", `<c r="B2" t="d"><v>2024-01-15T00:00:00</v></c>`)
	res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "2024-02-01"})
	if got := cellXML(t, sheetPart(t, res.Document, "Q"), "B2"); !strings.Contains(got, "<v>45323</v>") || strings.Contains(got, `t="`) {
		t.Errorf("B2 is %s; want the serial 45323", got)
	}
	if got := cellText(t, res.Document, "Q!B2"); got == "45323" || got == "2024-02-01" {
		t.Errorf("B2 shows %q; want a date as the cell format shows it", got)
	}
	agreesWithLibreOffice(t, res.Document, "Q", "B3")
}
