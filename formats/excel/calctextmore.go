package excel

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf16"
)

// MID, RIGHT, SEARCH, MOD, IFNA and HYPERLINK, computed natively with
// Excel's semantics. Real questionnaires call them, and excelize, which
// computed them before, gets their edge inputs wrong (checked against
// LibreOffice, TestNativeTextMoreEqualsLibreOffice): it reads an error
// cell as its text (MID(#N/A,1,2) "#N", MOD(#N/A,2) 0, SEARCH("a",#N/A)
// 4, HYPERLINK(#N/A,"x") "x"), a number with 8 digits or more in
// exponent form (MID(12345678.9,2,3) ".23", RIGHT of it "+07"), a
// boolean as TRUE where Excel reads 1 in arithmetic only, SEARCH's
// escape ~ as a literal tilde and a start of 0 as 1, IFNA(1/0,…) as
// #VALUE!, and a reference to an empty cell given back as "" where Excel
// gives 0.

// errNum is Excel's #NUM!.
var errNum = calcArg{kind: argError, s: "#NUM!"}

// textMoreCall computes MID, RIGHT, SEARCH, MOD or HYPERLINK, whose start
// token is read; ok is false for a form it does not compute.
func (e *nativeEval) textMoreCall(name string) (calcArg, bool) {
	args, ok := e.args(nil)
	if !ok {
		return calcArg{}, false
	}
	switch {
	case name == "MID" && len(args) == 3:
		return mid(args[0], args[1], args[2])
	case name == "RIGHT" && (len(args) == 1 || len(args) == 2):
		count := calcArg{kind: argNumber, n: 1}
		if len(args) == 2 {
			count = args[1]
		}
		return right(args[0], count)
	case name == "SEARCH" && (len(args) == 2 || len(args) == 3):
		start := calcArg{kind: argNumber, n: 1}
		if len(args) == 3 {
			start = args[2]
		}
		return search(args[0], args[1], start)
	case name == "MOD" && len(args) == 2:
		return mod(args[0], args[1])
	case name == "HYPERLINK" && (len(args) == 1 || len(args) == 2):
		return hyperlink(args)
	}
	return calcArg{}, false
}

// firstError is the first error among args, if any.
func firstError(args ...calcArg) (calcArg, bool) {
	for _, a := range args {
		if a.kind == argError {
			return a, true
		}
	}
	return calcArg{}, false
}

// wholeNumber is v read as a number and truncated, as Excel reads a
// count or a place; bad is the error to give instead, ok false when
// Excel's reading of v is not known (mayBeNumber text).
func wholeNumber(v calcArg) (n int, bad calcArg, ok bool) {
	f, bad, ok := asNumber(v)
	if !ok || bad.kind == argError {
		return 0, bad, ok
	}
	if math.Abs(f) > 1<<31 {
		return 0, errValue, true
	}
	return int(math.Trunc(f)), calcArg{}, true
}

// mid is MID(text, start, count): count UTF-16 units of text from the
// start-th; a start below 1 or a negative count is #VALUE!.
func mid(text, start, count calcArg) (calcArg, bool) {
	if bad, has := firstError(text, start, count); has {
		return bad, true
	}
	s, ok := text.text()
	if !ok {
		return calcArg{}, false
	}
	from, bad, ok := wholeNumber(start)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	n, bad, ok := wholeNumber(count)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	if from < 1 || n < 0 {
		return errValue, true
	}
	units := utf16.Encode([]rune(s))
	if from > len(units) {
		return calcArg{kind: argString}, true
	}
	end := min(len(units), from-1+n)
	return calcArg{kind: argString, s: string(utf16.Decode(units[from-1 : end]))}, true
}

// right is RIGHT(text, count): the last count UTF-16 units of text; a
// negative count is #VALUE!.
func right(text, count calcArg) (calcArg, bool) {
	if bad, has := firstError(text, count); has {
		return bad, true
	}
	s, ok := text.text()
	if !ok {
		return calcArg{}, false
	}
	n, bad, ok := wholeNumber(count)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	if n < 0 {
		return errValue, true
	}
	units := utf16.Encode([]rune(s))
	return calcArg{kind: argString, s: string(utf16.Decode(units[max(0, len(units)-n):]))}, true
}

// search is SEARCH(find, within, start): the place of find's first
// match in within at or after the start-th character, without regard to
// case, find's * and ? wildcards, ~ escaping the next character; #VALUE!
// when there is none, or start is below 1 or past within's end. An
// empty find matches at start, as Excel has it (LibreOffice gives
// #VALUE!). Text beyond ASCII, whose case Excel may fold otherwise, is
// not computed.
func search(find, within, start calcArg) (calcArg, bool) {
	if bad, has := firstError(find, within, start); has {
		return bad, true
	}
	f, ok1 := find.text()
	w, ok2 := within.text()
	if !ok1 || !ok2 || !ascii(f) || !ascii(w) {
		return calcArg{}, false
	}
	from, bad, ok := wholeNumber(start)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	if from < 1 || from > len(w) {
		return errValue, true
	}
	if f == "" {
		return calcArg{kind: argNumber, n: float64(from)}, true
	}
	loc := searchPattern(f).FindStringIndex(w[from-1:])
	if loc == nil {
		return errValue, true
	}
	return calcArg{kind: argNumber, n: float64(from + loc[0])}, true
}

// searchPattern is SEARCH's find text as a regular expression: * any
// run of characters, ? any one, ~ the next character as it is, case
// ignored.
func searchPattern(find string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("(?is)")
	for i := 0; i < len(find); i++ {
		switch c := find[i]; {
		case c == '~' && i+1 < len(find):
			i++
			b.WriteString(regexp.QuoteMeta(find[i : i+1]))
		case c == '*':
			b.WriteString(".*")
		case c == '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(find[i : i+1]))
		}
	}
	return regexp.MustCompile(b.String())
}

// maxModQuotient bounds the quotient MOD is computed for: past it a
// float's fraction no longer holds the remainder (excelize gave
// MOD(2^53,3) 2), and Excel's own limit is undocumented.
const maxModQuotient = 1 << 27

// mod is MOD(n, d): n - d*INT(n/d), the sign of d; #DIV/0! for a d of 0.
func mod(n, d calcArg) (calcArg, bool) {
	if bad, has := firstError(n, d); has {
		return bad, true
	}
	x, bad, ok := asNumber(n)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	y, bad, ok := asNumber(d)
	if !ok || bad.kind == argError {
		return bad, ok
	}
	if y == 0 {
		return errDiv0, true
	}
	q := math.Floor(x / y)
	if math.Abs(q) >= maxModQuotient {
		return calcArg{}, false
	}
	return calcArg{kind: argNumber, n: x - y*q}, true
}

// hyperlink is HYPERLINK's value: its friendly name, or the link when
// there is none; an error in the link is the value.
func hyperlink(args []calcArg) (calcArg, bool) {
	if args[0].kind == argError {
		return args[0], true
	}
	return args[len(args)-1], true
}
