package excel

import "strings"

// A write's dependents repeat a few lookups thousands of times: HECVAT
// 4.14's 'Institution Evaluation' reads Organization!$A$13:$E$67 in
// every cell of 55 rows, each row's cells by that row's key. findRow
// reads a table's first column once, in order, into a columnCache, and
// remembers what each key found; a lookup then compares keys already
// lowered, with no map access and no allocation per cell.
//
// The cache holds the same values the cells give: a cell read is a stored
// value, or a recomputed formula's result, which calc computes once. Rows
// are read in order, as far as a lookup needs, and the cache stops at the
// first cell that cannot be read natively, so a lookup reads what the scan
// without a cache read, and finds the same row.

// tableColumn names the first column of a lookup's table.
type tableColumn struct{ sheet, col, r1, r2 int }

// columnCache is the cells of a tableColumn read so far, from its first
// row.
type columnCache struct {
	vals  []calcArg
	lower []string       // each text value in lower case
	found map[string]int // a text key (lower case) → the row it finds
}

// cached is row k (from the first) of table's first column, read now when
// it was not yet; ok is false when it cannot be read natively.
func (c *nativeCalc) cached(col *columnCache, table sheetRect, k int) (calcArg, string, bool) {
	if k < len(col.vals) {
		if c.work++; c.work > maxCalcWork {
			return calcArg{}, "", false
		}
		return col.vals[k], col.lower[k], true
	}
	v, ok := c.cellValue(table.sheet, table.r1+k, table.c1)
	if !ok {
		return v, "", false
	}
	lower := ""
	if v.kind == argString {
		lower = strings.ToLower(v.s)
	}
	if k == len(col.vals) {
		col.vals, col.lower = append(col.vals, v), append(col.lower, lower)
	}
	return v, lower, true
}

// column is the cache of table's first column.
func (c *nativeCalc) column(table sheetRect) *columnCache {
	key := tableColumn{table.sheet, table.c1, table.r1, table.r2}
	if c.columns == nil {
		c.columns = map[tableColumn]*columnCache{}
	}
	col := c.columns[key]
	if col == nil {
		col = &columnCache{found: map[string]int{}}
		c.columns[key] = col
	}
	return col
}
