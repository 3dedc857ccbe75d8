package excel

import "strings"

// shiftFormula is formula with its references moved dCol columns and
// dRow rows: a shared formula's master's text as it reads in one of its
// other cells, or a formula copied that far, as Excel moves it and as
// openpyxl's Translator does. The formula is walked as openpyxl's
// tokenizer walks it, to find its operands; each operand that is a
// reference is rewritten (shiftReference) and every other byte is copied
// as written, spacing, strings, array constants and all.
func shiftFormula(formula string, dCol, dRow int) string {
	var b strings.Builder
	copied := 0           // formula[:copied] is in b
	start := -1           // where the operand being read starts; -1: none
	end := func(at int) { // the operand ends at at: move it
		if start < 0 {
			return
		}
		op := formula[start:at]
		start = -1
		if op[0] == '#' {
			return // an error: #REF!
		}
		if moved := shiftReference(op, dCol, dRow); moved != op {
			b.WriteString(formula[copied : at-len(op)])
			b.WriteString(moved)
			copied = at
		}
	}
	for i := 0; i < len(formula); {
		c := formula[i]
		if (c == '+' || c == '-') && start >= 0 && exponentStart(formula[start:i]) {
			i++ // 1E+5: one number
			continue
		}
		switch {
		case c == '"':
			end(i)
			i += quotedLen(formula[i:])
		case c == '\'' || c == '[' || c == '#':
			if start < 0 {
				start = i
			}
			n := operandPieceLen(formula[i:])
			i += n
			if c == '#' && n > 1 {
				end(i) // Data!#REF! ends at the error
			}
		case c == '(':
			start = -1 // a function's name
			i++
		case strings.IndexByte(" \n+-*/^&=><%{}),;", c) >= 0:
			end(i)
			i++
		default:
			if start < 0 {
				start = i
			}
			i++
		}
	}
	end(len(formula))
	if copied == 0 {
		return formula
	}
	b.WriteString(formula[copied:])
	return b.String()
}

// operandPieceLen is the length of the piece of an operand s starts with,
// at a quote, a bracket or a #: a quoted sheet name ('My Sheet'), a
// bracketed book or table column ([1], Table1[[#This Row],[Name]]), an
// error (#REF!), or a lone # that is none of these.
func operandPieceLen(s string) int {
	switch s[0] {
	case '\'':
		return quotedLen(s)
	case '[':
		depth := 0
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '[':
				depth++
			case ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return len(s) // unclosed: the rest
	}
	for _, e := range formulaErrors {
		if strings.HasPrefix(s, e) {
			return len(e)
		}
	}
	return 1
}

// formulaErrors are the error values openpyxl's tokenizer reads.
var formulaErrors = [...]string{"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA"}

// quotedLen is the length of the string s starts with, at its quote (" or
// '), to the quote that closes it: a doubled quote is one within it. An
// unclosed string runs to the end.
func quotedLen(s string) int {
	n, _ := quoteEnd(s)
	return n
}

// quoteEnd is quotedLen, and whether the quote is closed: an unclosed one
// runs to the end of s.
func quoteEnd(s string) (n int, closed bool) {
	q := s[0]
	for i := 1; i < len(s); i++ {
		if s[i] != q {
			continue
		}
		if i+1 < len(s) && s[i+1] == q {
			i++
			continue
		}
		return i + 1, true
	}
	return len(s), false
}

// exponentStart reports whether op is a number up to its exponent's
// sign, 1E or 2.5e, so that the + or - after it is the exponent's
// (openpyxl's ^[1-9](\.[0-9]+)?[Ee]$).
func exponentStart(op string) bool {
	if len(op) < 2 || op[0] < '1' || op[0] > '9' || op[len(op)-1]|0x20 != 'e' {
		return false
	}
	frac := op[1 : len(op)-1]
	if frac == "" {
		return true
	}
	if frac[0] != '.' || len(frac) < 2 {
		return false
	}
	for i := 1; i < len(frac); i++ {
		if frac[i] < '0' || frac[i] > '9' {
			return false
		}
	}
	return true
}
