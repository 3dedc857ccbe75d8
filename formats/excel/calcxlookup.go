package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// An exact match (XLOOKUP's, and VLOOKUP's in calcvlookup.go) finds the first cell equal to the value looked up, text
// without regard to case, a number only a number, a boolean only a
// boolean; an empty cell matches nothing. A value that finds nothing gives
// #N/A. XLOOKUP's exact match reads * and ? as themselves, VLOOKUP's,
// HLOOKUP's and MATCH's as patterns (patternKey); wildcards are not
// computed for XLOOKUP, nor is an empty value looked up.

// lookupKey is v lowered when it is text Excel matches exactly, ok false
// for a value the exact match is not computed for.
func lookupKey(v calcArg) (key string, ok bool) {
	switch v.kind {
	case argString:
		return strings.ToLower(v.s), !strings.ContainsAny(v.s, "*?~")
	case argNumber, argBool:
		return "", true
	}
	return "", false
}

// patternKey is lookupKey for the exact matches of VLOOKUP, HLOOKUP and
// MATCH, which read text holding * or ? as a pattern (* any characters,
// ? one; HECVAT Full 3.06 looks its questions up by their text, "...
// Act?"): pattern says so. Text with a ~ escape is not computed.
func patternKey(v calcArg) (key string, pattern, ok bool) {
	if v.kind == argString && strings.ContainsAny(v.s, "*?") {
		return strings.ToLower(v.s), true, !strings.Contains(v.s, "~")
	}
	key, ok = lookupKey(v)
	return key, false, ok
}

// patternFinds is exactFinds, or for a pattern whether all of a text
// cell matches it.
func patternFinds(v calcArg, key string, pattern bool, at calcArg, lower string) bool {
	if pattern {
		return at.kind == argString && wildcardMatch(key, lower)
	}
	return exactFinds(v, key, at, lower)
}

// exactFinds is whether v, whose key lookupKey gave, finds cell at, whose
// text lowered is lower.
func exactFinds(v calcArg, key string, at calcArg, lower string) bool {
	if at.kind != v.kind {
		return false
	}
	if v.kind == argString {
		return lower == key
	}
	return at.n == v.n
}

// xlookup is XLOOKUP(value, lookup range, return range, [if not found],
// [match mode], [search mode]): match modes 0 (exact), -1 (exact or the
// next smaller) and 1 (exact or the next larger), search modes 1 (first
// to last) and -1 (last to first). Wildcard matching (2) and the binary
// searches (2, -2) are not computed, nor is a return range more than one
// cell across.
func (e *nativeEval) xlookup() (calcArg, bool) {
	v, ok := e.compare()
	if more, sep := e.next(); !ok || !sep || !more {
		return calcArg{}, false
	}
	look, ok := e.rangeArg()
	if more, sep := e.next(); !ok || !sep || !more {
		return calcArg{}, false
	}
	ret, ok := e.rangeArg()
	more, sep := e.next()
	if !ok || !sep {
		return calcArg{}, false
	}
	var opt [3]calcArg // if not found, match mode, search mode
	given := [3]bool{}
	for k := 0; more; k++ {
		if k == len(opt) {
			return calcArg{}, false
		}
		if t, has := e.peek(); has && (t.TType == efp.TokenTypeArgument || t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop) {
			more, sep = e.next() // an omitted argument
		} else {
			if opt[k], ok = e.compare(); !ok {
				return calcArg{}, false
			}
			given[k] = true
			more, sep = e.next()
		}
		if !sep {
			return calcArg{}, false
		}
	}
	match, search := 0.0, 1.0
	if given[1] {
		if opt[1].kind != argNumber {
			return calcArg{}, false
		}
		match = opt[1].n
	}
	if given[2] {
		if opt[2].kind != argNumber {
			return calcArg{}, false
		}
		search = opt[2].n
	}
	if v.kind == argError {
		return v, true
	}
	if match != 0 && match != -1 && match != 1 || search != 1 && search != -1 {
		return calcArg{}, false
	}
	return e.c.xlookupIn(v, look, ret, int(match), search < 0, opt[0], given[0])
}

// xlookupIn finds v in look as xlookup says and gives the cell of ret at
// the same position, notFound (when given) or #N/A when v finds none.
func (c *nativeCalc) xlookupIn(v calcArg, look, ret sheetRect, match int, backward bool, notFound calcArg, given bool) (calcArg, bool) {
	vertical := look.c1 == look.c2
	n := look.r2 - look.r1 + 1
	if !vertical {
		n = look.c2 - look.c1 + 1
		if look.r1 != look.r2 || ret.r1 != ret.r2 || ret.c2-ret.c1+1 != n {
			return calcArg{}, false
		}
	} else if ret.c1 != ret.c2 || ret.r2-ret.r1+1 != n {
		return calcArg{}, false
	}
	key, ok := lookupKey(v)
	if !ok {
		return calcArg{}, false
	}
	best := -1
	var bestVal calcArg
	for step := 0; step < n; step++ {
		k := step
		if backward {
			k = n - 1 - step
		}
		row, col := look.r1+k, look.c1
		if !vertical {
			row, col = look.r1, look.c1+k
		}
		at, ok := c.cellValue(look.sheet, row, col)
		if !ok {
			return calcArg{}, false
		}
		lower := ""
		if at.kind == argString {
			lower = strings.ToLower(at.s)
		}
		if exactFinds(v, key, at, lower) {
			best = k
			break
		}
		if match != 0 && at.kind == v.kind {
			o := compareValues(at, v)
			if o == match && (best < 0 || compareValues(at, bestVal) == -match) {
				best, bestVal = k, at
			}
		}
	}
	switch {
	case best >= 0 && vertical:
		return c.cellValue(ret.sheet, ret.r1+best, ret.c1)
	case best >= 0:
		return c.cellValue(ret.sheet, ret.r1, ret.c1+best)
	case given:
		return notFound, true
	}
	return errNA, true
}
