package excel

import (
	"strings"

	"github.com/xuri/efp"
)

// Two ways excelize's lookups differ from Excel's, found by comparing
// formfill's cached values with LibreOffice's on HECVAT Full 3.06:
//
//   - An approximate match (VLOOKUP or HLOOKUP without FALSE, MATCH
//     without 0, LOOKUP) is a binary search in Excel, whose result on data
//     that is not sorted depends on the search itself; excelize searches
//     otherwise. Such a formula is reported, not computed.
//   - A lookup that finds an empty cell gives 0 in Excel; excelize gives
//     "". A formula that is one lookup takes 0 then.

// lookups are the functions whose result is a cell they find.
var lookups = map[string]bool{"VLOOKUP": true, "HLOOKUP": true, "INDEX": true, "LOOKUP": true, "XLOOKUP": true}

// lookupFrame is a function call being read: its name, the index of the
// argument being read and that argument's text.
type lookupFrame struct {
	name string
	arg  int
	text strings.Builder
}

// lookupFacts reads a formula's tokens for the first approximate-match
// lookup it calls ("" when none), and whether the formula is one lookup.
func lookupFacts(toks []efp.Token) (approx string, top bool) {
	var stack []*lookupFrame
	for i, t := range toks {
		switch {
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStart:
			stack = append(stack, &lookupFrame{name: strings.ToUpper(strings.TrimPrefix(t.TValue, "_xlfn."))})
		case t.TType == efp.TokenTypeFunction && t.TSubType == efp.TokenSubTypeStop && len(stack) > 0:
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if approx == "" && approximate(f.name, f.arg+1, strings.TrimSpace(f.text.String())) {
				approx = f.name
			}
			if len(stack) == 0 && i == len(toks)-1 && lookups[f.name] && toks[0].TType == efp.TokenTypeFunction {
				top = true
			}
		case t.TType == efp.TokenTypeArgument && len(stack) > 0:
			f := stack[len(stack)-1]
			f.arg++
			f.text.Reset()
		case len(stack) > 0:
			stack[len(stack)-1].text.WriteString(t.TValue)
		}
	}
	return approx, top
}

// approximate reports whether a call of name with args arguments, the
// last of them last, matches approximately.
func approximate(name string, args int, last string) bool {
	exact := strings.EqualFold(last, "FALSE") || last == "0"
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
