package excel

import "strings"

// The text functions Watkins FFIEC CAT's statement columns clean their
// text with (CLEAN(TRIM(SUBSTITUTE(LEFT(…),CHAR(160)," ")))), computed
// natively with Excel's semantics. excelize's TRIM trims every kind of
// white space at the ends and keeps runs of spaces inside, where Excel
// removes spaces alone and leaves one between words, so a TRIM left to
// excelize is dropped instead (calcexcelizegaps.go).

// textCall computes the text function name, whose start token is read;
// ok is false for a function it does not compute.
func (e *nativeEval) textCall(name string) (calcArg, bool) {
	args, ok := e.args(nil)
	if !ok {
		return calcArg{}, false
	}
	return textOfValues(name, args)
}

// textOfValues is the text function name of args (TRIM, CLEAN, CHAR or
// SUBSTITUTE), the first error among them if any; ok is false for a
// function or a count of arguments it does not compute.
func textOfValues(name string, args []calcArg) (calcArg, bool) {
	for _, a := range args {
		if a.kind == argError {
			return a, true
		}
	}
	switch {
	case name == "TRIM" && len(args) == 1:
		return mapText(args[0], trimSpaces)
	case name == "CLEAN" && len(args) == 1:
		return mapText(args[0], clean)
	case name == "CHAR" && len(args) == 1:
		return char(args[0])
	case name == "SUBSTITUTE" && (len(args) == 3 || len(args) == 4):
		return substitute(args)
	}
	return calcArg{}, false
}

// mapText is f of v's text (as & joins it).
func mapText(v calcArg, f func(string) string) (calcArg, bool) {
	s, ok := v.text()
	if !ok {
		return calcArg{}, false
	}
	return calcArg{kind: argString, s: f(s)}, true
}

// trimSpaces is TRIM's text: no space (U+0020 alone: Excel keeps tabs,
// line breaks and no-break spaces) at either end, one between words.
func trimSpaces(s string) string {
	if !strings.Contains(s, " ") {
		return s
	}
	words := strings.Split(s, " ")
	kept := words[:0]
	for _, w := range words {
		if w != "" {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// clean is CLEAN's text: without the characters below U+0020 (Excel
// keeps the other non-printing ones).
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 {
			return -1
		}
		return r
	}, s)
}

// char is CHAR(code): the character of code in Windows' Western code
// page, which Excel uses. Only the codes that page shares with Latin-1
// (1–127 and 160–255) are computed; 0 or past 255 is #VALUE!.
func char(code calcArg) (calcArg, bool) {
	n, bad, ok := asNumber(code)
	switch {
	case !ok || bad.kind == argError:
		return bad, ok
	case n < 1 || n >= 256:
		return errValue, true
	case n >= 128 && n < 160:
		return calcArg{}, false
	}
	return calcArg{kind: argString, s: string(rune(int(n)))}, true
}

// substitute is SUBSTITUTE(text, old, new[, instance]): every old in
// text, with regard to case, or only the instance-th, replaced by new.
// An empty old changes nothing; an instance below 1 is #VALUE!.
func substitute(args []calcArg) (calcArg, bool) {
	var s [3]string
	for i := range s {
		t, ok := args[i].text()
		if !ok {
			return calcArg{}, false
		}
		s[i] = t
	}
	text, old, repl := s[0], s[1], s[2]
	switch {
	case old == "":
		return calcArg{kind: argString, s: text}, true
	case len(args) == 3:
		return calcArg{kind: argString, s: strings.ReplaceAll(text, old, repl)}, true
	}
	n, bad, ok := asNumber(args[3])
	switch {
	case !ok || bad.kind == argError:
		return bad, ok
	case n < 1:
		return errValue, true
	}
	at := 0
	for k := 1; ; k++ {
		i := strings.Index(text[at:], old)
		if i < 0 {
			return calcArg{kind: argString, s: text}, true
		}
		if k == int(n) {
			at += i
			return calcArg{kind: argString, s: text[:at] + repl + text[at+len(old):]}, true
		}
		at += i + len(old)
	}
}
