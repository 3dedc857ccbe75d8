package excel

import "slices"

// A sheet's formula cells are a map, which the readers ask by cell; the
// target heuristics and the compact map also go through all of them, each
// sheet several times (its bitset, its entries, its numeric reads), and
// ranging over a map of thousands of cells cost HECVAT 4.14's extract
// more than building it. The scan keeps the map's cells in reading order
// besides, as it adds them.

// addFormula records that the cell at at holds a formula, in the map and,
// when the map did not hold it, in the list.
func (s *sheetScan) addFormula(at [2]int) {
	n := len(s.formulas)
	s.formulas[at] = true
	if len(s.formulas) > n {
		s.formulaOrder = append(s.formulaOrder, at)
	}
}

// sortFormulas puts the list in reading order, as a regular sheet's pass
// mostly finds it already, once the pass is over.
func (s *sheetScan) sortFormulas() {
	if !slices.IsSortedFunc(s.formulaOrder, compareCells) {
		slices.SortFunc(s.formulaOrder, compareCells)
	}
}

// compareCells orders cells by row, then column.
func compareCells(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// orderedFormulas is the cells of formulas in reading order: list, when it
// holds them all (a finished scan's), else the map's cells sorted (a map
// filled some other way).
func orderedFormulas(formulas map[[2]int]bool, list [][2]int) [][2]int {
	if len(list) == len(formulas) {
		return list
	}
	out := make([][2]int, 0, len(formulas))
	for p, ok := range formulas {
		if ok {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, compareCells)
	return out
}
