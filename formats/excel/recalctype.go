package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// excelize gives a computed value as text, without its type, and guessing
// the type from the text is wrong for text that looks like a number or a
// boolean: TEXT(7,"0.00") is the text "7.00" and UPPER("true") the text
// "TRUE", and ISTEXT of either is TRUE in Excel. The type is the one the
// formula's outermost operation gives (resultType); cachedOf guesses from
// the text only where the formula does not say. A choice between values of
// different types (Watkins FFIEC CAT's IF(displayNN="Names",L17,TEXT(B17,"0")))
// has the type of the branch it takes: takenType judges the condition
// with the native calculation and types that branch, so TEXT's "1" stays
// text as Excel and LibreOffice keep it.

// resultKind is the type a formula's value has whatever its inputs.
type resultKind uint8

const (
	kindUnknown resultKind = iota
	kindString
	kindBool
	kindNum
)

// textFunctions always give text (or an error).
var textFunctions = setOf("TEXT", "UPPER", "LOWER", "PROPER", "TRIM", "CLEAN", "LEFT", "LEFTB", "RIGHT", "RIGHTB",
	"MID", "MIDB", "SUBSTITUTE", "REPLACE", "REPLACEB", "REPT", "CONCATENATE", "CONCAT", "TEXTJOIN", "CHAR",
	"UNICHAR", "FIXED", "DOLLAR", "T", "ADDRESS", "BASE", "ROMAN", "DEC2BIN", "DEC2HEX", "DEC2OCT", "BIN2HEX",
	"BIN2OCT", "HEX2BIN", "HEX2OCT", "OCT2BIN", "OCT2HEX", "ENCODEURL", "TEXTBEFORE", "TEXTAFTER")

// boolFunctions always give TRUE or FALSE (or an error).
var boolFunctions = setOf("ISTEXT", "ISNUMBER", "ISBLANK", "ISERROR", "ISERR", "ISNA", "ISLOGICAL", "ISNONTEXT",
	"ISEVEN", "ISODD", "ISREF", "ISFORMULA", "AND", "OR", "NOT", "XOR", "EXACT", "TRUE", "FALSE")

// choosers give one of some of their arguments: the indexes (from 0) of
// the first argument that may be the value; all from there on.
var choosers = map[string]int{"IF": 1, "IFERROR": 0, "IFNA": 0, "CHOOSE": 1}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// resultType is the type formula's value has, from its outermost
// operation: a text or boolean function, a literal, or a choice (IF,
// CHOOSE, IFERROR) whose possible values all have one type; kindUnknown
// when it does not say.
func resultType(formula string) resultKind { return takenType(formula, nil) }

// branchJudge computes what takenType needs of a formula, in its
// context: eval an expression's value (ok false when it cannot be
// computed), and copied the type of a taken branch that is one reference
// to a recomputed formula, which has the choice's value (kindUnknown when
// it is not one).
type branchJudge struct {
	eval   func(toks []efp.Token) (calcArg, bool)
	copied func(ref efp.Token) resultKind
}

// takenType is resultType of formula, but, with eval, where a choice's
// branches differ in type the type of the branch eval finds taken.
func takenType(formula string, eval *branchJudge) resultKind {
	p := efp.ExcelParser()
	return exprType(withoutSpaces(p.Parse(formula)), 0, eval)
}

// maxTypeDepth bounds the choices resultType looks into.
const maxTypeDepth = 8

// exprType is resultType of one expression's tokens.
// With eval, a choice whose branches differ in type has the type of the
// branch taken (see takenBranchType).
func exprType(toks []efp.Token, depth int, eval *branchJudge) resultKind {
	if len(toks) == 1 && toks[0].TType == efp.TokenTypeOperand {
		switch toks[0].TSubType {
		case efp.TokenSubTypeText:
			return kindString
		case efp.TokenSubTypeNumber:
			return kindNum
		case efp.TokenSubTypeLogical:
			return kindBool
		}
		return kindUnknown
	}
	if depth > maxTypeDepth || len(toks) < 2 || toks[0].TType != efp.TokenTypeFunction || toks[0].TSubType != efp.TokenSubTypeStart ||
		closing(toks, 0) != len(toks)-1 {
		return kindUnknown
	}
	name := strings.ToUpper(strings.TrimPrefix(toks[0].TValue, "_xlfn."))
	switch {
	case textFunctions[name]:
		return kindString
	case boolFunctions[name]:
		return kindBool
	}
	from, ok := choosers[name]
	if !ok {
		return kindUnknown
	}
	args := argSpans(toks, 1, len(toks)-1)
	if len(args) <= from {
		return kindUnknown
	}
	kind := kindUnknown
	for k, a := range args[from:] {
		if name == "IF" && from+k > 2 {
			break
		}
		ak := exprType(toks[a[0]:a[1]], depth+1, nil)
		if ak == kindUnknown || k > 0 && ak != kind {
			if eval != nil {
				return takenBranchType(name, toks, args, depth, eval)
			}
			return kindUnknown
		}
		kind = ak
	}
	return kind
}

// takenBranchType is the type of the branch the choice name (IF or
// CHOOSE) of toks, whose arguments are args, takes: its condition or
// index computed by eval, the branch typed as a formula, else by its
// computed value, else as the recomputed formula it names. kindUnknown when any of it cannot be told (IFERROR and
// IFNA: which branch gave the value is not known from the value).
func takenBranchType(name string, toks []efp.Token, args [][2]int, depth int, eval *branchJudge) resultKind {
	span := func(a [2]int) []efp.Token { return toks[a[0]:a[1]] }
	taken := -1
	switch name {
	case "IF":
		cond, ok := eval.eval(span(args[0]))
		truth, known := truthOf(cond)
		if !ok || !known {
			return kindUnknown
		}
		taken = 2
		if truth {
			taken = 1
		}
		if taken >= len(args) {
			return kindBool // IF(FALSE,x) is FALSE
		}
	case "CHOOSE":
		idx, ok := eval.eval(span(args[0]))
		if !ok || idx.kind != argNumber || idx.n < 1 || int(idx.n) >= len(args) {
			return kindUnknown
		}
		taken = int(idx.n)
	default:
		return kindUnknown
	}
	branch := span(args[taken])
	if len(branch) == 0 {
		return kindNum // an empty argument is 0: IF(FALSE,1,) is 0
	}
	if k := exprType(branch, depth+1, eval); k != kindUnknown {
		return k
	}
	if v, ok := eval.eval(branch); ok {
		return kindOfArg(v)
	}
	if len(branch) == 1 && branch[0].TType == efp.TokenTypeOperand && branch[0].TSubType == efp.TokenSubTypeRange && eval.copied != nil {
		// Watkins' IF(domain1Maturity=$C8,domain1Display,""): the name
		// is M17, a TEXT the native calculation does not compute.
		return eval.copied(branch[0])
	}
	return kindUnknown
}

// truthOf is v as IF reads its condition; known false where IF gives an
// error (text other than TRUE or FALSE, an error value).
func truthOf(v calcArg) (truth, known bool) {
	switch v.kind {
	case argEmpty:
		return false, true
	case argNumber, argBool:
		return v.n != 0, true
	case argString:
		switch strings.ToUpper(v.s) {
		case "TRUE":
			return true, true
		case "FALSE":
			return false, true
		}
	}
	return false, false
}

// kindOfArg is the cached type of a computed value: an empty cell's shows 0.
func kindOfArg(v calcArg) resultKind {
	switch v.kind {
	case argString:
		return kindString
	case argBool:
		return kindBool
	case argNumber, argEmpty:
		return kindNum
	}
	return kindUnknown
}

// closing is the index of the token closing the function or
// subexpression opened at open, -1 if none.
func closing(toks []efp.Token, open int) int {
	level := 0
	for i := open; i < len(toks); i++ {
		switch toks[i].TSubType {
		case efp.TokenSubTypeStart:
			level++
		case efp.TokenSubTypeStop:
			if level--; level == 0 {
				return i
			}
		}
	}
	return -1
}

// argSpans splits toks[from:to], a call's arguments, at the call's own
// separators into [start, end) spans of toks; a call without arguments
// has none. recalctype and refEval (calcdynamic.go) both read calls so.
func argSpans(toks []efp.Token, from, to int) [][2]int {
	var out [][2]int
	level, start := 0, from
	for k := from; k < to; k++ {
		t := toks[k]
		switch {
		case t.TSubType == efp.TokenSubTypeStart:
			level++
		case t.TSubType == efp.TokenSubTypeStop:
			level--
		case t.TType == efp.TokenTypeArgument && level == 0:
			out = append(out, [2]int{start, k})
			start = k + 1
		}
	}
	if start < to || len(out) > 0 {
		out = append(out, [2]int{start, to})
	}
	return out
}
