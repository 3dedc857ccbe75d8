package excel

import (
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/efp"
)

// Cells used as numbers: a scoring formula (=SUM(C2:C40), =C5*D5) reads
// its inputs as numbers, and a word typed there breaks it. Such a cell is
// a number target, and a write of text there is refused with a hint naming
// the formula.

// numericFunctions read their arguments as numbers.
var numericFunctions = map[string]bool{"SUM": true, "AVERAGE": true, "PRODUCT": true, "SUMPRODUCT": true, "MIN": true, "MAX": true,
	"ROUND": true, "ROUNDUP": true, "ROUNDDOWN": true, "ABS": true, "MEDIAN": true, "STDEV": true, "INT": true}

// maxNumericFormulas and maxNumericCells bound the work: a sheet of
// formulas beyond them is read in part.
const (
	maxNumericFormulas = 20000
	maxNumericCells    = 200000
)

// numericUses maps each cell of the sheet that a formula of the same
// sheet reads as a number to that formula's cell.
func numericUses(formulas map[[2]int]bool, formula func(r, c int) string) map[[2]int][2]int {
	out := map[[2]int][2]int{}
	n := 0
	for p := range formulas {
		if n++; n > maxNumericFormulas || len(out) > maxNumericCells {
			break
		}
		for _, rc := range numericRefs(formula(p[0], p[1])) {
			for r := rc.r1; r <= min(rc.r2, rc.r1+maxNumericCells); r++ {
				for c := rc.c1; c <= min(rc.c2, rc.c1+64); c++ {
					if _, ok := out[[2]int{r, c}]; !ok {
						out[[2]int{r, c}] = p
					}
				}
			}
		}
	}
	return out
}

// numericRefs are the same-sheet references a formula reads as numbers:
// arguments of a numeric function, operands of arithmetic.
func numericRefs(formula string) []rect {
	if formula == "" {
		return nil
	}
	p := efp.ExcelParser()
	toks := p.Parse(formula)
	var out []rect
	var funcs []string
	for i, t := range toks {
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			funcs = append(funcs, strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn.")))
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop:
			if len(funcs) > 0 {
				funcs = funcs[:len(funcs)-1]
			}
		case t.TType == efp.TokenTypeOperand && t.TSubType == efp.TokenSubTypeRange && !strings.Contains(t.TValue, "!"):
			inNumeric := len(funcs) > 0 && numericFunctions[funcs[len(funcs)-1]]
			if !inNumeric && !arithmeticBeside(toks, i) {
				continue
			}
			if rc, ok := parseRect(t.TValue); ok {
				out = append(out, rc)
			}
		}
	}
	return out
}

// arithmeticBeside reports an arithmetic operator next to token i.
func arithmeticBeside(toks []efp.Token, i int) bool {
	for _, j := range []int{i - 1, i + 1} {
		for j >= 0 && j < len(toks) && toks[j].TType == efp.TokenTypeWhitespace {
			if j < i {
				j--
			} else {
				j++
			}
		}
		if j >= 0 && j < len(toks) && toks[j].TType == efp.TokenTypeOperatorInfix && strings.ContainsAny(toks[j].TValue, "+-*/^") {
			return true
		}
	}
	return false
}

// numericUse returns the formula cell reading (r, c) as a number.
func (m *sheetModel) numericUse(r, c int) ([2]int, bool) {
	if m.numeric == nil {
		m.numeric = numericUses(m.formulas, func(fr, fc int) string {
			return m.wb.formula(m.name, cell{row: fr, col: fc}.name(), m.scan)
		})
	}
	p, ok := m.numeric[[2]int{r, c}]
	return p, ok
}

// numericHint is the hint of a cell a formula reads as a number.
func numericHint(formulaCell string) string {
	return "a number: the formula in " + formulaCell + " reads this cell as a number"
}

// checkNumeric refuses text in a cell a formula of its sheet reads as a
// number.
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
	uses, ok := w.numeric[sheet]
	if !ok {
		sc := w.scan(sheet)
		if sc == nil {
			return nil
		}
		uses = numericUses(sc.formulas, func(r, col int) string { return w.wb.formula(sheet, cell{row: r, col: col}.name(), sc) })
		w.numeric[sheet] = uses
	}
	f, ok := uses[[2]int{c.row, c.col}]
	if !ok {
		return nil
	}
	at := w.wb.xpath(cell{sheet: c.sheet, row: f[0], col: f[1]})
	return formats.Errorf(formats.ErrInvalidArgument, name, "%s is read as a number by the formula in %s; %q is not a number: write a number (a word would break the formula)", w.wb.xpath(c), at, clip(value, 80))
}
