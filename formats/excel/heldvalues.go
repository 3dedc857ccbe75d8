package excel

import (
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Held values: a validated cell may ship holding a value its rule
// accepts, a drop-down set to one of its options or a 0-10 score set to
// 0. Either is the cell's current answer, which the filler changes: the
// cell stays an answer target (its line shows the value), and a column of
// them is an answer column, not content.

// heldChoice reports a cell holding a value its validation offers: a list
// cell holding one of its options, or a whole or decimal cell holding a
// number its bounds allow.
func (m *sheetModel) heldChoice(r, c int, v string) bool {
	if m.chosenOption(r, c, v) {
		return true
	}
	ru := m.ruleAt(r, c)
	return ru != nil && ru.acceptsNumber(v)
}

// acceptsNumber reports text that is a number a whole or decimal rule
// with constant bounds lets in. A rule whose bounds are formulas or cell
// references is not judged: the value is then not taken for a held one.
func (ru *rule) acceptsNumber(v string) bool {
	if !ru.numberRule() {
		return false
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || ru.typ == "whole" && x != float64(int64(x)) {
		return false
	}
	lo, okLo := constantBound(ru.formula1)
	hi, okHi := constantBound(ru.formula2)
	switch ru.operator {
	case "", "between":
		return okLo && okHi && x >= lo && x <= hi
	case "greaterThanOrEqual":
		return okLo && x >= lo
	case "greaterThan":
		return okLo && x > lo
	case "lessThanOrEqual":
		return okLo && x <= lo
	case "lessThan":
		return okLo && x < lo
	}
	return false
}

// constantBound reads a validation bound that is a plain number.
func constantBound(f string) (float64, bool) {
	x, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSpace(f), "="), 64)
	return x, err == nil
}

// examplePrefix starts a value that shows the kind of answer wanted
// ("e.g. Jane Smith, Operations Lead"): an example the filler writes
// over, not an answer.
var examplePrefix = formats.MustPattern(`(?i)^\s*(e\.\s?g\.?|eg[.:]|for example\b|example:)`)

// isExampleValue reports a short example value beside its label.
func (m *sheetModel) isExampleValue(v string) bool {
	v = strings.TrimSpace(v)
	return len(v) <= maxLabel && (strings.HasPrefix(v, "e") || strings.HasPrefix(v, "E") || strings.HasPrefix(v, "f") || strings.HasPrefix(v, "F")) && m.matches(examplePrefix, v)
}

// numberRule reports a whole or decimal rule: the cells it covers take a
// number the filler types, as a list's cells take a choice.
func (ru *rule) numberRule() bool { return ru.typ == "whole" || ru.typ == "decimal" }

// numberedSiblings reports two labels that differ only in their numbers
// ("Evaluator 1" and "Evaluator 2"): a row of parallel column names, each
// naming its own column, neither the prompt of the other's blank.
func numberedSiblings(a, b string) bool {
	strip := func(s string) string {
		return strings.ToLower(strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return ' '
			}
			return r
		}, s)), " "))
	}
	return a != b && strings.ContainsAny(a, "0123456789") && strings.ContainsAny(b, "0123456789") && strip(a) == strip(b)
}
