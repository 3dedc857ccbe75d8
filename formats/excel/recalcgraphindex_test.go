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

// A cell's readers through a column's ranges come ascending and each
// once, however the ranges overlap and whatever order their first rows
// put them in: merged when they are few, sorted when they are many.
func TestColumnHitsAreAscendingAndDistinct(t *testing.T) {
	// column D of sheet 1; each reader at column 9, row = its node + 1
	for _, tc := range []struct {
		name   string
		ranges [][2]int // each node's range of column D: first and last row
		row    int
		want   []int32
	}{
		{"one range", [][2]int{{1, 10}, {1, 10}, {20, 30}}, 5, []int32{0, 1}},
		{"ranges lower down read by earlier nodes", [][2]int{{5, 10}, {3, 10}, {1, 10}, {4, 10}}, 6, []int32{0, 1, 2, 3}},
		{"a node reading two ranges holding the row", [][2]int{{1, 10}, {2, 10}, {1, 10}}, 6, []int32{0, 1, 2}},
		{"more ranges than are merged", [][2]int{{12, 20}, {11, 20}, {10, 20}, {9, 20}, {8, 20}, {7, 20}, {6, 20}, {5, 20}, {4, 20}, {3, 20}, {2, 20}, {1, 20}, {13, 14}}, 12, []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
		{"no range", [][2]int{{1, 2}}, 5, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newFormulaGraph()
			for i, r := range tc.ranges {
				refs := []sheetRect{{sheet: 1, rect: rect{r1: r[0], c1: 4, r2: r[1], c2: 4}}}
				if tc.name == "a node reading two ranges holding the row" && i == 1 {
					refs = append(refs, sheetRect{sheet: 1, rect: rect{r1: 5, c1: 4, r2: 7, c2: 4}})
				}
				g.add(&formulaNode{at: cell{sheet: 1, row: i + 1, col: 9}}, refs)
			}
			g.finish()
			got := g.hitNodes([2]int{1, 4}, tc.row)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("readers of D%d: %v, want %v", tc.row, got, tc.want)
			}
		})
	}
}

// BenchmarkReadersOfALookupColumn finds the readers of a cell of a lookup
// table's column that three ranges read, each by a block of 5,000 formulas, as
// HECVAT 4.14's score sheets read its answer lists.
func BenchmarkReadersOfALookupColumn(b *testing.B) {
	g := newFormulaGraph()
	for i := range 15000 {
		first := 2 + i/5000 // each range read by a sheet's block of rows
		g.add(&formulaNode{at: cell{sheet: 2, row: i + 1, col: 1}}, []sheetRect{{sheet: 1, rect: rect{r1: first, c1: 4, r2: 300, c2: 4}}})
	}
	g.finish()
	b.ResetTimer()
	for b.Loop() {
		if n := len(g.hitNodes([2]int{1, 4}, 100)); n != 15000 {
			b.Fatalf("%d readers, want 15000", n)
		}
	}
}
