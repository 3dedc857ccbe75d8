package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

func TestExternalRef(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		want bool
	}{
		{"[1]Other!A1", true},
		{"'[Book 2.xlsx]Sheet 1'!$A$1:$B$2", true},
		{"[1]!Rate", true},
		{"Tbl[Col]", false},
		{"[@Col]", false},
		{"Tbl[[#This Row],[Score]]", false},
		{"[#Headers]", false},
	} {
		if got := externalRef(tc.tok); got != tc.want {
			t.Errorf("externalRef(%q) = %v, want %v", tc.tok, got, tc.want)
		}
	}
}

// untracedBook has formulas that read Data!B2 without a reference naming
// it: through INDIRECT, a 3D range, a table's unknown column; one reading
// the INDIRECT one; and one reading a table's known column, which
// resolves. Their cached values are the ones before any answer.
func untracedBook(tb testing.TB) []byte {
	tb.Helper()
	f := excelize.NewFile()
	must(tb, f.SetSheetName("Sheet1", "Data"))
	for ref, v := range map[string]any{"A1": "Question", "B1": "Answer", "A2": "Staff", "B2": 1} {
		must(tb, f.SetCellValue("Data", ref, v))
	}
	must(tb, f.AddTable("Data", &excelize.Table{Range: "A1:B2", Name: "Answers"}))
	_, err := f.NewSheet("Calc")
	must(tb, err)
	buf, err := f.WriteToBuffer()
	must(tb, err)
	// excelize writes no cached values: the sheet is written as Excel
	// saves it, with the values before any answer.
	calc := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1"><f>INDIRECT("Data!B2")*2</f><v>2</v></c></row>
<row r="2"><c r="A2"><f>SUM(Data:Data!B2)</f><v>1</v></c></row>
<row r="3"><c r="A3"><f>SUM(Answers[Answer])</f><v>1</v></c><c r="B3"><f>SUM(Answers[Missing])</f><v>1</v></c></row>
<row r="4"><c r="A4"><f>A1+1</f><v>3</v></c></row>
<row r="5"><c r="A5"><f>1+1</f><v>2</v></c></row>
</sheetData></worksheet>`
	return rezip(tb, unzip(tb, buf.Bytes()), "xl/worksheets/sheet2.xml", []byte(calc))
}

// TestRecalcRemovesWhatItCannotTrace writes Data!B2, which formulas read
// only through INDIRECT, a 3D range or a table: their cached values (and
// those of the formulas reading them) are removed and each is reported
// with its reason, where before they kept their stale values unreported.
func TestRecalcRemovesWhatItCannotTrace(t *testing.T) {
	doc := untracedBook(t)
	res, err := New().Write(doc, []formats.Answer{{PairID: "Data!B2", AnswerText: "5"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	warns := strings.Join(res.Warnings, "\n")
	for _, tc := range []struct{ ref, why string }{
		{"A1", "calls INDIRECT"},
		{"A2", "a reference or name formfill cannot resolve"},
		{"B3", "a structured reference"},
		{"A4", "Calc!A1, which formfill cannot compute"},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			if got := cellXML(t, sheet, tc.ref); strings.Contains(got, "<v>") {
				t.Errorf("Calc!%s kept a cached value: %s", tc.ref, got)
			}
			if !strings.Contains(warns, "Calc!"+tc.ref+": ") || !strings.Contains(warns, tc.why) {
				t.Errorf("no warning on Calc!%s saying %q:\n%s", tc.ref, tc.why, warns)
			}
		})
	}
	if got := cellXML(t, sheet, "A5"); !strings.Contains(got, "<v>2</v>") {
		t.Errorf("Calc!A5, which reads nothing, lost its value: %s", got)
	}
	if got := cellXML(t, sheet, "A3"); !strings.Contains(got, "<v>5</v>") {
		t.Errorf("Calc!A3, a table's column formfill resolves, = %s, want 5", got)
	}
}
