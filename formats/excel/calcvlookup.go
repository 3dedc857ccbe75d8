package excel

import (
	"strings"
	"unicode/utf16"

	"github.com/xuri/efp"
)

// vlookup is VLOOKUP(value, table, column, [match]): an exact match
// with FALSE or 0, Excel's approximate one (calcapprox.go) with TRUE, 1
// or no fourth argument.
func (e *nativeEval) vlookup() (calcArg, bool) {
	v, table, column, approx, ok := e.vlookupArgs()
	if !ok {
		return calcArg{}, false
	}
	if v.kind == argError {
		return v, true
	}
	var row int
	if approx {
		row, ok = e.c.approxRow(v, table)
	} else {
		row, ok = e.c.findRow(v, table)
	}
	switch {
	case !ok:
		return calcArg{}, false
	case row < 0:
		return errNA, true
	}
	return e.c.cellValue(table.sheet, row, table.c1+column-1)
}

// vlookupArgs reads VLOOKUP's arguments: the value looked up, a table
// that is a fixed range of at most maxFormulaWork cells (whole columns
// too, to their last row used, see clipRows; an approximate match keeps
// the whole column, whose length its search depends on), a constant
// column within it, and a constant match: FALSE or 0 (exact), TRUE or 1
// or none (approximate).
func (e *nativeEval) vlookupArgs() (v calcArg, table sheetRect, column int, approx, ok bool) {
	approx = true
	args, ok := e.args(func(k int) (calcArg, bool, bool) {
		t, more := e.peek()
		if k == 0 || !more {
			return calcArg{}, false, false
		}
		e.pos++
		switch {
		case k == 1 && t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange && strings.Contains(t.TValue, ":"):
			var found bool
			table, found = e.c.wb.refRect(e.from, t.TValue, e.c.names)
			return calcArg{}, found, true
		case k == 2 && t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeNumber:
			column = parseCount(t.TValue)
			return calcArg{}, column > 0, true
		case k == 2:
			e.pos-- // a column computed: read by args
			return calcArg{}, false, false
		case k == 3 && exactMode(t):
			approx = false
			return calcArg{}, true, true
		case k == 3 && approxMode(t):
			return calcArg{}, true, true
		}
		return calcArg{}, false, true
	})
	if !ok || len(args) != 3 && len(args) != 4 {
		return calcArg{}, table, 0, false, false
	}
	if column == 0 {
		// A column read from a cell (HECVAT Full 3.06's $E$49): a whole
		// number; an error there gives #REF!, as Excel caches for
		// 'Summary Report'!D226 (Apache POI observed it too).
		switch c := args[2]; {
		case c.kind == argError && args[0].kind != argError:
			return errRef, table, 1, false, true
		case c.kind == argError:
			return args[0], table, 1, false, true
		case c.kind != argNumber || c.n != float64(int(c.n)) || c.n < 1 || c.n > maxCols:
			return calcArg{}, table, 0, false, false
		default:
			column = int(c.n)
		}
	}
	used, ok := e.c.clipRows(table)
	if !ok {
		return calcArg{}, table, 0, false, false
	}
	if !approx {
		table = used
	}
	r := used.rect
	if r.r2 >= maxRows || r.c2 >= maxCols || column > r.c2-r.c1+1 || (r.r2-r.r1+1)*(r.c2-r.c1+1) > maxFormulaWork {
		return calcArg{}, table, 0, false, false
	}
	return args[0], table, column, approx, true
}

// approxRow is the row of table whose first cell Excel's approximate
// match of v finds, -1 when none does; ok is false where it is not
// computed (see approxSearch). The column is searched to its end, the
// cells past its last row used read as empty.
func (c *nativeCalc) approxRow(v calcArg, table sheetRect) (int, bool) {
	v, ok := approxKey(v)
	if !ok {
		return 0, false
	}
	used, ok := c.clipRows(table)
	if !ok {
		return 0, false
	}
	col := c.column(used)
	vec := lookupVector{n: table.r2 - table.r1 + 1, used: used.r2 - used.r1 + 1, at: func(k int) (calcArg, bool) {
		at, _, ok := c.cached(col, used, k)
		return at, ok
	}}
	k, ok := approxSearch(v, vec, false)
	if !ok || k < 0 {
		return -1, ok
	}
	return table.r1 + k, true
}

// exactMode reports whether t is FALSE or 0, an exact match.
func exactMode(t efp.Token) bool {
	return t.TType == efp.TokenTypeOperand && (t.TSubType == efp.TokenSubTypeNumber && t.TValue == "0" ||
		t.TSubType == efp.TokenSubTypeLogical && strings.EqualFold(t.TValue, "FALSE"))
}

// approxMode reports whether t is TRUE or 1, an approximate match.
func approxMode(t efp.Token) bool {
	return t.TType == efp.TokenTypeOperand && (t.TSubType == efp.TokenSubTypeNumber && t.TValue == "1" ||
		t.TSubType == efp.TokenSubTypeLogical && strings.EqualFold(t.TValue, "TRUE"))
}

// parseCount is a whole column number of up to 5 digits, 0 for anything
// else.
func parseCount(s string) int {
	n := 0
	if len(s) == 0 || len(s) > 5 {
		return 0
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// findRow is the row of table whose first cell v finds (see
// calcxlookup.go; text with wildcards as a pattern, see patternKey), -1
// when none does; ok is false when a cell cannot be
// read or v not matched natively. A text key's row is remembered.
func (c *nativeCalc) findRow(v calcArg, table sheetRect) (int, bool) {
	key, pattern, ok := patternKey(v)
	if !ok {
		return 0, false
	}
	col := c.column(table)
	if row, ok := col.found[key]; ok && v.kind == argString {
		c.work++
		return row, true
	}
	for k := 0; k <= table.r2-table.r1; k++ {
		at, lower, ok := c.cached(col, table, k)
		if !ok {
			return 0, false
		}
		if patternFinds(v, key, pattern, at, lower) {
			if v.kind == argString {
				col.found[key] = table.r1 + k
			}
			return table.r1 + k, true
		}
	}
	if v.kind == argString {
		col.found[key] = -1
	}
	return -1, true
}

// utf16Len is the UTF-16 code units of s, as Excel counts text.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
