package formats

import "strings"

// placeholderAt reports whether PlaceholderText has a match starting at
// byte i of s: the expression written out by hand, one alternative a
// case, because Excel's target detection asks it of every distinct cell
// text and the backtracker tried each of its alternatives at every
// position (about a tenth of a large questionnaire's targets).
// FuzzPlaceholderMatcher holds it to the expression.
func placeholderAt(s string, i int) bool {
	if i == 0 && placeholderStart(s) {
		return true
	}
	switch s[i] {
	case '<': // <[^<>]{1,60}>
		n, ok := runesUntil(s, i+1, '>', "<", 60)
		return ok && n >= 1
	case '[': // \[[^\]]{0,60}\]
		_, ok := runesUntil(s, i+1, ']', "", 60)
		return ok
	case '{': // \{\{[^}]*\}\}
		if !strings.HasPrefix(s[i:], "{{") {
			return false
		}
		j := strings.IndexByte(s[i+2:], '}')
		return j >= 0 && strings.HasPrefix(s[i+2+j:], "}}")
	case '_': // _{3,}
		return strings.HasPrefix(s[i:], "___")
	case '.': // \.{4,}
		return strings.HasPrefix(s[i:], "....")
	case 0xe2: // …
		return strings.HasPrefix(s[i:], "…")
	}
	// The rest start with an ASCII word character after \b.
	switch s[i] | 0x20 {
	case 'm', 'd', 'y', 'c', 't', '5':
		return WordBoundaryAt(s, i) && (dateMaskAt(s, i) || clickHereAt(s, i) || dummyPhoneAt(s, i))
	}
	return false
}

// placeholderVerbs are the instructions a placeholder opens with.
var placeholderVerbs = []string{"enter", "insert", "type", "select", "choose", "click", "add", "fill in"}

// placeholderStart is the alternatives anchored at the start of the
// text: ^(please )?(enter|insert|…)\b, ^see instructions?\b, ^x{3,}$.
func placeholderStart(s string) bool {
	verbs := placeholderVerbs
	if e, ok := FoldPrefixAt(s, 0, "please "); ok {
		if _, ok := FoldWordAt(s, e, verbs...); ok {
			return true
		}
	}
	if _, ok := FoldWordAt(s, 0, verbs...); ok {
		return true
	}
	if _, ok := FoldWordAt(s, 0, "see instructions", "see instruction"); ok {
		return true
	}
	return len(s) >= 3 && strings.Trim(s, "xX") == ""
}

// dateMaskAt is \b(mm|dd)[/.-](dd|mm)[/.-](yy|yyyy)\b and
// \byyyy[/.-]mm([/.-]dd)?\b at i, where \b holds.
func dateMaskAt(s string, i int) bool {
	if e, ok := FoldPrefixAt(s, i, "yyyy"); ok {
		// ([/.-]dd)? adds no match: after mm, a separator is a boundary.
		if e, ok = dateSepAt(s, e); ok {
			if e, ok = FoldPrefixAt(s, e, "mm"); ok && WordBoundaryAt(s, e) {
				return true
			}
		}
	}
	e, ok := foldEitherAt(s, i, "mm", "dd")
	if ok {
		e, ok = dateSepAt(s, e)
	}
	if ok {
		e, ok = foldEitherAt(s, e, "dd", "mm")
	}
	if ok {
		e, ok = dateSepAt(s, e)
	}
	if !ok {
		return false
	}
	// (yy|yyyy)\b: a run of exactly two or four y's ending at a boundary.
	n := 0
	for e+n < len(s) && s[e+n]|0x20 == 'y' {
		n++
	}
	return (n == 2 || n == 4) && WordBoundaryAt(s, e+n)
}

// foldEitherAt is (a|b) at i under (?i): where it ends.
func foldEitherAt(s string, i int, a, b string) (int, bool) {
	if e, ok := FoldPrefixAt(s, i, a); ok {
		return e, true
	}
	return FoldPrefixAt(s, i, b)
}

// dateSepAt is [/.-] at i: where it ends.
func dateSepAt(s string, i int) (int, bool) {
	if i < len(s) && (s[i] == '/' || s[i] == '.' || s[i] == '-') {
		return i + 1, true
	}
	return 0, false
}

// clickHereAt is \b(click|tap) here\b at i, where \b holds.
func clickHereAt(s string, i int) bool {
	e, ok := foldEitherAt(s, i, "click", "tap")
	if ok {
		_, ok = FoldWordAt(s, e, " here")
	}
	return ok
}

// dummyPhoneAt is \b555-\d{3}-\d{4}\b at i, where \b holds.
func dummyPhoneAt(s string, i int) bool {
	const mask = "555-ddd-dddd"
	if len(s)-i < len(mask) {
		return false
	}
	for k := 0; k < len(mask); k++ {
		c := s[i+k]
		if mask[k] == 'd' && !('0' <= c && c <= '9') || mask[k] != 'd' && c != mask[k] {
			return false
		}
	}
	return WordBoundaryAt(s, i+len(mask))
}

// matchesPlaceholder is PlaceholderText.MatchString.
func matchesPlaceholder(s string) bool {
	for i := 0; i < len(s); i++ {
		if placeholderAt(s, i) {
			return true
		}
	}
	return false
}
