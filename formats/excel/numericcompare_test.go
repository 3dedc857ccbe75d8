package excel

import (
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// A range a formula only compares is read for the comparison's result:
// its cells may hold text. Every genuine numeric read stays one.
func TestComparedRangesAreNotReadAsNumbers(t *testing.T) {
	for _, tc := range []struct{ name, formula, want string }{
		{"SUMPRODUCT of a comparison times one", `SUMPRODUCT((C2:C4="Yes")*1)`, ""},
		{"SUMPRODUCT of a negated comparison", `SUMPRODUCT(--(C2:C4="Yes"))`, ""},
		{"SUMPRODUCT of a comparison with spaces", `SUMPRODUCT(( C2:C4 <> "No" )*1)`, ""},
		{"SUMPRODUCT of a comparison and numbers", `SUMPRODUCT((C2:C4="Yes")*B2:B4)`, "2-4"},
		{"SUMPRODUCT of a text function", `SUMPRODUCT(--(LEFT(C2:C4,1)="Y"))`, ""},
		{"SUM of a comparison", `SUM(C2:C4>=3)`, ""},
		{"SUM", `SUM(C2:C4)`, "2-4"},
		{"SUMPRODUCT of two ranges", `SUMPRODUCT(B2:B4,C2:C4)`, "2-4 2-4"},
		{"arithmetic", `C2*2`, "2-2"},
		{"arithmetic then a comparison", `C2*2>B2`, "2-2"},
		{"a comparison then arithmetic", `SUM(C5=B2+1)`, "2-2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, rc := range numericRefs(tc.formula) {
				got = append(got, fmt.Sprintf("%d-%d", rc.r1, rc.r2))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("numericRefs(%s) = %v, want %q", tc.formula, got, tc.want)
			}
		})
	}
}

// The answers a SUMPRODUCT counting Yes reads are not number targets and
// take Yes, the formula on their sheet or another, without a warning.
func TestACountedYesIsNoNumber(t *testing.T) {
	rows := [][]string{
		{"ID", "Question", "Answer"},
		{"Q1", "Do you do thing 1?", ""},
		{"Q2", "Do you do thing 2?", ""},
		{"Q3", "Do you do thing 3?", ""},
	}
	for _, tc := range []struct{ name, sheet, formula string }{
		{"same sheet", "Q", `SUMPRODUCT((C2:C4="Yes")*1)`},
		{"same sheet, negated", "Q", `SUMPRODUCT(--(C2:C4="Yes"))`},
		{"another sheet", "S", `SUMPRODUCT((Q!C2:C4="Yes")*1)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := book(t, rows, func(f *excelize.File) {
				if tc.sheet != "Q" {
					_, err := f.NewSheet(tc.sheet)
					must(t, err)
				}
				must(t, f.SetCellFormula(tc.sheet, "F1", tc.formula))
			})
			cs, err := New().ExtractCompact(doc)
			must(t, err)
			for _, tg := range cs.Targets {
				if tg.Kind == formats.TargetNumber {
					t.Errorf("%s is a number target: %+v", cs.IDToXPath[tg.ID], tg)
				}
			}
			res, err := New().Write(doc, []formats.Answer{{PairID: "Q!C2", AnswerText: "Yes"}, {PairID: "Q!C3", AnswerText: "Yes"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatalf("Yes refused: %v", err)
			}
			if warns := strings.Join(res.Warnings, "\n"); strings.Contains(warns, "as a number") {
				t.Errorf("a warning calls the answer a number:\n%s", warns)
			}
		})
	}
}
