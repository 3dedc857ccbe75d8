package excel

import (
	"bytes"
	"strings"

	"github.com/xuri/efp"
)

// Two facts of a formula's lookups the recalculation needs:
//
//   - An approximate match (VLOOKUP or HLOOKUP without FALSE, MATCH
//     without 0, LOOKUP) is a binary search in Excel, whose result on data
//     that is not sorted depends on the search itself. The native
//     calculation follows Excel's search (calcapprox.go); excelize
//     searches otherwise, so such a formula the native calculation cannot
//     compute is reported, not left to excelize (notForExcelize).
//   - A lookup that finds an empty cell gives 0 in Excel; excelize gives
//     "". A formula that is one lookup takes 0 then.

// lookups are the functions whose result is a cell they find.
var lookups = map[string]bool{"VLOOKUP": true, "HLOOKUP": true, "INDEX": true, "LOOKUP": true, "XLOOKUP": true}

// lookupFrame is a function call being read: its name, the index of the
// argument being read and the token that argument starts at.
type lookupFrame struct {
	name       string
	arg, start int
}

// lookupFacts reads a formula's tokens for the first approximate-match
// lookup it calls ("" when none), and whether the formula is one lookup.
// It runs on every formula of the workbook, so its frames are values on a
// stack array and a call's last argument is read only for the lookups
// whose match depends on it.
func lookupFacts(toks []efp.Token) (approx string, top bool) {
	var frames [8]lookupFrame
	stack := frames[:0]
	for i, t := range toks {
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			stack = append(stack, lookupFrame{name: strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn.")), start: i + 1})
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop && len(stack) > 0:
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if approx == "" && approximate(f.name, f.arg+1, readsLast(f.name) && exactMatch(toks[f.start:i])) {
				approx = f.name
			}
			if len(stack) == 0 && i == len(toks)-1 && lookups[f.name] && toks[0].TType == efp.TokenTypeFunction {
				top = true
			}
		case t.TType == efp.TokenTypeArgument && len(stack) > 0:
			f := &stack[len(stack)-1]
			f.arg++
			f.start = i + 1
		}
	}
	return approx, top
}

// exactMatch reports whether a call's last argument, its tokens toks
// (nested calls' left out, as they are their own calls' text), reads
// FALSE or 0.
func exactMatch(toks []efp.Token) bool {
	var buf [16]byte
	text, depth := buf[:0], 0
	for _, t := range toks {
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			depth++
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop:
			depth--
		case depth == 0:
			text = append(text, t.TValue...)
		}
	}
	last := bytes.TrimSpace(text)
	return bytes.EqualFold(last, []byte("FALSE")) || string(last) == "0"
}

// readsLast reports the lookups whose match approximate tells from their
// last argument.
func readsLast(name string) bool { return name == "VLOOKUP" || name == "HLOOKUP" || name == "MATCH" }

// approximate reports whether a call of name with args arguments, whose
// last argument is FALSE or 0 when exact, matches approximately.
func approximate(name string, args int, exact bool) bool {
	switch name {
	case "VLOOKUP", "HLOOKUP":
		return args == 3 || args == 4 && !exact
	case "MATCH":
		return args == 2 || args == 3 && !exact
	case "LOOKUP":
		return true
	}
	return false
}

// calcText is a formula as the calculation workbook takes it: without the
// spaces around arguments and operators, and without parentheses around
// a lone function call, which excelize's evaluator counts as arguments
// ("IF(A1, B1, C1)" and "IF((A1)+(ISBLANK(B1)),1,2)": "IF accepts at
// most 3 arguments"). A space between two references, the intersection
// operator, stays.
func calcText(formula string) string {
	if !strings.ContainsAny(formula, " \n\r\t(") {
		return formula
	}
	p := efp.ExcelParser()
	toks := p.Parse(formula)
	drop := map[int]bool{}
	for i, t := range toks {
		if t.TType == efp.TokenTypeWhitespace && !(i > 0 && i+1 < len(toks) && operandEnd(toks[i-1]) && operandStart(toks[i+1])) {
			drop[i] = true
		}
		if t.TType == efp.TokenTypeSubexpression && t.TSubType == efp.TokenSubTypeStart && i+1 < len(toks) &&
			toks[i+1].TType == efp.TokenTypeFunction && toks[i+1].TSubType == efp.TokenSubTypeStart {
			if j := callEnd(toks, i+1); j+1 < len(toks) && toks[j+1].TType == efp.TokenTypeSubexpression && toks[j+1].TSubType == efp.TokenSubTypeStop {
				drop[i], drop[j+1] = true, true
			}
		}
	}
	kept := make([]efp.Token, 0, len(toks))
	for i, t := range toks {
		if !drop[i] {
			kept = append(kept, t)
		}
	}
	p.Tokens.Items = kept
	return render(&p)
}

// callEnd is the index of the stop of the function call starting at i.
func callEnd(toks []efp.Token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch toks[j].TSubType {
		case efp.TokenSubTypeStart:
			depth++
		case efp.TokenSubTypeStop:
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return len(toks)
}

// operandEnd reports whether t ends an operand: a space after it may be
// an intersection.
func operandEnd(t efp.Token) bool {
	return t.TType == efp.TokenTypeOperand || t.TSubType == efp.TokenSubTypeStop
}

// operandStart reports whether t starts an operand.
func operandStart(t efp.Token) bool {
	return t.TType == efp.TokenTypeOperand || t.TSubType == efp.TokenSubTypeStart
}

// render is efp's rendering of p's tokens with the quotes of sheet names
// put back: efp's tokens hold 'START HERE'!C5 as START HERE!C5, which
// excelize then reads as a name it does not know.
func render(p *efp.Parser) string {
	for i := range p.Tokens.Items {
		t := &p.Tokens.Items[i]
		if t.TType != efp.TokenTypeOperand || t.TSubType != efp.TokenSubTypeRange || strings.HasPrefix(t.TValue, "'") {
			continue
		}
		cut := strings.LastIndexByte(t.TValue, '!')
		if cut <= 0 || strings.Contains(t.TValue[:cut], "[") {
			continue
		}
		if sheet := t.TValue[:cut]; needsQuotes(sheet) {
			t.TValue = "'" + strings.ReplaceAll(sheet, "'", "''") + "'" + t.TValue[cut:]
		}
	}
	return p.Render()
}

// needsQuotes reports whether a sheet name must be quoted in a reference.
func needsQuotes(sheet string) bool {
	for i, r := range sheet {
		if !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 || i > 0 && r >= '0' && r <= '9') {
			return true
		}
	}
	return false
}
