package excel

import (
	"slices"
	"strings"

	"github.com/xuri/efp"
)

// Formulas excelize computes wrong without an error: a value it gives for
// them would be cached as though right, so they reach it not at all and
// their values are dropped and reported (see calcBook.need). A formula
// the native calculation computed reaches excelize as its value, never
// as a formula (calcBook.computed): only one left to excelize is judged
// here, with those it reads that were not computed natively. Checked
// against excelize 2 and LibreOffice:
//   - a conditional sum, count or average (SUMIF, SUMIFS, COUNTIFS,
//     AVERAGEIF, AVERAGEIFS, MAXIFS, MINIFS) whose range is one cell
//     written without a colon: COUNTIFS(M!C2,"Yes") gives 0, SUMIF(M!C2,
//     "Yes",M!B2) 0, AVERAGEIF #DIV/0!, where M!C2 holds Yes (COUNTIF is
//     right, and the native calculation computes the others);
//   - SUMPRODUCT: over a range that an operator reads element by element
//     (SUMPRODUCT((C2:C4="Yes")*1), SUMPRODUCT(B2:B4*2)) it reads the
//     first cell alone, giving 1 where two cells hold Yes; over plain
//     ranges it gives #VALUE! where a cell holds text, which Excel
//     counts as 0 (an answer "many" in a column SUMPRODUCT(B2:B4,C2:C4)
//     multiplies). The native calculation computes the usual shapes
//     (calcsumproduct.go); one left to excelize is dropped rather than
//     told apart;
//   - TRIM, which excelize gives with runs of spaces inside kept and tabs
//     and line breaks at the ends removed ("Acme   Cloud" stays so, where
//     Excel gives "Acme Cloud"). The native calculation computes TRIM:
//     one reaches excelize only inside a formula the native calculation
//     leaves whole to it, for another function (TRIM(UPPER(A1))), and
//     the warning names that one (leftToFallback);
//   - TEXT with a format code excelize renders otherwise than Excel
//     (calcexcelizetext.go): TEXT(date,"[$-F800]") gave "" where Excel
//     gives the long date, TEXT(0.375,"# ?/?") "0 3/8" where Excel
//     gives " 3/8".

// criteriaRangeArgs are, by function, which arguments (from 0) are ranges
// whose cells are compared or summed.
var criteriaRangeArgs = map[string]func(arg int) bool{
	"SUMIF":      func(a int) bool { return a == 0 || a == 2 },
	"AVERAGEIF":  func(a int) bool { return a == 0 || a == 2 },
	"COUNTIFS":   func(a int) bool { return a%2 == 0 },
	"SUMIFS":     func(a int) bool { return a == 0 || a%2 == 1 },
	"AVERAGEIFS": func(a int) bool { return a == 0 || a%2 == 1 },
	"MAXIFS":     func(a int) bool { return a == 0 || a%2 == 1 },
	"MINIFS":     func(a int) bool { return a == 0 || a%2 == 1 },
}

// excelizeMiscomputes is why excelize cannot be trusted with formula
// text, "" when it can; area gives the number of cells a reference token
// covers (0 when it cannot tell).
func excelizeMiscomputes(text string, area func(ref string) int) string {
	if !mayMiscompute(text) {
		return "" // most formulas: no tokenizing
	}
	p := efp.ExcelParser()
	toks := p.Parse(text)
	type frame struct {
		name string
		arg  int
	}
	var stack []frame
	for i, t := range toks {
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			name := strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn."))
			stack = append(stack, frame{name: name})
			if name == "SUMPRODUCT" {
				return "it calls SUMPRODUCT in a form formfill does not compute itself (" + leftToFallback(toks, "whole columns, a function of a range, or ranges of different shapes") +
					"), and its fallback calculation gives #VALUE! where a range holds text (Excel counts it as 0) and reads an element-wise operation's range as its first cell"
			}
			if name == "TEXT" {
				if why := textMisrendered(toks, i); why != "" {
					return why // calcexcelizetext.go
				}
			}
			if name == "TRIM" {
				return "formfill computes TRIM itself but not " + leftToFallback(toks, "all of this formula (a value it reads, or a form of a call)") +
					", and its fallback calculation, which then computes the whole formula, keeps runs of spaces inside TRIM's text"
			}
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop && len(stack) > 0:
			stack = stack[:len(stack)-1]
		case t.TType == efp.TokenTypeArgument && len(stack) > 0:
			stack[len(stack)-1].arg++
		case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange:
			if len(stack) > 0 && wholeArgument(toks, i) {
				f := stack[len(stack)-1]
				if ranged, ok := criteriaRangeArgs[f.name]; ok && ranged(f.arg) && area(t.TValue) == 1 {
					return "it calls " + f.name + " with a range of one cell, which formfill's fallback calculation counts wrong"
				}
			}
		}
	}
	return ""
}

// gapNames are the names of the functions excelizeMiscomputes looks at
// (SUMIF covers SUMIFS), upper case.
var gapNames = []string{"SUMIF", "COUNTIFS", "AVERAGEIF", "MAXIFS", "MINIFS", "SUMPRODUCT", "TRIM", "TEXT"}

// mayMiscompute is a cheap test before tokenizing: one of gapNames in
// the formula, in any case.
func mayMiscompute(text string) bool {
	up := strings.ToUpper(text)
	for _, name := range gapNames {
		if strings.Contains(up, name) {
			return true
		}
	}
	return false
}

// wholeArgument reports whether token i is an argument by itself: a
// function's start or a separator before it, a separator or the
// function's stop after it (spaces aside).
func wholeArgument(toks []efp.Token, i int) bool {
	before, after := i-1, i+1
	for before >= 0 && toks[before].TType == efp.TokenTypeWhitespace {
		before--
	}
	for after < len(toks) && toks[after].TType == efp.TokenTypeWhitespace {
		after++
	}
	if before < 0 || after >= len(toks) {
		return false
	}
	b, a := toks[before], toks[after]
	opens := b.TType == efp.TokenTypeArgument || b.TType == efp.TokenTypeFunction && b.TSubType == efp.TokenSubTypeStart
	closes := a.TType == efp.TokenTypeArgument || a.TType == efp.TokenTypeFunction && a.TSubType == efp.TokenSubTypeStop
	return opens && closes
}

// refArea is the number of cells the reference token ref covers, read
// from a formula on sheet from (a defined name too), 0 when it names no
// range.
func (wb *workbook) refArea(from int, ref string, names []calcName) int {
	r, ok := wb.refRect(from, ref, names)
	if !ok {
		return 0
	}
	return (r.r2 - r.r1 + 1) * (r.c2 - r.c1 + 1)
}

// leftToFallback names the functions of a formula's tokens that the
// native calculation does not compute (nativeFunctions), which are why
// the whole formula was left to excelize, or says otherwise when it
// calls none.
func leftToFallback(toks []efp.Token, otherwise string) string {
	var names []string
	for _, t := range toks {
		if t.TType != efp.TokenTypeFunction || t.TSubType != efp.TokenSubTypeStart {
			continue
		}
		name := strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn."))
		if !nativeFunctions[name] && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return otherwise
	}
	return strings.Join(names, ", ")
}
