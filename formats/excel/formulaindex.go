package excel

import "strings"

// The target heuristics ask, for most cells they look at, whether the
// cell holds a formula and whether a row holds any text: a map lookup
// keyed by the cell, or a row's texts joined, each time. Both are asked
// of the scan's final facts, which no longer change once the sheet is
// loaded, so they are answered from a bitset built once and a loop that
// allocates nothing.

// formulaBits marks the sheet's formula cells, one bitset per row
// (bits[r-1], bit c-1), each only as long as its last formula's column.
// Only rows of the sheet's data and columns up to bitCols are indexed, so
// a hostile sheet's far-off formulas cost no more than the map holding
// them: the map answers for cells outside.
type formulaBits [][]uint64

// bitCols bounds the columns formulaBits indexes (the columns the
// section statistics look at).
const bitCols = maxScanCols

// newFormulaBits indexes the cells of formulas in rows 1..rows.
func newFormulaBits(formulas [][2]int, rows int) formulaBits {
	bits := make(formulaBits, rows)
	for _, p := range formulas {
		if p[0] < 1 || p[1] < 1 || p[0] > rows || p[1] > bitCols {
			continue
		}
		row, w := bits[p[0]-1], (p[1]-1)/64
		if w >= len(row) {
			row = append(row, make([]uint64, w+1-len(row))...)
			bits[p[0]-1] = row
		}
		row[w] |= 1 << ((p[1] - 1) % 64)
	}
	return bits
}

// isFormula reports whether cell (r, c) holds a formula: m.formulas[{r, c}],
// from the bitset built at the first question where it indexes the cell.
func (m *sheetModel) isFormula(r, c int) bool {
	if m.formulaBits == nil {
		m.formulaBits = newFormulaBits(orderedFormulas(m.formulas, m.formulaOrder), len(m.rows))
	}
	if r < 1 || c < 1 || r > len(m.formulaBits) || c > bitCols {
		return m.formulas[[2]int{r, c}]
	}
	row, w := m.formulaBits[r-1], (c-1)/64
	return w < len(row) && row[w]&(1<<((c-1)%64)) != 0
}

// hasText reports whether row r holds text: m.rowText(r) != "" without
// joining the row.
func (m *sheetModel) hasText(r int) bool {
	if r < 1 || r > len(m.rows) {
		return false
	}
	for _, v := range m.rows[r-1] {
		if strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}
