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
// the table's cells where they lie: references, text and number
// constants, &, = and <>, IF, LEFT and an exact-match VLOOKUP whose table
// is a fixed range. Anything else, or any input where Excel and excelize
// would give different results (see calcvlookup.go), is left to excelize,
// so a result computed here is the one excelize gives for it, which
// TestNativeMatchesExcelize checks on every formula of the real workbooks.
// The exception is a formula on a cycle of whole ranges, which excelize
// cannot compute: that one is computed with Excel's semantics, and more
// functions (calcexcel.go).

// argKind is the type of a value during a native calculation.
type argKind uint8

const (
	argEmpty  argKind = iota // an empty cell
	argNumber                // a number
	argBool                  // TRUE or FALSE, which arithmetic reads as 1 or 0
	argString                // text
	argError                 // an error value (#N/A), its text in s; Excel mode only (see calcexcel.go)
)

// calcArg is one value during a native calculation.
type calcArg struct {
	kind argKind
	n    float64 // a number, or 1 or 0 for a boolean
	s    string  // text
}

// text is the value as & joins it: a number in Go's shortest %g form
// (1e+06 for a million), as excelize writes it, a boolean as TRUE or FALSE.
func (a calcArg) text() string {
	switch a.kind {
	case argNumber:
		return strconv.FormatFloat(a.n, 'g', -1, 64)
	case argBool:
		if a.n == 0 {
			return "FALSE"
		}
		return "TRUE"
	case argString:
		return a.s
	}
	return ""
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
	tc      *tokenCache
	columns map[tableColumn]*columnCache // see calcvindex.go; made when first needed, as tc
	// excel is set while a formula on a range-level cycle is computed,
	// with the formulas it reads: excelize cannot compute those, so they
	// are computed with Excel's semantics (calcexcel.go), not excelize's.
	excel    bool
	lastRows map[sheetRect]int // see clipRows; made when first needed
}

func newNativeCalc(b *calcBook) *nativeCalc {
	return &nativeCalc{wb: b.wb, src: b.src, names: b.src.names(), book: b, closure: b.closure}
}

// calcOnce is calc of node i unless it was tried already, as a formula
// another one read: then its result, or false when it could not be
// computed (trying again would give the same).
func (c *nativeCalc) calcOnce(i int, n *formulaNode) (raw string, ok bool) {
	if !c.is(i, nodeTried) {
		return c.calc(i, n)
	}
	return c.raw(i)
}

// calc computes node n, numbered i, and returns its value as excelize's
// CalcCellValue gives it with RawCellValue; ok is false when the formula
// is left to excelize.
func (c *nativeCalc) calc(i int, n *formulaNode) (raw string, ok bool) {
	return c.calcText(i, n, c.book.g.text(n))
}

// calcText is calc of node n, whose formula is text.
func (c *nativeCalc) calcText(i int, n *formulaNode, text string) (raw string, ok bool) {
	c.mark(i, nodeTried)
	if c.wb.stop.Check() != nil {
		return "", false // recalc sees the stop too
	}
	if !c.excel && c.book != nil && c.book.cyclic.has(i) {
		c.excel = true
		defer func() { c.excel = false }()
	}
	e := nativeEval{c: c, from: n.at.sheet, toks: c.tokens(text)}
	v, ok := e.compare()
	if !ok || e.pos != len(e.toks) || v.kind == argError && !c.excel {
		return "", false
	}
	if v.kind == argEmpty {
		// An empty result (a lookup's empty cell, as IF chose it) shows 0
		// in Excel and LibreOffice, "" in excelize: the one place calc
		// gives Excel's value, not excelize's (HECVAT Full 3.06's
		// IF(C45="",VLOOKUP(A45,Questions!B$18:G$258,4,FALSE),…)).
		v = calcArg{kind: argNumber}
		c.mark(i, nodeEmptied)
	}
	state := nodeDone | nodeState(v.kind)<<kindShift
	if c.excel {
		raw, ok = excelRaw(v)
		state |= nodeExcel
	} else {
		raw, ok = rawResult(v)
	}
	if ok {
		c.mark(i, state)
		c.results[i] = nodeValue{s: v.s, n: v.n}
	}
	return raw, ok
}

// tokens is text's tokens without spaces, as calcText gives them to
// excelize. An intersection (a space between two references) leaves two
// operands side by side, which no rule reads. The tokens are copied out of
// the cache: the formulas a formula reads are tokenized while it is read.
func (c *nativeCalc) tokens(text string) []efp.Token {
	if c.tc == nil {
		c.tc = newTokenCache()
	}
	toks := c.tc.parse(text)
	out := make([]efp.Token, 0, len(toks))
	for _, t := range toks {
		if t.TType != efp.TokenTypeWhitespace {
			out = append(out, t)
		}
	}
	return out
}

// rawResult is v as CalcCellValue gives it: a number in plain digits (a
// whole number under 10^15 only: past it, or with a fraction, excelize's
// rounding to 15 digits is left to excelize).
func rawResult(v calcArg) (string, bool) {
	if v.kind != argNumber {
		return v.text(), true
	}
	if v.n != float64(int64(v.n)) || v.n >= 1e15 || v.n <= -1e15 {
		return "", false
	}
	return strconv.FormatInt(int64(v.n), 10), true
}

// result is node j's value, computed now when it was not yet: a formula
// read by the one being computed, which excelize would compute first too.
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
// excelize's reading may differ (an unparsable number, text excelize
// decodes or cuts, an error value) or the value is not known (a formula
// recomputed by excelize, or an uncached one).
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
		return calcArg{kind: argError, s: v.text}, c.excel
	case calcString:
		// excelize decodes _xHHHH_ escapes and caps a cell at 32,767
		// characters.
		ok := !strings.Contains(v.text, "_x") && len(v.text) <= 32767
		return calcArg{kind: argString, s: v.text}, ok
	}
	return calcArg{}, false
}

// nativeEval reads one formula's tokens.
type nativeEval struct {
	c    *nativeCalc
	from int // the formula's sheet
	toks []efp.Token
	pos  int
}

func (e *nativeEval) peek() (efp.Token, bool) {
	if e.pos >= len(e.toks) {
		return efp.Token{}, false
	}
	return e.toks[e.pos], true
}

// compare is a comparison (=, <>) of two joins, or one join.
func (e *nativeEval) compare() (calcArg, bool) {
	if e.c.excel {
		return e.excelCompare()
	}
	l, joined, ok := e.join()
	if !ok {
		return l, false
	}
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperatorInfix || t.TValue != "=" && t.TValue != "<>" {
		return l, true
	}
	e.pos++
	r, joinedR, ok := e.join()
	if !ok || joined || joinedR {
		return l, false // & beside = is left to excelize's precedence
	}
	eq := equal(l, r)
	if t.TValue == "<>" {
		eq = !eq
	}
	return boolArg(eq), true
}

// join is one operand or several joined with &; joined says whether any
// were.
func (e *nativeEval) join() (v calcArg, joined, ok bool) {
	if v, ok = e.operand(); !ok {
		return v, false, false
	}
	for {
		t, more := e.peek()
		if !more || t.TType != efp.TokenTypeOperatorInfix || t.TValue != "&" {
			return v, joined, true
		}
		e.pos++
		r, ok := e.operand()
		if !ok {
			return v, joined, false
		}
		v, joined = calcArg{kind: argString, s: v.text() + r.text()}, true
	}
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
		if !ok || strings.Contains(t.TValue, ":") || r.r1 != r.r2 || r.c1 != r.c2 {
			return calcArg{}, false
		}
		return e.c.cellValue(r.sheet, r.r1, r.c1)
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeLogical && e.c.excel:
		return boolArg(strings.EqualFold(t.TValue, "TRUE")), true
	case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
		if e.c.excel {
			return e.excelCall(strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn.")))
		}
		return e.call(strings.ToUpper(t.TValue))
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

// call is a call of name, whose start token is read.
func (e *nativeEval) call(name string) (calcArg, bool) {
	switch name {
	case "IF":
		args, ok := e.args(nil)
		if !ok || len(args) != 3 {
			return calcArg{}, false
		}
		return ifResult(args[0], args[1], args[2])
	case "LEFT":
		args, ok := e.args(nil)
		if !ok || len(args) != 2 {
			return calcArg{}, false
		}
		return left(args[0], args[1])
	case "VLOOKUP":
		return e.vlookup()
	case "OR", "AND":
		args, ok := e.args(nil)
		if !ok {
			return calcArg{}, false
		}
		return logical(name == "OR", args)
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
