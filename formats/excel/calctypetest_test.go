package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestTypeTestsOfFallbackFormulasAreReported: ISTEXT, ISNUMBER and N of a
// formula excelize computes were cached as excelize guessed the type
// (ISTEXT of TEXT(12,"0") FALSE, where Excel and LibreOffice give TRUE);
// they are now removed and reported, while a test of a value the native
// calculation typed is computed.
func TestTypeTestsOfFallbackFormulasAreReported(t *testing.T) {
	doc := book(t, [][]string{
		{"Question", "Answer"},
		{"Employees", ""},
		{},
		// TEXT is left to excelize: its IF is too.
		{"Shown", "", `=IF(B2="x",5,TEXT(B2,"0"))`},
		{"Is text", "", "=ISTEXT(C4)"},
		{"Is number", "", `=IF(ISNUMBER(C4),"number","text")`},
		{"As number", "", "=N(C4)"},
		{"Joined", "", `=B2&""`},
		{"Joined is text", "", "=ISTEXT(C8)"},
		{"Least", "", "=MIN(C4,7)"},
	}, nil)
	res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "12"})
	out := zipEntry(t, res.Document, "xl/worksheets/sheet1.xml")
	for _, tc := range []struct {
		ref, call string
		dropped   bool
		want      string // the cell's XML when computed
	}{
		{"C5", "ISTEXT", true, ""},
		{"C6", "ISNUMBER", true, ""},
		{"C7", "N", true, ""},
		{"C9", "ISTEXT", false, `<c r="C9" t="b"><f>ISTEXT(C8)</f><v>1</v></c>`},
		{"C10", "MIN", false, `<c r="C10"><f>MIN(C4,7)</f><v>7</v></c>`},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			warned := warnedOf(res.Warnings, "Q!"+tc.ref+": ") && warnedOf(res.Warnings, "it calls "+tc.call+" on Q!C4")
			if warned != tc.dropped {
				t.Errorf("%s reported as a type test of a fallback formula: %v, want %v: %q", tc.ref, warned, tc.dropped, res.Warnings)
			}
			got := cellXML(t, out, tc.ref)
			if tc.dropped && strings.Contains(got, "<v>") || !tc.dropped && got != tc.want {
				t.Errorf("%s = %s, want %s", tc.ref, got, map[bool]string{true: "no cached value", false: tc.want}[tc.dropped])
			}
		})
	}
}

func TestTypeTestsFindTheCallsThatTestATypeOnly(t *testing.T) {
	for _, tc := range []struct {
		formula string
		want    string
	}{
		{"ISTEXT(A1)", "ISTEXT"},
		{`IF(isnumber(A1),1,0)`, "isnumber"},
		{"N(A1)+1", "N"},
		{"1+T(A1)", "T"},
		{"TYPE(A1)", "TYPE"},
		{"MIN(A1)", ""},
		{"COUNT(A1)", ""},
		{"SUM(N1:N3)", ""},
		{"_xlfn.T(A1)", ""},
	} {
		t.Run(tc.formula, func(t *testing.T) {
			got := ""
			if m := typeTests.FindStringSubmatch(tc.formula); m != nil {
				got = m[1]
			}
			if got != tc.want {
				t.Errorf("typeTests in %s = %q, want %q", tc.formula, got, tc.want)
			}
		})
	}
}
