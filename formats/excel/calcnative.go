package excel

import (
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// excelize's evaluator reads every cell of a lookup's table into a matrix
// of its own values each time a formula reads the table: HECVAT's answer
// formulas (VLOOKUP($A18,'START HERE'!$A$23:$F$36,4,0)&"" and their
// siblings) made 220 MB of garbage for a 600-answer fill. The shapes a
// questionnaire repeats are few, so recalc computes them itself, reading
// the table's cells where they lie, with Excel's semantics (calcexcel.go):
// the cached value is the one Excel and LibreOffice show on open. What it
// does not compute (a function or an input it does not know) is left to
// excelize (calcbook.go).

// argKind is the type of a value during a native calculation.
type argKind uint8

const (
	argEmpty  argKind = iota // an empty cell
	argNumber                // a number
	argBool                  // TRUE or FALSE, which arithmetic reads as 1 or 0
	argString                // text
	argError                 // an error value (#N/A), its text in s
)

// calcArg is one value during a native calculation.
type calcArg struct {
	kind argKind
	n    float64 // a number, or 1 or 0 for a boolean
	s    string  // text
}

// text is the value as & joins it: a number as Excel turns one into
// text (generalNumber), a boolean as TRUE or FALSE. An error cannot be
// text (ok false).
func (a calcArg) text() (string, bool) {
	switch a.kind {
	case argNumber:
		return generalNumber(a.n)
	case argBool:
		if a.n == 0 {
			return "FALSE", true
		}
		return "TRUE", true
	case argString:
		return a.s, true
	case argError:
		return "", false
	}
	return "", true
}

// nativeCalc computes the formulas of one write that it can (see above).
type nativeCalc struct {
	wb      *workbook
	src     calcSource
	names   []calcName
	book    *calcBook
	closure closureMap // the formulas being recomputed (calcBook.closure)
	// results and states are by node, made when first needed: maps of
	// every recomputed formula held a third more (a fill of HECVAT 4.14
	// computes 12,900 of its 17,800 formulas).
	results []nodeValue
	states  []nodeState
	// work counts the cells read: past maxCalcWork the rest is left to
	// excelize, whose caps then apply. A cell costs well under a
	// microsecond here, and a formula reads no table of more than
	// maxFormulaWork cells, so the stop that calc checks before each
	// formula is seen within milliseconds.
	work int
	// tc tokenizes each shape of formula once: a write recomputes
	// thousands of formulas that differ in their row numbers alone.
	tc       *tokenCache
	columns  map[tableColumn]*columnCache // see calcvindex.go; made when first needed, as tc
	lastRows map[sheetRect]int            // see clipRows; made when first needed
}

// newNativeCalc makes the native calculation of book b, and gives b its
// results to read (calcBook.computed).
func newNativeCalc(b *calcBook) *nativeCalc {
	c := &nativeCalc{wb: b.wb, src: b.src, names: b.src.names(), book: b, closure: b.closure}
	b.native = c
	return c
}

// calcOnce is calc of node i unless it was tried already, as a formula
// another one read: then whether it was computed (trying again would give
// the same).
func (c *nativeCalc) calcOnce(i int, n *formulaNode) bool {
	if !c.is(i, nodeTried) {
		_, ok := c.calc(i, n)
		return ok
	}
	return c.is(i, nodeDone)
}

// calc computes node n, numbered i, and returns the cached value Excel
// would store for it; ok is false when the formula is left to excelize.
func (c *nativeCalc) calc(i int, n *formulaNode) (cachedValue, bool) {
	return c.calcText(i, n, c.book.text(n))
}

// calcText is calc of node n, whose formula is text. A formula on a cycle
// of whole ranges (HECVAT 4.14's 'High-Risk Evaluation', see calcexcel.go)
// is computed here too, cell by cell, as Excel does: excelize cannot
// compute it.
func (c *nativeCalc) calcText(i int, n *formulaNode, text string) (cachedValue, bool) {
	c.mark(i, nodeTried)
	if c.wb.stop.Check() != nil {
		return cachedValue{}, false // recalc sees the stop too
	}
	e := nativeEval{c: c, from: n.at.sheet, at: n.at, toks: c.tokens(text)}
	v, ok := e.compare()
	if !ok || e.pos != len(e.toks) {
		return cachedValue{}, false
	}
	if v.kind == argEmpty {
		// An empty result (a lookup's empty cell, as IF chose it) shows 0
		// in Excel and LibreOffice (HECVAT Full 3.06's
		// IF(C45="",VLOOKUP(A45,Questions!B$18:G$258,4,FALSE),…)).
		v = calcArg{kind: argNumber}
	}
	stored, ok := storedOf(v)
	if ok {
		c.mark(i, nodeDone|nodeState(v.kind)<<kindShift)
		c.results[i] = nodeValue{s: v.s, n: v.n}
	}
	return stored, ok
}

// tokens is text's tokens without spaces. An intersection (a space between two references) leaves two
// operands side by side, which no rule reads. The tokens are copied out of
// the cache: the formulas a formula reads are tokenized while it is read.
func (c *nativeCalc) tokens(text string) []efp.Token {
	if c.tc == nil {
		c.tc = newTokenCache()
	}
	return withoutSpaces(c.tc.parse(text))
}

// withoutSpaces is a copy of toks without their whitespace tokens.
func withoutSpaces(toks []efp.Token) []efp.Token {
	out := make([]efp.Token, 0, len(toks))
	for _, t := range toks {
		if t.TType != efp.TokenTypeWhitespace {
			out = append(out, t)
		}
	}
	return out
}

// result is node j's value, computed now when it was not yet: a formula
// read by the one being computed, which Excel computes first too.
func (c *nativeCalc) result(j int) (calcArg, bool) {
	if v, ok := c.value(j); ok {
		return v, true
	}
	if c.is(j, nodeTried) {
		return calcArg{}, false // it cannot be computed here, or is on a cycle
	}
	c.mark(j, nodeTried)
	n := c.book.g.nodes[j]
	if uncomputable(n, false) != "" {
		return calcArg{}, false
	}
	if _, ok := c.calc(j, n); !ok {
		return calcArg{}, false
	}
	return c.value(j)
}

// cellValue is the value of the cell at sheet, row, col as a formula reads
// it: a recomputed one's result, else its stored value. ok is false where
// the value is not known (a formula left to excelize, or an uncached one)
// or not read here (an unparsable number, text with _xHHHH_ escapes,
// which Excel decodes, or past a cell's 32,767 characters).
func (c *nativeCalc) cellValue(sheet, row, col int) (calcArg, bool) {
	if c.work++; c.work > maxCalcWork {
		return calcArg{}, false
	}
	at := cell{sheet: sheet, row: row, col: col}
	if j, in := c.closure.get(at); in {
		return c.result(j)
	}
	v := c.src.value(sheet, row, col)
	if v.formula && v.kind == calcEmpty {
		// An uncached formula: computed too, as calcBook.pull has
		// excelize compute it.
		if j, ok := c.book.pull(at); ok {
			return c.result(j)
		}
		return calcArg{}, false
	}
	switch v.kind {
	case calcEmpty:
		return calcArg{}, true
	case calcNumber:
		n, err := strconv.ParseFloat(v.text, 64)
		return calcArg{kind: argNumber, n: n}, err == nil
	case calcBool:
		b := calcArg{kind: argBool}
		if boolDigit(v.text) == "1" {
			b.n = 1
		}
		return b, true
	case calcError:
		return calcArg{kind: argError, s: v.text}, true
	case calcString:
		ok := !strings.Contains(v.text, "_x") && len(v.text) <= 32767
		return calcArg{kind: argString, s: v.text}, ok
	}
	return calcArg{}, false
}

// nativeEval reads one formula's tokens.
type nativeEval struct {
	c    *nativeCalc
	from int  // the formula's sheet
	at   cell // the formula's cell, which a lone range intersects
	toks []efp.Token
	pos  int
}

func (e *nativeEval) peek() (efp.Token, bool) {
	if e.pos >= len(e.toks) {
		return efp.Token{}, false
	}
	return e.toks[e.pos], true
}

// operand is a constant, a one-cell reference, a call or a parenthesised
// comparison.
func (e *nativeEval) operand() (calcArg, bool) {
	t, more := e.peek()
	if !more {
		return calcArg{}, false
	}
	e.pos++
	switch {
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeText:
		return calcArg{kind: argString, s: t.TValue}, true
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeNumber:
		n, err := strconv.ParseFloat(t.TValue, 64)
		return calcArg{kind: argNumber, n: n}, err == nil
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange:
		r, ok := e.c.wb.refRect(e.from, t.TValue, e.c.names)
		if ok && len(e.toks) == 1 {
			return e.intersect(r)
		}
		if !ok || strings.Contains(t.TValue, ":") || r.r1 != r.r2 || r.c1 != r.c2 {
			return calcArg{}, false
		}
		return e.c.cellValue(r.sheet, r.r1, r.c1)
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeLogical:
		return boolArg(strings.EqualFold(t.TValue, "TRUE")), true
	case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
		return e.call(strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn.")))
	case t.TType == efp.TokenTypeSubexpression && t.TSubType == efp.TokenSubTypeStart:
		v, ok := e.compare()
		if t, more := e.peek(); !ok || !more || t.TType != efp.TokenTypeSubexpression || t.TSubType != efp.TokenSubTypeStop {
			return v, false
		}
		e.pos++
		return v, true
	}
	return calcArg{}, false
}

// args reads a call's arguments up to its stop token; each is a
// comparison, but for the ones special reads, by index.
func (e *nativeEval) args(special func(k int) (calcArg, bool, bool)) ([]calcArg, bool) {
	var out []calcArg
	for k := 0; ; k++ {
		var v calcArg
		ok, done := false, false
		if special != nil {
			v, ok, done = special(k)
		}
		if !done {
			v, ok = e.compare()
		}
		if !ok {
			return nil, false
		}
		out = append(out, v)
		t, more := e.peek()
		if !more {
			return nil, false
		}
		e.pos++
		switch {
		case t.TType == efp.TokenTypeArgument:
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop:
			return out, true
		default:
			return nil, false
		}
	}
}

// intersect is a formula that is one range reference: Excel's implicit
// intersection, the range's cell in the formula's column (a range one row
// high) or row (one column wide), #VALUE! when the formula's cell lies
// beside the range or the range is neither (HECVAT Full 3.06's 'Analyst
// Report'!A56 is ='HECVAT - Full | Vendor Response'!A52:B52, a merged
// title, and shows A52).
func (e *nativeEval) intersect(r sheetRect) (calcArg, bool) {
	switch {
	case r.r1 == r.r2 && r.c1 <= e.at.col && e.at.col <= r.c2:
		return e.c.cellValue(r.sheet, r.r1, e.at.col)
	case r.c1 == r.c2 && r.r1 <= e.at.row && e.at.row <= r.r2:
		return e.c.cellValue(r.sheet, e.at.row, r.c1)
	case r.r1 == r.r2 && r.c1 == r.c2:
		return e.c.cellValue(r.sheet, r.r1, r.c1)
	}
	return errValue, true
}
