package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// A formula reading a result cell of an array formula whose results a
// write removes is removed and named too, and so is a formula reading
// it: kept, its cached value would be stale (F3 = E3+1 kept 7 where
// LibreOffice computes 301). A formula reading no array result is still
// computed.
func TestReadersOfAnArrayFormulasResultsAreNotLeftStale(t *testing.T) {
	for _, tc := range []struct{ name, formula string }{
		{"a result cell other than the formula's own", "E3+1"},
		{"the formula's own cell", "E2+1"},
		{"the whole range", "SUM(E2:E3)"},
		{"a range overlapping it", "SUM(E3:E4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{
				{"Question", "Answer"},
				{"First", "", "2", "", "x"},
				{"Second", "", "2", "", "x", "x", "x", "=C3+1"},
			}, nil)
			doc = setCellXML(t, doc, "Q", "E2", `<c r="E2"><f t="array" ref="E2:E3">C2:C3*3</f><v>6</v></c>`)
			doc = setCellXML(t, doc, "Q", "E3", `<c r="E3"><v>6</v></c>`)
			doc = setCellXML(t, doc, "Q", "F3", `<c r="F3"><f>`+tc.formula+`</f><v>7</v></c>`)
			doc = setCellXML(t, doc, "Q", "G3", `<c r="G3"><f>F3*2</f><v>14</v></c>`)
			res := write(t, doc, formats.Answer{PairID: "Q!C3", AnswerText: "100"})
			_, uncached := readers.XLSXCached(t, res.Document)
			for _, ref := range []string{"E2", "F3", "G3"} {
				if !uncached["Q"][ref] {
					t.Errorf("%s keeps a cached value; want it removed", ref)
				}
			}
			for _, ref := range []string{"Q!F3", "Q!G3"} {
				if !warned(res.Warnings, ref+":") {
					t.Errorf("no warning names %s: %q", ref, res.Warnings)
				}
			}
			agreesWithLibreOffice(t, res.Document, "Q", "H3")
		})
	}
}

// warned reports whether a warning starts with prefix.
func warned(warnings []string, prefix string) bool {
	for _, w := range warnings {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}
