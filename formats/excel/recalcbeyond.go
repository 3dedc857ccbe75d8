package excel

import (
	"fmt"
	"strings"
)

// Past maxDependents, formulaGraph.dependents stops looking. The formulas
// it did not reach still depend on the written cells, so their cached
// values are stale: beyond finds them, and dropBeyond removes their
// cached values, as it does for those past the work budget, so that no
// reader shows a stale value.

// beyond is the formulas depending on the written cells that dependents
// did not reach: those reading the written cells or deps, directly or
// through each other, that are not among deps. The graph's index must
// still be there.
func (g *formulaGraph) beyond(written map[cell]string, deps []int) []int {
	seen := make([]bool, len(g.nodes))
	for _, i := range deps {
		seen[i] = true
	}
	var out []int
	found := func(j int) {
		if !seen[j] {
			seen[j] = true
			out = append(out, j)
		}
	}
	cells := make([]cell, 0, len(written))
	for c := range written {
		cells = append(cells, c)
	}
	sortCells(cells) // the order found is the order reported
	for _, c := range cells {
		g.readers(c, found)
	}
	for _, i := range deps {
		g.readers(g.nodes[i].at, found)
	}
	for head := 0; head < len(out); head++ {
		g.readers(g.nodes[out[head]].at, found)
	}
	return out
}

// dropBeyond removes the cached values of the dependents past
// maxDependents, and says so once.
func (w *writer) dropBeyond(g *formulaGraph, beyond []int, res *recalcResult) {
	if len(beyond) == 0 {
		return
	}
	some := w.dropEach(g, beyond, res)
	res.warnings = append(res.warnings, fmt.Sprintf("more than %d formulas depend on the written cells: formfill recomputes at most %d per write and removed the cached values of the %d others (%s, …); readers that show cached values show them empty until Excel or LibreOffice recalculates the workbook", maxDependents, maxDependents, len(beyond), strings.Join(some, ", ")))
}
