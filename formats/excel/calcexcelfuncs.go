package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// The functions the native calculation computes, with Excel's semantics
// (see calcexcel.go). IF and IFERROR read only the argument they give, as
// Excel and LibreOffice do: reading the other could meet a cycle the
// result does not depend on.

// nativeFunctions are the functions call computes, which a warning on a
// formula left to excelize tells from the others (leftToFallback);
// TestNativeFunctionsAreTheCallCases holds it to call's cases.
var nativeFunctions = map[string]bool{
	"IF": true, "IFERROR": true, "VLOOKUP": true, "XLOOKUP": true, "HLOOKUP": true, "MATCH": true,
	"LOOKUP": true, "INDEX": true, "SUMIF": true, "COUNTIF": true, "SUMIFS": true, "COUNTIFS": true,
	"CONCATENATE": true, "SUM": true, "SUMPRODUCT": true, "COUNT": true, "MAX": true, "MIN": true,
	"AVERAGE": true, "COUNTA": true, "ISBLANK": true, "TRIM": true, "CLEAN": true, "CHAR": true,
	"SUBSTITUTE": true, "LEN": true, "ISNUMBER": true, "ISTEXT": true, "ISNONTEXT": true,
	"ISLOGICAL": true, "FIND": true, "LEFT": true, "OR": true, "AND": true, "N": true, "MID": true, "RIGHT": true,
	"SEARCH": true, "MOD": true, "HYPERLINK": true, "IFNA": true,
}

// call is a call of name, whose start token is read.
func (e *nativeEval) call(name string) (calcArg, bool) {
	switch name {
	case "IF":
		return e.ifCall()
	case "IFERROR":
		return e.ifError(anyError)
	case "VLOOKUP":
		return e.vlookup()
	case "XLOOKUP":
		return e.xlookup()
	case "HLOOKUP":
		return e.hlookup()
	case "MATCH":
		return e.match()
	case "LOOKUP":
		return e.lookup()
	case "INDEX":
		return e.index()
	case "SUMIF", "COUNTIF":
		return e.conditional(name == "SUMIF")
	case "SUMIFS", "COUNTIFS":
		return e.conditionals(name == "SUMIFS")
	case "CONCATENATE":
		args, ok := e.args(nil)
		if !ok {
			return calcArg{}, false
		}
		return concatenate(args)
	case "SUM":
		return e.sum()
	case "SUMPRODUCT":
		return e.sumProduct() // calcsumproduct.go
	case "COUNT":
		return e.count()
	case "MAX", "MIN":
		return e.extreme(name == "MAX")
	case "AVERAGE":
		return e.average()
	case "COUNTA":
		return e.countA()
	case "ISBLANK":
		return e.isBlank()
	case "TRIM", "CLEAN", "CHAR", "SUBSTITUTE":
		return e.textCall(name)
	case "LEN", "ISNUMBER", "ISTEXT", "ISNONTEXT", "ISLOGICAL":
		args, ok := e.args(nil)
		if !ok || len(args) != 1 {
			return calcArg{}, false
		}
		// The IS functions judge the value's type, never how its text
		// looks: excelize took a zip code "02139" held as text for a
		// number, and ISTEXT of it FALSE.
		switch name {
		case "ISNUMBER":
			return boolArg(args[0].kind == argNumber), true
		case "ISTEXT":
			return boolArg(args[0].kind == argString), true
		case "ISNONTEXT":
			return boolArg(args[0].kind != argString), true
		case "ISLOGICAL":
			return boolArg(args[0].kind == argBool), true
		}
		return length(args[0])
	case "FIND":
		args, ok := e.args(nil)
		if !ok || len(args) != 2 {
			return calcArg{}, false
		}
		return find(args[0], args[1])
	case "LEFT":
		args, ok := e.args(nil)
		if !ok || len(args) != 2 {
			return calcArg{}, false
		}
		return left(args[0], args[1])
	case "OR", "AND":
		return e.logical(name == "OR") // calclogical.go
	case "N":
		return e.toNumber()
	case "MID", "RIGHT", "SEARCH", "MOD", "HYPERLINK":
		return e.textMoreCall(name) // calctextmore.go
	case "IFNA":
		return e.ifError(isNA)
	}
	return calcArg{}, false
}

// next reads the token after an argument: more is true after a
// separator, false after the call's stop; ok is false on anything else.
func (e *nativeEval) next() (more, ok bool) {
	t, has := e.peek()
	if !has {
		return false, false
	}
	e.pos++
	switch {
	case t.TType == efp.TokenTypeArgument:
		return true, true
	case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop:
		return false, true
	}
	return false, false
}

// skip passes over one argument without computing it, up to the token
// after it, which it leaves to next.
func (e *nativeEval) skip() {
	depth := 0
	for ; e.pos < len(e.toks); e.pos++ {
		t := e.toks[e.pos]
		switch {
		case t.TSubType == efp.TokenSubTypeStart:
			depth++
		case t.TSubType == efp.TokenSubTypeStop:
			if depth == 0 {
				return
			}
			depth--
		case t.TType == efp.TokenTypeArgument && depth == 0:
			return
		}
	}
}

// skipRest passes over the call's remaining arguments and its stop; ok is
// false when the tokens end first.
func (e *nativeEval) skipRest(more bool) bool {
	for more {
		e.skip()
		var ok bool
		if more, ok = e.next(); !ok {
			return false
		}
	}
	return true
}

// ifCall is IF(condition, then, else): a number or boolean condition
// holds when not 0; an omitted else gives FALSE. A text condition is not
// computed (Excel reads "TRUE" as true, LibreOffice gives #VALUE!).
func (e *nativeEval) ifCall() (calcArg, bool) {
	cond, ok := e.compare()
	if !ok {
		return cond, false
	}
	more, ok := e.next()
	if !ok || !more {
		return calcArg{}, false
	}
	if cond.kind == argError {
		return cond, e.skipRest(true)
	}
	if cond.kind == argString {
		if !conditionTextIsValueError(cond.s) {
			return calcArg{}, false
		}
		return errValue, e.skipRest(true) // calcexcel.go
	}
	if cond.n != 0 { // an empty condition is false
		v, ok := e.compare()
		if !ok {
			return v, false
		}
		more, ok := e.next()
		return v, ok && e.skipRest(more)
	}
	e.skip()
	if more, ok = e.next(); !ok {
		return calcArg{}, false
	}
	if !more {
		return boolArg(false), true
	}
	v, ok := e.compare()
	if !ok {
		return v, false
	}
	more, ok = e.next()
	return v, ok && !more
}

// ifError is IFERROR(value, fallback) (catches any error) or IFNA
// (catches #N/A alone): fallback when catches takes value, else value.
// The argument not given is not read.
func (e *nativeEval) ifError(catches func(v calcArg) bool) (calcArg, bool) {
	v, ok := e.compare()
	if !ok {
		return v, false
	}
	if more, ok := e.next(); !ok || !more {
		return calcArg{}, false
	}
	if !catches(v) {
		e.skip()
		more, ok := e.next()
		return v, ok && !more
	}
	w, ok := e.compare()
	if !ok {
		return w, false
	}
	more, ok := e.next()
	return w, ok && !more
}

// anyError and isNA are what IFERROR and IFNA catch.
func anyError(v calcArg) bool { return v.kind == argError }
func isNA(v calcArg) bool     { return v.kind == argError && v.s == errNA.s }

// rangeArg reads a reference to a range of more than one cell, within
// maxFormulaWork cells.
func (e *nativeEval) rangeArg() (sheetRect, bool) {
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperand || t.TSubType != efp.TokenSubTypeRange || !strings.Contains(t.TValue, ":") {
		return sheetRect{}, false
	}
	e.pos++
	r, ok := e.c.wb.refRect(e.from, t.TValue, e.c.names)
	if !ok || r.r2 >= maxRows || r.c2 >= maxCols || (r.r2-r.r1+1)*(r.c2-r.c1+1) > maxFormulaWork {
		return sheetRect{}, false
	}
	return r, true
}

// referenceArg reads an argument that is one reference alone, a range or
// a cell: SUM skips the text and booleans of cells it names, where it
// reads a value computed otherwise as a number.
func (e *nativeEval) referenceArg() (sheetRect, bool) {
	if e.pos+1 >= len(e.toks) {
		return sheetRect{}, false
	}
	t, after := e.toks[e.pos], e.toks[e.pos+1]
	alone := after.TType == efp.TokenTypeArgument || after.TType == efp.TokenTypeFunction && after.TSubType == efp.TokenSubTypeStop
	if !alone || t.TType != efp.TokenTypeOperand || t.TSubType != efp.TokenSubTypeRange {
		return sheetRect{}, false
	}
	if strings.Contains(t.TValue, ":") {
		return e.rangeArg()
	}
	r, ok := e.c.wb.refRect(e.from, t.TValue, e.c.names)
	if !ok || r.r1 != r.r2 || r.c1 != r.c2 {
		return sheetRect{}, false
	}
	e.pos++
	return r, true
}

// left is LEFT(text, count): the first count characters of text's
// text (as & joins it); an error among them is the result, a count below
// 0 #VALUE!.
func left(text, count calcArg) (calcArg, bool) {
	if bad, has := firstError(text, count); has {
		return bad, true
	}
	s, ok := text.text()
	if !ok {
		return calcArg{}, false
	}
	n, bad, ok := asNumber(count)
	switch {
	case !ok || bad.kind == argError:
		return bad, ok
	case n < 0:
		return errValue, true
	}
	return calcArg{kind: argString, s: utf16Prefix(s, int(n))}, true
}

// concatenate is CONCATENATE's arguments joined as & joins them, the
// first error among them if any.
func concatenate(args []calcArg) (calcArg, bool) {
	var b strings.Builder
	for _, a := range args {
		if a.kind == argError {
			return a, true
		}
		s, ok := a.text()
		if !ok {
			return calcArg{}, false
		}
		b.WriteString(s)
	}
	return calcArg{kind: argString, s: b.String()}, true
}
