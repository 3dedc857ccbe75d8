package excel

import (
	"testing"

	"github.com/formfill/formfill/formats"
)

// A note on a formula recalc could not compute names the formula as the
// file holds it, INDIRECT and all, not the range recalc rewrote the call
// as: the user looks for the formula in the cell.
func TestADroppedFormulaIsNamedAsTheFileHoldsIt(t *testing.T) {
	for _, tc := range []struct {
		name, formula, want string
	}{
		// A function of a range inside SUMPRODUCT is not computed (calcsumproduct.go).
		{"a SUMPRODUCT through INDIRECT", `SUMPRODUCT(--(LEFT(INDIRECT("B2:B3"),1)="5"))`, `=SUMPRODUCT(--(LEFT(INDIRECT("B2:B3"),1)="5")) reads a written cell`},
		{"a SUMPRODUCT through INDIRECT of a joined address", `SUMPRODUCT(--(LEFT(INDIRECT("B"&2&":B3"),1)="5"))`, `=SUMPRODUCT(--(LEFT(INDIRECT("B"&2&":B3"),1)="5")) reads a written cell`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, [][]string{{"Question", "Points"}, {"One", "1"}, {"Two", "2"}, {}, {"Total", "", "=" + tc.formula}}, nil)
			res := write(t, doc, formats.Answer{PairID: "Q!B2", AnswerText: "5"})
			if !warnedOf(res.Warnings, tc.want) {
				t.Errorf("no warning naming %s: %q", tc.want, res.Warnings)
			}
		})
	}
}
