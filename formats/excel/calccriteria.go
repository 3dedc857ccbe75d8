package excel

import (
	"strconv"
	"strings"
	"time"

	"github.com/xuri/efp"
)

// SUMIF and COUNTIF with Excel's criteria (see calcexcel.go): a number,
// boolean or text criterion, or text starting with a comparison (">=3",
// "<>No"). An equality matches a cell of the same kind, text without
// regard to case; an inequality every other cell; < > <= >= numbers with
// a number, text with text, so that text holding a number ("007") meets
// no ">0", in Excel as in LibreOffice. A criterion's date (">1/1/2024",
// month first as Excel reads it in English, or an unambiguous spelling
// parseDate takes) is its serial number, as the dates a write stores.
// Criteria that Excel reads in ways LibreOffice may not (wildcards, an
// empty criterion, other text that holds a number, a cell's text that
// an equality might read as a number, an error in the cells compared)
// are not computed.

// criterion is a parsed criterion: a comparison and its value.
type criterion struct {
	op      string // = <> < > <= >=
	v       calcArg
	pattern bool // v's text holds wildcards (* ?)
}

// parseCriterion reads c as a criterion, a date in it in the 1904 date
// system when date1904; ok is false for the criteria not computed.
func parseCriterion(c calcArg, date1904 bool) (criterion, bool) {
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
	if n, ok := criterionDate(s, date1904); ok {
		return criterion{op: op, v: calcArg{kind: argNumber, n: n}}, true
	}
	if strings.EqualFold(s, "TRUE") || strings.EqualFold(s, "FALSE") {
		return criterion{op: op, v: boolArg(strings.EqualFold(s, "TRUE"))}, true
	}
	wild := strings.ContainsAny(s, "*?")
	if s == "" || strings.Contains(s, "~") || wild && op != "=" && op != "<>" || mayBeNumber(s) {
		return criterion{}, false
	}
	return criterion{op: op, v: calcArg{kind: argString, s: strings.ToLower(s)}, pattern: wild}, true
}

// criterionDates are the numeric spellings of a date a criterion takes
// besides parseDate's: month first, as Excel and LibreOffice read them
// in English. A two-digit year is left out: Excel reads 30 as 1930 where
// Go reads 2030.
var criterionDates = []string{"1/2/2006", "1-2-2006"}

// criterionDate is s, a date, as its serial number; ok is false for
// anything else, and for a date before March 1900, where Excel's serials
// count a day that never was (excelSerial).
func criterionDate(s string, date1904 bool) (float64, bool) {
	t, ok := parseDate(s)
	if !ok {
		t, ok = slashDate(s)
	}
	if !ok || t.Before(time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC)) {
		return 0, false
	}
	return excelSerial(t, date1904), true
}

// slashDate reads a date spelled with numbers month first (3/5/2024,
// 3-5-2024, criterionDates), which excelize's DATEVALUE and VALUE also
// read as Excel does (calcexcelizetext.go).
func slashDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range criterionDates {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// isSlashDate reports a date slashDate reads.
func isSlashDate(s string) bool { _, ok := slashDate(s); return ok }

// matches is whether cell value at meets the criterion; ok is false where
// the result is not computed.
func (cr criterion) matches(at calcArg) (hit, ok bool) {
	if cr.pattern {
		fits := at.kind == argString && wildcardMatch(cr.v.s, strings.ToLower(at.s))
		return fits != (cr.op == "<>"), true
	}
	switch {
	case at.kind == argError:
		return false, cr.op != "<>"
	case at.kind == argString && cr.v.kind == argNumber && cr.op != "=" && cr.op != "<>":
		return false, true // text is never less or more than a number
	case at.kind == argString && cr.v.kind == argNumber:
		if _, err := strconv.ParseFloat(strings.TrimSpace(at.s), 64); err == nil || mayBeNumber(at.s) {
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
	r, c, more, ok := e.rangeAndCriterion()
	if !ok {
		return calcArg{}, false
	}
	add := r
	if more {
		if !sum {
			return calcArg{}, false
		}
		if add, ok = e.criteriaRangeArg(); !ok {
			return calcArg{}, false
		}
		if more, sep := e.next(); !sep || more {
			return calcArg{}, false
		}
	}
	if c.kind == argError {
		return c, true
	}
	cr, ok := parseCriterion(c, e.c.date1904())
	if !ok {
		return calcArg{}, false
	}
	return e.c.conditionalIn([]criterionRange{{cr, r}}, add, sum)
}

// criterionRange is one range of a conditional sum or count and the
// criterion its cells meet.
type criterionRange struct {
	cr criterion
	r  sheetRect
}

// conditionalIn sums the numbers of add (sum) or counts the cells of the
// first range where the cells of every range at the same place meet its
// criterion. The ranges, of one shape, are read to the last row any of
// them uses (whole columns, see clipRows); the empty rows past it count
// where an empty cell meets every criterion, and add nothing to a sum.
func (c *nativeCalc) conditionalIn(crs []criterionRange, add sheetRect, sum bool) (calcArg, bool) {
	first := crs[0].r
	rows, cols := first.r2-first.r1+1, first.c2-first.c1+1
	used := 0
	for _, r := range append([]sheetRect{add}, rangesOf(crs)...) {
		if r.r2-r.r1+1 != rows || r.c2-r.c1+1 != cols {
			return calcArg{}, false
		}
		clipped, ok := c.clipRows(r)
		if !ok {
			return calcArg{}, false
		}
		used = max(used, clipped.r2-clipped.r1+1)
	}
	if used*cols*(len(crs)+1) > maxFormulaWork {
		return calcArg{}, false
	}
	total := 0.0
	for dr := 0; dr < used; dr++ {
		for dc := 0; dc < cols; dc++ {
			hit, ok := c.meetsAll(crs, dr, dc)
			switch {
			case !ok:
				return calcArg{}, false
			case !hit:
				continue
			case !sum:
				total++
				continue
			}
			v, ok := c.cellValue(add.sheet, add.r1+dr, add.c1+dc)
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
	if !sum && used < rows {
		empty := true
		for _, cr := range crs {
			hit, ok := cr.cr.matches(calcArg{})
			if !ok {
				return calcArg{}, false
			}
			empty = empty && hit
		}
		if empty {
			total += float64((rows - used) * cols)
		}
	}
	return calcArg{kind: argNumber, n: total}, true
}

// meetsAll reports whether the cells at row dr, column dc of every range
// of crs meet its criterion.
func (c *nativeCalc) meetsAll(crs []criterionRange, dr, dc int) (hit, ok bool) {
	for _, cr := range crs {
		at, ok := c.cellValue(cr.r.sheet, cr.r.r1+dr, cr.r.c1+dc)
		if !ok {
			return false, false
		}
		if hit, ok = cr.cr.matches(at); !ok || !hit {
			return false, ok
		}
	}
	return true, true
}

// rangesOf is the ranges of crs.
func rangesOf(crs []criterionRange) []sheetRect {
	out := make([]sheetRect, len(crs))
	for i, cr := range crs {
		out[i] = cr.r
	}
	return out
}

// conditionals is SUMIFS(sum range, range, criterion, …) (sum) or
// COUNTIFS(range, criterion, …): every range of one shape.
func (e *nativeEval) conditionals(sum bool) (calcArg, bool) {
	var add sheetRect
	if sum {
		var ok bool
		if add, ok = e.criteriaRangeArg(); !ok {
			return calcArg{}, false
		}
		if more, sep := e.next(); !sep || !more {
			return calcArg{}, false
		}
	}
	var crs []criterionRange
	var bad calcArg
	for more := true; more; {
		var r sheetRect
		var c calcArg
		var ok bool
		if r, c, more, ok = e.rangeAndCriterion(); !ok {
			return calcArg{}, false
		}
		if c.kind == argError {
			bad = c
			continue
		}
		cr, ok := parseCriterion(c, e.c.date1904())
		if !ok {
			return calcArg{}, false
		}
		crs = append(crs, criterionRange{cr, r})
	}
	if bad.kind == argError {
		return bad, true
	}
	if !sum {
		add = crs[0].r
	}
	return e.c.conditionalIn(crs, add, sum)
}

// rangeAndCriterion reads a range and the criterion its cells are to
// meet, and the separator after them: more says whether arguments
// follow; ok is false for a malformed call.
func (e *nativeEval) rangeAndCriterion() (r sheetRect, c calcArg, more, ok bool) {
	r, ok = e.criteriaRangeArg()
	if more, sep := e.next(); !ok || !sep || !more {
		return sheetRect{}, calcArg{}, false, false
	}
	if c, ok = e.compare(); !ok {
		return sheetRect{}, calcArg{}, false, false
	}
	more, sep := e.next()
	if !sep {
		return sheetRect{}, calcArg{}, false, false
	}
	return r, c, more, true
}

// criteriaRangeArg reads a reference to a range: whole columns too, which
// conditionalIn reads to their last row used, and a single cell, which
// Excel and LibreOffice read as a range of one (COUNTIFS(M!C2,"Yes") is 1
// where M!C2 holds Yes).
func (e *nativeEval) criteriaRangeArg() (sheetRect, bool) {
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperand || t.TSubType != efp.TokenSubTypeRange {
		return sheetRect{}, false
	}
	e.pos++
	r, ok := e.c.wb.refRect(e.from, t.TValue, e.c.names)
	if !ok || r.r2 > maxRows || r.c2 >= maxCols || r.r2 < maxRows && (r.r2-r.r1+1)*(r.c2-r.c1+1) > maxFormulaWork {
		return sheetRect{}, false
	}
	return r, true
}

// wildcardMatch reports whether all of s matches pattern, where * stands
// for any characters and ? for one.
func wildcardMatch(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	star, from := -1, 0 // the last * seen, and where its match may end
	i, j := 0, 0
	for j < len(t) {
		switch {
		case i < len(p) && (p[i] == '?' || p[i] == t[j]):
			i++
			j++
		case i < len(p) && p[i] == '*':
			star, from = i, j
			i++
		case star >= 0:
			from++
			i, j = star+1, from
		default:
			return false
		}
	}
	for i < len(p) && p[i] == '*' {
		i++
	}
	return i == len(p)
}

// date1904 reports whether the workbook counts its dates in the 1904
// date system.
func (c *nativeCalc) date1904() bool {
	return c.wb.book != nil && c.wb.book.date1904
}
