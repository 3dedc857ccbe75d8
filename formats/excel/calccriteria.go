package excel

import (
	"strconv"
	"strings"
)

// SUMIF and COUNTIF with Excel's criteria (see calcexcel.go): a number,
// boolean or text criterion, or text starting with a comparison (">=3",
// "<>No"). An equality matches a cell of the same kind, text without
// regard to case; an inequality every other cell; < > <= >= numbers with
// a number, text with text. Criteria that Excel reads in ways LibreOffice
// may not (wildcards, an empty criterion, text that holds a number a cell
// might hold as text, an error in the cells compared) are not computed.

// criterion is a parsed criterion: a comparison and its value.
type criterion struct {
	op string // = <> < > <= >=
	v  calcArg
}

// parseCriterion reads c as a criterion; ok is false for the criteria
// not computed.
func parseCriterion(c calcArg) (criterion, bool) {
	switch c.kind {
	case argNumber, argBool:
		return criterion{op: "=", v: c}, true
	case argString:
	default:
		return criterion{}, false
	}
	s, op := c.s, "="
	for _, p := range []string{"<=", ">=", "<>", "<", ">", "="} {
		if strings.HasPrefix(s, p) {
			s, op = s[len(p):], p
			break
		}
	}
	if n, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && !strings.ContainsAny(s, "xXpPnN_") {
		return criterion{op: op, v: calcArg{kind: argNumber, n: n}}, true
	}
	if strings.EqualFold(s, "TRUE") || strings.EqualFold(s, "FALSE") {
		return criterion{op: op, v: boolArg(strings.EqualFold(s, "TRUE"))}, true
	}
	if s == "" || strings.ContainsAny(s, "*?~") || mayBeNumber(s) {
		return criterion{}, false
	}
	return criterion{op: op, v: calcArg{kind: argString, s: s}}, true
}

// matches is whether cell value at meets the criterion; ok is false where
// the result is not computed.
func (cr criterion) matches(at calcArg) (hit, ok bool) {
	switch {
	case at.kind == argError:
		return false, cr.op != "<>"
	case at.kind == argString && cr.v.kind == argNumber:
		if _, err := strconv.ParseFloat(strings.TrimSpace(at.s), 64); err == nil {
			return false, false // Excel may read the text as the number
		}
	}
	same := at.kind == cr.v.kind
	switch cr.op {
	case "=":
		return same && compareValues(at, cr.v) == 0, true
	case "<>":
		return !same || compareValues(at, cr.v) != 0, true
	}
	return same && holds(cr.op, compareValues(at, cr.v)), true
}

// conditional is SUMIF(range, criterion, [sum range]) (sum) or
// COUNTIF(range, criterion). A sum range of another shape than range is
// not computed.
func (e *nativeEval) conditional(sum bool) (calcArg, bool) {
	r, ok := e.rangeArg()
	if more, sep := e.next(); !ok || !sep || !more {
		return calcArg{}, false
	}
	c, ok := e.compare()
	if !ok {
		return calcArg{}, false
	}
	more, sep := e.next()
	if !sep {
		return calcArg{}, false
	}
	add := r
	if more {
		if !sum {
			return calcArg{}, false
		}
		if add, ok = e.rangeArg(); !ok || add.r2-add.r1 != r.r2-r.r1 || add.c2-add.c1 != r.c2-r.c1 {
			return calcArg{}, false
		}
		if more, sep = e.next(); !sep || more {
			return calcArg{}, false
		}
	}
	if c.kind == argError {
		return c, true
	}
	cr, ok := parseCriterion(c)
	if !ok {
		return calcArg{}, false
	}
	return e.c.conditionalIn(cr, r, add, sum)
}

// conditionalIn sums the numbers of add (sum) or counts the cells where
// the cells of r at the same place meet cr.
func (c *nativeCalc) conditionalIn(cr criterion, r, add sheetRect, sum bool) (calcArg, bool) {
	total := 0.0
	for row := r.r1; row <= r.r2; row++ {
		for col := r.c1; col <= r.c2; col++ {
			at, ok := c.cellValue(r.sheet, row, col)
			if !ok {
				return calcArg{}, false
			}
			hit, ok := cr.matches(at)
			switch {
			case !ok:
				return calcArg{}, false
			case !hit:
				continue
			case !sum:
				total++
				continue
			}
			v, ok := c.cellValue(add.sheet, add.r1+row-r.r1, add.c1+col-r.c1)
			switch {
			case !ok:
				return calcArg{}, false
			case v.kind == argError:
				return v, true
			case v.kind == argNumber:
				total += v.n
			}
		}
	}
	return calcArg{kind: argNumber, n: total}, true
}
