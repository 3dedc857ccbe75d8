package excel

import (
	"strings"
	"testing"
)

// dynamicCalc is a calculation over dynamicBook's stored values, as
// resolveDynamic makes one.
func dynamicCalc(tb testing.TB) *nativeCalc {
	tb.Helper()
	wb, err := open(dynamicBook(tb))
	must(tb, err)
	src := newScanSource(newWriter(wb))
	scratch := newFormulaGraph()
	scratch.src = src
	scratch.dropIndex()
	return newNativeCalc(newCalcBook(wb, src, scratch, nil, nil))
}

// TestRewriteDynamicGivesTheRangeRead rewrites formulas of Calc!A3 on
// dynamicBook: each INDIRECT and OFFSET call becomes the range it reads,
// the rest of the text as it was (efp drops the spaces after separators); a call formfill does not compute
// leaves the formula untraced.
func TestRewriteDynamicGivesTheRangeRead(t *testing.T) {
	nc := dynamicCalc(t)
	at := cell{sheet: 3, row: 3, col: 1}
	for _, tc := range []struct{ formula, want string }{
		{`INDIRECT("'"&Data!A1&"'!B2")`, `'My Sheet'!$B$2`},
		{`INDIRECT(ADDRESS(2,2,4,TRUE,"My Sheet"))*2`, `'My Sheet'!$B$2*2`},
		{`INDIRECT("'My Sheet'!B"&ROW())`, `'My Sheet'!$B$3`},
		{`INDIRECT("B"&COLUMN())`, `Calc!$B$1`},
		{`SUM(OFFSET(Data!B1,4,0))`, `SUM(Data!$B$5)`},
		{`SUM(OFFSET(Data!B1,0,0,COUNTA(Data!A:A),1))`, `SUM(Data!$B$1:$B$6)`},
		{`SUM(OFFSET(INDIRECT("Data!A1"),1,1,2,2))`, `SUM(Data!$B$2:$C$3)`},
		{`SUM(INDIRECT("listname"))`, `SUM(Data!$B$4:$B$6)`},
		{`IF(Data!A2="a""b",INDIRECT(Data!D1),0)`, `IF(Data!A2="a""b",Data!$B$5,0)`},
		{`INDIRECT("Data!B"&TRIM(TEXT(ROWS(Data!B1:B3)+ROW(Data!B2),"@")))`, `Data!$B$5`},
		{`INDEX(INDIRECT("Ans" & Data!F1 & "TBL"), 1, 2)`, `INDEX(Data!$G$1:$H$3,1,2)`},
		{`MATCH(5, INDEX(INDIRECT("AnsATBL"), 0, 2), 0)+INDEX(INDIRECT("AnsATBL"),2,0)`, `MATCH(5,Data!$H$1:$H$3,0)+Data!$G$2:$H$2`},
		{`INDEX(INDIRECT("AnsATBL"), 0, 3)`, `INDEX(Data!$G$1:$H$3,0,3)`}, // past the range: #REF!, left to the calculation
		{`INDIRECT("Data!G"&CHAR(48+VLOOKUP("b",Data!A2:B4,2,FALSE)))`, `Data!$G$3`},
		{`INDIRECT(SUBSTITUTE(UPPER("data!x5"),"X","B"))`, `Data!$B$5`},
		{`SUM(INDIRECT("Data!B:B"))`, `SUM(Data!$B$1:$B$1048576)`},
		{`INDIRECT(Data!E1,FALSE)`, ""},   // R1C1
		{`INDIRECT("Nowhere!A1")`, ""},    // no such sheet: #REF!
		{`OFFSET(Data!A1,-1,0)`, ""},      // past the edge: #REF!
		{`INDIRECT("Data!A"&NOW())`, ""},  // a function refEval does not compute
		{`SUM(INDIRECT(Data!A1:A2))`, ""}, // a range as the text
		{`INDIRECT("A1")+SUM({1,2})`, ""}, // an array constant, which efp does not render back
		{`INDIRECT("Tbl[Col]")`, ""},      // a structured reference as text
	} {
		got, _, _, ok := rewriteDynamic(nc, at, tc.formula)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("rewriteDynamic(%s) = %q, want %q", tc.formula, got, tc.want)
		}
	}
}

// FuzzRewriteDynamic feeds formula texts, untrusted input, to
// rewriteDynamic: it never panics, and a text it rewrites calls no
// INDIRECT or OFFSET any more.
func FuzzRewriteDynamic(f *testing.F) {
	for _, tc := range dynamicCases {
		f.Add(tc.formula)
	}
	f.Add(`OFFSET(INDIRECT(ADDRESS(1,1)),ROW(),COLUMN(),ROWS(A1:B2),COLUMNS(A1:B2))`)
	nc := dynamicCalc(f)
	f.Fuzz(func(t *testing.T, text string) {
		out, _, _, ok := rewriteDynamic(nc, cell{sheet: 3, row: 1, col: 1}, text)
		if !ok {
			return
		}
		for _, tok := range efpTokens(out) {
			if dynamicCall(tok) && !strings.Contains(text, "{") {
				t.Fatalf("rewriteDynamic(%q) = %q still calls %s", text, out, tok.TValue)
			}
		}
	})
}
