package excel

import (
	"math"
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// INDIRECT and OFFSET name the cells they read by a value: text built
// with & (OWASP SAMM's INDIRECT("Ans" & E18 & "TBL"), a defined name;
// FFIEC CAT's INDIRECT("'"&C10&"'!$E$8:$E$250"), a sheet named by a
// cell), or numbers added to a base reference. refEval computes that
// value from the workbook's values and gives the range it names, so that
// recalc can trace the formula like any other (recalcdynamic.go). It
// computes the few functions such arguments use (CHAR, TRIM, TEXT, ROW,
// ROWS, COLUMN, COLUMNS, ADDRESS, SUBSTITUTE, UPPER, LOWER, COUNTA) and
// leaves any other call, and any whole argument it can, to the native
// calculation (calcnative.go), whose cells it reads. Anything else fails:
// the formula stays untraced.

// refValue is a value during a reference's evaluation: a reference, or
// one value.
type refValue struct {
	ref   sheetRect
	isRef bool
	arg   calcArg
}

// refEval evaluates the tokens of one formula's dynamic calls.
type refEval struct {
	nc    *nativeCalc
	at    cell // the formula's cell: ROW() and a reference without a sheet
	toks  []efp.Token
	depth int // nested calls, bounded by maxRefDepth
}

// maxRefDepth bounds the nesting refEval follows: a formula's text is
// untrusted input.
const maxRefDepth = 64

// dynamicCall reports whether the function token t starts INDIRECT or
// OFFSET.
func dynamicCall(t efp.Token) bool {
	if t.TType != efp.TokenTypeFunction || t.TSubType != efp.TokenSubTypeStart {
		return false
	}
	return dynamicRef[strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn."))]
}

// callRef is the range named by the INDIRECT or OFFSET call whose tokens
// run from start to its stop token end.
func (e *refEval) callRef(start, end int) (sheetRect, bool) {
	v, ok := e.call(start, end)
	if !ok || !v.isRef {
		return sheetRect{}, false
	}
	return v.ref, true
}

// span evaluates the tokens from a to b (exclusive): the native
// calculation's whole, else refEval's own reading.
func (e *refEval) span(a, b int) (refValue, bool) {
	if a >= b {
		return refValue{}, false
	}
	if v, ok := e.native(a, b); ok {
		return refValue{arg: v}, true
	}
	p := &refParse{e: e, pos: a, end: b}
	v, ok := p.join()
	return v, ok && p.pos == b
}

// native is the tokens from a to b as the native calculation computes
// them, when it does: a lone reference is not read there (it is a
// reference, not the implicit intersection native gives it).
func (e *refEval) native(a, b int) (calcArg, bool) {
	if b-a == 1 && e.toks[a].TSubType == efp.TokenSubTypeRange {
		return calcArg{}, false
	}
	for k := a; k < b; k++ {
		if e.toks[k].TType == efp.TokenTypeFunction && e.toks[k].TSubType == efp.TokenSubTypeStart && !nativeKnows(e.toks[k].TValue) {
			return calcArg{}, false // native would fail on it; refParse reads it
		}
	}
	ne := nativeEval{c: e.nc, from: e.at.sheet, at: e.at, toks: e.toks[a:b:b]}
	v, ok := ne.compare()
	return v, ok && ne.pos == b-a
}

// nativeKnows reports whether the native calculation computes the
// function name (calcexcelfuncs.go's call).
func nativeKnows(name string) bool {
	switch strings.ToUpper(strings.TrimPrefix(name, "_xlfn.")) {
	case "IF", "IFERROR", "VLOOKUP", "XLOOKUP", "HLOOKUP", "MATCH", "LOOKUP", "INDEX", "SUMIF", "COUNTIF",
		"SUMIFS", "COUNTIFS", "CONCATENATE", "SUM", "COUNT", "LEN", "ISNUMBER", "FIND", "LEFT", "OR", "AND":
		return true
	}
	return false
}

// scalar is v as one value: a reference's one cell read (a wider one is
// not computed).
func (e *refEval) scalar(v refValue) (calcArg, bool) {
	if !v.isRef {
		return v.arg, true
	}
	if v.ref.r1 != v.ref.r2 || v.ref.c1 != v.ref.c2 {
		return calcArg{}, false
	}
	return e.nc.cellValue(v.ref.sheet, v.ref.r1, v.ref.c1)
}

// args splits the call whose start token is at start and stop at end
// into its arguments' token spans.
func (e *refEval) args(start, end int) [][2]int {
	return argSpans(e.toks, start+1, end)
}

// call is the function call from start to end: one refEval computes, or
// the native calculation's.
func (e *refEval) call(start, end int) (refValue, bool) {
	if e.depth++; e.depth > maxRefDepth {
		return refValue{}, false
	}
	defer func() { e.depth-- }()
	name := strings.ToUpper(strings.TrimPrefix(e.toks[start].TValue, "_xlfn."))
	f := refFunc(name)
	if f == nil {
		v, ok := e.native(start, end+1) // its arguments hold a call native does not know
		return refValue{arg: v}, ok
	}
	spans := e.args(start, end)
	vals := make([]refValue, len(spans))
	for k, s := range spans {
		v, ok := e.span(s[0], s[1])
		if !ok {
			return refValue{}, false
		}
		vals[k] = v
	}
	return f(e, vals)
}

// refParse reads a span's operators: & over + and - over * and / over a
// sign over operands, as Excel does.
type refParse struct {
	e        *refEval
	pos, end int
}

func (p *refParse) infix(next func() (refValue, bool), ops string, apply func(op string, l, r calcArg) (calcArg, bool)) (refValue, bool) {
	l, ok := next()
	for ok && p.pos < p.end {
		t := p.e.toks[p.pos]
		if t.TType != efp.TokenTypeOperatorInfix || !strings.Contains(ops, t.TValue) || len(t.TValue) != 1 {
			break
		}
		p.pos++
		var r refValue
		if r, ok = next(); !ok {
			break
		}
		la, ok1 := p.e.scalar(l)
		ra, ok2 := p.e.scalar(r)
		if !ok1 || !ok2 {
			return refValue{}, false
		}
		var v calcArg
		v, ok = apply(t.TValue, la, ra)
		l = refValue{arg: v}
	}
	return l, ok
}

func (p *refParse) join() (refValue, bool) {
	return p.infix(p.sum, "&", func(_ string, l, r calcArg) (calcArg, bool) {
		return concatenate([]calcArg{l, r})
	})
}

func (p *refParse) sum() (refValue, bool) { return p.infix(p.product, "+-", arithmetic) }

func (p *refParse) product() (refValue, bool) { return p.infix(p.signed, "*/", arithmetic) }

// signed is an operand with a sign before it.
func (p *refParse) signed() (refValue, bool) {
	if p.pos < p.end && p.e.toks[p.pos].TType == efp.TokenTypeOperatorPrefix {
		neg := p.e.toks[p.pos].TValue == "-"
		p.pos++
		v, ok := p.signed()
		if !ok || !neg {
			return v, ok
		}
		a, ok := p.e.scalar(v)
		if !ok {
			return refValue{}, false
		}
		r, ok := arithmetic("-", calcArg{kind: argNumber}, a)
		return refValue{arg: r}, ok
	}
	return p.operand()
}

// operand is a constant, a reference, a call or a parenthesised span.
func (p *refParse) operand() (refValue, bool) {
	if p.pos >= p.end {
		return refValue{}, false
	}
	t := p.e.toks[p.pos]
	switch {
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeText:
		p.pos++
		return refValue{arg: calcArg{kind: argString, s: t.TValue}}, true
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeNumber:
		p.pos++
		n, err := strconv.ParseFloat(t.TValue, 64)
		return refValue{arg: calcArg{kind: argNumber, n: n}}, err == nil
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeLogical:
		p.pos++
		return refValue{arg: boolArg(strings.EqualFold(t.TValue, "TRUE"))}, true
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange:
		p.pos++
		r, ok := p.e.nc.wb.refRect(p.e.at.sheet, t.TValue, p.e.nc.names)
		return refValue{ref: r, isRef: true}, ok
	case t.TSubType == efp.TokenSubTypeStart:
		end := callEnd(p.e.toks, p.pos)
		if end >= p.end {
			return refValue{}, false
		}
		start := p.pos
		p.pos = end + 1
		if t.TType == efp.TokenTypeFunction {
			return p.e.call(start, end)
		}
		if t.TType == efp.TokenTypeSubexpression {
			return p.e.span(start+1, end)
		}
	}
	return refValue{}, false
}

// number is v as a whole number, as a reference's arguments are read
// (truncated).
func (e *refEval) number(v refValue) (int, bool) {
	a, ok := e.scalar(v)
	if !ok {
		return 0, false
	}
	n, bad, ok := asNumber(a)
	if !ok || bad.kind == argError || math.Abs(n) > maxRows {
		return 0, false
	}
	return int(math.Trunc(n)), true
}

// text is v as text.
func (e *refEval) text(v refValue) (string, bool) {
	a, ok := e.scalar(v)
	if !ok {
		return "", false
	}
	return a.text()
}
