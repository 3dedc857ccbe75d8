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
		{`'C:\x\[ext.xlsx]S'!A1`, true},
		{"'https://host/d/[Book.xlsx]Sheet 1'!$B$2", true},
		{"Tbl[[#This Row],[A!]]", false},
		{"Tbl[[Col!a]]", false},
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

// TestRecalcReportsWhatItCannotTrace writes Data!B2. The formula that
// reads it only through an unknown table column keeps its cached value,
// and one warning counts and names it; one reading it through a 3D
// range (before, kept and only warned about) or naming it but calling
// NOW loses its value, reported; a known table column is
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
		{"B3", "<v>1</v>"},                                            // kept, reported below
		{"A1", "<v>10</v>"}, {"A4", "<v>11</v>"}, {"A7", "<v>10</v>"}, // INDIRECT resolved, computed
		{"A3", "<v>5</v>"}, // computed
		{"A5", "<v>2</v>"}, // reads nothing
	} {
		if got := cellXML(t, sheet, tc.ref); !strings.Contains(got, tc.want) {
			t.Errorf("Calc!%s = %s, want %s", tc.ref, got, tc.want)
		}
	}
	if want := "1 formulas read cells formfill cannot trace (INDIRECT, OFFSET, or a reference, name or table it cannot resolve: Calc!B3, …)"; !strings.Contains(warns, want) {
		t.Errorf("no warning %q:\n%s", want, warns)
	}
	for _, ref := range []string{"A2", "A6"} {
		if got := cellXML(t, sheet, ref); strings.Contains(got, "<v>") {
			t.Errorf("Calc!%s kept a cached value: %s", ref, got)
		}
	}
	if !strings.Contains(warns, "Calc!A2: ") || !strings.Contains(warns, "3D reference") {
		t.Errorf("no warning on Calc!A2 saying it reads a 3D reference:\n%s", warns)
	}
	if !strings.Contains(warns, "Calc!A6: ") || !strings.Contains(warns, "calls NOW") {
		t.Errorf("no warning on Calc!A6 saying it calls NOW:\n%s", warns)
	}
}

// A 3D reference reads the range on every sheet from its first to its
// last in workbook order (LibreOffice gives SUM(Q:Other!B2) the sum of
// Q!B2, Mid!B2 and Other!B2): one whose span holds a written cell loses
// its stale cached value, which formfill does not compute, and is
// reported with the formulas reading it; one whose span holds none keeps
// its value, unwarned; one over a sheet the workbook lacks may read
// anything, and is warned about as untraced.
func TestRecalcDropsA3DReferenceReadingAWrittenCell(t *testing.T) {
	for _, tc := range []struct {
		name, formula string
		dropped       bool // A1 and A2 (=A1+1) lose their values, each reported
		untraced      bool // the untraced warning names Calc!A1
	}{
		{"a span over the written sheet", "SUM(Q:Other!B2)", true, false},
		{"a span written last to first", "SUM(Other:Q!B2)", true, false},
		{"a quoted span", "SUM('Q:Other'!B1:B3)", true, false},
		{"a span inside the written sheet's neighbours", "SUM(Mid:Other!B2)", false, false},
		{"a span missing the written cell", "SUM(Q:Other!C9)", false, false},
		{"a span over a missing sheet", "SUM(Q:Gone!B2)", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := excelize.NewFile()
			must(t, f.SetSheetName("Sheet1", "Q"))
			for _, name := range []string{"Mid", "Other", "Calc"} {
				_, err := f.NewSheet(name)
				must(t, err)
			}
			must(t, f.SetCellValue("Q", "A2", "Staff"))
			buf, err := f.WriteToBuffer()
			must(t, err)
			calc := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1"><f>` + tc.formula + `</f><v>7</v></c></row>
<row r="2"><c r="A2"><f>A1+1</f><v>8</v></c></row>
</sheetData></worksheet>`
			doc := rezip(t, unzip(t, buf.Bytes()), "xl/worksheets/sheet4.xml", []byte(calc))
			res, err := New().Write(doc, []formats.Answer{{PairID: "Q!B2", AnswerText: "5"}}, formats.WriteOptions{})
			must(t, err)
			sheet := zipEntry(t, res.Document, "xl/worksheets/sheet4.xml")
			warns := strings.Join(res.Warnings, "\n")
			for _, ref := range []string{"A1", "A2"} {
				if got := cellXML(t, sheet, ref); strings.Contains(got, "<v>") == tc.dropped {
					t.Errorf("Calc!%s = %s; want its value dropped: %v", ref, got, tc.dropped)
				}
				if reported := strings.Contains(warns, "Calc!"+ref+": ="); reported != tc.dropped {
					t.Errorf("Calc!%s reported: %v, want %v:\n%s", ref, reported, tc.dropped, warns)
				}
			}
			if got := strings.Contains(warns, "cannot resolve: Calc!A1"); got != tc.untraced {
				t.Errorf("untraced warning on Calc!A1: %v, want %v:\n%s", got, tc.untraced, warns)
			}
		})
	}
}
