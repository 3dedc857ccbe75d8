package word

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Run-in header detection for the document view. The in-place editing
// work (roles.go, on another branch) discovers run-in headers and defined
// terms as role models; runInHeader is kept a pure function of styled text
// so that the two can share one detector when they meet.

// styledText is a piece of a paragraph's text with its effective emphasis.
type styledText struct {
	text string
	emphasis
}

// maxHeaderRunes and maxHeaderWords bound a run-in header: a caption such
// as "Closing Deliverables" or "Limitation of Liability", not a sentence.
const (
	maxHeaderRunes = 80
	maxHeaderWords = 12
)

// headerPunct are the marks that end a run-in header.
const headerPunct = ".:-–—"

// runInHeader finds a run-in header at the start of a paragraph: a short
// leading span that is bold or underlined and ends in ".", ":" or "-"
// (the mark inside the span or at the start of the plain text after it),
// followed by more text — "Closing Deliverables.  At each Closing, …" or
// "Voting" underlined then ". The holders…". It returns the header without
// its closing mark (and without quotes around it), its formatting, and the
// text after the mark with leading space removed; ok is false when the
// paragraph has no such header. A paragraph all in bold is a heading, not
// a run-in header; a bold defined term ("“Affiliate” means") has no
// closing mark.
func runInHeader(parts []styledText) (header string, f emphasis, rest string, ok bool) {
	var head strings.Builder
	i := 0
	started := false
	for ; i < len(parts); i++ {
		p := parts[i]
		if strings.TrimSpace(p.text) == "" {
			if started {
				head.WriteString(p.text)
			}
			continue
		}
		if !p.bold && !p.underline {
			break
		}
		if !started {
			f, started = p.emphasis, true
		}
		head.WriteString(p.text)
	}
	var after strings.Builder
	for _, p := range parts[i:] {
		after.WriteString(p.text)
	}
	h := strings.TrimSpace(head.String())
	tail := strings.TrimLeftFunc(after.String(), unicode.IsSpace)
	if h == "" || tail == "" {
		return "", emphasis{}, "", false
	}
	inner := unquote(h) // “Security Incidents:” closes inside its quotes
	if cut, ok := cutPunct(inner); ok {
		h = cut
	} else if cut, ok := cutPunct(h); ok {
		h = unquote(cut)
	} else if first, size := utf8.DecodeRuneInString(tail); strings.ContainsRune(headerPunct, first) {
		h, tail = inner, strings.TrimLeftFunc(tail[size:], unicode.IsSpace)
	} else {
		return "", emphasis{}, "", false
	}
	if !headerLike(h) || strings.TrimSpace(tail) == "" {
		return "", emphasis{}, "", false
	}
	return h, f, tail, true
}

// cutPunct removes a header's closing mark.
func cutPunct(s string) (string, bool) {
	last, size := utf8.DecodeLastRuneInString(s)
	if !strings.ContainsRune(headerPunct, last) {
		return s, false
	}
	return strings.TrimSpace(s[:len(s)-size]), true
}

// headerLike reports whether s reads as a caption: short, starting with a
// letter or digit (or an opening bracket), not ending in punctuation.
func headerLike(s string) bool {
	if s == "" || utf8.RuneCountInString(s) > maxHeaderRunes || len(strings.Fields(s)) > maxHeaderWords {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	return (unicode.IsLetter(first) || unicode.IsDigit(first) || first == '[' || first == '(') &&
		!strings.ContainsRune(headerPunct+",;", last)
}

// unquote removes quotation marks around the whole of s.
func unquote(s string) string {
	for _, q := range [][2]string{{"“", "”"}, {`"`, `"`}, {"‘", "’"}, {"'", "'"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return strings.TrimSpace(s[len(q[0]) : len(s)-len(q[1])])
		}
	}
	return s
}
