package excel

import (
	"strings"
	"unicode/utf8"
)

// An approximate match (VLOOKUP and HLOOKUP with TRUE or without their
// last argument, MATCH with 1 or -1 or without it, LOOKUP) is a binary
// search in Excel. On data that is not sorted (HECVAT Full 3.06 looks IDs
// up in columns where section titles sit between the IDs) its result is
// whatever that search lands on, so formfill follows the search itself,
// as Apache POI documents Excel's observed behaviour (LookupUtils'
// performBinarySearch), which gives Excel's cached value for every
// approximate lookup of the real workbooks (TestNativeMatchesCachedValues):
//
//   - The bounds start outside the vector (-1 and its length); the middle
//     is low + (high-low)/2, and the search ends when no index lies
//     between the bounds, giving the low bound (-1: #N/A).
//   - A middle cell of another type than the value looked up (an empty
//     cell, an error, a number when text is looked up) is stepped over,
//     forward, to the first cell of the value's type before the high
//     bound; when there is none, or that cell is the last before the high
//     bound and greater than the value, the high bound moves to the
//     middle. Otherwise that cell decides as a middle cell would.
//   - A middle cell greater than the value moves the high bound to it, one
//     less or equal the low bound; an equal cell ends the search at the
//     last cell of the run of equal cells after it (duplicates give the
//     last of them).
//
// Numbers never equal text: each type compares only with its own. MATCH
// with -1 searches a vector sorted in descending order the same way with
// every comparison turned round.

// lookupVector is the row or column a lookup searches: n cells from the
// first, of which those from used on are known empty (a whole column
// past its last row holding a cell), so the search steps over them
// without reading them, as Excel searches the whole column.
type lookupVector struct {
	n, used int
	at      func(k int) (calcArg, bool)
}

// searchOrder is how a cell compares with the value looked up.
type searchOrder int8

const (
	orderLess     searchOrder = -1 // the value is less than the cell
	orderEqual    searchOrder = 0
	orderGreater  searchOrder = 1
	orderMismatch searchOrder = 2 // the cell's type is not the value's
)

// approxSearch is the index of vec Excel's approximate match of v finds,
// -1 for none; ok is false when a cell cannot be read or two texts'
// order is not known to be Excel's (see textOrder). descending turns
// every comparison round (MATCH with -1).
func approxSearch(v calcArg, vec lookupVector, descending bool) (int, bool) {
	order := func(k int) (searchOrder, bool) {
		if k >= vec.used {
			return orderMismatch, true
		}
		at, ok := vec.at(k)
		if !ok {
			return 0, false
		}
		o, ok := lookupOrder(v, at)
		if descending && o != orderMismatch {
			o = -o
		}
		return o, ok
	}
	low, high := -1, vec.n
	for high-low >= 2 {
		mid := low + (high-low)/2
		o, ok := order(mid)
		if !ok {
			return 0, false
		}
		if o == orderMismatch {
			var narrowed bool
			if mid, o, narrowed, ok = stepOverMismatch(order, mid, high, vec.used); !ok {
				return 0, false
			}
			if narrowed {
				high = mid
				continue
			}
		}
		switch o {
		case orderEqual:
			return lastEqual(order, mid, high)
		case orderLess:
			high = mid
		default:
			low = mid
		}
	}
	return low, true
}

// stepOverMismatch steps from mid, a cell of another type, to the next
// one of the value's type before high, and gives it and its order. When
// there is none, or it is the last before high and greater than the
// value, narrowed is true: the high bound moves to mid, given back.
func stepOverMismatch(order func(int) (searchOrder, bool), mid, high, used int) (int, searchOrder, bool, bool) {
	for k := mid + 1; k < high; k++ {
		if k >= used {
			break // the rest, to high, is empty
		}
		o, ok := order(k)
		if !ok {
			return 0, 0, false, false
		}
		switch {
		case o == orderMismatch:
			continue
		case o == orderLess && k == high-1:
			return mid, 0, true, true
		}
		return k, o, false, true
	}
	return mid, 0, true, true
}

// lastEqual is the last index of the run of cells equal to the value
// from k, before high.
func lastEqual(order func(int) (searchOrder, bool), k, high int) (int, bool) {
	for k+1 < high {
		o, ok := order(k + 1)
		if !ok {
			return 0, false
		}
		if o != orderEqual {
			break
		}
		k++
	}
	return k, true
}

// lookupOrder is how cell at compares with v, the value looked up: text
// without regard to case, FALSE before TRUE. ok is false for two texts
// whose order Excel may tell otherwise.
func lookupOrder(v, at calcArg) (searchOrder, bool) {
	if at.kind != v.kind {
		return orderMismatch, true
	}
	if v.kind == argString {
		c, ok := textOrder(v.s, at.s)
		return searchOrder(c), ok
	}
	switch {
	case v.n < at.n:
		return orderLess, true
	case v.n > at.n:
		return orderGreater, true
	}
	return orderEqual, true
}

// textOrder compares a and b without regard to case; ok is false where
// Excel's collation may order them otherwise. Excel orders text as
// Windows sorts words: punctuation before digits, accented letters by
// their base letter, and hyphens and apostrophes passed over unless they
// alone tell two texts apart. A comparison is kept where it is decided
// the same way with and without those marks (HECVAT's "DATA-24" before
// "Datacenter" either way), each time by a pair of characters whose
// order Excel shares with the code points (see plainPair).
func textOrder(a, b string) (int, bool) {
	a, b = strings.ToLower(a), strings.ToLower(b)
	c, known := plainOrder(a, b)
	if !known {
		return 0, false
	}
	strip := strings.NewReplacer("-", "", "'", "")
	d, known := plainOrder(strip.Replace(a), strip.Replace(b))
	return c, known && c == d
}

// plainOrder compares a and b by code point; known is false when the
// first difference is a pair plainPair does not know. A text that is
// the start of the other comes first.
func plainOrder(a, b string) (int, bool) {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return cmpInt(int(ra), int(rb)), plainPair(ra, rb)
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0, true
	case a == "":
		return -1, true
	}
	return 1, true
}

// plainPair reports whether Excel orders two different lower-case
// characters as their code points do: space, digits and ASCII letters
// among themselves, and a hyphen or apostrophe before a digit or letter
// (punctuation comes first).
func plainPair(a, b rune) bool {
	alnum := func(r rune) bool { return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' }
	mark := func(r rune) bool { return r == '-' || r == '\'' }
	plain := func(r rune) bool { return r == ' ' || alnum(r) }
	return plain(a) && plain(b) || mark(a) && alnum(b) || alnum(a) && mark(b)
}

// approxKey is v as the approximate match looks it up: an empty value
// as the number 0 (Apache POI's observation; 'Summary Report'!E49 of
// HECVAT Full 3.06 looks an empty cell up among texts and Excel caches
// #N/A). ok is false for text with wildcards, which MATCH may read as
// patterns.
func approxKey(v calcArg) (calcArg, bool) {
	switch v.kind {
	case argEmpty:
		return calcArg{kind: argNumber}, true
	case argNumber, argBool:
		return v, true
	case argString:
		return v, !strings.ContainsAny(v.s, "*?~")
	}
	return v, false
}
