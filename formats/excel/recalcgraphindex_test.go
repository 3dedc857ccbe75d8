package excel

import (
	"fmt"
	"testing"
)

// chainGraph is the graph of a chain of n formulas down column D of
// sheet 1: D2 reads D1, D3 reads D2, and so on.
func chainGraph(n int) *formulaGraph {
	g := newFormulaGraph()
	for r := 2; r <= n+1; r++ {
		g.add(&formulaNode{at: cell{sheet: 1, row: r, col: 4}}, []sheetRect{{sheet: 1, rect: rect{r1: r - 1, c1: 4, r2: r - 1, c2: 4}}})
	}
	g.finish()
	return g
}

// The dependents of the top of a chain are every formula of it, found
// in chain order, however the column's ranges overlap.
func TestDependentsDownAColumn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func() *formulaGraph
		want  int
	}{
		{"a chain", func() *formulaGraph { return chainGraph(500) }, 500},
		{"a chain under a range reaching past it", func() *formulaGraph {
			g := newFormulaGraph()
			g.add(&formulaNode{at: cell{sheet: 1, row: 1, col: 9}}, []sheetRect{{sheet: 1, rect: rect{r1: 1, c1: 4, r2: 1000, c2: 4}}})
			for r := 2; r <= 100; r++ {
				g.add(&formulaNode{at: cell{sheet: 1, row: r, col: 4}}, []sheetRect{{sheet: 1, rect: rect{r1: r - 1, c1: 4, r2: r - 1, c2: 4}}})
			}
			g.finish()
			return g
		}, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.build()
			deps := g.dependents(map[cell]string{{sheet: 1, row: 1, col: 4}: "a"})
			if len(deps) != tc.want {
				t.Errorf("%d dependents, want %d", len(deps), tc.want)
			}
			ordered, _ := orderDeps(g, deps)
			if len(ordered) != tc.want {
				t.Errorf("%d ordered, want %d", len(ordered), tc.want)
			}
		})
	}
}

// BenchmarkDependentsDownAChain finds and orders the dependents of the
// top of a chain down one column: linear in its length, not quadratic.
func BenchmarkDependentsDownAChain(b *testing.B) {
	for _, n := range []int{20000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			g := chainGraph(n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				orderDeps(g, g.dependents(map[cell]string{{sheet: 1, row: 1, col: 4}: "a"}))
			}
		})
	}
}
