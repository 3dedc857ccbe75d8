package excel

import (
	"slices"
	"testing"
)

// TestOrderDepsEqualsOrder holds orderDeps to formulaGraph.order on the
// calculation fixture, whose dependents hold a chain, a shared formula and
// a cycle.
func TestOrderDepsEqualsOrder(t *testing.T) {
	wb, err := open(calcFixture(t))
	must(t, err)
	w := newWriter(wb)
	g, ok := w.graph(newScanSource(w))
	if !ok {
		t.Fatal("no graph")
	}
	written := map[cell]string{}
	for _, ref := range []string{"Inputs!B1", "Inputs!B3", "Inputs!B4", "Inputs!B6"} {
		c, err := wb.parseRef(ref)
		must(t, err)
		written[c] = ""
	}
	deps := g.dependents(written)
	want, wantCyclic := g.order(deps)
	got, gotCyclic := orderDeps(g, deps)
	if !slices.Equal(got, want) {
		t.Errorf("orderDeps = %v, order = %v", got, want)
	}
	if !slices.Contains(wantCyclic, true) {
		t.Error("the fixture's cycle is not marked cyclic")
	}
	if !slices.Equal(gotCyclic, wantCyclic) {
		t.Errorf("orderDeps marks %v cyclic, order %v", gotCyclic, wantCyclic)
	}
}
