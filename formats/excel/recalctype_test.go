package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
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
