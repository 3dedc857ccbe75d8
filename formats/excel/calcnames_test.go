package excel

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
)

// A name referring to a range of a sheet whose name holds an apostrophe
// reaches excelize with the doubled quote undone: before, =SUM(Rng) over
// a range of Vendor's Info failed, excelize saying no sheet of the name
// spelled with the apostrophe doubled exists. What excelize reads right
// stays as it is.
func TestExcelizeRefersToUndoesDoubledQuotes(t *testing.T) {
	for _, tc := range []struct{ name, refersTo, want string }{
		{"a range of a sheet with an apostrophe", "'Vendor''s Info'!$B$2:$B$3", "'Vendor's Info'!$B$2:$B$3"},
		{"a cell, with an equals sign", "='Vendor''s Info'!$B$3", "'Vendor's Info'!$B$3"},
		{"two apostrophes", "'It''s ''A1'''!A1", "'It's 'A1''!A1"},
		{"a quoted sheet without one", "'START HERE'!$C$3", "'START HERE'!$C$3"},
		{"an unquoted sheet", "Other!$B$3", "Other!$B$3"},
		{"a formula", "OFFSET('Vendor''s Info'!$B$2,0,0,2,1)", "OFFSET('Vendor''s Info'!$B$2,0,0,2,1)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := excelizeRefersTo(tc.refersTo); got != tc.want {
				t.Errorf("excelizeRefersTo(%q) = %q, want %q", tc.refersTo, got, tc.want)
			}
		})
	}
}

// A write recomputes the formulas reading such a name (LibreOffice gives
// SUM(Rng) 8 and INDEX(Rng,2)*3 9 here); before, their values were
// dropped as not computable.
func TestRecalcComputesANameOverASheetWithAnApostrophe(t *testing.T) {
	f := excelize.NewFile()
	must(t, f.SetSheetName("Sheet1", "Vendor's Info"))
	_, err := f.NewSheet("Calc")
	must(t, err)
	must(t, f.SetCellValue("Vendor's Info", "B3", 3))
	must(t, f.SetDefinedName(&excelize.DefinedName{Name: "Rng", RefersTo: "'Vendor''s Info'!$B$2:$B$3"}))
	must(t, f.SetCellFormula("Calc", "A1", "SUM(Rng)"))
	must(t, f.SetCellFormula("Calc", "A2", "INDEX(Rng,2)*3"))
	buf, err := f.WriteToBuffer()
	must(t, err)
	res, err := New().Write(buf.Bytes(), []formats.Answer{{PairID: "'Vendor''s Info'!B2", AnswerText: "5"}}, formats.WriteOptions{})
	must(t, err)
	sheet := zipEntry(t, res.Document, "xl/worksheets/sheet2.xml")
	for _, tc := range []struct{ ref, want string }{{"A1", "<v>8</v>"}, {"A2", "<v>9</v>"}} {
		if got := cellXML(t, sheet, tc.ref); !strings.Contains(got, tc.want) {
			t.Errorf("Calc!%s = %s, want %s; warnings:\n%s", tc.ref, got, tc.want, strings.Join(res.Warnings, "\n"))
		}
	}
}
