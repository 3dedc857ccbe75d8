package excel

import "strings"

// HECVAT Full 3.06 looks its questions up in whole columns
// (VLOOKUP($A5,Questions!$B:$AB,12,FALSE)) on a cycle of ranges: Excel
// reads such a table to the sheet's last row used, and so does the
// native calculation, and the few text functions its formulas test
// answers with.

// clipRows is r ending at the last row of r that holds a value or a
// formula when r runs to the sheet's end (r.r1 when none does); ok is
// false when the cells cannot all be read within maxCalcWork. Each
// range is read once a write.
func (c *nativeCalc) clipRows(r sheetRect) (sheetRect, bool) {
	if r.r2 < maxRows {
		return r, true
	}
	last, ok := c.lastRows[r]
	if !ok {
		last = r.r1
		complete := c.src.each(r.sheet, r.rect, func(row, _ int, _ calcValue) bool {
			c.work++
			last = max(last, row)
			return c.work <= maxCalcWork
		})
		if !complete {
			return r, false
		}
		if c.lastRows == nil {
			c.lastRows = map[sheetRect]int{}
		}
		c.lastRows[r] = last
	}
	r.r2 = last
	return r, true
}

// length is LEN(v): the UTF-16 units of v's text, as Excel counts.
func length(v calcArg) (calcArg, bool) {
	if v.kind == argError {
		return v, true
	}
	s, ok := v.text()
	return calcArg{kind: argNumber, n: float64(utf16Len(s))}, ok
}

// find is FIND(find, within): the 1-based place of find in within,
// with regard to case, #VALUE! when it is not there. Text beyond ASCII,
// whose places Excel counts in UTF-16 units, is not computed.
func find(find, within calcArg) (calcArg, bool) {
	if bad, has := firstError(find, within); has {
		return bad, true
	}
	f, ok1 := find.text()
	w, ok2 := within.text()
	if !ok1 || !ok2 || !ascii(f) || !ascii(w) {
		return calcArg{}, false
	}
	i := strings.Index(w, f)
	if i < 0 {
		return errValue, true
	}
	return calcArg{kind: argNumber, n: float64(i + 1)}, true
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
