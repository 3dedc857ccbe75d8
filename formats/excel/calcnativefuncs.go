package excel

import (
	"strconv"
	"strings"
)

// The functions the native evaluator computes besides VLOOKUP
// (calcvlookup.go), each as excelize computes it.

// ifResult is excelize's IF of three arguments: text is a condition when
// it parses as a Go boolean, a number when it is 1; a number chosen stays
// one (a boolean becomes 1 or 0), an empty value stays empty, anything
// else becomes its text.
func ifResult(cond, yes, no calcArg) (calcArg, bool) {
	var holds bool
	switch cond.kind {
	case argString:
		b, err := strconv.ParseBool(cond.s)
		if err != nil {
			return calcArg{}, false // #VALUE!: left to excelize
		}
		holds = b
	case argNumber, argBool:
		holds = cond.n == 1
	}
	v := no
	if holds {
		v = yes
	}
	switch v.kind {
	case argNumber, argBool:
		return calcArg{kind: argNumber, n: v.n}, true
	case argEmpty:
		return v, true // shown as 0 at the top (calcText), joined as ""
	}
	return calcArg{kind: argString, s: v.text()}, true
}

// left is LEFT(text, n): the first n UTF-16 units of text's text.
func left(text, count calcArg) (calcArg, bool) {
	n := count.n
	switch count.kind {
	case argString:
		var err error
		if n, err = strconv.ParseFloat(count.s, 64); err != nil {
			return calcArg{}, false
		}
	case argEmpty:
		n = 0
	}
	if n < 0 {
		return calcArg{}, false
	}
	return calcArg{kind: argString, s: utf16Prefix(text.text(), int(n))}, true
}

// logical is excelize's OR (or) or AND of args that are all numbers or
// booleans (a comparison's result), anything else being left to excelize:
// AND gives a boolean; OR gives FALSE, or, as excelize does, the text TRUE.
func logical(or bool, args []calcArg) (calcArg, bool) {
	if len(args) > 30 {
		return calcArg{}, false
	}
	any, all := false, true
	for _, a := range args {
		if a.kind != argNumber && a.kind != argBool {
			return calcArg{}, false
		}
		any, all = any || a.n != 0, all && a.n != 0
	}
	switch {
	case !or:
		return boolArg(all), true
	case any:
		return calcArg{kind: argString, s: "TRUE"}, true
	}
	return boolArg(false), true
}

// equal is excelize's =: an empty operand reads as 0, two texts compare
// without case, anything else by its text.
func equal(l, r calcArg) bool {
	if l.text() == "" {
		l = calcArg{kind: argNumber}
	}
	if r.text() == "" {
		r = calcArg{kind: argNumber}
	}
	if l.kind == argString && r.kind == argString {
		return strings.EqualFold(l.s, r.s)
	}
	return l.text() == r.text()
}

func boolArg(b bool) calcArg {
	if b {
		return calcArg{kind: argBool, n: 1}
	}
	return calcArg{kind: argBool}
}
