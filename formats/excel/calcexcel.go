package excel

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/xuri/efp"
)

// The native calculation follows Excel's semantics: errors are values
// that IFERROR catches, arithmetic and comparisons follow Excel's types,
// and IF and IFERROR read only the argument they give. That also computes
// formulas on a cycle of whole ranges (HECVAT 4.14's 'High-Risk
// Evaluation' looks up 'Institution Evaluation', whose scores SUMIF
// '(backend scoring)', which reads 'High-Risk Evaluation' back), which
// excelize cannot compute: it would follow the ranges round. No cell on
// them reads itself, though, so reading cell by cell, as Excel and
// LibreOffice do, computes them. A cell that does read itself through
// others is still met again while it is computed (result), which ends the
// calculation of every formula on that cycle: they are reported.

// Excel's error values the calculation gives.
var (
	errNA    = calcArg{kind: argError, s: "#N/A"}
	errValue = calcArg{kind: argError, s: "#VALUE!"}
	errDiv0  = calcArg{kind: argError, s: "#DIV/0!"}
	errRef   = calcArg{kind: argError, s: "#REF!"}
)

// compare is a comparison (= <> < > <= >=) of two joins, or one join.
func (e *nativeEval) compare() (calcArg, bool) {
	l, ok := e.join()
	if !ok {
		return l, false
	}
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperatorInfix || !isComparison(t.TValue) {
		return l, true
	}
	e.pos++
	r, ok := e.join()
	if !ok {
		return r, false
	}
	if l.kind == argError {
		return l, true
	}
	if r.kind == argError {
		return r, true
	}
	return boolArg(holds(t.TValue, compareValues(l, r))), true
}

// boolArg is b as a value.
func boolArg(b bool) calcArg {
	if b {
		return calcArg{kind: argBool, n: 1}
	}
	return calcArg{kind: argBool}
}

func isComparison(op string) bool {
	switch op {
	case "=", "<>", "<", ">", "<=", ">=":
		return true
	}
	return false
}

// holds is whether comparison op holds of two values whose order is c
// (-1, 0, 1).
func holds(op string, c int) bool {
	switch op {
	case "=":
		return c == 0
	case "<>":
		return c != 0
	case "<":
		return c < 0
	case ">":
		return c > 0
	case "<=":
		return c <= 0
	}
	return c >= 0
}

// compareValues orders two values as Excel's comparisons do: numbers before
// text before booleans, text without regard to case, and an empty cell as
// the other side's kind of nothing (0, "" or FALSE).
func compareValues(l, r calcArg) int {
	if l.kind == argEmpty {
		l = emptyAs(r.kind)
	}
	if r.kind == argEmpty {
		r = emptyAs(l.kind)
	}
	if l.kind != r.kind {
		return cmpInt(kindRank(l.kind), kindRank(r.kind))
	}
	if l.kind == argString {
		return strings.Compare(strings.ToLower(l.s), strings.ToLower(r.s))
	}
	switch {
	case l.n < r.n:
		return -1
	case l.n > r.n:
		return 1
	}
	return 0
}

// emptyAs is an empty cell compared with a value of kind k.
func emptyAs(k argKind) calcArg {
	if k == argString || k == argBool {
		return calcArg{kind: k}
	}
	return calcArg{kind: argNumber}
}

func kindRank(k argKind) int {
	switch k {
	case argString:
		return 1
	case argBool:
		return 2
	}
	return 0
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// join is sums joined with &.
func (e *nativeEval) join() (calcArg, bool) {
	return infixChain(e, e.addition, isJoin, scalarOf(joinText))
}

// addition is products added or subtracted.
func (e *nativeEval) addition() (calcArg, bool) {
	return infixChain(e, e.product, isAdditive, scalarOf(arithmetic))
}

// product is powers multiplied or divided.
func (e *nativeEval) product() (calcArg, bool) {
	return infixChain(e, e.power, isMultiplicative, scalarOf(arithmetic))
}

// power is signed operands raised to powers.
func (e *nativeEval) power() (calcArg, bool) {
	return infixChain(e, e.signed, isPower, scalarOf(arithmetic))
}

// The infix operators by precedence, lowest first: the scalar ladder
// above and its element-by-element twin (calcsumproduct.go) read the same.
func isJoin(op string) bool           { return op == "&" }
func isAdditive(op string) bool       { return op == "+" || op == "-" }
func isMultiplicative(op string) bool { return op == "*" || op == "/" }
func isPower(op string) bool          { return op == "^" }

// joinText is l & r: the text of each, joined.
func joinText(_ string, l, r calcArg) (calcArg, bool) {
	ls, ok := l.text()
	if !ok {
		return calcArg{}, false
	}
	rs, ok := r.text()
	return calcArg{kind: argString, s: ls + rs}, ok
}

// scalarOf is apply on two values, but an error operand is the result
// (the first one, from the left).
func scalarOf(apply func(op string, l, r calcArg) (calcArg, bool)) func(op string, l, r calcArg) (calcArg, bool) {
	return func(op string, l, r calcArg) (calcArg, bool) {
		switch {
		case l.kind == argError:
			return l, true
		case r.kind == argError:
			return r, true
		}
		return apply(op, l, r)
	}
}

// infixChain reads operands that next reads, joined left to right by the
// operators is takes, and combines each with the next: a value (calcArg)
// or, inside SUMPRODUCT, an array read element by element (calcArray).
func infixChain[T any](e *nativeEval, next func() (T, bool), is func(string) bool, combine func(op string, l, r T) (T, bool)) (T, bool) {
	l, ok := next()
	for ok {
		t, more := e.peek()
		if !more || t.TType != efp.TokenTypeOperatorInfix || !is(t.TValue) {
			return l, true
		}
		e.pos++
		var r T
		if r, ok = next(); !ok {
			break
		}
		l, ok = combine(t.TValue, l, r)
	}
	var none T
	return none, false
}

// signed is an operand after any number of - and + signs. Excel
// gives a sign a higher precedence than ^ (-2^2 is 4).
func (e *nativeEval) signed() (calcArg, bool) {
	t, more := e.peek()
	if !more || t.TType != efp.TokenTypeOperatorPrefix {
		return e.operand()
	}
	e.pos++
	v, ok := e.signed()
	if !ok {
		return v, false
	}
	return sign(t.TValue, v)
}

// sign is v after the prefix sign op: a number, negated by -; an error
// stays itself, and text that is no number is #VALUE!.
func sign(op string, v calcArg) (calcArg, bool) {
	if v.kind == argError {
		return v, true
	}
	n, bad, ok := asNumber(v)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	if op == "-" {
		n = -n
	}
	return calcArg{kind: argNumber, n: n}, true
}

// arithmetic is l op r for + - * / ^, on their values as numbers.
func arithmetic(op string, l, r calcArg) (calcArg, bool) {
	a, bad, ok := asNumber(l)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	b, bad, ok := asNumber(r)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	var n float64
	switch op {
	case "+":
		n = a + b
	case "-":
		n = a - b
	case "*":
		n = a * b
	case "/":
		if b == 0 {
			return errDiv0, true
		}
		n = a / b
	default:
		if a == 0 && b <= 0 {
			return calcArg{}, false // 0^0 is #NUM! in Excel, 1 in LibreOffice
		}
		n = math.Pow(a, b)
	}
	if math.IsInf(n, 0) || math.IsNaN(n) {
		return calcArg{kind: argError, s: "#NUM!"}, true
	}
	return calcArg{kind: argNumber, n: n}, true
}

// asNumber is v read as a number by arithmetic: a boolean is 1 or 0,
// an empty cell 0, text that is a plain number that number, and other
// text #VALUE! (bad). Text Excel might read as a date, a time, a
// percentage or a currency (see mayBeNumber) is not computed: ok is
// false.
func asNumber(v calcArg) (n float64, bad calcArg, ok bool) {
	switch v.kind {
	case argNumber, argBool:
		return v.n, calcArg{}, true
	case argEmpty:
		return 0, calcArg{}, true
	case argError:
		return 0, v, true
	}
	s := strings.TrimSpace(v.s)
	if f, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "xXpPnN_") {
		return f, calcArg{}, true
	}
	if mayBeNumber(s) {
		return 0, calcArg{}, false
	}
	return 0, errValue, true
}

// conditionTextIsValueError reports whether text, as IF's condition,
// is #VALUE! in Excel and LibreOffice: anything but TRUE or FALSE (which
// Excel reads as the booleans) and text that may hold a number, which
// the calculation leaves alone (IF("Yes",1,0) is #VALUE!; excelize gave
// a Go error, strconv.ParseBool's, for a reason).
func conditionTextIsValueError(text string) bool {
	s := strings.TrimSpace(text)
	if strings.EqualFold(s, "TRUE") || strings.EqualFold(s, "FALSE") || mayBeNumber(s) {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err != nil
}

// mayBeNumber reports whether text that is no plain number may still be
// one Excel reads (a date, a time, a percentage, a currency, a number with
// thousands separators): it holds a digit and, but for a month's name or
// AM/PM, nothing but digits, signs and separators.
func mayBeNumber(s string) bool {
	if !strings.ContainsAny(s, "0123456789") {
		return false
	}
	lower := strings.ToLower(s)
	// Whole names first: "march" less "mar" would leave "ch", and a date
	// written out ("March 1, 2024") be taken for text, #VALUE! in
	// arithmetic where Excel reads 45352.
	for _, w := range []string{"january", "february", "march", "april", "june", "july", "august", "september", "sept", "october", "november", "december",
		"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "am", "pm"} {
		lower = strings.ReplaceAll(lower, w, "")
	}
	return strings.Trim(lower, "0123456789/-:.,%$€£¥+() \t") == ""
}

// generalNumber is n as Excel turns a number into text (n&"", a number
// joined to text): rounded, half up, to 15 significant digits (14 past
// an exponent of 99 or below -98), in plain digits when they take at most
// 20 characters (0.00000000011, 123456789012346000), with an exponent of
// at least two digits past that (1.1E+20, 3.66666666666667E-17). Apache
// POI's NumberToTextConverter tabulates these rules against Excel; Go's
// own form (1.1000000000000001e-10) is no spelling Excel shows. ok is
// false for an infinity or NaN, which no calculation gives.
func generalNumber(n float64) (string, bool) {
	if math.IsInf(n, 0) || math.IsNaN(n) {
		return "", false
	}
	if n == 0 {
		return "0", true
	}
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	digits, exp := roundedDigits(n)
	k := len(digits)
	switch {
	case exp >= 0 && exp+1 <= maxPlainNumber:
		if k <= exp+1 {
			return sign + digits + strings.Repeat("0", exp+1-k), true
		}
		return sign + digits[:exp+1] + "." + digits[exp+1:], true
	case exp < 0 && 2+(-exp-1)+k <= maxPlainNumber:
		return sign + "0." + strings.Repeat("0", -exp-1) + digits, true
	}
	mantissa := digits[:1]
	if k > 1 {
		mantissa += "." + digits[1:]
	}
	expSign := "+"
	if exp < 0 {
		expSign, exp = "-", -exp
	}
	return fmt.Sprintf("%s%sE%s%02d", sign, mantissa, expSign, exp), true
}

// maxPlainNumber is the most characters, sign aside, a number turned into
// text takes in plain digits (see generalNumber).
const maxPlainNumber = 20

// roundedDigits is n (positive, finite) as Excel's text shows it: its
// significant digits, rounded half up to 15 (14 for an exponent past 99
// or below -98) and without trailing zeros, and the power of ten of the
// first one.
func roundedDigits(n float64) (string, int) {
	exact := strconv.FormatFloat(n, 'e', 30, 64) // d.ddd…e±XX, enough digits to round once
	mant, expText, _ := strings.Cut(exact, "e")
	exp, _ := strconv.Atoi(expText)
	all := []byte(strings.Replace(mant, ".", "", 1))
	sig := 15
	if exp >= 99 || exp < -98 {
		sig = 14
	}
	round := all[sig] >= '5'
	all = all[:sig]
	for i := sig - 1; round && i >= 0; i-- {
		if all[i] == '9' {
			all[i] = '0'
			continue
		}
		all[i]++
		round = false
	}
	if round { // 9.99…95 carried into a new first digit
		all = append([]byte{'1'}, all[:sig-1]...)
		exp++
	}
	return strings.TrimRight(string(all), "0"), exp
}

// storedOf is the cached value Excel stores for a formula whose result
// is v: a number in full (Excel stores 17 significant digits), a boolean
// as 1 or 0, text as a formula's string, an error value as itself.
func storedOf(v calcArg) (cachedValue, bool) {
	switch v.kind {
	case argNumber:
		if math.IsInf(v.n, 0) || math.IsNaN(v.n) {
			return cachedValue{}, false
		}
		return cachedValue{v: storedNumber(v.n)}, true
	case argBool:
		return cachedValue{v: strconv.Itoa(int(v.n)), t: "b"}, true
	case argError:
		return cachedValue{v: v.s, t: "e"}, true
	}
	return cachedValue{v: v.s, t: "str"}, true
}

// storedNumber is n as Excel writes a number: in plain digits from 10^-4
// to 10^15, with an exponent (1E+21) beyond them.
func storedNumber(n float64) string {
	if a := math.Abs(n); n == 0 || a >= 1e-4 && a < 1e15 {
		return strconv.FormatFloat(n, 'f', -1, 64)
	}
	return strings.ToUpper(strconv.FormatFloat(n, 'g', -1, 64))
}
