package excel

import (
	"slices"
	"testing"
)

// TestFormulaOrderIsTheMapInReadingOrder holds the scan's list of formula
// cells to its map, whichever way the pass read the cells, and
// orderedFormulas to the map's cells sorted when no list holds them all.
func TestFormulaOrderIsTheMapInReadingOrder(t *testing.T) {
	rows := `<row r="2"><c r="B2"><f>A1+1</f><v>1</v></c><c r="C2" t="str"><f>"a"&amp;"b"</f><v>ab</v></c></row>` +
		`<row r="3"><c r="A3"><f t="shared" ref="A3:A4" si="0">B2*2</f><v>2</v></c><c r="D3"><v>7</v></c></row>` +
		`<row r="4"><c r="A4"><f t="shared" si="0"/><v>2</v></c><c r="E4"><f>  B2 </f></c></row>`
	want := [][2]int{{2, 2}, {2, 3}, {3, 1}, {4, 1}, {4, 5}}
	for _, way := range []int{withHook, withoutHook, slowPass} {
		s, _, err := scanOf(worksheet("", rows, ""), way)
		must(t, err)
		if !slices.Equal(s.formulaOrder, want) || len(s.formulas) != len(want) {
			t.Errorf("way %d: order %v, map %v; want %v", way, s.formulaOrder, s.formulas, want)
		}
		if got := orderedFormulas(s.formulas, s.formulaOrder); !slices.Equal(got, want) {
			t.Errorf("way %d: orderedFormulas %v, want %v", way, got, want)
		}
	}
	m := map[[2]int]bool{{4, 5}: true, {2, 3}: true, {3, 1}: true, {2, 2}: true, {4, 1}: true}
	if got := orderedFormulas(m, want[:2]); !slices.Equal(got, want) {
		t.Errorf("a list short of the map: %v, want %v", got, want)
	}
}
