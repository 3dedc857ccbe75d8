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
// it: through INDIRECT, a 3D range, a table's unknown column, and one
// reading the INDIRECT one; one reading a table's known column, which
// resolves; two that name Data!B2 but call INDIRECT or NOW; and one
// reading nothing. Their cached values are the ones before any answer.
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
<row r="6"><c r="A6"><f>NOW()*0+Data!B2</f><v>1</v></c></row>
<row r="7"><c r="A7"><f>INDIRECT("Data!B2")+Data!B2</f><v>2</v></c></row>
</sheetData></worksheet>`
	return rezip(tb, unzip(tb, buf.Bytes()), "xl/worksheets/sheet2.xml", []byte(calc))
}

// TestRecalcReportsWhatItCannotTrace writes Data!B2. The formulas that
// read it only through a 3D range or an unknown table column keep their
// cached values, and one warning counts and names them; one that names
// it but calls NOW loses its value, reported; a known table column is
// computed, and so are the INDIRECT ones, whose reference resolves
// (resolveDynamic): before, the one reading Data!B2 only through INDIRECT
// kept its stale value, warned about, and the one naming it too lost its
// value.
func TestRecalcReportsWhatItCannotTrace(t *testing.T) {
	doc := untracedBook(t)
	res, err := New().Write(doc, []formats.Answer{{PairID: "Data!B2", AnswerText: "5"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	warns := strings.Join(res.Warnings, "\n")
	for _, tc := range []struct{ ref, want string }{
		{"A2", "<v>1</v>"}, {"B3", "<v>1</v>"}, // kept, reported below
		{"A1", "<v>10</v>"}, {"A4", "<v>11</v>"}, {"A7", "<v>10</v>"}, // INDIRECT resolved, computed
		{"A3", "<v>5</v>"}, // computed
		{"A5", "<v>2</v>"}, // reads nothing
	} {
		if got := cellXML(t, sheet, tc.ref); !strings.Contains(got, tc.want) {
			t.Errorf("Calc!%s = %s, want %s", tc.ref, got, tc.want)
		}
	}
	if want := "2 formulas read cells formfill cannot trace (INDIRECT, OFFSET, or a reference, name or table it cannot resolve: Calc!A2, Calc!B3, …)"; !strings.Contains(warns, want) {
		t.Errorf("no warning %q:\n%s", want, warns)
	}
	if got := cellXML(t, sheet, "A6"); strings.Contains(got, "<v>") {
		t.Errorf("Calc!A6 kept a cached value: %s", got)
	}
	if !strings.Contains(warns, "Calc!A6: ") || !strings.Contains(warns, "calls NOW") {
		t.Errorf("no warning on Calc!A6 saying it calls NOW:\n%s", warns)
	}
}
