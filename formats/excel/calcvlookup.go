package excel

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/xuri/efp"
)

// An exact-match VLOOKUP finds the first row of its table whose first
// cell equals the value looked up: text without regard to case, a number
// only a number. excelize's search differs in two ways, so recalc computes
// a lookup only where both searches find the same row and leaves it to
// excelize otherwise (it then gives what it always gave):
//
//   - text is found where it lies anywhere inside a cell's text ("ORGN-1"
//     finds "ORGN-10"), and "" finds any non-empty text;
//   - a number is found in text that parses as that number, and 0 in an
//     empty cell.
//
// Wildcards (* ? ~), which both treat as patterns, are left to excelize,
// as is a lookup that finds nothing (#N/A).

// vlookup is VLOOKUP(value, table, column, FALSE or 0), its start token
// read.
func (e *nativeEval) vlookup() (calcArg, bool) {
	v, table, column, ok := e.vlookupArgs()
	if !ok {
		return calcArg{}, false
	}
	row, ok := e.c.findRow(v, table)
	if !ok {
		return calcArg{}, false
	}
	return e.c.cellValue(table.sheet, row, table.c1+column-1)
}

// vlookupArgs reads VLOOKUP's arguments: the value looked up, a table
// that is a fixed range of at most maxFormulaWork cells (whole columns
// too in Excel mode, to their last row used, see clipRows), a constant
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
	if e.c.excel {
		if table, ok = e.c.clipRows(table); !ok {
			return calcArg{}, table, 0, false
		}
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

// findRow is the row of table whose first cell v finds, when Excel's
// search and excelize's find the same one.
func (c *nativeCalc) findRow(v calcArg, table sheetRect) (int, bool) {
	var want string
	switch v.kind {
	case argString:
		if v.s == "" || strings.ContainsAny(v.s, "*?~") {
			return 0, false
		}
		want = strings.ToLower(v.s)
	case argNumber:
	default:
		return 0, false
	}
	col := c.column(table)
	if row, ok := col.found[want]; ok && v.kind == argString {
		c.work++
		return row, true
	}
	for k := 0; k <= table.r2-table.r1; k++ {
		at, lower, ok := c.cached(col, table, k)
		if !ok || at.kind == argError { // an error value Excel mode cached: not read here
			return 0, false
		}
		var excel, excelize bool
		if v.kind == argString {
			excel, excelize = textFinds(want, at, lower)
		} else {
			excel, excelize = numberFinds(v.n, at)
		}
		if excel != excelize {
			return 0, false
		}
		if excel {
			if v.kind == argString {
				col.found[want] = table.r1 + k
			}
			return table.r1 + k, true
		}
	}
	return 0, false
}

// textFinds is whether text want, lower case, finds cell at, whose text
// in lower case is within, in Excel's search and in excelize's.
func textFinds(want string, at calcArg, within string) (excel, excelize bool) {
	if at.kind != argString {
		return false, false
	}
	excel = within == want
	switch {
	case within == "":
		excelize = excel
	case strings.Contains(within, want):
		excelize = true
	default:
		// excelize's search ends reporting a find when the text counts
		// more UTF-16 units than characters.
		excelize = excel || utf16Len(within) != utf8.RuneCountInString(within)
	}
	return excel, excelize
}

// numberFinds is whether number want finds cell at in Excel's search and
// in excelize's.
func numberFinds(want float64, at calcArg) (excel, excelize bool) {
	switch at.kind {
	case argNumber:
		return at.n == want, at.n == want
	case argBool:
		return false, at.n == want
	case argEmpty:
		return false, want == 0
	}
	n, err := strconv.ParseFloat(at.s, 64)
	return false, err == nil && n == want
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
