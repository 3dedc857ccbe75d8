package excel

import (
	"fmt"
	"html"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// dynamicCase is one formula of dynamicBook's Calc sheet, in column A
// from row 1: its text, its cached value before the write, and whether
// the write leaves it untraced (a warning counts it).
type dynamicCase struct {
	formula, before string
	untraced        bool
}

// dynamicCases are the shapes INDIRECT and OFFSET take in the real
// workbooks (OWASP SAMM's INDIRECT("Ans" & E18 & "TBL") through a
// defined name, FFIEC CAT's sheet named by a cell and its row built with
// TRIM(TEXT(ROWS(…)+ROW(…))), SAMM's CHAR(65+VLOOKUP(…))) and the common
// ones. The write puts 100 in 'My Sheet'!B2 and 50 in Data!B5.
var dynamicCases = []dynamicCase{
	{`INDIRECT("'"&Data!A1&"'!B2")`, "10", false},                                         // A1: a sheet named by a cell, written
	{`INDIRECT(ADDRESS(2,2,1,TRUE,"My Sheet"))`, "10", false},                             // A2: written
	{`INDIRECT("'My Sheet'!B"&ROW())`, "20", false},                                       // A3: reads no written cell
	{`SUM(OFFSET(Data!B1,4,0))`, "5", false},                                              // A4: written
	{`SUM(OFFSET(Data!B1,0,0,COUNTA(Data!A:A),1))`, "21", false},                          // A5: a range holding a written cell
	{`SUM(INDIRECT("ListName"))`, "15", false},                                            // A6: a defined name holding one
	{`INDIRECT("Data!C2")`, "7", false},                                                   // A7: reads no written cell
	{`INDIRECT(Data!D1)`, "5", false},                                                     // A8: the reference is a cell's text
	{`INDIRECT("Data!B"&(2+3))`, "5", false},                                              // A9
	{`INDIRECT(Data!E1,FALSE)`, "8", true},                                                // A10: R1C1, not resolved
	{`A1+1`, "11", false},                                                                 // A11: reads a resolved one
	{`SUM(INDIRECT("Data!B"&TRIM(TEXT(ROWS(Data!B1:B3)+ROW(Data!B2),"@"))))`, "5", false}, // A12: FFIEC's shape, Data!B5
	{`IFERROR(INDEX(INDIRECT("Ans" & Data!F1 & "TBL"), MATCH(Data!B5, INDEX(INDIRECT("Ans" & Data!F1 & "TBL"), 0, 1), 0), 2), 0)`, "five", false}, // A13: SAMM's
	{`INDIRECT("Data!G"&CHAR(48+VLOOKUP("b",Data!A2:B4,2,FALSE)))`, "500", false},                                                                 // A14: SAMM's lists' shape, Data!G3
	{`INDIRECT("Data!B"&Data!B3)`, "3", false},                                                                                                    // A15: reads no written cell
	{`INDIRECT("Data!G"&(Data!B5-3))`, "50", false},                                                                                               // A16: its reference is computed from a written cell: removed
}

// dynamicDropped is the dynamicCases row whose reference is computed
// from a written cell: formfill does not compute it, and removes its
// value.
const dynamicDropped = 16

// dynamicBook is a workbook whose Calc sheet holds dynamicCases, cached
// as Excel saves them before the write.
func dynamicBook(tb testing.TB) []byte {
	tb.Helper()
	f := excelize.NewFile()
	must(tb, f.SetSheetName("Sheet1", "Data"))
	for ref, v := range map[string]any{"A1": "My Sheet", "A2": "a", "A3": "b", "A4": "c", "A5": "d", "A6": "e",
		"B1": 1, "B2": 2, "B3": 3, "B4": 4, "B5": 5, "B6": 6, "C1": 8, "C2": 7, "D1": "Data!B5", "E1": "Data!R1C3", "F1": "A",
		"G1": 5, "G2": 50, "G3": 500, "H1": "five", "H2": "fifty", "H3": "five hundred"} {
		must(tb, f.SetCellValue("Data", ref, v))
	}
	_, err := f.NewSheet("My Sheet")
	must(tb, err)
	must(tb, f.SetCellValue("My Sheet", "B2", 10))
	must(tb, f.SetCellValue("My Sheet", "B3", 20))
	_, err = f.NewSheet("Calc")
	must(tb, err)
	must(tb, f.SetDefinedName(&excelize.DefinedName{Name: "ListName", RefersTo: "Data!$B$4:$B$6"}))
	must(tb, f.SetDefinedName(&excelize.DefinedName{Name: "AnsATBL", RefersTo: "Data!$G$1:$H$3"}))
	buf, err := f.WriteToBuffer()
	must(tb, err)
	var rows strings.Builder
	for k, tc := range dynamicCases {
		v := fmt.Sprintf("<v>%s</v>", tc.before)
		typ := ""
		if strings.Trim(tc.before, "0123456789") != "" {
			typ = ` t="str"`
		}
		fmt.Fprintf(&rows, `<row r="%d"><c r="A%d"%s><f>%s</f>%s</c></row>`, k+1, k+1, typ, html.EscapeString(tc.formula), v)
	}
	calc := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + rows.String() + `</sheetData></worksheet>`
	return rezip(tb, unzip(tb, buf.Bytes()), "xl/worksheets/sheet3.xml", []byte(calc))
}

// TestRecalcResolvesDynamicReferences writes 'My Sheet'!B2 and Data!B5
// and compares every Calc cell's cached value with LibreOffice's: each
// formula whose INDIRECT or OFFSET reads a written cell is recomputed
// (before, it kept its stale value, and one warning named it), each
// reading none keeps its value, and only the one whose reference formfill
// does not compute (R1C1) is warned about; the one whose reference is
// computed from a written cell loses its value, reported.
func TestRecalcResolvesDynamicReferences(t *testing.T) {
	doc := dynamicBook(t)
	res, err := New().Write(doc, []formats.Answer{{PairID: "'My Sheet'!B2", AnswerText: "100"}, {PairID: "Data!B5", AnswerText: "50"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	warns := strings.Join(res.Warnings, "\n")
	if want := "1 formulas read cells formfill cannot trace (INDIRECT, OFFSET, or a reference, name or table it cannot resolve: Calc!A10, …)"; !strings.Contains(warns, want) {
		t.Errorf("no warning %q:\n%s", want, warns)
	}
	if want := fmt.Sprintf("Calc!A%d: =%s reads a written cell but it calls INDIRECT", dynamicDropped, dynamicCases[dynamicDropped-1].formula); !strings.Contains(warns, want) {
		t.Errorf("no warning %q:\n%s", want, warns)
	}
	ours, _ := readers.XLSXCached(t, res.Document)
	lo, _ := readers.XLSXCached(t, readers.LibreOfficeRecalculated(t, res.Document))
	for k, tc := range dynamicCases {
		ref := fmt.Sprintf("A%d", k+1)
		want := lo["Calc"][ref]
		if k+1 == dynamicDropped {
			want = ""
		}
		if got := ours["Calc"][ref]; got != want {
			t.Errorf("Calc!%s =%s caches %q, LibreOffice computes %q", ref, tc.formula, got, want)
		}
	}
}
