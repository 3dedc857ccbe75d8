package excel

import (
	"testing"

	"github.com/xuri/efp"
)

func TestLookupFactsTellsApproximateMatchesAndLookupResults(t *testing.T) {
	for _, tc := range []struct {
		formula, approx string
		top             bool
	}{
		{"VLOOKUP(B2,Sheet2!A:D,4,FALSE)", "", true},
		{"VLOOKUP(B2,Sheet2!A:D,4,0)", "", true},
		{"VLOOKUP(B2,Sheet2!A:D,4,TRUE)", "VLOOKUP", true},
		{"VLOOKUP(B2,Sheet2!A:D,4)", "VLOOKUP", true},
		{"HLOOKUP(B2,A1:Z3,2,C1)", "HLOOKUP", true},
		{"INDEX(A1:A9,MATCH(B2,C1:C9,0))", "", true},
		{"INDEX(A1:A9,MATCH(B2,C1:C9))", "MATCH", true},
		{"LOOKUP(B2,A1:A9,C1:C9)", "LOOKUP", true},
		{`VLOOKUP(B2,A1:D9,2,FALSE)&""`, "", false},
		{"IF(A1>0,VLOOKUP(B2,A1:D9,2,FALSE),0)", "", false},
		{"SUM(A1:A9)", "", false},
		{"VLOOKUP(B2,A1:D9,2, false )", "", true},
		{"VLOOKUP(B2,A1:D9,2,IF(A1,0,1))", "VLOOKUP", true},
		{"MATCH(B2,C1:C9,(0))", "", false},
		{"VLOOKUP(B2,A1:D9,MATCH(C1,A1:D1,0),FALSE)", "", true},
	} {
		t.Run(tc.formula, func(t *testing.T) {
			p := efp.ExcelParser()
			approx, top := lookupFacts(p.Parse(tc.formula))
			if approx != tc.approx || top != tc.top {
				t.Errorf("lookupFacts(%s) = %q, %v; want %q, %v", tc.formula, approx, top, tc.approx, tc.top)
			}
		})
	}
}

func TestCalcTextDropsSpacesButIntersections(t *testing.T) {
	for formula, want := range map[string]string{
		`IF(S9="High", K9+30, IF(S9 = "Low", K9+180,""))`: `IF(S9="High",K9+30,IF(S9="Low",K9+180,""))`,
		`SUM(A1:C3 B2:B5)`:                 `SUM(A1:C3 B2:B5)`,
		`IF((T9="N/A")+(ISBLANK(T9)),1,2)`: `IF((T9="N/A")+ISBLANK(T9),1,2)`,
		`(A1+B1)*2`:                        `(A1+B1)*2`,
		`"a b"&C1`:                         `"a b"&C1`,
	} {
		if got := calcText(formula); got != want {
			t.Errorf("calcText(%s) = %s, want %s", formula, got, want)
		}
	}
}
