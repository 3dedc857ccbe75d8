package excel

import (
	"slices"
	"strings"
	"testing"
)

// A reference naming the formula's own sheet (=Inputs!B4*2 on Inputs)
// reads that sheet's cell as a number as an unqualified one does; one
// naming another sheet, or none given, reads none of it. Put's check
// and the map's number hint read them so: the cell was stored as text.
func TestAReferenceNamingItsOwnSheetReadsItsCells(t *testing.T) {
	for _, tc := range []struct {
		name, sheet, formula string
		want                 []rect
	}{
		{"named plainly", "Inputs", "Inputs!B4*2", []rect{{r1: 4, c1: 2, r2: 4, c2: 2}}},
		{"named quoted, in another case", "My Inputs", "SUM('my inputs'!B2:B3)", []rect{{r1: 2, c1: 2, r2: 3, c2: 2}}},
		{"a quote doubled in the name", "Bob's", "'Bob''s'!C1+1", []rect{{r1: 1, c1: 3, r2: 1, c2: 3}}},
		{"another sheet's", "Inputs", "Calc!B4*2", nil},
		{"a 3-D range", "Inputs", "SUM(Inputs:Calc!B4)", nil},
		{"no sheet given", "", "Inputs!B4*2", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := numericRefsOn(tc.sheet, tc.formula); !slices.Equal(got, tc.want) {
				t.Errorf("numericRefsOn(%q, %s) = %v; want %v", tc.sheet, tc.formula, got, tc.want)
			}
			shared := sharedFormula{text: tc.formula, dRow: 1, shared: true, sheet: tc.sheet}
			want := numericRefsOn(tc.sheet, shared.formula())
			if got := shared.numericRefs(map[string]*numericTemplate{}); !slices.Equal(got, want) {
				t.Errorf("a member one row down reads %v; its moved formula reads %v", got, want)
			}
		})
	}
}

// FuzzOwnSheetRef: any reference text, a formula's operand, is cut
// without a panic, and what names the sheet is the text past its "!".
func FuzzOwnSheetRef(f *testing.F) {
	for _, s := range []string{"Inputs!B4", "'My Inputs'!B2:B3", "'Bob''s'!C1", "Inputs:Calc!B4", "!", "'!", "B4"} {
		f.Add(s, "Inputs")
	}
	f.Fuzz(func(t *testing.T, ref, sheet string) {
		own, ok := ownSheetRef(ref, sheet)
		if ok && !strings.HasSuffix(ref, own) {
			t.Errorf("ownSheetRef(%q, %q) = %q, no suffix of the reference", ref, sheet, own)
		}
	})
}
