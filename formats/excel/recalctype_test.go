package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// A computed value is stored with the type its formula gives, not one
// guessed from its text: TEXT(7,"0.00") is the text "7.00", not the
// number 7, UPPER("true") the text "TRUE", not the boolean. The cached
// values are LibreOffice's, type included (openpyxl reads a string
// "7.00" and a number 7 apart).
func TestAComputedValueKeepsTheTypeItsFormulaGives(t *testing.T) {
	for _, tc := range []struct {
		name, answer, formula, wantT string
	}{
		{"a number formatted as text", "7", `TEXT(B2,"0.00")`, `t="str"`},
		{"a word that reads as a boolean, upper-cased", "true", `UPPER(B2)`, `t="str"`},
		{"the start of a word that reads as a boolean", "true story", `LEFT(B2,4)`, `t="str"`},
		{"a choice between texts that read as numbers", "7", `IF(B2>1,"10","0")`, `t="str"`},
		{"a test of text", "7", `ISNUMBER(B2)`, `t="b"`},
		{"a number", "7", `B2*2`, `<v>14</v>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Value", "", "=" + tc.formula}}, nil)
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: tc.answer})
			if got := cellXML(t, sheetPart(t, res.Document, "Q"), "C2"); !strings.Contains(got, tc.wantT) {
				t.Errorf("C2 is %s; want %s", got, tc.wantT)
			}
			agreesWithLibreOffice(t, res.Document, "Q", "C2")
		})
	}
}

// resultType reads the type from the formula's outermost operation and
// says nothing where the formula does not decide it.
func TestResultTypeOfAFormula(t *testing.T) {
	for _, tc := range []struct {
		formula string
		want    resultKind
	}{
		{`TEXT(A1,"0.00")`, kindString},
		{`_xlfn.CONCAT(A1,B1)`, kindString},
		{`ISTEXT(A1)`, kindBool},
		{`IF(A1>1,"a",IF(B1,"b","c"))`, kindString},
		{`IF(A1>1,"a",2)`, kindUnknown},
		{`IF(A1>1,"a")`, kindString},
		{`IFERROR(VLOOKUP(A1,B:C,2,FALSE),"")`, kindUnknown},
		{`TEXT(A1,"0")&"x"`, kindUnknown},
		{`SUM(A1:A3)`, kindUnknown},
		{`"x"`, kindString},
		{`(`, kindUnknown},
	} {
		if got := resultType(tc.formula); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.formula, got, tc.want)
		}
	}
}

// resultType reads any formula text without failing.
func FuzzResultType(f *testing.F) {
	for _, s := range []string{`IF(A1,"a",IF(B1,"b"))`, `TEXT(`, `)(`, `CHOOSE(1,"a","b")`, `{1,2}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, formula string) {
		_ = resultType(formula)
	})
}

// A choice between values of different types is stored with the type of
// the branch it takes, and copies of it, and choices of it, follow: Watkins FFIEC CAT's
// IF(displayNN="Names",L17,TEXT(B17,"0")) showing numbers gives the text
// "1", not the number 1, as Excel and LibreOffice compute it. The types
// are openpyxl's reading of ours and of LibreOffice's recalculation.
func TestAChoiceTakesTheTypeOfTheBranchItTakes(t *testing.T) {
	for _, tc := range []struct {
		name, show, formula string
		want                map[string]string // cell → openpyxl data type
	}{
		{"the text branch of an IF showing numbers", "Numbers", `IF(displayNN="Names",D2,TEXT(B2,"0"))`,
			map[string]string{"C2": "s", "E2": "s", "F2": "s"}},
		{"the name branch of the same IF", "Names", `IF(displayNN="Names",D2,TEXT(B2,"0"))`,
			map[string]string{"C2": "s", "E2": "s", "F2": "s"}},
		{"the number branch of an IF", "Names", `IF(displayNN="Names",B2*1,TEXT(B2,"0"))`,
			map[string]string{"C2": "n", "E2": "n", "F2": "n"}},
		{"the text branch of an IF against a number", "Numbers", `IF(displayNN="Names",B2*1,TEXT(B2,"0"))`,
			map[string]string{"C2": "s", "E2": "s", "F2": "s"}},
		{"a CHOOSE of text", "2", `CHOOSE(displayNN*1,B2*1,TEXT(B2,"0"))`,
			map[string]string{"C2": "s", "E2": "s", "F2": "s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Show", tc.show}, {"Value", "", "=" + tc.formula, "Risk", "=C2", `=IF($B$1<>"",C2,"")`}},
				func(f *excelize.File) {
					must(t, f.SetDefinedName(&excelize.DefinedName{Name: "displayNN", RefersTo: "Q!$B$1"}))
				})
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "7"})
			ours := readers.XLSXCachedTypes(t, res.Document)["Q"]
			lo := readers.XLSXCachedTypes(t, readers.LibreOfficeRecalculated(t, res.Document))["Q"]
			for ref, want := range tc.want {
				if ours[ref] != want || lo[ref] != want {
					t.Errorf("%s is of type %q (LibreOffice %q); want %q", ref, ours[ref], lo[ref], want)
				}
			}
			agreesWithLibreOffice(t, res.Document, "Q", "C2", "E2", "F2")
		})
	}
}
