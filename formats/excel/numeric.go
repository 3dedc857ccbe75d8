package excel

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/xuri/efp"
)

// Cells used as numbers: a scoring formula (=SUM(C2:C40), =C5*D5) reads
// its inputs as numbers, and a word typed there breaks it. Such a cell is
// a number target whose hint names the formula, and a write of text there
// is warned of, naming the formula, as one read by another sheet's
// formula is (calcnumeric.go): the text is written, and the recalculation
// gives the formula the value Excel would (SUM skips the text, arithmetic
// shows #VALUE!), or drops it and says so.

// numericFunctions read their arguments as numbers.
var numericFunctions = map[string]bool{"SUM": true, "AVERAGE": true, "PRODUCT": true, "SUMPRODUCT": true, "MIN": true, "MAX": true,
	"ROUND": true, "ROUNDUP": true, "ROUNDDOWN": true, "ABS": true, "MEDIAN": true, "STDEV": true, "INT": true}

// numericFunctionNames are numericFunctions' names as a list, for the
// byte loop of asciiMayReadNumbers: ranging over the map at every
// parenthesis of every formula was a fifth of HECVAT 4.14's numeric
// reading.
var numericFunctionNames = slices.Sorted(maps.Keys(numericFunctions))

// maxNumericFormulas and maxNumericCells bound the work: a sheet of
// formulas beyond them is read in part. (A sheet's ranges are checked one
// by one: few formulas of a questionnaire do arithmetic.)
const (
	maxNumericFormulas = 20000
	maxNumericCells    = 200000
)

// numericReads are the cells a sheet's formulas read as numbers: single
// cells by position, ranges as rectangles, each with the formula's cell.
type numericReads struct {
	cells  map[[2]int][2]int
	ranges []numericRange
}

type numericRange struct {
	rect
	from [2]int
}

// at returns the formula cell reading (r, c) as a number.
func (n *numericReads) at(r, c int) ([2]int, bool) {
	if f, ok := n.cells[[2]int{r, c}]; ok {
		return f, true
	}
	for _, g := range n.ranges {
		if g.contains(r, c) {
			return g.from, true
		}
	}
	return [2]int{}, false
}

// numericUses reads the sheet's formulas (formula gives each one) for the
// cells they read as numbers.
func numericUses(sc *sheetScan, formulas map[[2]int]bool, formula func(r, c int) sharedFormula) *numericReads {
	out := &numericReads{cells: map[[2]int][2]int{}}
	templates := map[string]*numericTemplate{}
	masters := map[int]bool{}
	n := 0
	var order [][2]int
	if sc != nil {
		order = sc.formulaOrder
	}
	for _, p := range orderedFormulas(formulas, order) {
		if n++; n > maxNumericFormulas || len(out.cells)+len(out.ranges) > maxNumericCells {
			break
		}
		if sc != nil && !sc.mayReadNumbersAt(p[0], p[1], masters) {
			continue
		}
		for _, rc := range formula(p[0], p[1]).numericRefs(templates) {
			if rc.r1 == rc.r2 && rc.c1 == rc.c2 {
				if _, ok := out.cells[[2]int{rc.r1, rc.c1}]; !ok {
					out.cells[[2]int{rc.r1, rc.c1}] = p
				}
				continue
			}
			out.ranges = append(out.ranges, numericRange{rect: rc, from: p})
		}
	}
	return out
}

// numericRefs are the same-sheet references a formula reads as numbers:
// arguments of a numeric function, operands of arithmetic.
func numericRefs(formula string) []rect { return numericRefsOn("", formula) }

// numericRefsOn is numericRefs of a formula of sheet, a reference naming
// sheet (=Inputs!B4*2 on Inputs) being one of its own.
func numericRefsOn(sheet, formula string) []rect {
	var out []rect
	numericRanges(formula, func(ref string) bool {
		out = appendSameSheet(out, ref, sheet)
		return true
	})
	return out
}

// appendSameSheet appends ref to out when it is a range of the formula's
// own sheet, which is sheet.
func appendSameSheet(out []rect, ref, sheet string) []rect {
	if own, ok := ownSheetRef(ref, sheet); ok {
		if rc, ok := parseRect(own); ok {
			out = append(out, rc)
		}
	}
	return out
}

// ownSheetRef is ref without its sheet prefix when it names a range of
// sheet: unqualified, or qualified with sheet's name (quoted or not, in
// any case, as Excel matches it); false for another sheet's, a 3-D or
// another workbook's range, and for any qualified one when sheet is "".
func ownSheetRef(ref, sheet string) (string, bool) {
	i := strings.LastIndex(ref, "!")
	if i < 0 {
		return ref, true
	}
	prefix := ref[:i]
	if len(prefix) >= 2 && prefix[0] == '\'' && prefix[len(prefix)-1] == '\'' {
		prefix = strings.ReplaceAll(prefix[1:len(prefix)-1], "''", "'")
	}
	if sheet == "" || !strings.EqualFold(prefix, sheet) {
		return "", false
	}
	return ref[i+1:], true
}

// numericRanges calls visit with each range token formula reads as a
// number (an argument of a numeric function or an operand of
// arithmetic), as written, sheet prefix included, until visit returns
// false.
func numericRanges(formula string, visit func(ref string) bool) {
	if formula == "" || !mayReadNumbers(formula) {
		return
	}
	p := efp.ExcelParser()
	toks := p.Parse(formula)
	eachNumeric(toks, func(i int) bool { return visit(toks[i].TValue) })
}

// eachNumeric calls visit with the index of each range token of toks read
// as a number, until visit returns false.
func eachNumeric(toks []efp.Token, visit func(i int) bool) {
	var funcs []string
	for i, t := range toks {
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			funcs = append(funcs, strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn.")))
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop:
			if len(funcs) > 0 {
				funcs = funcs[:len(funcs)-1]
			}
		case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange:
			// A range compared (SUMPRODUCT((C2:C4="Yes")*1)) is read for
			// the comparison's result, which the function reads as a
			// number; its own cells may hold any text.
			numeric := len(funcs) > 0 && numericFunctions[funcs[len(funcs)-1]] && !operatorBeside(toks, i, isComparison) ||
				operatorBeside(toks, i, isArithmetic)
			if numeric && !visit(i) {
				return
			}
		}
	}
}

// refOperator is a cell reference beside an arithmetic operator. It is
// what mayReadNumbers looks for; refBesideOperator finds the same without
// a regexp in an ASCII formula.
var refOperator = regexp.MustCompile(`\$?[A-Za-z]{1,3}\$?[0-9]+\s*[-+*/^]|[-+*/^]\s*\$?[A-Za-z]{1,3}\$?[0-9]+`)

// mayReadNumbers is a cheap test before tokenizing: an operator or a
// numeric function's name in the formula. Most formulas of a
// questionnaire (lookups, IFs, COUNTIFs) have neither. It runs on every
// formula of a sheet, shared formulas' masters once per member, so an
// ASCII formula is read byte by byte (asciiMayReadNumbers); any other
// keeps the regexp and the Unicode upper-casing.
func mayReadNumbers(formula string) bool {
	if isASCII(formula) {
		return asciiMayReadNumbers(formula)
	}
	return regexpMayReadNumbers(formula)
}

// regexpMayReadNumbers is mayReadNumbers of any text: the regexp, and the
// formula upper-cased as Unicode does it (ſ is S, ı is I). The tests hold
// asciiMayReadNumbers to it.
func regexpMayReadNumbers(formula string) bool {
	if strings.ContainsAny(formula, "+-*/^") && refOperator.MatchString(formula) {
		return true
	}
	up := strings.ToUpper(formula)
	for f := range numericFunctions {
		if strings.Contains(up, f+"(") {
			return true
		}
	}
	return false
}

// asciiMayReadNumbers is mayReadNumbers of an ASCII formula: a reference
// beside an operator (refBesideOperator), or a numeric function's name,
// in either case, just before a parenthesis.
func asciiMayReadNumbers(formula string) bool {
	for i := 0; i < len(formula); i++ {
		switch formula[i] {
		case '+', '-', '*', '/', '^':
			if refBesideOperator(formula, i) {
				return true
			}
		case '(':
			for _, f := range numericFunctionNames {
				if i >= len(f) && strings.EqualFold(formula[i-len(f):i], f) {
					return true
				}
			}
		}
	}
	return false
}

// refBesideOperator reports whether refOperator matches at the operator
// at i: after it, spaces, an optional $, 1 to 3 letters, an optional $
// and a digit; before it, spaces and a letter, an optional $ and digits
// (more letters before that one do not matter, the regexp being
// unanchored).
func refBesideOperator(s string, i int) bool {
	j := i + 1
	for j < len(s) && isRegexpSpace(s[j]) {
		j++
	}
	if j < len(s) && s[j] == '$' {
		j++
	}
	n := 0
	for j < len(s) && isLetter(s[j]) {
		j++
		n++
	}
	if j < len(s) && s[j] == '$' {
		j++
	}
	if n >= 1 && n <= 3 && j < len(s) && isDigit(s[j]) {
		return true
	}
	j = i - 1
	for j >= 0 && isRegexpSpace(s[j]) {
		j--
	}
	digits := 0
	for j >= 0 && isDigit(s[j]) {
		j--
		digits++
	}
	if j >= 0 && s[j] == '$' {
		j--
	}
	return digits > 0 && j >= 0 && isLetter(s[j])
}

// isRegexpSpace is the regexp's \s: a space, tab, line feed, form feed
// or carriage return.
func isRegexpSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// isASCII reports whether s is all ASCII: upper-casing then changes no
// byte but a letter's.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// operatorBeside reports an infix operator that is next to token i
// (spaces aside) and meets is.
func operatorBeside(toks []efp.Token, i int, is func(op string) bool) bool {
	for _, j := range []int{i - 1, i + 1} {
		for j >= 0 && j < len(toks) && toks[j].TType == efp.TokenTypeWhitespace {
			if j < i {
				j--
			} else {
				j++
			}
		}
		if j >= 0 && j < len(toks) && toks[j].TType == efp.TokenTypeOperatorInfix && is(toks[j].TValue) {
			return true
		}
	}
	return false
}

// isArithmetic reports an arithmetic operator.
func isArithmetic(op string) bool { return strings.ContainsAny(op, "+-*/^") }

// numericUse returns the formula cell reading (r, c) as a number.
func (m *sheetModel) numericUse(r, c int) ([2]int, bool) {
	if m.numeric == nil {
		m.numeric = numericUses(m.scan, m.formulas, func(fr, fc int) sharedFormula {
			return m.wb.formulaSource(m.name, m.scan, fr, fc)
		})
	}
	return m.numeric.at(r, c)
}

// numericHint is the hint of a cell a formula reads as a number.
func numericHint(formulaCell string) string {
	return "a number: the formula in " + formulaCell + " reads this cell as a number"
}

// checkNumeric is the warning for text in a cell a formula of its sheet
// reads as a number, nil when value is a number, a date or empty, or no
// formula of the sheet reads c as a number. put writes the text and keeps
// the warning.
func (w *writer) checkNumeric(name, sheet string, c cell, value string) error {
	if strings.TrimSpace(value) == "" {
		return nil
	}
	if _, ok := parseNumber(value); ok {
		return nil
	}
	if _, ok := parseFormatted(value); ok {
		return nil
	}
	if _, ok := parseDate(value); ok {
		return nil // a date is a number to a formula
	}
	if _, ok := parseDateIn(value, w.dateOrderAt(sheet, c)); ok && w.kindAt(sheet, c) == kindDate {
		return nil // in the order the cell's date format shows (dateorder.go)
	}
	uses := w.numericReadsOf(sheet) // storenumeric.go
	if uses == nil {
		return nil
	}
	f, ok := uses.at(c.row, c.col)
	if !ok {
		return nil
	}
	fc := cell{sheet: c.sheet, row: f[0], col: f[1]}
	return errors.New(textAsNumberWarning(name, w.wb.xpath(c), value, w.wb.formulaAt(sheet, fc.row, fc.col, w.scan(sheet)), w.wb.xpath(fc)))
}

// textAsNumberWarning is the warning for the text answer name wrote to
// the cell at path, which the formula =formula in formulaAt reads as a
// number; one on its own sheet (checkNumeric) and one on another
// (textReadAsNumber) say the same. A formula that could not be read is
// named by its cell alone.
func textAsNumberWarning(name, path, text, formula, formulaAt string) string {
	if formula != "" {
		formulaAt = "=" + formula + " in " + formulaAt
	}
	return fmt.Sprintf("%s: %s holds the text %q, but the formula %s reads it as a number (SUM skips it, arithmetic shows #VALUE!): write a number there",
		name, path, clip(text, 40), formulaAt)
}
