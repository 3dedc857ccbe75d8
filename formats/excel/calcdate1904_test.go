package excel

import (
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// In a workbook of the 1904 date system a formula reading a written date
// caches what LibreOffice computes, or no value at all (removed and
// named): never the 1900 system's year (2020 for 2024).
func TestA1904WorkbooksDatesAreNotComputedAs1900Ones(t *testing.T) {
	for _, tc := range []struct {
		name, formula string
		computed      bool   // formfill computes it (no date function)
		want          string // its cached value, as LibreOffice shows it through openpyxl
	}{
		{"the year of a date", "YEAR(B2)", false, "2024"},
		{"a date as text", `TEXT(B2,"yyyy-mm-dd")`, false, "2024-03-15"},
		{"the day after", "B2+1", true, "43905"}, // 2024-03-16 in the 1904 system
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Answer"}, {"Start", "", "=" + tc.formula}}, func(f *excelize.File) {
				yes := true
				must(t, f.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &yes}))
			})
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "2024-03-15"})
			ours, uncached := readers.XLSXCached(t, res.Document)
			if uncached["Q"]["C2"] {
				if tc.computed {
					t.Errorf("C2 was not computed: %q", res.Warnings)
				}
				if !warned(res.Warnings, "Q!C2:") {
					t.Errorf("no warning names C2: %q", res.Warnings)
				}
				return
			}
			// openpyxl reads LibreOffice's dates in the 1900 system: the
			// serial is checked as such, the year and text against LibreOffice.
			if tc.computed {
				if ours["Q"]["C2"] != tc.want {
					t.Errorf("C2 caches %q, want %q", ours["Q"]["C2"], tc.want)
				}
				return
			}
			agreesWithLibreOffice(t, res.Document, "Q", "C2")
		})
	}
}
