package excel

import (
	"math"
	"strings"

	"github.com/xuri/efp"
)

// HLOOKUP, MATCH, LOOKUP and INDEX, natively: their exact matches as
// VLOOKUP's (calcxlookup.go), their approximate ones by Excel's binary
// search (calcapprox.go). A match type or index read from a cell is
// computed; a table must be a reference.

// lookupRangeArg reads a reference to a range of more than one cell as a
// lookup reads it: whole columns too (to their last row used when it
// scans them, see clipRows), not whole rows.
func (e *nativeEval) lookupRangeArg() (sheetRect, bool) {
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperand || t.TSubType != efp.TokenSubTypeRange || !strings.Contains(t.TValue, ":") {
		return sheetRect{}, false
	}
	e.pos++
	r, ok := e.c.wb.refRect(e.from, t.TValue, e.c.names)
	return r, ok && r.r2 <= maxRows && r.c2 < maxCols
}

// vector is the cells of r, one row or one column, as a lookup searches
// them; ok is false for a range of another shape or too many cells.
func (c *nativeCalc) vector(r sheetRect) (lookupVector, bool) {
	if r.r1 == r.r2 {
		n := r.c2 - r.c1 + 1
		return lookupVector{n: n, used: n, at: func(k int) (calcArg, bool) {
			return c.cellValue(r.sheet, r.r1, r.c1+k)
		}}, n <= maxFormulaWork
	}
	if r.c1 != r.c2 {
		return lookupVector{}, false
	}
	used, ok := c.clipRows(r)
	if !ok || used.r2-used.r1+1 > maxFormulaWork {
		return lookupVector{}, false
	}
	return lookupVector{n: r.r2 - r.r1 + 1, used: used.r2 - used.r1 + 1, at: func(k int) (calcArg, bool) {
		return c.cellValue(r.sheet, r.r1+k, r.c1)
	}}, true
}

// findIn is the index in vec of v: its first exact match (match 0), or
// Excel's approximate match (1: the last cell at most v in ascending
// order; -1: at least v in descending order); -1 when none.
func findIn(v calcArg, vec lookupVector, match int) (int, bool) {
	if match != 0 {
		key, ok := approxKey(v)
		if !ok {
			return 0, false
		}
		return approxSearch(key, vec, match < 0)
	}
	key, pattern, ok := patternKey(v)
	if !ok {
		return 0, false
	}
	for k := 0; k < vec.used; k++ {
		at, ok := vec.at(k)
		if !ok {
			return 0, false
		}
		lower := ""
		if at.kind == argString {
			lower = strings.ToLower(at.s)
		}
		if patternFinds(v, key, pattern, at, lower) {
			return k, true
		}
	}
	return -1, true
}

// matchType reads a lookup's last argument, a match: omitted (approx),
// a number (0 exact, else its sign) or a boolean (FALSE exact); ok is
// false for anything else.
func matchType(v calcArg, given, boolean bool) (int, bool) {
	switch {
	case !given:
		return 1, true
	case v.kind == argNumber && !boolean:
		return int(math.Copysign(math.Min(math.Abs(v.n), 1), v.n)), v.n == math.Trunc(v.n) || math.Abs(v.n) >= 1
	case v.kind == argNumber, v.kind == argBool:
		if v.n == 0 {
			return 0, true
		}
		return 1, true
	}
	return 0, false
}

// position reads an index argument: a whole number from 1; ok false
// otherwise, bad an error it holds or #REF!/#VALUE! as Excel gives.
func position(v calcArg) (k int, bad calcArg, ok bool) {
	switch {
	case v.kind == argError:
		return 0, v, true
	case v.kind != argNumber || v.n != math.Trunc(v.n):
		return 0, calcArg{}, false
	case v.n < 1:
		return 0, errValue, true
	case v.n > maxRows:
		return 0, errRef, true
	}
	return int(v.n), calcArg{}, true
}

// hlookup is HLOOKUP(value, table, row, [match]).
func (e *nativeEval) hlookup() (calcArg, bool) {
	v, table, more, ok := e.valueAndRange()
	if !ok || !more || table.r2 >= maxRows {
		return calcArg{}, false
	}
	rowArg, ok := e.compare()
	more, sep := e.next()
	if !ok || !sep {
		return calcArg{}, false
	}
	last, given, ok := e.optionalLast(more)
	if !ok {
		return calcArg{}, false
	}
	match, ok := matchType(last, given, true)
	if !ok {
		return calcArg{}, false
	}
	row, bad, ok := position(rowArg)
	switch {
	case !ok:
		return calcArg{}, false
	case v.kind == argError:
		return v, true
	case bad.kind == argError:
		return bad, true
	case row > table.r2-table.r1+1:
		return errRef, true
	}
	first := table
	first.r2 = first.r1
	vec, ok := e.c.vector(first)
	if !ok {
		return calcArg{}, false
	}
	k, ok := findIn(v, vec, match)
	switch {
	case !ok:
		return calcArg{}, false
	case k < 0:
		return errNA, true
	}
	return e.c.cellValue(table.sheet, table.r1+row-1, table.c1+k)
}

// match is MATCH(value, range, [type]): the position found, from 1.
func (e *nativeEval) match() (calcArg, bool) {
	v, r, more, ok := e.valueAndRange()
	if !ok {
		return calcArg{}, false
	}
	last, given, ok := e.optionalLast(more)
	if !ok {
		return calcArg{}, false
	}
	if last.kind == argError {
		return last, true
	}
	kind, ok := matchType(last, given && last.kind != argEmpty, false)
	if !ok {
		return calcArg{}, false
	}
	if v.kind == argError {
		return v, true
	}
	if r.r1 != r.r2 && r.c1 != r.c2 {
		return errNA, true
	}
	vec, ok := e.c.vector(r)
	if !ok {
		return calcArg{}, false
	}
	k, ok := findIn(v, vec, kind)
	switch {
	case !ok:
		return calcArg{}, false
	case k < 0:
		return errNA, true
	}
	return calcArg{kind: argNumber, n: float64(k + 1)}, true
}

// lookup is LOOKUP(value, vector, [result vector]), Excel's approximate
// match always; without a result vector, the array form: a range wider
// than tall is searched along its first row and gives its last row's
// cell, any other along its first column and gives its last column's.
func (e *nativeEval) lookup() (calcArg, bool) {
	v, look, more, ok := e.valueAndRange()
	if !ok {
		return calcArg{}, false
	}
	result, vectors := look, more
	if more {
		if result, ok = e.lookupRangeArg(); !ok {
			return calcArg{}, false
		}
		if more, sep := e.next(); !sep || more {
			return calcArg{}, false
		}
	}
	if v.kind == argError {
		return v, true
	}
	wide := look.c2-look.c1 > look.r2-look.r1
	if !vectors {
		// The array form: the first row or column searched, the last read.
		if wide {
			look.r2, result.r1 = look.r1, result.r2
		} else {
			look.c2, result.c1 = look.c1, result.c2
		}
	} else if look.r1 != look.r2 && look.c1 != look.c2 || result.r1 != result.r2 && result.c1 != result.c2 {
		return calcArg{}, false
	}
	vec, ok := e.c.vector(look)
	if !ok {
		return calcArg{}, false
	}
	k, ok := findIn(v, vec, 1)
	switch {
	case !ok:
		return calcArg{}, false
	case k < 0:
		return errNA, true
	}
	if result.r1 == result.r2 && (result.c1 != result.c2 || !vectors && wide) {
		if k > result.c2-result.c1 {
			return calcArg{}, false
		}
		return e.c.cellValue(result.sheet, result.r1, result.c1+k)
	}
	if k > result.r2-result.r1 {
		return calcArg{}, false
	}
	return e.c.cellValue(result.sheet, result.r1+k, result.c1)
}

// index is INDEX(range, row, [column]): the cell at that row and column
// of range, from 1; one index alone, in a range one row high, is the
// column. A 0 index (a whole row or column) is not computed.
func (e *nativeEval) index() (calcArg, bool) {
	r, ok := e.lookupRangeArg()
	if more, sep := e.next(); !ok || !sep || !more {
		return calcArg{}, false
	}
	args, ok := e.args(nil)
	if !ok || len(args) > 2 {
		return calcArg{}, false
	}
	var at [2]int
	for k, a := range args {
		if a.kind == argNumber && a.n == 0 {
			return calcArg{}, false // a whole row or column
		}
		n, bad, ok := position(a)
		switch {
		case !ok:
			return calcArg{}, false
		case bad.kind == argError:
			return bad, true
		}
		at[k] = n
	}
	row, col := at[0], at[1]
	if len(args) == 1 {
		switch {
		case r.r1 == r.r2:
			row, col = 1, at[0]
		case r.c1 == r.c2:
			col = 1
		default:
			return calcArg{}, false
		}
	}
	if row > r.r2-r.r1+1 || col > r.c2-r.c1+1 {
		return errRef, true
	}
	return e.c.cellValue(r.sheet, r.r1+row-1, r.c1+col-1)
}

// valueAndRange reads a lookup's first two arguments, the value sought
// and the range searched, and the separator after them: more says
// whether arguments follow; ok is false for a malformed call.
func (e *nativeEval) valueAndRange() (v calcArg, r sheetRect, more, ok bool) {
	v, ok = e.compare()
	if more, sep := e.next(); !ok || !sep || !more {
		return calcArg{}, sheetRect{}, false, false
	}
	r, ok = e.lookupRangeArg()
	more, sep := e.next()
	if !ok || !sep {
		return calcArg{}, sheetRect{}, false, false
	}
	return v, r, more, true
}

// optionalLast reads a call's optional last argument, which follows when
// more (the separator before it was read): given says whether the call
// has it, ok is false for a malformed call or one with more arguments.
func (e *nativeEval) optionalLast(more bool) (last calcArg, given, ok bool) {
	if !more {
		return calcArg{}, false, true
	}
	if last, ok = e.compare(); !ok {
		return calcArg{}, false, false
	}
	if more, sep := e.next(); !sep || more {
		return calcArg{}, false, false
	}
	return last, true, true
}
