package excel

import (
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// The graph tokenizes every formula of the workbook, and efp allocates
// about 6 KB a formula: 100 MB for HECVAT 4.14's 17,782 formulas. Yet a
// questionnaire's formulas are few shapes repeated row after row
// (VLOOKUP($A18,'START HERE'!$A$23:$F$36,4,0)&"" and its 15,000
// siblings are 112 texts once their numbers are set aside). efp never
// looks at which digit a digit is, but in two places, so two texts that
// differ only in their runs of digits tokenize alike, the runs changed:
// tokenCache parses one text of each shape and gives the others its
// tokens with their own digits. The two places:
//
//   - a number in scientific notation (1E+5) is read by a pattern on its
//     first digit: texts with E+ or E- are parsed by efp;
//   - an operand is a number when it parses as one, a range otherwise:
//     a token whose digits changed is classed again as efp classes it,
//     and the text parsed by efp when the class differs.
//
// Texts with '#' (error values such as #DIV/0!) or '{' (arrays) are
// parsed by efp too, and a shape whose digits efp's tokens do not hold
// in order, as they stand in the text, is never reused.

// maxDigitRun is the longest run of digits a shape reuses: ParseFloat
// fails on numbers past float64's range, which efp then reads as ranges.
const maxDigitRun = 15

// tokenCache holds one write's shapes of formulas, and scratch space its
// callers reuse formula after formula: the graph's reading of 17,782
// formulas allocated 54 MB, most of it copies of a shape's tokens.
type tokenCache struct {
	shapes map[string]*tokenShape // nil: a shape efp's tokens do not follow
	key    []byte                 // digitRuns' shape of the text being parsed
	runs   []string               // its digit runs
	toks   []efp.Token            // with's tokens, valid until the next parse
	vals   []byte                 // with's changed token values, joined
	refs   []sheetRect            // parseFormula's references, valid until the next parse
}

// tokenShape is the tokens of one text of a shape, and where its digit
// runs lie in them.
type tokenShape struct {
	toks []efp.Token
	runs []digitRun
}

// digitRun is a run of digits in token tok's value, from byte at, n long.
type digitRun struct{ tok, at, n int }

func newTokenCache() *tokenCache { return &tokenCache{shapes: map[string]*tokenShape{}} }

// parse is efp's tokens of text. The caller may change them; with a
// cache, they are valid until its next parse.
func (tc *tokenCache) parse(text string) []efp.Token {
	if tc == nil || strings.ContainsAny(text, "#{") || hasExponent(text) {
		return efpTokens(text)
	}
	var ok bool
	if tc.key, tc.runs, ok = appendDigitRuns(tc.key[:0], tc.runs[:0], text); !ok {
		return efpTokens(text)
	}
	s, seen := tc.shapes[string(tc.key)]
	if seen {
		if s != nil {
			if toks, ok := tc.with(s); ok {
				return toks
			}
		}
		return efpTokens(text)
	}
	toks := efpTokens(text)
	tc.shapes[string(tc.key)] = newShape(toks, tc.runs)
	return toks
}

func efpTokens(text string) []efp.Token {
	p := efp.ExcelParser()
	return p.Parse(text)
}

// hasExponent reports an E+ or E- (either case) in text.
func hasExponent(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		if (text[i] == 'E' || text[i] == 'e') && (text[i+1] == '+' || text[i+1] == '-') {
			return true
		}
	}
	return false
}

// appendDigitRuns appends text with each run of digits as '#' (its
// shape) to key, and the runs to runs; ok is false for a run longer than
// maxDigitRun.
func appendDigitRuns(key []byte, runs []string, text string) ([]byte, []string, bool) {
	for i := 0; i < len(text); {
		if !isDigit(text[i]) {
			key = append(key, text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		if j-i > maxDigitRun {
			return key, runs, false
		}
		runs = append(runs, text[i:j])
		key = append(key, '#')
		i = j
	}
	return key, runs, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// newShape is the shape of toks, efp's tokens of a text whose digit runs
// are runs, or nil when the tokens do not hold those runs in order.
func newShape(toks []efp.Token, runs []string) *tokenShape {
	s := &tokenShape{toks: append([]efp.Token(nil), toks...)}
	k := 0
	for ti, t := range toks {
		v := t.TValue
		for i := 0; i < len(v); {
			if !isDigit(v[i]) {
				i++
				continue
			}
			j := i
			for j < len(v) && isDigit(v[j]) {
				j++
			}
			if k >= len(runs) || runs[k] != v[i:j] {
				return nil
			}
			s.runs = append(s.runs, digitRun{tok: ti, at: i, n: j - i})
			k++
			i = j
		}
	}
	if k != len(runs) {
		return nil
	}
	return s
}

// with is shape s's tokens with the digit runs of the text being parsed
// (tc.runs), in tc's scratch, and false when an operand would change
// class (see classOf). The changed values are made as one string: every
// formula of a shape differs from its first in its numbers.
func (tc *tokenCache) with(s *tokenShape) ([]efp.Token, bool) {
	if len(tc.runs) != len(s.runs) {
		return nil, false
	}
	tc.toks = append(tc.toks[:0], s.toks...)
	b := tc.vals[:0]
	var endsBuf [16]int // on the stack for most formulas
	ends := endsBuf[:0] // changed token, end of its value in b, …
	for k := 0; k < len(s.runs); {
		ti := s.runs[k].tok
		v, from := s.toks[ti].TValue, 0
		for ; k < len(s.runs) && s.runs[k].tok == ti; k++ {
			r := s.runs[k]
			b = append(b, v[from:r.at]...)
			b = append(b, tc.runs[k]...)
			from = r.at + r.n
		}
		b = append(b, v[from:]...)
		ends = append(ends, ti, len(b))
	}
	tc.vals = b
	joined, start := string(b), 0
	for e := 0; e < len(ends); e += 2 {
		t := &tc.toks[ends[e]]
		t.TValue, start = joined[start:ends[e+1]], ends[e+1]
		if t.TType == efp.TokenTypeOperand && t.TSubType != efp.TokenSubTypeText && classOf(t.TValue) != t.TSubType {
			return nil, false
		}
	}
	return tc.toks, true
}

// classOf is the subtype efp gives an operand that is not text: a
// number when it parses as one, a logical value, else a range.
func classOf(v string) string {
	// notFloat first: ParseFloat's error, made for every reference,
	// allocated 4 MB a HECVAT graph.
	if !notFloat(v) {
		if _, err := strconv.ParseFloat(v, 64); err == nil {
			return efp.TokenSubTypeNumber
		}
	}
	if v == "TRUE" || v == "FALSE" {
		return efp.TokenSubTypeLogical
	}
	return efp.TokenSubTypeRange
}

// notFloat reports texts ParseFloat refuses for sure: those holding a
// byte no float spelling has ($ : ! ' and the like), or starting, after a
// sign, with a letter that starts no "inf", "infinity" or "nan".
func notFloat(v string) bool {
	if strings.ContainsAny(v, "$:!'") {
		return true
	}
	s := strings.TrimLeft(v, "+-")
	if s == "" {
		return false
	}
	c := s[0] | 0x20
	return c >= 'a' && c <= 'z' && c != 'i' && c != 'n'
}
