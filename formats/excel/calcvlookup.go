package excel

import (
	"strings"
	"unicode/utf16"

	"github.com/xuri/efp"
)

// vlookup is VLOOKUP(value, table, column, FALSE or 0).
func (e *nativeEval) vlookup() (calcArg, bool) {
	v, table, column, ok := e.vlookupArgs()
	if !ok {
		return calcArg{}, false
	}
	if v.kind == argError {
		return v, true
	}
	row, ok := e.c.findRow(v, table)
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
// too, to their last row used, see clipRows), a constant
// column within it, and FALSE or 0.
func (e *nativeEval) vlookupArgs() (v calcArg, table sheetRect, column int, ok bool) {
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
		case k == 3 && exactMode(t):
			return calcArg{}, true, true
		}
		return calcArg{}, false, true
	})
	if !ok || len(args) != 4 {
		return calcArg{}, table, 0, false
	}
	if table, ok = e.c.clipRows(table); !ok {
		return calcArg{}, table, 0, false
	}
	r := table.rect
	if r.r2 >= maxRows || r.c2 >= maxCols || column > r.c2-r.c1+1 || (r.r2-r.r1+1)*(r.c2-r.c1+1) > maxFormulaWork {
		return calcArg{}, table, 0, false
	}
	return args[0], table, column, true
}

// exactMode reports whether t is FALSE or 0, an exact match.
func exactMode(t efp.Token) bool {
	return t.TType == efp.TokenTypeOperand && (t.TSubType == efp.TokenSubTypeNumber && t.TValue == "0" ||
		t.TSubType == efp.TokenSubTypeLogical && strings.EqualFold(t.TValue, "FALSE"))
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
// calcxlookup.go), -1 when none does; ok is false when a cell cannot be
// read or v not matched natively. A text key's row is remembered.
func (c *nativeCalc) findRow(v calcArg, table sheetRect) (int, bool) {
	key, ok := lookupKey(v)
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
		if exactFinds(v, key, at, lower) {
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
