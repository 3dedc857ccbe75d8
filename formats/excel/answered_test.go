package excel

import (
	"fmt"
	"slices"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestPreparedGraphIsTheGraphAfterTheAnswers builds the recalculation's
// graph before the answers are put (prepareRecalc) and after them (as a
// write without a prepared graph does), on recalcBook with answers on its
// first sheet, and checks that both hold the same formulas reading the
// same references, and that the prepared one kept the answered sheet's
// scan and let go of the other's.
func TestPreparedGraphIsTheGraphAfterTheAnswers(t *testing.T) {
	answers := []formats.Answer{
		{PairID: "'START HERE'!C3", AnswerText: "Acme"},
		{PairID: "'START HERE'!C5", AnswerText: "7"},
		{PairID: "'START HERE'!C9", AnswerText: formats.Skip},
	}
	for _, tc := range []struct {
		name    string
		prepare bool
	}{
		{"built before the answers", true},
		{"built after the answers", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wb, err := New().open(recalcBook(t, map[string]string{"C8": "'START HERE'!C9&C3"}), nil)
			must(t, err)
			parts, err := wb.parts()
			must(t, err)
			w := newWriter(wb)
			if tc.prepare {
				keep := wb.answeredSheets(answers)
				if !keep[1] || len(keep) != 1 {
					t.Fatalf("answered sheets %v, want the first alone", keep)
				}
				w.prepareRecalc(keep)
				if wb.pass.sheets[parts["START HERE"]] == nil || wb.pass.sheets[parts["Organization"]] != nil {
					t.Fatal("the prepared graph did not keep the answered sheet's scan alone")
				}
			}
			for i, a := range answers {
				if _, _, err := w.answer(i, a, nil, formats.WriteOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			_, g, ok := w.recalcGraph()
			if !ok {
				t.Fatal("no graph")
			}
			if w.prepared != nil {
				t.Error("the prepared graph is still the writer's after the recalculation took it")
			}
			got := graphFacts(g)
			want := []string{
				"Organization!C3 ='START HERE'!$C$3 reads [{1 {3 3 3 3}}]",
				"Organization!C4 =SUM('START HERE'!C5:C6) reads [{1 {5 3 6 3}}]",
				"Organization!C5 =C4*2 reads [{2 {4 3 4 3}}]",
				"Organization!C6 =UPPER(C3)&\"!\" reads [{2 {3 3 3 3}}]",
				"Organization!C7 =1+1 reads []",
				"Organization!C8 ='START HERE'!C9&C3 reads [{1 {9 3 9 3}} {2 {3 3 3 3}}]",
			}
			if !slices.Equal(got, want) {
				t.Errorf("graph\n%q\nwant\n%q", got, want)
			}
		})
	}
}

// graphFacts are g's formulas, each with its cell, text and references,
// in workbook order.
func graphFacts(g *formulaGraph) []string {
	var out []string
	for _, n := range g.nodes {
		refs := make([]sheetRect, len(n.refs))
		for k := range n.refs {
			refs[k] = g.ref(n, k)
		}
		out = append(out, fmt.Sprintf("%s!%s =%s reads %v", g.src.(*scanSource).w.wb.sheetName(n.at), n.at.name(), g.text(n), refs))
	}
	slices.Sort(out)
	return out
}
