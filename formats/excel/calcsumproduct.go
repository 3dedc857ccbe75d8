package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// SUMPRODUCT is how a score sheet counts or weighs answers without an
// array formula: SUMPRODUCT((C2:C40="Yes")*1), SUMPRODUCT(--(C2:C40=
// "No"),D2:D40), SUMPRODUCT(B2:B9,C2:C9). excelize reads a range an
// operator works on element by element as its first cell, and gives
// #VALUE! where a multiplied range holds text, so every SUMPRODUCT left
// to it is dropped (calcexcelizegaps.go). The native calculation computes
// it here: each argument is an expression read element by element over
// the ranges it names, as Excel reads it inside SUMPRODUCT, and the
// elements of the arguments are multiplied and added. What it does not
// compute is left as before: a function applied to a range
// (LEFT(C2:C9,1)), whole columns (whose blank rows a comparison would
// count), and arrays of different shapes.

// calcArray is a value during SUMPRODUCT's arguments: a range's cells,
// row by row, or one value, which an operator pairs with every element of
// the other side.
type calcArray struct {
	rows, cols int
	vals       []calcArg
}

// single is v as a one-element array.
func single(v calcArg) calcArray { return calcArray{rows: 1, cols: 1, vals: []calcArg{v}} }

// sumProduct is SUMPRODUCT(array, …): the sum of the products of the
// arguments' elements at the same place. An element that is not a number
// (text, a boolean, an empty cell) counts as 0, as Microsoft's reference
// gives it; an error in any argument is the result. Arguments of
// different shapes, which Excel gives #VALUE!, are not computed.
func (e *nativeEval) sumProduct() (calcArg, bool) {
	var args []calcArray
	for more := true; more; {
		a, ok := e.arrayCompare()
		if !ok {
			return calcArg{}, false
		}
		if len(args) > 0 && (a.rows != args[0].rows || a.cols != args[0].cols) {
			return calcArg{}, false
		}
		args = append(args, a)
		if more, ok = e.next(); !ok {
			return calcArg{}, false
		}
	}
	var bad calcArg
	for _, a := range args {
		for _, v := range a.vals {
			switch {
			case v.kind != argError:
			case bad.kind != argError:
				bad = v
			case bad.s != v.s:
				return calcArg{}, false // which one Excel gives is not documented
			}
		}
	}
	if bad.kind == argError {
		return bad, true
	}
	total := 0.0
	for i := range args[0].vals {
		p := 1.0
		for _, a := range args {
			if v := a.vals[i]; v.kind == argNumber {
				p *= v.n
			} else {
				p = 0
			}
		}
		total += p
	}
	return calcArg{kind: argNumber, n: total}, true
}

// arrayCompare is compare read element by element.
func (e *nativeEval) arrayCompare() (calcArray, bool) {
	l, ok := e.arrayJoin()
	if !ok {
		return l, false
	}
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperatorInfix || !isComparison(t.TValue) {
		return l, true
	}
	e.pos++
	r, ok := e.arrayJoin()
	if !ok {
		return r, false
	}
	return elementwise(l, r, func(a, b calcArg) (calcArg, bool) {
		return boolArg(holds(t.TValue, compareValues(a, b))), true
	})
}

// arrayJoin is join read element by element.
func (e *nativeEval) arrayJoin() (calcArray, bool) {
	return infixChain(e, e.arrayAddition, isJoin, arrayOf(joinText))
}

func (e *nativeEval) arrayAddition() (calcArray, bool) {
	return infixChain(e, e.arrayProduct, isAdditive, arrayOf(arithmetic))
}

func (e *nativeEval) arrayProduct() (calcArray, bool) {
	return infixChain(e, e.arrayPower, isMultiplicative, arrayOf(arithmetic))
}

func (e *nativeEval) arrayPower() (calcArray, bool) {
	return infixChain(e, e.arraySigned, isPower, arrayOf(arithmetic))
}

// arrayOf is apply element by element (elementwise).
func arrayOf(apply func(op string, l, r calcArg) (calcArg, bool)) func(op string, l, r calcArray) (calcArray, bool) {
	return func(op string, l, r calcArray) (calcArray, bool) {
		return elementwise(l, r, func(a, b calcArg) (calcArg, bool) { return apply(op, a, b) })
	}
}

// arraySigned is signed read element by element: -(C2:C4="Yes") is -1
// where C holds Yes, and --(…) makes a comparison's booleans numbers.
func (e *nativeEval) arraySigned() (calcArray, bool) {
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperatorPrefix {
		return e.arrayOperand()
	}
	e.pos++
	v, ok := e.arraySigned()
	if !ok {
		return v, false
	}
	out := calcArray{rows: v.rows, cols: v.cols, vals: make([]calcArg, len(v.vals))}
	for i, a := range v.vals {
		if out.vals[i], ok = sign(t.TValue, a); !ok {
			return calcArray{}, false
		}
	}
	return out, true
}

// arrayOperand is a range of more than one cell as its cells, a
// parenthesised expression read element by element, or any other operand
// as its one value. A call is computed as one value only when it names no
// range: LEFT(C2:C4,1) inside SUMPRODUCT is an array Excel computes
// element by element, which is not done here.
func (e *nativeEval) arrayOperand() (calcArray, bool) {
	t, more := e.peek()
	if !more {
		return calcArray{}, false
	}
	switch {
	case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange && strings.Contains(t.TValue, ":"):
		return e.arrayRange()
	case t.TType == efp.TokenTypeSubexpression && t.TSubType == efp.TokenSubTypeStart:
		e.pos++
		v, ok := e.arrayCompare()
		if t, more := e.peek(); !ok || !more || t.TType != efp.TokenTypeSubexpression || t.TSubType != efp.TokenSubTypeStop {
			return v, false
		}
		e.pos++
		return v, true
	case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart && e.callNamesRange():
		return calcArray{}, false
	}
	v, ok := e.operand()
	return single(v), ok
}

// arrayRange reads the range token at e.pos as its cells, within
// maxFormulaWork cells (rangeArg): a whole column is not read.
func (e *nativeEval) arrayRange() (calcArray, bool) {
	r, ok := e.rangeArg()
	if !ok {
		return calcArray{}, false
	}
	a := calcArray{rows: r.r2 - r.r1 + 1, cols: r.c2 - r.c1 + 1}
	a.vals = make([]calcArg, 0, a.rows*a.cols)
	for row := r.r1; row <= r.r2; row++ {
		for col := r.c1; col <= r.c2; col++ {
			v, ok := e.c.cellValue(r.sheet, row, col)
			if !ok {
				return calcArray{}, false
			}
			a.vals = append(a.vals, v)
		}
	}
	return a, true
}

// callNamesRange reports whether the call starting at e.pos names a range
// of several cells among its arguments, at any depth.
func (e *nativeEval) callNamesRange() bool {
	depth := 0
	for _, t := range e.toks[e.pos:] {
		switch {
		case t.TSubType == efp.TokenSubTypeStart:
			depth++
		case t.TSubType == efp.TokenSubTypeStop:
			if depth--; depth == 0 {
				return false
			}
		case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange && strings.Contains(t.TValue, ":"):
			return true
		}
	}
	return true // the tokens end first: nothing to compute
}

// elementwise is f of l's and r's elements at the same place, an error on
// either side being the element (l's first, as infix gives it); a
// one-element side pairs with every element of the other. Arrays of other
// shapes are not computed.
func elementwise(l, r calcArray, f func(a, b calcArg) (calcArg, bool)) (calcArray, bool) {
	out := l
	if len(l.vals) == 1 {
		out = r
	} else if len(r.vals) != 1 && (l.rows != r.rows || l.cols != r.cols) {
		return calcArray{}, false
	}
	vals := make([]calcArg, len(out.vals))
	for i := range vals {
		a, b := l.vals[min(i, len(l.vals)-1)], r.vals[min(i, len(r.vals)-1)]
		switch {
		case a.kind == argError:
			vals[i] = a
		case b.kind == argError:
			vals[i] = b
		default:
			v, ok := f(a, b)
			if !ok {
				return calcArray{}, false
			}
			vals[i] = v
		}
	}
	return calcArray{rows: out.rows, cols: out.cols, vals: vals}, true
}
